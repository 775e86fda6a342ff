"""One transition, one group message (design §4: about 20 group messages a minute): the announcements of
one commit to a chat are merged even when private messages were written between them, each chat keeps
its order, and nothing is merged into a message with buttons or across a change of notification sound."""

from __future__ import annotations

from typing import Any

from core.engine.commands import Timeout
from core.engine.notice import PUBLIC, Notice
from handlers import outbox
from tests.games.adazakura.table import Table
from tests.scenarios.test_adz_14_10_t10 import play_t10


def night_one_ends() -> tuple[Table, list[Notice]]:
    """T10 [ADZ-14.10]: night 1 closes with every seat's result, the morning, a seal told in private
    (``day.sealed``), then the day."""
    t = play_t10()
    [notices] = [n for phase, c, n in t.history if phase == ("night", 1) and isinstance(c, Timeout)]
    return t, notices


def said_to(t: Table, notices: list[Notice], chat: str) -> list[str]:
    """What each notice addressed to ``chat`` says, in order."""
    state: Any = t.state
    return [
        outbox.render_notices(t.rules, state, [n])[0].text
        for n in notices
        if chat in outbox.recipients(t.rules, state, n)
    ]


def test_the_group_hears_a_night_end_as_one_message_with_private_results_written_in_between() -> None:
    t, notices = night_one_ends()
    public = [i for i, n in enumerate(notices) if n.to.kind == "public"]
    assert any(notices[i].to.kind == "seat" for i in range(public[0], public[-1])), "a private one between"

    messages = outbox.render_notices(t.rules, t.state, notices)

    group = [m for m in messages if m.chat_id == t.state.chat_id]
    assert [m.text for m in group] == ["\n\n".join(said_to(t, notices, t.state.chat_id))]
    for chat in {m.chat_id for m in messages}:
        texts = [m.text for m in messages if m.chat_id == chat]
        assert "\n\n".join(texts) == "\n\n".join(said_to(t, notices, chat))


def test_nothing_is_merged_into_a_message_with_buttons_nor_across_a_silent_one() -> None:
    t, notices = night_one_ends()
    first, *_, last = [n for n in notices if n.to.kind == "public"]
    result = next(n for n in notices if n.to.kind == "seat")
    asked = next(n for _, _, heard in t.history for n in heard if n.actions)
    prompt = asked.model_copy(update={"to": PUBLIC})
    quiet = last.model_copy(update={"silent": True})

    with_buttons = outbox.render_notices(t.rules, t.state, [first, result, prompt, result, last])
    across_silence = outbox.render_notices(t.rules, t.state, [first, result, quiet, result, last])

    group = t.state.chat_id
    assert [bool(m.buttons) for m in with_buttons if m.chat_id == group] == [True, False]
    assert [m.silent for m in across_silence if m.chat_id == group] == [False, True, False]
