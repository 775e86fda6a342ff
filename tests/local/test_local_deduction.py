"""Kanae's deduction after the end [ADZ-10.2] in the playground: the person deduces with numbers only (a
reveal, then seat → Megami for everyone else, then submit) and sees the final announcement [ADZ-10.3]."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import core.i18n as i18n
from core.engine.notice import Action, FactionRef, PlayerRef
from devtools.local.game import LocalGame
from devtools.local.terminal import Screen, play
from devtools.local.texts import ui
from tests.local.seeds import idle_seed

GAME = "adazakura"
#: Three Adazakura seats against three Sakura ones: A ≥ S, so the Adazakura side wins at the first morning
#: [ADZ-2.6] and the person, a living Sakura Kanae, deduces at once.
LOSING_SAKURA = ("kanae/S", "yatsuha/A", "megumi/A", "hagane/A", "tokoyo/S", "honoka/S")
#: The person is an Adazakura Kanae on a team of two; an idle person often dies before the Sakura side wins.
DOOMED_TEAM = ("kanae/A", "yatsuha/A", "megumi/S", "tokoyo/S", "honoka/S", "utsuro/S", "shinra/S", "saine/S")


class Deducer:
    """The person: Enter until her deduction turn, then the buttons, by number only, of a deduction that
    reveals the first other seat and names every other seat's true Megami through the answer menu."""

    def __init__(self, game: LocalGame, screen: Screen, out: io.StringIO) -> None:
        self.game = game
        self.screen = screen
        self.out = out
        self.plan: list[Action] = []
        self.typed: list[str] = []
        self.turn_at: int | None = None  # the screen's length when her turn came

    def read(self) -> str | None:
        state = self.game.state()
        mine = state.phase == "deduction" and state.ending.turn.seat == self.game.person_seat
        if not mine:
            line = "" if len(self.typed) < 100 else None
        else:
            if self.turn_at is None:
                self.turn_at = len(self.out.getvalue())
                self.plan = _deduction(state, self.game.person_seat)
            line = self.number(self.plan.pop(0))
        if line is not None:
            self.typed.append(line)
        return line

    def number(self, action: Action) -> str:
        """The number of the shown button that sends ``action`` (a menu level or a final choice)."""
        for number, (button, private) in enumerate(self.screen.buttons, start=1):
            if button.tap.action == action and private:
                return str(number)
        raise AssertionError(f"no button for {action}: {[b.label for b, _ in self.screen.buttons]}")


def _deduction(state: Any, seat: int) -> list[Action]:
    others = [p for p in state.players if p.seat != seat]
    revealed, rest = others[0], others[1:]
    plan = [Action(kind="deduce.reveal", args=(revealed.seat,))]
    for p in rest:
        plan += [
            Action(kind="deduce.pick"),
            Action(kind="deduce.pick", args=(p.seat,)),
            Action(kind="deduce.pick", args=(p.seat, p.megami)),
        ]
    return [*plan, Action(kind="deduce.submit")]


def _played(game: LocalGame, lang: str, seed: int) -> tuple[Deducer, str]:
    out = io.StringIO()
    screen = Screen(game, out, color=False)
    person = Deducer(game, screen, out)
    asyncio.run(play(game, screen, person.read, seed=seed, echo=True))
    return person, out.getvalue()


def _success_note(game: LocalGame, lang: str, side: str) -> str:
    me = game.state().players[game.person_seat - 1]  # type: ignore[operator]
    params = {"player": PlayerRef(seat=me.seat, name=me.name), "side": FactionRef(id=side)}
    return i18n.render_key("end.note.kanae.success", params, lang, GAME)


def test_a_living_sakura_kanae_deduces_by_numbers_and_overturns_the_result() -> None:
    for lang in ("ja", "en"):
        game = LocalGame(players=6, lang=lang, seed=1, deal=LOSING_SAKURA)
        person, out = _played(game, lang, seed=1)
        state = game.state()
        assert state.is_over
        assert all(line == "" or line.isdigit() for line in person.typed), "numbers and Enter only"
        assert [e.data["outcome"] for e in state.log if e.kind == "DeductionClosed"] == ["success"]
        assert state.result == "sakura", "her side wins instead of the Adazakura side"
        assert game.person_seat in state.winners
        after = out[person.turn_at :]
        announced = after.index(_success_note(game, lang, "sakura"))  # in the final announcement
        recap = i18n.text("recap.night", lang, GAME, night=0, lines="").splitlines()[0]
        assert announced < after.index(recap), "the recap follows the announcement"
        assert out.rstrip().endswith(ui("over", lang))


def test_a_dead_adazakura_kanae_is_called_back_from_watching_to_deduce() -> None:
    seed = idle_seed(
        lambda idle: idle.died_midgame and idle.deduced_dead, players=8, lang="ja", deal=DOOMED_TEAM
    )
    game = LocalGame(players=8, lang="ja", seed=seed, deal=DOOMED_TEAM)
    person, out = _played(game, "ja", seed)
    state = game.state()
    assert not state.players[game.person_seat - 1].alive  # type: ignore[operator]
    assert person.turn_at is not None
    watched = out.index(ui("watch", "ja"))
    assert watched < person.turn_at
    assert ui("hint", "ja") in out[watched : person.turn_at], "told that Enter jumps to the deadline again"
    assert state.result == "adazakura"
    assert _success_note(game, "ja", "adazakura") in out[person.turn_at :]
