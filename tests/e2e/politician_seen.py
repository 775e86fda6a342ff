"""What the players of a 政治家人狼 Telegram game saw, read back for assertions: texts as the catalogs
render them (``ja``), the group's messages before and after the final reveal, the messages one press
caused, and the places where a role name shows up in the group before the end."""

from __future__ import annotations

from typing import Any

import core.i18n as i18n
from core.engine.notice import Param, PlayerRef, RoleRef
from core.games.politician.roles import ROLES
from tests.e2e.harness import GROUP, GROUP_CHAT, NoticeLog, Press, Said
from tests.e2e.politician import GAME, Played, PoliticianTable


def text(key: str, **params: Param) -> str:
    """Catalog ``key`` rendered in Japanese for this game."""
    return i18n.text(key, "ja", GAME, **params)


def pref(state: Any, seat: int) -> PlayerRef:
    return PlayerRef(seat=seat, name=state.players[seat - 1].name)


def ref(state: Any, seat: int) -> str:
    """A player as every message names them ("3番 Sam")."""
    return text("ref.player", seat=seat, name=state.players[seat - 1].name)


def role_name(role: str) -> str:
    return i18n.render_param(RoleRef(id=role), "ja", GAME)


def seat_of(state: Any, press: Press) -> int:
    return next(p.seat for p in state.players if p.user_id == press.player.chat)


def group_texts(played: Played) -> tuple[list[str], list[str]]:
    """The group's messages before the one with the final reveal, and from it on."""
    [over] = played.notices.to(GROUP_CHAT, "game.over")
    group = played.table.sent_to(GROUP)
    end = next(i for i, t in enumerate(group) if over.body in t)
    return group[:end], group[end:]


def group_calls(table: PoliticianTable, press: Press) -> list[str]:
    """Texts the bot posted in the group while handling ``press``."""
    return [
        c.params["text"]
        for c in table.calls_of(press)
        if c.method == "sendMessage" and c.params["chat_id"] == GROUP
    ]


def night_prompts(notices: NoticeLog) -> list[list[Said]]:
    """The ``night.prompt`` notices of each night, in order (those after each ``night.start``)."""
    nights: list[list[Said]] = []
    for said in notices.said:
        if said.key == "night.start":
            nights.append([])
        elif said.key == "night.prompt":
            nights[-1].append(said)
    return nights


def lines_naming_hidden_roles(played: Played) -> list[str]:
    """Lines of group messages before the end that name a player and a role other than the roles of the
    players on that line who were elected by then (the composition's role lines name no player)."""
    state = played.table.state()
    roles = {p.seat: p.role for p in state.players}
    refs = {p.seat: ref(state, p.seat) for p in state.players}
    elected = [s.body for s in played.notices.to(GROUP_CHAT, "elected")]
    revealed: set[int] = set()
    leaks = []
    for message in group_texts(played)[0]:
        revealed |= {r.seat for r, body in zip(state.filled, elected, strict=True) if body in message}
        for line in message.splitlines():
            named = {seat for seat, r in refs.items() if r in line}
            shown = {role for role in ROLES if role_name(role) in line}
            if named and not shown <= {roles[s] for s in named & revealed}:
                leaks.append(line)
    return leaks


def notices_naming_hidden_roles(played: Played) -> list[str]:
    """Keys of public notices before the end that name a role nobody elected so far holds; the
    composition may name every role of the cast, the lobby the cast of the rules for its table size (public
    before anyone is dealt), the lover-found news the lover (AMB-34: it names nobody)."""
    state = played.table.state()
    assert state.cast is not None
    allowed = {"game.composition": set(state.cast.roles), "lobby.opened": set(ROLES),
               "morning.lover_found": {"lover"}}  # fmt: skip
    filled = iter(state.filled)
    revealed: set[str] = set()
    leaks = []
    for said in played.notices.to(GROUP_CHAT):
        if said.key == "game.over":
            break
        if said.key == "elected":
            revealed.add(next(filled).role)
        shown = {role for role in ROLES if role_name(role) in said.body}
        if not shown <= revealed | allowed.get(said.key, set()):
            leaks.append(said.key)
    return leaks
