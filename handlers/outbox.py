"""Notices → rendered messages for the outbox: audiences resolved to chats, text in the game's language,
buttons from the notice's legal actions; consecutive plain messages to one chat are merged (group rate
limits, [ADZ-11.3]), except that a silent message (``Notice.silent``, sent without a notification sound)
is never merged with one that is not. Payloads are JSON so the store keeps them opaque."""

from __future__ import annotations

import json
import logging
from typing import Any

import core.i18n as i18n
from core.engine.notice import Action, Notice
from core.games import GameRules
from handlers import menu
from handlers.messages import Button, OutMessage, Tap

log = logging.getLogger(__name__)


def recipients(rules: GameRules, state: Any, notice: Notice) -> list[str]:
    """Chat ids a notice goes to: the group, seats' 1:1 chats, or one user's 1:1 chat."""
    to = notice.to
    if to.kind == "public":
        return [state.chat_id]
    if to.kind == "user":
        return [to.user_id] if to.user_id else []
    seats = rules.seats(state)
    return [seats[s].user_id for s in to.seats if s in seats]


def _body(notice: Notice, locale: str, game: str) -> str:
    """The notice's text; a missing catalog key (a defect the catalog tests catch) degrades to the key."""
    try:
        return i18n.render(notice, locale, game)
    except KeyError:
        log.exception("missing catalog text for %s", notice.key)
        return f"[{notice.key}]"


def render_notices(rules: GameRules, state: Any, notices: list[Notice]) -> list[OutMessage]:
    """Every notice rendered for every recipient, in order, merged where possible."""
    names = {seat: m.name for seat, m in rules.seats(state).items()}
    out: list[OutMessage] = []
    for notice in notices:
        body = _body(notice, state.locale, state.game)
        buttons = menu.build(
            notice.actions, None, game_id=state.game_id, phase_seq=notice.phase_seq,
            locale=state.locale, game=state.game, names=names,
        )  # fmt: skip
        for chat in recipients(rules, state, notice):
            message = OutMessage(chat_id=chat, text=body, buttons=buttons, silent=notice.silent)
            last = out[-1] if out else None
            if last is not None and _mergeable(last, message):
                out[-1] = OutMessage(
                    chat_id=chat, text=f"{last.text}\n\n{body}", buttons=buttons, silent=message.silent
                )
            else:
                out.append(message)
    return out


def _mergeable(last: OutMessage, message: OutMessage) -> bool:
    """Whether ``message`` may be appended to ``last``: same chat, ``last`` has no buttons, and both are
    silent or both are not."""
    return last.chat_id == message.chat_id and not last.buttons and last.silent == message.silent


def dump(message: OutMessage) -> str:
    """The outbox payload of ``message`` (compact JSON)."""
    rows = [
        [
            {"label": b.label, "tap": {"game_id": b.tap.game_id, "phase_seq": b.tap.phase_seq,
                                       "action": b.tap.action.model_dump(mode="json"), "menu": b.tap.menu}}
            for b in row
        ]
        for row in message.buttons
    ]  # fmt: skip
    data: dict[str, Any] = {"chat_id": message.chat_id, "text": message.text, "buttons": rows,
                            "edit_of": message.edit_of}  # fmt: skip
    if message.silent:
        data["silent"] = True
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def load(payload: str) -> OutMessage:
    """The message stored by :func:`dump`."""
    data = json.loads(payload)
    rows = tuple(
        tuple(
            Button(
                label=b["label"],
                tap=Tap(
                    game_id=b["tap"]["game_id"],
                    phase_seq=b["tap"]["phase_seq"],
                    action=Action(kind=b["tap"]["action"]["kind"], args=tuple(b["tap"]["action"]["args"])),
                    menu=b["tap"].get("menu", False),
                ),
            )
            for b in row
        )
        for row in data["buttons"]
    )
    return OutMessage(
        chat_id=data["chat_id"], text=data["text"], buttons=rows, edit_of=data.get("edit_of"),
        silent=bool(data.get("silent", False)),
    )  # fmt: skip
