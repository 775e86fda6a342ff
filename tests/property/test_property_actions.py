"""Random whole games of 徒桜戦争: what the game offers is accepted, every button is a legal action, and
what it refuses changes nothing and comes with a reason the catalogs can say [ADZ-11.2]."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.commands import Act, CancelGame, Command, Timeout
from core.engine.notice import Action, Notice
from core.engine.result import Accepted, Rejected
from core.games.adazakura.model import AdzState
from core.i18n import render_key
from tests.property.forgery import Offered, draw_forgery, remember
from tests.property.offers import representatives
from tests.property.playout import PROFILE, RULES, Step, decide, play

pytestmark = [pytest.mark.property, pytest.mark.slow]
LOCALES = ("ja", "en")


def recipients(state: AdzState, notice: Notice) -> list[int]:
    if notice.to.kind == "user":
        return [p.seat for p in state.players if p.user_id == notice.to.user_id]
    if notice.to.kind == "public":
        return []
    return list(notice.to.seats)


def assert_buttons_legal(step: Step) -> None:
    """Each button is legal for each recipient in the phase it was made for; a public button for some
    seat. Buttons of a phase that ended within the same step are dead on arrival and refused as stale."""
    if not isinstance(step.outcome, Accepted):
        return
    after = step.after
    for notice in step.outcome.notices:
        if not notice.actions:
            continue
        if notice.key == "game.rematch":  # the service's 「もう一回」 (handlers/rematch.py), no core action
            continue
        assert notice.phase_seq is not None, f"{notice.key} has buttons but no phase"
        if notice.phase_seq != after.phase_seq:
            continue
        offered = {p.seat: RULES.legal_actions(after, p.seat) for p in after.players}
        if notice.to.kind == "public":
            for action in notice.actions:
                assert any(action in legal for legal in offered.values()), f"public {notice.key}: {action}"
        for seat in recipients(after, notice):
            illegal = [a for a in notice.actions if a not in offered[seat]]
            assert not illegal, f"{notice.key} to seat {seat} carries illegal buttons {illegal}"


@settings(PROFILE)
@given(st.data())
def test_every_offered_action_is_accepted_and_every_button_is_legal(data: st.DataObject) -> None:
    """Whatever ``legal_actions`` offers (at each phase's start, and every move played) is accepted when
    sent at once; every button of every notice is legal for whoever receives it."""
    seen: set[int] = set()

    def probe(state: AdzState, now: int) -> None:
        if state.phase_seq in seen:
            return
        seen.add(state.phase_seq)
        for p in state.players:
            for action in representatives(RULES.legal_actions(state, p.seat)):
                act = Act(user_id=p.user_id, action=action, phase_seq=state.phase_seq)
                outcome = RULES.decide(state, act, now=now)
                assert isinstance(outcome, Accepted), f"seat {p.seat} offered {action}, refused: {outcome}"

    def check(step: Step) -> None:
        if isinstance(step.command, Act):
            assert isinstance(step.outcome, Accepted), f"{step.command!r} refused: {step.outcome}"
        assert_buttons_legal(step)

    play(data, check, probe=probe)


def reason_problems(outcome: Rejected) -> list[str]:
    """Why ``outcome``'s reason cannot be told to the player in each locale (empty when it can)."""
    problems = []
    for locale in LOCALES:
        try:
            render_key(f"reason.{outcome.reason}", outcome.params, locale, "adazakura")
        except KeyError as missing:
            problems.append(f"{locale}: reason.{outcome.reason} ({missing})")
    return problems


@settings(PROFILE)
@given(st.data())
def test_refused_commands_change_nothing_and_say_why(data: st.DataObject) -> None:
    """Stale taps, dead players' ballots, forged actions, actions no longer (or never) offered to the
    sender, strangers, early timers, lobby commands and team text out of place are refused, leave the
    state as it was, and have a reason text in ja and en."""
    problems: set[str] = set()
    offered: Offered = {}

    def refuse(state: AdzState, command: Command, now: int, expected: str | None, what: str) -> None:
        step = decide(state, command, now)
        assert isinstance(step.outcome, Rejected), f"{what}: {command!r} was accepted in {state.phase}"
        assert state.model_dump() == step.before_dump, f"{what}: refusing {command!r} changed the state"
        assert expected is None or step.outcome.reason == expected, f"{what}: {step.outcome} for {command!r}"
        problems.update(reason_problems(step.outcome))

    def probe(state: AdzState, now: int) -> None:
        remember(offered, state)
        if not data.draw(st.booleans(), label="forge"):
            return
        forgery = draw_forgery(data, state, now, offered)
        if forgery is not None:
            what, command, at, expected = forgery
            refuse(state, command, at, expected, what)

    final = play(data, probe=probe).final
    seated = final.players[0]
    action = Action(kind="vote", args=("none",))
    refuse(
        final, Act(user_id=seated.user_id, action=action, phase_seq=final.phase_seq), 0, "game.over", "over"
    )
    refuse(final, Timeout(phase_seq=final.phase_seq), 0, "phase.stale", "over")
    refuse(final, CancelGame(user_id=final.host), 0, "game.over", "over")
    assert not problems, f"refusals the catalogs cannot say: {sorted(problems)}"
