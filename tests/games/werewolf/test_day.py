"""The day of classic 人狼: [WW-6.4] the morning's win check, [WW-6.5] 「投票へ」, [WW-6.6.3] no ballots and
a tied runoff, [WW-6.7] the execution's chain, [WW-6.8] 突然死, [WW-6.9] the win check and 遺言, [WW-7.4]
the draws, [WW-6.11] the end."""

from __future__ import annotations

import pytest

from core.engine.commands import Say
from core.engine.result import Rejected
from core.i18n.render import render
from tests.games.werewolf.table import C9, F10, NK10, table

FOUR = ["villager", "seer", "werewolf", "madman"]


def test_the_morning_s_win_check_ends_the_game_before_the_discussion() -> None:
    """[WW-6.4] step 3, [WW-7.2]: W 1 / H 1 after the night's death: the wolves win at the morning."""
    t = table(FOUR, rng=[0])
    t.night()
    t.day([(1, 4), (2, 4), (3, 1), (4, 1)], runoff=[(2, 4), (3, 4)])
    assert t.first("vote.executed").params["player"] == 4
    t.words()
    t.night({3: 2})
    assert t.said()[:2] == ["morning.deaths", "game.over"]
    assert "day.start" not in t.said()
    assert (t.result, t.winners) == ("werewolf", [3, 4])


def test_ready_is_once_per_living_player_and_a_group_button() -> None:
    """[WW-6.5] (AMB-34): the discussion's announcement carries 「投票へ」; a second press is refused."""
    t = table(C9, rng=[0])
    t.night()
    assert [a.kind for n in t.heard if n.key == "day.start" for a in n.actions] == ["ready"]
    t.act(1, "ready")
    assert t.refused(1, "ready") == "control.skip_already"
    assert t.first("control.skip_vote").params["needed"] == 5


def test_a_game_runs_through_the_phases_in_the_spec_s_sequence() -> None:
    """[WW-6.1]: lobby → Night 0 → morning → discussion → vote → runoff → execution → 遺言 → Night 1 →
    morning …, each phase announced as it opens."""
    t = table(C9, rng=[0])
    phases = [t.phase]
    t.night()
    phases.append(t.phase)
    t.discussion()
    phases.append(t.phase)
    t.vote([(1, 7), (2, 7), (3, 8), (4, 8)])
    phases.append(t.phase)
    t.vote([(v, 7) for v in t.alive if v not in (7, 8)])
    phases.append(t.phase)
    t.words()
    phases.append(t.phase)
    assert phases == [("night", 0), ("discussion", 1), ("vote", 1), ("runoff", 1), ("last_words", 1),
                      ("night", 1)]  # fmt: skip


def test_a_day_without_ballots_ties_everyone_and_skips_the_runoff() -> None:
    """[WW-6.6.3] (AMB-39): nobody votes → all living tie at 0, nobody is left to vote a runoff, no
    execution by default (AMB-38); everyone's missed votes count one."""
    t = table(C9, rng=[0])
    t.night()
    t.day()
    said = t.said()
    assert said[said.index("vote.result"):][:4] == ["vote.result", "runoff.nobody",
                                                    "vote.no_execution.no_runoff", "night.start"]  # fmt: skip
    assert [p.missed_votes for p in t.state.players] == [1] * 9
    assert t.phase == ("night", 1)


def test_a_tie_nobody_can_vote_off_is_drawn_without_claiming_a_runoff_was_held() -> None:
    """[WW-6.6.3] (AMB-38, AMB-39) ``tieBreak = random`` with no runoff voter: the lot's text says no
    runoff could be held (``vote.random.no_runoff``), not that a runoff tied too."""
    t = table(C9, rng=[0, 0], tieBreak="random")
    t.night()
    t.day()
    said = t.said()
    assert said[said.index("runoff.nobody") :][:2] == ["runoff.nobody", "vote.random.no_runoff"]
    assert "vote.random" not in said
    assert "vote.no_execution" not in said


def test_the_vote_that_ends_the_game_warns_nobody_of_a_sudden_death() -> None:
    """[WW-6.6.1], [WW-6.8]: seat 1 misses the vote that executes the last 人狼; the game is over, so
    nobody is told that one more miss means 突然死."""
    t = table(["villager", "villager", "villager", "seer", "werewolf"], rng=[0])
    t.night()
    t.day([(2, 5), (3, 5), (4, 5), (5, 2)])
    assert t.state.is_over
    assert t.state.players[0].missed_votes == 1
    assert "vote.afk_warning" not in t.said(1)


def test_a_missed_vote_is_warned_after_the_day_s_execution_when_the_game_goes_on() -> None:
    """[WW-6.8]: the warning still comes when the game goes on, once the execution is told."""
    t = table(C9, rng=[0])
    t.night()
    t.day([(v, 9) for v in range(2, 9)] + [(9, 2)])
    assert not t.state.is_over
    assert t.first("vote.afk_warning", 1).params == {"left": 1}


def test_a_tied_runoff_executes_nobody_by_default() -> None:
    """[WW-6.6.3] (AMB-38) ``tieBreak = none``: ``ANN_NO_EXECUTION``, no medium result that night."""
    t = table(C9, rng=[0])
    t.night()
    t.day([(1, 7), (2, 7), (3, 8), (4, 8)], runoff=[(1, 7), (2, 8)])
    assert t.first("vote.no_execution")
    assert "vote.executed" not in t.said()
    assert "medium.result" not in t.said(5)


def test_the_immoralist_follows_a_fox_executed_by_day() -> None:
    """[WW-6.7] step 3 (AMB-28, AMB-29): the executed fox's immoralist dies at once, as
    「も命を落としました」."""
    t = table(F10, rng=[])
    t.night()
    t.day([(v, 9) for v in range(1, 11) if v != 9] + [(9, 1)])
    assert t.said()[t.said().index("vote.executed") :][:2] == ["vote.executed", "death.also"]
    assert t.first("death.also").params == {"player": 10}
    assert t.state.players[9].death.cause == "follow"  # type: ignore[union-attr]


def test_two_missed_votes_are_a_sudden_death_after_the_execution_and_drag_nobody() -> None:
    """[WW-6.8] (AMB-41): a warning at the first miss, 突然死 at the second (after the execution, in seat
    order, named); a 猫又 dying so drags nobody (AMB-27)."""
    t = table(NK10, rng=[0])
    t.night()
    t.day([(v, 10) for v in range(1, 10) if v != 7] + [(10, 1)])
    assert t.first("vote.afk_warning", 7).params == {"left": 1}
    t.words()
    t.night({8: 1, 9: 1, 6: 4, 4: 8})
    t.day([(v, 2) for v in t.alive if v not in (2, 7)] + [(2, 3)])
    assert t.said()[t.said().index("vote.executed") :][:2] == ["vote.executed", "death.sudden"]
    assert t.first("death.sudden").params == {"player": 7}
    assert "death.also" not in t.said()
    assert not [d for d in t.state.draws if d.purpose == "DRAG"]


def test_strict_sudden_death_and_no_sudden_death() -> None:
    """[WW-6.8]: ``suddenDeathMisses`` 1 kills at the first miss (no warning); 0 never."""
    strict = table(C9, rng=[0], suddenDeathMisses=1)
    strict.night()
    strict.day([(v, 9) for v in range(1, 9) if v != 3] + [(9, 1)])
    assert strict.first("death.sudden").params == {"player": 3}
    assert "vote.afk_warning" not in strict.said(3)
    never = table(C9, rng=[0], suddenDeathMisses=0)
    never.night()
    never.day([(v, 9) for v in (1, 2, 4, 5, 6, 7, 8)] + [(9, 1)])
    never.words()
    never.night({7: 2, 8: 2})
    never.day([(v, 8) for v in (1, 4, 5, 6, 7)] + [(8, 1)])
    assert never.first("vote.executed").params["player"] == 8
    assert never.state.players[2].missed_votes == 2
    assert "death.sudden" not in never.said()
    assert 3 in never.alive


def test_everyone_missing_the_vote_with_strict_sudden_death_is_a_draw() -> None:
    """[WW-7.4] item 1 (AMB-45) and [WW-6.9] (AMB-43, one check after the whole step): nobody alive."""
    t = table(C9, rng=[0], suddenDeathMisses=1)
    t.night()
    t.day()
    assert (t.result, t.state.reason, t.winners) == ("draw", "all_dead", [])
    assert t.said().count("death.sudden") == 9


def test_quiet_days_end_in_a_stall_draw() -> None:
    """[WW-7.4] item 2 (AMB-46): a day and a night in which nobody died, ``quietCycleDrawLimit`` times in a
    row, end the game in a draw at the next morning."""
    t = table(C9, rng=[0], quietCycleDrawLimit=1)
    t.night()
    t.day([(1, 7), (2, 7), (9, 7), (5, 1), (6, 1), (7, 1), (3, 8), (4, 8), (8, 2)],
          runoff=[(2, 1), (3, 7)])  # fmt: skip
    assert t.first("vote.no_execution")
    t.night({6: 4, 7: 4, 8: 4})
    assert t.said()[:2] == ["morning.peaceful", "game.over"]
    assert (t.result, t.state.reason) == ("draw", "stall")


def test_without_last_words_the_night_follows_the_execution() -> None:
    """[WW-6.9] step 2: ``lastWords`` off goes straight to the night."""
    t = table(C9, rng=[0], lastWords=False)
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    assert t.phase == ("night", 1)
    assert "last_words.wait" not in t.said()


def test_only_the_executed_player_leaves_last_words_and_once() -> None:
    """[WW-6.9] (AMB-40), [WW-10.6]: another player's text in the window is not posted; the executed
    player's one message is, and the night begins."""
    t = table(C9, rng=[0])
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    assert t.phase == ("last_words", 1)
    refused = t.rules.decide(t.state, Say(user_id=t.uid(1), text="私も"), now=t.now)
    assert isinstance(refused, Rejected)
    assert refused.reason == "team.closed"
    t.words("占いは4番が本物")
    assert t.first("last_words.said").params == {"player": 9, "text": "占いは4番が本物"}
    assert t.phase == ("night", 1)


def test_the_end_reveals_every_seat_the_scapegoat_every_ballot_and_every_draw() -> None:
    """[WW-6.11] (AMB-47): the reveal includes 身代わり君 (marked NPC, never a winner); with 非公開 votes
    the recap still lists every ballot; every logged draw is shown."""
    t = table(["villager", "seer", "werewolf", "madman"], scapegoat="villager", rng=[0], votePublic=False)
    t.night()
    t.day([(1, 3), (2, 3), (3, 1), (4, 1)], runoff=[])
    t.words() if t.state.phase == "last_words" else None
    while t.result is None:
        if t.state.phase == "night":
            t.night({3: min(s for s in t.alive if s != 3)})
        else:
            t.day([(v, 3) for v in t.alive if v != 3] + [(3, min(s for s in t.alive if s != 3))])
            if t.state.phase == "last_words":
                t.words()
    over = t.first("game.over").params
    assert over["lines"][0] == ("reveal.line", {
        "player": ("scapegoat.ref", {}), "role": "villager",
        "fate": ("reveal.died.night", {"n": 0, "cause": ("cause.scapegoat", {})}), "won": ("reveal.npc", {}),
    })  # fmt: skip
    ballots = [b for h in t.public() if h.key == "recap.cycle" for part in h.params["day_lines"]
               if part[0] in ("recap.round", "recap.runoff") for b in part[1]["ballots"]]  # fmt: skip
    assert ("recap.ballot", {"voter": 1, "target": 3}) in ballots
    assert t.first("recap.draws").params["lines"][0][1]["purpose"] == ("draw.RANDOM_WHITE", {})


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_game_won_at_night_ends_its_recap_without_an_empty_day(lang: str) -> None:
    """[WW-6.11]: the wolves win at Night 1's attack, so Day 2 never comes: the recap of Night 1 has no
    Day 2 heading (no heading without its lines)."""
    t = table(["villager", "seer", "werewolf", "madman"])
    t.night()
    t.day([(1, 2), (2, 1), (3, 1), (4, 1)])
    t.words()
    t.night({3: 2})
    assert t.result == "werewolf"
    recaps = [
        render(n, lang, "werewolf") for n in t.heard if n.key.startswith("recap.") and n.key != "recap.draws"
    ]
    assert len(recaps) == 2, "Night 0 with Day 1, then Night 1"
    assert [text.count("📜") for text in recaps] == [2, 1], "Night 1 has no Day 2"
    for text in recaps:
        lines = text.splitlines()
        headings = [i for i, line in enumerate(lines) if line.startswith("📜")]
        assert all(i + 1 < len(lines) and i + 1 not in headings for i in headings), text
