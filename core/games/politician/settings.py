"""Host options of a 政治家人狼 game and their defaults (``politician.md`` §11), and the lobby's
``/option`` command.

``settings`` is a plain dict in the state: ``options`` (the §11 keys below, by their spec names),
``cast`` (a host-defined :class:`~core.games.politician.roles.Cast`, §4.3) and ``setup`` (test mode: one
role id per seat in join order, plus scripted RNG draws).
"""

from __future__ import annotations

from typing import Any, Final

from core.engine.clock import MAX_PHASE_SECONDS as MAX
from core.engine.notice import PUBLIC, KeyRef, Notice, Param, RoleRef, Scalar
from core.engine.options import OptionTable
from core.engine.result import Rejected
from core.engine.table import TableState
from core.games.politician.roles import CASTS, ROLES, Cast, check_cast, warns

#: §11 defaults. Seconds for timers; ``campaignSeconds`` is Day 1's, ``campaignLaterSeconds`` later days'.
DEFAULTS: Final[dict[str, int | bool | str]] = {
    "publicVoteLastDay": 2,
    "maxRunoffs": 2,
    "endWhenDecided": False,
    "guardSelfProtect": False,
    "allowCollusion": False,
    "afkBallot": "none",
    "wakeupSeconds": 60,
    "candidacySecondsPerPlayer": 30,
    "campaignSeconds": 300,
    "campaignLaterSeconds": 240,
    "publicVoteSeconds": 90,
    "secretVoteSeconds": 60,
    "policySpeechSeconds": 60,
    "nightSeconds": 90,
    "interactiveLottery": False,
    "lotterySeconds": 20,
    "freeBallot": False,
    "mandatoryNegativeCampaign": False,
    "dayEnds": "off",
    "afterlife": True,
    "afterlifeSees": False,
}
#: Bounds of integer options (inclusive); timers may be 0 only where the spec allows it (policy speech).
_BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "publicVoteLastDay": (0, 15),
    "maxRunoffs": (0, 2),
    "wakeupSeconds": (10, MAX),
    "candidacySecondsPerPlayer": (5, 3600),
    "campaignSeconds": (30, MAX),
    "campaignLaterSeconds": (30, MAX),
    "publicVoteSeconds": (15, MAX),
    "secretVoteSeconds": (15, MAX),
    "policySpeechSeconds": (0, 3600),
    "nightSeconds": (15, MAX),
    "lotterySeconds": (10, 3600),
}
_CHOICES: Final[dict[str, tuple[str, ...]]] = {"afkBallot": ("none", "random")}
#: The original text's readings (docs/rules/politician-decisions.md P16-P18): the guard may protect
#: himself (「任意の誰か1名」, AMB-23), a ballot may name oneself or abstain (AMB-04/05), the wolves name a
#: target every night (「毎晩1人を指定し」, AMB-26).
PRINTED: Final[dict[str, int | bool | str]] = {
    "guardSelfProtect": True,
    "freeBallot": True,
    "mandatoryNegativeCampaign": True,
}
#: The ``long`` preset (docs/rules/politician-decisions.md "Long games"): an hour to read
#: one's role, 10 minutes per player to stand, campaigns of 12 hours, votes of 2 hours, half an hour per
#: policy speech, a night of 10 hours (overnight), an hour for an interactive lottery draw. Per-player and
#: per-speech timers are capped at an hour, so that a table of 15 stays under the 48-hour cap.
LONG: Final[dict[str, int | bool | str]] = {
    "wakeupSeconds": 3600, "candidacySecondsPerPlayer": 600, "campaignSeconds": 43200,
    "campaignLaterSeconds": 43200, "publicVoteSeconds": 7200, "secretVoteSeconds": 7200,
    "policySpeechSeconds": 1800, "nightSeconds": 36000, "lotterySeconds": 3600,
}  # fmt: skip
OPTIONS: Final = OptionTable(DEFAULTS, _BOUNDS, _CHOICES, PRINTED, LONG, frozenset({"dayEnds"}))


def option(state: TableState, name: str) -> Any:
    """The value of option ``name`` (a key of :data:`DEFAULTS`): the host's, else the default."""
    return OPTIONS.get(state, name)


def cast_for(state: TableState, players: int) -> Cast | None:
    """The cast dealt to ``players``: the host's custom cast if set (its size must match), else §4."""
    custom = state.settings.get("cast")
    if custom:
        return Cast.model_validate(custom)
    return CASTS.get(players)


def configure(state: TableState, name: str, values: tuple[str, ...]) -> list[Notice] | Rejected:
    """``/option <name> [values…]`` in the lobby: without a name or values, show the current settings;
    ``cast`` sets a custom cast (``role=count`` words plus ``seats=S human=h wolf=w``; ``cast default``
    goes back to §4); ``preset printed|default`` sets the options of :data:`PRINTED` to the original
    text's reading or back; any §11 key sets that option. Refuses with ``option.unknown``, ``option.invalid``
    (with the allowed range or words) or a ``cast.*`` reason of
    :func:`~core.games.politician.roles.check_cast`."""
    if name in ("", "show"):
        return [Notice(key="lobby.options", to=PUBLIC, params=summary(state), phase_seq=state.phase_seq)]
    key = "cast" if name.lower() == "cast" else OPTIONS.find(name)
    if key is None and name.lower() != "preset":
        return Rejected(reason="option.unknown", params={"options": ", ".join(["cast", "preset", *DEFAULTS])})
    if key is None:
        refused = OPTIONS.configure(state, name, values)
        if refused:
            return refused
    elif key == "cast" and values:
        refused = _set_cast(state, values)
        if refused:
            return refused
    elif values:
        refused = OPTIONS.set(state, key, values[0])
        if refused:
            return refused
    return [Notice(key="lobby.options", to=PUBLIC, params=summary(state), phase_seq=state.phase_seq)]


def _set_cast(state: TableState, values: tuple[str, ...]) -> Rejected | None:
    if values == ("default",):
        state.settings.pop("cast", None)
        return None
    roles: dict[str, int] = {}
    rule = {"seats": 4, "human": 3, "wolf": 2}
    for word in values:
        name, _, count = word.partition("=")
        if not count.isdigit() or (name not in ROLES and name not in rule):
            names: list[Scalar] = [RoleRef(id=r) for r in ROLES]
            return Rejected(reason="cast.syntax", params={"word": word, "roles": names})
        if name in rule:
            rule[name] = int(count)
        elif int(count):
            roles[name] = int(count)
    cast = Cast(roles=roles, **rule)
    refused = check_cast(cast)
    if refused:
        return Rejected(reason=refused[0], params=refused[1])
    state.settings["cast"] = cast.model_dump()
    return None


def summary(state: TableState) -> dict[str, Param]:
    """The lobby's view of the settings: the cast for the current member count (or the custom one), the
    changed options, every option of :data:`PRINTED` with its value (``rules``), the preset they follow
    (``preset``), and the §4.3 warning."""
    custom = state.settings.get("cast")
    cast = cast_for(state, max(len(state.members), 5))
    changed = OPTIONS.changed(state)
    return {
        "cast": composition(cast) if cast else [],
        "players": cast.players if cast else len(state.members),
        "custom": bool(custom),
        "changed": changed,
        "rules": OPTIONS.rules(state),
        "preset": OPTIONS.preset_line(state),
        "warning": KeyRef(key="cast.warning") if cast and custom and warns(cast) else "",
        "seats": cast.seats if cast else 0,
        "human": cast.human if cast else 0,
        "wolf": cast.wolf if cast else 0,
    }


def composition(cast: Cast) -> list[Scalar]:
    """One ``composition.line`` per role of ``cast`` (role and count), in §3.1 order (AMB-44)."""
    return [
        KeyRef(key="composition.line", params={"role": RoleRef(id=r), "count": cast.roles[r]})
        for r in ROLES
        if cast.roles.get(r)
    ]
