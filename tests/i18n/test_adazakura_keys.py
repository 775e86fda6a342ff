"""Every catalog key the core can emit exists in every language and needs only params the code passes.

The keys, their call sites and the params each site passes are read from the source by
:mod:`tests.i18n.emitted`. A template may name only params the code passes (else rendering raises
``KeyError``), never a bool-valued one (it would print True/False) and never ``deadline`` (raw UTC epoch
seconds; the shell shows timers). ``test_adazakura_render.py`` renders real games on top of this.
"""

from __future__ import annotations

import pytest

from core.i18n.catalog import find, locales
from tests.i18n.emitted import GAME, KEYS, KINDS, SITES, UNEXPANDED
from tests.i18n.key_checks import missing_texts, shown_bools, unknown_params


def test_the_walk_finds_what_each_kind_of_emitter_says() -> None:
    wanted = {
        "lobby.joined", "lobby.welcome", "game.seating", "night.prompt", "team.open", "team.choice",
        "result.fizzled", "result.deck.look", "result.nothing", "status", "board.line", "end.seat.alive",
        "end.result.draw", "phase.runoff", "role.mizuki.text.adazakura", "vote.start", "runoff.start",
        "reason.lobby.full", "reason.not_alive", "reason.trap.used", "reason.phase.discussion_only",
    }  # fmt: skip
    assert wanted - set(KEYS) == set()
    assert {"night.oboro", "night.shinra", "night.yatsuha", "kill", "vote", "done", "skip"} <= set(KINDS)
    by_key = {site.key: site for site in SITES}
    assert by_key["result.megami"].params == frozenset({"night", "target", "megami"})
    assert by_key["lobby.left"].params == frozenset({"count", "names", "name"})
    assert by_key["vote.start"].params == frozenset({"candidates", "deadline"})
    assert {"phase", "living", "dead"} <= (by_key["status"].params or set())


def test_every_f_string_key_has_its_values_listed() -> None:
    assert UNEXPANDED == []


@pytest.mark.parametrize("locale", locales())
def test_every_emitted_key_has_a_text(locale: str) -> None:
    assert missing_texts(SITES, locale, GAME) == []


@pytest.mark.parametrize("locale", locales())
def test_every_button_kind_has_a_label(locale: str) -> None:
    assert [kind for kind in KINDS if find(f"action.{kind}", locale, GAME) is None] == []


@pytest.mark.parametrize("locale", locales())
def test_templates_name_only_params_the_code_passes(locale: str) -> None:
    assert unknown_params(SITES, locale, GAME) == {}


@pytest.mark.parametrize("locale", locales())
def test_no_template_shows_a_bool_or_a_raw_deadline(locale: str) -> None:
    assert shown_bools(SITES, locale, GAME) == {}
