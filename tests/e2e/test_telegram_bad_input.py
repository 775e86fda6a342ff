"""Bad input through the real webhook, service and store: refused politely, applied at most once, and
never anything else broken. Seats are fixed in test mode [ADZ-11.10] (join order = seat order)."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.engine.notice import Action
from handlers.messages import Tap
from infra.store import GameStore
from tests.e2e import moves
from tests.e2e.harness import GROUP, GROUP_CHAT, NoticeLog, Table, catalog_text, players
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import callback, my_chat_member_blocked, my_chat_member_unblocked

pytestmark = pytest.mark.aws

SEATS = ["yatsuha/A", "megumi/S", "tokoyo/S", "himika/S", "shinra/S", "mizuki/S"]
BLOCKED = "error_403_bot_was_blocked_by_the_user"


@pytest.fixture
def table(api: FakeTelegramApi, store: GameStore, notices: NoticeLog) -> Table:
    return Table(api, store, players(6), settings={"setup": {"seats": SEATS}})


@pytest.fixture
def lobby(table: Table) -> Table:
    moves.open_lobby(table)
    return table


@pytest.fixture
def night0(lobby: Table) -> Table:
    moves.start(lobby)
    assert lobby.state().phase == "night"
    return lobby


@pytest.fixture
def vote(night0: Table) -> Table:
    moves.to_the_vote(night0)
    return night0


def group_replies(table: Table, since: int) -> list[str]:
    return table.sent_to(GROUP)[since:]


# -- the webhook's door ---------------------------------------------------------------------------------
# One table serves several bad calls in a row (a lobby on moto takes seconds to build); each call is
# checked on its own, and none may change the game or make the bot say anything.
def test_a_call_without_the_right_secret_is_refused_and_changes_nothing(lobby: Table) -> None:
    before, sent = lobby.snapshot(), len(lobby.api.calls)
    updates = [
        callback(lobby.people[1].number, GROUP, "x", 1, lobby.next_update_id()),
        lobby.private_update(lobby.people[0], "/leave"),
    ]

    answers = [
        (secret, lobby.post(u, secret=secret)) for secret in (None, "", "wrong-secret") for u in updates
    ]

    assert answers == [(secret, 401) for secret in (None, "", "wrong-secret") for _ in updates]
    assert lobby.snapshot() == before
    assert len(lobby.api.calls) == sent


def test_a_body_that_is_not_a_json_object_is_a_bad_request(lobby: Table) -> None:
    before, sent = lobby.snapshot(), len(lobby.api.calls)
    bodies = ["{not json", "", "[1, 2]", '"update"']

    assert [lobby.post(body) for body in bodies] == [400] * len(bodies)

    assert lobby.snapshot() == before
    assert len(lobby.api.calls) == sent


# -- commands and taps the game does not know -----------------------------------------------------------
def test_an_unknown_command_gets_a_polite_reply_where_it_was_sent(lobby: Table) -> None:
    before, seen = lobby.snapshot(), len(lobby.sent_to(GROUP))
    polite = catalog_text("reason.command.unknown")

    lobby.in_group(lobby.people[2], "/dance")
    lobby.in_private(lobby.people[3], "hello bot")

    assert group_replies(lobby, seen) == [polite]
    assert lobby.sent_to(lobby.people[3].chat)[-1] == polite
    assert lobby.snapshot() == before


def test_a_text_over_telegrams_limit_is_refused_naming_the_limit(lobby: Table) -> None:
    before, seen = lobby.snapshot(), len(lobby.sent_to(GROUP))

    lobby.in_group(lobby.people[2], "/vote " + "x" * 4096)

    assert group_replies(lobby, seen) == [i18n.text("reason.input.too_long", "ja", "adazakura", max=4096)]
    assert lobby.snapshot() == before


FORGED = ["not a tap", "g2026e2e|1|vote|'", "g2026e2e|x|done", "||", "g2026e2e|1|VOTE|2", "a" * 65]


def test_forged_callback_data_gets_a_polite_refusal_and_changes_nothing(night0: Table) -> None:
    player = night0.people[1]
    before = night0.snapshot()

    presses = [night0.press(player, data, message_id=1) for data in FORGED]

    assert [(p.data, p.answered, p.toast) for p in presses] == [
        (data, True, catalog_text("reason.action.forged")) for data in FORGED
    ]
    assert night0.snapshot() == before


def test_a_well_formed_tap_the_player_may_not_make_is_refused_and_changes_nothing(night0: Table) -> None:
    player = night0.people[1]  # seat 2, Megumi: no night ability of Shinra's
    before = night0.snapshot()
    seq = night0.state().phase_seq
    taps = [
        Tap(night0.game_id, seq, Action(kind="night.shinra", args=("megami", 3))),
        Tap(night0.game_id, seq, Action(kind="kill", args=(3,))),
        Tap("gnone0001", seq, Action(kind="done")),
    ]

    toasts = [night0.press_tap(player, tap).toast for tap in taps]

    assert None not in toasts
    assert catalog_text("tap.ok") not in toasts
    assert night0.snapshot() == before


# -- redelivery -----------------------------------------------------------------------------------------
def test_a_join_delivered_three_times_is_applied_once(table: Table) -> None:
    table.in_group(table.people[0], "/newgame")
    joiner = table.people[1]
    url_payload = table.join_link().rsplit("=", 1)[1]
    update = table.private_update(joiner, f"/start {url_payload}")
    version = table.version()

    for _ in range(3):
        assert table.post(update) == 200

    assert table.version() == version + 1
    assert [m.name for m in table.state().members] == [joiner.name]
    assert len(table.sent_to(joiner.chat)) == 1
    assert sum(joiner.name in text for text in table.sent_to(GROUP)) == 1


def test_a_ballot_delivered_three_times_is_counted_once_and_confirmed_once(vote: Table) -> None:
    voter = vote.people[2]
    keyboard = moves.current_keyboard(vote, voter)
    assert keyboard is not None
    data = next(d for d, tap in moves.taps(keyboard) if tap.action == Action(kind="vote", args=(1,)))
    update = callback(
        voter.number, voter.number, data, keyboard.message_id, vote.next_update_id(), voter.name
    )
    version, confirmations = vote.version(), len(vote.sent_to(voter.chat))

    for _ in range(3):
        assert vote.post(update) == 200

    assert vote.version() == version + 1
    assert vote.state().day.ballots == {3: 1}
    assert len(vote.sent_to(voter.chat)) == confirmations + 1


# -- ballots that come too late -------------------------------------------------------------------------
def test_a_ballot_from_a_dead_player_is_refused(vote: Table) -> None:
    for player in vote.living():
        moves.vote(vote, player, target=2)
    assert not vote.state().players[1].alive
    moves.to_the_vote(vote)
    dead = vote.people[1]
    before = vote.snapshot()
    seq = vote.state().phase_seq

    fresh = vote.press_tap(dead, Tap(vote.game_id, seq, Action(kind="vote", args=(3,))))
    old = vote.keyboards(dead)[-1]  # day 1's ballot, still in the chat
    ballot = next(data for data, tap in moves.taps(old) if tap.action.kind == "vote")
    stale = vote.press(dead, ballot, old.message_id)

    assert fresh.toast == catalog_text("reason.not_alive")
    assert stale.toast == catalog_text("reason.phase.stale")
    assert vote.snapshot() == before


def test_a_ballot_after_the_deadline_is_refused_once_the_vote_has_closed(vote: Table) -> None:
    late, *others = vote.living()
    for player in others:
        moves.vote(vote, player, target=4)
    keyboard = moves.current_keyboard(vote, late)
    assert keyboard is not None
    deadline = vote.state().deadline_at
    assert deadline is not None
    vote.now = deadline + 1  # no timer came: the next input catches the deadline up
    seen = len(vote.sent_to(GROUP))

    press = moves.press_first(vote, late, lambda t: t.action.kind == "vote")

    assert press is not None
    assert press.toast == catalog_text("reason.phase.stale")
    state = vote.state()
    assert state.phase == "night"
    assert state.players[3].alive is False
    assert state.deaths[-1].cause == "exile"
    assert group_replies(vote, seen), "the group heard nothing of the closed vote"
    [closed] = [e for e in state.log if e.kind == "VoteClosed"]
    assert closed.data["ballots"][str(vote.seat_of(late))] == "none"


# -- a player who cannot be messaged --------------------------------------------------------------------
@pytest.mark.parametrize("comes_back", ["start_again", "unblocks"])
def test_a_player_who_blocked_the_bot_holds_the_start_until_they_come_back(
    lobby: Table, notices: NoticeLog, comes_back: str
) -> None:
    gone = lobby.people[4]
    lobby.api.fail(BLOCKED, chat_id=gone.number, method="sendMessage")
    seen = len(lobby.sent_to(GROUP))

    assert lobby.post(my_chat_member_blocked(gone.number, lobby.next_update_id(), gone.name)) == 200
    moves.start(lobby)

    [told] = notices.to(GROUP_CHAT, "lobby.unreachable")
    assert gone.name in told.body
    refused = group_replies(lobby, seen)[-1]
    assert group_replies(lobby, seen) == [told.body, refused]
    assert gone.name in refused
    assert lobby.state().phase == "lobby"

    lobby.api.stop_failing(chat_id=gone.number)
    if comes_back == "start_again":
        lobby.open_join_link(gone)
    else:
        assert lobby.post(my_chat_member_unblocked(gone.number, lobby.next_update_id(), gone.name)) == 200
    assert lobby.state().unreachable == []
    moves.start(lobby)

    assert lobby.state().phase == "night"
    for player in lobby.people:
        [card] = notices.to(player.chat, "role.card")
        assert any(card.body in text for text in lobby.sent_to(player.chat))


def test_a_block_noticed_only_when_a_message_fails_is_reported_and_the_game_goes_on(
    lobby: Table, notices: NoticeLog
) -> None:
    gone = lobby.people[4]
    lobby.api.fail(BLOCKED, chat_id=gone.number, method="sendMessage")

    moves.start(lobby)

    state = lobby.state()
    assert state.phase == "night"
    assert state.unreachable == [gone.chat]
    [told] = notices.to(GROUP_CHAT, "game.unreachable")
    assert gone.name in told.body
    assert told.body in lobby.sent_to(GROUP)
    for player in lobby.people:
        if player != gone:
            [card] = notices.to(player.chat, "role.card")
            assert any(card.body in text for text in lobby.sent_to(player.chat))
    stored = lobby.store.load(lobby.game_id)
    assert stored is not None
    assert stored.pending == {}
    others = [p for p in lobby.people if p != gone]
    presses = [moves.press_first(lobby, p, lambda t: t.action.kind == "done") for p in others]
    assert [p.toast if p else None for p in presses] == [catalog_text("tap.ok")] * len(others)
    lobby.fire_timer_at_deadline()
    assert lobby.state().phase == "discussion"
