"""The shape of a Megami module: what a role may contribute to the shared engine.

A role module defines one subclass of :class:`Megami` and exposes an instance as ``ROLE``. The engine
discovers ``roles/*.py``; roles interact only through the effect primitives of ``effects.py`` and the step
ids of ``order.py``, never by naming each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from core.engine.notice import Action, KeyRef

if TYPE_CHECKING:
    from core.games.adazakura.ctx import Ctx
    from core.games.adazakura.model import AdzState, Player

#: A night step handler: (context, holder, the holder's chosen action for this ability or None).
StepHandler = Callable[["Ctx", "Player", "Action | None"], None]
#: An erasure step handler: (context, current target seat) → new target seat, or None to stop [ADZ-7.2].
ErasureHandler = Callable[["Ctx", int], "int | None"]


class Megami:
    """Base class: every hook is optional. ``id`` is the spec's Megami id [ADZ-9.0].

    ``self_target``: whether the ability may land on its user (else a shift onto her fizzles, [ADZ-3.9]).
    ``automatic``: the ability acts at its steps without a choice (Utsuro, Honoka, Renri).
    """

    id: ClassVar[str]
    self_target: ClassVar[bool] = False
    automatic: ClassVar[bool] = False
    #: Night steps that run even while the holder is sealed (passive parts, e.g. Kamui's fate) [ADZ-3.8].
    passive_steps: ClassVar[frozenset[str]] = frozenset()
    #: The night choice resolves the moment it is submitted and is final (Kururu's look, [ADZ-3.10]):
    #: ``night.submit`` applies R0 to it and calls :meth:`resolve_now` instead of keeping it for R1.
    instant: ClassVar[bool] = False
    #: The whole ability is passive (A19): its night options are offered even while the holder is sealed
    #: (Kamui's revenge choice, [ADZ-9.21]); list the steps that must then run in ``passive_steps``.
    passive: ClassVar[bool] = False

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        """Lines added to the ability's text (``version``: the holder's faction version) that follow this
        table's options (``role.<id>.text.<note>``, labelled for ``/role`` by ``guide.variant.<note>``)."""
        return []

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        """Actions ``p`` may choose tonight with this ability (called only if ``p`` may act at all)."""
        return []

    def prompt_note(self, g: Ctx, p: Player) -> str | None:
        """A catalog key added to ``p``'s night prompt tonight (Kamui's fate, [ADZ-9.21]), or None: the
        one exception to identical prompts [ADZ-11.4]."""
        return None

    def day_options(self, g: Ctx, p: Player) -> list[Action]:
        """Actions ``p`` may take in today's discussion with this ability."""
        return []

    def apply_day_action(self, g: Ctx, p: Player, action: Action) -> None:
        """Carry out a legal day action of this ability."""
        raise NotImplementedError(self.id)

    def resolve_now(self, g: Ctx, p: Player, action: Action) -> None:
        """Carry out an ``instant`` choice at submission. ``action`` is the actual one after R0 (a fizzled
        target is ``night.FIZZLED``; the shift or fizzle note has been told already) [ADZ-6.2]."""
        raise NotImplementedError(self.id)

    def on_copied(self, g: Ctx, p: Player) -> None:
        """``p`` has just started holding this ability in the night's window by copying it (Kururu's
        look): an ability that acts at the night's opening acts now (Black Box, A58)."""

    def anytime_options(self, g: Ctx, p: Player) -> list[Action]:
        """Actions the living holder ``p`` may take in every phase, sealed or not (the Black Box switch,
        A70); carried out by :meth:`apply_anytime`."""
        return []

    def apply_anytime(self, g: Ctx, p: Player, action: Action) -> None:
        """Carry out a legal action of :meth:`anytime_options`."""
        raise NotImplementedError(self.id)

    def steps(self) -> dict[str, StepHandler]:
        """Night step id (order.NIGHT_STEPS) → handler."""
        return {}

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        """Erasure step id (order.ERASURE_STEPS) → handler, called once per night (it checks its holders)."""
        return {}

    def erasure_failed(self, g: Ctx, target: int, step: str) -> None:
        """The erasure, aimed at ``target``, stopped at pipeline ``step`` without killing anyone [ADZ-7.2]
        (Saine's count under ``saine_first``)."""

    def shift(self, g: Ctx, actor: int, target: int) -> int | None:
        """A passive redirection of ``actor``'s targeted ability aimed at ``target`` (Yukihi, [ADZ-3.9]):
        the actual target, or None when this role does not shift it."""
        return None

    def vote_weight(self, g: Ctx, p: Player) -> int | None:
        """A passive ballot weight for ``p`` today [ADZ-8.3], or None."""
        return None

    def seal_target(self, g: Ctx, p: Player, action: Action | None) -> int | None:
        """The seat ``p``'s resolved ``action`` of this ability seals tonight (Hatsumi's designation, Raira's
        thunder 2; None when it seals nobody) [ADZ-3.8]: with ``seals_at_once`` it stops that seat's other
        abilities this very night (``night.stop_sealed``)."""
        return None

    def phase_seals(self, g: Ctx, p: Player) -> list[int]:
        """Seats this living holder's passive seals at the start of the current phase [ADZ-3.8]."""
        return []

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        """Why ``action`` of this ability is not legal for ``p`` now (``ability.used_up``,
        ``target.repeat``, …), or None to fall back to the generic reasons [ADZ-11.2]."""
        return None
