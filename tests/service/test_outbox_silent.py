"""Silent messages (``Notice.silent``, DEATH NOTE 人狼's night relay, ``deathnote.md`` §11.4) keep their
flag from the notice through the outbox to the sender, and are never merged with a message that rings."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from core.engine.notice import Action, Notice, to_seat
from core.games import rules_for
from handlers import outbox
from handlers.messages import Inbound, Intent, OutMessage, Tap, TextCommand
from handlers.service import Service
from infra.store import MemoryStore

RULES = rules_for("deathnote")
GROUP = "local:group"
#: Five seats in join order: 1 L, 2-3 Police, 4 Kira (holding the Death Note), 5 the Follower; round 2
#: and seat 5's turn is the last, so its card opens the first Judgment (§4.1, §7).
SETUP = {
    "identities": ["IDENT_L", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA",
                   "IDENT_FOLLOWER"],
    "hands": [["AR1", "IR1"], ["EX1", "IL2"], ["EX2", "IR2"], ["DN", "SV2"], ["AL", "IL1"]],
    "draw": ["FN", "AR2", "IL3", "IR3", "EX3", "EX4", "SV1", "SV3"],
    "round": 2, "start": 1, "active": 5, "played": [1, 2, 3, 4],
}  # fmt: skip


class Recorder:
    def __init__(self) -> None:
        self.sent: list[OutMessage] = []

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)


class Game:
    """Five local players and a service over a memory store (what the outbox holds is real JSON)."""

    def __init__(self) -> None:
        self.store, self.sender = MemoryStore(), Recorder()
        self.service = Service(
            self.store,
            self.sender,
            new_id=lambda: "g1",
            new_seed=lambda: 1,
            settings_for=lambda _: {"setup": SETUP},
        )
        self.now = 1_000
        self.updates = 0

    def send(self, user: int, intent: Intent, *, private: bool = True) -> None:
        self.now += 1
        self.updates += 1
        chat = f"local:{user}" if private else GROUP
        inbound = Inbound("local", f"d{self.updates}", chat, private, f"local:{user}", f"P{user}", intent)
        asyncio.run(self.service.handle(inbound, now=self.now))

    def state(self) -> Any:
        stored = self.store.load("g1")
        assert stored is not None
        return RULES.state_model.model_validate(json.loads(stored.state))

    def tap(self, seat: int, kind: str, *args: int | str) -> list[OutMessage]:
        before = len(self.sender.sent)
        self.send(seat, Tap("g1", self.state().phase_seq, Action(kind=kind, args=args)))
        return self.sender.sent[before:]


def night() -> Game:
    game = Game()
    game.send(1, TextCommand("newgame", ("deathnote",)), private=False)
    for user in range(1, 6):
        game.send(user, TextCommand("start", ("g1",)))
    game.send(1, TextCommand("startgame"), private=False)
    game.tap(5, "play.ALIBI")
    assert game.state().phase == "judgment"
    return game


def test_a_relayed_signal_reaches_the_partner_silently_and_the_confirmation_rings() -> None:
    game = night()

    sent = game.tap(4, "signal.yes")
    back = game.tap(5, "signal.point", 4)
    nowhere = game.tap(2, "signal.no")

    assert [(m.chat_id, m.silent) for m in sent] == [("local:5", True), ("local:4", False)]
    assert [(m.chat_id, m.silent) for m in back] == [("local:4", True), ("local:5", False)]
    assert [(m.chat_id, m.silent) for m in nowhere] == [("local:2", False)]


def test_a_silent_notice_is_never_merged_with_one_that_rings() -> None:
    state = night().state()
    ring = Notice(key="signal.nowhere", to=to_seat(4))
    quiet = Notice(key="signal.nowhere", to=to_seat(4), silent=True)

    messages = outbox.render_notices(RULES, state, [ring, quiet, quiet, ring, ring])

    assert [m.silent for m in messages] == [False, True, False]
    assert [m.text.count("\n\n") for m in messages] == [0, 1, 1], "equal neighbours were merged"


def test_the_outbox_keeps_the_silent_flag() -> None:
    message = OutMessage(chat_id="tg:5", text="👉", silent=True)

    assert outbox.load(outbox.dump(message)) == message
    assert outbox.load(outbox.dump(OutMessage(chat_id="tg:5", text="👉"))).silent is False
