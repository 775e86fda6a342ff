"""Notices → rendered messages for the outbox: audiences resolved to chats, text in the game's language,
buttons from the notice's legal actions. The messages of one commit to one chat are merged where the
chat's previous message of that commit allows it (group rate limits, design §4, [ADZ-11.3]): the group
hears one announcement per transition even when private results were written in between. Order within
a chat is kept: nothing is merged into a message with buttons, and a silent message (``Notice.silent``,
sent without a notification sound) is never merged with one that is not. A slot message
(``Notice.slot``, e.g. the countdown, edited in place by the flush) stays alone: nothing is merged into
it nor it into another, but it replaces the chat's previous message when that one is of the same slot
(only the latest text would show). A started game's group messages carry the game id
(``OutMessage.game_id``: the adapters' link to the player console); a merged message keeps it. A merged
message stays within :data:`MERGE_LIMIT`: a long end (the recap, one notice per round or day) reaches the
chat as several messages, each cut between two notices, never inside one.
:func:`merge` also joins a chat's messages that waited in the outbox
when they finally go (``handlers.delivery``). Payloads are JSON so the store keeps them opaque."""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any, TypeVar

import core.i18n as i18n
from core.engine.notice import Action, Notice
from core.engine.table import CANCELLED, LOBBY
from core.games import GameRules
from handlers import menu
from handlers.messages import Button, Link, OutMessage, Tap
from handlers.textunits import units

log = logging.getLogger(__name__)

K = TypeVar("K")
#: The longest text a commit's merging makes (UTF-16 code units): Telegram's 4096, the smaller of the
#: platforms' limits (LINE's is 5000 characters).
MERGE_LIMIT = 4096


def recipients(rules: GameRules, state: Any, notice: Notice, *, echo: bool = False) -> list[str]:
    """Chat ids a notice goes to: the group, seats' 1:1 chats, or one user's 1:1 chat; the 霊界
    (``afterlife``, ``core.engine.afterlife``) is its seats' 1:1 chats plus those of the spectators of
    ``state`` who read it (``GameRules.afterlife_readers``: all, or only the muted ones while the dead are
    held silent in the group) but its writer's (``Audience.sender``, told ``afterlife.sent`` instead of an
    echo of their words). ``echo``: the writer's too, for what they may read (their console's 霊界 tab,
    ``handlers.console.feed``), never for a send."""
    to = notice.to
    if to.kind == "public":
        return [state.chat_id]
    if to.kind == "user":
        return [to.user_id] if to.user_id else []
    seats = rules.seats(state)
    chats = [seats[s].user_id for s in to.seats if s in seats]
    if to.kind == "afterlife":
        readers = rules.afterlife_readers(state)  # while the dead are held silent: the muted spectators
        chats += [user for user in readers if user != to.sender and user not in chats]
        if echo and to.sender is not None and to.sender not in chats:
            chats.append(to.sender)
    return chats


def body_of(notice: Notice, locale: str, game: str, wording: str | None = None) -> str:
    """The notice's text (in the ``wording`` variant where the catalog has one, see
    :func:`render_notices`); a missing catalog key (a defect the catalog tests catch) degrades to the key."""
    try:
        return i18n.render(notice, locale, game, variant=wording)
    except KeyError:
        log.exception("missing catalog text for %s", notice.key)
        return f"[{notice.key}]"


def render_notices(
    rules: GameRules, state: Any, notices: list[Notice], *, wording: str | None = None, echo: bool = False
) -> list[OutMessage]:
    """Every notice rendered for every recipient, merged per chat where possible (see the module
    docstring): in order within each chat; a merged message takes the place of its first part.
    ``wording``: a catalog wording variant for every recipient alike: a key with a ``<key>.<wording>``
    text is rendered with that text (``"console"``: the player console is the primary private channel,
    so the texts send players to their own screen, not the 1:1 chat; ``handlers.runner``); None: the
    usual texts. ``echo``: a 霊界 text also for its writer (:func:`recipients`: what they read, never
    sent)."""
    names = {seat: m.name for seat, m in rules.seats(state).items()}
    started = getattr(state, "phase", LOBBY) not in (LOBBY, CANCELLED)
    out: list[OutMessage] = []
    for notice in notices:
        body = body_of(notice, state.locale, state.game, wording)
        buttons = menu.build(
            notice.actions, None, game_id=state.game_id, phase_seq=notice.phase_seq,
            locale=state.locale, game=state.game, names=names,
        )  # fmt: skip
        out += [
            OutMessage(
                chat_id=chat,
                text=body,
                buttons=buttons,
                silent=notice.silent,
                locale=state.locale,
                slot=notice.slot,
                game_id=state.game_id if started and chat == state.chat_id else None,
            )
            for chat in recipients(rules, state, notice, echo=echo)
        ]
    return [message for _, message in merge(list(enumerate(out)), limit=MERGE_LIMIT)]


def merge(
    messages: list[tuple[K, OutMessage]], *, limit: int | None = None
) -> list[tuple[list[K], OutMessage]]:
    """``messages`` (each with a key, e.g. its outbox id), merged per chat where the chat's previous
    merged message allows it (see the module docstring) and, with ``limit``, the text stays within
    ``limit`` UTF-16 code units. Returns each merged message with the keys of its parts, placed where
    its first part was; order within a chat is kept."""
    out: list[tuple[list[K], OutMessage]] = []
    last_of: dict[str, int] = {}  # chat → index in ``out`` of its latest message
    for key, message in messages:
        index = last_of.get(message.chat_id)
        if index is not None and message.slot is not None and out[index][1].slot == message.slot:
            out[index] = ([*out[index][0], key], message)  # the newer text of the slot replaces the older
        elif index is not None and _mergeable(out[index][1], message, limit):
            keys, last = out[index]
            text = f"{last.text}\n\n{message.text}"
            out[index] = ([*keys, key], replace(message, text=text, game_id=message.game_id or last.game_id))
        else:
            last_of[message.chat_id] = len(out)
            out.append(([key], message))
    return out


def _mergeable(last: OutMessage, message: OutMessage, limit: int | None) -> bool:
    """Whether ``message`` may be appended to ``last``, the chat's latest message: same chat, ``last``
    has no buttons, neither edits a message nor has a slot nor stands alone, both are silent or both are
    not, and the text fits."""
    if last.chat_id != message.chat_id or last.buttons or last.silent != message.silent:
        return False
    if last.edit_of is not None or message.edit_of is not None or last.slot or message.slot:
        return False
    if last.alone or message.alone:
        return False
    return limit is None or units(last.text) + 2 + units(message.text) <= limit


def without_stale_buttons(message: OutMessage, phase_seq: int) -> OutMessage:
    """``message`` without its buttons when every one of them belongs to a phase before ``phase_seq`` (the
    game moved on while the message waited in the outbox, e.g. for a LINE player's next tap, or a chat
    Telegram held back): a tap could only be refused as stale, so the text goes alone. Buttons valid in
    any phase (``Tap.phase_seq`` ``None``) are kept."""
    seqs = [button.tap.phase_seq for row in message.buttons for button in row]
    if seqs and all(seq is not None and seq < phase_seq for seq in seqs):
        return replace(message, buttons=())
    return message


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
    if message.locale != "ja":
        data["locale"] = message.locale
    if message.slot is not None:
        data["slot"] = message.slot
    if message.game_id is not None:
        data["game_id"] = message.game_id
    if message.outbox_id is not None:
        data["id"] = message.outbox_id
    if message.alone:
        data["alone"] = True
    if message.photo is not None:
        data["photo"] = message.photo
    if message.link is not None:
        data["link"] = {"label": message.link.label, "url": message.link.url}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def load(payload: str) -> OutMessage:
    """The message stored by :func:`dump`."""
    data = json.loads(payload)
    link = data.get("link")
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
        silent=bool(data.get("silent", False)), locale=str(data.get("locale", "ja")), slot=data.get("slot"),
        game_id=data.get("game_id"), outbox_id=data.get("id"), alone=bool(data.get("alone", False)),
        photo=data.get("photo"), link=Link(label=link["label"], url=link["url"]) if link else None,
    )  # fmt: skip
