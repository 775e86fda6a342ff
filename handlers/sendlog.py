"""What the shell remembers per chat of a game (kept in the game's records, :mod:`handlers.records`): recent
send times of paced groups, transient failures in a row, the wake-up a chat waits for,
what sends spent of a platform's counted messages (LINE pushes) and the chat's slot message (the one a
later message of the same ``OutMessage.slot`` edits: :func:`aimed`, :func:`remember`). Also how a
chat's pending messages are cut into platform calls (:func:`batches`). Used by :mod:`handlers.delivery`;
times are UTC epoch seconds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from handlers.messages import OutMessage
from handlers.textunits import units

#: Retry delay after a transient failure (seconds), doubled per failure in a row up to MAX_BACKOFF.
FIRST_BACKOFF = 5
MAX_BACKOFF = 300
#: Paced chats: chat id prefix → (messages, per seconds). Telegram groups and supergroups (negative ids):
#: "no more than 20 messages per minute in the same group" (core.telegram.org/bots/faq, "My bot is
#: hitting limits"; design §4).
PACED: dict[str, tuple[int, int]] = {"tg:-": (20, 60)}


@dataclass
class ChatLog:
    """What the flush remembers of one chat: ``sent``, the times of its recent sends (paced chats only);
    ``fails``, transient failures in a row; ``wake``, no send before this time (a wake-up is due then);
    ``cost``, what sends to it have spent of the platform's counted messages so far (LINE pushes,
    :class:`~handlers.messages.BatchSender`), kept for the game's life; ``slot``, ``(slot, platform
    message id)`` when the chat's latest message sent was a slot message; ``folded``, how many of its
    waiting messages were dropped to keep its backlog bounded since it last received
    (:mod:`handlers.backlog`)."""

    sent: list[int] = field(default_factory=list)
    fails: int = 0
    wake: int = 0
    cost: int = 0
    slot: tuple[str, str] | None = None
    folded: int = 0

    def dump(self, pace: tuple[int, int] | None, now: int) -> dict[str, Any] | None:
        """The stored form (compact keys) without what no longer matters at ``now`` (sends outside the
        pacing window ``pace``, a wake-up passed); ``None`` when nothing is left."""
        recent = [t for t in self.sent if pace and t > now - pace[1]]
        wake = self.wake if self.wake > now else 0
        if not (recent or self.fails or wake or self.cost or self.slot or self.folded):
            return None
        data: dict[str, Any] = {"s": recent, "f": self.fails, "w": wake}
        if self.cost:
            data["c"] = self.cost
        if self.slot:
            data["k"] = list(self.slot)
        if self.folded:
            data["o"] = self.folded
        return data

    @classmethod
    def load(cls, v: dict[str, Any]) -> ChatLog:
        """The log stored by :meth:`dump`."""
        slot = (str(v["k"][0]), str(v["k"][1])) if "k" in v else None
        return cls(list(v["s"]), int(v["f"]), int(v["w"]), int(v.get("c", 0)), slot, int(v.get("o", 0)))


def pace_of(chat_id: str) -> tuple[int, int] | None:
    """``(messages, seconds)`` allowed to ``chat_id``, or ``None`` when it is not paced."""
    return next((pace for prefix, pace in PACED.items() if chat_id.startswith(prefix)), None)


def paced_until(entry: ChatLog, chat_id: str, pieces: int, now: int) -> int:
    """0 when ``pieces`` more messages may go to ``chat_id`` at ``now`` within its pace (:data:`PACED`),
    else the time (UTC epoch s) when they may."""
    pace = pace_of(chat_id)
    if pace is None:
        return 0
    recent = [t for t in entry.sent if t > now - pace[1]]
    if recent and len(recent) + pieces > pace[0]:
        return min(recent) + pace[1]
    return 0


def note_sent(entry: ChatLog, chat_id: str, pieces: int, now: int) -> None:
    """Count ``pieces`` messages sent to ``chat_id`` at ``now`` against its pace (paced chats only)."""
    pace = pace_of(chat_id)
    if pace is not None:
        entry.sent = [*(t for t in entry.sent if t > now - pace[1]), *[now] * pieces]


def pieces(message: OutMessage, limit: int) -> int:
    """How many platform messages ``message`` makes: a text longer than ``limit`` UTF-16 code units goes in
    several."""
    return -(-units(message.text) // limit) or 1


def aimed(message: OutMessage, entry: ChatLog) -> OutMessage:
    """``message`` set to edit the chat's slot message (``edit_of``) when it has the same slot and that
    message is the chat's latest; else ``message`` unchanged (sent as a new one)."""
    if message.slot is None or entry.slot is None or entry.slot[0] != message.slot:
        return message
    return replace(message, edit_of=entry.slot[1])


def remember(entry: ChatLog, message: OutMessage, ids: list[str]) -> None:
    """After ``message`` went out as the platform messages ``ids``: the chat's slot message is now its
    last piece if ``message`` has a slot, else none (a later slot message starts a new one below)."""
    entry.slot = (message.slot, ids[-1]) if message.slot is not None and ids else None


def backoff(fails: int) -> int:
    """Seconds before retrying a chat after ``fails`` transient failures in a row."""
    return int(min(MAX_BACKOFF, FIRST_BACKOFF * 2 ** max(0, fails - 1)))


def batches(
    merged: list[tuple[list[str], OutMessage]], size: Callable[[str], int]
) -> list[tuple[list[list[str]], list[OutMessage]]]:
    """``merged`` messages (each with its outbox ids) grouped per chat into batches of at most
    ``size(chat)`` (one platform call each), each placed where its first message was; order within a chat
    is kept. Each batch keeps the ids of each of its messages, in the same order."""
    out: list[tuple[list[list[str]], list[OutMessage]]] = []
    open_batch: dict[str, int] = {}  # chat → index in ``out`` of its latest batch
    for ids, message in merged:
        index = open_batch.get(message.chat_id)
        if index is not None and len(out[index][1]) < size(message.chat_id):
            out[index][0].append(ids)
            out[index][1].append(message)
        else:
            open_batch[message.chat_id] = len(out)
            out.append(([ids], [message]))
    return out
