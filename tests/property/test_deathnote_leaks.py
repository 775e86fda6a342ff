"""Random whole games of DEATH NOTE 人狼: no notice and no private ledger line tells anyone what §10 and
§11.6 keep from them (see :func:`tests.property.deathnote_checks.assert_no_leak`); a failed Arrest reads
the same whether Kira's Alibi denied it or the target was innocent (§6.2 step 5, §11.6.4); and the checker
itself catches each kind of leak, so a green playout means something.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings

from core.engine.bots import start_bot_game
from core.engine.commands import Act
from core.engine.notice import (
    PUBLIC,
    Action,
    CardRef,
    KeyRef,
    Notice,
    Param,
    PlayerRef,
    RoleRef,
    to_seat,
    to_team,
)
from core.engine.result import Accepted
from core.games.deathnote.cards import TYPES, kind
from core.games.deathnote.model import DNState
from tests.property.deathnote_checks import assert_arrest_uniform
from tests.property.deathnote_leaks import assert_no_leak, cards_in
from tests.property.deathnote_playout import RULES, Game, Step, games, play, seeded_game
from tests.property.playout import PROFILE

pytestmark = pytest.mark.property


@pytest.mark.slow
@settings(PROFILE, max_examples=100)
@given(games())
def test_no_notice_leaks_hidden_information(game: Game) -> None:
    """§10 / §11.6 on every step of random games (options, idle seats, night taps, free text, queries)."""
    play(game, assert_no_leak)


# -- §6.2 step 5: one failed-arrest text (Test 4 of §13) ---------------------------------------------------
#: Test 4's table: P1 Police(S), P2 L, P3 Kira holding the unused Alibi, P4 Follower, P5 Police(TF);
#: round 3, P1 has played, P2 (holding both Arrests) is active.
TEST4 = {
    "identities": [
        "IDENT_POLICE_SOICHIRO", "IDENT_L", "IDENT_KIRA", "IDENT_FOLLOWER", "IDENT_POLICE_TASKFORCE",
    ],
    "hands": [["IR1", "SV3"], ["AR1", "AR2"], ["AL", "IR2"], ["IL1", "FN"], ["DN", "SV2"]],
    "draw": ["SV1", "EX2", "EX3", "EX4", "EX1"], "discard": ["IL2", "IL3", "IR3"],
    "round": 3, "start": 1, "active": 2, "played": [1], "recognised": True, "shuffle": "noop",
}  # fmt: skip


def arrest(target: int) -> Step:
    """P2 arrests ``target`` at Test 4's table."""
    state = start_bot_game(RULES, 5, seed=1, settings={"setup": TEST4}).state
    command = Act(
        user_id="bot:2", action=Action(kind="play.ARREST", args=(target,)), phase_seq=state.phase_seq
    )
    outcome = RULES.decide(state, command, now=5)
    assert isinstance(outcome, Accepted)
    return Step(state, command, 5, outcome)


def said(step: Step, target: int) -> list[tuple[str, str, dict[str, Any]]]:
    """The notices of the arrest's turn: key, audience and params, with the target's seat as "T"."""
    return [
        (n.key, n.to.kind, {k: "T" if v == ref(step.after, target) else v for k, v in n.params.items()})
        for n in step.outcome.notices
        if n.phase_seq == step.before.phase_seq
    ]


def test_a_denied_arrest_on_kira_and_one_on_an_innocent_say_the_same() -> None:
    """P2 arrests Kira (P3, unused Alibi: denied, AMB-27) or Police P1: the group hears "P2 arrests X" and
    "the arrest fails, 1 Arrest left", nothing else, and P2's own messages are the same (§11.6.4)."""
    denied, innocent = arrest(3), arrest(1)
    kira = denied.after.players[2]
    assert kira.alibi_used, "AMB-27: the denial uses Kira's Alibi"
    assert "AL" in kira.hand, "AMB-27: the Alibi stays in Kira's hand"
    assert not denied.after.is_over
    assert not innocent.after.is_over
    heard = said(denied, 3)
    assert heard == said(innocent, 1)
    public = [(key, params) for key, to, params in heard if to == "public"]
    assert public == [("play.ARREST", {"player": ref(denied.after, 2), "target": "T"}),
                      ("arrest.failed", {"player": "T", "left": 1})]  # fmt: skip
    assert_arrest_uniform(denied)
    assert_arrest_uniform(innocent)


def test_a_denial_that_tells_more_is_caught() -> None:
    denied = arrest(3)
    told = Notice(key="arrest.failed.alibi", to=to_seat(2), phase_seq=denied.before.phase_seq)
    outcome = denied.outcome.model_copy(update={"notices": [*denied.outcome.notices, told]})
    with pytest.raises(AssertionError, match=r"§11\.6\.4"):
        assert_arrest_uniform(Step(denied.before, denied.command, denied.now, outcome))


# -- the checker catches each kind of leak ---------------------------------------------------------------
@pytest.fixture(scope="module")
def steps() -> list[Step]:
    """Every step of the seeded 6-player game 9: an Apple, Surveillances, a Shinigami night, the partners'
    relay, and an L eliminated at a Judgment."""
    out: list[Step] = []
    play(seeded_game(6, 9), out.append)
    return out


def first(steps: list[Step], where: Callable[[Step], bool]) -> Step:
    found = next((s for s in steps if where(s)), None)
    assert found is not None, "the seeded game no longer contains such a step"
    return found


def told(step: Step, *notices: Notice, state: DNState | None = None) -> Step:
    outcome = Accepted(state=state or step.after, notices=list(notices), events=step.outcome.events)
    return Step(step.before, step.command, step.now, outcome)


def ref(s: DNState, seat: int) -> PlayerRef:
    return PlayerRef(seat=seat, name=s.players[seat - 1].name)


def card(type_id: str) -> CardRef:
    return CardRef(id=type_id)


def seat_of(s: DNState, role: str) -> int:
    return next(p.seat for p in s.players if p.role == role and p.alive)


def foreign(step: Step, seat: int) -> str:
    """A card type ``seat`` holds neither before nor after ``step``."""
    mine = {kind(c) for s in (step.before, step.after) for c in s.players[seat - 1].hand}
    return next(t for t in TYPES if t not in mine)


def line(key: str, **params: Any) -> KeyRef:
    return KeyRef(key=key, params=params)


def test_the_seeded_game_passes_and_the_checker_reads_its_cards(steps: list[Step]) -> None:
    """The real game passes, and the checker sees the cards of the private notices (its reading of cards
    follows the core's notices, so the card checks are not vacuous)."""
    shown: Counter[str] = Counter()
    for step in steps:
        assert_no_leak(step)
        shown.update(c for n in step.outcome.notices if n.to.kind == "seat" for c in cards_in(n))
    assert {"DEATH_NOTE", "EXCHANGE", "SURVEILLANCE", "APPLE", "SHINIGAMI"} <= set(shown), shown


def test_public_cards_and_identities_are_caught(steps: list[Step]) -> None:
    """§11.6.7-8: a card of a hand in a play line, the identity of a living player, an eliminated non-L's
    identity, a hidden discard in ``/status``."""
    step = first(steps, lambda s: s.after.phase == "turn" and s.before.phase == "turn")
    s = step.after
    kira = seat_of(s, "KIRA")
    leaks = [
        Notice(key="play.SURVEILLANCE", to=PUBLIC, params={"player": ref(s, 1), "card": card("DEATH_NOTE")}),
        Notice(
            key="turn.start", to=PUBLIC, params={"player": ref(s, kira), "id": line("identity.IDENT_KIRA")}
        ),
        Notice(
            key="judgment.eliminated", to=PUBLIC, params={"player": ref(s, kira), "role": RoleRef(id="KIRA")}
        ),
    ]
    for leak in leaks:
        with pytest.raises(AssertionError):
            assert_no_leak(told(step, leak))
    status = Notice(key="status", to=PUBLIC, params={"discard": [card("DEATH_NOTE")], "hidden": 0, "draw": 0})
    with pytest.raises(AssertionError, match="/status"):
        assert_no_leak(told(step, status))


def test_an_eliminated_l_is_named_only_in_the_elimination(steps: list[Step]) -> None:
    step = first(steps, lambda s: any(n.key == "judgment.eliminated_l" for n in s.outcome.notices))
    assert_no_leak(step)
    dead = next(p for p in step.after.players if not p.alive)
    identity = line(f"identity.{dead.identity}")
    shown = Notice(
        key="circle", to=PUBLIC, params={"player": ref(step.after, dead.seat), "identity": identity}
    )
    with pytest.raises(AssertionError, match=r"§11\.6\.8"):
        assert_no_leak(told(step, shown))


def test_private_leaks_are_caught(steps: list[Step]) -> None:
    """Another player's card, another identity without the Apple, a partner to a Police, the face-down
    table to anyone but Kira, a team channel."""
    step = first(steps, lambda s: s.before.phase == "pass" and s.after.phase != "pass")
    s = step.after
    police, kira = seat_of(s, "POLICE"), seat_of(s, "KIRA")
    held = card(kind(s.players[kira - 1].hand[0]))
    leaks: dict[str, dict[str, Param]] = {
        "§10": {"got": card(foreign(step, police))},
        r"§6\.8": {"x": line("surveil.result", player=ref(s, kira), cards=[held])},
        "identity": {"player": ref(s, kira), "identity": line("identity.IDENT_KIRA")},
        "partner": {"x": line("night.partner", player=ref(s, kira), role=RoleRef(id="KIRA"))},
        r"§6\.10": {"x": line("night.face_down.line", player=ref(s, kira), card=held)},
    }
    for match, params in leaks.items():
        with pytest.raises(AssertionError, match=match):
            assert_no_leak(told(step, Notice(key="passed", to=to_seat(police), params=params)))
    with pytest.raises(AssertionError, match="team"):
        assert_no_leak(told(step, Notice(key="x", to=to_team([kira, police]))))


def test_the_apple_and_the_surveillance_show_only_what_was_looked_at(steps: list[Step]) -> None:
    step = first(steps, lambda s: any(n.key == "apple.result" for n in s.outcome.notices))
    assert_no_leak(step)
    result = next(n for n in step.outcome.notices if n.key == "apple.result")
    looked = result.params["player"]
    assert isinstance(looked, PlayerRef)
    other = next(p for p in step.after.players if p.seat not in (*result.to.seats, looked.seat))
    for params in ({"identity": line(f"identity.{other.identity}")}, {"player": ref(step.after, other.seat)}):
        wrong = result.model_copy(update={"params": {**result.params, **params}})
        with pytest.raises(AssertionError, match="identity"):
            assert_no_leak(told(step, wrong))
    look = first(steps, lambda s: any(n.key == "surveil.result" for n in s.outcome.notices))
    result = next(n for n in look.outcome.notices if n.key == "surveil.result")
    cards = result.params["cards"]
    assert isinstance(cards, list)
    more = result.model_copy(update={"params": {**result.params, "cards": [*cards, card("SHINIGAMI")]}})
    with pytest.raises(AssertionError, match="surveil"):
        assert_no_leak(told(look, more))


def test_the_relay_goes_silently_to_the_partner_only(steps: list[Step]) -> None:
    step = first(steps, lambda s: any(n.key == "signal.received" for n in s.outcome.notices))
    assert_no_leak(step)
    relay = next(n for n in step.outcome.notices if n.key == "signal.received")
    police = seat_of(step.after, "POLICE")
    for wrong in (
        relay.model_copy(update={"silent": False}),
        relay.model_copy(update={"to": to_seat(police)}),
    ):
        with pytest.raises(AssertionError, match=r"§11\.4"):
            assert_no_leak(told(step, wrong))


def test_an_eliminated_player_hears_nothing_and_hand_replays_the_ledger(steps: list[Step]) -> None:
    """§8.4 / AMB-51 and §11.8 ``/hand``; a ledger line with another player's identity is caught too."""
    step = first(steps, lambda s: any(not p.alive for p in s.before.players) and s.after.phase == "turn")
    dead = next(p for p in step.after.players if not p.alive)
    with pytest.raises(AssertionError, match=r"§8\.4"):
        assert_no_leak(told(step, Notice(key="turn.drew", to=to_seat(dead.seat))))
    alive = next(p for p in step.after.players if p.alive)
    hand = Notice(
        key="hand",
        to=to_seat(alive.seat),
        params={"learned": line("hand.learned", lines=[line("ledger.drew", card=card("SHINIGAMI"))])},
    )
    with pytest.raises(AssertionError, match="/hand"):
        assert_no_leak(told(step, hand))
    other = next(p for p in step.after.players if p.seat != alive.seat)
    learned = step.after.model_copy(deep=True)
    fact = line("apple.result", player=ref(learned, other.seat), identity=line(f"identity.{other.identity}"))
    learned.players[alive.seat - 1].ledger.append(fact)
    with pytest.raises(AssertionError, match="identity"):
        assert_no_leak(told(step, state=learned))
