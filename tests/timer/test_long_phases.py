"""Long games on the timer path (docs/architecture.md "Timers"): a phase of 48 hours reaches its deadline
through SQS hops of at most 900 s and closes at its second; its reminders come an hour and ten minutes
before, once each, to the players still choosing; a phase that ends early leaves no hop behind after the
next one."""

from __future__ import annotations

import itertools

from handlers.messages import TextCommand
from infra.timers import MAX_DELAY
from tests.timer.clocked import GROUP, START, USERS, Clocked, long_reminder

HOURS_48 = 48 * 3600


def test_a_48_hour_night_closes_at_its_second_through_hops_and_reminds_an_hour_and_ten_minutes_before() -> (
    None
):
    game = Clocked.start({"options": {"night0": HOURS_48}})
    night = game.state()["phase_seq"]
    deadline = START + HOURS_48
    hops: list[int] = []
    reminders: list[tuple[int, str, list[str]]] = []

    while game.state()["phase_seq"] == night:
        arrival, wake_up = game.deliver_next()
        if wake_up.kind == "deadline":
            hops.append(arrival)
        sent = game.take_sent()
        assert all(m.chat_id != GROUP for m in sent) or arrival == deadline
        for text in {m.text for m in sent if m.chat_id != GROUP}:
            reminders.append((arrival, text, sorted(m.chat_id for m in sent if m.text == text)))

    # 192 hops of 900 s: the last one closes the night at its very second, not before.
    assert len(hops) == HOURS_48 // MAX_DELAY
    assert hops[-1] == game.now == deadline
    assert all(b - a == MAX_DELAY for a, b in itertools.pairwise(hops))
    assert game.state()["phase"] == "discussion"
    assert reminders[:2] == [
        (deadline - 3600, long_reminder(deadline, 60), USERS),
        (deadline - 600, long_reminder(deadline, 10), USERS),
    ]


def test_a_long_reminder_goes_only_to_those_still_choosing_and_is_not_sent_twice() -> None:
    game = Clocked.start({"options": {"night0": 7200}})
    deadline = START + 7200
    game.say(USERS[0], USERS[0], TextCommand("done"))
    game.take_sent()
    reminder = next(w for w in game.wake_ups() if w.kind == "remind" and w.at == deadline - 3600)

    game.now = deadline - 3600
    game.deliver(reminder)
    first = game.take_sent()
    game.now += 5
    game.deliver(reminder)

    assert sorted(m.chat_id for m in first) == USERS[1:]
    assert {m.text for m in first} == {long_reminder(deadline, 60)}
    assert game.take_sent() == []


def test_a_phase_ended_early_leaves_no_hop_behind_after_the_next_one() -> None:
    game = Clocked.start({"options": {"night0": HOURS_48}})
    night = game.state()["phase_seq"]
    for user in USERS:
        game.say(user, user, TextCommand("done"))
    assert game.state()["phase_seq"] > night  # everybody chose: the night ended early
    game.take_sent()
    stale = [(at, w) for at, w in game.in_flight if w.phase_seq == night]
    assert {w.kind for _, w in stale} == {"deadline", "remind"}
    version = game.version()

    for arrival, wake_up in sorted(stale, key=lambda pair: pair[0]):
        game.in_flight.remove((arrival, wake_up))
        game.now = max(game.now, arrival)
        assert game.deliver(wake_up) == {"batchItemFailures": []}

    # Each stale wake-up was dropped at its first arrival: none was sent on, nothing changed or was said.
    assert [w for _, w in game.in_flight if w.phase_seq == night] == []
    assert game.version() == version
    assert game.take_sent() == []
