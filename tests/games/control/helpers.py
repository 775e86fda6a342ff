"""Sending discussion-control commands (``core.engine.control``) to any game's test table at its ``now``,
and reading what the group saw of them."""

from __future__ import annotations

from core.engine.commands import Command
from core.engine.result import Rejected
from tests.games.base_table import BaseTable
from tests.games.plain import Heard, heard


def refused(t: BaseTable, command: Command) -> str:
    """The reason ``command`` is refused now; checks that the refusal changed nothing."""
    before = t.state.model_dump()
    outcome = t.rules.decide(t.state, command, now=t.now)
    assert isinstance(outcome, Rejected), f"{command!r} was accepted"
    assert t.state.model_dump() == before
    return outcome.reason


def countdown(t: BaseTable) -> list[Heard]:
    """The last step's group notices in the ``countdown`` slot (one edited message on Telegram)."""
    return [heard(n) for n in t.heard if n.to.kind == "public" and n.slot == "countdown"]
