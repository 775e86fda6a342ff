"""Random whole games of 政治家人狼 (``politician.md``), played by bots on every table size (§4) and on random
custom casts (§4.3) with random §11 options: every game ends with the winner its seat sequence gives
(§7), prompts are uniform (§10.5), only eligible players vote and are voted for (§5.1), and what the game
offers is what it accepts."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from hypothesis import given, settings

from core.engine.notice import Notice, to_seat
from core.engine.result import Accepted
from core.games.politician.roles import CASTS
from tests.games.politician.helpers import elect
from tests.games.politician.table import C13, table
from tests.property import soak
from tests.property.offers import ended_once
from tests.property.playout import PROFILE
from tests.property.politician_checks import (
    NoLeak,
    assert_buttons_legal,
    assert_prompts,
    assert_seats_and_winner,
    offered_are_accepted,
    replay_win_check,
)
from tests.property.politician_playout import (
    RULES,
    SIZES,
    Check,
    Game,
    Played,
    Step,
    games,
    play,
    seeded_game,
)

pytestmark = [pytest.mark.property, pytest.mark.slow]

#: Bots-only games per table size in the seeded bulk run (11 sizes: 297 games; ``make soak``: 10,000).
SEEDS_PER_SIZE = soak.seeds_per_size(27, sizes=len(SIZES))


def assert_ended_once(game: Game, check: Check | None = None) -> Played:
    """Play ``game`` (every step also through ``check``): it ends, ``game.over`` is announced once, in
    public, at the last step, and nothing moves the game afterwards
    (:func:`tests.property.offers.ended_once`)."""
    return ended_once(RULES, lambda watch: play(game, watch), check or (lambda step: None))


@settings(PROFILE, max_examples=40)
@given(games(custom=False))
def test_games_of_every_size_end_with_the_winner_their_seats_give(game: Game) -> None:
    """§7.1 seat values, at most S seats, §7.3 replayed over the seat sequence (with ``endWhenDecided``)
    gives the result and reason, the winners are the winning camp (§7.4); no bot move is refused."""
    assert_seats_and_winner(assert_ended_once(game).final)


@settings(PROFILE, max_examples=40)
@given(games(custom=True))
def test_custom_casts_end_with_the_winner_their_seats_give(game: Game) -> None:
    """§4.3: any cast ``check_cast`` accepts plays to an end decided by §7.3 on its own S, h and w (the
    last-day rule leaves voters: never the no-candidate fallback of AMB-15)."""
    played = assert_ended_once(game)
    assert game.cast is not None
    assert played.final.cast == game.cast
    assert_seats_and_winner(played.final)


@settings(PROFILE, max_examples=40)
@given(games(custom=None))
def test_prompts_are_uniform_and_only_eligible_players_vote(game: Game) -> None:
    """§10.5: a night prompts every active player once with the same shape (elected and OUT players
    never); §6.6.1: a round prompts each eligible voter once; §5.1/AMB-06: excluded, elected and OUT
    players are neither voters nor candidates; runoffs are among the tied (AMB-10)."""
    play(game, assert_prompts)


@settings(PROFILE, max_examples=20)
@given(games(custom=None))
def test_every_button_is_legal_and_every_offered_action_is_accepted(game: Game) -> None:
    """Buttons are legal actions of their addressee when sent; whatever ``legal_actions`` offers is
    accepted (§10.3: one source of buttons and validation)."""
    play(game, assert_buttons_legal, probe=offered_are_accepted(game.bot_seed))


@pytest.mark.parametrize("players", SIZES)
def test_many_seeded_games_keep_every_invariant(players: int, request: pytest.FixtureRequest) -> None:
    """Bots play ``SEEDS_PER_SIZE`` seeded games of each size with seed-drawn options: each ends with the
    §7.3 winner, prompts are uniform, buttons legal and nothing leaks (§8); both camps win some."""
    results: Counter[str] = Counter()
    started = time.process_time()
    for seed in range(SEEDS_PER_SIZE):
        leak = NoLeak()

        def check(step: Step, leak: NoLeak = leak) -> None:
            leak(step)
            assert_prompts(step)
            assert_buttons_legal(step)

        final = assert_ended_once(seeded_game(players, seed), check).final
        assert_seats_and_winner(final)
        results[final.result or ""] += 1
    assert set(results) == {"human", "wolf"}, f"{players} players: {dict(results)}"
    soak.record(request, "politician", players, results, time.process_time() - started)


SEQUENCES = {
    "H H H": ("human human human", (3, "human", "human_threshold")),
    "W W": ("wolf wolf", (2, "wolf", "wolf_threshold")),
    "H W H H": ("human wolf human human", (4, "human", "human_threshold")),
    "H N H H": ("human none human human", (4, "human", "human_threshold")),
    "H H W N": ("human human wolf none", (4, "wolf", "all_filled")),
    "H W H W": ("human wolf human wolf", (4, "wolf", "wolf_threshold")),
    "N N N N": ("none none none none", (4, "wolf", "all_filled")),
}


@pytest.mark.parametrize(("values", "expected"), SEQUENCES.values(), ids=SEQUENCES.keys())
def test_the_win_check_oracle_follows_the_worked_examples(
    values: str, expected: tuple[int, str, str]
) -> None:
    """§7.5's table (official S=4, h=3, w=2), the oracle the games are checked against."""
    assert replay_win_check(CASTS[13], values.split(), False) == expected


def test_the_oracle_ends_early_when_the_humans_cannot_win_only_with_end_when_decided() -> None:
    """§7.3 step 4, AMB-45: "N, N" ends after the 2nd election with ``endWhenDecided``, else at the 4th."""
    assert replay_win_check(CASTS[13], ["none", "none"], True) == (2, "wolf", "unreachable")
    assert replay_win_check(CASTS[13], ["none", "none"], False) is None
    assert replay_win_check(CASTS[5], ["human", "none"], True) == (2, "wolf", "all_filled")


# -- the prompt checker ------------------------------------------------------------------------------------
def night_opening() -> Step:
    """The step that opened Night 1 of C13 after P01's election: the night prompts as sent."""
    t = elect(table(C13), 1)
    night = t.state
    before = night.model_copy(
        update={"phase": "policy_speech", "phase_seq": night.phase_seq - 1, "night": None}
    )
    prompts = [n for n in t.heard if n.key == "night.prompt"]
    return Step(before, None, 0, Accepted(state=night, notices=prompts))


def test_a_night_opening_with_each_active_player_prompted_once_passes() -> None:
    opening = night_opening()
    assert len(opening.outcome.notices) == 12
    assert_prompts(opening)


def changed(opening: Step, notices: list[Notice]) -> Step:
    return Step(opening.before, None, 0, Accepted(state=opening.after, notices=notices))


def test_a_missing_a_doubled_or_an_elected_players_night_prompt_is_caught() -> None:
    """§10.5: exactly one prompt per active player; P01 (elected) gets none."""
    opening = night_opening()
    prompts = opening.outcome.notices
    elected = prompts[0].model_copy(update={"to": to_seat(1)})
    for wrong in (prompts[1:], [*prompts, prompts[0]], [*prompts, elected]):
        with pytest.raises(AssertionError, match="night prompts"):
            assert_prompts(changed(opening, wrong))
