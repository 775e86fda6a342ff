"""The working context of one ``decide`` call for DEATH NOTE 人狼: the shared :class:`TableCtx` plus seat
geometry (§0.2), card rendering, the shuffle (§4.3, injectable) and the private ledger."""

from __future__ import annotations

from typing import Any

from core.engine.context import TableCtx
from core.engine.notice import CardRef, KeyRef, Scalar
from core.games.deathnote.cards import kind, sort_cards
from core.games.deathnote.model import DNState, Player
from core.games.deathnote.settings import option

#: Ledger facts kept per player and shown by ``/hand`` (the latest; the oldest go first): a hand changes
#: every round, so old facts about cards matter little, and each fact costs ~200 bytes of state that every
#: command copies (``bench``: state size, inputs per second).
LEDGER_KEPT = 12


class Ctx(TableCtx[DNState]):
    """``s``: the state being built; ``now``: UTC epoch seconds of the command."""

    def p(self, seat: int) -> Player:
        return self.s.players[seat - 1]

    def living(self) -> list[int]:
        """Living seats, ascending (clockwise from seat 1)."""
        return [p.seat for p in self.s.players if p.alive]

    def left(self, seat: int) -> int:
        """The next living seat clockwise (§0.2 "left")."""
        n = len(self.s.players)
        return next(s for s in ((seat + k - 1) % n + 1 for k in range(1, n + 1)) if self.p(s).alive)

    def right(self, seat: int) -> int:
        """The previous living seat clockwise (§0.2 "right")."""
        n = len(self.s.players)
        return next(s for s in ((seat - k - 1) % n + 1 for k in range(1, n + 1)) if self.p(s).alive)

    def holder(self, role: str) -> int | None:
        """The living seat whose identity has ``role`` (Kira, the Follower), or None."""
        return next((p.seat for p in self.s.players if p.alive and p.role == role), None)

    def others(self, seat: int) -> list[int]:
        """Every other living seat (the legal targets of §4.4)."""
        return [s for s in self.living() if s != seat]

    @staticmethod
    def identity(identity: str) -> KeyRef:
        """An identity card exactly as printed (§1.1)."""
        return KeyRef(key=f"identity.{identity}")

    @staticmethod
    def team(team: str) -> KeyRef:
        return KeyRef(key=f"team.{team}")

    def ability(self, role: str) -> list[Scalar]:
        """A role's ability text (§1.1) for this table: Kira's Shinigami swap only at 6 players (§3.1), his
        Follower only from 5 (§2), and the free-text relay (``/t``) when the host switched it on (§11.4)."""
        n = len(self.s.players)
        lines: list[Scalar] = [KeyRef(key=f"role.{role}.text")]
        if role == "KIRA" and n == 6:
            lines.append(KeyRef(key="role.KIRA.text.shinigami"))
        if role == "KIRA" and n >= 5:
            lines.append(KeyRef(key="role.KIRA.text.follower"))
        if role in ("KIRA", "FOLLOWER") and n >= 5 and option(self.s, "signals") == "free_text":
            lines.append(KeyRef(key="role.text.free_text"))
        return lines

    def circle(self) -> list[Scalar]:
        """§11.1: the living circle, one ``circle.line`` per living seat with its left and right."""
        return [
            KeyRef(key="circle.line", params={"player": self.ref(s), "left": self.ref(self.left(s)),
                                              "right": self.ref(self.right(s))})
            for s in self.living()
        ]  # fmt: skip

    @staticmethod
    def card(card: str) -> CardRef:
        """A card shown by its type's name (instances are never shown, §0.2)."""
        return CardRef(id=kind(card))

    def cards(self, cards: list[str]) -> list[Scalar]:
        return [self.card(c) for c in sort_cards(cards)]

    @staticmethod
    def direction(direction: str | None) -> KeyRef:
        return KeyRef(key=f"direction.{direction}")

    @staticmethod
    def fact(key: str, **params: Any) -> KeyRef:
        """A ledger line (``/hand``) that is not also a message."""
        return KeyRef(key=key, params=params)

    def learn(self, seat: int, key: str, actions: Any = None, **params: Any) -> None:
        """Tell ``seat`` something privately with its hand after the change (``hand``: a ``hand.after``
        line), and keep the fact in its ledger for ``/hand`` (``hand`` empty there: the line is dropped)."""
        self.note(seat, KeyRef(key=key, params={**params, "hand": ""}))
        after = KeyRef(key="hand.after", params={"cards": self.cards(self.p(seat).hand)})
        self.tell(seat, key, actions, **params, hand=after)

    def note(self, seat: int, fact: KeyRef) -> None:
        """Keep ``fact`` in ``seat``'s ledger (the latest :data:`LEDGER_KEPT`)."""
        ledger = self.p(seat).ledger
        ledger.append(fact)
        del ledger[:-LEDGER_KEPT]

    def shuffle(self, cards: list[str]) -> list[str]:
        """§4.3 / §3.3 shuffles: uniformly random from the game's RNG, or the test mode's injected result
        (``"noop"``: the input as it is; a list: the next scripted permutation)."""
        injected = self.s.shuffles
        if injected == "noop":
            return list(cards)
        if injected:
            out = injected.pop(0)
            if sorted(out) != sorted(cards):
                raise ValueError(f"injected shuffle {out} is not a permutation of {cards}")
            return list(out)
        return self.s.rng.shuffled(cards)
