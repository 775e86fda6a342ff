"""Host options every game declares the same way: a table of defaults, integer bounds and word choices,
stored by name in ``settings["options"]`` and set in the lobby with ``/option <name> <value>``.

A game builds one :class:`OptionTable` from its rules spec's option list (``politician.md`` §11,
``deathnote.md`` §11.5) and reads values with :meth:`OptionTable.get`. Options where the original rule
text reads otherwise than the spec also carry their printed value (``printed``): ``/option preset
printed`` sets all of them at once, ``/option preset default`` takes them back to the defaults. A game's
phase lengths for play over days are its ``long`` preset: ``/option preset long``.

Timer options are capped at :data:`core.engine.clock.MAX_PHASE_SECONDS` (48 hours): a longer value is
refused with ``option.too_long``. Clock-time options (``dayEnds``) take ``off`` or ``HH:MM``.

Every typed value is read after Unicode NFKC (:func:`folded_value`), as LINE's commands are
(``handlers.line.typed``): full-width digits and colons (``２１：００``, ``１２０``) read as ASCII.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from core.engine.clock import MAX_PHASE_SECONDS, OFF, clock_time
from core.engine.notice import KeyRef, Scalar
from core.engine.result import Rejected
from core.engine.table import TableState

#: Words accepted for an on/off option.
ON_WORDS: Final = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}
#: The name of the preset switch (``/option preset printed``) and its words.
PRESET: Final = "preset"
PRESETS: Final = ("default", "printed", "long")
#: What ``option.invalid`` names as the values of a clock-time option (with the range of ``HH:MM``).
CLOCK_WORDS: Final = f"{OFF} / HH:MM (00:00–23:59)"

Value = int | bool | str


def invalid(name: str, allowed: str) -> Rejected:
    """``option.invalid`` for option ``name``, naming the ``allowed`` values."""
    return Rejected(reason="option.invalid", params={"option": name, "allowed": allowed})


def folded_value(raw: str) -> str:
    """An option value as typed, read the same way everywhere: Unicode NFKC (full-width ``１２０`` and
    ``２１：００`` → ``120`` and ``21:00``), surrounding spaces dropped."""
    return unicodedata.normalize("NFKC", raw).strip()


@dataclass(frozen=True)
class OptionTable:
    """``defaults``: option name → default (bool: on/off, int: a number within ``bounds``, str: one of
    ``choices``). Seconds for timer options. ``printed``: option name → its value as the original rule
    text reads (the ``printed`` preset); each is shown in the lobby with a ``option.about.<name>`` text.
    A word option may have ``bounds`` too: it then also takes a whole number within them, kept as its
    digits (人狼's ``discussionSeconds``: ``auto`` or seconds). ``long``: option name → its value for a
    group playing over days (the ``long`` preset; each game's
    docs/rules/<game>-decisions.md "Long games" says why). ``clocks``: the options whose value is ``off``
    or a clock time ``HH:MM`` of the group's zone (``dayEnds``; their default is ``off``). ``aliases``:
    another name a host may type for an option (alias → option name; DEATH NOTE 人狼's spec id
    ``spectators`` for ``afterlifeSees``), never shown; a value stored under the alias (settings written
    before the option took its name) still counts."""

    defaults: Mapping[str, Value]
    bounds: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    printed: Mapping[str, Value] = field(default_factory=dict)
    long: Mapping[str, Value] = field(default_factory=dict)
    clocks: frozenset[str] = frozenset()
    aliases: Mapping[str, str] = field(default_factory=dict)

    def get(self, state: TableState, name: str) -> Any:
        """The value of option ``name``: the host's (under its name, else under an alias), else the
        default. Raises KeyError for an unknown name (a rules defect)."""
        options = state.settings.get("options", {})
        if name in options:
            return options[name]
        if self.aliases:
            stored = [options[a] for a, n in self.aliases.items() if n == name and a in options]
            if stored:
                return stored[0]
        return self.defaults[name]

    def find(self, typed: str) -> str | None:
        """The option name ``typed`` (any case; an alias gives its option), or None."""
        found = next((k for k in self.defaults if k.lower() == typed.lower()), None)
        return found or next((n for a, n in self.aliases.items() if a.lower() == typed.lower()), None)

    def set(self, state: TableState, name: str, raw: str) -> Rejected | None:
        """Set option ``name`` from the word ``raw``; ``option.invalid`` (with the allowed range or words)
        when it does not fit, ``option.too_long`` (with the cap in seconds) for a timer beyond
        :data:`~core.engine.clock.MAX_PHASE_SECONDS`."""
        default = self.defaults[name]
        raw = folded_value(raw)
        value: int | bool | str
        if name in self.clocks:
            clock = OFF if raw.lower() == OFF else clock_time(raw)
            if clock is None:
                return Rejected(reason="option.invalid", params={"option": name, "allowed": CLOCK_WORDS})
            value = clock
        elif isinstance(default, bool):
            if raw.lower() not in ON_WORDS:
                return Rejected(reason="option.invalid", params={"option": name, "allowed": "on / off"})
            value = ON_WORDS[raw.lower()]
        elif isinstance(default, int):
            low, high = self.bounds[name]
            if raw.isdigit() and high == MAX_PHASE_SECONDS < int(raw):
                return too_long(name)
            if not raw.isdigit() or not low <= int(raw) <= high:
                return Rejected(reason="option.invalid", params={"option": name, "allowed": f"{low}-{high}"})
            value = int(raw)
        elif raw.isdigit() and name in self.bounds:
            low, high = self.bounds[name]
            if high == MAX_PHASE_SECONDS < int(raw):
                return too_long(name)
            if not low <= int(raw) <= high:
                return Rejected(
                    reason="option.invalid", params={"option": name, "allowed": self.allowed(name)}
                )
            value = str(int(raw))
        else:
            if raw.lower() not in self.choices[name]:
                return Rejected(
                    reason="option.invalid", params={"option": name, "allowed": self.allowed(name)}
                )
            value = raw.lower()
        options = state.settings.setdefault("options", {})
        for alias in (a for a, n in self.aliases.items() if n == name):
            options.pop(alias, None)
        options[name] = value
        return None

    def allowed(self, name: str) -> str:
        """The values option ``name`` takes, as ``option.invalid`` and ``/settings <game> <option>`` word
        them: ``on / off``, ``off / HH:MM (00:00–23:59)``, ``low-high``, the words, and for a word option
        with bounds its words that are no number then ``low-high``."""
        default = self.defaults[name]
        if isinstance(default, bool):
            return "on / off"
        if name in self.clocks:
            return CLOCK_WORDS
        if isinstance(default, int):
            low, high = self.bounds[name]
            return f"{low}-{high}"
        words = self.choices[name]
        if name in self.bounds:
            low, high = self.bounds[name]
            words = (*(w for w in words if not w.isdigit()), f"{low}-{high}")
        return " / ".join(words)

    def configure(
        self, state: TableState, name: str, values: tuple[str, ...], *, also: tuple[str, ...] = ()
    ) -> Rejected | None:
        """``/option <name> [value]``: set option ``name`` (any case) from the first value; nothing to do
        without a name (``""``, ``show``) or a value (the caller shows the settings). Refuses
        ``option.unknown`` naming ``also`` (the game's other settings, e.g. ``pool``) and this table's
        options, or ``option.invalid`` (:meth:`set`)."""
        if name in ("", "show"):
            return None
        if name.lower() == PRESET and (self.printed or self.long):
            return self.apply_preset(state, values[0]) if values else None
        key = self.find(name)
        if key is None:
            names = [*also, *([PRESET] if self.printed or self.long else []), *self.defaults]
            return Rejected(reason="option.unknown", params={"options": ", ".join(names)})
        return self.set(state, key, values[0]) if values else None

    def presets(self) -> tuple[str, ...]:
        """The preset words this table takes: ``default`` and those it has (``printed``, ``long``)."""
        return ("default", *(p for p in PRESETS[1:] if getattr(self, p)))

    def apply_preset(self, state: TableState, raw: str) -> Rejected | None:
        """``/option preset printed``: every option of ``printed`` takes its printed value; ``/option preset
        long``: every option of ``long`` takes its value for play over days (the two combine); ``/option
        preset default``: the options of ``printed``, and those of ``long`` that still have their long
        value, go back to their defaults (the host's other options and own timers stay).
        ``option.invalid`` (with the words) for any other word."""
        word = folded_value(raw).lower()
        if word not in self.presets():
            allowed = " / ".join(self.presets())
            return Rejected(reason="option.invalid", params={"option": PRESET, "allowed": allowed})
        options = state.settings.setdefault("options", {})
        chosen = {"printed": self.printed, "long": self.long}.get(word)
        if chosen is not None:
            options.update(chosen)
        else:
            for name in self.printed:
                options.pop(name, None)
            for name, value in self.long.items():
                if options.get(name) == value:
                    options.pop(name)
        if not options:
            state.settings.pop("options")
        return None

    def preset(self, state: TableState) -> str:
        """``printed`` when every option of ``printed`` has its printed value, ``long`` when every option of
        ``long`` has its long value, ``printed_long`` when both hold, ``default`` when every one of them has
        its default, else ``custom``."""
        names = (*self.printed, *self.long)
        now = {name: self.get(state, name) for name in names}
        printed = bool(self.printed) and all(now[n] == v for n, v in self.printed.items())
        long = bool(self.long) and all(now[n] == v for n, v in self.long.items())
        if printed or long:
            return "printed_long" if printed and long else "printed" if printed else "long"
        return "default" if all(now[name] == self.defaults[name] for name in now) else "custom"

    def preset_line(self, state: TableState) -> KeyRef:
        """The ``preset.line`` of the lobby and ``/option``: which preset the options follow now."""
        return KeyRef(key="preset.line", params={"preset": KeyRef(key=f"preset.{self.preset(state)}")})

    def every(self, state: TableState) -> list[Scalar]:
        """One line per option with its value now (the host's or the default), in table order: an
        ``option.line`` (``option.line.timer`` for a timer), or for an option of ``printed`` its
        :meth:`rule_line`."""
        return [
            self.rule_line(state, name) if name in self.printed else self._line(name, self.get(state, name))
            for name in self.defaults
        ]

    def rules(self, state: TableState) -> list[Scalar]:
        """The :meth:`rule_line` of every option of ``printed``, in table order."""
        return [self.rule_line(state, name) for name in self.defaults if name in self.printed]

    def rule_line(self, state: TableState, name: str) -> KeyRef:
        """``option.line.as_printed`` (the value is the printed one) or ``option.line.printed`` (with the
        printed value), each with the option's ``option.about.<name>`` text."""
        value, printed = self.get(state, name), self.printed[name]
        key = "option.line.as_printed" if value == printed else "option.line.printed"
        about = KeyRef(key=f"option.about.{name}")
        return KeyRef(
            key=key, params={"option": name, "value": shown(value), "printed": shown(printed), "about": about}
        )

    def timer(self, name: str) -> bool:
        """Whether option ``name`` is a length of time in seconds: an integer capped at
        :data:`~core.engine.clock.MAX_PHASE_SECONDS` (as :meth:`set` caps it) or one the ``long`` preset
        sets (a per-player or per-speech timer capped lower)."""
        default = self.defaults[name]
        is_int = isinstance(default, int) and not isinstance(default, bool)
        capped = name in self.bounds and self.bounds[name][1] == MAX_PHASE_SECONDS
        return is_int and (capped or name in self.long)

    def _line(self, name: str, value: Value) -> KeyRef:
        """``option.line`` (option and value as typed), or for a timer ``option.line.timer`` that also
        shows the value as a span of time (``span``: seconds; 「36000 (10時間)」)."""
        if self.timer(name) and isinstance(value, int) and not isinstance(value, bool):
            return KeyRef(
                key="option.line.timer", params={"option": name, "value": shown(value), "span": value}
            )
        return KeyRef(key="option.line", params={"option": name, "value": shown(value)})

    def changed(self, state: TableState) -> list[Scalar]:
        """One ``option.line`` (option and value as typed) per option the host changed, options of
        ``printed`` aside (:meth:`rules` shows them)."""
        options = state.settings.get("options", {})
        named = {self.aliases.get(k, k): v for k, v in options.items()}
        return [self._line(k, v) for k, v in named.items() if k not in self.printed]


def too_long(name: str) -> Rejected:
    """``option.too_long``: option ``name`` would make a phase last over the 48-hour cap (``limit``: the
    cap in seconds, shown as a span of time)."""
    return Rejected(reason="option.too_long", params={"option": name, "limit": MAX_PHASE_SECONDS})


def shown(value: Value) -> str:
    """An option's value as the lobby prints it: ``on``/``off`` for a switch, else the value."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)
