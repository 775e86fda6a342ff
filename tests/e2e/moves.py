"""What a player does with the buttons in their 1:1 chat: only taps on keyboards the bot sent them.

A player uses the newest keyboard of the current phase (older keyboards stay in the chat, as in
Telegram). Multi-step choices are followed level by level: a menu tap edits the message in place and the
player presses one of its new buttons.
"""

from __future__ import annotations

from collections.abc import Callable

from core.engine.notice import Action
from handlers.messages import Tap
from tests.e2e.harness import Player, Press, Table, taps
from tests.fakes.telegram_api import Received

BACK = "menu"


def current_keyboard(table: Table, player: Player) -> Received | None:
    """The newest message in ``player``'s chat whose buttons belong to the phase now running."""
    seq = table.state().phase_seq
    for message in reversed(table.keyboards(player)):
        if any(tap.phase_seq == seq for _, tap in taps(message)):
            return message
    return None


def press_first(table: Table, player: Player, wanted: Callable[[Tap], bool]) -> Press | None:
    """Press the first button of the current keyboard whose tap is ``wanted``; ``None`` if none is."""
    keyboard = current_keyboard(table, player)
    if keyboard is None:
        return None
    for data, tap in taps(keyboard):
        if wanted(tap):
            table.tick()
            return table.press(player, data, keyboard.message_id)
    return None


def use_ability(table: Table, player: Player) -> list[Press]:
    """Choose the first night-ability option on offer, following its menu levels to a final choice."""
    keyboard = current_keyboard(table, player)
    if keyboard is None:
        return []
    offered = [(data, tap) for data, tap in taps(keyboard) if tap.action.kind.startswith("night.")]
    if not offered:
        return []
    data, tap = offered[0]
    table.tick()
    presses = [table.press(player, data, keyboard.message_id)]
    while tap.menu:
        [edited] = [m for m in table.api.messages(player.chat) if m.message_id == keyboard.message_id]
        data, tap = next((d, t) for d, t in taps(edited) if t.action.kind != BACK)
        table.tick()
        presses.append(table.press(player, data, keyboard.message_id))
    return presses


def night_turn(table: Table, player: Player, *, team: set[int]) -> list[Press]:
    """Use an ability, choose an erasure target outside ``team`` if on the Adazakura side, then done."""
    presses = use_ability(table, player) + erase(table, player, team=team)
    done = press_first(table, player, lambda t: t.action.kind == "done")
    return [*presses, *([done] if done is not None else [])]


def erase(table: Table, player: Player, *, team: set[int]) -> list[Press]:
    """On the Adazakura side: open the erasure menu (「消滅させる相手を選ぶ」) and choose a seat outside
    ``team``; nothing for anyone else."""
    keyboard = current_keyboard(table, player)
    found = [d for d, t in taps(keyboard) if t.action.kind == "kill" and t.menu] if keyboard else []
    if keyboard is None or not found:
        return []
    table.tick()
    presses = [table.press(player, found[0], keyboard.message_id)]
    level = _edited(table, player, keyboard.message_id)
    wanted = [d for d, t in taps(level)
              if t.action.kind == "kill" and not t.menu and _is_seat_outside(t, team)]  # fmt: skip
    table.tick()
    presses.append(table.press(player, wanted[0], keyboard.message_id))
    return presses


def press_action(table: Table, player: Player, action: Action) -> list[Press]:
    """Press the button of ``action`` on the current keyboard, opening the menu levels that lead to it
    (a kind with several steps, such as the erasure menu); raises ``StopIteration`` when none leads there."""
    keyboard = current_keyboard(table, player)
    assert keyboard is not None, "no keyboard of the current phase"
    message, presses = keyboard, []
    while True:
        data, tap = next((d, t) for d, t in taps(message) if _leads_to(t, action))
        table.tick()
        presses.append(table.press(player, data, keyboard.message_id))
        if not tap.menu:
            return presses
        message = _edited(table, player, keyboard.message_id)


def _leads_to(tap: Tap, action: Action) -> bool:
    """Whether pressing ``tap`` is ``action`` or opens a menu level on the way to it."""
    if not tap.menu:
        return tap.action == action
    depth = len(tap.action.args)
    same = tap.action.kind == action.kind and tap.action.args == action.args[:depth]
    return same and depth < len(action.args)


def _edited(table: Table, player: Player, message_id: int) -> Received:
    """The message ``message_id`` of ``player``'s chat as a menu tap edited it."""
    [message] = [m for m in table.api.messages(player.chat) if m.message_id == message_id]
    return message


def vote(table: Table, player: Player, target: int | None = None) -> Press | None:
    """Vote for seat ``target`` (default: the first player on the ballot other than oneself)."""
    own = table.seat_of(player)

    def wanted(tap: Tap) -> bool:
        if tap.action.kind != "vote" or not isinstance(tap.action.args[0], int):
            return False
        return tap.action.args[0] == target if target is not None else tap.action.args[0] != own

    return press_first(table, player, wanted)


def _is_seat_outside(tap: Tap, team: set[int]) -> bool:
    arg = tap.action.args[0] if tap.action.args else None
    return isinstance(arg, int) and arg not in team


def open_lobby(table: Table) -> None:
    """The first person opens a lobby in the group; everyone joins through its deep link."""
    table.in_group(table.people[0], "/newgame")
    for player in table.people:
        table.open_join_link(player)


def start(table: Table) -> None:
    """The host (first person) starts the game."""
    table.in_group(table.people[0], "/startgame")


def everyone_done(table: Table) -> None:
    """Every living player presses "done" without choosing anything: the night closes."""
    for player in table.living():
        press_first(table, player, lambda t: t.action.kind == "done")


def to_the_vote(table: Table) -> None:
    """From a night: everyone done, then the discussion timer fires; the vote is open."""
    everyone_done(table)
    table.fire_timer_at_deadline()
    assert table.state().phase == "vote"
