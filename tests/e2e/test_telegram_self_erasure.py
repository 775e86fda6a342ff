"""徒桜戦争 through the Telegram webhook: a team member's erasure of their own seat (ヤツハ choosing
herself) is never one careless tap. The erasure buttons sit under 「消滅させる相手を選ぶ」; her own seat
opens one more level whose only choice says that she dies; typed, ``/kill <own seat>`` alone is refused
with how to confirm, and ``/kill <own seat> confirm`` counts."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.engine.notice import Action
from handlers.messages import Tap
from infra.dynamodb import DynamoStore
from tests.e2e import moves
from tests.e2e.harness import Player, Table, catalog_text, open_and_start, player_ref, players, taps
from tests.fakes.telegram_api import FakeTelegramApi, Received

#: Seat 1 is ヤツハ, alone on the Adazakura side.
SEATS = ["yatsuha/A", "korunu/S", "yurina/S", "saine/S", "shinra/S"]


@pytest.fixture
def night1(api: FakeTelegramApi, store: DynamoStore) -> Table:
    """Night 1 of a five-seat game, nobody exiled on day 1."""
    table = Table(api, store, players(5), settings={"setup": {"seats": SEATS}})
    open_and_start(table, "adazakura")
    table.fire_timer_at_deadline()  # night 0
    table.fire_timer_at_deadline()  # the discussion
    table.fire_timer_at_deadline()  # the vote, without ballots
    assert (table.state().phase, table.state().night.n) == ("night", 1)
    return table


def _buttons(message: Received) -> list[tuple[str, Tap]]:
    """``(label, tap)`` of every callback button of ``message`` as the chat shows it now."""
    by_data = dict(taps(message))
    return [(label, by_data[data]) for row in message.buttons for label, data in row if data in by_data]


def _level(table: Table, player: Player, message_id: int) -> Received:
    """The message a menu tap edited in place."""
    [message] = [m for m in table.api.messages(player.chat) if m.message_id == message_id]
    return message


def test_her_own_seat_asks_for_a_confirmation_and_the_others_do_not(night1: Table) -> None:
    yatsuha = night1.player_at(1)
    me = player_ref(1, yatsuha.name)
    keyboard = moves.current_keyboard(night1, yatsuha)
    assert keyboard is not None
    top = _buttons(keyboard)
    at_once = [label for label, tap in top if tap.action.kind == "kill" and not tap.menu]
    assert not at_once, "no erasure is one tap from the prompt"
    [(opener, open_tap)] = [(label, tap) for label, tap in top if tap.action.kind == "kill"]
    assert opener == catalog_text("menu.kill")

    night1.press_tap(yatsuha, open_tap)
    level = _buttons(_level(night1, yatsuha, keyboard.message_id))
    finals = {tap.action.args[0] for _, tap in level if tap.action.kind == "kill" and not tap.menu}
    assert finals == {2, 3, 4, 5, "none"}, "another seat (or nobody) is one tap from here"
    [(own, own_tap)] = [(label, tap) for label, tap in level if tap.menu and tap.action.kind == "kill"]
    assert own == me, "her own seat opens a level: it does not erase yet"
    assert own_tap.action.args == (1,)

    night1.press_tap(yatsuha, own_tap)
    assert night1.state().night.team == {}, "opening her own seat chose nothing"
    confirm = [(label, tap) for label, tap in _buttons(_level(night1, yatsuha, keyboard.message_id))
               if tap.action.kind == "kill"]  # fmt: skip
    assert [label for label, _ in confirm] == [i18n.text("action.kill.2", "ja", "adazakura", a0=me)]
    assert "死亡します" in confirm[0][0]

    night1.press_tap(yatsuha, confirm[0][1])
    assert night1.state().night.team[1].target == 1


def test_typed_kill_on_herself_needs_confirm(night1: Table) -> None:
    yatsuha = night1.player_at(1)
    before = night1.snapshot()
    night1.in_private(yatsuha, "/kill 1")
    assert night1.sent_to(yatsuha.chat)[-1] == catalog_text("reason.kill.confirm_self")
    assert night1.snapshot() == before
    night1.in_private(yatsuha, "/kill 1 confirm")
    assert night1.state().night.team[1].target == 1
    night1.in_private(yatsuha, "/kill 3")
    assert night1.state().night.team[1].target == 3, "another seat needs no confirmation"


def test_a_forged_one_step_tap_on_herself_is_refused(night1: Table) -> None:
    yatsuha = night1.player_at(1)
    before = night1.snapshot()
    seq = night1.state().phase_seq
    press = night1.press_tap(yatsuha, Tap(night1.game_id, seq, Action(kind="kill", args=(1,))))
    assert press.toast == catalog_text("reason.kill.confirm_self")
    assert night1.snapshot() == before
