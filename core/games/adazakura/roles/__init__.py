"""Megami modules, one per file, discovered at import: each exposes ``ROLE`` (a ``base.Megami``)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from core.games.adazakura.roles.base import Megami


@cache
def roles() -> dict[str, Megami]:
    """``{megami id: role}`` for every implemented Megami."""
    found: dict[str, Megami] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base":
            continue
        role = getattr(importlib.import_module(f"{__name__}.{info.name}"), "ROLE", None)
        if isinstance(role, Megami):
            found[role.id] = role
    return found


@cache
def overriding(hook: str) -> dict[str, Megami]:
    """``{megami id: role}`` of the roles whose class defines ``hook`` (a :class:`Megami` method) for
    itself: the others keep the base hook, which contributes nothing (``[]`` or None), so a lookup that
    runs for every holder at every phase may skip them. Cached like :func:`roles`: the classes never change
    once imported."""
    base = getattr(Megami, hook)
    return {megami: role for megami, role in roles().items() if getattr(type(role), hook) is not base}


def implemented() -> tuple[str, ...]:
    """Ids of Megami whose abilities exist, in table order (the default setup pool, [ADZ-4.2])."""
    from core.games.adazakura.megami import TAROTS

    have = roles()
    return tuple(m for m in TAROTS if m in have)
