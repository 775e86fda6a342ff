"""Random whole games of 徒桜戦争: every game ends with a result, the state stays one small item, a game
replays exactly from its seed and commands, and ``decide`` never changes the state it is given."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from core.engine.commands import Command, Timeout
from core.engine.result import Accepted, Rejected
from tests.property.playout import (
    MAX_PLAYERS,
    MAX_STATE_BYTES,
    MIN_PLAYERS,
    PROFILE,
    RULES,
    Step,
    decide,
    play,
    play_with,
    random_chooser,
    replay,
)

pytestmark = [pytest.mark.property, pytest.mark.slow]

RESULTS = {"sakura", "adazakura", "draw"}
ROOT = Path(__file__).resolve().parents[2]


@settings(PROFILE)
@given(st.data())
def test_every_game_ends_with_a_result_that_matches_the_living(data: st.DataObject) -> None:
    """[ADZ-2.6]-[ADZ-2.8]: the game ends (a side wins, or the draw valve) and says so once, at the end;
    [ADZ-10]: Renri may win in addition, a successful Kanae deduction replaces the winners."""
    playout = play(data)
    final = playout.final
    assert final.phase == "ended"
    assert final.result in RESULTS
    living = [p for p in final.players if p.alive]
    a = sum(p.faction == "adazakura" for p in living)
    s = sum(p.faction == "sakura" for p in living)
    decided = final.ending.checkpoint if final.ending else final.result
    expected = {"sakura": a == 0, "adazakura": a > 0 and a >= s, "draw": 0 < a < s}
    assert expected[decided], f"{decided} decided with {a} Adazakura and {s} Sakura alive"
    if final.result == "draw":
        assert final.winners == []
        assert final.ending is None
    else:
        assert final.ending is not None
        side = {p.seat for p in final.players if (p.faction == final.result and not p.madman)
                or (final.result == "adazakura" and p.madman)}  # fmt: skip
        overturned = any(attempt.outcome == "success" for attempt in final.ending.attempts)
        assert final.result == decided or overturned
        renri = {final.ending.renri} if final.ending.renri is not None and not overturned else set()
        assert set(final.winners) == side | renri
    endings = [
        (i, n)
        for i, step in enumerate(playout.steps)
        if isinstance(step.outcome, Accepted)
        for n in step.outcome.notices
        if n.key in ("end.result", "end.draw")
    ]
    assert [i for i, _ in endings] == [len(playout.steps) - 1], (
        "the result must be announced once, at the end"
    )
    assert endings[0][1].to.kind == "public"
    assert all(RULES.legal_actions(final, p.seat) == [] for p in final.players)
    late = decide(final, Timeout(phase_seq=final.phase_seq), playout.steps[-1].now + 3600)
    assert isinstance(late.outcome, Rejected)


@settings(PROFILE)
@given(st.data())
def test_the_state_stays_under_64_kb_for_the_whole_game(data: st.DataObject) -> None:
    """The state is one DynamoDB item rewritten at every command; it must stay small (design §3)."""

    def check(step: Step) -> None:
        size = len(step.after.model_dump_json().encode())
        assert size < MAX_STATE_BYTES, f"state is {size} bytes after {step.command!r}"

    play(data, check)


@settings(PROFILE)
@given(st.data())
def test_the_same_seed_and_commands_replay_the_same_game(data: st.DataObject) -> None:
    """A game replays exactly from its seed and its commands (design §3): same outcomes, same final state."""
    playout = play(data)
    again = replay(playout.seed, playout.commands)
    for first, second in zip(playout.steps, again, strict=True):
        assert second.outcome.model_dump() == first.outcome.model_dump(), (
            f"replay differs at {first.command!r}"
        )


REPLAYER = """
import json, sys
from pydantic import TypeAdapter
from core.engine.commands import Command
from tests.property.playout import replay
adapter = TypeAdapter(Command)
for game in json.load(sys.stdin):
    steps = replay(game["seed"], [(adapter.validate_python(c), now) for c, now in game["commands"]])
    print(steps[-1].after.model_dump_json())
"""


def test_a_game_replays_the_same_in_another_process_with_another_hash_seed() -> None:
    """The state may be decided by any Lambda container: string hashing (set order) must not matter."""
    adapter = TypeAdapter(Command)
    games, finals = [], []
    for i in range(MAX_PLAYERS - MIN_PLAYERS + 1):
        rnd = random.Random(i)
        playout = play_with(random_chooser(rnd), rnd.randrange(2**32), MIN_PLAYERS + i)
        commands = [(adapter.dump_python(c, mode="json"), now) for c, now in playout.commands]
        games.append({"seed": playout.seed, "commands": commands})
        finals.append(playout.final.model_dump_json())
    hash_seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", REPLAYER], input=json.dumps(games), capture_output=True, text=True, cwd=ROOT,
        env=env, check=True,
    )  # fmt: skip
    assert done.stdout.splitlines() == finals


@settings(PROFILE)
@given(st.data())
def test_decide_and_legal_actions_never_change_the_state_they_are_given(data: st.DataObject) -> None:
    """``decide`` returns a new state and ``legal_actions`` only reads (GameRules protocol)."""

    def check(step: Step) -> None:
        assert step.before.model_dump() == step.before_dump, f"decide({step.command!r}) changed its input"
        after = step.after.model_dump()
        for p in step.after.players:
            RULES.legal_actions(step.after, p.seat)
        assert step.after.model_dump() == after, f"legal_actions changed the state after {step.command!r}"

    play(data, check, dump_before=True)
