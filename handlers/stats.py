"""``/stats`` in a group: how many games of each game were played there to the end, and how often each
side won, in the group's language (docs/architecture.md "After the game: rematch and statistics").

The counts are the group item's ``stats`` (``infra.groups``: ``{game: {"games": n, "wins": {side: n}}}``),
written by the runner when a game ends (from each game's ``winners``). A
draw counts as a game without a win; a cancelled game is not counted. The answer changes no game: it is
sent once per delivery like every read-only reply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import core.i18n as i18n
from core.games import registry
from handlers.desk import Desk
from handlers.messages import Inbound, Outcome

#: The namespace common keys are looked up from (any game's falls back to ``common``).
_COMMON = "adazakura"


async def answer(desk: Desk, inbound: Inbound) -> Outcome:
    """Answer ``/stats``: in a group, the group's results (``stats.none`` before the first finished game);
    in a 1:1 chat, the refusal ``stats.group_only``."""
    if inbound.is_private:
        return await desk.refuse(inbound, "stats.group_only")
    runner = desk.runner
    record = runner.store.load_group(inbound.chat_id)
    saved = record.settings if record is not None else {}
    locale = str(saved.get("locale") or runner.settings_for(inbound.chat_id).get("locale") or "ja")
    await desk.reply(inbound, text(record.stats if record is not None else {}, locale))
    return Outcome(command="stats")


def text(stats: Mapping[str, Any], locale: str) -> str:
    """The ``/stats`` text of ``stats`` (``{game: {"games": n, "wins": {side: n}}}``) in ``locale``: one
    block per known game in the registry's order, its sides by wins (most first, then by id)."""
    blocks = [_block(game, stats[game], locale) for game in registry() if stats.get(game, {}).get("games")]
    if not blocks:
        return i18n.text("stats.none", locale, _COMMON)
    return "\n\n".join([i18n.text("stats.title", locale, _COMMON), *blocks])


def _block(game: str, entry: Mapping[str, Any], locale: str) -> str:
    name = i18n.text("game.name", locale, game)
    wins: Mapping[str, int] = entry.get("wins", {})
    lines = [i18n.text("stats.game", locale, game, game=name, games=int(entry["games"]))]
    for side, count in sorted(wins.items(), key=lambda item: (-item[1], item[0])):
        lines.append(i18n.text("stats.side", locale, game, side=_side(side, locale, game), wins=count))
    return "\n".join(lines)


def _side(side: str, locale: str, game: str) -> str:
    """The side's name (``side.<id>`` of the game's catalog); an id without one (a side a later version
    dropped) as it is."""
    key = f"side.{side}"
    return i18n.text(key, locale, game) if i18n.has_key(key, locale, game) else side
