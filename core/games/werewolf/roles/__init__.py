"""Role modules of classic 人狼, one per file, discovered at import: each exposes ``ROLE`` (a
:class:`~core.games.werewolf.roles.base.Role`). Nothing lists the roles; their §3.1 order is each
role's ``order``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from core.games.werewolf.roles.base import Role


@cache
def roles() -> dict[str, Role]:
    """``{role id: role}`` for every role module, in the canonical order of §3.1."""
    found: list[Role] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base":
            continue
        role = getattr(importlib.import_module(f"{__name__}.{info.name}"), "ROLE", None)
        if isinstance(role, Role):
            found.append(role)
    return {role.id: role for role in sorted(found, key=lambda r: r.order)}


def role(role_id: str) -> Role:
    """The role ``role_id``; raises KeyError for an unknown id."""
    return roles()[role_id]


def order() -> tuple[str, ...]:
    """Every role id in the canonical order of §3.1."""
    return tuple(roles())
