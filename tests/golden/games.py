"""Recorded bots-only games: every input of a seeded game and what the rules answered, as one hash per
step, so a change to the engine can be checked to play the same games byte for byte.

A game is :func:`core.engine.bots.start_bot_game` plus :func:`core.engine.bots.play_out` from
``(game, players, seed)``, exactly as ``jinro-gm simulate`` plays it. Each ``decide`` call (the joins, the
deal, every bot input and timer) is one step; its hash covers the command and its ``now``, the answer
(a refusal's reason and params, or the new state's JSON as stored, the events, the notices and
``changed``), every seat's legal actions in the new state, and the answers to probes asked of the new
state and then dropped (a status query, the 30 s reminder and one action that may be refused), so the
refusal reasons and ``changed`` of a no-op are pinned too.

Fixtures: ``tests/fixtures/golden/<game>-<players>p-seed<seed>.json`` with the step hashes and the final
state's JSON. Re-record (only when a rule change is meant to change games):
``.venv/bin/python -m tests.golden.games``; a new game's fixtures alone: ``.venv/bin/python -m
tests.golden.games <game> …`` (人狼's were recorded when it joined the new engine: the rules' scenario
transcripts, ``tests/scenarios/golden/ww_*.txt``, pin what it did before).
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from core.engine.bots import BOT_SALT, play_out, start_bot_game
from core.engine.commands import Act, Command, Query, Remind
from core.engine.legal import LegalActions
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.games import GameRules, rules_for
from tests.watched_rules import WatchedRules

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "golden"
#: (game, players, seed) of every recorded game: each game's smallest and largest table and one between.
GAMES: tuple[tuple[str, int, int], ...] = (
    ("adazakura", 4, 1),
    ("adazakura", 4, 2),
    ("adazakura", 8, 1),
    ("adazakura", 10, 3),
    ("adazakura", 12, 1),
    ("adazakura", 16, 1),
    ("adazakura", 16, 2),
    ("politician", 5, 1),
    ("politician", 10, 1),
    ("politician", 10, 2),
    ("politician", 15, 1),
    ("deathnote", 4, 1),
    ("deathnote", 5, 1),
    ("deathnote", 6, 1),
    ("deathnote", 6, 2),
    ("werewolf", 4, 1),
    ("werewolf", 9, 1),
    ("werewolf", 9, 2),
    ("werewolf", 20, 1),
)
#: Actions probed at step ``i`` (the ``i % len``-th), legal or not, by the seat ``i % players + 1``.
PROBES = (
    Action(kind="vote", args=(1,)),
    Action(kind="done"),
    Action(kind="ready"),
    Action(kind="kill", args=("none",)),
    Action(kind="vote", args=(99,)),
    Action(kind="co", args=("yatsuha",)),
    Action(kind="pass"),
)


def answer_bytes(answer: Accepted[Any] | Rejected) -> bytes:
    """What a caller of ``decide`` sees, as bytes: the refusal, or the new state as stored, its events,
    notices and ``changed``."""
    if isinstance(answer, Rejected):
        return b"rejected " + answer.model_dump_json().encode()
    parts = [
        answer.state.model_dump_json(),
        json.dumps([e.model_dump(mode="json") for e in answer.events], ensure_ascii=False),
        json.dumps([n.model_dump(mode="json") for n in answer.notices], ensure_ascii=False),
        json.dumps(answer.changed),
    ]
    return "\n".join(parts).encode()


@dataclass
class Recorder(WatchedRules):
    """The rules of one game, as :func:`play_out` calls them, hashing every ``decide`` (``GameRules``)."""

    steps: list[str] = field(default_factory=list)

    def watch(
        self, state: Any, command: Command, now: int, legal: LegalActions | None
    ) -> Accepted[Any] | Rejected:
        answer = self.rules.decide(state, command, now=now, legal=legal)
        digest = hashlib.sha256(f"{now} {command.model_dump_json()}\n".encode())
        digest.update(answer_bytes(answer))
        if isinstance(answer, Accepted):
            digest.update(self.probes(answer.state, now))
        self.steps.append(digest.hexdigest()[:16])
        return answer

    def probes(self, state: Any, now: int) -> bytes:
        """Every seat's legal actions in ``state`` and the answers to the probes of this step."""
        seats = self.rules.seats(state)
        legal = {seat: self.rules.legal_actions(state, seat) for seat in seats}
        dumped = {seat: [a.model_dump(mode="json") for a in actions] for seat, actions in legal.items()}
        out = [json.dumps(dumped, ensure_ascii=False).encode()]
        i = len(self.steps)
        asker = seats.get(i % max(1, len(seats)) + 1)
        if asker is not None:
            probes: list[Command] = [
                Query(user_id=asker.user_id, what="status"),
                Remind(phase_seq=state.phase_seq),
                Act(user_id=asker.user_id, action=PROBES[i % len(PROBES)], phase_seq=state.phase_seq),
            ]
            out += [answer_bytes(self.rules.decide(state, probe, now=now)) for probe in probes]
        return b"\n".join(out)


def play(game: str, players: int, seed: int) -> tuple[list[str], str]:
    """The step hashes and the final state JSON of the bots game ``(game, players, seed)``."""
    recorder = Recorder(rules_for(game))
    rules = cast(GameRules, recorder)
    started = start_bot_game(rules, players, seed=seed)
    out = play_out(rules, started.state, Rng.seeded(seed ^ BOT_SALT), 0, heard=started.notices)
    return recorder.steps, out.state.model_dump_json()


def fixture_path(game: str, players: int, seed: int) -> Path:
    return FIXTURES / f"{game}-{players}p-seed{seed}.json"


def record(only: tuple[str, ...] = ()) -> None:
    """Write the fixture of every game in :data:`GAMES` (of the games named in ``only``, when given:
    ``python -m tests.golden.games werewolf`` records a new game without touching the others)."""
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for game, players, seed in GAMES:
        if only and game not in only:
            continue
        steps, final = play(game, players, seed)
        body = {"game": game, "players": players, "seed": seed, "steps": steps}
        text = json.dumps(
            {**body, "final_state": json.loads(final)}, ensure_ascii=False, separators=(",", ":")
        )
        fixture_path(game, players, seed).write_text(text + "\n")
        print(f"{game} {players}p seed {seed}: {len(steps)} steps")


if __name__ == "__main__":
    record(tuple(sys.argv[1:]))
