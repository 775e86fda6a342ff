"""What ``/settings`` answers when it saves nothing (issue 8 trial item 5) and its group-wide lobby
lifetime and game names (item 9): an option without a value shows its value now and the values it takes,
extra values are refused, ``pool`` and ``cast`` alone show them; ``/settings lobby <minutes>`` sets how
long every game's next lobby stays open; a game may be named in Japanese or English."""

from __future__ import annotations

import json

import core.i18n as i18n
from core.i18n.catalog import lookup
from tests.service.test_group_settings import ADMIN, GROUP, HOST, NOW, STRANGER, Group, refusal

SAVED = i18n.text("settings.saved", "ja", "common")


def _now(game: str, option: str, value: str, allowed: str, locale: str = "ja") -> str:
    name = i18n.text("game.name", locale, game)
    params = {"game": name, "id": game, "option": option, "value": value, "allowed": allowed}
    return i18n.text("settings.option.now", locale, "common", **params)


# -- an option without a value: shown, nothing saved ----------------------------------------------------
def test_an_option_without_a_value_shows_its_value_and_allowed_values() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings adazakura discussion")

    assert outcome.result == "accepted"
    assert group.texts()[-1] == _now("adazakura", "discussion", "300", "30-172800")
    assert SAVED not in group.texts()[-1]
    assert group.store.load_group(GROUP) is None


def test_the_shown_value_is_the_groups_preset_with_its_value_buttons() -> None:
    group = Group()
    group.say(ADMIN, "/settings politician endWhenDecided on")

    group.say(STRANGER, "/settings politician endwhendecided")  # anyone may look, any case

    assert group.texts()[-1] == _now("politician", "endWhenDecided", "on", "on / off")
    labels = [b.label for row in group.sender.last().buttons for b in row]
    assert {"on", "off"} <= set(labels)


def test_a_word_option_shows_its_words() -> None:
    group = Group()

    group.say(ADMIN, "/settings politician afkBallot")

    assert group.texts()[-1] == _now("politician", "afkBallot", "none", "none / random")


def test_extra_values_are_refused_and_nothing_is_saved() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings adazakura discussion 260 300")

    assert outcome.reason == "settings.extra"
    assert group.texts()[-1] == refusal("settings.extra", option="discussion", extra="300")
    assert group.preset("adazakura") == {}


def test_the_pool_alone_shows_the_pool_and_saves_nothing() -> None:
    group = Group()
    group.say(ADMIN, "/settings adazakura pool yukihi saine hagane")
    before = group.store.load_group(GROUP)

    group.say(ADMIN, "/settings adazakura pool")

    shown = group.texts()[-1]
    assert SAVED not in shown
    for megami in ("yatsuha", "yukihi", "saine", "hagane"):
        assert i18n.text(f"role.{megami}.name", "ja", "adazakura") in shown
    assert group.store.load_group(GROUP) == before


def test_the_cast_alone_shows_the_cast_and_saves_nothing() -> None:
    group = Group()

    group.say(ADMIN, "/settings politician cast")

    shown = group.texts()[-1]
    assert SAVED not in shown
    assert i18n.text("role.human_member.name", "ja", "politician") in shown
    assert group.store.load_group(GROUP) is None


def test_an_unknown_option_without_a_value_is_refused_with_the_names() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings deathnote speed")

    assert outcome.reason == "option.unknown"
    assert "t_turn" in group.texts()[-1]


# -- game names -----------------------------------------------------------------------------------------
def test_a_game_may_be_named_in_japanese_or_english() -> None:
    group = Group()

    group.say(ADMIN, "/settings 政治家人狼 nightSeconds 120")
    group.say(ADMIN, "/settings DEATH NOTE 人狼 t_turn 300")
    group.say(ADMIN, "/settings Politician Werewolf")

    assert group.preset("politician") == {"options": {"nightSeconds": 120}}
    assert group.preset("deathnote") == {"options": {"t_turn": 300}}
    assert "nightSeconds = 120" in [b.label for row in group.sender.last().buttons for b in row]


def _expiry_line(key: str, locale: str, minutes: int) -> str:
    """The sentence of catalog ``key`` that tells when the lobby closes, for ``minutes`` (a span of time:
    「30分」, "30 min")."""
    field = "{expires:duration}"
    [line] = [part for part in lookup(key, locale, "common").split("\n") if field in part]
    sentence = line[line.rindex("。", 0, line.index(field)) + 1 :] if "。" in line else line
    return sentence.replace(field, i18n.duration(minutes * 60, locale))


# -- the lobby lifetime ---------------------------------------------------------------------------------
def _lobby_state(group: Group) -> dict[str, object]:
    game_id = group.store.get_pointer("chat", GROUP)
    stored = group.store.load(game_id or "")
    assert stored is not None
    state: dict[str, object] = json.loads(stored.state)
    return state


def test_the_lobby_lifetime_applies_to_every_games_next_lobby() -> None:
    group = Group()

    group.say(ADMIN, "/settings lobby 10")
    group.say(HOST, "/newgame politician")

    assert _lobby_state(group)["deadline_at"] == NOW + 600
    assert _expiry_line("lobby.opened", "ja", 10) in group.texts()[-1]
    assert "募集は10分で締め切られます。" in group.texts()[-1]
    group.say(HOST, "/cancel")
    group.say(HOST, "/newgame deathnote")
    assert _lobby_state(group)["deadline_at"] == NOW + 600


def test_the_lobby_lifetime_is_shown_and_never_becomes_a_games_preset() -> None:
    group = Group()
    group.say(ADMIN, "/settings lobby 45")

    group.say(STRANGER, "/settings lobby")
    shown_alone = group.texts()[-1]
    group.say(STRANGER, "/settings")
    overview = group.texts()[-1]
    group.say(HOST, "/newgame deathnote")
    group.say(HOST, "/option max_rounds 10")  # the lobby's settings become the deathnote preset

    assert shown_alone == i18n.text("settings.lobby", "ja", "common", seconds=2700, min=1, max=1440)
    assert shown_alone.startswith("募集は、どのゲームも始めてから45分で締め切られます。")
    assert "募集の締め切り: 募集から45分 (どのゲームも)" in overview
    assert group.preset("deathnote") == {"options": {"max_rounds": 10}}


def test_a_wrong_lobby_lifetime_is_refused_with_the_range() -> None:
    group = Group()

    too_short = group.say(ADMIN, "/settings lobby 0")
    two = group.say(ADMIN, "/settings lobby 10 20")
    stranger = group.say(STRANGER, "/settings lobby 10")

    assert too_short.reason == "option.invalid"
    assert group.texts()[-3] == refusal("option.invalid", option="lobby", allowed="1-1440")
    assert two.reason == "settings.extra"
    assert stranger.reason == "settings.not_allowed"
    assert group.store.load_group(GROUP) is None
