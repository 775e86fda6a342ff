"""The never-leak check of DEATH NOTE 人狼 (``deathnote.md`` §10, §11.6), on every step of a game.

:func:`assert_no_leak` reads the notices and the new private ledger lines of one accepted ``decide`` call
with the states before and after it; see its docstring for what each audience may hear.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any

from core.engine.commands import Query, Say
from core.engine.notice import CardRef, KeyRef, Notice, PlayerRef
from core.games.deathnote.cards import kind
from core.games.deathnote.ctx import LEDGER_KEPT
from core.games.deathnote.model import DNState
from tests.property.deathnote_playout import NIGHTS, Step
from tests.property.leaks import Level, levels
from tests.property.notices import assert_afterlife

#: Public keys of the end (every identity and the post-game log, §9.5, AMB-58).
END_KEYS = ("game.over", "recap.")
#: Private keys that show the seat its own identity card, team and ability (§3.4, §11.8).
OWN = frozenset({"identity.card", "hand"})
#: Private keys that name the recognised partner with their role (§7.3).
PARTNER = frozenset({"night.partner"})
RELAY = frozenset({"signal.received", "signal.text"})
CARD = "card."


def _direct(params: dict[str, Any], prefix: str) -> dict[str, list[str]]:
    """Per param name: the ids (``prefix`` removed) of the KeyRefs directly in it whose key has ``prefix``;
    with ``prefix`` ``card.`` also the card types of its CardRefs (cards are either, §0.2)."""
    out: dict[str, list[str]] = {}
    for name, value in params.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, KeyRef) and item.key.startswith(prefix):
                out.setdefault(name, []).append(item.key.removeprefix(prefix))
            elif isinstance(item, CardRef) and prefix == CARD:
                out.setdefault(name, []).append(item.id)
    return out


def cards_in(notice: Notice) -> list[str]:
    """Every card type a notice shows, at any depth (the checker's reading of cards)."""
    return [c for level in levels(notice.key, notice.params) for c in _flat(level.params, CARD)]


def _flat(params: dict[str, Any], *prefixes: str) -> list[str]:
    """Every id of :func:`_direct` for ``prefixes``, in one list."""
    return list(chain.from_iterable(v for p in prefixes for v in _direct(params, p).values()))


def _subject(params: dict[str, Any]) -> int | None:
    """The seat a params dict is about: its ``player`` param, else its only PlayerRef."""
    player = params.get("player")
    if isinstance(player, PlayerRef):
        return player.seat
    seats = Level("", params, ()).refs()[0]
    return next(iter(seats)) if len(seats) == 1 else None


def _played(step: Step, seat: int, type_id: str) -> int | None:
    """The target of ``seat``'s ``type_id`` card played in ``step`` (by a tap or its turn's timer)."""
    for e in step.outcome.events:
        if e.kind == "CardPlayed" and e.data["seat"] == seat and kind(e.data["card"]) == type_id:
            return int(e.data["target"])
    return None


def assert_no_leak(step: Step) -> None:
    """§10 and §11.6 while the game runs, on every notice and every new private ledger line:

    - public: cards only in the composition, ``/status``'s face-up discards (exactly those), the played
      card's own play line and a Fake Name that saves someone; identities only of an eliminated L in its
      elimination (exactly), and in the step that ends the game (truthfully); no role, team or ability;
      nothing at all during a night (``deathnote_checks.assert_secret_steps``);
    - private to seat S: cards only of S's own hand or face-down card (before or after the step), of the
      hand S surveilled in this step (exactly), of the face-down table for Kira (exactly); identities only
      S's own and the one S looked at with the Apple in this step; the partner's role only to a recognised
      Kira/Follower; relay only between them, silent, at night; nothing to an eliminated S except the
      answer to its own ``/hand`` and the 霊界's texts; ``/hand`` replays exactly the latest ledger lines;
    - the 霊界 (:func:`tests.property.notices.assert_afterlife`): only to the eliminated.
    """
    before, after = step.before, step.after
    if before.is_over:
        return
    assert_afterlife(before, step.outcome.notices, after)
    for notice in step.outcome.notices:
        if notice.key == "status":
            _status(after, notice)
        if notice.to.kind == "public":
            _public(step, notice)
            continue
        if notice.to.kind == "afterlife":  # the 霊界 of the eliminated (issue 24): assert_afterlife
            continue
        assert notice.to.kind != "team", f"a team notice {notice.key} (the game has no team channel)"
        seats = notice.to.seats or tuple(p.seat for p in after.players if p.user_id == notice.to.user_id)
        for seat in seats:
            _private(step, notice, seat)
    for p in after.players:
        old = before.players[p.seat - 1].ledger if before.players else []
        for line in _appended(old, p.ledger, p.seat):
            assert p.alive, f"§8.4: eliminated P{p.seat} learned {line.key}"
            for level in levels(line.key, line.params):
                _private_level(step, p.seat, level.owner, level.params)


def _appended(old: list[KeyRef], new: list[KeyRef], seat: int) -> list[KeyRef]:
    """The lines added to a ledger that keeps only its latest :data:`LEDGER_KEPT` lines; the kept lines
    may not change."""
    assert len(new) <= LEDGER_KEPT, f"P{seat}'s ledger holds {len(new)} lines"
    dropped = next((k for k in range(len(old) + 1) if new[: len(old) - k] == old[k:]), None)
    assert dropped is not None, f"P{seat}'s ledger was rewritten"
    return new[len(old) - dropped :]


def _status(s: DNState, notice: Notice) -> None:
    """§11.8 ``/status``: the face-up discards in order, the number of hidden ones, the draw pile size."""
    shown = _direct(notice.params, CARD).get("discard", [])
    assert shown == [kind(d.card) for d in s.discard if not d.hidden], f"/status shows discards {shown}"
    assert notice.params["hidden"] == sum(d.hidden for d in s.discard), "/status: wrong hidden count"
    assert notice.params["draw"] == len(s.draw), "/status: wrong draw pile size"


def _public(step: Step, notice: Notice) -> None:
    after = step.after
    where = f"public {notice.key} ({step.before.phase} → {after.phase})"
    ended = after.is_over and notice.key.startswith(END_KEYS)
    for level in levels(notice.key, notice.params):
        owner = level.owner
        if ended:
            _truthful(after, level.params, where)
            continue
        for name, cards in _direct(level.params, CARD).items():
            ok = owner == "composition.line" or (owner == "status" and name == "discard")
            ok = ok or (owner.startswith("play.") and cards == [owner.removeprefix("play.")])
            ok = ok or (owner == "judgment.saved" and cards == ["FAKE_NAME"])
            assert ok, f"§11.6.7: cards {cards} in {owner}.{name} ({where})"
        if _flat(level.params, "identity.") and owner != "composition.line":
            p = after.players[_truthful(after, level.params, where) - 1]
            dead_l = owner == "judgment.eliminated_l" and not p.alive and p.role == "L"
            assert dead_l or after.is_over, f"§11.6.8: P{p.seat}'s identity in public ({where})"
        assert not level.refs()[1], f"a role in public ({where})"
        assert not _flat(level.params, "team.", "role."), f"a team or ability in public ({where})"


def _truthful(s: DNState, params: dict[str, Any], where: str) -> int:
    """The seat whose identity card ``params`` shows, checked to be the true one (§11.7)."""
    seat = _subject(params)
    for ident in _flat(params, "identity."):
        assert seat is not None, f"identity {ident} next to no one player ({where})"
        assert ident == s.players[seat - 1].identity, f"P{seat}'s identity shown as {ident} ({where})"
    return seat or 0


def _private(step: Step, notice: Notice, seat: int) -> None:
    before, after = step.before, step.after
    where = f"{notice.key} to P{seat} ({before.phase} → {after.phase})"
    own_query = isinstance(step.command, Query) and step.actor() == seat
    own_say = isinstance(step.command, Say) and step.actor() == seat and notice.key == "afterlife.sent"
    # the 霊界's welcome on elimination (afterlife.you: how /t writes there, nothing of the game)
    arrival = notice.key == "afterlife.you" and before.players[seat - 1].alive
    allowed = own_query or own_say or arrival
    assert after.players[seat - 1].alive or allowed, f"§8.4/AMB-51: eliminated P{seat} told {where}"
    if notice.silent or notice.key in RELAY:
        assert notice.silent, f"§11.4: a relay with a sound ({where})"
        assert notice.key in RELAY, f"§11.4: silent {where}"
        assert before.phase in NIGHTS, f"§11.4: relay outside a night ({where})"
        actor = step.actor()
        assert _partner(after, seat) == actor, f"§11.4: relay from P{actor}, not the partner ({where})"
    params = dict(notice.params)
    if notice.key == "hand":
        learned = params.pop("learned")
        shown = learned.params["lines"] if isinstance(learned, KeyRef) else []
        assert shown == after.players[seat - 1].ledger, f"/hand lines ≠ the ledger ({where})"
    for level in levels(notice.key, params):
        _private_level(step, seat, level.owner, level.params)


def _partner(s: DNState, seat: int) -> int | None:
    """The living recognised partner of a Kira or Follower ``seat`` (§7.3)."""
    mate = {"KIRA": "FOLLOWER", "FOLLOWER": "KIRA"}.get(s.players[seat - 1].role)
    found = [p.seat for p in s.players if p.alive and p.role == mate]
    return found[0] if found and s.recognised and s.players[seat - 1].alive else None


def _knowable(step: Step, seat: int) -> Counter[str]:
    """Card types ``seat`` may see as its own: its hand and face-down card before and after the step."""
    known: Counter[str] = Counter()
    for s in (step.before, step.after):
        if s.players:
            mine = [*s.players[seat - 1].hand, *([s.face_down[seat]] if seat in s.face_down else [])]
            known |= Counter(kind(c) for c in mine)
    return known


def _private_level(step: Step, seat: int, owner: str, params: dict[str, Any]) -> None:
    after = step.after
    me = after.players[seat - 1]
    seats = Level(owner, params, ()).refs()[0]
    where = f"{owner} to P{seat} ({step.before.phase} → {after.phase})"
    for name, cards in _direct(params, CARD).items():
        if owner == "surveil.result" and name == "cards":
            target = _played(step, seat, "SURVEILLANCE")
            assert target in seats, f"§6.8: P{seat} sees P{seats}'s hand ({where})"
            assert sorted(cards) == sorted(kind(c) for c in step.before.players[target - 1].hand), where
        elif owner == "night.face_down.line":
            assert me.role == "KIRA", f"§6.10: P{seat} sees {where}"
            assert after.phase == "shinigami_night", f"§6.10: {where}"
            assert cards == [kind(after.face_down[next(iter(seats))])], f"§6.10: wrong card ({where})"
        elif owner != "status":
            extra = Counter(cards) - _knowable(step, seat)
            assert not extra, f"§10: P{seat} told {dict(extra)} in {owner}.{name} ({where})"
    for ident in _flat(params, "identity."):
        target = _truthful(after, params, where)
        ok = owner in OWN and target == seat
        ok = ok or (owner == "apple.result" and _played(step, seat, "APPLE") == target)
        assert ok, f"§10: P{seat} told P{target}'s identity {ident} ({where})"
    for role in (r.id for r in Level(owner, params, ()).refs()[1]):
        assert owner in PARTNER, f"§10: a role in {where}"
        mate = _partner(after, seat)
        assert mate is not None, f"§7.3: P{seat} told a partner ({where})"
        assert seats == {mate}, f"§7.3: P{seat} told partner {seats} ({where})"
        assert role == after.players[mate - 1].role, f"§7.3: partner shown as {role} ({where})"
    teams, roles = _direct(params, "team."), _direct(params, "role.")
    if teams or roles:
        assert owner in OWN, f"§10: a team or ability in {where}"
        assert _flat(params, "team.") in ([], [me.team]), f"P{seat} shown team {teams} ({where})"
        own = [r for r in _flat(params, "role.") if r.startswith((f"{me.role}.text", "text."))]
        assert _flat(params, "role.") == own, f"P{seat} shown ability {roles}"
