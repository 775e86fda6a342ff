"""Up-front checks of a scenario file (docs/scenarios.md): an unusable file is refused with one clear line
(exit 2) before anything is played, instead of a failed run, a Python error or a pydantic warning later.

Checked: the game id, the test-mode setup [ADZ-11.10] (seats, deck, RNG draws), the host settings
([ADZ-11.8] timers, (A37) ``shinra_k``, the ``/option`` values of ``options``) and the shape of every
scripted action. Every check raises
``ValueError`` with a message that names the place (``setup.seats: seat 2 …``, ``step 4 (night 1), seat 2``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

import core.i18n as i18n
from core.games import registry
from core.games.adazakura.megami import TAROTS
from core.games.adazakura.settings import OPTIONS, TIMERS
from core.games.adazakura.setup import FACTION_CODES
from devtools.expect import Move

if TYPE_CHECKING:
    from devtools.script import Step

Model = TypeVar("Model", bound=BaseModel)
Index = Annotated[int, Field(ge=0)]
Seconds = Annotated[int, Field(gt=0)]


def as_moves(moves: Move | list[Move]) -> list[Move]:
    """One move (``["vote", 3]``) or a list of moves, as a list of moves."""
    if moves and all(isinstance(m, list) for m in moves):
        return cast(list[Move], moves)
    return [cast(Move, moves)]


def one_line(err: ValidationError, prefix: str = "") -> str:
    """A pydantic error as one line: ``setup.rng.0: Input should be a valid integer; …``."""
    errors = err.errors()
    places = [(prefix + ".".join(map(str, e["loc"]))).rstrip(".") for e in errors]
    return "; ".join(f"{place}: {e['msg']}" for place, e in zip(places, errors, strict=True))


def check_game(game: str) -> None:
    """Raises ValueError when ``game`` is not a known game id."""
    known = sorted(registry())
    if game not in known:
        raise ValueError(f"unknown game {game} (known: {', '.join(known)})")


def check_table(game: str, players: list[str], setup: dict[str, Any], settings: dict[str, Any]) -> None:
    """Raises ValueError when the setup or the settings cannot be used for ``game`` (a game without
    checks here is left to its rules)."""
    check = TABLE_CHECKS.get(game)
    if check is not None:
        check(players, setup, settings)


def check_moves(script: list[Step]) -> None:
    """Raises ValueError naming the step (1-based, as in the transcript) and the seat of the first
    scripted action that is not ``[kind, *args]`` with a text ``kind``."""
    for index, step in enumerate(script, start=1):
        for seat, moves in step.actions.items():
            for one in as_moves(moves):
                if not one or not isinstance(one[0], str):
                    phase = step.phase if step.n is None else f"{step.phase} {step.n}"
                    raise ValueError(
                        f"step {index} ({phase}), seat {seat}: an action is [kind, *args] with a text kind, "
                        f'e.g. ["vote", 3]; got {json.dumps(one)}'
                    )


def _parse(model: type[Model], data: dict[str, Any], prefix: str) -> Model:
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise ValueError(one_line(err, prefix)) from None


class _AdazakuraSetup(BaseModel):
    """The test-mode setup [ADZ-11.10]; the seats' text is checked by :func:`_adazakura`."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seats: list[str]
    deck: list[str] | None = None
    rng: list[Index] = Field(default_factory=list)


class _AdazakuraSettings(BaseModel):
    """Host settings a scenario may set: timers [ADZ-11.8], ``k`` [ADZ-4.3], ``pool``, ``shinra_k`` (A37),
    and ``options`` (the ``/option`` names and values of ``settings.OPTIONS``, the original text's
    readings among them)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    options: dict[str, bool | int] = Field(default_factory=dict)
    timers: dict[str, Seconds] = Field(default_factory=dict)
    shinra_k: Annotated[int, Field(ge=1, le=5)] = 3
    k: Annotated[int, Field(ge=1)] | None = None
    pool: list[str] | None = None
    locale: str = "ja"

    @field_validator("timers")
    @classmethod
    def _known_phases(cls, timers: dict[str, int]) -> dict[str, int]:
        unknown = sorted(set(timers) - set(TIMERS))
        if unknown:
            raise ValueError(f"unknown phase {', '.join(unknown)} (known: {', '.join(TIMERS)})")
        return timers

    @field_validator("options")
    @classmethod
    def _known_options(cls, options: dict[str, bool | int]) -> dict[str, bool | int]:
        for name, value in options.items():
            default = OPTIONS.defaults.get(name)
            if default is None:
                raise ValueError(f"unknown option {name} (known: {', '.join(OPTIONS.defaults)})")
            if isinstance(default, bool) != isinstance(value, bool):
                raise ValueError(
                    f"{name} takes {'true or false' if isinstance(default, bool) else 'a number'}"
                )
        return options

    @field_validator("pool")
    @classmethod
    def _known_megami(cls, pool: list[str] | None) -> list[str] | None:
        unknown = [m for m in pool or [] if m not in TAROTS]
        if unknown:
            raise ValueError(f"unknown Megami {', '.join(unknown)} (known: {', '.join(TAROTS)})")
        return pool

    @field_validator("locale")
    @classmethod
    def _known_locale(cls, locale: str) -> str:
        if locale not in i18n.locales():
            raise ValueError(f"unknown locale {locale} (known: {', '.join(i18n.locales())})")
        return locale


def _adazakura(players: list[str], setup: dict[str, Any], settings: dict[str, Any]) -> None:
    """徒桜戦争: one ``megami/F`` per player in join order, a deck of undealt tarots [ADZ-11.10]."""
    parsed = _parse(_AdazakuraSetup, setup, "setup.")
    if len(parsed.seats) != len(players):
        raise ValueError(
            f"setup.seats: {len(parsed.seats)} seats for {len(players)} players "
            "(one 'megami/F' per player, in join order)"
        )
    for seat, spec in enumerate(parsed.seats, start=1):
        megami, slash, faction = spec.partition("/")
        if not slash or faction not in FACTION_CODES:
            raise ValueError(f"setup.seats: seat {seat} {spec!r}: write 'megami/F' with F one of S, A, -")
        if megami not in TAROTS:
            raise ValueError(
                f"setup.seats: seat {seat} {spec!r}: unknown Megami {megami} (known: {', '.join(TAROTS)})"
            )
    dealt = {spec.partition("/")[0] for spec in parsed.seats}
    wrong = [card for card in parsed.deck or [] if card not in TAROTS or card in dealt]
    if wrong:
        raise ValueError(f"setup.deck: {', '.join(wrong)}: the deck holds only tarots nobody was dealt")
    _parse(_AdazakuraSettings, settings, "settings.")


#: Per-game checks of the setup and settings: ``(players, setup, settings)``, raising ValueError.
TABLE_CHECKS: dict[str, Callable[[list[str], dict[str, Any], dict[str, Any]], None]] = {
    "adazakura": _adazakura,
}
