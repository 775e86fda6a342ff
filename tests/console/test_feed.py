"""The console feed: each member's private messages, read back from the game's history (every commit's
notices), as their chat got them, bounded per user; with ``console_primary`` a running game's private
messages reach the player through the console only, while the lobby's and the group's still go to the
chats."""

from __future__ import annotations

import asyncio
from typing import Any

import core.i18n as i18n
from core.engine.notice import PUBLIC, Action, Audience, Notice, to_user
from core.engine.table import Member, TableState
from core.games import rules_for
from devtools.local.game import LocalGame
from devtools.local.sender import GROUP_CHAT
from handlers import history, outbox
from handlers.console import feed
from handlers.messages import OutMessage
from tests.console.table import ADZ_DEAL, ConsoleTable


def table_state(phase: str = "night") -> TableState:
    members = [Member(user_id="u1", name="A"), Member(user_id="u2", name="B")]
    return TableState(game="adazakura", game_id="g1", chat_id="grp", host="u1", members=members, phase=phase,
                      phase_seq=4)  # fmt: skip


def remind(to: Audience, seconds: int, *, buttons: bool = False) -> Notice:
    actions = [Action(kind="done")] if buttons else []
    return Notice(key="remind.choice", to=to, params={"seconds": seconds}, actions=actions, phase_seq=4)


def test_a_members_feed_is_what_their_chat_got_and_nothing_else() -> None:
    rules = rules_for("adazakura")
    lobby = rules.new_game(game_id="g1", chat_id="grp", host=Member(user_id="u1", name="A"), settings={},
                           seed=1, now=0)  # fmt: skip
    first = history.dump(2, delivery_id=None, sending_until=0, events=[], notices=[
        remind(PUBLIC, 1), remind(to_user("u1"), 2), remind(to_user("u2"), 3), remind(to_user("u1"), 4),
    ])  # fmt: skip
    second = history.dump(3, delivery_id="tg:9", sending_until=0, events=[],
                          notices=[remind(to_user("u1"), 5, buttons=True)])  # fmt: skip
    text = lambda seconds: i18n.text("remind.choice", "ja", "adazakura", seconds=seconds)  # noqa: E731

    mine = feed.entries(rules, lobby, "u1", [first, second], None)

    assert mine == [
        {"n": 2000, "text": f"{text(2)}\n\n{text(4)}", "phase_seq": 0, "buttons": False},
        {"n": 3000, "text": text(5), "phase_seq": 4, "buttons": True, "asks": text(5)},
    ], "one entry per message the chat got: a commit's private notices merged as they were sent"
    assert [e["text"] for e in feed.entries(rules, lobby, "u2", [first, second], None)] == [text(3)]
    assert feed.entries(rules, lobby, "stranger", [first, second], None) == []
    assert feed.prompt(mine, 4) == text(5)
    assert feed.prompt(mine, 5) is None


def test_the_prompt_is_what_a_message_asks_without_the_answer_merged_before_it() -> None:
    """A commit that takes a seat's last choice and opens the next phase: the chat gets the answer and the
    next prompt as one message; the prompt is the next phase's question alone."""
    rules = rules_for("adazakura")
    lobby = rules.new_game(game_id="g1", chat_id="grp", host=Member(user_id="u1", name="A"), settings={},
                           seed=1, now=0)  # fmt: skip
    answer, ask = remind(to_user("u1"), 3), remind(to_user("u1"), 9, buttons=True)
    closing = history.dump(2, delivery_id=None, sending_until=0, events=[], notices=[answer, ask])
    text = lambda seconds: i18n.text("remind.choice", "ja", "adazakura", seconds=seconds)  # noqa: E731

    (merged,) = feed.entries(rules, lobby, "u1", [closing], None)

    assert merged["text"] == f"{text(3)}\n\n{text(9)}", "the feed keeps the message as the chat got it"
    assert feed.prompt([merged], 4) == text(9)


def test_a_feed_keeps_the_newest_entries_within_its_bounds() -> None:
    def entry(n: int, length: int) -> dict[str, Any]:
        return {"n": n, "text": "x" * length, "phase_seq": 1, "buttons": False}

    kept = feed.bounded([entry(n, 100) for n in range(1, 41)])
    assert [e["n"] for e in kept] == list(range(11, 41))
    kept = feed.bounded([entry(n, 100) for n in range(1, 41)] + [entry(n, 2500) for n in range(41, 46)])
    assert sum(len(e["text"]) for e in kept) <= feed.FEED_CHARS
    assert [e["n"] for e in kept] == [44, 45]
    assert [e["n"] for e in feed.bounded([entry(46, feed.FEED_CHARS + 100)])] == [46]  # the newest stays


def test_console_primary_keeps_a_running_game_s_private_messages_out_of_the_chats() -> None:
    async def run() -> None:
        local = LocalGame(players=6, lang="ja", seed=1, deal=ADZ_DEAL)
        local.service.runner.settings_for = lambda chat_id: {"locale": "ja", "console_primary": True}
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
        assert all("local:3" not in payload for payload in stored.pending.values())

    asyncio.run(run())


def test_where_the_platform_has_no_console_the_chat_gets_everything() -> None:
    async def run() -> None:
        local = LocalGame(players=6, lang="ja", seed=1, deal=ADZ_DEAL)
        # A platform without its Mini App or LIFF app says so; console_primary then cannot hold anything back.
        off = {"locale": "ja", "console": False, "console_primary": True}
        local.service.runner.settings_for = lambda chat_id: dict(off)
        await local.open()
        private = [e.text for e in local.sender.log if e.chat_id == "local:3"]
        assert len(private) >= 2  # the lobby's note, then the role card and the night's prompt

    asyncio.run(run())


def test_console_primary_also_keeps_the_ending_commit_s_private_messages_in_the_console() -> None:
    state = table_state(phase="ended")
    messages = [OutMessage("grp", "the end"), OutMessage("u1", "your last result")]
    assert feed.outgoing(state, messages, console_primary=True) == [messages[0]]
    assert feed.outgoing(table_state(phase="lobby"), messages, console_primary=True) == messages
    assert feed.outgoing(table_state(phase="cancelled"), messages, console_primary=True) == messages


def test_a_stored_afterlife_text_of_before_names_its_writer_who_reads_it_and_is_not_sent_it() -> None:
    """A 霊界 text in a history written before ``Audience.sender`` (its writer in ``user_id``) is read with
    its writer as the sender: it is in their feed, and their chat is not a recipient."""
    rules = rules_for("adazakura")
    lobby = rules.new_game(game_id="g1", chat_id="grp", host=Member(user_id="u1", name="A"), settings={},
                           seed=1, now=0)  # fmt: skip
    lobby.spectators = [Member(user_id="w1", name="Kai"), Member(user_id="w2", name="Mio")]
    said = Notice(
        key="afterlife.say.spectator", to=Audience(kind="afterlife"), params={"name": "Kai", "text": "x"}
    )
    stored = history.dump(2, delivery_id=None, sending_until=0, events=[], notices=[said]).replace(
        '"to":{"kind":"afterlife","seats":[]}', '"to":{"kind":"afterlife","seats":[],"user_id":"w1"}'
    )
    [notice] = history.load(stored).notices
    assert (notice.to.sender, notice.to.user_id) == ("w1", None)
    assert outbox.recipients(rules, lobby, notice) == ["w2"]
    text = i18n.text("afterlife.say.spectator", "ja", "adazakura", name="Kai", text="x")
    for user in ("w1", "w2"):
        assert [(e["text"], e.get("channel")) for e in feed.entries(rules, lobby, user, [stored], None)] == [
            (text, feed.AFTERLIFE)
        ]
