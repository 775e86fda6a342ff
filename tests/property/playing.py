"""The bots' playing loop shared by every game's random whole games (``tests/property/<game>_playout.py``):
deal, then each step the game's extra move (relayed text, a query) or the bots' next command, decided by the
rules, every accepted step shown to a check. Each game keeps what is its own: its table, its deal and its
extra moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.engine.bots import BotRefused, Driver, next_now
from core.engine.commands import Command
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng


class IdleRules:
    """``rules`` as the bots see them: the seats of ``idle`` joiners (join numbers) are offered nothing, so
    they never act and the phase's timer fires."""

    def __init__(self, rules: Any, idle: frozenset[int]) -> None:
        self.rules = rules
        self.idle = {f"bot:{k}" for k in idle}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        return self.legal_of(state)(seat)

    def legal_of(self, state: Any) -> Callable[[int], list[Action]]:
        """What the bots look up (``core.engine.legal.LegalActions``): nothing for an idle joiner's seat."""
        legal: Callable[[int], list[Action]] = self.rules.legal_of(state)
        return lambda seat: [] if state.players[seat - 1].user_id in self.idle else legal(seat)


def play_out(
    rules: Any,
    deal: Any,
    *,
    idle: frozenset[int],
    bot_seed: int,
    extra: Callable[[Any], Command | None],
    skippable: tuple[type, ...],
    step: Callable[[Any, Command | None, int, Accepted[Any]], Any],
    check: Callable[[Any], None],
    probe: Callable[[Any, int], None] | None,
    max_steps: int,
    label: object,
) -> tuple[Any, int]:
    """Play from ``deal`` (a step whose outcome is the dealt game, already checked) to the end: the final
    state and the number of ``decide`` calls. ``extra(state)``: the game's own move, if any, before the
    bots'; a refused command of a ``skippable`` type is skipped, any other refusal raises
    :class:`BotRefused`; ``step`` builds what ``check`` sees of each accepted call; ``probe`` sees every
    state a move is chosen in. Fails after ``max_steps`` calls (``label`` names the game)."""
    driver = Driver(IdleRules(rules, idle), Rng.seeded(bot_seed))
    driver.observe(deal.outcome.notices)
    state, now = deal.outcome.state, 0
    for count in range(max_steps):
        if probe is not None and not state.is_over:
            probe(state, now)
        command = extra(state) or driver.next_command(state)
        if command is None:
            return state, count
        now = next_now(state, command, now)
        outcome = rules.decide(state, command, now=now)
        if isinstance(outcome, Rejected):
            if isinstance(command, skippable):
                continue
            raise BotRefused(f"{command!r} refused in {state.phase}: {outcome.reason}")
        driver.observe(outcome.notices)
        check(step(state, command, now, outcome))
        state = outcome.state
    raise AssertionError(f"{label}: not over after {max_steps} steps ({state.phase})")
