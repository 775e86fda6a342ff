"""Every catalog key the 政治家人狼 code can emit exists in every language and needs only params the code
passes; and the catalog keeps the wording rules of ``politician.md`` that a player would notice.

The scan (:mod:`tests.i18n.emitted`) reads the keys from the source; :mod:`tests.i18n.key_checks` holds
the rules all games share; ``test_politician_render.py`` renders real games on top of this.
"""

from __future__ import annotations

import pytest

from core.engine.notice import Action
from core.games.politician.roles import ROLES
from core.i18n import render_action, text
from core.i18n.catalog import catalog, find, locales, placeholders
from tests.i18n.emitted import scan
from tests.i18n.key_checks import missing_texts, shown_bools, unknown_params

GAME = "politician"
EMITTED = scan(GAME)
#: What the chairman's double ballot is called; only the end-of-game recap may say it [§6.6.3].
WEIGHT_WORDS = {"ja": ("2票", "二票", "倍"), "en": ("2 votes", "two votes", "double", "twice")}
#: Phrases with those words that count something else: the ``/status`` line of missed rounds.
NOT_WEIGHT = {"ja": (), "en": ("two votes in a row",)}


def test_the_walk_finds_what_each_kind_of_emitter_says() -> None:
    wanted = {
        "game.composition", "role.card", "know.clue", "know.favourite.drawn", "know.favourite.auto",
        "result.lover", "morning.nc_none", "vote.closed", "vote.missing", "elected", "method.runoff2",
        "seat.none", "camp.wolf", "status.out", "end.all_filled", "phase.policy_speech", "role.traitor.text",
        "recap.runoff", "recap.ballot.double", "recap.blocked", "option.kill.none", "lobby.options", "status",
        "status.line.idle", "vote.line.drawn", "seats.board", "lottery.open", "lottery.assigned",
        "reason.lottery.not_your_turn",
        "reason.vote.self", "reason.night.answered", "reason.cast.last_day", "reason.option.invalid",
        "reason.lobby.full",
    }  # fmt: skip
    assert wanted - set(EMITTED.keys) == set()
    assert set(EMITTED.kinds) == {
        "favourite", "done", "ready", "vote", "kill", "night.protect", "night.investigate", "night.trust",
        "draw", "rematch", "join",
    }  # fmt: skip
    by_key = {site.key: site for site in EMITTED.sites}
    assert by_key["reason.cast.last_day"].params == frozenset({"voters"})
    assert by_key["night.proposal"].params == frozenset({"wolf", "target"})
    assert "custom" in by_key["lobby.options"].bools


def test_only_politician_and_engine_code_is_read() -> None:
    assert not [path for path in EMITTED.trees if path.startswith("core/games/adazakura/")]


def test_every_f_string_key_has_its_values_listed() -> None:
    assert EMITTED.unexpanded == []


@pytest.mark.parametrize("locale", locales())
def test_every_emitted_key_has_a_text(locale: str) -> None:
    assert missing_texts(EMITTED.sites, locale, GAME) == []


@pytest.mark.parametrize("locale", locales())
def test_every_button_kind_has_a_label(locale: str) -> None:
    assert [kind for kind in EMITTED.kinds if find(f"action.{kind}", locale, GAME) is None] == []
    assert find("action.kill.none", locale, GAME) is not None


@pytest.mark.parametrize("locale", locales())
def test_templates_name_only_params_the_code_passes(locale: str) -> None:
    assert unknown_params(EMITTED.sites, locale, GAME) == {}


@pytest.mark.parametrize("locale", locales())
def test_no_template_shows_a_bool_or_a_raw_deadline(locale: str) -> None:
    assert shown_bools(EMITTED.sites, locale, GAME) == {}


@pytest.mark.parametrize("locale", locales())
@pytest.mark.parametrize("role", ROLES)
def test_every_role_has_a_name_and_a_help(locale: str, role: str) -> None:
    texts = catalog(locale, GAME)
    assert f"role.{role}.name" in texts
    assert f"role.{role}.text" in texts


@pytest.mark.parametrize("locale", locales())
def test_the_game_has_a_name_a_summary_and_camp_names(locale: str) -> None:
    texts = catalog(locale, GAME)
    assert [
        k for k in ("game.name", "game.summary", "camp.human", "camp.wolf", "help") if k not in texts
    ] == []


def test_the_names_are_the_official_ones() -> None:
    ja = catalog("ja", GAME)
    assert ja["game.name"] == "政治家人狼"
    names = {role: ja[f"role.{role}.name"] for role in ROLES}
    assert names == {
        "human_member": "にんげんの党 党員", "reporter": "番記者", "guard": "警備員", "chairman": "議長",
        "wolf_member": "おおかみの党 党員", "lover": "政治家の愛人", "spy": "スパイ", "traitor": "裏切り者",
    }  # fmt: skip
    assert catalog("en", GAME)["game.name"] == "Politician Werewolf"


@pytest.mark.parametrize("locale", locales())
def test_nobody_dies_in_an_election(locale: str) -> None:
    """A player is elected or out, never dead: no text of the game (nor a common one it uses) says so."""
    dead = {"ja": "死", "en": "dead"}[locale]
    used = {s.key for s in EMITTED.sites}
    assert [k for k in sorted(used) if dead in (find(k, locale, GAME) or "")] == []


@pytest.mark.parametrize("locale", locales())
def test_only_the_recap_tells_the_chairman_s_ballot_counted_twice(locale: str) -> None:
    texts = catalog(locale, GAME)
    said = {k: _drop(t, NOT_WEIGHT[locale]) for k, t in texts.items()}
    telling = {k for k, t in said.items() if any(w in t for w in WEIGHT_WORDS[locale])}
    assert telling - {"role.chairman.text"} == {"recap.ballot.double"}


def _drop(body: str, phrases: tuple[str, ...]) -> str:
    for phrase in phrases:
        body = body.replace(phrase, "")
    return body


@pytest.mark.parametrize("locale", locales())
def test_the_reporter_s_clue_does_not_say_human(locale: str) -> None:
    clue = text("know.clue", locale, GAME, player="P3")
    assert text("role.wolf_member.name", locale, GAME) in clue
    assert text("role.lover.name", locale, GAME) in clue
    assert text("camp.human", locale, GAME) not in clue
    assert text("role.human_member.name", locale, GAME) not in clue


@pytest.mark.parametrize("locale", locales())
def test_public_night_news_names_nobody_and_hides_the_guard(locale: str) -> None:
    assert placeholders(catalog(locale, GAME)["morning.lover_found"]) == frozenset()
    assert placeholders(catalog(locale, GAME)["morning.nc_none"]) == {"day"}
    guard = {"ja": ("警備", "守"), "en": ("guard", "protect")}[locale]
    quiet = text("morning.nc_none", locale, GAME, day=2)
    assert not any(word in quiet.lower() for word in guard)


@pytest.mark.parametrize("locale", locales())
@pytest.mark.parametrize("key", ["campaign.start", "vote.open", "runoff.open", "night.start"])
def test_each_timed_phase_announces_its_length(locale: str, key: str) -> None:
    assert "seconds" in placeholders(catalog(locale, GAME)[key])


@pytest.mark.parametrize("locale", locales())
def test_the_night_prompt_is_one_text_for_every_role(locale: str) -> None:
    """Its only param is the night: a wolf, the guard, the reporter and a human read the same words."""
    assert placeholders(catalog(locale, GAME)["night.prompt"]) == {"night"}


@pytest.mark.parametrize(
    ("action", "locale", "label"),
    [
        (Action(kind="night.trust", args=(3,)), "ja", "いちばん信頼できる: 3番 P3"),
        (Action(kind="night.trust", args=(3,)), "en", "I trust most: seat 3 (P3)"),
        (Action(kind="kill", args=("none",)), "ja", "今夜はネガティブキャンペーンをしない"),
        (Action(kind="kill", args=(4,)), "en", "Negative campaign against seat 4 (P4)"),
        (Action(kind="favourite", args=(5,)), "ja", "5番 P5を本命にする"),
        (Action(kind="done"), "ja", "完了"),
    ],
)
def test_buttons_read_as_players_expect(action: Action, locale: str, label: str) -> None:
    assert render_action(action, locale, GAME, {n: f"P{n}" for n in range(1, 16)}) == label
