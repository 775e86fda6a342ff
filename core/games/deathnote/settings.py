"""Host options of a DEATH NOTE 人狼 game (``deathnote.md`` §11.5) and the lobby's ``/option`` command.

``settings["options"]`` holds the §11.5 keys by their spec names; ``settings["setup"]`` is the test mode's
injected state (§1.4, §13; see :func:`core.games.deathnote.setup.injected`).
"""

from __future__ import annotations

from typing import Any, Final

from core.engine.clock import MAX_PHASE_SECONDS as MAX
from core.engine.notice import PUBLIC, CardRef, KeyRef, Notice, Param, Scalar
from core.engine.options import OptionTable
from core.engine.result import Rejected
from core.engine.table import TableState
from core.games.deathnote.cards import IDENTITIES, ITEM_COUNTS, MIN_PLAYERS

#: §11.5 defaults; timers in seconds. ``afterlifeSees`` is §11.5's ``spectators`` (霊界表示: every
#: identity shown to an eliminated player), named as in the other games so that a player never meets
#: "spectators" meaning both it and ``/watch`` (the spec's id is still accepted, :data:`ALIASES`;
#: docs/rules/deathnote-decisions.md D31); it stays off (AMB-51): the bot cannot keep an eliminated
#: player from talking in every chat; it is refused where the platform cannot mute them in the group
#: (LINE). ``afterlife``: the eliminated players' 霊界, on (it tells them nothing the living know;
#: docs/rules/deathnote-decisions.md).
DEFAULTS: Final[dict[str, int | bool | str]] = {
    "seat_order": "random",
    "start_player": "random",
    "t_turn": 120,
    "t_choice": 45,
    "t_judgment": 45,
    "t_shinigami_night": 30,
    "signals": "structured",
    "end_when_no_arrest_left": False,
    "max_rounds": 20,
    "post_game_log": True,
    "either_l": False,
    "round_limit": True,
    "shinigami_first": False,
    "exchange_decline": False,
    "afterlife": True,
    "afterlifeSees": False,
}
#: The spec's ids a host may still type (§11.5 ``spectators``), never shown.
ALIASES: Final[dict[str, str]] = {"spectators": "afterlifeSees"}
_BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "t_turn": (15, MAX),
    "t_choice": (10, MAX),
    "t_judgment": (13, MAX),
    "t_shinigami_night": (13, MAX),
    "max_rounds": (2, 60),
}
_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "seat_order": ("random", "join"),
    "start_player": ("random", "host_choice"),
    "signals": ("structured", "free_text"),
}
#: The original text's readings (docs/rules/deathnote-decisions.md D21-D26): at 6 players either L's
#: elimination wins for the Kira team (「Lを排除する」, AMB-52), no round limit (the text has none,
#: AMB-57), the Shinigami played before the draw (「順番が来たら最初に必ず使用」, AMB-37), an Exchange
#: declined after looking (「もらうことが出来る」, AMB-33), and both nights counted in 13 seconds (AMB-47).
PRINTED: Final[dict[str, int | bool | str]] = {
    "either_l": True,
    "round_limit": False,
    "shinigami_first": True,
    "exchange_decline": True,
    "t_judgment": 13,
    "t_shinigami_night": 13,
}
#: The ``long`` preset (docs/rules/deathnote-decisions.md "Long games"): 4 hours a turn, an
#: hour for a card's choice, 2 hours for the Judgment night, an hour for the Shinigami's night. No
#: ``dayEnds``: the game has turns, not days.
LONG: Final[dict[str, int | bool | str]] = {
    "t_turn": 14400, "t_choice": 3600, "t_judgment": 7200, "t_shinigami_night": 3600,
}  # fmt: skip
OPTIONS: Final = OptionTable(DEFAULTS, _BOUNDS, _CHOICES, PRINTED, LONG, aliases=ALIASES)


def option(state: TableState, name: str) -> Any:
    """The value of option ``name`` (a key of :data:`DEFAULTS`): the host's, else the default."""
    return OPTIONS.get(state, name)


def configure(state: TableState, name: str, values: tuple[str, ...]) -> list[Notice] | Rejected:
    """``/option <name> <value>`` in the lobby; without a name or a value, show the settings; ``preset
    printed|default`` sets the options of :data:`PRINTED` to the original text's reading or back. Refuses
    ``option.unknown`` and ``option.invalid`` (with the allowed range or words), and ``dayEnds`` (the
    other games' clock time a day ends at) with ``option.no_days``: this game has turns, not days."""
    if name.lower() == "dayends":
        return Rejected(reason="option.no_days")
    refused = OPTIONS.configure(state, name, values)
    if refused:
        return refused
    return [Notice(key="lobby.options", to=PUBLIC, params=summary(state), phase_seq=state.phase_seq)]


def summary(state: TableState) -> dict[str, Param]:
    """The lobby's view: the composition for the current member count (4 while fewer have joined), every
    option with its value now (``options``) and the preset the printed readings follow (``preset``)."""
    n = min(max(len(state.members), MIN_PLAYERS), 6)
    return {
        "players": n,
        **composition(n),
        "options": OPTIONS.every(state),
        "preset": OPTIONS.preset_line(state),
    }


def composition(n: int) -> dict[str, list[Scalar]]:
    """§3.1 for ``n`` players: ``identities`` and ``items``, one ``composition.line`` (card, count) each."""
    identities: dict[str, int] = {}
    for ident in IDENTITIES[n]:
        identities[ident] = identities.get(ident, 0) + 1
    return {
        "identities": [
            KeyRef(key="composition.line", params={"card": KeyRef(key=f"identity.{i}"), "count": c})
            for i, c in identities.items()
        ],
        "items": [
            KeyRef(key="composition.line", params={"card": CardRef(id=t), "count": c})
            for t, c in ITEM_COUNTS[n].items()
        ],
    }
