"""Every entry point's JSON parser (handlers.jsontext): what it takes back is exactly what was sent, and
no string it gives back fails to encode as UTF-8."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from handlers import jsontext

#: Text without surrogates (what UTF-8 can carry), and JSON data built of it.
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
DATA = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20,
)


@given(DATA, st.booleans())
def test_json_text_comes_back_as_sent(data: Any, ascii_only: bool) -> None:
    raw = json.dumps(data, ensure_ascii=ascii_only)  # ASCII: astral characters as escaped pairs
    assert jsontext.loads(raw.encode()) == data
    assert jsontext.loads(raw) == data


@given(DATA, st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "a\udc80b"]), st.booleans())
def test_a_string_with_a_lone_surrogate_is_refused_wherever_it_is(data: Any, lone: str, as_key: bool) -> None:
    wrapped = {lone: data} if as_key else {"payload": [data, {"text": lone}]}
    with pytest.raises(ValueError, match="lone surrogate"):
        jsontext.loads(json.dumps(wrapped).encode())


NOT_JSON_TEXT = {
    "not UTF-8": b"\xff\xfe",
    "not JSON": b"not json",
    "too deep": b"[" * 100_000 + b"]" * 100_000,
    "a raw surrogate in a str": '"\ud800"',
    "a high half alone": b'"\\ud83c"',
    "halves swapped": b'"\\udfb2\\ud83c"',
}


@pytest.mark.parametrize("raw", NOT_JSON_TEXT.values(), ids=NOT_JSON_TEXT.keys())
def test_what_is_not_json_text_is_a_value_error(raw: bytes | str) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 (each entry point answers every ValueError alike)
        jsontext.loads(raw)
