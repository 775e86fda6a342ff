"""A long game of classic 人狼 in a Telegram group (long games: docs/architecture.md "Timers" and "Long
games"; docs/rules/werewolf-decisions.md "Long games"), played through webhook updates, with the timer
Lambda fed the wake-ups the service scheduled.

A group admin sets the group's zone (``/settings timezone Asia/Tokyo``); the host opens a lobby with
``/option preset long`` and ``/option dayEnds 21:00``. The clock starts at 2026-01-01 09:00 JST: night 0
lasts 10 hours (to 19:00 JST), its players still choosing hear an hour and ten minutes before it ends, and
day 1's discussion ends at 21:00 JST, which ``/status`` shows. The discussion ended early by the
「投票へ」 majority leaves none of its wake-ups hopping on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from handlers import timer
from infra.timers import MemoryScheduler, WakeUp
from tests.e2e import long_games
from tests.e2e.harness import GROUP, START, Player, Table, moto_store, open_and_start, players, taps
from tests.e2e.long_games import LongRun
from tests.e2e.werewolf import newest_keyboard
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import callback

pytestmark = [pytest.mark.aws]

#: 2026-01-01 09:00 JST is START; night 0 (10 h) ends at 19:00 JST, day 1 ends at 21:00 JST.
NIGHT_ENDS = START + 10 * 3600
DAY_ENDS = START + 12 * 3600


def text(key: str, **params: object) -> str:
    return long_games.text("werewolf", key, **params)


def long_reminder(minutes: int, time: str) -> str:
    return long_games.long_reminder("werewolf", minutes, time)


class Timer:
    """The timer Lambda receiving wake-ups as SQS records, one message id each."""

    def __init__(self) -> None:
        self.delivered = 0

    def __call__(self, wake_up: WakeUp) -> None:
        self.delivered += 1
        body = wake_up.dump()
        answer = timer.handler({"Records": [{"messageId": f"w{self.delivered}", "body": body}]}, None)
        assert answer == {"batchItemFailures": []}


def long_table(game: str, options: dict[str, str], zone: str | None = None) -> Iterator[LongRun]:
    """Five players start ``game`` with ``options`` (``/option``) in a group whose admin first set ``zone``
    (``/settings timezone``; none: the default)."""
    with FakeTelegramApi() as api, moto_store() as store:
        wake_ups = MemoryScheduler()
        table = Table(api, store, players(5), scheduler=wake_ups)
        if zone is not None:
            admin = table.people[0]
            api.members.promote(GROUP, admin.number)
            table.in_group(admin, f"/settings timezone {zone}")
        open_and_start(table, game, options)
        yield LongRun(table, wake_ups, Timer()).started()


@pytest.fixture
def long_game() -> Iterator[LongRun]:
    yield from long_table("werewolf", {"preset": "long", "dayEnds": "21:00"}, zone="Asia/Tokyo")


def test_the_group_sets_its_zone_and_the_long_preset_and_the_night_lasts_ten_hours(
    long_game: LongRun,
) -> None:
    table = long_game.table
    state = table.state()

    assert text("settings.timezone.saved", zone="Asia/Tokyo") in table.sent_to(GROUP)[0]
    assert (state.phase, state.deadline_at) == ("night", NIGHT_ENDS)
    assert state.settings["timezone"] == "Asia/Tokyo"
    started = next(t for t in table.sent_to(GROUP) if "人狼を始めます" in t)
    assert "・議論時間: 12時間\n・投票時間: 2時間\n・夜の時間: 10時間" in started
    assert "・昼の議論の終わる時刻: 21:00" in started
    assert "\n🌙 0日目の夜になりました (制限時間10時間)。" in started
    assert [t for t in table.sent_to(GROUP) if re.search(r"\d{3,}秒", t)] == [], "no span reads as seconds"
    assert sorted((w.kind, w.at) for w in long_game.of_phase(state.phase_seq)) == [
        ("deadline", NIGHT_ENDS), ("remind", NIGHT_ENDS - 3600), ("remind", NIGHT_ENDS - 600),
    ]  # fmt: skip


def test_players_still_choosing_are_reminded_an_hour_and_ten_minutes_before_the_night_ends(
    long_game: LongRun,
) -> None:
    table = long_game.table
    seq = table.state().phase_seq
    chose = table.people[0]
    keyboard = newest_keyboard(table.keyboards(chose), seq)
    assert keyboard is not None
    data, _ = next(iter(taps(keyboard)))
    table.press(chose, data, keyboard.message_id)
    group_before = len(table.sent_to(GROUP))
    before = {p: len(table.sent_to(p.chat)) for p in table.people}

    long_game.run_until(NIGHT_ENDS - 1)

    new = {p: table.sent_to(p.chat)[before[p] :] for p in table.people}
    waiting = [p for p in table.people if p != chose]
    assert new == {
        chose: [],
        **{p: [long_reminder(60, "19:00"), long_reminder(10, "19:00")] for p in waiting},
    }
    assert "締め切り (1月1日 19:00 JST) まで、あと1時間ほどです。" in new[waiting[0]][0]
    assert "締め切り (1月1日 19:00 JST) まで、あと10分ほどです。" in new[waiting[0]][1]
    assert len(table.sent_to(GROUP)) == group_before
    assert table.state().phase_seq == seq


def test_the_day_ends_at_21_00_tokyo_time_and_status_shows_it(long_game: LongRun) -> None:
    table = long_game.table
    long_game.run_until(NIGHT_ENDS)
    state = table.state()
    assert (state.phase, state.deadline_at) == ("discussion", DAY_ENDS)

    table.tick(60)
    table.in_group(table.people[1], "/status")

    status = table.sent_to(GROUP)[-1]
    assert text("status.deadline", month=1, day=1, time="21:00", zone="Asia/Tokyo") in status
    assert "1日目の議論 (残り1時間59分)" in status, status


def test_a_discussion_ended_early_leaves_none_of_its_wake_ups_hopping_on(long_game: LongRun) -> None:
    table = long_game.table
    long_game.run_until(NIGHT_ENDS)
    day = table.state().phase_seq
    stale = long_game.of_phase(day)
    assert {w.kind for w in stale} == {"deadline", "remind"}

    for player in _living(table):
        if table.state().phase_seq != day:
            break
        message = newest_keyboard(list(table.api.messages(GROUP)), day)
        assert message is not None
        data, _ = next(iter(taps(message)))
        table.tick()
        update = callback(player.number, GROUP, data, message.message_id, table.next_update_id(), player.name)
        assert table.post(update) == 200
    assert table.state().phase == "vote"
    version, said = table.version(), len(table.api.calls)

    for wake_up in stale:  # each arrives after its first 900 s hop, long before its second
        long_game.wake_ups.scheduled.remove(wake_up)
        table.now = max(table.now, NIGHT_ENDS + 900)
        long_game.deliver(wake_up)

    assert long_game.of_phase(day) == []
    assert table.version() == version
    assert len(table.api.calls) == said


def _living(table: Table) -> list[Player]:
    return table.living()


@pytest.fixture
def long_campaign() -> Iterator[LongRun]:
    """A 政治家人狼 game of 5 with ``/option preset long`` and no ``dayEnds``: no role check at 5 (no
    lover), 10 minutes a player to stand, then a 12-hour campaign."""
    yield from long_table("politician", {"preset": "long"})


def test_a_twelve_hour_campaign_reads_twelve_hours_in_the_group_and_in_status(
    long_campaign: LongRun,
) -> None:
    table = long_campaign.table
    campaign_starts = START + 5 * 600
    long_campaign.run_until(campaign_starts)
    state = table.state()
    assert (state.phase, state.deadline_at) == ("campaign", campaign_starts + 43200)
    said = len(table.sent_to(GROUP))

    table.tick(90)
    table.in_group(table.people[1], "/status")

    campaign = next(t for t in table.sent_to(GROUP) if "🗣 1日目の選挙活動を始めます" in t)
    assert "🗣 1日目の選挙活動を始めます (制限時間12時間)！" in campaign
    assert "(1人10分まで。" in next(t for t in table.sent_to(GROUP) if "📣" in t)
    status = table.sent_to(GROUP)[said:][-1]
    assert "1日目の選挙活動 (残り11時間58分)" in status, status
    assert [t for t in table.sent_to(GROUP) if re.search(r"\d{3,}秒", t)] == [], "no span reads as seconds"
