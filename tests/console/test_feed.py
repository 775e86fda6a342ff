"""The console feed (issue 9 plan, "Feed"): each private message of a commit is kept for its recipient in
the same write, bounded per user; with ``console_primary`` a running game's private messages reach the
player through the console only, while the lobby's and the group's still go to the chats."""

from __future__ import annotations

import asyncio

from core.engine.notice import Action
from core.engine.table import Member, TableState
from devtools.local.game import LocalGame
from devtools.local.sender import GROUP_CHAT
from handlers.console import feed
from handlers.messages import Button, OutMessage, Tap
from tests.console.table import ADZ_DEAL, ConsoleTable


def table_state(phase: str = "night") -> TableState:
    members = [Member(user_id="u1", name="A"), Member(user_id="u2", name="B")]
    return TableState(game="adazakura", game_id="g1", chat_id="grp", host="u1", members=members, phase=phase,
                      phase_seq=4)  # fmt: skip


def test_private_messages_are_kept_per_member_and_nothing_else() -> None:
    state = table_state()
    tap = Tap(game_id="g1", phase_seq=4, action=Action(kind="done"))
    prompt = OutMessage("u1", "choose", buttons=((Button("Done", tap),),))
    messages = [OutMessage("grp", "group news"), OutMessage("u1", "your card"), OutMessage("stranger", "x"),
                prompt, OutMessage("u2", "hello")]  # fmt: skip
    after = feed.record(state, messages)
    assert feed.entries(after, "u1") == [
        {"n": 1, "text": "your card", "phase_seq": 4, "buttons": False},
        {"n": 2, "text": "choose", "phase_seq": 4, "buttons": True},
    ]
    assert [e["text"] for e in feed.entries(after, "u2")] == ["hello"]
    assert feed.entries(after, "stranger") == []
    assert feed.entries(state, "u1") == []  # the state given is not changed
    assert feed.prompt(feed.entries(after, "u1"), 4) == "choose"
    assert feed.prompt(feed.entries(after, "u1"), 5) is None


def test_a_feed_keeps_the_newest_entries_within_its_bounds() -> None:
    state = table_state()
    for i in range(40):
        state = feed.record(state, [OutMessage("u1", f"{i:03d}" + "x" * 97)])
    kept = feed.entries(state, "u1")
    assert len(kept) == feed.FEED_MAX
    assert [e["n"] for e in kept] == list(range(11, 41))
    for _ in range(5):
        state = feed.record(state, [OutMessage("u1", "y" * 2500)])
    kept = feed.entries(state, "u1")
    assert sum(len(e["text"]) for e in kept) <= feed.FEED_CHARS
    assert [e["n"] for e in kept] == [44, 45]
    state = feed.record(state, [OutMessage("u1", "z" * (feed.FEED_CHARS + 100))])
    assert [e["n"] for e in feed.entries(state, "u1")] == [46]  # the newest stays, however long


def test_console_primary_keeps_a_running_game_s_private_messages_out_of_the_chats() -> None:
    async def run() -> None:
        local = LocalGame(players=6, lang="ja", seed=1, deal=ADZ_DEAL)
        local.service.settings_for = lambda chat_id: {"locale": "ja", "console_primary": True}
        table = ConsoleTable(local)
        await local.open()
        chats = {e.chat_id for e in local.sender.log}
        lobby_notes = [e.text for e in local.sender.log if e.chat_id == "local:3"]
        assert lobby_notes  # the lobby's private messages still go to the chat
        assert GROUP_CHAT in chats
        shown = await table.view(3)
        card = next(s["text"] for s in shown["sections"] if s["id"] == "card")
        assert shown["feed"][-1]["phase_seq"] == 1  # the night's prompt is in the console …
        assert shown["prompt"] is not None
        private = [e.text for e in local.sender.log if e.chat_id == "local:3"]
        assert private == lobby_notes  # … and not in the chat
        assert not any(card in text for text in private)
        assert [e["text"] for e in shown["feed"][: len(lobby_notes)]] == lobby_notes
        stored = local.store.load(local.game_id)
        assert stored is not None
        assert all("local:3" not in payload for payload in stored.outbox.values())

    asyncio.run(run())


def test_where_the_platform_has_no_console_no_feed_is_kept_and_the_chat_gets_everything() -> None:
    async def run() -> None:
        local = LocalGame(players=6, lang="ja", seed=1, deal=ADZ_DEAL)
        # A platform without its Mini App or LIFF app says so; console_primary then cannot hold anything back.
        off = {"locale": "ja", "console": False, "console_primary": True}
        local.service.settings_for = lambda chat_id: dict(off)
        await local.open()
        state = local.state()
        assert feed.entries(state, "local:3") == []
        assert feed.SHELL_KEY not in state.shell
        private = [e.text for e in local.sender.log if e.chat_id == "local:3"]
        assert len(private) >= 2  # the lobby's note, then the role card and the night's prompt

    asyncio.run(run())


def test_console_primary_also_keeps_the_ending_commit_s_private_messages_in_the_console() -> None:
    state = table_state(phase="ended")
    messages = [OutMessage("grp", "the end"), OutMessage("u1", "your last result")]
    assert feed.outgoing(state, messages, console_primary=True) == [messages[0]]
    assert feed.outgoing(table_state(phase="lobby"), messages, console_primary=True) == messages
    assert feed.outgoing(table_state(phase="cancelled"), messages, console_primary=True) == messages
