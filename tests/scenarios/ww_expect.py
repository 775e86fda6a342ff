"""What the classic 人狼 playthroughs (``werewolf.md`` §12) read back from a table, in plain form.

Shared by ``test_ww_12_*``: the prompts of a night (same text for every living player, [WW-8.2]), the
vote result the group saw, and :func:`assert_no_public_leak`, the §8.1 check that nothing public before
the end names a role (the composition counts excepted) or a cause of death.
"""

from __future__ import annotations

from core.engine.notice import KeyRef, Notice, RoleRef
from tests.games.werewolf.table import Heard, Table

#: Public notices that may name roles before the end: the composition (counts, AMB-07) and the settings.
ROLE_NAMING = frozenset({"game.cast", "lobby.options", "board"})


def prompts(t: Table) -> dict[int, Heard]:
    """``night.prompt`` of the last step by seat (their 1:1 chats)."""
    return {n.to.seats[0]: Heard(n.key, dict(n.params)) for n in t.heard
            if n.key == "night.prompt" and n.to.kind == "seat"}  # fmt: skip


def verbs(t: Table) -> dict[int, set[str]]:
    """The action kinds on each ``night.prompt`` of the last step, by seat."""
    return {n.to.seats[0]: {a.kind for a in n.actions} for n in t.heard if n.key == "night.prompt"}


def last_result(t: Table) -> Heard:
    """The last ``vote.result`` of the last step (a runoff's when there was one)."""
    return [h for h in t.public() if h.key == "vote.result"][-1]


def result_lines(t: Table) -> list[tuple[int, int | None]]:
    """The (voter, target or None) lines of the last step's last ``vote.result``."""
    lines = last_result(t).params["lines"]
    return [(p["voter"], p.get("target")) for _, p in lines]


def counts(t: Table) -> list[tuple[int, int]]:
    """The (candidate, votes) counts of the last step's last ``vote.result``, in the order shown."""
    return [(p["player"], p["votes"]) for _, p in last_result(t).params["counts"]]


def _refs(value: object) -> list[object]:
    if isinstance(value, list):
        return [r for v in value for r in _refs(v)]
    if isinstance(value, KeyRef):
        return [value, *[r for v in value.params.values() for r in _refs(v)]]
    return [value]


def assert_no_public_leak(t: Table) -> None:
    """§8.1 over the whole game so far, up to ``game.over``: no public notice names a role (but the
    composition and the settings) or a cause of death, or a recap line."""
    for _, _, notices in t.history:
        for n in notices:
            if n.key == "game.over":
                return
            if n.to.kind != "public" or n.key in ROLE_NAMING:
                continue
            refs = [r for v in n.params.values() for r in _refs(v)]
            assert not any(isinstance(r, RoleRef) for r in refs), n
            assert not any(isinstance(r, KeyRef) and r.key.startswith(("cause.", "recap.")) for r in refs), n


def private_keys(t: Table, seat: int) -> list[str]:
    """The keys of what ``seat`` read privately (1:1 chat and team channels) in the last step."""
    return [n.key for n in t.heard if n.to.kind in ("seat", "team") and seat in n.to.seats]


def public(notices: list[Notice]) -> list[str]:
    return [n.key for n in notices if n.to.kind == "public"]
