"""The console's say box says where the viewer's ``/t`` goes now: 人狼's executed player writes the 遺言 the
group reads [WW-6.9], a seat with a team chat open writes to its team (徒桜戦争 [ADZ-11.6], 政治家人狼's
collusion AMB-48, 人狼's night chats [WW-8.4], DEATH NOTE 人狼's written signal §11.4), one out of the table
and a spectator write in the 霊界; nobody else gets a box. Whole bot games of every game, every seat and a
spectator read at every step, against a table of who may write where written from the rules specs."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

import core.i18n as i18n
from core.games import rules_for
from devtools.local.game import LocalGame
from handlers.console import view as console_view
from handlers.messages import TextCommand
from tests.console.table import PLAYERS, ConsoleTable

SPECTATOR = "local:90"
#: A seed per game and the options that open every channel the game has (徒桜戦争's 霊界 is off by default,
#: A08; 政治家人狼's collusion, AMB-48; DEATH NOTE 人狼's written signals, §11.4).
GAMES: dict[str, tuple[int, tuple[str, ...]]] = {
    "adazakura": (1, ("afterlife on",)),
    "politician": (2, ("allowCollusion on",)),
    "deathnote": (4, ("signals free_text",)),
    "werewolf": (2, ()),
}
#: The channels each game's walk must show at least once (so the table is exercised, not skipped).
SEEN = {
    "adazakura": {"team", "afterlife", None},
    "politician": {"team", "afterlife", None},
    "deathnote": {"team", "afterlife", None},
    "werewolf": {"team", "group", "afterlife", None},
}
MAX_STEPS = 400


def expected(game: str, state: Any, seat: int | None) -> str | None:
    """Where the rules spec sends a ``/t`` of ``seat`` (None: the spectator) in ``state``, or None. The
    霊界 takes a text only while someone else is there to read it (``afterlife.nobody``): another seat
    out of the table, or another spectator."""
    afterlife = rules_for(game).steps.afterlife
    assert afterlife is not None
    others = [d for d in afterlife.listeners(state) if d != seat]
    watching = [m for m in state.spectators if seat is not None or m.user_id != SPECTATOR]
    afterlife_open = afterlife.enabled(state) and bool(others or watching)
    if seat is None:
        return "afterlife" if afterlife_open else None
    player = state.players[seat - 1]
    if game == "werewolf" and state.phase == "last_words" and seat == state.executed:
        return "group"  # [WW-6.9]: still at the table until the 遺言 is said
    if not player.alive:
        return "afterlife" if afterlife_open else None
    if game == "adazakura":
        team = state.phase == "night" and player.faction == "adazakura"
    elif game == "politician":
        active_wolf = player.role == "wolf_member" and player.status == "active"
        team = (state.phase == "role_check" and player.role in ("wolf_member", "lover")) or (
            state.phase == "night" and active_wolf
        )
    elif game == "deathnote":
        team = state.phase in ("judgment", "shinigami_night")  # everyone alike: no tell (§11.4)
    else:
        team = state.phase == "night" and player.role == "werewolf"  # teamChat "wolves" [WW-8.4]
    return "team" if team else None


async def walk(game: str, lang: str = "ja") -> Counter[tuple[str, str | None]]:
    seed, options = GAMES[game]
    local = LocalGame(players=PLAYERS[game], lang=lang, seed=seed, game=game, auto=True, options=options)
    await local.open()
    local.names[SPECTATOR] = "Kai"
    await local.deliver(SPECTATOR, TextCommand("watch"), private=False)
    rules = rules_for(game)
    seen: Counter[tuple[str, str | None]] = Counter()
    for _ in range(MAX_STEPS):
        state = local.state()
        if state.is_over:
            break
        viewers = [(p.user_id, p.seat) for p in state.players] + [(SPECTATOR, None)]
        for user, seat in viewers:
            say = console_view.project(rules, state, user, [], now=local.now)["say"]
            want = expected(game, state, seat)
            where = f"{game} {state.phase} seat {seat}"
            if want is None:
                assert say is None, f"{where}: a box, but /t goes nowhere: {say}"
            else:
                assert say == {
                    "channel": want,
                    "title": i18n.text(f"console.say.{want}.title", lang, game),
                    "placeholder": i18n.text(f"console.say.{want}", lang, game),
                }, where
            seen[(state.phase, want)] += 1
        await local.step()
    assert local.state().is_over, f"{game}: no end after {MAX_STEPS} steps"
    return seen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_seats_box_in_every_phase_says_where_its_text_goes(game: str) -> None:
    seen = asyncio.run(walk(game))
    assert {channel for _, channel in seen} >= SEEN[game], seen


def test_in_english_the_executed_players_box_is_their_last_words() -> None:
    seen = asyncio.run(walk("werewolf", "en"))
    assert ("last_words", "group") in seen
    assert i18n.text("console.say.group.title", "en", "werewolf") == "📜 Last words"


def test_the_executed_players_box_is_the_will_and_the_group_reads_it_as_written() -> None:
    """The trial's fault: an executed 騎士 saw 「仲間へのメッセージ」 over a box that posts the 遺言."""

    async def run() -> None:
        local = LocalGame(players=PLAYERS["werewolf"], lang="ja", seed=2, game="werewolf", auto=True)
        table = ConsoleTable(local)
        await local.open()
        for _ in range(MAX_STEPS):
            state = local.state()
            if state.phase == "last_words" or state.is_over:
                break
            await local.step()
        state = local.state()
        assert state.phase == "last_words", "an execution with a 遺言"
        executed = state.players[state.executed - 1]
        shown = (await table.view(state.executed))["say"]
        assert shown["title"] == "📜 遺言"
        assert shown["placeholder"] == "遺言を書く (グループに発表されます)"
        assert "仲間" not in shown["title"] + shown["placeholder"]
        will = {"g": table.game_id, "text": "実は騎士でした", "client_id": "w1"}
        said = await table.post(state.executed, "say", will)
        assert said.status == 200, said.body
        group = [e.text for e in local.sender.log if e.chat_id == state.chat_id]
        name = local.name_of(executed.user_id)
        will_said = f"📜 {executed.seat}番 {name}の遺言:\n実は騎士でした"  # as written: no prefix
        assert any(will_said in text for text in group), group[-3:]

    asyncio.run(run())
