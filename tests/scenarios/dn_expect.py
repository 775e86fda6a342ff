"""What the DEATH NOTE 人狼 playthroughs (``deathnote.md`` §13) read back from a table, in plain form.

Shared by ``test_dn_13_*``: card types of instance ids, per-seat counts of a private notice, the night
screen every living seat must get (§11.2), and :func:`assert_no_public_leak`, the §11.6 check that no
group message before the end names a card that was passed, laid, exchanged, drawn or held, nor an
identity other than an eliminated L's or an arrested Kira's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from core.engine.notice import CardRef, KeyRef
from core.games.deathnote.cards import kind
from tests.games.deathnote.table import Move, Table, cards, type_of

#: Public notices that may name card types in their params: the composition (§3.4).
CARD_NAMING = frozenset({"game.setup"})
#: Public notices that may name identities: the composition, a caught Kira, an eliminated L (§8).
IDENTITY_NAMING = frozenset({"game.setup", "arrest.success", "judgment.eliminated_l"})


def kinds(*ids: str) -> list[str]:
    """The types of instance ids, in catalog order (how :meth:`Table.kinds` reads a hand)."""
    return [kind(c) for c in cards(*ids)]


def card(type_or_id: str) -> str:
    """A card param in plain form (its type id): ``card("FN")`` → ``"FAKE_NAME"``."""
    return type_of(type_or_id)


def counts(t: Table, key: str) -> dict[int, int]:
    """How many ``key`` notices each seat's 1:1 chat got in the last step (seats with none omitted)."""
    found: Counter[int] = Counter()
    for n in t.heard:
        if n.key == key and n.to.kind == "seat":
            found.update(n.to.seats)
    return dict(sorted(found.items()))


def night_screen(t: Table, seat: int, *, shinigami: bool) -> list[Move]:
    """§11.2: the buttons every living seat gets at night: the other living players' names (plus "none"
    at a Shinigami night), a point at each of them, then yes / no / ?."""
    others = [p.seat for p in t.state.players if p.alive and p.seat != seat]
    names: list[Move] = [("name", o) for o in others] + ([("name", "none")] if shinigami else [])
    points: list[Move] = [("signal.point", o) for o in others]
    return [*names, *points, ("signal.yes",), ("signal.no",), ("signal.ask",)]


def buttons(t: Table, key: str, seat: int) -> list[Move]:
    """The buttons of the (one) ``key`` notice ``seat`` got privately in the last step."""
    [n] = [n for n in t.heard if n.key == key and n.to.kind == "seat" and seat in n.to.seats]
    return [(a.kind, *a.args) for a in n.actions]


def assert_no_public_leak(t: Table) -> None:
    """§11.6 (7, 8) over the whole game so far, up to ``game.over``: no group message names a card in its
    params (only the composition does), and none names an identity except the composition, a caught Kira
    and an eliminated L; no ``recap.*`` line appears before the end."""
    for _, _, notices in t.history:
        for n in notices:
            if n.to.kind != "public":
                continue
            if n.key == "game.over":
                return
            assert not n.key.startswith("recap."), n.key
            keys = [k.key for k in _refs(n.params)]
            if n.key not in CARD_NAMING:
                assert not [k for k in keys if k.startswith("card.")], (n.key, keys)
            if n.key not in IDENTITY_NAMING:
                assert not [k for k in keys if k.startswith("identity.")], (n.key, keys)


def _refs(value: Any) -> Iterator[KeyRef]:
    """Every sub-phrase in ``value``; a card (``CardRef``) as its catalog key ``card.<type>``."""
    if isinstance(value, CardRef):
        yield KeyRef(key=f"card.{value.id}")
    if isinstance(value, KeyRef):
        yield value
        yield from _refs(value.params)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _refs(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _refs(v)
