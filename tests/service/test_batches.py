"""Senders that send several messages per call (``BatchSender``, LINE: 5 message objects per reply or push)
and chats that can only be answered by a reply to their next event (``AwaitingReply``, LINE's free mode):
a chat's waiting messages go in as few calls as the platform allows, in order; what cannot go waits,
without a wake-up, for the chat's next event; what pushes spend is counted for the whole game (design §4).
"""

from __future__ import annotations

import json

from handlers.messages import AwaitingReply, OutMessage
from infra.store import Change
from tests.service.test_delivery import ALICE, BOB, GROUP, NOW, PHASE, Game


class Replies:
    """A BatchSender: ``tokens`` holds the chats with one unused reply each (free); other chats are pushed
    at ``cost`` each when ``push`` is on, else they wait (AwaitingReply)."""

    def __init__(self, *, push: bool = False, cost: int = 1, fits: int = 5) -> None:
        self.calls: list[tuple[str, list[str], int]] = []  # chat, texts, spent as told
        self.tokens: set[str] = set()
        self.push, self.cost, self.fits = push, cost, fits

    def batch_limit(self, chat_id: str) -> int:
        return 5

    async def send(self, message: OutMessage) -> None:
        await self.send_batch([message], spent=0)

    async def send_batch(self, messages: list[OutMessage], *, spent: int) -> tuple[int, int]:
        messages = messages[: self.fits]  # e.g. long texts that need two LINE message objects each
        chat = messages[0].chat_id
        assert all(m.chat_id == chat for m in messages)
        if chat in self.tokens:
            self.tokens.discard(chat)
            self.calls.append((chat, [m.text for m in messages], spent))
            return len(messages), 0
        if not self.push:
            raise AwaitingReply(chat)
        self.calls.append((chat, [m.text for m in messages], spent))
        return len(messages), self.cost

    def texts(self, chat: str) -> list[str]:
        return [text for to, texts, _ in self.calls if to == chat for text in texts]


def line_game(sender: Replies) -> Game:
    game = Game()
    game.runner.sender = sender
    return game


def test_a_chat_s_messages_go_five_per_reply_and_the_rest_waits_for_its_next_event() -> None:
    sender = Replies()
    game = line_game(sender)
    game.commit(*[(ALICE, f"prompt {i}") for i in range(7)], buttons=True)  # buttons: nothing merges
    sender.tokens.add(ALICE)
    game.flush(NOW)
    assert sender.calls == [(ALICE, [f"prompt {i}" for i in range(5)], 0)]
    assert game.wake_ups() == []  # only the chat's next event can carry the rest
    game.flush(NOW + 60)  # a timer or another chat's event: still no reply token for Alice
    assert len(sender.calls) == 1
    sender.tokens.add(ALICE)
    game.flush(NOW + 120)
    assert sender.texts(ALICE) == [f"prompt {i}" for i in range(7)]
    assert not game.store.load("g1").pending  # type: ignore[union-attr]


def test_a_chat_without_a_reply_waits_while_the_chat_with_one_is_answered() -> None:
    sender = Replies()
    game = line_game(sender)
    game.commit((GROUP, "夜になりました"), (ALICE, "あなたの役"), (BOB, "あなたの役"))
    sender.tokens.add(BOB)
    game.flush(NOW)
    assert [chat for chat, _, _ in sender.calls] == [BOB]
    pending = [json.loads(p)["chat_id"] for p in game.store.load("g1").pending.values()]  # type: ignore[union-attr]
    assert sorted(pending) == sorted([GROUP, ALICE])


def test_pushes_are_counted_for_the_whole_game_and_the_count_survives_between_flushes() -> None:
    sender = Replies(push=True, cost=8)  # a push to a group of 8 members counts 8
    game = line_game(sender)
    game.commit((GROUP, "昼になりました"))
    game.flush(NOW)
    game.commit((GROUP, "夜になりました"), (ALICE, "あなたの番です"))
    game.flush(NOW + 300)
    assert [spent for _, _, spent in sender.calls] == [0, 8, 16]
    records = json.loads(game.store.load("g1").records)  # type: ignore[union-attr]
    assert sum(chat.get("c", 0) for chat in records["c"].values()) == 24


def test_messages_the_platform_could_not_fit_in_one_call_go_with_the_next_flush() -> None:
    sender = Replies(push=True, fits=2)
    game = line_game(sender)
    game.commit(*[(ALICE, f"prompt {i}") for i in range(3)], buttons=True)
    game.flush(NOW)
    assert sender.texts(ALICE) == ["prompt 0", "prompt 1"]
    assert [w.at for w in game.wake_ups()] == [NOW]  # the rest is not left for the player's next event
    game.flush(NOW + 1)
    assert sender.texts(ALICE) == ["prompt 0", "prompt 1", "prompt 2"]


def test_a_prompt_that_waited_past_its_phase_arrives_without_its_buttons() -> None:
    sender = Replies()
    game = line_game(sender)
    game.commit((ALICE, "投票してください"), buttons=True)  # buttons of phase PHASE
    stored = game.store.load("g1")
    assert stored is not None
    later = json.dumps({**json.loads(stored.state), "phase_seq": PHASE + 1})
    game.store.commit(stored, Change(state=later))
    sent: list[OutMessage] = []

    async def keep(messages: list[OutMessage], *, spent: int) -> tuple[int, int]:
        sent.extend(messages)
        return len(messages), 0

    sender.send_batch = keep  # type: ignore[method-assign]
    game.flush(NOW)

    assert [(m.text, m.buttons) for m in sent] == [("投票してください", ())]
