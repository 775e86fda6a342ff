"""``/rules``, ``/role`` and ``/help`` reach a Telegram chat whole: the sender splits a text over
Telegram's 4096 UTF-16 units (core.telegram.org/bots/api#sendmessage) at line breaks, losing no line."""

from __future__ import annotations

import pytest

from handlers.telegram.sender import MAX_TEXT, split_text
from handlers.textunits import units
from tests.i18n.guide_texts import every_answer

ANSWERS = list(every_answer())


@pytest.mark.parametrize(("label", "locale", "text"), ANSWERS, ids=[f"{a}-{b}" for a, b, _ in ANSWERS])
def test_every_help_answer_is_sent_whole_within_telegrams_limit(label: str, locale: str, text: str) -> None:
    parts = split_text(text)
    assert MAX_TEXT == 4096
    assert all(0 < units(part) <= MAX_TEXT for part in parts)
    sent = "\n".join(parts)
    assert all(line in sent for line in text.splitlines())


def test_the_longest_answer_would_still_be_split_at_a_line_break() -> None:
    label, _, longest = max(ANSWERS, key=lambda answer: units(answer[2]))
    twice = "\n".join([longest] * (MAX_TEXT // units(longest) + 1))
    parts = split_text(twice)
    assert len(parts) >= 2, label
    assert all(units(part) <= MAX_TEXT for part in parts)
    assert all(line in longest.splitlines() for part in parts for line in part.splitlines())
