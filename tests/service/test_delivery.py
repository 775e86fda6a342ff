"""Sending what waits in the outbox (``handlers.pending``, ``handlers.delivery``): each message once, in
order per chat; a chat in trouble waits while the others go on, and comes back at the second the platform
or the backoff allows, its waiting messages merged into one where they may be; a group hears at most 20
messages a minute; two flushes never both send a message (design §1, §4).

A game item with hand-made waiting messages on the in-memory store; ``Platform`` fails the chats it is
told to.
"""

from __future__ import annotations

import asyncio
import json

from core.engine.notice import Action
from handlers import outbox
from handlers.messages import Button, OutMessage, RetryLater, Tap
from handlers.runner import GameRunner
from infra.store import Change, MemoryStore, blank
from infra.timers import MemoryScheduler, WakeUp

GAME = "g1"
GROUP = "tg:-1001000000001"
ALICE, BOB = "tg:1001", "tg:1002"
NOW = 1_767_225_600  # 2026-01-01T00:00:00Z
PHASE = 4


class Platform:
    """A sender: ``trouble[chat]`` holds the errors the next sends to that chat raise, one each."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []
        self.tries: list[str] = []
        self.trouble: dict[str, list[Exception]] = {}

    async def send(self, message: OutMessage) -> None:
        self.tries.append(message.chat_id)
        pending = self.trouble.get(message.chat_id)
        if pending:
            raise pending.pop(0)
        self.sent.append((message.chat_id, message.text))

    def texts(self, chat: str) -> list[str]:
        return [text for to, text in self.sent if to == chat]


class Game:
    """One game in a memory store, its platform, and the wake-ups its flushes asked for."""

    def __init__(self, *, scheduled: bool = True) -> None:
        self.store, self.platform = MemoryStore(), Platform()
        self.scheduler = MemoryScheduler() if scheduled else None
        self.runner = GameRunner(self.store, self.platform, scheduler=self.scheduler)
        state = json.dumps({"game": "adazakura", "game_id": GAME, "chat_id": GROUP, "host": ALICE,
                            "phase": "night", "phase_seq": PHASE})  # fmt: skip
        self.store.commit(blank(GAME), Change(state=state))

    def commit(self, *messages: tuple[str, str], buttons: bool = False) -> None:
        """One commit that leaves ``(chat, text)`` messages waiting, in order; with ``buttons``, each
        message has a vote button (so none is merged with the next)."""
        stored = self.store.load(GAME)
        assert stored is not None
        version = stored.version + 1
        rows = ((Button("1番", Tap(GAME, PHASE, Action(kind="vote", args=(1,)))),),) if buttons else ()
        entries = {
            f"{version:08d}-{i:04d}": outbox.dump(OutMessage(chat_id=chat, text=text, buttons=rows))
            for i, (chat, text) in enumerate(messages)
        }
        self.store.commit(stored, Change(pending_add=entries))

    def flush(self, now: int) -> None:
        asyncio.run(self.runner.flush(GAME, now=now))

    def wake_ups(self) -> list[WakeUp]:
        assert self.scheduler is not None
        return list(self.scheduler.scheduled)

    def pending(self) -> int:
        stored = self.store.load(GAME)
        assert stored is not None
        return len(stored.pending)


def test_a_chat_in_trouble_waits_while_the_others_go_on() -> None:
    game = Game()
    game.commit(
        (GROUP, "夜になりました"), (ALICE, "あなたは桜です"), (GROUP, "投票の時間です"), (BOB, "村人です")
    )
    game.platform.trouble[GROUP] = [ConnectionError("502 Bad Gateway")]

    game.flush(NOW)

    assert game.platform.sent == [(ALICE, "あなたは桜です"), (BOB, "村人です")]
    assert game.wake_ups() == [WakeUp(GAME, PHASE, "flush", at=NOW + 5)]

    game.flush(NOW + 5)  # the wake-up

    assert game.platform.texts(GROUP) == ["夜になりました\n\n投票の時間です"], "what waited, in one message"
    assert len(game.platform.sent) == 3
    assert game.pending() == 0


def test_the_platforms_wait_is_respected_before_trying_again() -> None:
    game = Game()
    game.commit((GROUP, "夜になりました"))
    game.platform.trouble[GROUP] = [RetryLater(GROUP, 14)]

    game.flush(NOW)
    game.commit((GROUP, "投票の時間です"), (ALICE, "投票してください"))
    game.flush(NOW + 3)  # the next input, before the wait is over

    assert game.platform.tries.count(GROUP) == 1
    assert game.platform.sent == [(ALICE, "投票してください")]
    assert game.wake_ups() == [WakeUp(GAME, PHASE, "flush", at=NOW + 14)]

    game.flush(NOW + 14)

    assert game.platform.texts(GROUP) == ["夜になりました\n\n投票の時間です"]
    assert game.pending() == 0


def test_repeated_failures_wait_longer_each_time() -> None:
    game = Game()
    game.commit((GROUP, "夜になりました"))
    game.platform.trouble[GROUP] = [ConnectionError("timeout")] * 3

    game.flush(NOW)
    game.flush(NOW + 5)
    game.flush(NOW + 15)
    game.flush(NOW + 35)

    assert [w.at for w in game.wake_ups()] == [NOW + 5, NOW + 15, NOW + 35]
    assert game.platform.texts(GROUP) == ["夜になりました"]
    assert game.pending() == 0


def test_without_a_scheduler_the_next_input_retries() -> None:
    game = Game(scheduled=False)
    game.commit((GROUP, "夜になりました"), (GROUP, "投票の時間です"))
    game.platform.trouble[GROUP] = [ConnectionError("502 Bad Gateway")]

    game.flush(NOW)
    game.flush(NOW + 1)

    assert game.platform.texts(GROUP) == ["夜になりました\n\n投票の時間です"]
    assert game.pending() == 0


def test_a_group_hears_at_most_20_messages_a_minute_and_private_chats_are_not_held() -> None:
    game = Game()
    for n in range(25):  # one commit a second, each with a group line and a private one
        game.commit((GROUP, f"お知らせ{n}"), (ALICE, f"個別{n}"))
        game.flush(NOW + n)
    assert len(game.platform.texts(GROUP)) == 20
    assert game.platform.texts(ALICE) == [f"個別{n}" for n in range(25)]
    assert game.pending() == 5

    assert game.wake_ups() == [WakeUp(GAME, PHASE, "flush", at=NOW + 60)]

    game.flush(NOW + 60)  # the wake-up: the five that waited go as one message

    assert game.platform.texts(GROUP)[20:] == ["\n\n".join(f"お知らせ{n}" for n in range(20, 25))]
    assert game.pending() == 0


def test_messages_that_cannot_be_merged_wait_for_the_minute_to_pass() -> None:
    game = Game()
    game.commit(*[(GROUP, f"投票{n}") for n in range(25)], buttons=True)

    game.flush(NOW)
    game.flush(NOW + 59)
    held = len(game.platform.texts(GROUP))
    game.flush(NOW + 60)

    assert held == 20
    assert game.platform.texts(GROUP) == [f"投票{n}" for n in range(25)]
    assert [w.at for w in game.wake_ups()] == [NOW + 60]


def test_two_flushes_at_once_send_each_message_once() -> None:
    """A second flush starts while the first one's messages are on their way: its write finds them taken
    out of the outbox already (the first one's write came first), so it sends only what came meanwhile."""
    game = Game()
    game.commit((GROUP, "夜になりました"), (ALICE, "あなたは桜です"))
    other = GameRunner(game.store, game.platform)
    platform_send = game.platform.send
    started: list[bool] = []

    async def meanwhile(message: OutMessage) -> None:
        """While the first message is on its way, a vote lands and its own flush runs."""
        if not started:
            started.append(True)
            game.commit((BOB, "投票を受け付けました"))
            await other.flush(GAME, now=NOW)
        await platform_send(message)

    game.platform.send = meanwhile  # type: ignore[method-assign]
    game.flush(NOW)

    assert sorted(game.platform.sent) == sorted(
        [(GROUP, "夜になりました"), (ALICE, "あなたは桜です"), (BOB, "投票を受け付けました")]
    )
    assert game.pending() == 0


def test_a_text_too_long_for_one_message_counts_as_the_pieces_it_is_sent_in() -> None:
    game = Game()
    game.commit(*[(GROUP, f"投票{n}") for n in range(19)], buttons=True)
    game.flush(NOW)
    long_text = "\n".join(["あ" * 99] * 50)  # 4999 characters: two Telegram messages

    game.commit((GROUP, long_text))
    game.flush(NOW + 1)
    held = game.platform.texts(GROUP)[19:]
    game.flush(NOW + 60)

    assert held == []
    assert game.platform.texts(GROUP)[19:] == [long_text]
