"""A fluent table for DEATH NOTE 人狼 scenario tests (``deathnote.md`` §13 notation).

``table(5, identities=[...], hands=[...], draw=[...], discard=["IL2", "FN*"], round=3, active=2,
played=[1], recognised=True, shuffle="noop")`` seats players 1..n in join order and starts from that
injected state (``settings["setup"]``, §1.4); ``deal(n, shuffle="noop")`` runs the real §3.3 deal instead
(identities in catalog order, i.e. what a no-op shuffle of S3 gives). Steps send commands through
``rules.decide`` exactly as the service would and fail the test at once on a refusal:

* ``.play(seat, "SURVEILLANCE", 3)`` / ``.play(seat, "IL")`` — the active player's card (a new step);
* ``.pick(seat, "IR")`` / ``.give(seat, "EX")`` — a secret step's choice (same step);
* ``.name(seat, target)`` (``None`` = "no swap") / ``.signal(seat, "point", 3)`` — night taps (same step);
* ``.close()`` / ``.timeout_all()`` — the open phase's timer fires (same step).

Cards may be written as type ids, short types (``"IR"``) or instance ids (``"IR1"``: that copy must be the
one the engine moves, the lowest in catalog order). Readers: ``hand``, ``draw``, ``discard`` (FACE_UP
list + sorted HIDDEN list, compare with :func:`pile`), ``removed``, ``alive``, ``candidates`` (the pick
buttons), ``group``/``told`` (the last step's notices) and ``refused`` (a refusal that changed nothing).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.engine.commands import Command, Join, StartGame
from core.engine.notice import CardRef, KeyRef, Notice
from core.engine.table import Member
from core.games import rules_for
from core.games.deathnote.cards import CATALOG, IDENTITIES, first_of, kind, sort_cards
from core.games.deathnote.model import DNState, Player
from tests.games.base_table import BaseTable
from tests.games.plain import Heard, Move, as_action, heard, plain, user

RULES = rules_for("deathnote")
#: Short names of the card types, as in instance ids (``IR`` = Investigation (Right)).
SHORT = {"DN": "DEATH_NOTE", "AR": "ARREST", "FN": "FAKE_NAME", "AL": "ALIBI",
         "IL": "INVESTIGATION_LEFT", "IR": "INVESTIGATION_RIGHT", "EX": "EXCHANGE", "SV": "SURVEILLANCE",
         "AP": "APPLE", "SH": "SHINIGAMI"}  # fmt: skip
#: Identities by the spec's short names (``Police(S)``, ``Police(TF)`` …).
IDENT = {"L": "IDENT_L", "NM": "IDENT_NEAR_MELLO", "PS": "IDENT_POLICE_SOICHIRO",
         "PT": "IDENT_POLICE_TASKFORCE", "K": "IDENT_KIRA", "F": "IDENT_FOLLOWER"}  # fmt: skip

__all__ = ["IDENT", "RULES", "SHORT", "Heard", "Move", "Table", "as_action", "cards", "deal", "heard",
           "pile", "plain", "started", "table", "type_of", "user"]  # fmt: skip


def type_of(card: str) -> str:
    """A type id from a type id, a short type (``IR``) or an instance id (``IR1``)."""
    if card in CATALOG:
        return kind(card)
    return SHORT.get(card, card)


def cards(*ids: str) -> list[str]:
    """Instance ids in catalog order (how :meth:`Table.hand` reads a hand); ``cards("SV1 AL")`` works."""
    return sort_cards([c for part in ids for c in part.split()])


def pile(*entries: str) -> tuple[list[str], list[str]]:
    """A §13 ``DISCARD`` (bottom→top, ``X*`` = HIDDEN) as compared by the spec: the FACE_UP cards in
    order and the HIDDEN ones as a multiset (sorted)."""
    flat = [e for part in entries for e in part.split()]
    return [e for e in flat if not e.endswith("*")], cards(*(e[:-1] for e in flat if e.endswith("*")))


class Table(BaseTable):
    """A started game. ``heard``: every notice of the last step, in order; ``history``: every accepted
    command with the phase it was sent in and its notices (golden transcripts)."""

    rules = RULES
    state: DNState

    def __init__(self, n: int, setup: dict[str, Any] | None, options: dict[str, Any] | None = None,
                 seed: int = 7) -> None:  # fmt: skip
        settings: dict[str, Any] = {"setup": setup} if setup else {}
        if options:
            settings["options"] = dict(options)
        self.now = 0
        host = Member(user_id=user(1), name="P1")
        lobby = RULES.new_game(game_id="g1", chat_id="c1", host=host, settings=settings, seed=seed, now=0)
        assert isinstance(lobby, DNState)
        self.state = lobby
        self.heard: list[Notice] = []
        self.history: list[tuple[tuple[str, int], Command, list[Notice]]] = []
        for seat in range(1, n + 1):
            self.send(Join(user_id=user(seat), name=f"P{seat}"))
        self.step(StartGame(user_id=user(1)))

    @property
    def phase(self) -> tuple[str, int]:
        """(phase id, round), e.g. ``("pass", 1)`` or ``("judgment", 2)``."""
        return self.state.phase, self.state.round

    # -- steps ---------------------------------------------------------------------------------------
    def play(self, seat: int, card: str, target: int | None = None) -> Table:
        """The active ``seat`` plays ``card`` (on ``target``) as a new step."""
        assert self.state.active == seat, (self.state.active, seat)
        self._own(seat, card)
        move: Move = (f"play.{type_of(card)}",) if target is None else (f"play.{type_of(card)}", target)
        return self.act(seat, *move)  # type: ignore[no-any-return]

    def pick(self, seat: int, card: str) -> Table:
        """``seat`` passes / lays face down / hands over ``card`` (same step)."""
        self._own(seat, card)
        return self.tap(seat, "pick", type_of(card))  # type: ignore[no-any-return]

    def give(self, seat: int, card: str) -> Table:
        """The Exchange user gives ``card`` back (same step)."""
        self._own(seat, card)
        return self.tap(seat, "give", type_of(card))  # type: ignore[no-any-return]

    def name(self, seat: int, target: int | None) -> Table:
        """A night tap: a living seat, or ``None`` for "none" (no swap) at a Shinigami night."""
        return self.tap(seat, "name", target)  # type: ignore[no-any-return]

    def signal(self, seat: int, what: str, *args: int) -> Table:
        """A §11.4 signal: ``point`` (with a seat), ``yes``, ``no`` or ``ask`` (same step)."""
        return self.tap(seat, f"signal.{what}", *args)  # type: ignore[no-any-return]

    def timeout_all(self) -> Table:
        """Nobody still prompted answers: the step's timer fires and the §11.5 defaults apply."""
        return self.close()  # type: ignore[no-any-return]

    def _own(self, seat: int, card: str) -> None:
        if card in CATALOG:
            held = self.state.players[seat - 1].hand
            assert first_of(held, kind(card)) == card, f"seat {seat} would move {first_of(held, kind(card))}"

    # -- readers -------------------------------------------------------------------------------------
    def p(self, seat: int) -> Player:
        return self.state.players[seat - 1]

    def hand(self, seat: int) -> list[str]:
        """``seat``'s hand, instance ids in catalog order."""
        return sort_cards(self.p(seat).hand)

    def kinds(self, seat: int) -> list[str]:
        """``seat``'s hand as players see it: card types in catalog order (copies are alike, §0.2)."""
        return [kind(c) for c in self.hand(seat)]

    def hands(self) -> dict[int, list[str]]:
        return {p.seat: self.hand(p.seat) for p in self.state.players}

    @property
    def draw(self) -> list[str]:
        """The draw pile, top first."""
        return list(self.state.draw)

    @property
    def discard(self) -> tuple[list[str], list[str]]:
        """The discard pile as §13 compares it: FACE_UP cards bottom→top, HIDDEN ones sorted."""
        face_up = [d.card for d in self.state.discard if not d.hidden]
        return face_up, cards(*(d.card for d in self.state.discard if d.hidden))

    @property
    def removed(self) -> list[str]:
        return list(self.state.removed)

    def alive(self, seat: int) -> bool:
        return self.p(seat).alive

    def candidates(self, seat: int) -> list[str]:
        """The card types ``seat`` may pick now (its buttons), in catalog order."""
        return [str(m[1]) for m in self.offered(seat) if m[0] == "pick"]

    def group(self) -> list[Heard]:
        """What the group chat saw during the last step."""
        return self.public()

    def public_cards(self) -> list[str]:
        """Card types named anywhere in the group's notices of the last step (§11.6.7)."""
        found: list[str] = []

        def walk(value: Any) -> None:
            if isinstance(value, CardRef):
                found.append(value.id)
            elif isinstance(value, KeyRef):
                walk(value.params)
            elif isinstance(value, dict):
                for v in value.values():
                    walk(v)
            elif isinstance(value, (list, tuple)):
                for v in value:
                    walk(v)

        for notice in self.heard:
            if notice.to.kind == "public":
                walk(notice.params)
        return found

    def told(self, seat: int) -> list[Heard]:
        """What ``seat``'s 1:1 chat received during the last step."""
        return self.private(seat)

    def keys(self, seat: int | None = None) -> list[str]:
        """Notice keys of the last step: the group's, or ``seat``'s 1:1 chat's."""
        return self.said(seat)

    def first(self, key: str, seat: int | None = None) -> Heard:
        """The first ``key`` notice of the last step (public, or in ``seat``'s 1:1 chat)."""
        found = [h for h in (self.group() if seat is None else self.told(seat)) if h.key == key]
        assert found, f"no {key} in {self.keys(seat)}"
        return found[0]

    @property
    def result(self) -> str | None:
        return self.state.result

    @property
    def winners(self) -> list[int]:
        return list(self.state.winners)


def _identities(ids: Iterable[str]) -> list[str]:
    return [IDENT.get(i, i) for i in ids]


def table(n: int | None = None, *, identities: Iterable[str], hands: Iterable[Iterable[str]] | None = None,
          draw: Iterable[str] = (), discard: Iterable[str] = (), removed: Iterable[str] = (),
          round: int = 1, start: int = 1, active: int | None = None, played: Iterable[int] = (),
          recognised: bool = False, shuffle: str | list[list[str]] = "noop", rng: Iterable[int] = (),
          fake_name_used: Iterable[int] = (), alibi_used: Iterable[int] = (), exposed_l: Iterable[int] = (),
          options: dict[str, Any] | None = None, seed: int = 7) -> Table:  # fmt: skip
    """A game started from an injected state (§1.4); identities by id or :data:`IDENT` short name, hands
    as lists or space-separated strings. Without ``hands`` the §3.3 deal runs with ``shuffle``."""
    idents = _identities(identities)
    setup: dict[str, Any] = {"identities": idents, "shuffle": shuffle, "rng": list(rng), "start": start}
    if hands is not None:
        setup |= {
            "hands": [cards(h) if isinstance(h, str) else list(h) for h in hands],
            "draw": list(draw), "discard": list(discard), "removed": list(removed), "round": round,
            "active": start if active is None else active, "played": list(played),
            "recognised": recognised, "fake_name_used": list(fake_name_used),
            "alibi_used": list(alibi_used), "exposed_l": list(exposed_l),
        }  # fmt: skip
    return Table(n or len(idents), setup, options, seed)


def deal(n: int, *, shuffle: str | list[list[str]] = "noop", start: int = 1,
         options: dict[str, Any] | None = None, seed: int = 7) -> Table:  # fmt: skip
    """A real §3.3 deal for ``n`` players (identities in catalog order: a no-op S3 shuffle)."""
    return table(n, identities=IDENTITIES[n], shuffle=shuffle, start=start, options=options, seed=seed)


def started(n: int, *, seed: int, options: dict[str, Any] | None = None) -> Table:
    """A game started for real (no test mode): seats, identities, start player and deal from ``seed``."""
    return Table(n, None, options, seed)
