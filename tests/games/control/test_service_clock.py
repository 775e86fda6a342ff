"""Discussion control through the real service and the timer Lambda, with a fake clock
(``tests/timer/clocked.py``): a pause across the timer's wake-ups does not advance the phase, the resume
schedules the phase's new deadline, and ``/extend`` in the group moves the scheduled deadline."""

from __future__ import annotations

import core.i18n as i18n
from handlers.messages import TextCommand
from tests.timer.clocked import GROUP, START, USERS, Clocked

HOST = USERS[0]


def group_texts(game: Clocked) -> list[str]:
    return [m.text for m in game.take_sent() if m.chat_id == GROUP]


def deadlines(game: Clocked) -> list[int]:
    """When the ``deadline`` wake-ups now on their way are due."""
    return sorted(w.at for w in game.wake_ups() if w.kind == "deadline")


def this_phases(game: Clocked) -> None:
    """Keep in flight only the wake-ups of the current phase (earlier ones are stale no-ops)."""
    seq = game.state()["phase_seq"]
    game.in_flight = [(at, w) for at, w in game.in_flight if w.phase_seq == seq]


def test_a_pause_across_the_timer_wake_ups_does_not_advance_the_night() -> None:
    game = Clocked.start()  # night 0 until START + 120
    this_phases(game)
    seq = game.state()["phase_seq"]
    game.now = START + 10

    game.say(HOST, GROUP, TextCommand("pause"))

    assert group_texts(game) == [i18n.text("control.paused", "ja", "adazakura", seconds=110)]
    game.deliver_next()  # the reminder, at START + 90: nobody is reminded
    game.deliver_next()  # the deadline, at START + 120
    assert game.take_sent() == []
    assert (game.state()["phase"], game.state()["phase_seq"]) == ("night", seq)
    assert game.wake_ups() == []

    game.now = START + 500
    game.say(HOST, GROUP, TextCommand("resume"))

    assert group_texts(game) == [i18n.text("control.resumed", "ja", "adazakura", seconds=110)]
    assert deadlines(game) == [START + 610]
    assert game.deliver_next()[1].kind == "remind"  # at START + 580: the night's reminders go out
    assert len(game.take_sent()) == len(USERS)
    game.deliver_next()
    assert (game.state()["phase"], game.now) == ("discussion", START + 610)


def test_a_player_who_is_not_the_host_cannot_pause() -> None:
    game = Clocked.start()

    game.say(USERS[1], GROUP, TextCommand("pause"))

    assert game.state()["deadline_at"] == START + 120
    assert [m.text for m in game.take_sent()] == [i18n.text("reason.not_host", "ja", "adazakura")]


def test_extend_in_the_group_moves_the_scheduled_deadline_by_60_seconds() -> None:
    game = Clocked.start()
    for user in USERS:
        game.say(user, user, TextCommand("done"))  # the night ends early: discussion until START + 300
    assert game.state()["phase"] == "discussion"
    this_phases(game)
    game.take_sent()
    game.now = START + 100

    game.say(USERS[1], GROUP, TextCommand("extend"))

    assert game.state()["deadline_at"] == START + 360
    assert deadlines(game) == [START + 300, START + 360]
    game.in_flight = [(at, w) for at, w in game.in_flight if w.kind == "deadline"]  # reminds nobody here
    game.deliver_next()  # the old wake-up is early now: nothing happens
    assert (game.state()["phase"], game.now) == ("discussion", START + 300)
    game.deliver_next()
    assert (game.state()["phase"], game.now) == ("vote", START + 360)


def test_skip_in_the_group_is_a_vote_to_end_the_discussion() -> None:
    game = Clocked.start()
    for user in USERS:
        game.say(user, user, TextCommand("done"))
    game.take_sent()

    for user in USERS[:2]:
        game.say(user, GROUP, TextCommand("skip"))
    assert game.state()["phase"] == "discussion"
    game.say(USERS[2], GROUP, TextCommand("skip"))

    assert game.state()["phase"] == "vote"
