"""What every game's random whole games check of what the game offers and of how it ends, the same for each
game: a prompt goes to one seat, a button is a legal action of whoever receives it, whatever
``legal_actions`` offers is accepted when sent at once, and a game ends once, in public, with nothing moving
it afterwards.

Each function takes the game's rules (``GameRules``) and a step of :mod:`tests.property.playing`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from core.engine.commands import Act, Timeout
from core.engine.notice import Action, Notice
from core.engine.result import Accepted, Rejected
from tests.property.playing import Played, Step


def prompted(notices: list[Notice], key: str) -> tuple[Counter[int], list[Notice]]:
    """The notices with ``key`` (each must go to one seat) and how many each seat got."""
    chosen = [n for n in notices if n.key == key]
    for n in chosen:
        assert n.to.kind == "seat", f"{key} to {n.to}"
        assert len(n.to.seats) == 1, f"{key} to {n.to}"
    return Counter(n.to.seats[0] for n in chosen), chosen


def buttons_legal(rules: Any, step: Step[Any]) -> None:
    """Every button of a notice of the current phase is legal for its addressee at the end of ``step`` (a
    group button for some seat); buttons of a phase that ended within the step are refused as stale and
    skipped, and so is the service's 「もう一回」 (``game.rematch``, handlers/rematch.py: no core action)."""
    after = step.after
    offered: dict[int, set[Action]] = {}
    for notice in step.outcome.notices:
        if not notice.actions or notice.phase_seq != after.phase_seq or notice.key == "game.rematch":
            continue
        assert notice.to.kind in ("seat", "public"), f"{notice.key} buttons to {notice.to}"
        seats = notice.to.seats if notice.to.kind == "seat" else tuple(p.seat for p in after.players)
        for seat in seats:
            if seat not in offered:
                offered[seat] = set(rules.legal_actions(after, seat))
        for action in notice.actions:
            assert any(action in offered[s] for s in seats), f"{notice.key} to {seats}: illegal {action}"


def representatives(actions: list[Action]) -> list[Action]:
    """The first, middle and last action of each kind (buttons of one kind behave alike; targets differ)."""
    out: list[Action] = []
    for kind in dict.fromkeys(a.kind for a in actions):
        same = [a for a in actions if a.kind == kind]
        out += list(dict.fromkeys((same[0], same[len(same) // 2], same[-1])))
    return out


def offered_are_accepted(rules: Any, seed: int) -> Callable[[Any, int], None]:
    """A probe: at the start of each phase every seat's offered actions, at every other move one seat's
    (drawn from ``seed``), first, middle and last of each kind, are accepted when sent at once."""
    seen: set[int] = set()
    rnd = random.Random(seed)

    def probe(state: Any, now: int) -> None:
        players = state.players if state.phase_seq not in seen else [rnd.choice(state.players)]
        seen.add(state.phase_seq)
        for p in players:
            for action in representatives(rules.legal_actions(state, p.seat)):
                act = Act(user_id=p.user_id, action=action, phase_seq=state.phase_seq)
                outcome = rules.decide(state, act, now=now)
                assert isinstance(outcome, Accepted), (
                    f"seat {p.seat} offered {action} in {state.phase}: {outcome}"
                )

    return probe


def ended_once(
    rules: Any, play: Callable[[Callable[[Any], None]], Played[Any, Any]], check: Callable[[Any], None]
) -> Played[Any, Any]:
    """``play(watch)`` a game (every step also through ``check``): it ends, ``game.over`` is announced once,
    in public, at the last step, nobody is offered anything afterwards and a late timer is refused."""
    endings: list[int] = []
    steps = [0]

    def watch(step: Step[Any]) -> None:
        steps[0] += 1
        endings.extend(steps[0] for n in step.outcome.notices if n.key == "game.over")
        assert all(n.to.kind == "public" for n in step.outcome.notices if n.key == "game.over")
        check(step)

    played = play(watch)
    assert played.final.phase == "ended", played.final.phase
    assert endings == [steps[0]], f"game.over at steps {endings} of {steps[0]}"
    assert all(rules.legal_actions(played.final, p.seat) == [] for p in played.final.players)
    late = rules.decide(played.final, Timeout(phase_seq=played.final.phase_seq), now=10**9)
    assert isinstance(late, Rejected)
    return played
