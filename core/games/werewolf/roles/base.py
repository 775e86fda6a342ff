"""The shape of a role module of classic 人狼 (``werewolf.md`` §3): what a role contributes to the rules.

A role module exposes ``ROLE``, an instance of a :class:`Role` subclass whose class attributes are the row
of the §3.1 table (camp, counting class, result class, immunity …) and whose methods give its night verb
and targets, read off the game through :class:`RoleCtx` (what a role may see of it; the rules' context
``core.games.werewolf.ctx.Ctx`` is one). The rules read these attributes; roles never name each other except
by the role ids they learn at the deal (``knows``) or follow (``follows``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Protocol

from core.games.werewolf.model import Player

Camp = Literal["village", "werewolf", "fox"]
#: How a living holder is counted in the win check [WW-7.1].
Count = Literal["human", "wolf", "none"]

#: Night action kinds [WW-6.10.2]: 疑う (the dummy, AMB-50), 占う, 守る and the wolves' 襲う proposal
#: (the shared ``kill`` kind of every game's team attack).
SUSPECT, DIVINE, GUARD, ATTACK = "night.suspect", "night.divine", "night.guard", "kill"
VERBS = (SUSPECT, DIVINE, GUARD, ATTACK)


class RoleCtx(Protocol):
    """What a role's hooks read of the game while the rules decide a command: the player at a seat (0:
    身代わり君) and the role dealt to it, a [WW-11] option's value, the number of the open night (the
    current day number while it is night) [WW-0.2], and the living seats, ascending (身代わり君 only
    during Night 0), or only the living humans."""

    def p(self, seat: int) -> Player: ...

    def card(self, seat: int) -> Role: ...

    def option(self, name: str) -> Any: ...

    def night_n(self) -> int: ...

    def living(self) -> list[int]: ...

    def living_humans(self) -> list[int]: ...


class Role:
    """One role of §3.1; every hook has the plain villager's answer.

    ``order``: the canonical order of §3.1 (composition lists, the deal, the reveal); ``camp``;
    ``counted``; ``single``: at most one card (V3); ``paired``: 0 or at least 2 cards (V4); ``needs``: a
    role id the cast must hold too (V5); ``black``: divined and mediumed 「人狼」 [WW-3.2]; ``cursed``: dies
    when divined (呪殺); ``immune``: survives the wolves' attack silently; ``follows``: dies at once when no
    holder of that role lives (後追い); ``drags``: takes another player along on execution or attack
    (猫又); ``npc_card``: may be 身代わり君's card [WW-4.4]; ``knows``: role ids whose holders it is told
    at the deal [WW-3.3]; ``chat``: the least ``teamChat`` value at which its living holders share a night
    chat (``wolves`` or ``all``) [WW-8.4]."""

    id: ClassVar[str]
    order: ClassVar[int]
    camp: ClassVar[Camp] = "village"
    counted: ClassVar[Count] = "human"
    single: ClassVar[bool] = False
    paired: ClassVar[bool] = False
    needs: ClassVar[str | None] = None
    black: ClassVar[bool] = False
    cursed: ClassVar[bool] = False
    immune: ClassVar[bool] = False
    follows: ClassVar[str | None] = None
    drags: ClassVar[bool] = False
    npc_card: ClassVar[bool] = True
    knows: ClassVar[tuple[str, ...]] = ()
    chat: ClassVar[str | None] = None

    def verb(self, g: RoleCtx, seat: int) -> str:
        """The kind of ``seat``'s night action tonight: :data:`SUSPECT` unless the role acts [WW-8.2]."""
        return SUSPECT

    def targets(self, g: RoleCtx, seat: int) -> list[int]:
        """The seats ``seat`` may name tonight with :meth:`verb`, ascending (0 = 身代わり君). 疑う names
        any other living human [WW-6.10.2]."""
        return [s for s in g.living_humans() if s != seat]

    def refusal(self, g: RoleCtx, seat: int, target: int) -> str | None:
        """The role's own reason a named ``target`` is refused tonight (``guard.self`` …), or None."""
        return None
