"""What the group sees when the platform changes a game's group or players (issue 4 item 5), in each game.

Runs the service on the in-memory store with a sender that records every message: a member leaving the
lobby or a running game, a host leaving, a stranger leaving, the bot removed, a player blocking the bot, the
group moving to a new chat id, and the user pointers released when a game ends.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.notice import PlayerRef
from handlers import decision
from handlers.messages import (
    BotLeft,
    GroupMoved,
    Inbound,
    Intent,
    MemberLeft,
    Outcome,
    OutMessage,
    Reachable,
    TextCommand,
)
from handlers.service import Service
from infra.store import MemoryStore

GROUP = "local:-100"
NEW_GROUP = "local:-200"
GAME_ID = "g1"
NOW = 1_767_225_600
#: Each game and its smallest table.
GAMES = {"adazakura": 4, "politician": 5, "deathnote": 4}


class RecordingSender:
    def __init__(self) -> None:
        self.sent: list[OutMessage] = []

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)

    def to(self, chat: str) -> list[str]:
        return [m.text for m in self.sent if m.chat_id == chat]


class Group:
    """One group on the local platform with ``count`` people (``local:1`` … ; person 1 opens the game)."""

    def __init__(self, count: int) -> None:
        self.store = MemoryStore()
        self.sender = RecordingSender()
        self.service = Service(self.store, self.sender, new_id=lambda: GAME_ID, new_seed=lambda: 7)
        self.people = [f"local:{n}" for n in range(1, count + 1)]
        self.chat = GROUP
        self._ids = itertools.count(1)

    def deliver(self, user: str, intent: Intent, *, private: bool = False) -> Outcome:
        chat = user if private else self.chat
        inbound = Inbound("local", f"d{next(self._ids)}", chat, private, user, f"Name{user[-1]}", intent)
        return asyncio.run(self.service.handle(inbound, now=NOW))

    def say(self, user: str, text: str, *, private: bool = False) -> Outcome:
        name, *args = text.removeprefix("/").split()
        return self.deliver(user, TextCommand(name, tuple(args)), private=private)

    def open(self, game: str) -> None:
        self.say(self.people[0], f"/newgame {game}")
        for user in self.people:
            self.say(user, f"/start {GAME_ID}", private=True)

    def start(self, game: str) -> None:
        self.open(game)
        self.say(self.people[0], "/startgame")
        assert self.state().players, "the game did not start"

    def state(self) -> Any:
        loaded = decision.load_whole(self.store, GAME_ID)
        assert loaded is not None
        return loaded.state

    def version(self) -> int:
        stored = self.store.load(GAME_ID)
        return 0 if stored is None else stored.version

    def seat(self, user: str) -> Any:
        return next(p for p in self.state().players if p.user_id == user)


def left_notice(game: str, player: Any) -> str:
    return i18n.text("game.player_left", "ja", game, player=PlayerRef(seat=player.seat, name=player.name))


@pytest.mark.parametrize("game", GAMES)
def test_a_player_who_leaves_mid_game_keeps_the_seat_and_the_group_is_told_once(game: str) -> None:
    group = Group(GAMES[game])
    group.start(game)
    leaver = group.seat(group.people[1])
    sent_before = len(group.sender.sent)

    outcome = group.deliver(group.people[0], MemberLeft(leaver.user_id))
    again = group.deliver(group.people[0], MemberLeft(leaver.user_id))  # the service message after the update

    expected = left_notice(game, leaver)
    assert sum(expected in text for text in group.sender.to(GROUP)) == 1
    assert len(group.sender.sent) == sent_before + 1
    assert group.seat(leaver.user_id) == leaver, "the seat keeps its role, hand and everything else"
    assert (outcome.result, outcome.command) == ("accepted", "left")
    assert (again.result, again.reason) == ("refused", "left.already")


def test_in_deathnote_the_notice_says_the_player_is_eliminated_unless_back() -> None:
    group = Group(4)
    group.start("deathnote")
    group.deliver(group.people[0], MemberLeft(group.people[2]))

    [notice] = [t for t in group.sender.to(GROUP) if "グループを抜けました" in t]
    assert "脱落" in notice


@pytest.mark.parametrize("game", ["adazakura", "politician"])
def test_a_host_who_leaves_mid_game_hands_the_cancel_to_the_next_seat_still_there(game: str) -> None:
    group = Group(GAMES[game])
    group.start(game)
    host = group.people[0]
    others = [p for p in sorted(group.state().players, key=lambda p: p.seat) if p.user_id != host]
    group.deliver(host, MemberLeft(others[0].user_id))  # the first other seat is gone already

    group.deliver(host, MemberLeft(host))

    heir = others[1]
    assert group.state().host == heir.user_id
    told = i18n.text("game.host_passed", "ja", game, player=PlayerRef(seat=heir.seat, name=heir.name))
    assert any(told in text for text in group.sender.to(GROUP))
    group.say(host, "/cancel")
    assert not group.state().is_over, "the host who left can no longer cancel"
    group.say(heir.user_id, "/cancel")
    assert group.state().phase == "cancelled"


def test_deathnote_the_turn_of_a_player_who_leaves_is_played_at_once_and_they_are_eliminated() -> None:
    """Issue 21: the active player's turn waits for nobody once they left the group: it is played at once
    with the §11.5 timeout default, and the player, still away when it ended, is eliminated (one line)."""
    group = Group(5)
    group.start("deathnote")
    state = group.state()
    assert state.phase == "turn"
    assert state.active is not None
    active = next(p for p in state.players if p.seat == state.active)
    other = next(p.user_id for p in state.players if p.seat != active.seat)
    seq = state.phase_seq

    group.deliver(other, MemberLeft(active.user_id))

    state = group.state()
    assert state.phase_seq > seq
    assert state.active != active.seat
    assert not group.seat(active.user_id).alive
    ref = PlayerRef(seat=active.seat, name=active.name)
    line = i18n.text("game.sudden_death", "ja", "deathnote", player=ref)
    assert sum(line in text for text in group.sender.to(GROUP)) == 1


def test_someone_outside_the_game_leaving_changes_nothing_and_says_nothing() -> None:
    group = Group(4)
    group.start("adazakura")
    version, sent = group.version(), len(group.sender.sent)

    outcome = group.deliver(group.people[0], MemberLeft("local:99"))

    assert (group.version(), len(group.sender.sent)) == (version, sent)
    assert (outcome.result, outcome.reason) == ("refused", "not_player")


def test_a_member_who_leaves_the_lobby_is_out_of_it_and_the_host_passes_on() -> None:
    group = Group(4)
    group.open("adazakura")

    group.deliver(group.people[2], MemberLeft(group.people[1]))
    group.deliver(group.people[0], MemberLeft(group.people[0]))

    state = group.state()
    assert [m.user_id for m in state.members] == [group.people[2], group.people[3]]
    assert state.host == group.people[2]
    assert sum("抜けました" in t for t in group.sender.to(GROUP)) == 2


def test_a_player_who_blocks_the_bot_mid_game_is_announced_in_the_group() -> None:
    group = Group(4)
    group.start("adazakura")
    name = group.seat(group.people[3]).name

    group.deliver(group.people[3], Reachable(False), private=True)

    [notice] = [t for t in group.sender.to(GROUP) if name in t and "個別メッセージが届きません" in t]
    assert "時間切れ" in notice


def test_removing_the_bot_ends_the_game_tells_everyone_privately_and_frees_the_group() -> None:
    group = Group(4)
    group.start("adazakura")
    group_messages = len(group.sender.to(GROUP))

    outcome = group.deliver(group.people[1], BotLeft())

    assert group.state().phase == "cancelled"
    removed = i18n.text("game.bot_removed", "ja", "adazakura")
    assert all(removed in group.sender.to(user) for user in group.people)
    assert len(group.sender.to(GROUP)) == group_messages
    assert group.store.get_pointer("chat", GROUP) is None
    mine = [group.say(user, "/me", private=True) for user in group.people]
    assert [(o.result, o.reason) for o in mine] == [("refused", "game.none")] * 4, "their 1:1 chats are free"
    assert (outcome.result, outcome.command, outcome.game_id) == ("accepted", "bot_removed", GAME_ID)


def test_the_group_moving_takes_the_game_and_its_pointer_along() -> None:
    group = Group(4)
    group.start("adazakura")

    outcome = group.deliver(group.people[0], GroupMoved(NEW_GROUP))
    again = group.deliver(group.people[0], GroupMoved(NEW_GROUP))

    assert group.state().chat_id == NEW_GROUP
    assert group.store.get_pointer("chat", GROUP) is None
    assert group.store.get_pointer("chat", NEW_GROUP) == GAME_ID
    assert outcome.result == "accepted"
    assert again.result == "ignored"  # the old chat no longer names a game
    group.chat = NEW_GROUP
    group.say(group.people[0], "/status")
    assert group.sender.to(NEW_GROUP)


def test_a_game_that_ends_releases_its_members_user_pointers_but_not_the_chat() -> None:
    group = Group(4)
    group.start("adazakura")
    group.store.set_pointer("user", group.people[3], "another-game")  # joined another game meanwhile

    group.say(group.people[0], "/cancel")

    mine = [group.say(user, "/me", private=True) for user in group.people[:3]]
    assert [(o.result, o.reason) for o in mine] == [("refused", "game.none")] * 3, "their 1:1 chats are free"
    assert group.store.get_pointer("user", group.people[3]) == "another-game"
    assert group.store.get_pointer("chat", GROUP) == GAME_ID


def test_events_in_a_chat_without_a_game_are_ignored() -> None:
    group = Group(4)

    outcomes = [group.deliver(group.people[0], intent) for intent in (MemberLeft("local:2"), BotLeft())]

    assert [(o.result, o.command) for o in outcomes] == [("ignored", "left"), ("ignored", "bot_removed")]
    assert group.sender.sent == []


def test_a_typed_migrate_command_moves_nothing() -> None:
    group = Group(4)
    group.start("adazakura")
    version = group.version()

    group.say(group.people[1], f"/migrate {NEW_GROUP}")

    assert group.state().chat_id == GROUP
    assert group.version() == version
    assert group.store.get_pointer("chat", GROUP) == GAME_ID
    assert group.store.get_pointer("chat", NEW_GROUP) is None


def until(group: Group, phase: str) -> None:
    """Let the phase timers run (nobody acts) until ``phase`` opens."""
    for _ in range(40):
        state = group.state()
        if state.phase == phase:
            return
        asyncio.run(group.service.fire_timer(GAME_ID, state.phase_seq, now=state.deadline_at))
    raise AssertionError(f"no {phase}")


def sudden_lines(group: Group, game: str, player: Any) -> int:
    line = i18n.text("game.sudden_death", "ja", game, player=PlayerRef(seat=player.seat, name=player.name))
    return sum(line in text for text in group.sender.to(GROUP))


def test_politician_a_candidate_who_leaves_during_the_vote_is_out_and_never_elected() -> None:
    """Issue 21 (P13): the vote closes once every voter still in the group has a ballot; the candidate
    still away is OUT (one line): ballots for them count for nobody, and they vote no more."""
    group = Group(5)
    group.start("politician")
    until(group, "vote")
    state = group.state()
    rnd = state.round
    leaver = next(p for p in state.players if p.seat in rnd.candidates and p.user_id != group.people[0])
    group.deliver(group.people[0], MemberLeft(leaver.user_id))
    seq = group.state().phase_seq

    for p in state.players:
        if p.seat in rnd.voters and p.seat != leaver.seat:
            group.say(p.user_id, f"/vote {leaver.seat}", private=True)

    state = group.state()
    assert state.phase_seq > seq, "the vote closed without waiting for the player who left"
    assert group.seat(leaver.user_id).status == "out"
    assert next(r.top for r in state.rounds if r.day == 1) != [leaver.seat]
    assert all(f.seat != leaver.seat for f in state.filled)
    if state.phase == "runoff":
        assert leaver.seat not in state.round.voters
        assert leaver.seat not in state.round.candidates
    assert sudden_lines(group, "politician", leaver) == 1


def test_adazakura_the_hosts_kick_of_a_player_who_left_is_their_death() -> None:
    """Issue 21 (J29): the host's /kick mid-game has the effect of leaving for good: the seat dies."""
    group = Group(5)
    group.start("adazakura")
    leaver = group.seat(group.people[3])
    group.deliver(group.people[0], MemberLeft(leaver.user_id))

    group.say(group.people[0], f"/kick {leaver.seat}")

    assert not group.seat(leaver.user_id).alive
    told = i18n.text("game.kicked", "ja", "adazakura", player=PlayerRef(seat=leaver.seat, name=leaver.name))
    assert sum(told in text for text in group.sender.to(GROUP)) == 1


def test_adazakura_the_skip_majority_leaves_out_a_player_who_left() -> None:
    """Issue 21: 6 living, one away: 3 of the 5 still in the group end the discussion (not 4 of 6); the
    player still away when it ends dies (one line)."""
    group = Group(6)
    group.start("adazakura")
    until(group, "discussion")
    state = group.state()
    leaver = next(p for p in state.players if p.alive and p.user_id != group.people[0])
    group.deliver(group.people[0], MemberLeft(leaver.user_id))
    voters = [p.user_id for p in state.players if p.alive and p.seat != leaver.seat][:3]

    for user in voters:
        group.say(user, "/skip")

    assert group.state().phase != "discussion"
    assert not group.seat(leaver.user_id).alive
    assert sudden_lines(group, "adazakura", leaver) == 1


def test_werewolf_a_player_still_away_when_the_phase_ends_dies_as_by_sudden_death() -> None:
    """[WW-6.8] and the shell's rule for players who left: the seat away from the group when the phase
    ends is dead (one line in the group), the win check runs, and the host's /kick of a player who left
    does the same at once."""
    group = Group(6)
    group.start("werewolf")
    state = group.state()
    seq = state.phase_seq
    leaver = next(p for p in state.players if p.alive and p.user_id != group.people[0])
    group.deliver(group.people[0], MemberLeft(leaver.user_id))
    until(group, "discussion")

    assert group.state().phase_seq > seq
    assert not group.seat(leaver.user_id).alive
    assert sudden_lines(group, "werewolf", leaver) == 1

    kicked = next(p for p in group.state().players if p.alive and p.user_id != group.people[0])
    group.deliver(group.people[0], MemberLeft(kicked.user_id))
    group.say(group.people[0], f"/kick {kicked.seat}")
    state = group.state()
    assert not group.seat(kicked.user_id).alive or state.is_over
    told = i18n.text("game.kicked", "ja", "werewolf", player=PlayerRef(seat=kicked.seat, name=kicked.name))
    assert sum(told in text for text in group.sender.to(GROUP)) == 1
