"""``/rules``, ``/role`` and ``/help`` reach a LINE chat whole: within one reply (5 message objects,
"Send reply message") of text messages of at most 5000 characters ("Text message"), never cut."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from handlers.line.render import MAX_OBJECTS, TEXT_UNITS, Links, messages
from handlers.messages import OutMessage
from handlers.textunits import units
from tests.i18n.guide_texts import every_answer

GROUP = "line:C1234567890abcdef1234567890abcdef"
ANSWERS = list(every_answer())


@pytest.mark.parametrize(("label", "locale", "text"), ANSWERS, ids=[f"{a}-{b}" for a, b, _ in ANSWERS])
def test_every_help_answer_fits_one_reply_uncut(label: str, locale: str, text: str) -> None:
    objects = messages([OutMessage(chat_id=GROUP, text=text, locale=locale)], Links(None, free_mode=False))
    assert 0 < len(objects) <= MAX_OBJECTS
    assert all(o["type"] == "text" and units(o["text"]) <= TEXT_UNITS for o in objects)
    sent = "\n".join(o["text"] for o in objects)
    assert i18n.text("line.text.cut", locale, "common") not in sent
    assert all(line in sent for line in text.splitlines())
