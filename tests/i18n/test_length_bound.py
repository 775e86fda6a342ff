"""A text's length bound (``length_bound``): never below the length of the text it bounds, in any locale,
for every template of every catalog and every kind of param; exact for a template whose locales have the
same shape, and rendered for a span of time."""

from __future__ import annotations

import pytest

from core.engine.notice import CardRef, FactionRef, KeyRef, Param, PlayerRef, RoleRef, Scalar
from core.i18n import length_bound, locales, namespaces, render_key
from core.i18n.catalog import COMMON, REFERENCE, catalog, durations, lookup, placeholders, shape

LONG = PlayerRef(seat=12, name="とても長い名前のプレイヤー {seat} " * 3)
#: One value of each kind a param can be: names, numbers, text (empty: an optional line left out), lists
#: joined by the separator or by line breaks, a nested key with params of its own.
VALUES: tuple[Param, ...] = (
    LONG,
    7,
    "",
    "free text",
    True,
    [LONG, PlayerRef(seat=3, name="Bob")],
    [1, 22, 333],
    [],
    [KeyRef(key="list.separator"), KeyRef(key="list.separator")],
    KeyRef(key="ref.player", params={"seat": 4, "name": "Carol"}),
)
GAMES = [namespace for namespace in namespaces(REFERENCE) if namespace != COMMON]


def _widths(key: str, params: dict[str, Param], game: str) -> list[int]:
    return [len(render_key(key, params, locale, game)) for locale in locales()]


def _keys(game: str) -> list[str]:
    return sorted({*catalog(REFERENCE, COMMON), *catalog(REFERENCE, game)})


@pytest.mark.parametrize("game", GAMES)
def test_the_bound_is_never_below_the_text_in_any_locale_for_every_template(game: str) -> None:
    """Every key of the game and ``common``, each field given each kind of value in turn (a duration field
    its whole seconds): the bound is at least the rendered length in every locale."""
    checked = 0
    for key in _keys(game):
        template = lookup(key, REFERENCE, game)
        spans = durations(template)
        names = sorted(placeholders(template))
        for shift in range(len(VALUES)):
            params: dict[str, Param] = {
                name: 3725 if name in spans else VALUES[(shift + i) % len(VALUES)]
                for i, name in enumerate(names)
            }
            try:
                widths = _widths(key, params, game)
            except KeyError:  # a key some nested value's game lacks, or a game key of another game
                continue
            assert length_bound(key, params, game) >= max(widths), (key, params)
            checked += 1
            if not names:
                break
    assert checked > 500


def test_a_text_whose_longest_locale_is_longest_in_every_part_is_bounded_exactly() -> None:
    """English is the longer in each part of these recap lines (its words, its seats, its Megami names)."""
    ballot: dict[str, Param] = {"voter": LONG, "target": PlayerRef(seat=2, name="Bob"), "weight": 2}
    claim: dict[str, Param] = {"player": LONG, "megami": RoleRef(id="yurina")}
    action = KeyRef(key="action.night.yurina", params={"a0": LONG})
    act: dict[str, Param] = {**claim, "action": action}
    for key, params in (("recap.ballot", ballot), ("recap.co", claim), ("recap.act", act)):
        assert length_bound(key, params, "adazakura") == max(_widths(key, params, "adazakura")), key


@pytest.mark.parametrize(
    "cards",
    [
        [CardRef(id="EXCHANGE"), CardRef(id="ARREST"), CardRef(id="ALIBI")],
        [RoleRef(id="KIRA"), FactionRef(id="adazakura")],
        [LONG, 12, "x"],
        [],
    ],
)
def test_a_list_counts_each_item_and_the_longest_separator(cards: list[Scalar]) -> None:
    params: dict[str, Param] = {"cards": cards}
    try:
        widths = _widths("hand.after", params, "deathnote")
    except KeyError:  # a faction or role name DEATH NOTE 人狼 does not have
        with pytest.raises(KeyError):
            length_bound("hand.after", params, "deathnote")
        return
    assert max(widths) <= length_bound("hand.after", params, "deathnote") <= max(widths) + len(cards)


def test_an_optional_line_left_out_still_counts_in_the_bound() -> None:
    """The bound counts the template as written: a line dropped for an empty value makes the text shorter."""
    params: dict[str, Param] = {"ballots": [], "missing": "", "counts": [], "round": 0}
    assert length_bound("vote.closed", params, "politician") >= max(
        _widths("vote.closed", params, "politician")
    )


def test_a_span_of_time_is_rendered_for_its_bound() -> None:
    params: dict[str, Param] = {"n": 2, "left": 43200}
    assert length_bound("phase.night", params, "adazakura") == max(
        _widths("phase.night", params, "adazakura")
    )


def test_a_missing_key_or_param_raises_key_error() -> None:
    with pytest.raises(KeyError):
        length_bound("no.such.key", {}, "adazakura")
    with pytest.raises(KeyError):
        length_bound("recap.ballot", {"voter": LONG}, "adazakura")
    with pytest.raises(KeyError):
        length_bound("recap.death", {"player": LONG, "cause": KeyRef(key="no.such.cause")}, "adazakura")


def test_a_template_s_shape_is_its_text_outside_the_fields_and_each_field_s_count() -> None:
    assert shape("{a}と{b}、{a}") == (2, (("a", 2), ("b", 1)))
    assert shape("{{x}} {a}") == (4, (("a", 1),))
    assert shape("残り{left:duration}") == (2, (("left", 1),))
    assert shape("") == (0, ())
