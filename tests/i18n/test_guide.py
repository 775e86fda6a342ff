"""Help in the chat (issue 8 item 5): every role, Megami, identity card and card of every game has a
``/role`` answer in both languages, found by its name in either language, its id or its romaji; the four
Megami with two faction versions show both; ``/rules`` has a summary per game; ``/help`` names what can be
done in each phase of each game.

The names are walked from the catalogs themselves (``role.<id>.name``, ``identity.<ID>``, ``card.<TYPE>``),
not from the lookup under test, so a role added to a catalog is covered without editing this file.
"""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.i18n import guide
from core.i18n.catalog import catalog
from core.i18n.guide import Topic

LOCALES = ("ja", "en")
GAMES = ("adazakura", "politician", "deathnote", "werewolf")
#: Every phase each game can be in (core/games/*/: lobby, the rules' phases, ended, cancelled).
PHASES = {
    "adazakura": ("lobby", "night", "discussion", "vote", "runoff", "deduction", "ended", "cancelled"),
    "politician": (
        "lobby", "role_check", "candidacy", "campaign", "vote", "runoff", "policy_speech", "lottery", "night",
        "ended", "cancelled",
    ),
    "deathnote": (
        "lobby", "start_player", "turn", "pass", "exchange_take", "exchange_give", "face_down",
        "shinigami_night", "judgment", "ended", "cancelled",
    ),
    "werewolf": ("lobby", "night", "discussion", "vote", "runoff", "last_words", "ended", "cancelled"),
}  # fmt: skip
#: A command that works in each phase, which that phase's /help must name.
LEGAL_IN = {
    ("adazakura", "lobby"): "/startgame",
    ("adazakura", "night"): "/done",
    ("adazakura", "discussion"): "/co",
    ("adazakura", "vote"): "/vote",
    ("adazakura", "runoff"): "/vote",
    ("adazakura", "deduction"): "/deduce",
    ("politician", "campaign"): "/ready",
    ("politician", "candidacy"): "/done",
    ("politician", "vote"): "/vote",
    ("politician", "night"): "/protect",
    ("deathnote", "turn"): "/play",
    ("deathnote", "pass"): "/pick",
    ("deathnote", "exchange_give"): "/give",
    ("deathnote", "face_down"): "/pick",
    ("deathnote", "judgment"): "/name",
    ("deathnote", "shinigami_night"): "/name",
    ("werewolf", "lobby"): "/startgame",
    ("werewolf", "night"): "/divine",
    ("werewolf", "discussion"): "/skip",
    ("werewolf", "vote"): "/vote",
    ("werewolf", "runoff"): "/vote",
    ("werewolf", "last_words"): "/t",
}
TWO_VERSIONS = ("saine", "tokoyo", "yukihi", "mizuki")


def catalog_topics(game: str) -> dict[Topic, set[str]]:
    """Every topic of ``game`` in its catalogs with its names in both languages and its id."""
    found: dict[Topic, set[str]] = {}
    for locale in LOCALES:
        for key, name in catalog(locale, game).items():
            parts = key.split(".")
            if len(parts) == 3 and parts[0] == "role" and parts[2] == "name":
                topic = Topic(game, "role", parts[1])
            elif len(parts) == 2 and parts[0] in ("identity", "card") and parts[1].isupper():
                topic = Topic(game, "identity" if parts[0] == "identity" else "card", parts[1])
            else:
                continue
            found.setdefault(topic, {topic.id}).add(name)
    return found


ALL = {topic: names for game in GAMES for topic, names in catalog_topics(game).items()}
NAMED = [(topic, name) for topic, names in ALL.items() for name in sorted(names)]


def test_the_walk_covers_every_kind_of_thing_a_player_can_ask_about() -> None:
    kinds = {(t.game, t.kind) for t in ALL}
    assert kinds == {
        ("adazakura", "role"), ("politician", "role"),
        ("deathnote", "role"), ("deathnote", "identity"), ("deathnote", "card"), ("werewolf", "role"),
    }  # fmt: skip
    assert sum(t.game == "adazakura" for t in ALL) == 22


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("topic", "name"), NAMED, ids=[f"{t.game}:{t.id}:{n}" for t, n in NAMED])
def test_every_name_and_id_in_either_language_gets_an_answer_about_one_thing(
    topic: Topic, name: str, locale: str
) -> None:
    for chat_game in (None, topic.game, next(g for g in GAMES if g != topic.game)):
        found = guide.find(name, chat_game)
        assert len(found) == 1, f"{name!r} in a chat of {chat_game}: {found}"
        [answer] = found
        text = guide.role_answer(name, locale, chat_game)
        assert text == guide.describe(answer, locale)
        assert guide.name_of(answer, locale) in text
    # A name shared with a role (the identity card printed "L") answers with the role; else with the thing.
    assert found == [topic] or (topic.kind != "role" and found[0].kind == "role")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_thing_typed_by_its_id_has_its_own_distinct_answer(locale: str) -> None:
    answers = {}
    for topic in ALL:
        assert guide.find(topic.id, topic.game) == [topic]
        answer = guide.role_answer(topic.id, locale, topic.game)
        assert len(answer.splitlines()) >= 2, f"{topic}: a title and what it does"
        answers[topic] = answer
    assert len(set(answers.values())) == len(answers)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(
    ("game", "key", "alias"),
    [
        (g, t.key.removesuffix(".name"), a)
        for g in guide.games()
        for t in guide.topics(g)
        for a in guide.aliases(g, t.key.removesuffix(".name"))
    ],
)
def test_every_romaji_spelling_finds_its_thing(game: str, key: str, alias: str, locale: str) -> None:
    [found] = guide.find(alias)
    assert (found.game, found.key.removesuffix(".name")) == (game, key)
    assert guide.name_of(found, locale) in guide.role_answer(alias.upper(), locale)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("megami", TWO_VERSIONS)
def test_a_megami_with_two_faction_versions_shows_both(locale: str, megami: str) -> None:
    answer = guide.role_answer(i18n.text(f"role.{megami}.name", "ja", "adazakura"), locale)
    for side in ("sakura", "adazakura"):
        assert i18n.text(f"role.{megami}.text.{side}", locale, "adazakura") in answer
        assert i18n.text(f"guide.variant.{side}", locale, "adazakura") in answer


def test_kana_variants_romaji_and_spaces_find_the_same_thing() -> None:
    for typed in ("カナヱ", "カナエ", "かなえ", "KANAE", "ｶﾅｴ"):
        assert guide.find(typed) == [Topic("adazakura", "role", "kanae")]
    for typed in ("にんげんの党 党員", "にんげんの党党員", "Human Party member", "ningen"):
        assert guide.find(typed) == [Topic("politician", "role", "human_member")]
    for typed in ("交換", "交換(5)", "Exchange", "koukan"):
        assert guide.find(typed) == [Topic("deathnote", "card", "EXCHANGE")]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_name_matching_several_things_lists_them_and_an_unknown_one_says_so(locale: str) -> None:
    answer = guide.role_answer("党員", locale)
    for role in ("human_member", "wolf_member"):
        assert f"{i18n.text(f'role.{role}.name', locale, 'politician')} (" in answer
    assert answer.startswith(i18n.text("guide.ambiguous", locale, "common", typed="党員", lines="")[:8])
    yagami = guide.role_answer("yagami", locale)
    assert i18n.text("identity.IDENT_KIRA", locale, "deathnote") in yagami
    assert i18n.text("identity.IDENT_POLICE_SOICHIRO", locale, "deathnote") in yagami
    unknown = i18n.text("guide.unknown", locale, "common", typed="ぴよぴよ")
    assert guide.role_answer("ぴよぴよ", locale) == unknown


@pytest.mark.parametrize("locale", LOCALES)
def test_role_alone_lists_the_names_of_the_chats_game_or_of_every_game(locale: str) -> None:
    everything = guide.role_answer("", locale)
    in_politician = guide.role_answer(" ", locale, "politician")
    for game in GAMES:
        assert i18n.text("game.name", locale, game) in everything
    spy = i18n.text("role.spy.name", locale, "politician")
    assert spy in in_politician
    assert spy in everything
    assert i18n.text("role.himika.name", locale, "adazakura") not in in_politician


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_rules_by_id_or_name_in_either_language_show_the_games_summary(game: str, locale: str) -> None:
    summary = i18n.text("rules.summary", locale, game)
    for typed in (game, i18n.text("game.name", "ja", game), i18n.text("game.name", "en", game)):
        assert summary in guide.rules_answer(typed, locale)
    assert summary in guide.rules_answer("", locale, game), "bare /rules in a game: that game's"
    assert len(summary.splitlines()) >= 8


@pytest.mark.parametrize("locale", LOCALES)
def test_rules_without_a_game_or_with_an_unknown_one_list_the_games(locale: str) -> None:
    for answer in (guide.rules_answer("", locale), guide.rules_answer("chess", locale)):
        for game in GAMES:
            assert f"/rules {game}" in answer
    assert "chess" in guide.rules_answer("chess", locale)


def test_game_names_in_any_language_or_romaji_name_the_game() -> None:
    assert guide.game_named("政治家人狼") == "politician"
    assert guide.game_named("DEATH NOTE 人狼") == "deathnote"
    assert guide.game_named("death note jinro") == "deathnote"
    assert guide.game_named("Adazakura War") == "adazakura"
    assert guide.game_named("seijika jinrou") == "politician"
    assert guide.game_named("chess") is None
    assert guide.game_named("") is None


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("game", "phase"), [(g, p) for g, phases in PHASES.items() for p in phases])
def test_help_in_every_phase_starts_with_what_can_be_done_now(game: str, phase: str, locale: str) -> None:
    now = i18n.text(f"help.phase.{phase}", locale, game)
    answer = guide.phase_help(game, phase, locale)
    assert answer.startswith(now)
    assert answer.endswith(i18n.text("help", locale, game)), "then every command of the game"
    if (game, phase) in LEGAL_IN:
        assert LEGAL_IN[game, phase] in now


def test_every_phase_named_in_a_games_catalog_has_its_help() -> None:
    for game in GAMES:
        named = {k.split(".")[1] for k in catalog("ja", game) if k.startswith("phase.")}
        assert named <= set(PHASES[game])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_two_exchange_steps_have_the_same_help_so_it_shows_no_progress(locale: str) -> None:
    take = guide.phase_help("deathnote", "exchange_take", locale)
    assert take == guide.phase_help("deathnote", "exchange_give", locale)


# -- issue 8 trial: the skip vote is sent in the group, the full command list, short echoes --
def _help_texts(locale: str) -> list[tuple[str, str, str]]:
    """``(namespace, key, text)`` of every ``help`` and ``help.*`` text of every game and of ``common``."""
    return [
        (ns, key, value)
        for ns in (*GAMES, "common")
        for key, value in catalog(locale, ns).items()
        if key == "help" or key.startswith("help.")
    ]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_help_line_naming_skip_says_it_is_sent_in_the_group(locale: str) -> None:
    """In the 1:1 chat /skip is Saine's 「絶唱絶華」: a help telling everyone "/skip to vote" without "in the
    group" leads an Adazakura Saine to reveal herself."""
    group, private = ("グループ", "個別チャット") if locale == "ja" else ("group", "private chat")
    lines = [(ns, key, line) for ns, key, text in _help_texts(locale) for line in text.splitlines()]
    named = [(ns, key, line) for ns, key, line in lines if "/skip" in line]
    assert {ns for ns, _, _ in named} >= {"adazakura", "politician", "common"}
    assert [item for item in named if group not in item[2] and private not in item[2]] == []
    in_private = [line for _, _, line in named if group not in line]
    assert in_private, "the discussion help of 徒桜戦争 tells a private /skip is no vote"
    assert all("サイネ" in line or "Saine" in line for line in in_private)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_the_command_list_of_every_game_names_the_table_commands(game: str, locale: str) -> None:
    commands = i18n.text("help", locale, game)
    for command in ("/rules", "/role", "/settings", "/stats", "/kick", "/pause", "/resume"):
        assert command in commands, command
    if game != "deathnote":  # DEATH NOTE 人狼 has no discussion phase (control.no_discussion)
        assert "/extend" in commands
        assert "/skip" in commands


@pytest.mark.parametrize("locale", LOCALES)
def test_help_without_a_game_names_what_works_anywhere(locale: str) -> None:
    for key in ("help", "help.general"):
        text = i18n.text(key, locale, "common")
        for command in ("/rules", "/role", "/settings", "/stats", "/extend"):
            assert command in text, (key, command)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_the_lobby_help_says_a_kick_number_is_the_join_order(game: str, locale: str) -> None:
    lobby = i18n.text("help.phase.lobby", locale, game)
    assert ("参加した順" if locale == "ja" else "join order") in lobby
    assert "席番号か名前" not in lobby


@pytest.mark.parametrize("locale", LOCALES)
def test_role_and_rules_repeat_only_a_short_part_of_a_long_input(locale: str) -> None:
    essay = "ぴよ" * 2000
    cut = guide.echoed(essay)
    assert len(cut) == guide.ECHO
    assert cut.endswith(guide.CUT)
    assert guide.role_answer(essay, locale) == i18n.text("guide.unknown", locale, "common", typed=cut)
    rules = guide.rules_answer(essay, locale)
    assert cut in rules
    assert essay[: guide.ECHO] not in rules
    assert guide.echoed("  ぴよ \n ぴよ ") == "ぴよ ぴよ", "a short input is repeated as typed, spaces tidied"
