"""Random whole games of classic 人狼: no notice tells anyone what [WW-8.1] keeps from them, and the checker
itself catches each kind of leak (so a green playout means something)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from core.engine.notice import Notice, RoleRef
from core.games.werewolf.model import WWState
from tests.games.werewolf.table import C9, K13, table
from tests.property.notices import key, private, public, ref, step, team
from tests.property.playout import PROFILE
from tests.property.werewolf_checks import NoLeak
from tests.property.werewolf_playout import Game, games, play

pytestmark = pytest.mark.property


@pytest.mark.slow
@settings(PROFILE, max_examples=60)
@given(games(custom=None))
def test_no_notice_leaks_hidden_information(game: Game) -> None:
    """[WW-8.1] while the game runs: see :class:`tests.property.werewolf_checks.NoLeak`."""
    play(game, NoLeak())


# -- the checker ------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def night1() -> WWState:
    """C9 (P04 seer, P05 medium, P07-P08 wolves, P09 madman), P09 executed on Day 1, Night 1 open."""
    t = table(C9, rng=[0])
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    return t.words().state


@pytest.fixture(scope="module")
def k13() -> WWState:
    """K13 (masons P07-P08, wolves P09-P10, fanatic P11, fox P12, immoralist P13) at Night 0."""
    return table(K13).state


LEAKS = {
    "a role in the morning": public("morning.deaths", day=2, players=[ref(1)], role=RoleRef(id="seer")),
    "a cause in public": public("death.also", player=ref(3), cause=key("cause.drag")),
    "a result in public": public("x", line=key("divine.result", night=1, player=ref(7))),
    "the recap while the game runs": public("recap.cycle", night=0, day=1, night_lines=[], day_lines=[]),
    "another seat's role in private": private(2, "x", player=ref(7), role=RoleRef(id="werewolf")),
    "a role card with another role": private(2, "role.card", player=ref(2), role=RoleRef(id="seer")),
    "the divination to a villager": private(
        1, "divine.result", night=1, player=ref(7), result=key("class.black")
    ),
    "the medium's result to the seer": private(4, "medium.result", player=ref(9), result=key("class.white")),
    "the wolves' list to the madman": private(9, "know.werewolf", players=[ref(7), ref(8)]),
    "a proposal relayed to the madman": team([8, 9], "night.proposal", wolf=ref(7), target=ref(1)),
    "a team chat to a villager": team([7, 1], "team.say", member=ref(8), text="hi"),
    "the 霊界 to the living": team([1, 2], "grave.say", member=ref(9), text="hi"),
    "the 霊界 notice to the living": private(1, "dead.you", reveal=""),
}


@pytest.mark.parametrize("notice", LEAKS.values(), ids=LEAKS.keys())
def test_each_kind_of_leak_is_caught(night1: WWState, notice: Notice) -> None:
    with pytest.raises(AssertionError):
        NoLeak()(step(night1, notice))


def test_a_result_before_dawn_is_caught(night1: WWState) -> None:
    """[WW-6.10.4] R6: the divination is sent when the night resolves, never while it is open."""
    notice = private(4, "divine.result", night=1, player=ref(7), result=key("class.black"))
    with pytest.raises(AssertionError, match="before dawn"):
        NoLeak()(step(night1, notice))
    dawn = {"phase": "discussion", "night": None, "phase_seq": night1.phase_seq + 1}
    morning = night1.model_copy(update=dawn)
    NoLeak()(step(night1, notice, after=morning))


def test_the_deal_s_team_lists_go_to_the_holders_only(k13: WWState) -> None:
    """[WW-3.3]: the masons meet, the wolves meet without the fanatic; the fox list reaches the immoralist
    privately, the fanatic's wolves list too."""
    lobby = k13.model_copy(update={"phase": "lobby", "phase_seq": 0})
    NoLeak()(step(lobby, team([7, 8], "know.mason", players=[ref(7), ref(8)]), after=k13))
    NoLeak()(step(lobby, team([9, 10], "know.werewolf", players=[ref(9), ref(10)]), after=k13))
    NoLeak()(step(lobby, private(11, "know.werewolf", players=[ref(9), ref(10)]), after=k13))
    NoLeak()(step(lobby, private(13, "know.fox", players=[ref(12)]), after=k13))
    with pytest.raises(AssertionError):
        NoLeak()(step(lobby, team([9, 10, 11], "know.werewolf", players=[ref(9), ref(10)]), after=k13))
    with pytest.raises(AssertionError):
        NoLeak()(step(lobby, private(12, "know.fox", players=[ref(12), ref(13)]), after=k13))


ALLOWED = {
    "the composition": public("game.cast", cast=[key("composition.line", role=RoleRef(id="fox"), count=1)]),
    "an own role card": private(4, "role.card", player=ref(4), role=RoleRef(id="seer")),
    "the wolves' relay": team([8], "night.proposal", wolf=ref(7), target=ref(1)),
    "the wolves' chat": team([8], "team.say", member=ref(7), text="P1?"),
    "the 霊界 among the dead": team([9], "grave.say", member=ref(9), text="hi"),
    "the medium at the night's opening": private(5, "x", lines=[key("class.white")]),
}


@pytest.mark.parametrize("notice", ALLOWED.values(), ids=ALLOWED.keys())
def test_what_players_may_know_passes(night1: WWState, notice: Notice) -> None:
    NoLeak()(step(night1, notice))
