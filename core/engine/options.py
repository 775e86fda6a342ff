"""Host options every game declares the same way: a table of defaults, integer bounds and word choices,
stored by name in ``settings["options"]`` and set in the lobby with ``/option <name> <value>``.

A game builds one :class:`OptionTable` from its rules spec's option list (``politician.md`` §11,
``deathnote.md`` §11.5) and reads values with :meth:`OptionTable.get`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from core.engine.notice import KeyRef, Scalar
from core.engine.result import Rejected
from core.engine.table import TableState

#: Words accepted for an on/off option.
ON_WORDS: Final = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}


@dataclass(frozen=True)
class OptionTable:
    """``defaults``: option name → default (bool: on/off, int: a number within ``bounds``, str: one of
    ``choices``). Seconds for timer options."""

    defaults: Mapping[str, int | bool | str]
    bounds: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def get(self, state: TableState, name: str) -> Any:
        """The value of option ``name``: the host's, else the default. Raises KeyError for an unknown
        name (a rules defect)."""
        return state.settings.get("options", {}).get(name, self.defaults[name])

    def find(self, typed: str) -> str | None:
        """The option name ``typed`` (any case), or None."""
        return next((k for k in self.defaults if k.lower() == typed.lower()), None)

    def set(self, state: TableState, name: str, raw: str) -> Rejected | None:
        """Set option ``name`` from the word ``raw``; ``option.invalid`` (with the allowed range or words)
        when it does not fit."""
        default = self.defaults[name]
        value: int | bool | str
        if isinstance(default, bool):
            if raw.lower() not in ON_WORDS:
                return Rejected(reason="option.invalid", params={"option": name, "allowed": "on / off"})
            value = ON_WORDS[raw.lower()]
        elif isinstance(default, int):
            low, high = self.bounds[name]
            if not raw.isdigit() or not low <= int(raw) <= high:
                return Rejected(reason="option.invalid", params={"option": name, "allowed": f"{low}-{high}"})
            value = int(raw)
        else:
            allowed = self.choices[name]
            if raw.lower() not in allowed:
                return Rejected(
                    reason="option.invalid", params={"option": name, "allowed": " / ".join(allowed)}
                )
            value = raw.lower()
        state.settings.setdefault("options", {})[name] = value
        return None

    def configure(
        self, state: TableState, name: str, values: tuple[str, ...], *, also: tuple[str, ...] = ()
    ) -> Rejected | None:
        """``/option <name> [value]``: set option ``name`` (any case) from the first value; nothing to do
        without a name (``""``, ``show``) or a value (the caller shows the settings). Refuses
        ``option.unknown`` naming ``also`` (the game's other settings, e.g. ``pool``) and this table's
        options, or ``option.invalid`` (:meth:`set`)."""
        if name in ("", "show"):
            return None
        key = self.find(name)
        if key is None:
            return Rejected(reason="option.unknown", params={"options": ", ".join([*also, *self.defaults])})
        return self.set(state, key, values[0]) if values else None

    def every(self, state: TableState) -> list[Scalar]:
        """One ``option.line`` per option with its value now (the host's or the default), in table order."""
        return [self._line(name, self.get(state, name)) for name in self.defaults]

    @staticmethod
    def _line(name: str, value: int | bool | str) -> KeyRef:
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        return KeyRef(key="option.line", params={"option": name, "value": shown})

    @staticmethod
    def changed(state: TableState) -> list[Scalar]:
        """One ``option.line`` (option and value as typed) per option the host changed."""
        return [OptionTable._line(k, v) for k, v in state.settings.get("options", {}).items()]
