"""Random whole games of DEATH NOTE 人狼 (``deathnote.md``), played by bots at 4, 5 and 6 players with
random §11.5 options: every step keeps the cards (§1.4, §4.2, §6.1, §8), sends only legal moves and legal
buttons, prompts every living player alike in secret steps and keeps nights silent and of fixed length
(§11.2, §11.3, §11.6), a failed Arrest reads the same whatever its cause (§6.2, §11.6.4), and every game
ends with a result its final state justifies (§9). The checkers themselves catch each kind of fault.

The long run (thousands of seeds): ``tests.property.deathnote_checks.sweep``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings

from core.engine.commands import Act, Timeout
from core.engine.notice import PUBLIC, Action, Notice, to_seat
from core.engine.result import Accepted
from core.games.deathnote.model import DNState
from tests.property import soak
from tests.property.deathnote_checks import (
    assert_arrest_uniform,
    assert_cards,
    assert_ended,
    assert_moves,
    assert_secret_steps,
    checked,
)
from tests.property.deathnote_playout import Game, Step, games, play, seeded_game
from tests.property.playout import PROFILE

pytestmark = [pytest.mark.property, pytest.mark.slow]

#: Seeded tables per size with every check (``make soak``: 10,000 games over the three sizes).
SEEDS_PER_SIZE = soak.seeds_per_size(8, sizes=3)


def check(step: Step) -> None:
    assert_cards(step)
    assert_moves(step)
    assert_secret_steps(step)
    assert_arrest_uniform(step)


@settings(PROFILE, max_examples=100)
@given(games())
def test_random_games_keep_cards_prompts_and_nights_and_end(game: Game) -> None:
    """Every step: §1.4 conservation, §4.2 hand sizes, §6.1/§8 Death Note and eliminated hands, legal
    moves and buttons, §11.2 uniform prompts, §11.3 silent nights of fixed length, §11.6.4 one failed-arrest
    text; the end: a §9 result within ``max_rounds``, the winning team as winners."""
    assert_ended(play(game, check))


@pytest.mark.parametrize("players", [4, 5, 6])
def test_seeded_games_of_each_size_keep_every_invariant_and_both_teams_win(
    players: int, request: pytest.FixtureRequest
) -> None:
    """``SEEDS_PER_SIZE`` (8) seeded tables per size with every check (leaks too); both teams win some."""
    started = time.process_time()
    seeds = range(SEEDS_PER_SIZE)
    results = Counter(checked(seeded_game(players, seed)).final.result or "" for seed in seeds)
    assert {"L_TEAM", "KIRA_TEAM"} <= set(results), f"{players} players: {dict(results)}"
    soak.record(request, "deathnote", players, results, time.process_time() - started)


# -- the checkers catch what they are for ---------------------------------------------------------------
@pytest.fixture(scope="module")
def steps() -> list[Step]:
    """Every step of a few seeded 6-player games: Investigations, Exchanges, a Shinigami, Judgments."""
    out: list[Step] = []
    for seed in (0, 2):
        play(seeded_game(6, seed), out.append)
    return out


def first(steps: list[Step], where: Callable[[Step], bool]) -> Step:
    found = next((s for s in steps if where(s)), None)
    assert found is not None, "the seeded games no longer contain such a step"
    return found


def changed(step: Step, state: DNState | None = None, notices: list[Notice] | None = None) -> Step:
    after = state or step.after
    said = step.outcome.notices if notices is None else notices
    return Step(step.before, step.command, step.now, Accepted(state=after, notices=said))


def opening(phase: str) -> Callable[[Step], bool]:
    return lambda s: s.after.phase == phase and s.before.phase != phase


def test_a_lost_or_moved_card_is_caught(steps: list[Step]) -> None:
    """§1.4 (a card gone) and §4.2 (a card moved between living players)."""
    step = first(steps, opening("judgment"))
    assert_cards(step)
    gone = step.after.model_copy(deep=True)
    gone.players[0].hand.pop()
    with pytest.raises(AssertionError, match=r"§1\.4"):
        assert_cards(changed(step, gone))
    moved = step.after.model_copy(deep=True)
    giver, taker = [p for p in moved.players if p.alive and p.hand][:2]
    taker.hand.append(giver.hand.pop())
    with pytest.raises(AssertionError, match=r"§4\.2"):
        assert_cards(changed(step, moved))


def test_the_death_note_with_an_eliminated_player_is_caught(steps: list[Step]) -> None:
    step = first(steps, opening("judgment"))
    dead = step.after.model_copy(deep=True)
    holder = next(p for p in dead.players if "DN" in p.hand)
    holder.alive = False
    with pytest.raises(AssertionError, match=r"§8|§6\.1"):
        assert_cards(changed(step, dead))


def test_illegal_or_stale_buttons_and_illegal_moves_are_caught(steps: list[Step]) -> None:
    step = first(steps, opening("pass"))
    prompt = next(n for n in step.outcome.notices if n.key == "prompt.pass")
    wrong = prompt.model_copy(update={"actions": [Action(kind="pick", args=("SHINIGAMI",))]})
    with pytest.raises(AssertionError, match="illegal buttons"):
        assert_moves(changed(step, notices=[wrong]))
    stale = prompt.model_copy(update={"phase_seq": step.before.phase_seq})
    with pytest.raises(AssertionError, match="stale buttons"):
        assert_moves(changed(step, notices=[stale]))
    seat = prompt.to.seats[0]
    user = step.after.players[seat - 1].user_id
    sneaky = Step(
        step.after, Act(user_id=user, action=Action(kind="play.DEATH_NOTE")), step.now, step.outcome
    )
    with pytest.raises(AssertionError, match="not in"):
        assert_moves(sneaky)


def test_a_missing_doubled_or_different_night_screen_is_caught(steps: list[Step]) -> None:
    """§11.2: one ``night.judgment`` per living player, all with the same buttons."""
    step = first(steps, opening("judgment"))
    assert_secret_steps(step)
    said = step.outcome.notices
    screens = [n for n in said if n.key == "night.judgment"]
    others = [n for n in said if n.key != "night.judgment"]
    short = screens[1].model_copy(update={"actions": screens[1].actions[1:]})
    for wrong in (others + screens[1:], [*said, screens[0]], [*others, screens[0], short, *screens[2:]]):
        with pytest.raises(AssertionError, match=r"§11\.2"):
            assert_secret_steps(changed(step, notices=wrong))


def test_an_extra_prompt_to_one_player_when_passes_resolve_is_caught(steps: list[Step]) -> None:
    """§11.6.1: at the resolution of an Investigation everybody hears the same."""
    step = first(steps, lambda s: s.before.phase == "pass" and s.after.phase != "pass")
    assert_secret_steps(step)
    extra = Notice(key="passed", to=to_seat(1), phase_seq=step.before.phase_seq)
    with pytest.raises(AssertionError, match="not uniform"):
        assert_secret_steps(changed(step, notices=[*step.outcome.notices, extra]))


def test_a_group_notice_at_night_or_a_night_that_ends_early_is_caught(steps: list[Step]) -> None:
    """§11.3: nothing in the group between "night falls" and the morning; §11.6.3: only the timer ends
    a night, at its deadline; §11.5: the night lasts ``t_judgment``."""
    tap = first(steps, lambda s: s.before.phase == "judgment" and s.after.phase_seq == s.before.phase_seq)
    noise = Notice(key="turn.start", to=PUBLIC)
    with pytest.raises(AssertionError, match=r"§11\.3"):
        assert_secret_steps(changed(tap, notices=[noise]))
    morning = first(steps, lambda s: s.before.phase == "judgment" and s.after.phase != "judgment")
    assert isinstance(morning.command, Timeout)
    early = Step(morning.before, tap.command, morning.now - 1, morning.outcome)
    with pytest.raises(AssertionError, match="early"):
        assert_secret_steps(early)
    night = first(steps, opening("judgment"))
    longer = night.after.model_copy(update={"deadline_at": (night.after.deadline_at or 0) + 1})
    with pytest.raises(AssertionError, match=r"§11\.5"):
        assert_secret_steps(changed(night, longer))
