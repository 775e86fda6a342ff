"""A whole 人狼 game in a LINE group with the 霊界 (on by default) and a spectator, through the LINE webhook
against the fake LINE API, on moto, in free mode: what the Telegram test
(``test_telegram_afterlife.py``) shows, on LINE, where every 1:1 message waits for its chat's next event.

A spectator, a friend of the account, sends ``/watch`` in the group once the game runs. Whenever a phase
begins (but the 遺言, whose ``/t`` is the executed player's last words), each player out of the game and
the spectator send ``/t`` with a text of their own in their 1:1 chat; then every living player pulls
(「自分の番」), as the bots do at each phase, and nothing they get carries a 霊界 text. At the end everyone
pulls: every text reached every other player who was out when it was sent, and the spectator; its
sender was told it went; the group and the players never out never read one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import core.i18n as i18n
from tests.e2e.harness import moto_store
from tests.e2e.line_bots import FULL, MAX_PULLS, MAX_ROUNDS, Bots, open_and_start
from tests.e2e.line_table import GROUP, LinePlayer, LineTable, line_players
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

GAME, PLAYERS, SEED = "werewolf", 8, 1
SPECTATOR = LinePlayer(f"line:U{0x900:032x}", "Watcher")


@dataclass(frozen=True)
class Relayed:
    """One 霊界 text: its sender (a player out, or the spectator), whom it must reach (the others out
    then, and the spectator) and who was living then."""

    text: str
    sender: LinePlayer
    reach: list[LinePlayer]
    living: list[LinePlayer]


@dataclass
class Played:
    table: LineTable
    relayed: list[Relayed] = field(default_factory=list)
    leaks: list[tuple[str, str]] = field(default_factory=list)  # (living player, text) read too early


def texts_of(table: LineTable, chat: str, since: int = 0) -> str:
    """What ``chat`` read of the deliveries after the first ``since``, joined."""
    return "\n".join(
        str(m.get("text", m.get("altText", "")))
        for d in table.fake.deliveries(chat)[since:]
        for m in d.messages
    )


def pull(table: LineTable, player: LinePlayer) -> None:
    """「自分の番」 until a reply comes less than full."""
    for _ in range(MAX_PULLS):
        if len(table.my_turn(player).replied()) < FULL:
            return
    raise AssertionError(f"{player.name} still has messages waiting after {MAX_PULLS} pulls")


def speak(played: Played, bots: Bots, state: Any) -> None:
    """Each player out, then the spectator, writes to the 霊界; then every living player pulls and reads
    no 霊界 text in it."""
    table = played.table
    by_user = {p.chat: p for p in table.people}
    out = [by_user[p.user_id] for p in state.players if not p.alive]
    living = [by_user[p.user_id] for p in state.players if p.alive]
    marks = {p.chat: len(table.fake.deliveries(p.chat)) for p in living}
    for sender in [*out, SPECTATOR] if out else []:  # alone, the spectator's /t is refused: nobody reads it
        text = f"霊界の声{len(played.relayed)}"
        table.say(sender, sender.chat, f"/t {text}")
        reach = [p for p in [*out, SPECTATOR] if p != sender]
        played.relayed.append(Relayed(text, sender, reach, living))
    sent = [r.text for r in played.relayed[-len(out) - 1 :]]
    for player in living:
        bots.pull(player)
        new = texts_of(table, player.chat, marks[player.chat])
        played.leaks += [(player.name, text) for text in sent if text in new]


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    """One whole 人狼 game for eight with a spectator, the dead speaking at each phase (module-wide)."""
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(PLAYERS))
        try:
            bots = Bots(table, random.Random(SEED))
            open_and_start(table, GAME)
            table.befriend(SPECTATOR)
            table.say(SPECTATOR, GROUP, "/watch")
            game = Played(table)
            spoken = None
            for _ in range(MAX_ROUNDS):
                state = table.state()
                if state.is_over:
                    break
                if state.phase_seq != spoken and state.phase != "last_words":
                    spoken = state.phase_seq
                    speak(game, bots, state)
                bots.round()
            bots.finish()
            pull(table, SPECTATOR)
        except BaseException:
            table.close()
            raise
        try:
            yield game
        finally:
            table.close()


def test_the_game_ended_and_players_out_of_it_spoke_to_each_other(played: Played) -> None:
    state = played.table.state()
    assert state.is_over
    assert state.result
    senders = {r.sender.name for r in played.relayed if r.sender != SPECTATOR}
    assert len(senders) >= 2, "at least two players out of the game wrote to the 霊界"
    assert any(len([p for p in r.reach if p != SPECTATOR]) >= 1 for r in played.relayed)
    assert played.table.waiting() == {}


def test_every_text_reached_the_others_out_and_the_spectator(played: Played) -> None:
    table = played.table
    sent = i18n.text("afterlife.sent", "ja", GAME)
    chats = {p.chat: texts_of(table, p.chat) for p in [*table.people, SPECTATOR]}
    missed = [(r.text, p.name) for r in played.relayed for p in r.reach if r.text not in chats[p.chat]]
    assert missed == []
    assert all(sent in chats[r.sender.chat] for r in played.relayed)


def test_no_living_player_and_not_the_group_read_the_afterlife(played: Played) -> None:
    table = played.table
    assert played.leaks == []
    group = texts_of(table, GROUP)
    assert [r.text for r in played.relayed if r.text in group] == []
    by_user = {p.chat: p for p in table.people}
    never_out = [by_user[p.user_id] for p in table.state().players if p.alive]
    assert never_out
    for player in never_out:
        mine = texts_of(table, player.chat)
        assert [r.text for r in played.relayed if r.text in mine] == [], player.name


def test_the_spectator_was_welcomed_and_never_offered_a_choice(played: Played) -> None:
    table = played.table
    assert i18n.text("watch.welcome", "ja", GAME, game=GAME)[:10] in texts_of(table, SPECTATOR.chat)
    assert table.fake.postbacks(SPECTATOR.chat) == []
