"""``jinro-gm scenario FILE``: play a scripted game on the pure core and print its transcript.

The file (JSON; YAML when PyYAML is installed) names the game (any of :func:`core.games.registry`), the
players, the test-mode setup (徒桜戦争 [ADZ-11.10]: seats, deck, RNG draws; other games: what their rules
take as ``settings["setup"]``) and, phase by phase, what each seat does; phases close by their timers.
Every notice with its audience, every logged event and every refused input is printed as one JSON object
per line; expectations are checked after their step (or at the end) and make the exit code 1 when one
fails.
Format and a complete example: docs/scenarios.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

import core.i18n as i18n
from core.engine.commands import Act, Command, Configure, Join, Say, StartGame, Timeout
from core.engine.notice import Action
from core.engine.result import Rejected
from core.engine.table import Member
from core.games import rules_for
from devtools.expect import Expect, Move, audience, check, move, plain
from devtools.preflight import as_moves, check_game, check_moves, check_table, one_line
from devtools.script import Ballots, Scenario, Step, as_ballots
from devtools.simulate import day_number

__all__ = ["Runner", "Scenario", "ScenarioError", "Step", "load", "run"]


class ScenarioError(ValueError):
    """The file cannot be read as a scenario (bad JSON/YAML, unknown fields, an unknown game, a setup or
    settings the rules cannot use, a malformed action; see :mod:`devtools.preflight`)."""


def load(path: Path) -> Scenario:
    """Read and validate a scenario file, setup and settings included (nothing is played); raises
    :class:`ScenarioError` with a one-line reason."""
    try:
        text = path.read_text(encoding="utf-8")
        if path.suffix in (".yaml", ".yml"):
            import yaml  # type: ignore[import-untyped]  # optional: only for YAML scenario files

            data = yaml.safe_load(text)
        else:
            data = json.loads(text)
        return validate(Scenario.model_validate(data))
    except ImportError as err:
        raise ScenarioError("YAML scenarios need PyYAML (pip install pyyaml); JSON needs nothing") from err
    except ValidationError as err:
        raise ScenarioError(f"{path}: {one_line(err)}") from err
    except (OSError, ValueError) as err:
        raise ScenarioError(f"{path}: {err}") from err


def validate(scenario: Scenario) -> Scenario:
    """``scenario`` once its game, setup, settings and scripted actions are usable; raises ValueError."""
    check_game(scenario.game)
    check_table(scenario.game, scenario.players, scenario.setup, scenario.settings)
    check_moves(scenario.script)
    return scenario


def _user(seat: int) -> str:
    return f"scenario:{seat}"


class Runner:
    """Plays one scenario. ``emit`` receives every transcript line; ``lang`` adds rendered ``text``."""

    def __init__(self, scenario: Scenario, emit: Callable[[dict[str, Any]], None], lang: str | None = None):
        self.scenario = scenario
        self.rules = rules_for(scenario.game)
        self.emit_line = emit
        self.lang = lang
        self.now = 0
        self.lines: list[dict[str, Any]] = []
        self.failed = 0
        self.checked = 0
        #: phase_seq → the index of the first line a notice of that phase printed (a step's scope starts
        #: where its phase opened, even in the previous step's output).
        self.opened: dict[int, int] = {}
        #: The step being played and the phase_seq it began in (``close`` fires only that phase's timer).
        self.index = 0
        self.step_seq = 0
        settings = {**scenario.settings, "setup": scenario.setup}
        host = Member(user_id=_user(1), name=scenario.players[0])
        self.state: Any = self.rules.new_game(game_id="scenario", chat_id="group", host=host,
                                              settings=settings, seed=0, now=0)  # fmt: skip

    # -- output ---------------------------------------------------------------------------------------
    def emit(self, line: dict[str, Any]) -> None:
        self.lines.append(line)
        self.emit_line(line)

    def _notice_line(self, notice: Any) -> dict[str, Any]:
        line: dict[str, Any] = {"type": "notice", "key": notice.key, "to": audience(notice.to),
                                "params": {k: plain(v) for k, v in notice.params.items()}}  # fmt: skip
        if notice.actions:
            line["actions"] = [" ".join(map(str, move(a))) for a in notice.actions]
        if self.lang:
            try:
                line["text"] = i18n.render(notice, self.lang, self.state.game)
            except KeyError:
                line["text"] = f"[{notice.key}]"
        return line

    # -- input ----------------------------------------------------------------------------------------
    def send(self, command: Command, seat: int | None = None) -> bool:
        """Decide ``command`` now; print its notices and events, or the refusal. True if accepted."""
        result = self.rules.decide(self.state, command, now=self.now)
        if isinstance(result, Rejected):
            refused: dict[str, Any] = {"type": "refused", "seat": seat, "reason": result.reason}
            if isinstance(command, Act):
                refused["action"] = move(command.action)
            self.emit(refused)
            return False
        self.state = result.state
        for event in result.events:
            self.emit({"type": "event", "kind": event.kind, "data": event.data})
        for notice in result.notices:
            if notice.phase_seq is not None:
                self.opened.setdefault(notice.phase_seq, len(self.lines))
            self.emit(self._notice_line(notice))
        return True

    def act(self, seat: int, moved: Move) -> None:
        kind, *args = moved
        action = Action(kind=str(kind), args=tuple("none" if a is None else a for a in args))
        self.emit({"type": "input", "seat": seat, "action": move(action)})
        self.send(Act(user_id=_user(seat), action=action, phase_seq=self.state.phase_seq), seat)

    def close(self, phase: str, seq: int | None = None) -> None:
        """Fire the timer of the current phase if it is still ``phase``, the one that began at ``seq``
        (default: the step's); the clock jumps to its deadline. When that phase has already closed and a
        following one with the same id is open (a second runoff, the next turn), a ``warning`` line is
        printed instead: its timer is not fired."""
        if self.state.phase != phase or self.state.deadline_at is None:
            return
        if self.state.phase_seq != (self.step_seq if seq is None else seq):
            self.emit({"type": "warning", "step": self.index, "phase": phase,
                       "message": f"the {phase} of this step is over and another {phase} is open: its timer "
                                  "is not fired (give it a step of its own, or close: false)"})  # fmt: skip
            return
        self.now = max(self.now, self.state.deadline_at)
        self.emit({"type": "input", "timeout": phase})
        self.send(Timeout(phase_seq=self.state.phase_seq))

    # -- the script -----------------------------------------------------------------------------------
    def start(self) -> None:
        """Seat the players in file order, send the host's ``/option`` commands and start in test mode;
        raises ScenarioError if refused."""
        for i, name in enumerate(self.scenario.players, start=1):
            result = self.rules.decide(self.state, Join(user_id=_user(i), name=name), now=self.now)
            if isinstance(result, Rejected):
                raise ScenarioError(f"player {name!r} cannot join: {result.reason}")
            self.state = result.state
        for name, *values in self.scenario.configure:
            typed = Configure(user_id=_user(1), option=name, values=tuple(values))
            result = self.rules.decide(self.state, typed, now=self.now)
            if isinstance(result, Rejected):
                raise ScenarioError(
                    f"/option {' '.join([name, *values])} refused: {result.reason} {result.params}"
                )
            self.state = result.state
        self.emit({"type": "step", "index": 0, "phase": "start"})
        try:
            started = self.send(StartGame(user_id=_user(1)))
        except ValueError as err:
            raise ScenarioError(f"setup refused: {err}") from err
        if not started:
            raise ScenarioError("the rules refused to start the game (see the refused line)")

    def run_step(self, index: int, step: Step) -> bool:
        """Play one step; False (and an error line) when the game is not where the step expects it."""
        first = len(self.lines)
        self.index, self.step_seq = index, self.state.phase_seq
        self.emit({"type": "step", "index": index, "phase": step.phase, "n": step.n})
        want = "discussion" if step.phase == "day" else step.phase
        if self.state.phase != want or (step.n is not None and day_number(self.state) != step.n):
            self.emit({"type": "error", "step": index, "expected": [want, step.n],
                       "actual": [self.state.phase, day_number(self.state)]})  # fmt: skip
            self.failed += 1
            return False
        if step.phase == "night":
            self._night(step)
        elif step.phase == "day":
            self._day(step)
        else:
            self._moves(step)
            if step.close:
                self.close(step.phase)
        self.verify(
            step.expect, self.lines[min(first, self.opened.get(self.step_seq, first)) :], f"step {index}"
        )
        return True

    def _moves(self, step: Step) -> None:
        for seat, moves in step.actions.items():
            for one in as_moves(moves):
                self.act(seat, one)

    def _night(self, step: Step) -> None:
        self._moves(step)
        for seat, target in step.kill.items():
            self.act(seat, ["kill", "none" if target is None else target])
        for seat, text in step.say.items():
            self.emit({"type": "input", "seat": seat, "say": text})
            self.send(Say(user_id=_user(seat), text=text), seat)
        if step.close:
            self.close("night")

    def _day(self, step: Step) -> None:
        for seat, megami in step.co.items():
            self.act(seat, ["co", megami])
        self._moves(step)
        if not step.close:
            return
        self.close("discussion")
        self._ballots(step.votes, "vote")
        if step.runoff is not None or self.state.phase == "runoff":
            self._ballots(step.runoff or {}, "runoff")

    def _ballots(self, ballots: Ballots, phase: str) -> None:
        seq = self.state.phase_seq
        for seat, sent in ballots.items():
            for target in as_ballots(sent):
                self.act(seat, ["vote", "none" if target is None else target])
        if self.state.phase_seq == seq:
            self.close(phase, seq)

    def verify(self, expects: list[Expect], lines: list[dict[str, Any]], where: str) -> None:
        for expect in expects:
            why = check(expect, self.rules, self.state, lines, self.now)
            self.checked += 1
            self.failed += why is not None
            line = {"type": "expect", "where": where, "ok": why is None,
                    "check": expect.model_dump(exclude_unset=True)}  # fmt: skip
            self.emit(line if why is None else {**line, "why": why})

    def run(self) -> bool:
        """The whole scenario; True when every expectation held. Raises ScenarioError for a bad setup."""
        self.start()
        for index, step in enumerate(self.scenario.script, start=1):
            if not self.run_step(index, step):
                break
        else:
            self.verify(self.scenario.expect, self.lines, "end")
        refused = sum(line["type"] == "refused" for line in self.lines)
        warnings = sum(line["type"] == "warning" for line in self.lines)
        result = getattr(self.state, "result", None)
        self.emit({"type": "summary", "ok": self.failed == 0, "checks": self.checked, "failed": self.failed,
                   "refused": refused, "warnings": warnings, "phase": self.state.phase,
                   "result": result})  # fmt: skip
        return self.failed == 0


def print_line(line: dict[str, Any]) -> None:
    print(json.dumps(line, ensure_ascii=False), flush=True)


def add_parser(subparsers: Any) -> None:
    """Register ``scenario`` on an ``argparse`` subparsers object."""
    parser = subparsers.add_parser("scenario", help="play a scripted game file; JSON lines transcript")
    parser.add_argument("file", type=Path, help="scenario file (.json, or .yaml with PyYAML)")
    parser.add_argument("--lang", choices=["ja", "en"], help="also render each notice's text")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The subcommand: 0 when every expectation held, 1 when one failed, 2 for an unusable file."""
    try:
        scenario = load(args.file)
        return 0 if Runner(scenario, print_line, args.lang).run() else 1
    except (ValueError, KeyError) as err:
        print(json.dumps({"type": "error", "error": str(err)}, ensure_ascii=False), file=sys.stderr)
        return 2
