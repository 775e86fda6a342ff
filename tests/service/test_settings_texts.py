"""What ``/settings`` says about 徒桜戦争 (issue 8 trial item 9): an unknown Megami in the pool is named
(cut when long) with where to find the names, not a ``/co`` hint; the game's page names one way to change
a setting (``/settings``), not the lobby's ``/option`` too."""

from __future__ import annotations

from tests.service.test_group_settings import ADMIN, Group


def test_an_unknown_megami_in_the_pool_is_named_and_nothing_is_saved() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings adazakura pool saine nosuchmegami")

    assert outcome.reason == "pool.unknown"
    answer = group.texts()[-1]
    assert "nosuchmegami" in answer
    assert "/co" not in answer
    assert group.preset("adazakura") == {}


def test_a_long_unknown_name_is_not_repeated_whole() -> None:
    group = Group()

    group.say(ADMIN, "/settings adazakura pool " + "x" * 300)

    assert "x" * 20 in group.texts()[-1]
    assert "x" * 30 not in group.texts()[-1]


def test_the_games_page_tells_one_way_to_change_a_setting() -> None:
    group = Group()

    group.say(ADMIN, "/settings adazakura")

    page = group.texts()[-1]
    assert "/settings adazakura" in page
    assert "/option" not in page
