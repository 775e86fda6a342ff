"""Whole games in a Telegram group with the 霊界 and a spectator (issue 24 §1, §2), through the webhook
handler against the fake Bot API: 政治家人狼, DEATH NOTE 人狼 and classic 人狼.

A spectator sends ``/watch`` in the group once the game runs. Before every phase, each player out of the
table (elected or ``OUT``, eliminated, dead) and the spectator send ``/t`` with a text of their own in
their 1:1 chat. Right after each of those, every living player's 1:1 chat is read: nothing new in it
may carry a 霊界 text; at the end every text reached every other player who was out when it was sent, and
the spectator, and the group never read one.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.commands import SpectatorMuted
from core.games import rules_for
from handlers import outbox
from tests.e2e import deathnote, politician, werewolf
from tests.e2e.harness import GROUP, NoticeLog, Player, Table, moto_store, open_and_start
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

SPECTATOR = Player(1_000_000_900, "Kai")
#: Game → (its table, its bots, players, bot seed): a table and a seed whose bots put at least two players
#: out of the table at once before the end, in the fewest phases among the seeds tried (politician 6
#: players, seed 2: 16 phases; deathnote 5, seed 20: 53; werewolf 6, seed 1: 9).
GAMES: dict[str, tuple[Any, Any, int, int]] = {
    "politician": (politician.PoliticianTable, politician.Bots, 6, 2),
    "deathnote": (deathnote.DeathNoteTable, deathnote.Bots, 5, 20),
    "werewolf": (werewolf.WerewolfTable, werewolf.Bots, 6, 1),
}


@dataclass
class Relayed:
    """One 霊界 text: who sent it (a player or the spectator), whom it must reach (the others out of the
    table then, and the spectator) and who was living then (who must never read it)."""

    text: str
    sender: Player
    reach: list[Player]
    living: list[Player]


@dataclass
class Afterlife:
    """The 霊界's side of one game: the relayed texts, and each living chat's messages already read."""

    table: Table
    relayed: list[Relayed] = field(default_factory=list)
    read: dict[str, int] = field(default_factory=dict)

    def out(self, state: Any) -> list[Player]:
        """The players in the 霊界 now, as the game reads it (政治家人狼's elected once the speech ends)."""
        by_user = {p.chat: p for p in self.table.people}
        afterlife = rules_for(state.game).steps.afterlife
        assert afterlife is not None
        return [by_user[state.players[seat - 1].user_id] for seat in afterlife.listeners(state)]

    def living(self, state: Any) -> list[Player]:
        by_user = {p.chat: p for p in self.table.people}
        return [by_user[p.user_id] for p in state.players if p.alive]

    def speak(self, state: Any) -> None:
        """Each player out of the table, then the spectator, sends a text of their own to the 霊界; after
        each, no living player's 1:1 chat got anything that carries it."""
        out, living = self.out(state), self.living(state)
        for sender in [*out, SPECTATOR]:
            text = f"霊界{len(self.relayed)}"
            self.table.in_private(sender, f"/t {text}")
            reach = [p for p in [*out, SPECTATOR] if p != sender]
            self.relayed.append(Relayed(text, sender, reach, living))
            self.assert_no_leak(living)

    def assert_no_leak(self, living: list[Player]) -> None:
        for player in living:
            new = self.table.sent_to(player.chat)[self.read.get(player.chat, 0) :]
            self.read[player.chat] = self.read.get(player.chat, 0) + len(new)
            leaked = [t for t in new if "霊界" in t and any(r.text in t for r in self.relayed)]
            assert leaked == [], f"{player.name} (living) read the 霊界: {leaked}"


@dataclass
class Played:
    table: Any
    afterlife: Afterlife
    notices: NoticeLog
    phases: int


def play(game: str) -> Iterator[Played]:
    make_table, make_bots, count, seed = GAMES[game]
    module = {"politician": politician, "deathnote": deathnote, "werewolf": werewolf}[game]
    with FakeTelegramApi() as api, moto_store() as store, pytest.MonkeyPatch.context() as patch:
        log = NoticeLog()
        patch.setattr(outbox, "render_notices", log.wrap(outbox.render_notices))
        table = make_table(api, store, module.people(count))
        bots = make_bots(table, random.Random(seed))
        open_and_start(table, game)
        table.in_group(SPECTATOR, "/watch")
        # muted in the group, as TelegramSpeech tells the game while the dead are held silent (this table
        # wires no muting shell; tests/e2e/test_telegram_spectators_see.py drives the real one)
        muted = SpectatorMuted(user_id=SPECTATOR.chat, muted=True)
        now = int(table.clock())
        asyncio.run(table.service.runner.apply(table.game_id, muted, delivery_id=None, now=now))
        afterlife = Afterlife(table)
        phases = 0
        while not table.latest.is_over and phases < module.MAX_PHASES:
            if table.latest.phase != "last_words":  # 人狼's 遺言 takes the executed player's /t
                afterlife.speak(table.latest)
            bots.play_phase()
            phases += 1
        yield Played(table, afterlife, log, phases)


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request: pytest.FixtureRequest) -> Iterator[Played]:
    yield from play(request.param)


def test_the_game_ended_with_players_out_of_the_table_who_spoke(played: Played) -> None:
    state = played.table.latest
    assert state.phase == "ended"
    senders = {r.sender.name for r in played.afterlife.relayed if r.sender != SPECTATOR}
    assert len(senders) >= 2, "at least two players out of the table wrote to the 霊界"
    assert any(len(r.reach) >= 2 for r in played.afterlife.relayed)


def test_every_afterlife_text_reached_the_others_out_and_the_spectator(played: Played) -> None:
    table, game = played.table, played.table.latest.game
    for relayed in played.afterlife.relayed:
        for player in relayed.reach:
            assert any(relayed.text in t for t in table.sent_to(player.chat)), (relayed.text, player.name)
        sender_chat = table.sent_to(relayed.sender.chat)
        assert i18n.text("afterlife.sent", "ja", game) in "\n".join(sender_chat)


def test_no_living_player_and_not_the_group_ever_read_the_afterlife(played: Played) -> None:
    table = played.table
    for relayed in played.afterlife.relayed:  # the living's chats were read after each text (Afterlife.speak)
        assert relayed.living
        assert not any(relayed.text in t for t in table.sent_to(GROUP)), relayed.text
    winners_alive = played.afterlife.living(table.latest)
    for player in winners_alive:  # never out: never a 霊界 text in their 1:1 chat
        assert not any("👻" in t for t in table.sent_to(player.chat)), player.name


def test_the_spectator_was_welcomed_listed_and_never_prompted(played: Played) -> None:
    table, game = played.table, played.table.latest.game
    mine = table.sent_to(SPECTATOR.chat)
    assert mine[0].startswith(i18n.text("watch.welcome", "ja", game, game=game)[:10])
    assert [m for m in table.api.messages(SPECTATOR.chat) if m.buttons] == []
    assert [
        s.key for s in played.notices.said if SPECTATOR.chat in s.chats and s.key.startswith("remind")
    ] == []
