"""Timers with seconds precision, through the service and the timer Lambda with a fake clock: every phase
change schedules its deadline and its reminder; a wake-up that arrives early is sent on, not fired, so a
wait of any length ends at the right second; a stale one changes nothing; an overdue deadline is applied
by the next input (the safety net), also when scheduling failed."""

from __future__ import annotations

import pytest

from handlers.messages import TextCommand
from infra.store import Change, MemoryStore, StoredGame
from infra.timers import MemoryScheduler, WakeUp
from tests.timer.clocked import GAME, GROUP, START, USERS, Clocked, long_reminder


def test_dealing_the_night_schedules_its_deadline_and_its_reminder() -> None:
    game = Clocked.start()
    seq = game.state()["phase_seq"]

    assert game.state()["deadline_at"] == START + 120
    assert game.in_flight == [
        (START + 120, WakeUp(GAME, seq, "deadline", at=START + 120)),
        (START + 90, WakeUp(GAME, seq, "remind", at=START + 90)),
    ]


def test_the_deadline_fires_at_its_second_and_the_next_phase_is_scheduled() -> None:
    game = Clocked.start()
    night = game.state()["phase_seq"]
    game.deliver_next()  # the reminder
    game.take_sent()

    arrival, fired = game.deliver_next()

    assert (arrival, fired.kind, game.state()["phase"]) == (START + 120, "deadline", "discussion")
    assert any(m.chat_id == GROUP for m in game.take_sent())
    assert game.wake_ups() == [
        WakeUp(GAME, night + 1, "deadline", at=START + 420),
        WakeUp(GAME, night + 1, "remind", at=START + 390),
    ]


def test_an_early_wake_up_is_sent_again_with_the_remaining_delay_not_fired() -> None:
    game = Clocked.start()
    deadline = game.wake_ups()[0]
    game.in_flight.clear()
    version = game.version()
    game.now = START + 50

    assert game.deliver(deadline) == {"batchItemFailures": []}

    assert (game.version(), game.state()["phase"]) == (version, "night")
    assert game.take_sent() == []
    assert game.in_flight == [(START + 120, deadline)]


def test_a_wait_longer_than_900_s_arrives_in_hops_at_the_right_second() -> None:
    game = Clocked.start({"timers": {"night0": 2000}})
    night = game.state()["phase_seq"]
    arrivals: dict[str, list[int]] = {"deadline": [], "remind": []}
    reminded_at: list[int] = []

    while game.state()["phase_seq"] == night:
        arrival, wake_up = game.deliver_next()
        arrivals[wake_up.kind].append(arrival)
        if any(m.text == long_reminder(START + 2000, 10) for m in game.take_sent()):
            reminded_at.append(arrival)

    # A phase of 2000 s is reminded 10 minutes before its end, not 30 s before (long games).
    assert arrivals == {
        "deadline": [START + 900, START + 1800, START + 2000],
        "remind": [START + 900, START + 1400],
    }
    assert reminded_at == [START + 1400]
    assert game.now == START + 2000


def test_a_stale_deadline_changes_nothing_and_says_nothing() -> None:
    game = Clocked.start()
    deadline = game.wake_ups()[0]
    game.now = START + 120
    game.deliver(deadline)
    version = game.version()
    game.take_sent()

    game.now += 1
    assert game.deliver(deadline) == {"batchItemFailures": []}

    assert (game.version(), game.state()["phase"]) == (version, "discussion")
    assert game.take_sent() == []


def test_an_overdue_deadline_is_applied_by_the_next_input_which_schedules_the_new_phase() -> None:
    game = Clocked.start()
    night = game.state()["phase_seq"]
    game.in_flight.clear()  # the timer messages were lost
    game.now = START + 125

    game.say(USERS[1], GROUP, TextCommand("status"))

    assert game.state()["phase"] == "discussion"
    assert WakeUp(GAME, night + 1, "deadline", at=START + 420) in game.wake_ups()


class Broken:
    """A scheduler whose queue is unavailable."""

    def schedule(self, wake_up: WakeUp, *, now: int) -> None:
        raise ConnectionError("queue unavailable")


def test_a_failed_scheduling_keeps_the_change_and_the_next_input_catches_up() -> None:
    game = Clocked.start()
    deadline = game.wake_ups()[0]
    game.service.runner.scheduler = Broken()
    game.now = START + 120

    assert game.deliver(deadline) == {"batchItemFailures": []}
    assert game.state()["phase"] == "discussion"

    game.now = START + 120 + 300
    game.say(USERS[2], USERS[2], TextCommand("me"))
    assert game.state()["phase"] == "vote"


class DiesAfterCommit(MemoryStore):
    """A store whose commits land and then take the process down (a Lambda killed right there)."""

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        super().commit(base, change)
        raise SystemExit("killed right after the commit")


def test_a_process_killed_right_after_the_commit_has_already_scheduled_the_next_phase() -> None:
    game = Clocked.start()
    night = game.state()["phase_seq"]
    game.in_flight.clear()
    game.store.__class__ = DiesAfterCommit
    game.now = START + 120

    with pytest.raises(SystemExit):
        game.deliver(WakeUp(GAME, night, "deadline", at=START + 120))

    assert game.state()["phase"] == "discussion"
    assert isinstance(game.scheduler, MemoryScheduler)
    assert [(w.phase_seq, w.kind) for w in game.scheduler.scheduled] == [
        (night + 1, "deadline"),
        (night + 1, "remind"),
    ]
