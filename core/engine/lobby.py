"""The lobby every game shares: joining, leaving, reachability, and the host's start/cancel checks.

Functions change the given (already copied) state and return the notices to send, or a ``Rejected``.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import core.i18n as i18n
from core.engine.notice import PUBLIC, Action, Notice, Param, to_user
from core.engine.result import Rejected
from core.engine.table import CANCELLED, LOBBY, Member, TableState

#: How long a lobby waits for its start (seconds) unless the group's settings say otherwise
#: (``settings["lobby_seconds"]``, kept within :data:`LOBBY_BOUNDS`); then it expires
#: (docs/architecture.md "Lobby expiry and AFK").
LOBBY_SECONDS = 1800
LOBBY_BOUNDS = (60, 86400)
#: Characters that show nothing although Unicode calls them letters or symbols (Hangul fillers, the
#: braille blank): a name of only these, spaces, controls and format characters is no name.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def readable_name(name: str, taken: list[str], number: int, locale: str, game: str) -> str:
    """The name a player is shown by: ``name`` without surrounding blanks; an empty or invisible one (only
    spaces, zero-width and other format characters) ``name.fallback`` (``number``: the n-th to join);
    one of the ``taken`` names gets ``name.duplicate`` with the first free number from 2."""
    name = "".join(c for c in name if unicodedata.category(c) != "Cc").strip()
    if all(c in _BLANKS or c.isspace() or unicodedata.category(c) in ("Cf", "Zs", "Mn", "Me") for c in name):
        name = i18n.text("name.fallback", locale, game, number=number)
    readable, n = name, 2
    while readable in taken:
        readable, n = i18n.text("name.duplicate", locale, game, name=name, number=n), n + 1
    return readable


def _lobby_notice(state: TableState, key: str, **params: Param) -> Notice:
    counted: dict[str, Param] = {
        "count": len(state.members),
        "names": [m.name for m in state.members],
        **params,
    }
    return Notice.unchecked(key, PUBLIC, counted, phase_seq=state.phase_seq)


def how_to_join(state: TableState, user_id: str, *, public: bool) -> list[Notice] | Rejected:
    """``/join`` typed: joining is the lobby's button, so the answer is that button again
    (``lobby.how_to_join``, with the members so far), in the group when asked there. A running game
    refuses (``join.started``: the next game), a finished or cancelled one too (``join.none``)."""
    if state.phase != LOBBY:
        return Rejected(reason="join.none" if state.is_over else "join.started")
    notice = _lobby_notice(state, "lobby.how_to_join")
    to = PUBLIC if public else to_user(user_id)
    return [notice.model_copy(update={"to": to, "actions": [Action(kind="join")]})]


def _not_lobby(state: TableState) -> Rejected:
    """Why a lobby command comes too late: the game is running, or already over."""
    return Rejected(reason="game.over" if state.is_over else "game.running")


def join(
    state: TableState, member: Member, *, max_players: int, reachable: bool = True
) -> list[Notice] | Rejected:
    """Add ``member`` to the lobby [ADZ-4.1]; refuses a running or finished game, a full table, a second
    join. A member the bot cannot message yet (``reachable`` False, e.g. not a LINE friend of the bot) is
    named to the group in the same breath and blocks the start until reachable."""
    if state.phase != LOBBY:
        return _not_lobby(state)
    if state.member(member.user_id):
        return Rejected(reason="lobby.already_joined")
    if len(state.members) >= max_players:
        return Rejected(reason="lobby.full", params={"max": max_players})
    taken = [m.name for m in state.members]
    name = readable_name(member.name, taken, len(taken) + 1, state.locale, state.game)
    member = member.model_copy(update={"name": name})
    state.members.append(member)
    notices = [
        _lobby_notice(state, "lobby.joined", name=member.name),
        Notice.unchecked("lobby.welcome", to_user(member.user_id), {"game": state.game}),
    ]
    if not reachable:
        state.unreachable.append(member.user_id)
        notices.insert(1, _lobby_notice(state, "lobby.unreachable", name=member.name))
    return notices


def leave(state: TableState, user_id: str, *, now: int) -> list[Notice] | Rejected:
    """Remove ``user_id`` from the lobby; the host role passes to the next member if the host leaves.
    When nobody is left (the host included) the lobby is cancelled and the group told (``lobby.emptied``,
    the leaver's ``name``), so ``/newgame`` opens a new one there at once (J27, P13, D18). ``now``: UTC epoch
    seconds."""
    member = state.member(user_id)
    if member is None:
        return Rejected(reason="not_player")
    if state.phase != LOBBY:
        return _not_lobby(state)
    state.members.remove(member)
    if not state.members:
        state.enter(CANCELLED, now=now, seconds=None)
        return [
            Notice(key="lobby.emptied", to=PUBLIC, params={"name": member.name}, phase_seq=state.phase_seq)
        ]
    if state.host == user_id:
        state.host = state.members[0].user_id
    return [_lobby_notice(state, "lobby.left", name=member.name)]


def check_start(state: TableState, user_id: str, *, min_players: int, max_players: int) -> Rejected | None:
    """Why the host cannot start now, or ``None``: host only, player range, everyone reachable."""
    if state.phase != LOBBY:
        return _not_lobby(state)
    if user_id != state.host:
        return Rejected(reason="not_host")
    if not min_players <= len(state.members) <= max_players:
        return Rejected(reason="lobby.too_few", params={"min": min_players, "max": max_players})
    blocked = [m.name for m in state.members if m.user_id in state.unreachable]
    if blocked:
        return Rejected(reason="lobby.unreachable", params={"names": blocked})
    return None


def check_configure(state: TableState, user_id: str) -> Rejected | None:
    """Why ``user_id`` cannot change the game's options now, or ``None``: the host, in the lobby."""
    if state.phase != LOBBY:
        return Rejected(reason="option.lobby_only")
    if user_id != state.host:
        return Rejected(reason="not_host")
    return None


def set_reachable(state: TableState, user_id: str, reachable: bool) -> list[Notice] | Rejected:
    """Record that a member can (not) be messaged; the group is told how to fix it [ADZ-4.1]."""
    member = state.member(user_id)
    if member is None:
        return Rejected(reason="not_player")
    unreachable = state.unreachable
    was = user_id in unreachable
    if reachable and was:
        unreachable.remove(user_id)
        return [_lobby_notice(state, "lobby.reachable", name=member.name)]
    if not reachable and not was:
        unreachable.append(user_id)
        key = "lobby.unreachable" if state.phase == LOBBY else "game.unreachable"
        return [_lobby_notice(state, key, name=member.name)]
    return []


def lobby_seconds(settings: dict[str, Any]) -> int:
    """The lobby's lifetime in seconds: ``settings["lobby_seconds"]`` kept within :data:`LOBBY_BOUNDS`
    (60..86400), or :data:`LOBBY_SECONDS` (1800) when absent or not a whole number."""
    value = settings.get("lobby_seconds", LOBBY_SECONDS)
    if isinstance(value, bool) or not isinstance(value, int):
        return LOBBY_SECONDS
    low, high = LOBBY_BOUNDS
    return min(high, max(low, value))


def expire(state: TableState, *, now: int) -> list[Notice]:
    """The lobby's deadline passed before the start (docs/architecture.md "Lobby expiry and AFK"): it is
    cancelled, and the group is told with the lobby's lifetime in ``seconds``. ``now``: UTC epoch
    seconds."""
    seconds = lobby_seconds(state.settings)
    state.enter(CANCELLED, now=now, seconds=None)
    return [_lobby_notice(state, "lobby.expired", seconds=seconds)]


def find(members: list[Member], target: str) -> int | Rejected:
    """The 0-based index in ``members`` of ``target`` as the host typed it: a number is a place in the
    list (1-based: the lobby's join order, or a seat), anything else a name (case and a leading ``@``
    ignored). Refused as ``kick.unknown`` when nobody matches, ``kick.ambiguous`` when several do."""
    typed = target.strip()
    if typed.isdigit():
        place = int(typed)
        if 1 <= place <= len(members):
            return place - 1
        return Rejected(reason="kick.unknown", params={"target": typed})
    name = typed.removeprefix("@").casefold()
    found = [i for i, m in enumerate(members) if m.name.strip().casefold() == name]
    if len(found) > 1:
        return Rejected(reason="kick.ambiguous", params={"target": typed})
    if not found:
        return Rejected(reason="kick.unknown", params={"target": typed})
    return found[0]


def kick(state: TableState, user_id: str, target: str) -> list[Notice] | Rejected:
    """Host only, in the lobby: remove the member ``target`` (see :func:`find`) as if they had left; the
    group is told (``lobby.kicked``). Refuses a non-host (``not_host``), the host themself (``kick.self``)
    and an unknown or ambiguous target. The kicked member's ``user#`` pointer is the service's to release."""
    if state.phase != LOBBY:
        return _not_lobby(state)
    if user_id != state.host:
        return Rejected(reason="not_host")
    index = find(state.members, target)
    if isinstance(index, Rejected):
        return index
    member = state.members[index]
    if member.user_id == state.host:
        return Rejected(reason="kick.self")
    state.members.remove(member)
    if member.user_id in state.unreachable:
        state.unreachable.remove(member.user_id)
    return [_lobby_notice(state, "lobby.kicked", name=member.name)]
