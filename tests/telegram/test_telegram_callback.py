"""Callback data codec: every button a game draws fits in 64 bytes and comes back as the same tap."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.engine.notice import Action
from handlers.messages import Tap
from handlers.telegram.callback import MAX_BYTES, ForgedCallback, decode, encode


def tap(game_id: str, phase_seq: int | None, kind: str, *args: int | str, menu: bool = False) -> Tap:
    return Tap(game_id=game_id, phase_seq=phase_seq, action=Action(kind=kind, args=args), menu=menu)


@pytest.mark.parametrize(
    ("value", "data"),
    [
        (tap("g1a2b3c4", 17, "vote", 5), "g1a2b3c4|17|vote|5"),
        (tap("g1a2b3c4", 17, "vote", "skip"), "g1a2b3c4|17|vote|skip"),
        (tap("g1a2b3c4", None, "join"), "g1a2b3c4||join"),
        (tap("g1", 0, "night.shinra", 3, "yukihi"), "g1|0|night.shinra|3|yukihi"),
        (tap("g1", 2, "pick", "3"), "g1|2|pick|'3"),
        (tap("g1", 2, "pick", "-1"), "g1|2|pick|'-1"),
        (tap("g1", 2, "night.shinra", menu=True), "g1|2|+night.shinra"),
        (tap("g1", 2, "night.shinra", 3, menu=True), "g1|2|+night.shinra|3"),
        (tap("g1", 2, "menu", menu=True), "g1|2|+menu"),
    ],
)
def test_known_taps_have_readable_compact_data(value: Tap, data: str) -> None:
    assert encode(value) == data
    assert decode(data) == value


def test_the_largest_table_fits_in_64_bytes() -> None:
    # 16 seats, a 12-char game id, a long game's phase count, a dotted kind and three seat arguments.
    worst = tap("Zz9_-Zz9_-Zz", 999_999, "night.shinra", 16, 15, 14, menu=True)
    data = encode(worst)
    assert len(data.encode("utf-8")) <= MAX_BYTES
    assert decode(data) == worst


def test_opening_a_menu_level_and_submitting_the_action_stay_different() -> None:
    assert decode(encode(tap("g1", 1, "night.shinra", 3, menu=True))).menu
    assert not decode(encode(tap("g1", 1, "night.shinra", 3))).menu


def test_a_seat_and_the_option_id_spelled_like_it_stay_different() -> None:
    assert decode(encode(tap("g1", 1, "pick", 3))).action.args == (3,)
    assert decode(encode(tap("g1", 1, "pick", "3"))).action.args == ("3",)


@pytest.mark.parametrize(
    "value",
    [
        tap("g1a2b3c4d5e6", 999_999, "night.shinra.erase.again", "option_long_1", "option_long_2", 16),
        tap("g1", 1, "vote", *range(1, 25)),
    ],
)
def test_data_over_64_bytes_is_refused_when_drawing_the_button(value: Tap) -> None:
    with pytest.raises(ValueError, match="over 64"):
        encode(value)


@pytest.mark.parametrize(
    "value",
    [
        tap("game id", 1, "vote", 1),
        tap("g1a2b3c4d5e6f", 1, "vote", 1),
        tap("g1", -1, "vote", 1),
        tap("g1", 1, "Vote", 1),
        tap("g1", 1, "vote", "a|b"),
        tap("g1", 1, "vote", "たろう"),
        tap("g1", 1, "vote", ""),
    ],
)
def test_values_outside_the_format_are_refused(value: Tap) -> None:
    with pytest.raises(ValueError, match=r"game id|phase_seq|action kind|option id"):
        encode(value)


@pytest.mark.parametrize(
    "data",
    [
        "",
        "thedata",  # a real keyboard of another bot (callback_query_private.json)
        "vote:1000000001",  # callback_query_group.json
        "g1|1",
        "g1|01|vote",
        "g1|-1|vote",
        "g1|x|vote",
        "g1a2b3c4d5e6f|1|vote",
        "g1|1|",
        "g1|1|Vote",
        "g1|1|vote.",
        "g1|1|++vote",
        "g1|1|+",
        "g1|1|vote+",
        "g1|1|vote|",
        "g1|1|vote|05",
        "g1|1|vote|-0",
        "g1|1|vote|'abc",
        "g1|1|vote|a b",
        "g1|1|vote|たろう",
        "g1|1|vote|" + "1|" * 30 + "1",
    ],
)
def test_forged_or_foreign_data_is_refused(data: str) -> None:
    with pytest.raises(ForgedCallback):
        decode(data)


game_ids = st.from_regex(r"[A-Za-z0-9_-]{1,12}", fullmatch=True)
# Sized so that every combination fits: 12 + 7 + 16 + 3 x 7 bytes + 5 separators = 61.
kinds = st.from_regex(r"[a-z][a-z0-9_]{0,7}(\.[a-z0-9_]{1,6})?", fullmatch=True)
args = st.one_of(
    st.integers(min_value=-1, max_value=16),
    st.from_regex(r"[A-Za-z0-9_.-]{1,6}", fullmatch=True),
)


@given(game_ids, st.none() | st.integers(0, 10**6), kinds, st.lists(args, max_size=3), st.booleans())
def test_every_tap_that_fits_comes_back_unchanged(
    game_id: str, phase_seq: int | None, kind: str, arguments: list[int | str], menu: bool
) -> None:
    value = tap(game_id, phase_seq, kind, *arguments, menu=menu)
    data = encode(value)
    assert decode(data) == value
    assert encode(decode(data)) == data
