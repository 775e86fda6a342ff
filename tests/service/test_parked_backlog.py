"""A commit whose sending breaks (a defect in the send step, not a platform's refusal) parks its messages in
the outbox (``handlers.sending.Sending.park``), and what it parks stays within the chat's backlog bounds
(``handlers.backlog``) however often that happens: the oldest are dropped and counted in the chat's log,
and once sending works the chat first hears how many were left out (``backlog.folded``), then what was
kept, in order. Runs the service on the in-memory store (no timer: the next input sends what waits).
"""

from __future__ import annotations

import core.i18n as i18n
from handlers import backlog
from handlers import records as stored_records
from handlers.messages import OutMessage
from tests.service.test_platform_events import GAME_ID, GROUP, Group

#: Inputs while sending breaks: more than a chat may keep waiting.
INPUTS = 3 * backlog.MAX_WAITING


class BreakingSender:
    """Takes every message (in batches, LINE-like) and records it; while ``broken``, asking how many
    messages a chat takes raises, outside any platform call: the send step itself breaks."""

    def __init__(self) -> None:
        self.broken = False
        self.sent: list[OutMessage] = []

    def batch_limit(self, chat_id: str) -> int:
        if self.broken:
            raise RuntimeError("a defect in the adapter")
        return 5

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)

    async def send_batch(self, messages: list[OutMessage], *, spent: int) -> tuple[int, int]:
        self.sent += messages
        return len(messages), 0

    def to(self, chat: str) -> list[str]:
        return [m.text for m in self.sent if m.chat_id == chat]


def squashed(texts: list[str]) -> str:
    """``texts`` run together without white space (merged messages join their parts with line breaks)."""
    return "".join("".join(texts).split())


def test_a_chat_whose_sends_keep_breaking_keeps_a_bounded_backlog_and_hears_the_folded_line_first() -> None:
    group = Group(3)
    sender = BreakingSender()
    group.service.runner.sender = sender
    group.open("adazakura")
    comer = group.people[2]
    sender.broken = True

    for n in range(INPUTS):  # each input commits one line to the group, and its sending breaks
        group.say(comer, "/leave" if n % 2 == 0 else f"/start {GAME_ID}", private=n % 2 == 1)
        stored = group.store.load(GAME_ID)
        assert stored is not None
        assert len(backlog.waiting_of(stored.pending, GROUP)) <= backlog.MAX_WAITING, n

    assert sender.to(GROUP), "the group heard the lobby open before sending broke"
    heard = len(sender.sent)
    stored = group.store.load(GAME_ID)
    assert stored is not None
    kept = [m.text for _, m in sorted(backlog.waiting_of(stored.pending, GROUP).items())]
    folded = stored_records.load(stored.records).chat(GROUP).folded
    assert len(kept) == backlog.MAX_WAITING
    assert folded == INPUTS - backlog.MAX_WAITING, "every line the group missed is kept or counted"

    sender.broken = False
    group.say(comer, "/leave")

    got = [m.text for m in sender.sent[heard:] if m.chat_id == GROUP]
    line = i18n.text("backlog.folded", "ja", "adazakura", count=folded)
    assert squashed(got).startswith(squashed([line, *kept]))
    after = group.store.load(GAME_ID)
    assert after is not None
    assert backlog.waiting_of(after.pending, GROUP) == {}
    assert stored_records.load(after.records).chat(GROUP).folded == 0
