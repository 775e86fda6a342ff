"""The load and decide steps of every input (design §1): a game read once and parsed once
(:class:`Loaded`), then the core's ``decide`` after every deadline that passed without its timer
(:func:`decide`, the safety net of design §5). Both are reads: nothing here writes or sends.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from core.engine.commands import Command, Say, Timeout
from core.engine.notice import Notice
from core.engine.result import Event, Rejected
from core.engine.table import Unread
from core.games import GameRules, rules_for
from handlers import excused as excuse
from handlers import history
from infra import store as stores
from infra.store import GameStore, StoredGame, VersionConflict

#: Overdue deadlines applied in one catch-up (safety net when a timer was missed).
MAX_CATCH_UP = 50


@dataclass(frozen=True)
class Loaded:
    """A game as read: ``stored`` (the item), its ``rules`` and its parsed hot ``state``."""

    stored: StoredGame
    rules: GameRules
    state: Any

    @property
    def game_id(self) -> str:
        return self.stored.game_id


def parse(stored: StoredGame) -> Loaded:
    """The game of ``stored``, its hot state parsed once, its log unread (the history is kept apart:
    :func:`with_history`). Raises ``KeyError`` for an unknown game id and pydantic's ``ValidationError``
    for a state that is not one."""
    data = json.loads(stored.state)
    rules = rules_for(data["game"])
    state = rules.state_model.model_validate(data)
    state.log = Unread()
    return Loaded(stored, rules, state)


def with_history(loaded: Loaded, entries: list[str]) -> Loaded:
    """``loaded`` with its state's log filled in from the history ``entries`` (oldest first)."""
    state = loaded.state.fork()
    state.log = history.events(entries)
    return Loaded(loaded.stored, loaded.rules, state)


def load(store: GameStore, game_id: str) -> Loaded | None:
    """The game ``game_id`` as committed (one strongly consistent read), or None when there is none."""
    stored = store.load(game_id)
    return None if stored is None else parse(stored)


def reload(store: GameStore, conflict: VersionConflict) -> Loaded | None:
    """The game as it stands after a lost version race, parsed once: the item the refusal carried, else
    one strongly consistent read (:func:`infra.store.reload`); None when there is none."""
    stored = stores.reload(store, conflict)
    return None if stored is None else parse(stored)


def load_whole(store: GameStore, game_id: str) -> Loaded | None:
    """The game ``game_id`` as committed with its log read from its history (its chunks too: for a
    recap, the developer tools and tests), or None when there is none."""
    loaded = load(store, game_id)
    return None if loaded is None else with_history(loaded, store.history(loaded.stored))


@dataclass
class Decided:
    """What an input decided: the ``state`` after it (the loaded one when nothing changed), the
    ``notices`` and ``events`` of the deadlines caught up and of the command, the command's ``refusal``
    (None when accepted), and whether it must be committed (``write``: a change, a relayed text, or a
    deadline caught up before a refusal)."""

    state: Any
    notices: list[Notice] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    refusal: Rejected | None = None
    write: bool = False


def decide(loaded: Loaded, command: Command, now: int) -> Decided:
    """Catch up the deadlines passed by ``now`` (UTC epoch seconds), then decide ``command``. A
    ``Timeout`` excuses whoever the bot has not reached yet (``handlers.excused``)."""
    rules = loaded.rules
    undelivered = excuse.undelivered(loaded.stored.pending, loaded.state)
    caught = catch_up(rules, loaded.state, now, undelivered)
    if isinstance(command, Timeout):
        late = undelivered | excuse.unsent(rules, caught.state, caught.notices)
        command = command.model_copy(update={"excused": tuple(sorted(late))})
    result = rules.decide(caught.state, command, now=now)
    if isinstance(result, Rejected):
        caught.refusal, caught.write = result, bool(caught.notices or caught.events)
        return caught
    caught.state = result.state
    caught.notices += result.notices
    caught.events += result.events
    # A relayed team message is committed (not only sent): it enters the history (the console's team
    # channel) and its delivery id dedupes a retried send. A query is read-only (design §1).
    caught.write = caught.write or result.changed or isinstance(command, Say)
    return caught


def catch_up(rules: GameRules, state: Any, now: int, excused: set[str]) -> Decided:
    """Apply the deadlines that passed without a timer (every input is a safety net, design §5). Each
    ``Timeout`` excuses ``excused`` (user ids whose messages still wait) and whoever the earlier caught-up
    phases prompted, since those prompts are not sent yet."""
    caught = Decided(state)
    for _ in range(MAX_CATCH_UP):
        current = caught.state
        if current.is_over or current.deadline_at is None or now < current.deadline_at:
            break
        late = tuple(sorted(excused | excuse.unsent(rules, current, caught.notices)))
        timeout = Timeout(phase_seq=current.phase_seq, excused=late)
        result = rules.decide(current, timeout, now=current.deadline_at)
        if isinstance(result, Rejected):
            break
        caught.state = result.state
        caught.notices += result.notices
        caught.events += result.events
        caught.write = True
    return caught
