"""The post-game log of DEATH NOTE 人狼 (``deathnote.md`` §9.5, AMB-58): one message per round with every
draw, play, hand change, swap, Alibi use, night choice and elimination, from the game's event log."""

from __future__ import annotations

from typing import Any

from core.engine.notice import KeyRef, Param, Scalar
from core.engine.result import Event
from core.games.deathnote.ctx import Ctx


def final(g: Ctx) -> None:
    """Announce ``recap.round`` for every round that has lines (setup lines go with round 1)."""
    rounds: dict[int, list[Scalar]] = {}
    current = 1
    for event in [*g.s.log, *g.events]:
        if event.kind == "RoundStarted":
            current = int(event.data["round"])
        told = line(g, event)
        if told is not None:
            rounds.setdefault(current, []).append(told)
    for number, lines in sorted(rounds.items()):
        g.announce("recap.round", round=number, lines=lines)


def _cards(g: Ctx, cards: dict[Any, str]) -> list[Scalar]:
    return [
        KeyRef(key="recap.card_of", params={"player": g.ref(int(seat)), "card": g.card(card)})
        for seat, card in sorted(cards.items(), key=lambda kv: int(kv[0]))
    ]


def line(g: Ctx, e: Event) -> KeyRef | None:
    """The recap's line for event ``e`` (None for an event the recap leaves out); also what 霊界表示
    (``spectators``) shows the 霊界 of a night as it resolves."""
    d = e.data
    if e.kind == "HandsDealt":
        lines: list[Scalar] = [
            KeyRef(key="recap.hand", params={"player": g.ref(int(s)), "cards": g.cards(list(cards))})
            for s, cards in sorted(d["hands"].items(), key=lambda kv: int(kv[0]))
        ]
        return KeyRef(key="recap.dealt", params={"lines": lines})
    if e.kind == "CardDrawn":
        return KeyRef(key="recap.drew", params={"player": g.ref(d["seat"]), "card": g.card(d["card"])})
    if e.kind == "CardPlayed":
        played: dict[str, Param] = {"player": g.ref(d["seat"]), "card": g.card(d["card"])}
        if d.get("target"):
            return KeyRef(key="recap.played.target", params={**played, "target": g.ref(d["target"])})
        return KeyRef(key="recap.played", params=played)
    if e.kind == "ArrestResolved" and d["alibi"]:
        return KeyRef(key="recap.alibi", params={"player": g.ref(d["target"])})
    if e.kind == "CardsPassed":
        return KeyRef(key="recap.passed", params={"lines": _cards(g, d["picks"])})
    if e.kind in ("ExchangeTaken", "ExchangeGiven"):
        key = "recap.took" if e.kind == "ExchangeTaken" else "recap.gave"
        return KeyRef(key=key, params={"player": g.ref(d["seat"]), "target": g.ref(d["target"]),
                                       "card": g.card(d["card"])})  # fmt: skip
    if e.kind == "FaceDownLaid":
        return KeyRef(key="recap.face_down", params={"lines": _cards(g, d["cards"])})
    if e.kind == "ShinigamiResolved":
        swap = d.get("swap")
        if swap:
            cards = {"gave": g.card(swap["gave"]), "took": g.card(swap["took"])}
            return KeyRef(key="recap.swap", params={"player": g.ref(swap["seat"]), **cards})
        return KeyRef(key="recap.no_swap")
    if e.kind == "PileReshuffled":
        return KeyRef(key="recap.reshuffled", params={"count": d["count"]})
    if e.kind == "JudgmentResolved":
        return _judgment(g, d)
    if e.kind == "ArrestDiscarded":
        return KeyRef(key="recap.stuck", params={"player": g.ref(d["seat"])})
    if e.kind == "PartnersRecognised":
        pair: dict[str, Param] = {"kira": g.ref(d["kira"]), "follower": g.ref(d["follower"])}
        return KeyRef(key="recap.recognised", params=pair)
    return None


def _judgment(g: Ctx, d: dict[str, Any]) -> KeyRef:
    """Who wrote what (or nothing), and every decoy note, which the rules let the log show (§11.2)."""
    notes: list[Scalar] = [
        KeyRef(key="recap.note", params={"player": g.ref(int(s)), "target": g.ref(t)})
        for s, t in sorted(d["named"].items(), key=lambda kv: int(kv[0]))
        if isinstance(t, int)
    ]
    target = d.get("target")
    written = KeyRef(key="recap.not_written")
    if target:
        key = "recap.written.default" if d.get("defaulted") else "recap.written"
        written = KeyRef(key=key, params={"player": g.ref(target)})
    return KeyRef(key="recap.judgment", params={"n": d["n"], "written": written, "notes": notes})
