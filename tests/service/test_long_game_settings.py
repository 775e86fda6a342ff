"""Long games in the group's settings and the lobby (docs/architecture.md "Long games"): the group's time
zone (``/settings timezone``), the ``long`` preset of every game, the ``dayEnds`` clock time and the
48-hour cap, as the group reads them. The service on the in-memory store."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.engine.clock import MAX_PHASE_SECONDS
from core.engine.options import CLOCK_WORDS
from core.games.adazakura.settings import LONG as ADAZAKURA_LONG
from core.games.deathnote.settings import LONG as DEATHNOTE_LONG
from core.games.politician.settings import LONG as POLITICIAN_LONG
from core.games.werewolf.settings import LONG as WEREWOLF_LONG
from tests.service.test_group_settings import ADMIN, GROUP, HOST, PLAYER, Group, button


def refusal(reason: str, game: str = "adazakura", **params: object) -> str:
    return i18n.text(f"reason.{reason}", "ja", game, **params)  # type: ignore[arg-type]


def lobby(game: str | None = None) -> Group:
    """A group whose host has just opened a lobby of ``game`` (``None``: ``/newgame`` alone)."""
    group = Group()
    group.say(HOST, "/newgame" if game is None else f"/newgame {game}")
    return group


def test_an_admin_sets_the_zone_and_the_next_lobby_reads_its_deadlines_there() -> None:
    group = Group()

    group.say(ADMIN, "/settings timezone europe/paris")
    group.say(HOST, "/newgame")

    saved = i18n.text("settings.timezone.saved", "ja", "common", zone="Europe/Paris")
    assert group.texts()[0].startswith(saved)
    assert group.game_settings()["timezone"] == "Europe/Paris"
    assert "時間帯: Europe/Paris" in _overview(group)


def test_an_unknown_zone_is_refused_and_nothing_is_saved() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings timezone Mars/Olympus")

    assert outcome.reason == "settings.timezone"
    assert group.texts()[-1] == refusal("settings.timezone", typed="Mars/Olympus")
    assert group.store.load_group(GROUP) is None


def test_a_player_who_is_neither_host_nor_admin_may_not_change_the_zone() -> None:
    group = lobby()

    outcome = group.say(PLAYER, "/settings timezone UTC")

    assert outcome.reason == "settings.not_allowed"
    assert "timezone" not in (group.store.load_group(GROUP).settings if group.store.load_group(GROUP) else {})


def test_without_a_zone_the_group_reads_tokyo_time() -> None:
    group = Group()

    group.say(ADMIN, "/settings timezone")

    assert group.texts()[-1] == i18n.text("settings.timezone", "ja", "common", zone="Asia/Tokyo")


@pytest.mark.parametrize(
    ("game", "long"),
    [("adazakura", ADAZAKURA_LONG), ("politician", POLITICIAN_LONG), ("deathnote", DEATHNOTE_LONG),
     ("werewolf", WEREWOLF_LONG)],
)  # fmt: skip
def test_option_preset_long_sets_every_games_long_phase_lengths(game: str, long: dict[str, object]) -> None:
    group = lobby(game)

    outcome = group.say(HOST, "/option preset long")

    assert outcome.result == "accepted"
    assert group.game_settings()["options"] == long
    assert group.preset(game) == {"options": long}  # the group's next lobby starts from it too
    assert all(isinstance(v, str) or v <= MAX_PHASE_SECONDS for v in long.values())


def test_the_long_preset_is_named_in_the_lobby_and_default_takes_it_back() -> None:
    group = lobby("politician")
    group.say(HOST, "/option preset long")
    assert "・プリセット: 長期戦" in group.texts()[-1]

    group.say(HOST, "/option preset default")

    assert "options" not in group.game_settings()
    assert "・プリセット: 標準" in group.texts()[-1]


@pytest.mark.parametrize(
    ("game", "option"),
    [("adazakura", "night"), ("politician", "nightSeconds"), ("deathnote", "t_turn"),
     ("werewolf", "voteSeconds"), ("werewolf", "discussionSeconds")],
)  # fmt: skip
def test_a_phase_over_48_hours_is_refused_with_the_reason(game: str, option: str) -> None:
    group = lobby(game)

    outcome = group.say(HOST, f"/option {option} {MAX_PHASE_SECONDS + 1}")
    accepted = group.say(HOST, f"/option {option} {MAX_PHASE_SECONDS}")

    assert outcome.reason == "option.too_long"
    assert refusal("option.too_long", game, option=option, limit=MAX_PHASE_SECONDS) in group.texts()[-2]
    assert f"{option} が長すぎます。1つの場面は長くても2日までです。" in group.texts()[-2]
    assert accepted.result == "accepted"


@pytest.mark.parametrize("typed", ["25:00", "9", "noon", "21:60"])
def test_day_ends_takes_off_or_a_clock_time(typed: str) -> None:
    group = lobby("werewolf")

    outcome = group.say(HOST, f"/option dayEnds {typed}")

    assert outcome.reason == "option.invalid"
    assert refusal("option.invalid", "werewolf", option="dayEnds", allowed=CLOCK_WORDS) in group.texts()[-1]
    assert "00:00–23:59" in group.texts()[-1], "the refusal says the range of a clock time"


@pytest.mark.parametrize("typed", ["２１:００", "２１：００", "21：00", "２１００"])
def test_day_ends_reads_full_width_digits_and_colon(typed: str) -> None:
    group = lobby("werewolf")

    outcome = group.say(HOST, f"/option dayEnds {typed}")

    assert outcome.result == "accepted"
    assert group.game_settings()["options"] == {"dayEnds": "21:00"}


def test_full_width_values_read_the_same_in_option_and_settings() -> None:
    group = Group()
    group.say(ADMIN, "/settings lobby １０")
    group.say(HOST, "/newgame politician")

    preset = group.say(HOST, "/option preset ｌｏｎｇ")
    night = group.say(HOST, "/option nightSeconds １２０")

    assert (preset.result, night.result) == ("accepted", "accepted")
    assert group.game_settings()["options"] == POLITICIAN_LONG | {"nightSeconds": 120}
    assert "10分" in group.texts()[0], "the lobby lives the 10 minutes typed in full width"


def test_day_ends_is_kept_as_hh_mm_and_shown_in_the_lobby() -> None:
    group = lobby("werewolf")

    group.say(HOST, "/option dayEnds 9:30")

    assert group.game_settings()["options"] == {"dayEnds": "09:30"}
    assert "昼の議論の終わる時刻: 09:30" in group.texts()[-1]


def _overview(group: Group) -> str:
    group.say(ADMIN, "/settings")
    return group.texts()[-1]


def test_the_day_ends_buttons_offer_clock_times_and_save_the_one_pressed() -> None:
    group = Group()
    group.say(ADMIN, "/settings politician dayEnds")
    offered = group.sender.last().buttons

    saved = group.press(ADMIN, button(offered, "21:00"))

    assert [b.label for row in offered for b in row][:5] == ["off", "20:00", "21:00", "22:00", "23:00"]
    assert saved.ack == i18n.text("settings.saved", "ja", "common")
    assert group.preset("politician") == {"options": {"dayEnds": "21:00"}}


def test_the_lobby_shows_each_long_timer_as_a_span_of_time_too() -> None:
    group = lobby("adazakura")

    group.say(HOST, "/option preset long")

    shown = group.texts()[-1]
    assert "・night = 36000 (10時間)" in shown
    assert "・discussion = 43200 (12時間)" in shown
    assert "・k = 0\n" in shown, "a count is no span of time"
    assert "43200秒" not in shown


def test_a_politician_lobby_shows_per_player_timers_as_spans_too() -> None:
    group = lobby("politician")

    group.say(HOST, "/option candidacySecondsPerPlayer 90")

    assert "・candidacySecondsPerPlayer = 90 (1分30秒)" in group.texts()[-1]


def test_the_discussion_help_names_the_seconds_it_holds_after_the_long_preset() -> None:
    group = Group()
    group.say(ADMIN, "/settings werewolf preset long")

    group.say(ADMIN, "/settings werewolf discussionSeconds")

    shown = group.texts()[-1]
    assert "43200" in shown
    allowed = shown.split("使える値: ")[1].split(")")[0]
    assert allowed == "auto / 120-172800", "the allowed values take the 43200 it holds"
    assert group.sender.last().buttons, "the value buttons are still offered"


def test_a_discussion_below_two_minutes_is_refused_with_the_words_and_the_range() -> None:
    group = lobby("werewolf")

    outcome = group.say(HOST, "/option discussionSeconds 60")

    assert outcome.reason == "option.invalid"
    shown = refusal("option.invalid", "werewolf", option="discussionSeconds", allowed="auto / 120-172800")
    assert shown in group.texts()[-1]


def test_the_deathnote_lobby_names_the_long_preset() -> None:
    group = lobby("deathnote")

    assert "preset long" in group.texts()[-1]


def test_deathnote_says_it_has_no_days_for_day_ends() -> None:
    group = lobby("deathnote")

    option = group.say(HOST, "/option dayEnds 21:00")
    preset = group.say(ADMIN, "/settings deathnote dayEnds 21:00")

    assert (option.reason, preset.reason) == ("option.no_days", "option.no_days")
    assert group.texts()[-1] == refusal("option.no_days", "deathnote")
    assert "dayEnds" in group.texts()[-1]


def test_option_alone_shows_its_value_and_allowed_values_in_the_lobby() -> None:
    group = lobby("werewolf")
    group.say(HOST, "/option dayEnds 21:00")

    group.say(PLAYER, "/option dayEnds")

    assert group.texts()[-1] == i18n.text(
        "option.now", "ja", "common", option="dayEnds", value="21:00", allowed=CLOCK_WORDS
    )


def test_option_with_two_values_is_refused_and_changes_nothing() -> None:
    group = lobby("politician")

    outcome = group.say(HOST, "/option dayEnds 21:00 22:00")

    assert outcome.reason == "settings.extra"
    assert group.texts()[-1] == refusal("settings.extra", "politician", option="dayEnds", extra="22:00")
    assert "options" not in group.game_settings()
