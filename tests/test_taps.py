"""The platform-neutral button data under LINE's cap: postback ``data`` holds up to 300 characters, so a
button Telegram's 64 bytes cannot carry still comes back as the same tap on LINE, and nothing longer is
drawn or accepted. (Telegram's 64 bytes: tests/telegram/test_telegram_callback.py.)"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.engine.notice import Action
from handlers import taps
from handlers.messages import Tap
from handlers.telegram import callback

LINE = 300


def tap(game_id: str, phase_seq: int | None, kind: str, *args: int | str, menu: bool = False) -> Tap:
    return Tap(game_id=game_id, phase_seq=phase_seq, action=Action(kind=kind, args=args), menu=menu)


#: Too long for Telegram's 64 bytes (31 + 4 + 30 + 4 x 14 bytes), fine for LINE.
LONG = tap("g1a2b3c4d5e6", 999_999, "night.shinra.erase.again", "option_long_1", "option_long_2", 16, 15)


def test_a_button_too_long_for_telegram_fits_in_a_line_postback() -> None:
    data = taps.encode(LONG, max_bytes=LINE)
    assert 64 < len(data) <= LINE
    assert taps.decode(data, max_bytes=LINE) == LONG
    with pytest.raises(ValueError, match="over 64"):
        callback.encode(LONG)


def test_the_same_data_reads_the_same_on_both_platforms() -> None:
    short = tap("g1a2b3c4", 17, "vote", 5)
    assert taps.encode(short, max_bytes=LINE) == callback.encode(short) == "g1a2b3c4|17|vote|5"


def test_data_over_300_characters_is_neither_drawn_nor_accepted() -> None:
    # "g1|1|vote" (9) + 144 x "|1" (288) + "|ab" (3) = 300 characters exactly.
    fits = tap("g1", 1, "vote", *([1] * 144), "ab")
    assert len(taps.encode(fits, max_bytes=LINE)) == LINE
    over = tap("g1", 1, "vote", *([1] * 144), "abc")
    with pytest.raises(ValueError, match="over 300"):
        taps.encode(over, max_bytes=LINE)
    forged = taps.encode(over, max_bytes=LINE + 1)
    with pytest.raises(taps.ForgedTap):
        taps.decode(forged, max_bytes=LINE)


def test_a_telegram_forgery_is_caught_as_forged_callback_too() -> None:
    with pytest.raises(callback.ForgedCallback):
        callback.decode("vote:1000000001")
    with pytest.raises(taps.ForgedTap):
        taps.decode("g1|1|vote|たろう", max_bytes=LINE)


game_ids = st.from_regex(r"[A-Za-z0-9_-]{1,12}", fullmatch=True)
kinds = st.from_regex(r"[a-z][a-z0-9_]{0,15}(\.[A-Za-z0-9_]{1,15}){0,3}", fullmatch=True)
args = st.one_of(
    st.integers(min_value=-1, max_value=16),
    st.from_regex(r"[A-Za-z0-9_.-]{1,20}", fullmatch=True),
)


# Sized around the cap: 12 + 7 + 65 + 10 x 21 + 12 separators = 306 at most, so a few draws go over and
# must be refused rather than cut.
@given(game_ids, st.none() | st.integers(0, 10**6), kinds, st.lists(args, max_size=10), st.booleans())
def test_every_line_tap_comes_back_unchanged_or_is_refused(
    game_id: str, phase_seq: int | None, kind: str, arguments: list[int | str], menu: bool
) -> None:
    value = tap(game_id, phase_seq, kind, *arguments, menu=menu)
    try:
        data = taps.encode(value, max_bytes=LINE)
    except ValueError:
        assert len(taps.encode(value, max_bytes=10_000)) > LINE
        return
    assert len(data) <= LINE
    assert taps.decode(data, max_bytes=LINE) == value
