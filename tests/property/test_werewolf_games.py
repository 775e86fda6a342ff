"""Random whole games of classic 人狼 (``werewolf.md``), played by bots on every table size 4-20 ([WW-4.1],
with random modifiers [WW-4.2]) and on random host casts ([WW-4.3]) with random [WW-11] options: every
game ends with the result the [WW-7.2] win check gives (or the stall draw, [WW-7.4]), the winners are the
winning camp, night prompts have one shape for every living player ([WW-8.2]), every button is legal,
what the game offers it accepts, and the state stays bounded."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings

from core.games.werewolf import casts
from tests.property.offers import ended_once
from tests.property.playout import PROFILE
from tests.property.werewolf_checks import (
    NoLeak,
    assert_bounded,
    assert_buttons_legal,
    assert_prompts,
    assert_win,
    offered_are_accepted,
    win_check,
)
from tests.property.werewolf_playout import RULES, SIZES, Check, Game, Played, Step, games, play, seeded_game

pytestmark = [pytest.mark.property, pytest.mark.slow]

#: Bots-only games per table size in the seeded bulk run (17 sizes: 136 games).
SEEDS_PER_SIZE = 8


def assert_ended_once(game: Game, check: Check | None = None) -> Played:
    """Play ``game`` (every step also through :func:`assert_win` and ``check``): it ends, ``game.over`` is
    announced once, in public, at the last step, and nothing moves the game afterwards
    (:func:`tests.property.offers.ended_once`)."""

    def checked(step: Step) -> None:
        assert_win(step)
        if check is not None:
            check(step)

    return ended_once(RULES, lambda watch: play(game, watch), checked)


@settings(PROFILE, max_examples=40)
@given(games(custom=False))
def test_games_of_every_size_end_with_the_win_the_living_give(game: Game) -> None:
    """[WW-7.2] recomputed on the living after every step; the winners are the whole camp ([WW-7.5])."""
    played = assert_ended_once(game)
    assert sum(played.final.cast.values()) == game.players + int(game.options["scapegoat"])


@settings(PROFILE, max_examples=40)
@given(games(custom=True))
def test_host_casts_end_with_the_win_the_living_give(game: Game) -> None:
    """[WW-4.3]: any cast V1-V8 accept deals exactly that cast and plays to an end [WW-7.2] decides."""
    played = assert_ended_once(game)
    assert game.cast is not None
    assert played.final.cast == dict(game.cast)


@settings(PROFILE, max_examples=40)
@given(games(custom=None))
def test_night_prompts_have_one_shape_and_rounds_prompt_their_voters(game: Game) -> None:
    """[WW-8.2] item 1: every living human gets one night prompt of the same text, buttons of one night
    kind; [WW-6.6.1]: the main vote's voters and candidates are the living, a runoff's voters the others
    (AMB-37); nobody else is prompted."""
    play(game, assert_prompts)


@settings(PROFILE, max_examples=20)
@given(games(custom=None))
def test_every_button_is_legal_and_every_offered_action_is_accepted(game: Game) -> None:
    """Buttons are legal actions of their addressee when sent (the group's 「投票へ」 for some seat);
    whatever ``legal_actions`` offers is accepted ([WW-10.3]); the state stays bounded."""

    def check(step: Step) -> None:
        assert_buttons_legal(step)
        assert_bounded(step)

    play(game, check, probe=offered_are_accepted(game.bot_seed))


@pytest.mark.parametrize("players", SIZES)
def test_many_seeded_games_keep_every_invariant(players: int) -> None:
    """Bots play ``SEEDS_PER_SIZE`` seeded games of each size with seed-drawn options and modifiers: each
    ends with the [WW-7.2] result, prompts are uniform, buttons legal, the state bounded and nothing leaks
    ([WW-8.1])."""
    results: Counter[str] = Counter()
    for seed in range(SEEDS_PER_SIZE):
        leak = NoLeak()

        def check(step: Step, leak: NoLeak = leak) -> None:
            leak(step)
            assert_prompts(step)
            assert_buttons_legal(step)
            assert_bounded(step)

        final = assert_ended_once(seeded_game(players, seed), check).final
        results[final.result or ""] += 1
    assert results, players


def test_the_win_check_restated_here_agrees_with_the_spec_s_worked_examples() -> None:
    """[WW-7.6]: the examples table, through the checker's own win check (so the games above are judged
    by the spec, not by the core)."""

    class Seat:
        def __init__(self, seat: int, role: str) -> None:
            self.seat, self.role, self.alive = seat, role, True

    class State:
        def __init__(self, roles: list[str]) -> None:
            self.scapegoat = None
            self.players = [Seat(i, r) for i, r in enumerate(roles, 1)]

    examples = {
        ("villager", "villager", "werewolf", "madman"): None,
        ("villager", "werewolf", "madman"): None,
        ("villager", "werewolf"): ("werewolf", "werewolf"),
        ("villager", "villager", "werewolf", "werewolf", "fox"): ("fox", "fox_werewolf"),
        ("villager", "fox", "immoralist"): ("fox", "fox_village"),
        ("werewolf", "fox", "immoralist"): ("fox", "fox_werewolf"),
        ("werewolf", "werewolf", "fox", "villager", "villager", "villager"): None,
        ("villager", "fanatic"): ("village", "village"),
        (): ("draw", "all_dead"),
    }
    for roles, expected in examples.items():
        assert win_check(State(list(roles))) == expected, roles


def test_every_standard_cast_is_valid_with_and_without_the_scapegoat() -> None:
    """[WW-4.1] against [WW-4.3]: each table of 4-20 seats deals to its humans, with 身代わり君 too."""
    for seats in range(casts.MIN_PLAYERS, casts.MAX_SEATS + 1):
        cast = casts.standard(seats)
        assert cast is not None
        assert casts.check(cast, seats, False) is None, seats
        if seats > casts.MIN_PLAYERS:
            assert casts.check(cast, seats - 1, True) is None, seats
