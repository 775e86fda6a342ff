"""The catalogs themselves: they parse, every locale is complete, and the content the bot relies on exists.

The completeness checks run over every locale and namespace found on disk, so a new game's catalog is
checked as soon as its files exist. Japanese is the reference: every other locale must have exactly its
keys, with the same placeholders.
"""

from __future__ import annotations

import pytest

from core.games.adazakura.megami import TAROTS
from core.i18n.catalog import (
    REFERENCE,
    CatalogError,
    catalog,
    flatten,
    locales,
    namespaces,
    placeholders,
)

FILES = [(locale, namespace) for locale in locales() for namespace in namespaces(locale)]
OTHERS = [
    (locale, namespace) for locale in locales() if locale != REFERENCE for namespace in namespaces(REFERENCE)
]

# [ADZ-9.0]: every Megami, in table order; the deck can show any of them.
MEGAMI = (
    "yurina", "saine", "himika", "tokoyo", "oboro", "yukihi", "shinra", "hagane",
    "chikage", "kururu", "saliya", "raira", "utsuro", "honoka", "korunu", "yatsuha",
    "hatsumi", "mizuki", "megumi", "kanae", "kamui", "renri",
)  # fmt: skip
BY_FACTION = {"saine", "tokoyo", "yukihi", "mizuki"}  # [ADZ-0] faction versions
REASONS = (
    "phase.stale", "phase.wrong", "target.dead", "target.invalid", "ability.sealed", "ability.used_up",
    "target.repeat", "speech.denied", "not_player", "not_host", "game.none", "game.running", "lobby.full",
    "lobby.too_few", "lobby.already_joined", "lobby.unreachable", "command.unknown", "input.too_long",
    "action.illegal",
)  # fmt: skip


def _label(pair: tuple[str, str]) -> str:
    return "/".join(pair)


def test_japanese_and_english_catalogs_are_found() -> None:
    assert locales()[0] == REFERENCE
    assert "en" in locales()
    assert {"common", "adazakura"} <= set(namespaces(REFERENCE))


@pytest.mark.parametrize("pair", FILES, ids=_label)
def test_every_catalog_parses_to_non_empty_texts(pair: tuple[str, str]) -> None:
    texts = catalog(*pair)
    assert texts, f"{_label(pair)} is empty"
    assert [key for key, value in texts.items() if not value.strip()] == []


@pytest.mark.parametrize("locale", [loc for loc in locales() if loc != REFERENCE])
def test_every_locale_has_every_namespace_of_the_reference(locale: str) -> None:
    assert namespaces(locale) == namespaces(REFERENCE)


@pytest.mark.parametrize("pair", OTHERS, ids=_label)
def test_every_key_exists_in_both_languages(pair: tuple[str, str]) -> None:
    locale, namespace = pair
    reference, other = catalog(REFERENCE, namespace), catalog(locale, namespace)
    assert sorted(set(reference) - set(other)) == [], f"missing in {locale}/{namespace}.toml"
    assert sorted(set(other) - set(reference)) == [], f"not in {REFERENCE}/{namespace}.toml"


@pytest.mark.parametrize("pair", OTHERS, ids=_label)
def test_placeholders_match_the_reference(pair: tuple[str, str]) -> None:
    locale, namespace = pair
    reference, other = catalog(REFERENCE, namespace), catalog(locale, namespace)
    differing = {
        key: (sorted(placeholders(text)), sorted(placeholders(other[key])))
        for key, text in reference.items()
        if key in other and placeholders(text) != placeholders(other[key])
    }
    assert differing == {}


@pytest.mark.parametrize("locale", locales())
@pytest.mark.parametrize("megami", MEGAMI)
def test_every_megami_has_name_ability_and_text(locale: str, megami: str) -> None:
    texts = catalog(locale, "adazakura")
    versions = (".sakura", ".adazakura") if megami in BY_FACTION else ("",)
    wanted = [f"role.{megami}.name"]
    wanted += [f"role.{megami}.{part}{version}" for part in ("ability", "text") for version in versions]
    assert [key for key in wanted if key not in texts] == []


@pytest.mark.parametrize("locale", locales())
def test_megami_with_faction_versions_have_no_unversioned_text(locale: str) -> None:
    texts = catalog(locale, "adazakura")
    found = [
        f"role.{m}.{part}" for m in BY_FACTION for part in ("ability", "text") if f"role.{m}.{part}" in texts
    ]
    assert found == []


@pytest.mark.parametrize("locale", locales())
def test_every_refusal_reason_has_a_message(locale: str) -> None:
    assert [r for r in REASONS if f"reason.{r}" not in catalog(locale, "common")] == []


@pytest.mark.parametrize("locale", locales())
def test_the_game_has_a_name_summary_and_faction_names(locale: str) -> None:
    texts = catalog(locale, "adazakura")
    wanted = ["game.name", "game.summary", "faction.sakura", "faction.adazakura", "faction.none"]
    assert [key for key in wanted if key not in texts] == []


def test_the_game_name_is_the_official_one() -> None:
    assert catalog("ja", "adazakura")["game.name"] == "徒桜戦争"
    assert catalog("en", "adazakura")["game.name"] == "Adazakura War"


def test_nested_tables_and_quoted_keys_flatten_to_the_same_dotted_keys() -> None:
    parsed = {"action": {"vote": "{a0}に投票", "vote.none": "棄権"}, "ref.player": "{seat}番 {name}"}
    assert flatten(parsed, "t.toml") == {
        "action.vote": "{a0}に投票",
        "action.vote.none": "棄権",
        "ref.player": "{seat}番 {name}",
    }


def test_a_key_defined_twice_is_refused() -> None:
    with pytest.raises(CatalogError, match="defined twice"):
        flatten({"action.vote": "a", "action": {"vote": "b"}}, "t.toml")


def test_a_non_string_value_is_refused() -> None:
    with pytest.raises(CatalogError, match="must be a string"):
        flatten({"lobby.max": 16}, "t.toml")


@pytest.mark.parametrize("template", ["{}に投票", "{0}に投票", "{a.b}", "{a[0]}", "{seat"])
def test_unnamed_or_compound_fields_are_refused(template: str) -> None:
    with pytest.raises(CatalogError):
        placeholders(template)


def test_placeholders_lists_named_fields_and_ignores_escaped_braces() -> None:
    assert placeholders("{{x}} {seat}番 {name} {seat}") == {"seat", "name"}


def test_every_role_text_names_its_ability_so_results_can_be_matched() -> None:
    """Results name abilities ("Silent Ice-Breaking stopped it"); the card must use the same name."""
    from core.i18n import has_key, locales, text

    for locale in locales():
        for megami in TAROTS:
            plain = has_key(f"role.{megami}.text", locale, "adazakura")
            versions = [""] if plain else [".sakura", ".adazakura"]
            for v in versions:
                ability = text(f"role.{megami}.ability{v}", locale, "adazakura")
                assert ability in text(f"role.{megami}.text{v}", locale, "adazakura"), (locale, megami, v)
