"""One structured log line per input (docs/deploy.md "Logs"): which game, which phase, which command,
what became of it, and how long it took.

Every entry point (the Telegram webhook, the timer, later LINE) calls :func:`log_input` once per input with
the :class:`~handlers.messages.Outcome` the service filled in (:func:`outcome_of`, :func:`traced`). The line
is a Powertools ``Logger`` record, JSON in CloudWatch:

    {"level": "INFO", "message": "input", "source": "telegram", "delivery_id": "tg:248345785",
     "game_id": "g1a2b3c4", "phase": "vote", "command": "act", "outcome": "refused",
     "reason": "phase.stale", "duration_ms": 41.3, ...}

It never carries message text, display names, callback data or secrets: only ids the bot made (game id,
platform delivery id), ids of the rules (phase, command type, reason id) and numbers. Empty fields are
left out (Powertools drops ``None``).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING

from core.engine.result import Rejected
from handlers.messages import (
    BotLeft,
    GroupMoved,
    Inbound,
    MemberBack,
    MemberLeft,
    Outcome,
    Reachable,
    Tap,
    TextCommand,
)

if TYPE_CHECKING:  # the entry points bring their Logger; the service and the playground need none
    from aws_lambda_powertools import Logger

MESSAGE = "input"
#: The refusal that means "this delivery was already applied" (``GameRunner.apply``).
DUPLICATE = "delivery.duplicate"


def outcome_of(refusal: Rejected | None) -> Outcome:
    """The outcome of an applied command: accepted (``None``), a redelivery (``duplicate``), or refused
    with the reason id."""
    if refusal is None:
        return Outcome()
    if refusal.reason == DUPLICATE:
        return Outcome(result="duplicate")
    return Outcome(result="refused", reason=refusal.reason)


def traced(outcome: Outcome, game_id: str | None, phase: str | None, command: str | None) -> Outcome:
    """``outcome`` with what the log line says of the input: the game, the phase the input met (``None``
    when the service did not load the game) and the command type."""
    return replace(outcome, game_id=game_id, phase=phase, command=command)


def intent_kind(inbound: Inbound) -> str:
    """A safe name for what ``inbound`` asked, for a line without a command type: ``tap``, ``text`` (a
    typed command, never its name: that is user text), ``reach``, ``member_left``, ``member_back``,
    ``bot_left`` or ``group_moved``."""
    kinds: dict[type, str] = {
        Tap: "tap", TextCommand: "text", Reachable: "reach", MemberLeft: "member_left",
        MemberBack: "member_back", BotLeft: "bot_left", GroupMoved: "group_moved",
    }  # fmt: skip
    return kinds.get(type(inbound.intent), "other")


def log_input(
    logger: Logger,
    *,
    source: str,
    outcome: Outcome,
    started: float,
    delivery_id: str | None = None,
    kind: str | None = None,
) -> None:
    """Write the one line of an input that began at ``started`` (``time.perf_counter()`` seconds).

    ``source``: the entry point (``telegram``, ``timer``, ``line``); ``delivery_id``: the platform's id
    of the delivery, if any; ``kind``: what the input was when the outcome names no command
    (:func:`intent_kind`, or ``update`` for an update the adapter ignored). Never raises for a logging
    failure (the Logger's own handling).
    """
    logger.info(
        MESSAGE,
        extra={
            "source": source,
            "delivery_id": delivery_id,
            "game_id": outcome.game_id,
            "phase": outcome.phase,
            "command": outcome.command or kind,
            "outcome": outcome.result,
            "reason": outcome.reason,
            "duration_ms": round((time.perf_counter() - started) * 1000, 1),
        },
    )
