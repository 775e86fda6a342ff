"""Invariants of classic 人狼 (``werewolf.md``) checked on every step or at the end of a random game.

- :func:`assert_win`: after every step the [WW-7.2] win check finds nothing to end while the game runs,
  and the end is the one it gives on the living (or a draw: nobody alive, the stall of [WW-7.4]); the
  winners are the winning camp, dead or alive, never 身代わり君 [WW-7.5];
- :func:`assert_prompts`: a night that opens prompts every living human once, with the same text and
  one kind of button each ([WW-8.2]); a round that opens prompts each of its voters once ([WW-6.6]);
- :func:`assert_buttons_legal`, :func:`offered_are_accepted`: buttons are legal actions of their
  addressee, and every legal action is accepted;
- :func:`assert_bounded`: the stored state stays within :data:`MAX_STATE_BYTES`;
- :class:`NoLeak`: [WW-8.1] on every notice (see its docstring).

The rules are restated here from the spec (camps, counting, result classes), not read from the core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from core.engine.notice import KeyRef, Notice, RoleRef
from tests.property import offers
from tests.property.leaks import Level, levels
from tests.property.notices import addressed, assert_afterlife
from tests.property.werewolf_playout import RULES, Check, Probe, Step

# -- [WW-3.1], [WW-7.1]: restated ----------------------------------------------------------------------------
CAMP = {
    "villager": "village", "seer": "village", "medium": "village", "knight": "village", "mason": "village",
    "nekomata": "village", "werewolf": "werewolf", "madman": "werewolf", "fanatic": "werewolf",
    "fox": "fox", "immoralist": "fox",
}  # fmt: skip
WOLVES = frozenset({"werewolf"})
FOXES = frozenset({"fox"})
#: The night kinds of [WW-6.10.2].
VERBS = frozenset({"night.suspect", "night.divine", "night.guard", "kill"})
#: The stored state of a 20-player game stays below this many bytes (JSON, log included).
MAX_STATE_BYTES = 120_000


def _living(state: object) -> list[tuple[int, str]]:
    everyone = ([state.scapegoat] if state.scapegoat else []) + list(state.players)  # type: ignore[attr-defined]
    return [(p.seat, p.role) for p in everyone if p.alive]


def win_check(state: object) -> tuple[str, str] | None:
    """[WW-7.2] on ``state``'s living: ``(result, reason)`` or None."""
    living = [role for _, role in _living(state)]
    if not living:
        return "draw", "all_dead"
    w = sum(r in WOLVES for r in living)
    f = sum(r in FOXES for r in living)
    h = len(living) - w - f
    met = "village" if w == 0 else "werewolf" if w >= h else None
    if met is None:
        return None
    return ("fox", f"fox_{met}") if f else (met, met)


def assert_win(step: Step) -> None:
    """While the game runs the win check finds nothing; at the end the result is the win check's, or the
    stall draw; the winners are the whole winning camp (humans only)."""
    after = step.after
    if after.phase == "cancelled":
        return
    if after.phase != "ended":
        assert win_check(after) is None, f"{win_check(after)} holds but the game goes on ({after.phase})"
        return
    if step.before.phase == "ended":
        return
    expected = win_check(after)
    if expected is None:
        assert (after.result, after.reason) == ("draw", "stall"), (after.result, after.reason)
        assert after.quiet >= 1
    else:
        assert (after.result, after.reason) == expected, f"{(after.result, after.reason)} ≠ {expected}"
    camp = [] if after.result == "draw" else [p.seat for p in after.players if CAMP[p.role] == after.result]
    assert after.winners == camp, f"winners {after.winners} ≠ the {after.result} camp {camp}"


# -- [WW-8.2] prompts, [WW-6.6] voters -----------------------------------------------------------------------
def assert_prompts(step: Step) -> None:
    """A night that opens prompts every living human once, all with the same text and params, each with
    buttons of one night kind; a round that opens prompts each voter once; no prompt at any other step."""
    before, after, notices = step.before, step.after, step.outcome.notices
    opened = after.phase_seq != before.phase_seq
    nights, prompts = offers.prompted(notices, "night.prompt")
    if after.phase == "night" and opened:
        living = {p.seat for p in after.players if p.alive}
        assert dict(nights) == dict.fromkeys(living, 1), f"night prompts {dict(nights)} for {living}"
        assert len({tuple(sorted(n.params.items())) for n in prompts}) == 1, "night prompts differ"
        for n in prompts:
            kinds = {a.kind for a in n.actions}
            assert len(kinds) <= 1, f"prompt {n.to}: {kinds}"
            assert kinds <= VERBS, f"prompt {n.to}: {kinds}"
            assert all(len(a.args) == 1 for a in n.actions)
    else:
        assert not nights, f"night prompts outside the opening of a night: {dict(nights)}"
    ballots, _ = offers.prompted(notices, "vote.prompt")
    if after.phase in ("vote", "runoff") and opened:
        rnd = after.round
        assert rnd is not None
        living = [p.seat for p in after.players if p.alive]
        if rnd.round == 0:
            assert rnd.voters == rnd.candidates == living
        else:
            assert rnd.voters == [s for s in living if s not in rnd.candidates]
            assert len(rnd.candidates) >= 2
        assert dict(ballots) == dict.fromkeys(rnd.voters, 1), f"vote prompts {dict(ballots)} ≠ {rnd.voters}"
    else:
        assert not ballots, f"vote prompts outside the opening of a round: {dict(ballots)}"


# -- buttons, legal actions, size ----------------------------------------------------------------------------
#: Every button of a notice of the current phase is legal for its addressee at the end of a step
#: (:func:`tests.property.offers.buttons_legal`).
assert_buttons_legal: Check = partial(offers.buttons_legal, RULES)
#: A probe (seeded): what the game offers is accepted (:func:`tests.property.offers.offered_are_accepted`).
offered_are_accepted: Callable[[int], Probe] = partial(offers.offered_are_accepted, RULES)


def assert_bounded(step: Step) -> None:
    """The state as stored stays bounded (:data:`MAX_STATE_BYTES`)."""
    if step.after.phase != step.before.phase:
        size = len(step.after.model_dump_json())
        assert size <= MAX_STATE_BYTES, f"state of {size} B"


# -- [WW-8.1]: nobody hears what they may not know ---------------------------------------------------------
#: Public keys that may name roles while the game runs: the composition (counts) and the settings.
COMPOSITION = frozenset({"game.cast", "lobby.options", "board", "composition.line"})
#: Keys that tell hidden facts; public only in the final announcement and the recap.
SECRET = ("recap.", "reveal.", "cause.", "know.", "class.", "medium.", "divine.", "white.", "grave.", "dead.")
#: Private result keys and the only role that may hear them; and when ([WW-8.1]).
RESULTS = {"divine.result": "seer", "white.notice": "seer", "medium.result": "medium"}
#: ``know.<role>`` keys: the roles that are told the holders of ``<role>`` at the deal ([WW-3.3]).
KNOWS = {
    "know.werewolf": {"werewolf", "fanatic"}, "know.fox": {"fox", "immoralist"}, "know.mason": {"mason"},
}  # fmt: skip


def walk(notice: Notice) -> Iterator[Level]:
    return levels(notice.key, notice.params)


class NoLeak:
    """[WW-8.1] on every step of one game:

    - public, while the game runs: no role but in the composition and settings; no cause, result,
      knowledge, recap or reveal key; nothing about the 霊界;
    - team: ``know.<role>`` only to the holders of that role at the deal; ``night.proposal`` only to the
      living wolves at night; ``team.say`` to the living holders of one chatting role at night; what
      ``graveyardReveal`` shows (``grave.*``) only to dead humans; the 霊界's texts only to the dead
      (:func:`tests.property.notices.assert_afterlife`);
    - a seat: ``know.*`` per [WW-3.3]; ``divine.result`` and ``white.notice`` only to the seer and only
      when the night resolves; ``medium.result`` only to the medium and only as a night opens; its role
      card only with its own role; ``dead.you`` only to the dead; no other role named.
    """

    def __call__(self, step: Step) -> None:
        assert_afterlife(step.before, step.outcome.notices, step.after)
        for notice, where in addressed(step):
            if notice.to.kind == "public":
                _public(step, notice, where)
            elif notice.to.kind == "team":
                _team(step, notice, where)
            elif notice.to.kind != "afterlife":  # the 霊界: assert_afterlife
                _private(step, notice, where)


def _public(step: Step, notice: Notice, where: str) -> None:
    if step.after.is_over and (notice.key == "game.over" or notice.key.startswith("recap.")):
        return
    for level in walk(notice):
        assert not level.owner.startswith(SECRET), f"public {level.owner} while the game runs ({where})"
        _, hidden = level.refs()
        if hidden:
            assert level.owner in COMPOSITION, f"a role in public {level.owner} ({where})"


def _role(step: Step, seat: int) -> str:
    players = step.after.players
    return str(players[seat - 1].role)


def _team(step: Step, notice: Notice, where: str) -> None:
    before, after = step.before, step.after
    seats = set(notice.to.seats)
    roles = {_role(step, s) for s in seats}
    if notice.key.startswith("know."):
        assert before.phase == "lobby", f"team knowledge after the deal ({where})"
        assert roles == {notice.key.removeprefix("know.")}, f"{notice.key} to {roles} ({where})"
        _holders_only(step, next(walk(notice)), where)
    elif notice.key == "night.proposal":
        assert before.phase == "night", where
        assert roles == {"werewolf"}, where
        assert all(after.players[s - 1].alive for s in seats), where
    elif notice.key == "team.say":
        assert before.phase == "night", where
        assert len(roles) == 1, where
        assert all(before.players[s - 1].alive for s in seats), where
    elif notice.key.startswith("grave."):
        assert all(not after.players[s - 1].alive for s in seats), f"the 霊界 to the living ({where})"
        return
    else:
        raise AssertionError(f"unexpected team notice ({where})")
    for level in walk(notice):
        assert not level.refs()[1], f"a role in a team channel ({where})"


def _holders_only(step: Step, level: Level, where: str) -> None:
    """A ``know.<role>`` list names exactly the holders of ``<role>`` (身代わり君 too) [WW-3.3]."""
    role = level.owner.removeprefix("know.")
    after = step.after
    everyone = ([after.scapegoat] if after.scapegoat else []) + list(after.players)
    holders = sorted(p.seat for p in everyone if p.role == role)
    listed = sorted(0 if isinstance(x, KeyRef) else x.seat for x in level.params.get("players", []))  # type: ignore[union-attr]
    assert listed == holders, f"{level.owner} lists {listed}, the holders are {holders} ({where})"


def _private(step: Step, notice: Notice, where: str) -> None:
    before, after = step.before, step.after
    seats = notice.to.seats or tuple(p.seat for p in after.players if p.user_id == notice.to.user_id)
    for seat in seats:
        mine = _role(step, seat)
        alive = after.players[seat - 1].alive
        for level in walk(notice):
            owner = level.owner
            if owner in RESULTS:
                assert mine == RESULTS[owner], f"{owner} told to a {mine} ({where})"
                if level.inside:  # the role card replays what the seat learned before
                    pass
                elif owner == "medium.result":
                    assert after.phase == "night", where
                    assert after.phase_seq != before.phase_seq, where
                else:
                    assert before.phase == "night", f"{owner} outside a night ({where})"
                    assert after.night is None, f"{owner} before dawn ({where})"
            if owner in KNOWS:
                assert mine in KNOWS[owner], f"{owner} told to a {mine} ({where})"
                _holders_only(step, level, where)
            if owner in ("dead.you", "grave.roles"):
                assert not alive, f"{owner} to the living ({where})"
            _, hidden = level.refs()
            if owner == "role.card":
                assert hidden == [RoleRef(id=mine)], f"seat {seat} told it is {hidden} ({where})"
            elif hidden:
                allowed = ("grave.role", "composition.line", "option.shown")
                assert owner in allowed, f"role in {owner} ({where})"
                if owner == "grave.role":
                    assert not alive, where
        _no_foreign_seat_roles(notice, seat, where)


def _no_foreign_seat_roles(notice: Notice, seat: int, where: str) -> None:
    """Outside the 霊界 reveal no private notice pairs another seat with a role."""
    for level in walk(notice):
        if level.owner in ("grave.role", "role.card"):
            continue
        named, hidden = level.refs()
        assert not (hidden and named - {seat}), f"seat {seat} told a role of {named} ({where})"
