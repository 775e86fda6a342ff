"""The group's stored settings as lobbies use them: what a new lobby starts from (the game's
preset, the group's language and lobby lifetime), the preset an ``/option`` in a lobby leaves, the group's
language without a game, and the one write path of the group item's settings (``infra.groups``,
docs/storage.md). ``/settings`` itself is :mod:`handlers.groupsettings`.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import core.i18n as i18n
from core.engine.table import TableState
from handlers import settingsview as view
from infra.groups import GroupConflict, GroupRecord

if TYPE_CHECKING:
    from handlers.runner import GameRunner

log = logging.getLogger(__name__)

#: Settings of one lobby that never become a game's preset: its language (``/newgame … en`` is for one
#: game), the test mode's injected deal, the lobby lifetime and the time zone (group-level settings).
NOT_PRESET = frozenset({"locale", "setup", "lobby_seconds", "timezone", "console", "console_primary"})
#: Writes tried when another change of the group item lands in between (each reloads it).
SAVE_ATTEMPTS = 5


def lobby_settings(runner: GameRunner, chat_id: str, game: str) -> dict[str, Any]:
    """The settings a new lobby of ``game`` in ``chat_id`` starts from: the group's preset for the game
    and the group's language, lobby lifetime and time zone, under the runtime's own
    ``runner.settings_for(chat_id)`` (a test setup, the local playground's language), which wins.
    Every runtime's service reads the group item this way, so the next ``/newgame`` starts from the
    preset on every platform."""
    base = runner.settings_for(chat_id)
    stored = stored_settings(runner.store.load_group(chat_id))
    settings = copy.deepcopy(view.preset_in(stored, game))
    for key in ("locale", "lobby_seconds", "timezone"):
        if key in stored:
            settings[key] = stored[key]
    return {**settings, **base}


def preset_of(settings: dict[str, Any]) -> dict[str, Any]:
    """The preset a lobby's ``settings`` make: all but :data:`NOT_PRESET`."""
    return {k: copy.deepcopy(v) for k, v in settings.items() if k not in NOT_PRESET}


def remember(runner: GameRunner, game_id: str) -> None:
    """Keep the settings of lobby ``game_id`` (after an accepted ``/option``) as its group's preset for
    its game. Never raises: a failure is logged (the lobby itself has the option)."""
    try:
        stored = runner.store.load(game_id)
        if stored is None:
            return
        state = TableState.model_validate_json(stored.state)
        preset = preset_of(state.settings)
        save(runner, state.chat_id, lambda s: with_preset(s, state.game, preset))
    except Exception:
        log.exception("preset not saved", extra={"game_id": game_id})


def group_locale(runner: GameRunner, chat_id: str) -> str:
    """The language of chat ``chat_id`` without a game: :func:`chat_locale`, else Japanese."""
    return chat_locale(runner, chat_id) or i18n.resolve_locale("ja")


def chat_locale(runner: GameRunner, chat_id: str) -> str | None:
    """The language chosen for chat ``chat_id`` without a game: the group's ``/settings lang``, else the
    runtime's setting (``runner.settings_for``: the playground's ``--lang``); None when neither is set."""
    stored = stored_settings(runner.store.load_group(chat_id)).get("locale")
    chosen = stored or runner.settings_for(chat_id).get("locale")
    return i18n.resolve_locale(str(chosen)) if chosen else None


def stored_settings(record: GroupRecord | None) -> dict[str, Any]:
    return record.settings if record else {}


def with_preset(settings: dict[str, Any], game: str, preset: dict[str, Any]) -> dict[str, Any]:
    """``settings`` with ``preset`` as ``game``'s (unchanged when it already is: no write)."""
    if view.preset_in(settings, game) == preset:
        return settings
    return {**settings, "games": {**settings.get("games", {}), game: preset}}


def save(
    runner: GameRunner, chat_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """Apply ``change`` (settings → settings) to the group's stored settings and write them when they
    differ, reloading on a version race. Returns the settings as stored. Raises ``GroupConflict`` after
    :data:`SAVE_ATTEMPTS` lost races."""
    for _ in range(SAVE_ATTEMPTS):
        record = runner.store.load_group(chat_id)
        before = stored_settings(record)
        after = change(copy.deepcopy(before))
        if after == before:
            return before
        try:
            return runner.store.save_group_settings(chat_id, after, record.version if record else 0).settings
        except GroupConflict:
            continue
    raise GroupConflict(chat_id)
