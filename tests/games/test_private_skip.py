"""A ``/skip`` sent in the 1:1 chat (issue 8 trial item 1): it is 徒桜戦争's Saine's ability there, and the
discussion's skip vote is sent in the group. Anyone else who sends it privately is told to send the vote in
the group, in the same words whatever their role, so the answer tells nobody who Saine is."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from tests.games.adazakura.table import table as adazakura_table
from tests.games.deathnote.table import deal
from tests.games.politician.table import C13
from tests.games.politician.table import table as politician_table

#: 1 yatsuha/A · 2 saine/S · 3 shinra/S · 4 megumi/S · 5 himika/S: nobody here may use 「絶唱絶華」.
NO_SKIPPER = "yatsuha/A saine/S shinra/S megumi/S himika/S"


def test_everyone_without_the_ability_gets_the_same_group_hint_in_discussion_and_at_night() -> None:
    t = adazakura_table(NO_SKIPPER)
    assert {t.refused(seat, "skip") for seat in range(1, 6)} == {"skip.in_group"}, "night 0"
    t.night()
    assert t.state.phase == "discussion"
    assert {t.refused(seat, "skip") for seat in range(1, 6)} == {"skip.in_group"}, "a Sakura Saine too"


def test_an_adazakura_saine_still_skips_the_day_privately() -> None:
    t = adazakura_table("yatsuha/A saine/A shinra/S megumi/S himika/S").night()
    assert t.refused(3, "skip") == "skip.in_group"
    t.act(2, "skip")
    assert t.state.phase == "night"


def test_a_private_skip_in_the_politician_campaign_points_to_the_group() -> None:
    t = politician_table(C13, rng=[8]).candidacy()
    assert t.phase == ("campaign", 1)
    assert {t.refused(seat, "skip") for seat in (1, 5, 9)} == {"skip.in_group"}


def test_a_private_skip_in_deathnote_says_there_is_no_discussion() -> None:
    t = deal(4)
    assert t.refused(2, "skip") == "control.no_discussion"


@pytest.mark.parametrize("locale", ["ja", "en"])
@pytest.mark.parametrize("game", ["adazakura", "politician"])
def test_the_hint_says_to_send_skip_in_the_group(game: str, locale: str) -> None:
    hint = i18n.text("reason.skip.in_group", locale, game)
    assert "/skip" in hint
    assert ("グループ" if locale == "ja" else "group") in hint
