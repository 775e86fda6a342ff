"""Deaths of classic 人狼 (``werewolf.md`` §5.1, §3.4, §8.3): dying with a cause, 後追い, 猫又's 道連れ,
and the arrival of the dead in the 霊界 (``PRIV_DEAD``, 霊界表示).

Deaths of one step are collected in ``Ctx.fallen`` (in order) so the step can name them and send the new
dead their 霊界 notice once.
"""

from __future__ import annotations

from typing import Literal

from core.engine.notice import KeyRef, Scalar
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.model import SCAPEGOAT, Cause, Death
from core.games.werewolf.roles import roles


def kill(g: Ctx, seat: int, cause: Cause) -> None:
    """``seat`` dies now of ``cause``, in the current night (while one is open) or day."""
    phase: Literal["night", "day"] = "night" if g.s.night is not None else "day"
    death = Death(phase=phase, n=g.night_n() if phase == "night" else g.s.day, cause=cause)
    g.p(seat).death = death
    g.fallen.append(seat)
    g.log("PlayerDied", seat=seat, cause=cause, phase=phase, n=death.n)


def follow(g: Ctx) -> list[int]:
    """後追い (AMB-28): every living holder of a role that follows another role no longer held by anyone
    alive dies at once (``follow``), in seat order; the seats that died."""
    died: list[int] = []
    for r in roles().values():
        if r.follows and not g.holders(r.follows, alive=True):
            for seat in g.holders(r.id, alive=True):
                kill(g, seat, "follow")
                died.append(seat)
    return sorted(died)


def drag(g: Ctx, pool: list[int]) -> int | None:
    """猫又's 道連れ (AMB-25, AMB-26): a uniform draw from ``pool`` (``DRAG``) dies; None for an empty
    pool. Dragged players never drag (AMB-27)."""
    if not pool:
        return None
    victim: int = g.draw("DRAG", sorted(pool))
    kill(g, victim, "drag")
    return victim


def also_died(g: Ctx, seats: list[int]) -> None:
    """``ANN_ALSO_DIED`` for each of ``seats`` in seat order, never with a cause (AMB-29)."""
    for seat in sorted(seats):
        g.announce("death.also", player=g.who(seat))


def arrive(g: Ctx, *, later: int | None = None) -> None:
    """The humans who died in this step join the 霊界 [WW-8.3] (:func:`welcome`), but ``later``: the
    executed player whose last words come first (they must say them knowing nothing of the 霊界, so
    ``execution.last_words`` welcomes them after). Clears ``Ctx.fallen``."""
    new = [s for s in dict.fromkeys(g.fallen) if s not in (SCAPEGOAT, later)]
    g.fallen.clear()
    for seat in new:
        welcome(g, seat)


def welcome(g: Ctx, seat: int) -> None:
    """``PRIV_DEAD`` to ``seat``: how the 霊界 works while it is open (``afterlife``), else only not to post
    in the group; with 霊界表示 (AMB-48) also every seat's role."""
    shown = KeyRef(key="grave.roles", params={"lines": roles_now(g)}) if g.option("graveyardReveal") else ""
    g.tell(seat, "dead.you" if g.option("afterlife") else "dead.you.closed", reveal=shown)


def roles_now(g: Ctx) -> list[Scalar]:
    """One ``grave.role`` line per seat (身代わり君 first): who, role, alive or dead."""
    return [
        KeyRef(key="grave.role", params={
            "player": g.who(p.seat), "role": g.role(p.role),
            "state": KeyRef(key="card.alive" if p.alive else "card.dead"),
        })
        for p in g.everyone()
    ]  # fmt: skip
