"""Bot players (core.engine.bots): they only ever send legal actions, every bots-only game reaches an end,
a game replays exactly from its seeds, and Adazakura-side bots never choose a known team mate to erase; the
seat order and the picks draw exactly as the plain one-draw-at-a-time policy does."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.bots import Driver, choose, play_out, start_bot_game
from core.engine.commands import Timeout
from core.engine.notice import Action
from core.engine.result import Rejected
from core.engine.rng import Rng
from core.games import rules_for

RULES = rules_for("adazakura")
KINDS = ["night.shinra", "kill", "cancel", "done", "co", "ready", "skip", "vote"]


def action_lists(kinds: list[str], max_size: int) -> st.SearchStrategy[list[Action]]:
    """Lists of actions of ``kinds``, each with one seat or ``none`` (``done`` without)."""
    return st.lists(
        st.builds(lambda kind, arg: Action(kind=kind, args=(arg,) if kind != "done" else ()),
                  st.sampled_from(kinds), st.one_of(st.integers(1, 16), st.just("none"))),
        max_size=max_size,
    )  # fmt: skip


actions = action_lists(KINDS, 12)


@settings(max_examples=300, deadline=None)
@given(actions, st.integers(0, 2**32), st.sets(st.sampled_from(KINDS)))
def test_a_bot_only_picks_an_offered_action(offered: list[Action], seed: int, taken: set[str]) -> None:
    picked = choose(offered, Rng.seeded(seed), taken=taken, me=1, friends={2})
    assert picked is None or picked in offered


def test_a_bot_with_nothing_left_to_do_waits() -> None:
    rng = Rng.seeded(1)
    assert choose([Action(kind="kill", args=(3,)), Action(kind="cancel", args=("shinra",))], rng) is None
    assert choose([Action(kind="vote", args=(2,))], rng, taken={"vote"}) is None
    assert choose([], rng) is None


def play(players: int, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    started = start_bot_game(RULES, players, seed=seed)
    out = play_out(RULES, started.state, Rng.seeded(seed + 1), 0, heard=started.notices)
    return out.state, [e.model_dump() for e in out.state.log]


@pytest.mark.property
@pytest.mark.parametrize("players", range(RULES.min_players, RULES.max_players + 1))
def test_every_bots_only_game_ends_with_a_result(players: int) -> None:
    for seed in range(3):
        state, _ = play(players, seed)
        assert state.phase == "ended"
        assert state.result in ("sakura", "adazakura", "draw")


def test_a_game_replays_exactly_from_its_seeds() -> None:
    assert play(8, 5) == play(8, 5)
    assert play(8, 5) != play(8, 6)


@pytest.mark.property
def test_team_bots_never_choose_a_team_mate_to_erase() -> None:
    for seed in range(8):
        state, log = play(10, seed)
        team = {p.seat for p in state.players if p.faction == "adazakura"}
        chosen = [e["data"]["target"] for e in log if e["kind"] == "TeamChoice"]
        assert chosen
        assert not team & set(chosen)


def test_a_phase_no_bot_acts_in_is_closed_by_its_timer() -> None:
    state = start_bot_game(RULES, 5, seed=2).state
    driver = Driver(RULES, Rng.seeded(3))
    while state.phase != "vote":
        command = driver.next_command(state)
        assert command is not None
        result = RULES.decide(state, command, now=1)
        assert not isinstance(result, Rejected)
        state = result.state
    driver.phase_seq, driver.taken = state.phase_seq, {seat: {"vote"} for seat in RULES.seats(state)}
    assert driver.next_command(state) == Timeout(phase_seq=state.phase_seq)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 80))
def test_a_shuffle_draws_what_one_draw_per_position_would(seed: int, size: int) -> None:
    """The bots' seat order (``Rng.shuffled``): Fisher-Yates with one ``below`` per position, the same
    permutation and the same generator state after it, for table sizes and beyond (a bound computed)."""
    items = list(range(1, size + 1))
    one_by_one, out = Rng.seeded(seed), list(items)
    for i in range(size - 1, 0, -1):
        j = one_by_one.below(i + 1)
        out[i], out[j] = out[j], out[i]
    shuffler = Rng.seeded(seed)
    assert shuffler.shuffled(items) == out
    assert shuffler.state == one_by_one.state
    assert items == list(range(1, size + 1))


def plain_choose(
    actions: list[Action], rng: Rng, taken: set[str], me: int, friends: set[int]
) -> Action | None:
    """The bot policy written with plain filters (as it first was): :func:`choose` must pick the same
    action with the same draws, or a seeded bots game would play differently."""
    kinds = {a.kind for a in actions}
    avoid = {*friends, me}
    if "done" in kinds:
        abilities = [a for a in actions if a.kind.startswith("night.")]
        if not taken and abilities and rng.below(3) < 2:
            return rng.choice(abilities)
        kills = [a for a in actions if a.kind == "kill"]
        if kills and "kill" not in taken:
            targets = [a for a in kills if isinstance(a.args[0], int) and a.args[0] not in avoid]
            return rng.choice(targets or kills)
        return next(a for a in actions if a.kind == "done")
    if "ready" in kinds:
        roll = rng.below(20)
        claims = [a for a in actions if a.kind == "co"]
        if roll == 0 and claims and "co" not in taken:
            return rng.choice(claims)
        abilities = [a for a in actions if a.kind not in {"done", "kill", "cancel", "co", "ready", "vote"}
                     and a.kind not in taken]  # fmt: skip
        if roll == 1 and abilities:
            return rng.choice(abilities)
        return next(a for a in actions if a.kind == "ready")
    if "vote" in kinds and "vote" not in taken:
        named = [a for a in actions if a.kind == "vote" and isinstance(a.args[0], int)]
        abstain = [a for a in actions if a.kind == "vote" and a.args[0] == "none"]
        if abstain and (not named or rng.below(8) == 0):
            return abstain[0]
        return rng.choice([a for a in named if a.args[0] not in avoid] or named)
    picks = {"favourite", "draw", "play", "discard", "pick", "give", "decline", "name", "signal", "start"}
    if kinds and {k.split(".")[0] for k in kinds} <= picks and not kinds & taken:
        return rng.choice(actions)
    if kinds and not taken and all(k.startswith("night.") or k == "kill" for k in kinds):
        return rng.choice(actions)
    return None


PICK_KINDS = [*KINDS, "night.raira", "draw", "give", "favourite"]
many_actions = action_lists(PICK_KINDS, 16)


@settings(max_examples=500, deadline=None)
@given(
    many_actions, st.integers(0, 2**64 - 1), st.sets(st.sampled_from(PICK_KINDS)), st.sets(st.integers(1, 16))
)
def test_a_bot_picks_and_draws_as_the_plain_policy(
    offered: list[Action], seed: int, taken: set[str], friends: set[int]
) -> None:
    fast, plain = Rng.seeded(seed), Rng.seeded(seed)
    picked = choose(offered, fast, taken=taken, me=1, friends=friends)
    assert picked == plain_choose(offered, plain, taken, 1, friends)
    assert fast.state == plain.state
