"""A whole 徒桜戦争 game in a Telegram group, played only through webhook updates and button presses.

Six players open the lobby's deep link, the host starts, and from then on every move is a tap on an
inline keyboard the fake Bot API recorded in the player's 1:1 chat (menus followed level by level).
A phase ends when everyone has acted, or when the timer handler fires at its deadline (discussions, and
night 2, where nobody acts). The store is the production DynamoStore on moto; the game id and seed are
fixed, so the run is the same every time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from core.games.adazakura.megami import ADAZAKURA
from handlers import outbox
from infra.store import GameStore
from tests.e2e import moves
from tests.e2e.harness import (
    GROUP,
    GROUP_CHAT,
    NoticeLog,
    Press,
    Table,
    assert_all_delivered,
    catalog_text,
    megami_name,
    moto_store,
    player_ref,
    players,
)
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: A game of six lasts a few days; this only stops a broken game from looping forever.
MAX_PHASES = 60
#: Nights on which nobody acts, so the timer has to close them.
QUIET_NIGHTS = {2}
#: Yatsuha is always dealt and the seating announcement says so [ADZ-4.2]: her name is public.
ALWAYS_DEALT = {"yatsuha"}


@dataclass
class Played:
    table: Table
    notices: NoticeLog
    phases: list[tuple[str, int, str]]  # (phase, day or night number, "acted" | "timer")


def play_whole_game(api: FakeTelegramApi, store: GameStore, notices: NoticeLog) -> Played:
    people = players(6)
    host = people[0]
    table = Table(api, store, people)
    table.in_group(host, "/newgame@example_game_bot")
    for player in people:
        table.open_join_link(player)
    table.in_group(host, "/startgame")
    phases: list[tuple[str, int, str]] = []
    for _ in range(MAX_PHASES):
        state = table.state()
        if state.is_over:
            break
        phases.append(play_phase(table))
    return Played(table, notices, phases)


def play_phase(table: Table) -> tuple[str, int, str]:
    state = table.state()
    if state.phase == "night":
        number = state.night.n
        if number in QUIET_NIGHTS:
            table.fire_timer_at_deadline()
            return ("night", number, "timer")
        team = {p.seat for p in state.players if p.faction == ADAZAKURA}
        for player in table.living():
            moves.night_turn(table, player, team=team)
        return ("night", number, "acted")
    number = state.day.n
    if state.phase == "discussion":
        table.fire_timer_at_deadline()
        return ("discussion", number, "timer")
    for player in table.living():
        moves.vote(table, player)
    return (state.phase, number, "acted")


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    """One whole game, played once for every test of this module (it takes seconds on moto)."""
    with FakeTelegramApi() as api, moto_store() as store, pytest.MonkeyPatch.context() as patch:
        log = NoticeLog()
        patch.setattr(outbox, "render_notices", log.wrap(outbox.render_notices))
        yield play_whole_game(api, store, log)


def test_the_game_ends_after_phases_closed_by_taps_and_by_timers(played: Played) -> None:
    state = played.table.state()

    assert state.is_over
    assert state.result in ("sakura", "adazakura", "draw")
    assert ("night", 0, "acted") in played.phases
    assert ("discussion", 1, "timer") in played.phases
    assert ("vote", 1, "acted") in played.phases
    assert ("night", 2, "timer") in played.phases


def test_every_player_joined_through_the_deep_link_in_the_lobby_message(played: Played) -> None:
    table = played.table

    assert table.join_link() == f"https://t.me/{BOT_USERNAME}?start={table.game_id}"
    assert [m.user_id for m in table.state().members] == [p.chat for p in table.people]
    for player in table.people:
        [welcome] = played.notices.to(player.chat, "lobby.welcome")
        assert welcome.body in table.sent_to(player.chat)


def test_the_group_saw_the_seating_each_morning_and_the_final_reveal(played: Played) -> None:
    table, notices = played.table, played.notices
    state = table.state()
    seats = [(p.seat, p.name) for p in state.players]

    [seating] = notices.to(GROUP_CHAT, "game.seating")
    assert all(player_ref(seat, name) in seating.body for seat, name in seats)
    mornings = [s for s in notices.to(GROUP_CHAT) if s.key in ("morning.deaths", "morning.nobody")]
    # Every resolved night has its morning, also the last one when the game is won there (W1) [ADZ-5.4].
    days = [e.data["night"] + 1 for e in state.log if e.kind == "NightResolved"]
    discussed = sorted({n for phase, n, _ in played.phases if phase == "discussion"})
    assert discussed in (days, days[:-1])
    assert len(mornings) == len(days)
    for day, morning in zip(days, mornings, strict=True):
        night = [d.seat for d in state.deaths if (d.phase, d.n) == ("night", day - 1)]
        died = [(seat, state.players[seat - 1].name) for seat in night]
        assert morning.key == ("morning.deaths" if died else "morning.nobody")
        assert all(player_ref(seat, name) in morning.body for seat, name in died)
    [reveal] = notices.to(GROUP_CHAT, "end.result")
    lines = reveal.body.splitlines()
    for p in state.players:
        who, megami = player_ref(p.seat, p.name), megami_name(p.megami)
        assert any(who in line and megami in line for line in lines), f"{who} is not revealed as {megami}"
    assert reveal.body in table.sent_to(GROUP)[-1]
    for said in (seating, *mornings):
        assert any(said.body in text for text in table.sent_to(GROUP))


def test_each_player_got_their_own_role_card_in_private(played: Played) -> None:
    table, notices = played.table, played.notices

    for p in table.state().players:
        chat = p.user_id
        [card] = notices.to(chat, "role.card")
        assert card.chats == (chat,)
        assert player_ref(p.seat, p.name) in card.body
        assert megami_name(p.megami) in card.body
        assert any(card.body in text for text in table.sent_to(chat))
    assert notices.to(GROUP_CHAT, "role.card") == []


def test_no_secret_reached_the_group_before_the_end(played: Played) -> None:
    table, notices = played.table, played.notices
    state = table.state()
    group = table.sent_to(GROUP)
    # From the deal on: before it nothing is secret (the lobby's options name Megami as rules, not as seats).
    [seating] = notices.to(GROUP_CHAT, "game.seating")
    dealt = next(i for i, text in enumerate(group) if seating.body in text)
    before_end = group[dealt:-1]
    secret_names = {megami_name(p.megami) for p in state.players if p.megami not in ALWAYS_DEALT}

    assert not [text for text in before_end if any(name in text for name in secret_names)]
    private = [s for s in notices.said if GROUP_CHAT not in s.chats]
    assert not [s.key for s in private if any(s.body in text for text in group)]
    team = {p.user_id for p in state.players if p.faction == ADAZAKURA}
    assert all(set(s.chats) <= team for s in notices.said if s.key.startswith("team."))


def test_every_pressed_button_was_accepted_and_menus_were_followed(played: Played) -> None:
    presses = played.table.presses
    accepted = catalog_text("tap.ok")

    assert presses
    refused = [(p.player.name, p.tap.action, p.toast) for p in presses if not _accepted(p, accepted)]
    assert refused == []
    menus = [p for p in presses if p.tap.menu]
    assert menus, "no multi-step choice was made"
    for opened in menus:
        later = presses[presses.index(opened) + 1 :]
        assert any(p.player == opened.player and not p.tap.menu for p in later)


def test_every_message_was_delivered_and_nothing_is_left_in_the_outbox(played: Played) -> None:
    assert_all_delivered(played.table, played.notices)


def _accepted(press: Press, accepted: str) -> bool:
    """A tap is accepted when its toast is the acknowledgement, or silent for a menu level."""
    return press.answered and press.toast == (None if press.tap.menu else accepted)
