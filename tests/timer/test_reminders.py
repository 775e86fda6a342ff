"""The 30 s reminder as players receive it [ADZ-11.8]: sent once, by the timer, privately and in the same
words to every player whose choice the night still needs, whatever their Megami; never to the group, and
never to a player who has already chosen."""

from __future__ import annotations

from handlers.messages import TextCommand
from tests.timer.clocked import GROUP, REMINDER, START, USERS, Clocked


def reminder_of(game: Clocked) -> Clocked:
    """Deliver the night's reminder wake-up at its second (START + 90)."""
    arrival, wake_up = game.deliver_next()
    assert (arrival, wake_up.kind) == (START + 90, "remind")
    return game


def test_the_reminder_reaches_only_those_still_choosing_in_the_same_words_without_buttons() -> None:
    game = Clocked.start()
    game.say(USERS[0], USERS[0], TextCommand("done"))
    game.take_sent()

    sent = reminder_of(game).take_sent()

    assert sorted(m.chat_id for m in sent) == sorted(USERS[1:])
    assert {(m.text, m.buttons) for m in sent} == {(REMINDER, ())}
    assert game.state()["phase"] == "night"


def test_players_of_different_megami_read_the_very_same_reminder() -> None:
    game = Clocked.start()
    players = game.state()["players"]

    sent = reminder_of(game).take_sent()

    assert len({p["megami"] for p in players}) == 4
    assert {p["faction"] for p in players} == {"adazakura", "sakura"}
    assert sorted(m.chat_id for m in sent) == USERS
    assert {m.text for m in sent} == {REMINDER}


def test_a_duplicated_reminder_wake_up_sends_nothing() -> None:
    game = Clocked.start()
    reminder = next(w for w in game.wake_ups() if w.kind == "remind")
    game.now = START + 90
    game.deliver(reminder)
    version = game.version()
    assert len(game.take_sent()) == len(USERS)

    game.now += 2
    game.deliver(reminder)

    assert game.take_sent() == []
    assert game.version() == version


def test_nothing_reaches_the_group_and_nobody_is_reminded_once_all_have_chosen() -> None:
    game = Clocked.start()
    for user in USERS[:3]:
        game.say(user, user, TextCommand("done"))
    game.take_sent()

    sent = reminder_of(game).take_sent()

    assert [m.chat_id for m in sent] == [USERS[3]]
    assert all(m.chat_id != GROUP for m in sent)
