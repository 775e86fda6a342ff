"""Invariants of DEATH NOTE 人狼 (``deathnote.md``) checked on every step or at the end of a random game.

- :func:`assert_cards`: §1.4 card conservation (every item instance of §3.1 in exactly one zone), §4.2
  hand sizes per phase (the both-piles-empty edge case allowed), §6.1 the Death Note in a living hand or
  face down, §8 eliminated players hold nothing, face-down cards only during the Shinigami night;
- :func:`assert_moves`: every command a seat sends is one of its legal actions; every button is a legal
  action of its addressee when it is shown;
- :func:`assert_secret_steps`: §11.2/§11.6.1 prompt uniformity when a secret step opens and resolves,
  §11.3 group silence at night, nights of exactly ``t_judgment``/``t_shinigami_night`` ended only by
  their timer (§11.6.2-3), the two Exchange prompts;
- :func:`assert_arrest_uniform`: §6.2 step 5 / §11.6.4, by counterfactual: a failed Arrest tells everyone
  exactly the same whether the Alibi denied it or the target was innocent;
- :func:`~tests.property.deathnote_leaks.assert_no_leak` (§10, §11.6) joins them in :func:`check_step`;
- :func:`assert_ended`: §9 at the end; :func:`checked` plays a game through all of the above.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from core.engine.commands import Act, Query, Timeout
from core.engine.notice import Notice
from core.engine.result import Accepted, Rejected
from core.games.deathnote.cards import ITEM_COUNTS, items_for, sort_cards
from core.games.deathnote.model import DNState
from core.games.deathnote.settings import option
from tests.property.deathnote_leaks import assert_no_leak
from tests.property.deathnote_playout import RULES, SIZES, Game, Played, Step, SweepReport, play, run_sweep

#: Secret steps every living player is prompted in (§11.2) → the prompt's key.
PROMPTS = {
    "pass": "prompt.pass", "face_down": "prompt.face_down",
    "judgment": "night.judgment", "shinigami_night": "night.shinigami",
}  # fmt: skip
#: Private answers to a player's own tap (§11.6.1 allows them to differ).
ACKS = frozenset({"choice.locked", "night.named", "signal.sent", "signal.nowhere"})
#: Night phases and the option that fixes their length (§11.5).
NIGHTS = {"judgment": "t_judgment", "shinigami_night": "t_shinigami_night"}


# -- §1.4, §4.2, §6.1, §8: cards ----------------------------------------------------------------------------
def assert_cards(step: Step) -> None:
    """Conservation, hand sizes, the Death Note and face-down cards in the state after ``step``."""
    s = step.after
    if not s.players or s.phase == "cancelled":
        return
    if s.phase == "start_player":
        assert not s.items(), f"cards dealt before the start player is chosen: {s.items()}"
        return
    n = len(s.players)
    assert sort_cards(s.items()) == items_for(n), f"§1.4: zones hold {sorted(s.items())} ≠ {items_for(n)}"
    living = {p.seat for p in s.players if p.alive}
    for p in s.players:
        if not p.alive:
            assert not p.hand, f"§8: eliminated P{p.seat} holds {p.hand}"
    holders = [p.seat for p in s.players if "DN" in p.hand] + [t for t, c in s.face_down.items() if c == "DN"]
    assert len(holders) == 1, f"§6.1: the Death Note is with {holders}"
    assert holders[0] in living, f"§6.1: the Death Note is with eliminated P{holders[0]}"
    if s.phase == "shinigami_night":
        assert set(s.face_down) == living, f"§6.10: face-down cards of {set(s.face_down)} ≠ living {living}"
    else:
        assert not s.face_down, f"face-down cards {s.face_down} outside the Shinigami night ({s.phase})"
    want = hand_sizes(s)
    have = {p.seat: len(p.hand) for p in s.players if p.alive}
    active = s.active if s.phase == "turn" else None
    if active is not None and not s.draw and not s.discard and have.get(active) == 2:
        want[active] = 2  # §4.2 T1 / AMB-12: both piles empty, the draw was skipped
    assert have == want, f"§4.2 hand sizes {have} ≠ {want} in {s.phase} (active P{s.active})"


def hand_sizes(s: DNState) -> dict[int, int]:
    """§4.2 and §6: cards in hand per living seat in ``s.phase``: 2 between turns, 3 for the active player
    after the draw, 3/1 for the Exchange user/target before the give-back, 1 during the Shinigami night;
    with ``shinigami_first`` the active player who played a held Shinigami before drawing has one card
    fewer until the draw that ends the turn."""
    sizes = {p.seat: 2 for p in s.players if p.alive}
    if s.phase == "turn" and s.active is not None:
        sizes[s.active] = 3
    elif s.phase == "exchange_give" and s.choice is not None and s.choice.target is not None:
        sizes[s.choice.user], sizes[s.choice.target] = 3, 1
    elif s.phase == "shinigami_night":
        sizes = dict.fromkeys(sizes, 1)
    if s.late_draw and s.active is not None and s.active in sizes:
        sizes[s.active] -= 1
    return sizes


# -- legal moves and buttons -------------------------------------------------------------------------------
def assert_moves(step: Step) -> None:
    """A seat's ``Act`` is legal for it before the step; a button is a legal action of its only addressee
    in the phase it belongs to, which is the phase after the step (no stale buttons are sent)."""
    seat = step.actor()
    if isinstance(step.command, Act):
        assert seat is not None
        legal = RULES.legal_actions(step.before, seat)
        assert step.command.action in legal, f"P{seat} sent {step.command.action}, not in {legal}"
    for notice in step.outcome.notices:
        if not notice.actions:
            continue
        if notice.key == "game.rematch":  # the service's 「もう一回」 (handlers/rematch.py), no core action
            continue
        where = f"{notice.key} to {notice.to} ({step.before.phase} → {step.after.phase})"
        assert notice.to.kind == "seat", f"buttons to {where}"
        assert len(notice.to.seats) == 1, f"buttons to {where}"
        assert notice.phase_seq == step.after.phase_seq, f"stale buttons {notice.phase_seq} in {where}"
        legal = RULES.legal_actions(step.after, notice.to.seats[0])
        illegal = [a for a in notice.actions if a not in legal]
        assert not illegal, f"illegal buttons {illegal} in {where}"


# -- §11.2, §11.3, §11.6: secret steps and nights -----------------------------------------------------------
def _private_keys(step: Step, seq: int) -> dict[int, Counter[str]]:
    """Per seat: the keys of its private notices told in phase ``seq``, without the silent relay and the
    acks of the actor's own tap."""
    actor = step.actor()
    out: dict[int, Counter[str]] = {}
    for n in step.outcome.notices:
        if n.to.kind != "seat" or n.phase_seq != seq or n.silent:
            continue
        if n.key in ACKS and n.to.seats == (actor,):
            continue
        for seat in n.to.seats:
            out.setdefault(seat, Counter())[n.key] += 1
    return out


def _uniform(per: dict[int, Counter[str]], living: set[int], where: str) -> None:
    assert set(per) <= living, f"§11.2 {where}: private notices to non-living {set(per) - living}"
    shapes = {seat: dict(per.get(seat, Counter())) for seat in living}
    kinds = {tuple(sorted(v.items())) for v in shapes.values()}
    assert len(kinds) <= 1, f"§11.2 {where}: not uniform {shapes}"


def assert_secret_steps(step: Step) -> None:
    """See the module docstring (queries are a player's own request and are left out)."""
    if isinstance(step.command, Query):
        return
    before, after = step.before, step.after
    opened = after.phase_seq != before.phase_seq
    if opened and after.phase in PROMPTS:
        _opening(step)
    if opened and before.phase in PROMPTS:
        living = {p.seat for p in before.players if p.alive}
        _uniform(_private_keys(step, before.phase_seq), living, f"{before.phase} resolving")
    if before.phase in NIGHTS and opened:
        assert isinstance(step.command, Timeout), f"the {before.phase} ended early by {step.command}"
        assert step.now == before.deadline_at, f"the {before.phase} ended at {step.now} ≠ its deadline"
    if before.phase in NIGHTS and not opened:
        public = [n.key for n in step.outcome.notices if n.to.kind == "public"]
        assert not public, f"§11.3: group notices {public} during the {before.phase}"
    if before.phase in PROMPTS and not opened and before.phase not in NIGHTS:
        public = [n.key for n in step.outcome.notices if n.to.kind == "public"]
        assert not public, f"§11.6.2: group notices {public} while players choose ({before.phase})"
    if opened and after.phase in ("exchange_take", "exchange_give"):
        c = after.choice
        assert c is not None
        who = c.target if after.phase == "exchange_take" else c.user
        per = _private_keys(step, after.phase_seq)
        assert per == {who: Counter({f"prompt.{after.phase}": 1})}, f"§11.2 {after.phase} prompts {per}"


def _opening(step: Step) -> None:
    after = step.after
    key = PROMPTS[after.phase]
    living = {p.seat for p in after.players if p.alive}
    per = _private_keys(step, after.phase_seq)
    _uniform(per, living, f"{after.phase} opening")
    assert all(per[s][key] == 1 for s in living), f"§11.2: {key} not once to each of {living}: {per}"
    prompts = [n for n in step.outcome.notices if n.key == key]
    assert len({tuple(sorted(n.params)) for n in prompts}) == 1, f"{key}s of different shapes"
    if after.phase in NIGHTS:
        shapes = {tuple(sorted(Counter(a.kind for a in n.actions).items())) for n in prompts}
        assert len(shapes) == 1, f"§11.2: night screens with different buttons {shapes}"
        seconds = int(option(after, NIGHTS[after.phase]))
        lasts = (after.deadline_at or 0) - step.now
        assert lasts == seconds, f"§11.5: the {after.phase} lasts {lasts} s, not {seconds}"
    else:
        assert all(n.actions for n in prompts), f"§11.2: a {key} without a button"
    public = [n.key for n in step.outcome.notices if n.to.kind == "public" and n.phase_seq == after.phase_seq]
    assert len(public) == 1, f"{after.phase} opens with group notices {public}"


# -- §6.2 step 5, §11.6.4: one failed-arrest template ------------------------------------------------------
def assert_arrest_uniform(step: Step) -> None:
    """A failed Arrest: the notices of the turn are the same in the world where the other cause holds
    (an innocent target ↔ Kira denying with his unused Alibi), obtained by swapping identities."""
    resolved = [e.data for e in step.outcome.events if e.kind == "ArrestResolved" and not e.data["success"]]
    if not resolved:
        return
    before, target, arrester = step.before, int(resolved[0]["target"]), int(resolved[0]["seat"])
    t = before.players[target - 1]
    kira = next(p for p in before.players if p.role == "KIRA")
    if t.role == "KIRA":
        assert not t.alibi_used, "§6.2: a second denial (AMB-28)"
        assert "AL" in t.hand, "§6.2: a denial without the Alibi"
        swap = next(p.seat for p in before.players if p.alive and p.seat not in (target, arrester))
    elif "AL" in t.hand and not t.alibi_used and kira.seat != arrester:
        swap = kira.seat
    else:
        return
    world = before.model_copy(deep=True)
    a, b = world.players[target - 1], world.players[swap - 1]
    a.identity, b.identity = b.identity, a.identity
    other = RULES.decide(world, step.command, now=step.now)
    assert isinstance(other, Accepted), f"the counterfactual arrest was refused: {other}"
    mine = [n for n in step.outcome.notices if n.phase_seq == before.phase_seq]
    theirs = [n for n in other.notices if n.phase_seq == before.phase_seq]
    assert mine == theirs, f"§11.6.4: a failed arrest on {t.role} says {_keys(mine)}, else {_keys(theirs)}"


def _keys(notices: list[Notice]) -> list[tuple[str, list[str]]]:
    return [(n.key, sorted(n.params)) for n in notices]


# -- §9: the end -----------------------------------------------------------------------------------------
def assert_ended(played: Played) -> None:
    """The game ended within ``max_rounds`` with a §9 result that its final state justifies; the winners
    are the winning team (AMB-54), nobody on a draw; nothing moves it afterwards."""
    s = played.final
    assert s.phase == "ended", f"not ended: {s.phase}"
    limit = int(option(s, "max_rounds")) if option(s, "round_limit") else s.round
    assert 1 <= s.round <= limit, f"round {s.round} beyond max_rounds {limit}"
    living = [p for p in s.players if p.alive]
    expected = {
        "arrest": "L_TEAM", "no_l": "KIRA_TEAM", "l_team_one": "KIRA_TEAM", "no_arrest": "KIRA_TEAM",
        "max_rounds": "draw", "l_out": "KIRA_TEAM",
    }  # fmt: skip
    assert s.reason in expected, f"unknown reason {s.reason}"
    assert s.result == expected[s.reason], f"{s.result} for {s.reason}"
    if s.reason == "no_l":
        assert not any(p.role == "L" for p in living), "§9.2 a with a living L"
    elif s.reason == "l_out":
        assert option(s, "either_l"), "§9.2 a as printed without either_l"
        assert any(p.role == "L" and not p.alive for p in s.players), "§9.2 a as printed with every L alive"
    elif s.reason == "l_team_one":
        assert sum(p.team == "L_TEAM" for p in living) <= 1, "§9.2 b with two living L-team players"
    elif s.reason == "no_arrest":
        assert option(s, "end_when_no_arrest_left"), "§9.2 c without the house rule"
        assert len(s.removed) == ITEM_COUNTS[len(s.players)]["ARREST"], f"§9.2 c with {s.removed} removed"
    elif s.reason == "max_rounds":
        assert s.round == limit, f"draw in round {s.round} of {limit}"
    winners = [] if s.result == "draw" else [p.seat for p in s.players if p.team == s.result]
    assert sorted(s.winners) == winners, f"winners {s.winners} ≠ {winners}"
    assert all(RULES.legal_actions(s, p.seat) == [] for p in s.players)
    assert isinstance(RULES.decide(s, Timeout(phase_seq=s.phase_seq), now=10**10), Rejected)


# -- everything -----------------------------------------------------------------------------------------
def check_step(step: Step) -> None:
    """Every per-step invariant: this module's and the never-leak check."""
    assert_cards(step)
    assert_moves(step)
    assert_secret_steps(step)
    assert_arrest_uniform(step)
    assert_no_leak(step)


def checked(game: Game) -> Played:
    """Play ``game`` with :func:`check_step` on every step, then :func:`assert_ended`."""
    played = play(game, check_step)
    assert_ended(played)
    return played


def sweep(seeds: Iterable[int], sizes: Iterable[int] = SIZES, *, workers: int = 1) -> SweepReport:
    """:func:`checked` on the seeded table of every seed and size (``workers`` processes); a failing game
    is listed in the report, never raised."""
    return run_sweep(checked, seeds, sizes, workers=workers)
