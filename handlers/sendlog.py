"""What the flush remembers per chat of a game, stored with it (``StoredGame.sends``, written by the flush's
release): recent send times of paced groups, transient failures in a row, the wake-up a chat waits for,
and what sends spent of a platform's counted messages (LINE pushes). Also how a chat's pending messages
are cut into platform calls (:func:`batches`). Used by :mod:`handlers.delivery`; times are UTC epoch
seconds."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from handlers.messages import OutMessage

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
    :class:`~handlers.messages.BatchSender`), kept for the game's life."""

    sent: list[int] = field(default_factory=list)
    fails: int = 0
    wake: int = 0
    cost: int = 0


def pace_of(chat_id: str) -> tuple[int, int] | None:
    """``(messages, seconds)`` allowed to ``chat_id``, or ``None`` when it is not paced."""
    return next((pace for prefix, pace in PACED.items() if chat_id.startswith(prefix)), None)


def load_logs(sends: str) -> dict[str, ChatLog]:
    """The chat logs stored in ``StoredGame.sends`` (``""``: none)."""
    data = json.loads(sends) if sends else {}
    return {
        chat: ChatLog(list(v["s"]), int(v["f"]), int(v["w"]), int(v.get("c", 0))) for chat, v in data.items()
    }


def dump_logs(logs: dict[str, ChatLog], now: int) -> str:
    """``logs`` as stored, without what no longer matters at ``now`` (sends outside the pacing window,
    wake-ups passed, chats with nothing left)."""
    data = {}
    for chat, entry in sorted(logs.items()):
        pace = pace_of(chat)
        recent = [t for t in entry.sent if pace and t > now - pace[1]]
        wake = entry.wake if entry.wake > now else 0
        if recent or entry.fails or wake or entry.cost:
            data[chat] = {"s": recent, "f": entry.fails, "w": wake}
            if entry.cost:
                data[chat]["c"] = entry.cost
    return json.dumps(data, separators=(",", ":")) if data else ""


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
