"""The shared catalog rules (:mod:`tests.i18n.key_checks`) catch each kind of break, so a green key test
means something: a key without a text, a template naming a param the site does not pass (read or listed),
and a template showing a bool or a raw deadline."""

from __future__ import annotations

import pytest

from core.i18n.catalog import locales
from tests.i18n.emitted import Site
from tests.i18n.key_checks import missing_texts, shown_bools, unknown_params

GAME = "politician"
#: A template naming ``{wolf}`` and ``{target}`` in every language.
KEY = "night.proposal"


@pytest.mark.parametrize("locale", locales())
def test_a_key_without_a_text_is_named_once(locale: str) -> None:
    sites = [Site("no.such.key", "a.py:1", frozenset()), Site("no.such.key", "a.py:1", None)]
    assert missing_texts([*sites, Site(KEY, "b.py:2", frozenset())], locale, GAME) == ["no.such.key (a.py:1)"]


@pytest.mark.parametrize("locale", locales())
def test_a_param_the_site_does_not_pass_is_named(locale: str) -> None:
    assert unknown_params([Site(KEY, "a.py:1", frozenset({"wolf"}))], locale, GAME) == {
        f"{KEY} (a.py:1)": ["target"]
    }
    assert unknown_params([Site(KEY, "a.py:1", frozenset({"wolf", "target"}))], locale, GAME) == {}


@pytest.mark.parametrize("locale", locales())
def test_a_site_the_scan_cannot_read_is_checked_against_what_is_listed_unless_unreached(locale: str) -> None:
    unread = [Site(KEY, "a.py:1", None)]
    assert unknown_params(unread, locale, GAME) == {}, "nothing listed: not checked"
    listed = unknown_params(unread, locale, GAME, passed={KEY: {"target"}})
    assert listed == {f"{KEY} (a.py:1)": ["wolf"]}
    assert unknown_params(unread, locale, GAME, passed={KEY: {"target"}}, unreached={(KEY, None)}) == {}


@pytest.mark.parametrize("locale", locales())
def test_a_bool_or_a_never_shown_param_in_a_template_is_named(locale: str) -> None:
    passed = frozenset({"wolf", "target"})
    assert shown_bools([Site(KEY, "a.py:1", passed, bools=frozenset({"wolf"}))], locale, GAME) == {
        f"{KEY} (a.py:1)": ["wolf"]
    }
    assert shown_bools([Site(KEY, "a.py:1", passed)], locale, GAME, {"target"}) == {
        f"{KEY} (a.py:1)": ["target"]
    }
    assert shown_bools([Site(KEY, "a.py:1", passed)], locale, GAME) == {}
