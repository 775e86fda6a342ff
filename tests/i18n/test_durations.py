"""Spans of time as people read them: the catalog's ``{name:duration}`` fields and :func:`core.i18n.duration`
(a long game's 12-hour night reads 「12時間」, not 「43200秒」)."""

from __future__ import annotations

import pytest

from core.i18n import CatalogError, duration, locales, namespaces, render_key, text
from core.i18n.catalog import catalog, durations, placeholders, unmarked

SPANS = (0, 1, 59, 60, 61, 150, 3599, 3600, 3660, 7199, 45000, 86400, 90061, 129600, 172800)
JA = ("0秒", "1秒", "59秒", "1分", "1分1秒", "2分30秒", "59分59秒", "1時間", "1時間1分", "1時間59分",
      "12時間30分", "1日", "1日1時間", "1日12時間", "2日")  # fmt: skip
EN = ("0 s", "1 s", "59 s", "1 min", "1 min 1 s", "2 min 30 s", "59 min 59 s", "1 h", "1 h 1 min",
      "1 h 59 min", "12 h 30 min", "1 d", "1 d 1 h", "1 d 12 h", "2 d")  # fmt: skip


@pytest.mark.parametrize(("seconds", "ja", "en"), list(zip(SPANS, JA, EN, strict=True)))
def test_a_span_shows_its_largest_unit_and_the_next_one_down(seconds: int, ja: str, en: str) -> None:
    assert (duration(seconds, "ja"), duration(seconds, "en"), duration(seconds, "en-US")) == (ja, en, en)


def test_an_unknown_language_reads_japanese() -> None:
    assert duration(43200, "fr") == "12時間"


def test_a_negative_span_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        duration(-1, "ja")


@pytest.mark.parametrize(("locale", "expected"), [("ja", "夜2 (残り12時間)"), ("en", "Night 2 (12 h left)")])
def test_a_phase_name_shows_the_time_left_in_words(locale: str, expected: str) -> None:
    assert render_key("phase.night", {"n": 2, "left": 43200}, locale, "adazakura") == expected


def test_a_reminder_and_an_extension_read_minutes_and_seconds() -> None:
    assert text("remind.choice", "ja", "adazakura", seconds=30) == (
        "⏰ 締め切りまであと30秒です。まだ済んでいない選択があります。届いているボタンから選んでください。"
    )
    extended = text("control.extended", "en", "adazakura", player="Alice", added=60, seconds=150)
    assert extended == "⏳ Alice extended the discussion by 1 min. 2 min 30 s left."


@pytest.mark.parametrize("value", [True, "43200", 1.5, [60]])
def test_a_duration_field_takes_whole_seconds_only(value: object) -> None:
    with pytest.raises(TypeError, match="duration of whole seconds"):
        render_key("phase.night", {"n": 1, "left": value}, "ja", "adazakura")  # type: ignore[dict-item]


def test_the_mark_is_read_and_removed_before_formatting() -> None:
    template = "{{left}} 夜{n} (残り{left:duration})"
    assert (set(placeholders(template)), set(durations(template))) == ({"n", "left"}, {"left"})
    assert unmarked(template) == "{{left}} 夜{n} (残り{left})"


@pytest.mark.parametrize("template", ["{left:d}", "{left:>5}", "{left!r}", "{left:duration} {left}"])
def test_any_other_spec_or_a_half_marked_field_is_refused(template: str) -> None:
    with pytest.raises(CatalogError):
        placeholders(template)


def _marks(locale: str, namespace: str) -> dict[str, frozenset[str]]:
    return {key: durations(body) for key, body in catalog(locale, namespace).items()}


@pytest.mark.parametrize("locale", [loc for loc in locales() if loc != "ja"])
def test_every_language_marks_the_same_fields_as_durations(locale: str) -> None:
    for namespace in namespaces("ja"):
        reference, other = _marks("ja", namespace), _marks(locale, namespace)
        assert {k: (v, other[k]) for k, v in reference.items() if other.get(k, v) != v} == {}, namespace


@pytest.mark.parametrize("locale", locales())
def test_no_text_writes_its_own_unit_after_a_duration(locale: str) -> None:
    """「{left:duration}秒」 would read 「12時間秒」."""
    units = ("秒", "分", "時間", " s", " sec", " min", " h", " hours", " minutes", " seconds")
    found = [
        key
        for namespace in namespaces(locale)
        for key, body in catalog(locale, namespace).items()
        if any(f":duration}}{unit}" in body for unit in units)
    ]
    assert found == []


@pytest.mark.parametrize("locale", locales())
def test_no_text_shows_seconds_of_a_timer_as_a_bare_number(locale: str) -> None:
    """The fields that carry seconds in the rules' notices are all marked (the served raw ``local.web.*``
    and ``console.ui.*`` texts, formatted by the pages' own scripts, excepted)."""
    seconds = {"seconds", "left", "added", "secs"}
    #: ``{left}`` that is not time: a neighbour, arrest cards left, missed votes left.
    not_time = {"circle.line", "arrest.failed", "vote.afk_warning"}
    bare = [
        key
        for namespace in namespaces(locale)
        for key, body in catalog(locale, namespace).items()
        if not key.startswith(("local.web.", "console.ui."))
        and key not in not_time
        and (placeholders(body) & seconds) - durations(body)
    ]
    assert bare == []


@pytest.mark.parametrize("locale", locales())
def test_the_texts_pages_format_themselves_carry_no_mark(locale: str) -> None:
    """The console and the playground format ``console.ui.*``/``local.web.*`` in the browser
    (``{name}`` only)."""
    raw = [
        key
        for namespace in namespaces(locale)
        for key, body in catalog(locale, namespace).items()
        if key.startswith(("local.web.", "console.ui.")) and durations(body)
    ]
    assert raw == []
