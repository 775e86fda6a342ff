"""The post-game recap [ADZ-11.11], [ADZ-10.3]: the game's log (``state.log``) told night by night and day by
day in the group, after the final announcement.

Segments: events from ``NightOpened`` up to ``NightResolved`` are night n (actions with their actual
targets, deck operations, the erasure's course, deaths with their causes); the events after it, up to the
next ``NightOpened``, are day n+1 (revivals, claims, every ballot with its weight, the exile). One public
notice per segment, each line a catalog phrase; a segment whose text would exceed :data:`MAX_CHARS` in any
locale continues in further notices, so no message is long for a chat. Actions are worded with their button
labels (``action.<kind>``), so a new Megami needs no recap text of its own; unknown events are left out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.engine.notice import KeyRef, Param, PlayerRef, RoleRef, Scalar
from core.engine.result import Event
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import TAROTS
from core.i18n import has_key, length_bound, locales, render_key

GAME = "adazakura"
#: The longest recap notice, in characters of any locale (Telegram splits at 4096; we stay well below).
MAX_CHARS = 2500
FIZZLED = "fizzled"
#: The width counted for a line the catalogs cannot render (a defect the catalog tests catch).
UNSAYABLE = 200
#: Death causes logged by ``effects.kill`` → their recap wording; any other cause reads "an ability".
CAUSES = {
    "left": "recap.cause.left",
    "erasure": "recap.cause.erasure",
    "exile": "recap.cause.exile",
    "trap": "recap.cause.trap",
    "reflection": "recap.cause.reflection",
    "poison": "recap.cause.poison",
    "lethal_barrier": "recap.cause.barrier",
    "thunder": "recap.cause.thunder",
    "fate": "recap.cause.fate",
    "revenge": "recap.cause.revenge",
}

Segment = tuple[str, int, list[Event]]


def segments(log: list[Event]) -> list[Segment]:
    """``(kind, n, events)`` per night (``night``) and day (``day``), in play order."""
    out: list[Segment] = []
    for event in log:
        if event.kind == "NightOpened":
            out.append(("night", int(event.data["night"]), []))
        elif event.kind == "NightResolved":
            out.append(("day", int(event.data["night"]) + 1, []))
        elif out:
            out[-1][2].append(event)
    return out


def announce(g: Ctx) -> None:
    """Post the recap of ``g.s.log`` (the events of this ``decide`` call included)."""
    parts = segments([*g.s.log, *g.events])
    for index, (kind, n, events) in enumerate(parts):
        lines = Lines(g, n).of(events)
        if not lines and index == len(parts) - 1:
            continue  # the game ended at this morning: the day never took place
        chunks = split(lines or [KeyRef(key="recap.nothing")])
        for part, chunk in enumerate(chunks):
            if kind == "night":
                g.announce("recap.night" if part == 0 else "recap.night.more", night=n, lines=list(chunk))
            else:
                g.announce("recap.day" if part == 0 else "recap.day.more", day=n, lines=list(chunk))


def width(line: KeyRef) -> int:
    """The length of ``line`` in its longest locale, plus its line break; :data:`UNSAYABLE` if a catalog
    cannot say it (the shell then shows the key, and the end of the game must not fail over a text)."""
    try:
        return max(len(render_key(line.key, line.params, locale, GAME)) for locale in locales()) + 1
    except KeyError:
        return UNSAYABLE


def bound(line: KeyRef) -> int:
    """At least :func:`width` of ``line``, counted without rendering it (:func:`core.i18n.length_bound`);
    :func:`width` itself for a line a catalog cannot say."""
    try:
        return length_bound(line.key, line.params, GAME) + 1
    except KeyError:
        return width(line)


def split(lines: list[KeyRef]) -> list[list[KeyRef]]:
    """``lines`` in consecutive chunks of at most :data:`MAX_CHARS` characters, a header's worth kept free:
    each chunk as long as the next line still fits (by :func:`width`).

    A segment whose lines' :func:`bound` fits is one chunk without rendering a line, the chunk the widths
    would make (their sum is no more than the bounds'). Measured on 10-player bots games: rendering every
    line in every locale to count it took about 5 % of a whole game's CPU, the bounds about a third of it,
    and every segment of 100 such games (and of 50 of 16 players) fit; long names still split.
    """
    budget = MAX_CHARS - 100
    if sum(bound(line) for line in lines) <= budget:
        return [list(lines)]
    chunks: list[list[KeyRef]] = [[]]
    size = 0
    for line in lines:
        w = width(line)
        if chunks[-1] and size + w > budget:
            chunks.append([])
            size = 0
        chunks[-1].append(line)
        size += w
    return chunks


class Lines:
    """Turns the events of one segment (night or day ``n``) into recap lines."""

    def __init__(self, g: Ctx, n: int) -> None:
        self.g = g
        self.n = n
        self.explained = False

    def of(self, events: list[Event]) -> list[KeyRef]:
        out: list[KeyRef] = []
        for event in events:
            handler = HANDLERS.get(event.kind)
            if handler is not None:
                out += handler(self, event.data)
        return out

    @staticmethod
    def line(key: str, **params: Param) -> KeyRef:
        return KeyRef(key=key, params=params)

    def ref(self, seat: int) -> PlayerRef:
        return self.g.ref(seat)

    # -- events told in one line ----------------------------------------------------------------------
    def blackbox(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.blackbox", player=self.ref(d["seat"]), megami=RoleRef(id=d["card"]))]

    def erasure_aimed(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.erasure.aimed", player=self.ref(d["target"]))]

    def erasure_moved(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.erasure.moved", player=self.ref(d["target"]))]

    def revived(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.revived", player=self.ref(d["seat"]))]

    def came_out(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.co", player=self.ref(d["seat"]), megami=RoleRef(id=d["megami"]))]

    def day_skipped(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.skip", player=self.ref(d["seat"]))]

    # -- night -----------------------------------------------------------------------------------------
    def action(self, d: dict[str, Any]) -> list[KeyRef]:
        """A resolved night action [ADZ-6.3] R0: worded with its actual targets, the chosen ones noted."""
        kind = f"night.{d['megami']}"
        chosen, actual = list(d.get("chosen", [])), list(d.get("actual", []))
        who: dict[str, Param] = {"player": self.ref(d["seat"]), "megami": RoleRef(id=d["megami"])}
        if FIZZLED in actual:
            return [self.line("recap.act.fizzled", **who, action=phrase(self.g, kind, chosen))]
        moved = [c for c, a in zip(chosen, actual, strict=False) if isinstance(c, int) and c != a]
        if moved:
            was: list[Scalar] = [self.ref(c) for c in moved]
            return [self.line("recap.act.shifted", **who, action=phrase(self.g, kind, actual), chosen=was)]
        return [self.line("recap.act", **who, action=phrase(self.g, kind, actual))]

    def kururu(self, d: dict[str, Any]) -> list[KeyRef]:
        """Kururu's instant look [ADZ-9.10] (also a Black Box Kururu's, which copies nothing)."""
        target, megami = self.ref(d["target"]), RoleRef(id=d["megami"])
        player = self.ref(d["seat"])
        if d.get("copied"):
            return [self.line("recap.kururu.copied", player=player, target=target, megami=megami)]
        return [self.line("recap.kururu.looked", player=player, target=target, megami=megami)]

    def deck_look(self, d: dict[str, Any]) -> list[KeyRef]:
        cards: list[Scalar] = [RoleRef(id=c) for c in d.get("cards", [])]
        if not cards:
            return []
        return [self.line("recap.deck.look", player=self.ref(d["seat"]), cards=cards)]

    def deck_bottom(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.deck.bottom", player=self.ref(d["seat"]), megami=RoleRef(id=d["card"]))]

    def deck_removed(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.deck.removed.by", player=self.ref(d["seat"]), megami=RoleRef(id=d["card"]))]

    def erasure_none(self, d: dict[str, Any]) -> list[KeyRef]:
        return [self.line("recap.erasure.none")] if self.n >= 1 else []

    def erasure_guarded(self, d: dict[str, Any]) -> list[KeyRef]:
        self.explained = True
        return [self.line("recap.erasure.guarded", player=self.ref(d["target"]))]

    def erasure_reflected(self, d: dict[str, Any]) -> list[KeyRef]:
        self.explained = True
        return [self.line("recap.erasure.reflected", player=self.ref(d["target"]))]

    def erasure_stopped(self, d: dict[str, Any]) -> list[KeyRef]:
        """A protection that names itself (``by``), else the pipeline's stop if nothing explained it."""
        by, target = d.get("by"), d.get("target")
        if by in TAROTS and isinstance(target, int):
            self.explained = True
            return [self.line("recap.erasure.stopped.by", player=self.ref(target), megami=RoleRef(id=by))]
        explained, self.explained = self.explained, False
        return [] if explained else [self.line("recap.erasure.stopped")]

    def died(self, d: dict[str, Any]) -> list[KeyRef]:
        cause = KeyRef(key=CAUSES.get(str(d.get("cause")), "recap.cause.other"))
        return [self.line("recap.death", player=self.ref(d["seat"]), cause=cause)]

    def prevented(self, d: dict[str, Any]) -> list[KeyRef]:
        if d.get("cause") == "exile":
            return [self.line("recap.exile.survived", player=self.ref(d["seat"]))]
        return [self.line("recap.death.prevented", player=self.ref(d["seat"]))]

    # -- day -------------------------------------------------------------------------------------------
    def vote(self, d: dict[str, Any]) -> list[KeyRef]:
        """Every ballot with its weight (public now, A11 no longer applies), then each named seat's sum."""
        ballots: dict[str, Any] = d.get("ballots", {})
        weights: dict[str, Any] = d.get("weights", {})
        out = [self.line("recap.vote" if d.get("round", 1) == 1 else "recap.runoff")]
        sums: dict[int, int] = {}
        for voter in sorted(ballots, key=int):
            ballot, w = ballots[voter], int(weights.get(voter, 1))
            if isinstance(ballot, int):
                sums[ballot] = sums.get(ballot, 0) + w
                out.append(
                    self.line("recap.ballot", voter=self.ref(int(voter)), target=self.ref(ballot), weight=w)
                )
            elif ballot == "frozen":
                out.append(self.line("recap.ballot.frozen", voter=self.ref(int(voter))))
            else:
                out.append(self.line("recap.ballot.none", voter=self.ref(int(voter))))
        for seat, total in sorted(sums.items(), key=lambda item: (-item[1], item[0])):
            out.append(self.line("recap.tally", player=self.ref(seat), total=total))
        return out


#: The recap line(s) of each event kind worth telling (any other kind is left out).
HANDLERS: dict[str, Callable[[Lines, dict[str, Any]], list[KeyRef]]] = {
    "ActionResolved": Lines.action,
    "DeckLooked": Lines.deck_look,
    "DeckBottomToTop": Lines.deck_bottom,
    "DeckRemoved": Lines.deck_removed,
    "BlackBox": Lines.blackbox,
    "KururuLooked": Lines.kururu,
    "ErasureNone": Lines.erasure_none,
    "ErasureAimed": Lines.erasure_aimed,
    "ErasureMoved": Lines.erasure_moved,
    "ErasureGuarded": Lines.erasure_guarded,
    "ErasureReflected": Lines.erasure_reflected,
    "ErasureStopped": Lines.erasure_stopped,
    "PlayerDied": Lines.died,
    "DeathPrevented": Lines.prevented,
    "PlayerRevived": Lines.revived,
    "CameOut": Lines.came_out,
    "DaySkipped": Lines.day_skipped,
    "VoteClosed": Lines.vote,
}


def phrase(g: Ctx, kind: str, args: list[Any]) -> KeyRef:
    """An action worded by its button label, the way ``core.i18n.render_action`` picks it: the most
    specific of ``action.<kind>.<first str arg>``, ``action.<kind>.<number of args>``, ``action.<kind>``."""
    first = args[0] if args else None
    keys = [f"action.{kind}.{first}"] if isinstance(first, str) else []
    keys += [f"action.{kind}.{len(args)}", f"action.{kind}"]
    key = next((k for k in keys if has_key(k, "ja", GAME)), None)
    if key is None:
        return KeyRef(key="recap.action.other")
    return KeyRef(key=key, params={f"a{i}": _arg(g, kind, a) for i, a in enumerate(args)})


def _arg(g: Ctx, kind: str, arg: Any) -> Param:
    if isinstance(arg, int) and 1 <= arg <= len(g.s.players):
        return g.ref(arg)
    option = f"option.{kind}.{arg}"
    if isinstance(arg, str) and has_key(option, "ja", GAME):
        return KeyRef(key=option)
    if isinstance(arg, str) and arg in TAROTS:
        return RoleRef(id=arg)
    return str(arg)
