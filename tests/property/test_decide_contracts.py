"""Two promises of ``decide`` that its speed rests on, over whole bots games of every game (each bot input,
each timer, and a status query and a reminder asked at every step):

- it never changes the state it was given: the new state is a structural copy that shares what the rules
  never change (``core.engine.structural``: frozen models, ``FROZEN`` and ``OPEN_LAST`` fields);
- the notices, events and results it builds without validation (``core.engine.unchecked``) are exactly
  what validation would have made of them, with the same JSON (so the same value types: ``True`` is not
  ``1``, a list is not a tuple)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from pydantic import BaseModel

from core.engine.bots import BOT_SALT, play_out, start_bot_game
from core.engine.commands import Command, Query, Remind
from core.engine.legal import LegalActions
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.games import GameRules, rules_for
from tests.watched_rules import WatchedRules

#: Each game at a small and a large table.
TABLES = [
    ("adazakura", 5, 11), ("adazakura", 12, 12), ("politician", 6, 11), ("politician", 12, 12),
    ("deathnote", 5, 11), ("deathnote", 6, 12), ("werewolf", 6, 11), ("werewolf", 12, 12),
]  # fmt: skip


def assert_as_validated(made: BaseModel) -> None:
    """``made`` equals the model validation makes of its fields, and dumps to the same JSON."""
    again = type(made).model_validate(dict(made.__dict__))
    assert again == made, f"{type(made).__name__} differs once validated: {made!r}"
    assert again.model_dump_json() == made.model_dump_json()


@dataclass
class Checker(WatchedRules):
    """The rules of one game as :func:`play_out` calls them, checking every accepted answer."""

    answers: int = 0
    notices: set[str] = field(default_factory=set)

    def watch(
        self, state: Any, command: Command, now: int, legal: LegalActions | None
    ) -> Accepted[Any] | Rejected:
        answer = self.answer(state, command, now, legal)
        if isinstance(answer, Accepted):
            user = next((member.user_id for member in self.rules.seats(answer.state).values()), None)
            probes: list[Command] = [Remind(phase_seq=answer.state.phase_seq)]
            probes += [Query(user_id=user, what="status")] if user is not None else []
            for probe in probes:
                self.answer(answer.state, probe, now, None)
        return answer

    def answer(
        self, state: Any, command: Command, now: int, legal: LegalActions | None
    ) -> Accepted[Any] | Rejected:
        """The rules' answer, checked: the input state is as it was, an accepted answer as validated."""
        before = state.model_dump_json()
        answer = self.rules.decide(state, command, now=now, legal=legal)
        assert state.model_dump_json() == before, f"decide({command!r}) changed the state it was given"
        if isinstance(answer, Accepted):
            self.check(answer)
        return answer

    def check(self, answer: Accepted[Any]) -> None:
        self.answers += 1
        assert type(answer.events) is list
        assert type(answer.notices) is list
        assert answer == Accepted(
            state=answer.state, events=answer.events, notices=answer.notices, changed=answer.changed
        )
        for made in [*answer.events, *answer.notices]:
            assert_as_validated(made)
        self.notices.update(notice.key for notice in answer.notices)


@pytest.mark.parametrize(("game", "players", "seed"), TABLES, ids=[f"{g}-{n}p" for g, n, _ in TABLES])
def test_decide_keeps_its_input_and_builds_what_validation_makes(game: str, players: int, seed: int) -> None:
    checker = Checker(rules_for(game))
    rules = cast(GameRules, checker)
    started = start_bot_game(rules, players, seed=seed)
    final = play_out(rules, started.state, Rng.seeded(seed ^ BOT_SALT), 0, heard=started.notices).state
    assert final.is_over
    assert checker.answers > 50  # a whole game was looked at
    assert len(checker.notices) > 10
