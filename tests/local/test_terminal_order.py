"""In the terminal the group and the person's 1:1 chat share one screen, so their order tells the story:
when one input moves the game on, the group hears the transition first (the vote's result, "Time to
vote") and only then does the person's 1:1 chat get the confirmation or the next prompt."""

from __future__ import annotations

import core.i18n as i18n
from tests.local.runner import Play


def _before(out: str, first: str, then: str) -> bool:
    assert first in out, first
    assert then in out, then
    return out.index(first) < out.index(then)


def test_the_vote_result_prints_before_the_last_ballots_confirmation_and_the_night(play: Play) -> None:
    # Night 0: done; Enter: the discussion runs out; 2: the person's ballot, the last one, closes the vote.
    run = play("--seed", "3", "--players", "5", stdin="1\n\n2\n/quit\n")
    after = run.out.split("> 2\n", 1)[1]
    result = i18n.text("exile.done", "ja", "adazakura", player="2番 リン")
    night = i18n.text("night.prompt", "ja", "adazakura", night=1)
    assert _before(after, result, night)
    assert _before(after, result, "2番 リンに投票しました")
    closed = after.split(result, 1)[1]
    assert "締め切りまでは選び直せます" not in closed, "nothing says the closed vote is still open"


def test_in_english_time_to_vote_prints_before_the_ballot(play: Play) -> None:
    # 政治家人狼: the person's speech done; /ready, the last one, opens the vote.
    table = ("--game", "politician", "--lang", "en", "--seed", "3", "--players", "5")
    run = play(*table, stdin="1\n/ready\n/quit\n")
    after = run.out.split("> /ready\n", 1)[1]
    assert _before(after, "🗳 Time to vote", "Vote for seat 2 (Alice)")
