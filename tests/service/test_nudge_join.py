"""The platform-neutral half of LINE's reply-first flow (docs/line.md): joining by a button in the group,
counted reachable or not (L05), and a ``Nudge`` that delivers what waits, applying an overdue deadline
first (L01). Runs the service on the in-memory store with a sender that records every message.
"""

from __future__ import annotations

import asyncio

import core.i18n as i18n
from handlers.messages import AwaitingReply, Inbound, JoinRequest, Nudge, Outcome, OutMessage, Reachable
from tests.service.test_platform_events import GAME_ID, GROUP, NOW, Group, RecordingSender


def joined_by_button(count: int, *, unreachable: tuple[str, ...] = ()) -> Group:
    group = Group(count)
    group.say(group.people[0], "/newgame adazakura")
    for user in group.people:
        group.deliver(user, JoinRequest(GAME_ID, reachable=user not in unreachable))
    return group


def test_a_player_the_bot_cannot_message_is_seated_named_and_blocks_the_start_until_they_follow() -> None:
    group = joined_by_button(4, unreachable=("local:3",))
    lobby = group.state()
    assert [m.user_id for m in lobby.members] == group.people
    assert lobby.unreachable == ["local:3"]
    named = i18n.text("lobby.unreachable", "ja", "adazakura", name="Name3")
    [joined] = [text for text in group.sender.to(GROUP) if "Name3さんが参加しました" in text]
    assert named in joined, "the group hears it with the join itself (LINE: in the same reply)"

    group.say(group.people[0], "/startgame")
    assert not group.state().players, "the game started with a player who cannot get a role card"

    group.deliver("local:3", Reachable(True), private=True)  # LINE: the follow event
    group.say(group.people[0], "/startgame")
    assert len(group.state().players) == 4


def test_pressing_join_again_once_reachable_counts_the_player() -> None:
    group = joined_by_button(4, unreachable=("local:2",))
    group.deliver("local:2", JoinRequest(GAME_ID, reachable=True))
    assert group.state().unreachable == []


def nudge(group: Group, user: str, *, private: bool, asked: bool = True, now: int = NOW) -> Outcome:
    chat = user if private else GROUP
    inbound = Inbound("local", None, chat, private, user, "", Nudge(asked=asked))
    return asyncio.run(group.service.handle(inbound, now=now))


def test_a_nudge_after_the_deadline_closes_the_phase_first() -> None:
    group = joined_by_button(4)
    group.say(group.people[0], "/startgame")
    state = group.state()
    assert state.deadline_at is not None
    seq = state.phase_seq

    nudge(group, group.people[0], private=False, asked=False, now=state.deadline_at)

    assert group.state().phase_seq > seq


def test_a_nudge_before_the_deadline_changes_nothing_and_answers_only_when_asked() -> None:
    group = joined_by_button(4)
    group.say(group.people[0], "/startgame")
    version = group.version()

    asked = nudge(group, group.people[1], private=True)
    chatter = nudge(group, group.people[1], private=False, asked=False)

    assert group.version() == version
    assert asked.ack == i18n.text("nudge.nothing", "ja", "adazakura")
    assert chatter.ack is None


def test_a_nudge_where_no_game_runs_says_so_when_asked() -> None:
    group = Group(4)
    outcome = nudge(group, group.people[0], private=True)
    assert outcome.ack == i18n.text("reason.game.none", "ja", "adazakura")
    assert outcome.result == "ignored"


class GatedSender(RecordingSender):
    """The group can only be answered while ``open`` (LINE free mode: a reply to the group's own event)."""

    def __init__(self) -> None:
        super().__init__()
        self.open = False

    async def send(self, message: OutMessage) -> None:
        if message.chat_id == GROUP and not self.open:
            raise AwaitingReply(message.chat_id)
        await super().send(message)


def test_a_finished_games_waiting_result_goes_out_with_the_next_newgame() -> None:
    group = joined_by_button(4)
    group.say(group.people[0], "/startgame")
    gated = GatedSender()
    group.service.runner.sender = gated
    group.say(group.people[0], "/cancel", private=True)  # ends it; the group's notice waits
    assert gated.to(GROUP) == []

    gated.open = True
    group.service.runner.new_id = lambda: "g2"
    group.say(group.people[0], "/newgame adazakura")

    cancelled = i18n.text("game.cancelled", "ja", "adazakura")
    assert any(cancelled in text for text in gated.to(GROUP))
    assert group.store.get_pointer("chat", GROUP) == "g2"


def test_a_join_refused_by_an_english_game_is_answered_in_english() -> None:
    """A Japanese group opens an English game (``/newgame … en``): the game's answer to a join it refuses
    (it has started) is in the game's language, not the group's."""
    group = Group(5)
    group.say(group.people[0], "/newgame werewolf en")
    for user in group.people[:4]:
        group.deliver(user, JoinRequest(GAME_ID))
    group.say(group.people[0], "/startgame")
    assert group.state().players, "the game started"
    late = group.people[4]
    group.deliver(late, JoinRequest(GAME_ID))
    assert group.sender.to(GROUP)[-1] == i18n.text("reason.game.running", "en", "werewolf")
