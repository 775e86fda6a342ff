"""What players read in real 徒桜戦争 games: every notice, refusal and button renders in every language.

Seeded random games (test mode, [ADZ-11.10]) are played through ``rules.decide`` with every implemented
Megami on both sides; at each step every seat's legal actions are rendered as buttons and one random
action (legal or not) is sent, so refusals are rendered too. ``test_adazakura_keys.py`` checks the same
keys statically, from the source.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cache

import pytest

from core.engine.commands import Act, Command, Join, Leave, Query, Say, SetReachable, StartGame, Timeout
from core.engine.notice import Action, KeyRef, Notice, PlayerRef
from core.engine.result import Rejected
from core.engine.table import Member
from core.games.adazakura import RULES
from core.games.adazakura.model import AdzState
from core.i18n import has_key, locales, render, render_action, render_key, text

GAME = "adazakura"
NOW = 1_700_000_000
SETUPS = (
    "yatsuha/A oboro/S shinra/S himika/S korunu/A yurina/S mizuki/S saine/A tokoyo/S megumi/S",
    "yatsuha/A saine/S tokoyo/A mizuki/A shinra/S oboro/S yurina/S himika/S korunu/S megumi/S",
    "yatsuha/A yukihi/A utsuro/S honoka/S shinra/S oboro/S himika/S korunu/A yurina/S mizuki/S saine/S "
    "tokoyo/S megumi/S",
)
SEEDS = (1, 2, 3)
#: Raw UTC epoch seconds (a deadline) must never reach a player.
EPOCH = re.compile(r"\d{10}")


@dataclass
class Heard:
    """Everything a set of games made the bot say: notices, refusals, and the buttons offered."""

    notices: list[Notice] = field(default_factory=list)
    refusals: list[Rejected] = field(default_factory=list)
    buttons: set[Action] = field(default_factory=set)


def _user(seat: int) -> str:
    return f"u{seat}"


NAMES = {seat: f"P{seat}" for seat in range(1, RULES.max_players + 1)}


class Game:
    """One game in test mode; ``send`` records what each command made the bot say."""

    def __init__(self, seats: str, seed: int, heard: Heard) -> None:
        self.rng = random.Random(seed)
        self.heard = heard
        self.now = NOW
        self.n = len(seats.split())
        self.state: AdzState = RULES.new_game(
            game_id="g", chat_id="c", host=Member(user_id=_user(1), name="P1"),
            settings={"setup": {"seats": seats.split()}}, seed=seed, now=NOW,
        )  # fmt: skip

    def send(self, command: Command) -> None:
        outcome = RULES.decide(self.state, command, now=self.now)
        if isinstance(outcome, Rejected):
            self.heard.refusals.append(outcome)
            return
        self.state = outcome.state
        self.heard.notices += outcome.notices

    def lobby(self) -> None:
        """Joins, a leave and a re-join, an unreachable member, refused starts, then the start [ADZ-4.1]."""
        for seat in range(1, self.n + 1):
            self.send(Join(user_id=_user(seat), name=NAMES[seat]))
        self.send(Join(user_id=_user(2), name=NAMES[2]))
        self.send(Leave(user_id=_user(self.n)))
        self.send(StartGame(user_id=_user(2)))
        self.send(Join(user_id=_user(self.n), name=NAMES[self.n]))
        self.send(SetReachable(user_id=_user(3), reachable=False))
        self.send(StartGame(user_id=_user(1)))
        self.send(SetReachable(user_id=_user(3), reachable=True))
        self.send(Query(user_id=_user(1), what="status", public=True))
        self.send(StartGame(user_id=_user(1)))

    def round(self) -> None:
        """Every seat may act (buttons recorded), someone asks something, then the phase's timer fires."""
        for seat in self.rng.sample(range(1, self.n + 1), self.n):
            legal = RULES.legal_actions(self.state, seat)
            self.heard.buttons.update(legal)
            if legal and self.rng.random() < 0.7:
                action = self.rng.choice(legal)
                self.send(Act(user_id=_user(seat), action=action, phase_seq=self.state.phase_seq))
        seat = self.rng.randint(1, self.n)
        tried = self.rng.choice(sorted(self.heard.buttons, key=repr))
        self.send(Act(user_id=_user(seat), action=tried))
        self.send(Say(user_id=_user(seat), text="hello"))
        self.send(Query(user_id=_user(seat), what=self.rng.choice(("me", "status", "board", "help"))))
        if not self.state.is_over and self.state.deadline_at is not None:
            self.now = max(self.now, self.state.deadline_at)
            self.send(Timeout(phase_seq=self.state.phase_seq))

    def play(self, rounds: int = 80) -> None:
        self.lobby()
        for _ in range(rounds):
            if self.state.is_over:
                break
            self.round()
        self.send(Query(user_id=_user(1), what="status"))
        self.send(Act(user_id=_user(1), action=Action(kind="done")))


@cache
def heard() -> Heard:
    out = Heard()
    for seats in SETUPS:
        for seed in SEEDS:
            Game(seats, seed, out).play()
    return out


def test_the_games_reach_the_moments_worth_reading() -> None:
    keys = {n.key for n in heard().notices}
    assert {"game.seating", "night.results", "team.choices", "vote.saved.player", "end.result"} <= keys
    assert "status" in keys
    assert {"morning.deaths", "exile.done", "board", "lobby.left", "lobby.unreachable"} <= keys
    assert {"not_host", "lobby.unreachable", "phase.wrong"} <= {r.reason for r in heard().refusals}


@pytest.mark.parametrize("locale", locales())
def test_every_notice_renders_without_raw_values(locale: str) -> None:
    bad = {}
    for notice in heard().notices:
        body = render(notice, locale, GAME)
        if "True" in body or "False" in body or EPOCH.search(body) or "{" in body:
            bad[notice.key] = body
    assert bad == {}


@pytest.mark.parametrize("locale", locales())
def test_every_refusal_renders(locale: str) -> None:
    for refusal in heard().refusals:
        assert text(f"reason.{refusal.reason}", locale, GAME, **refusal.params)


def _worded(action: Action, index: int, arg: str, locale: str) -> bool:
    keys = [f"option.{action.kind}.{arg}", f"role.{arg}.name"] + (
        [f"action.{action.kind}.{arg}"] if index == 0 else []
    )
    return any(has_key(key, locale, GAME) for key in keys)


@pytest.mark.parametrize("locale", locales())
def test_every_button_has_a_label_with_words_for_its_options(locale: str) -> None:
    buttons = heard().buttons | {a for n in heard().notices for a in n.actions}
    labels = {action: render_action(action, locale, GAME, NAMES) for action in buttons}
    assert all(labels.values())
    raw = [
        a
        for a in buttons
        for i, arg in enumerate(a.args)
        if isinstance(arg, str) and not _worded(a, i, arg, locale)
    ]
    assert raw == []


@pytest.mark.parametrize("locale", locales())
def test_an_ability_with_several_steps_has_a_menu_button(locale: str) -> None:
    grouped = {a.kind for a in heard().buttons if len(a.args) > 1}
    assert grouped >= {"night.oboro", "night.shinra", "night.yatsuha"}
    assert [kind for kind in sorted(grouped) if not has_key(f"menu.{kind}", locale, GAME)] == []


@pytest.mark.parametrize(
    ("action", "locale", "label"),
    [
        (Action(kind="vote", args=("none",)), "ja", "棄権する"),
        (Action(kind="kill", args=("none",)), "en", "Erase nobody tonight"),
        (Action(kind="night.shinra", args=("deck",)), "ja", "山札を見る"),
        (Action(kind="night.shinra", args=("faction", 3)), "en", "Learn seat 3 (P3)'s faction"),
        (Action(kind="night.oboro", args=("guard", 2)), "ja", "罠で2番 P2を護衛する"),
        (Action(kind="night.yatsuha", args=(3,)), "en", "Learn seat 3 (P3)'s Megami"),
        (Action(kind="night.yatsuha", args=(3, 5)), "ja", "3番 P3と5番 P5のメガミを知る"),
        (Action(kind="cancel", args=("mizuki",)), "ja", "ミズキの選択を取り消す"),
    ],
)
def test_buttons_word_their_option_or_their_number_of_players(
    action: Action, locale: str, label: str
) -> None:
    assert render_action(action, locale, GAME, NAMES) == label


def test_result_lines_are_one_per_line() -> None:
    lines = [
        KeyRef(key="result.guard", params={"night": 2, "target": PlayerRef(seat=4, name="P4")}),
        KeyRef(key="result.fizzled", params={"night": 2, "chosen": PlayerRef(seat=5, name="P5")}),
    ]
    body = render_key("night.results", {"night": 2, "lines": list(lines)}, "ja", GAME)
    assert body.splitlines()[1:] == [
        "【夜2】4番 P4を護衛しました。",
        "【夜2】5番 P5に向けた能力は不発に終わりました。",
    ]
