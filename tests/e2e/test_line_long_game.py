"""A long game of 徒桜戦争 in a LINE group in push mode (long games: docs/architecture.md "Timers" and "Long
games"; docs/rules/adazakura-decisions.md "Long games"), played through the LINE webhook, with the timer
Lambda fed the wake-ups the service scheduled.

The host opens a lobby with ``/option preset long`` and ``/option dayEnds 21:00``; the group has set no
zone, so it is Asia/Tokyo. The clock starts at 2026-01-01 09:00 JST: night 0 lasts 10 hours (to 19:00
JST) and every player, none of whom has pressed done, gets the reminders an hour and ten minutes before,
pushed; day 1's discussion ends at 21:00 JST, which ``/status`` shows. When everyone is ready the
discussion ends early, and none of its wake-ups hops on.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from infra.timers import MemoryScheduler
from tests.e2e import long_games
from tests.e2e.harness import moto_store
from tests.e2e.line_table import GROUP, START, LineTable, line_players
from tests.e2e.long_games import LongRun
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws]

NIGHT_ENDS = START + 10 * 3600
DAY_ENDS = START + 12 * 3600


def text(key: str, **params: object) -> str:
    return long_games.text("adazakura", key, **params)


def long_reminder(minutes: int, time: str) -> str:
    return long_games.long_reminder("adazakura", minutes, time)


@pytest.fixture
def long_game() -> Iterator[LongRun]:
    with FakeLineApi() as fake, moto_store() as store:
        wake_ups = MemoryScheduler()
        table = LineTable(fake, store, line_players(4), mode="push", scheduler=wake_ups)
        try:
            host = table.people[0]
            for player in table.people:
                table.befriend(player)
            table.say(host, GROUP, "/newgame adazakura")
            table.say(host, GROUP, "/option preset long")
            table.say(host, GROUP, "/option dayEnds 21:00")
            for player in table.people:
                table.join_lobby(player)
            table.say(host, GROUP, "/startgame")
            yield LongRun(table, wake_ups, table.deliver).started()
        finally:
            table.close()


def test_every_player_is_pushed_the_reminders_an_hour_and_ten_minutes_before_the_night_ends(
    long_game: LongRun,
) -> None:
    table = long_game.table
    seq = table.state().phase_seq
    assert table.state().deadline_at == NIGHT_ENDS
    before = {p: len(table.fake.texts(p.chat)) for p in table.people}
    group_before = len(table.fake.texts(GROUP))

    long_game.run_until(NIGHT_ENDS - 1)

    reminders = [long_reminder(60, "19:00"), long_reminder(10, "19:00")]
    assert {p: table.fake.texts(p.chat)[before[p] :] for p in table.people} == dict.fromkeys(
        table.people, reminders
    )
    assert len(table.fake.texts(GROUP)) == group_before
    assert table.state().phase_seq == seq


def test_the_day_ends_at_21_00_and_status_shows_it_in_the_groups_zone(long_game: LongRun) -> None:
    table = long_game.table
    long_game.run_until(NIGHT_ENDS)
    assert (table.state().phase, table.state().deadline_at) == ("discussion", DAY_ENDS)

    table.tick(60)
    posted = table.say(table.people[2], GROUP, "/status")

    shown = "\n".join(m["text"] for m in posted.replied() if m["type"] == "text")
    assert text("status.deadline", month=1, day=1, time="21:00", zone="Asia/Tokyo") in shown
    assert "1日目の昼の議論 (残り1時間59分)" in shown, shown


def test_a_discussion_ended_early_leaves_none_of_its_wake_ups_hopping_on(long_game: LongRun) -> None:
    table = long_game.table
    long_game.run_until(NIGHT_ENDS)
    day = table.state().phase_seq
    stale = long_game.of_phase(day)
    assert {w.kind for w in stale} == {"deadline", "remind"}
    for player in table.living():
        table.tick()
        table.say(player, GROUP, "/ready")
    assert table.state().phase == "vote"
    version, calls = table.version(), len(table.fake.calls)

    table.now = NIGHT_ENDS + 900  # each arrives after its first hop, long before its second
    for wake_up in stale:
        long_game.wake_ups.scheduled.remove(wake_up)
        table.deliver(wake_up)

    assert long_game.of_phase(day) == []
    assert table.version() == version
    assert len(table.fake.calls) == calls
