"""A batch of :class:`~handlers.messages.OutMessage` for one LINE chat → LINE message objects, as the
JSON-ready dicts of a reply or push request body (Messaging API reference, "Message objects").

What a player sees, per message of the batch:

- no buttons → a text message; a text over 5000 characters is split into several, at a line break
  where one is near ("Text message": ``text`` max 5000 characters);
- buttons → a Flex Message bubble ("Flex Message", "Bubble", "Box", "Button", "Text"): the text in the
  body (``wrap``), one small secondary button per action in a vertical footer, a long text's head as
  text messages before it. Choices are postback actions whose ``data`` is :func:`handlers.taps.encode`
  under LINE's 300 characters ("Postback action"), with NO ``displayText``: the tapper's choice must not
  appear in the chat, where the group would see who voted for whom. A bubble's JSON stays within 30 KB
  ("Bubble") and :data:`MAX_BUTTONS`: the largest menu level the games draw (a ``/co`` list of 22 Megami
  plus "back") fits; more are cut with a note (``line.choices.cut``). Multi-step choices already come as
  menu levels (:mod:`handlers.menu`), one level per message;
- the lobby's join button (action kind ``join``) stays a postback (joining happens in the group); with
  the bot's basic id an "add friend" link follows it (``https://line.me/R/ti/p/<basic id>``, LINE URL
  scheme) so a player who is not yet a friend can become one;
- in free mode a batch to a group (``line:C…``) or room (``line:R…``) ends with a quick reply ("Quick
  reply": ≤ 13 items, labels ≤ 20 characters) holding the 「進行」 postback (data :data:`NUDGE`) and, with
  a basic id, the link that opens the 1:1 chat with 「自分の番」 typed in
  (``https://line.me/R/oaMessage/<basic id>/?<text>``). A quick-reply postback must have a
  ``displayText`` ("Postback action"), so only 「進行」, never a choice, goes there;
- with the player console's LIFF app (``Links.liff_id``, env ``LINE_LIFF_ID``), a batch to a group with a
  started game's message (``OutMessage.game_id``) ends with a quick reply that also holds a URI action
  (catalog ``console.open``) opening ``https://liff.line.me/<liff id>?g=<game id>`` ("Opening a LIFF
  app": the game travels in the URL, LIFF gives no group id), in either delivery mode;
- a message with a ``photo`` (the recap picture) → an image message of that https URL, then a bubble with
  its text and its ``link`` as a URI action (two objects); a ``link`` without a picture (the ``/recap``
  answer's page) → a URI action button under the message's last text, after its postback buttons.

A reply or push carries at most :data:`MAX_OBJECTS` (5) objects ("Send reply message"). :func:`fit` says
how many leading messages of a batch fit; :func:`messages` renders only those, and the caller keeps the
rest for its next call (:func:`fold` joins a reply's plain texts when they do not all fit). A single
message needing more than 5 objects (over ~20 000 characters) is cut with a note (``line.text.cut``).
Labels come from the catalogs (``line.*`` in ``core/i18n/*/common.toml``) in the message's ``locale``;
lengths are counted in UTF-16 code units, which is never less than LINE's character count. ``edit_of``
and ``silent`` are ignored: LINE cannot edit a sent message, and a reply always notifies (a menu's next
level arrives as a new bubble).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote

import core.i18n as i18n
from handlers import taps
from handlers.messages import Button, Link, OutMessage
from handlers.textunits import head, units

log = logging.getLogger(__name__)

#: Postback data of the 「進行」 button (and the 1:1 rich menu's 「自分の番」): deliver what waits.
NUDGE = "~nudge"
#: Most message objects per reply or push call.
MAX_OBJECTS = 5
TEXT_UNITS = 5000
ALT_TEXT_UNITS = 400
BUTTON_LABEL_UNITS = 40
QUICK_LABEL_UNITS = 20
QUICK_ITEMS = 13
POSTBACK_DATA = 300
#: A bubble's JSON, as sent (compact UTF-8, as httpx's ``json=`` encodes it): LINE allows 30 KB.
BUBBLE_BYTES = 30_000
#: Most buttons in one bubble, for a phone screen (each is one small row).
MAX_BUTTONS = 30
JOIN = "join"
_ELLIPSIS = "…"
_COMMON = "common"
_GROUP_PREFIXES = ("line:C", "line:R")


@dataclass(frozen=True)
class Links:
    """What rendering needs from the LINE account and the operator's setting.

    ``basic_id``: the bot's basic id (``@123abcde``); ``None`` → no add-friend or 1:1 links.
    ``free_mode``: group batches end with the 「進行」 quick reply and the 1:1 link (design §4).
    ``liff_id``: the player console's LIFF app; ``None`` → no console link.
    """

    basic_id: str | None
    free_mode: bool
    liff_id: str | None = None


def messages(batch: list[OutMessage], links: Links, *, quick_reply_ok: bool = True) -> list[dict[str, Any]]:
    """The LINE message objects of the first :func:`fit` messages of ``batch`` (all to one chat), at
    most :data:`MAX_OBJECTS`; ``[]`` when there is nothing to show (empty texts without buttons).
    ``quick_reply_ok=False`` leaves out the quick reply."""
    out: list[dict[str, Any]] = []
    for message in batch[: fit(batch)]:
        parts = _split(message.text, TEXT_UNITS)
        room = MAX_OBJECTS - len(out)
        if len(parts) > room:
            parts = [*parts[: room - 1], _with_cut_note(parts[room - 1], message.locale)]
        out += _render(message, parts, links)
    items = _quick_items(batch[: fit(batch)], links) if out and quick_reply_ok else []
    if items:
        out[-1]["quickReply"] = {"items": items}
    return out


def fit(batch: list[OutMessage]) -> int:
    """How many leading messages of ``batch`` :func:`messages` renders within :data:`MAX_OBJECTS`
    objects: at least 1 of a non-empty batch (a single over-long message is cut to fit)."""
    used = 0
    for index, message in enumerate(batch):
        used += _count(message)
        if used > MAX_OBJECTS:
            return max(index, 1)
    return len(batch)


def fold(batch: list[OutMessage]) -> list[OutMessage]:
    """``batch`` (one chat's) with each run of plain texts (no buttons, link, picture or slot, and all
    silent or none) joined into one message, a blank line between, as ``handlers.outbox.merge`` joins a
    chat's messages; order kept. A long text then fills each message object up to :data:`TEXT_UNITS`
    (:func:`messages` splits it at line breaks), so fewer objects carry the same texts: the answers of one
    reply that do not :func:`fit` (``LineSender.send``)."""
    out: list[OutMessage] = []
    for message in batch:
        last = out[-1] if out else None
        if last is not None and _plain(last) and _plain(message) and last.silent == message.silent:
            out[-1] = replace(last, text=f"{last.text}\n\n{message.text}")
        else:
            out.append(message)
    return out


def _plain(message: OutMessage) -> bool:
    """Whether ``message`` is text only, with nothing that places it (a slot, an edit)."""
    shown = message.buttons or message.link is not None or message.photo is not None
    return not shown and message.slot is None and message.edit_of is None


def _count(message: OutMessage) -> int:
    """How many objects ``message`` needs uncut."""
    if message.photo is not None:
        return 2
    if not message.buttons and message.link is None:
        return len([part for part in _split(message.text, TEXT_UNITS) if part])
    return len(_split(message.text, TEXT_UNITS))


def _render(message: OutMessage, parts: list[str], links: Links) -> list[dict[str, Any]]:
    if message.photo is not None:
        return _picture(message)
    buttons = [button for row in message.buttons for button in row]
    if not buttons and message.link is None:
        return [_text(part) for part in parts if part]
    components = [component for button in buttons for component in _components(button, links, message)]
    labels = [button.label for button in buttons]
    if message.link is not None:
        components.append(_uri_button(message.link))
        labels.append(message.link.label)
    flex = _flex(parts[-1], components, labels, message.locale)
    return [*(_text(part) for part in parts[:-1]), flex]


def _picture(message: OutMessage) -> list[dict[str, Any]]:
    """A message with a picture: an image message ("Image message": ``originalContentUrl`` and
    ``previewImageUrl``, https, PNG or JPEG; the preview at most 1 MB) and a bubble with the text and the
    ``link`` as a URI action ("URI action"), or a text message without a link."""
    url = message.photo or ""
    image = {"type": "image", "originalContentUrl": url, "previewImageUrl": url}
    text = _cut(message.text, TEXT_UNITS) if message.text else _ELLIPSIS
    if message.link is None:
        return [image, _text(text)]
    body = [{"type": "text", "text": text, "wrap": True}]
    footer = [_uri_button(message.link)]
    return [image, {"type": "flex", "altText": _cut(text, ALT_TEXT_UNITS), "contents": _bubble(body, footer)}]


def _uri_button(link: Link) -> dict[str, Any]:
    """A footer button that opens ``link`` ("URI action")."""
    action = {"type": "uri", "label": _cut(link.label, BUTTON_LABEL_UNITS), "uri": link.url}
    return {"type": "button", "style": "primary", "height": "sm", "action": action}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _components(button: Button, links: Links, message: OutMessage) -> list[dict[str, Any]]:
    """The footer buttons for ``button``: its postback, plus the add-friend link after a join button."""
    try:
        data = taps.encode(button.tap, max_bytes=POSTBACK_DATA)
    except ValueError:
        log.exception("button left out: its tap does not fit a LINE postback")
        return []
    action = {"type": "postback", "label": _cut(button.label, BUTTON_LABEL_UNITS), "data": data}
    out: list[dict[str, Any]] = [{"type": "button", "style": "secondary", "height": "sm", "action": action}]
    if button.tap.action.kind == JOIN and links.basic_id:
        label = _cut(i18n.text("line.button.add_friend", message.locale, _COMMON), BUTTON_LABEL_UNITS)
        uri = f"https://line.me/R/ti/p/{quote(links.basic_id, safe='')}"
        out.append({"type": "button", "style": "link", "height": "sm",
                    "action": {"type": "uri", "label": label, "uri": uri}})  # fmt: skip
    return out


def _flex(text: str, components: list[dict[str, Any]], labels: list[str], locale: str) -> dict[str, Any]:
    """A Flex Message: one bubble with ``text`` and as many of ``components`` as fit (else a note)."""
    body: list[dict[str, Any]] = [{"type": "text", "text": text, "wrap": True}] if text else []
    shown = _fitting(body, components)
    if len(shown) < len(components):
        note = i18n.text("line.choices.cut", locale, _COMMON, hidden=len(components) - len(shown))
        body.append({"type": "text", "text": note, "wrap": True, "size": "xs", "color": "#888888"})
    alt = text or " / ".join(labels) or _ELLIPSIS
    if not body and not shown:
        body = [{"type": "text", "text": _cut(alt, TEXT_UNITS), "wrap": True}]
    return {"type": "flex", "altText": _cut(alt, ALT_TEXT_UNITS), "contents": _bubble(body, shown)}


def _bubble(body: list[dict[str, Any]], footer: list[dict[str, Any]]) -> dict[str, Any]:
    bubble: dict[str, Any] = {"type": "bubble"}
    if body:
        bubble["body"] = {"type": "box", "layout": "vertical", "contents": body}
    if footer:
        bubble["footer"] = {"type": "box", "layout": "vertical", "spacing": "sm", "contents": footer}
    return bubble


def _fitting(body: list[dict[str, Any]], components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The leading ``components`` that fit a bubble with ``body`` (and room for a cut note)."""
    note = {"type": "text", "text": _ELLIPSIS * 80, "wrap": True, "size": "xs", "color": "#888888"}
    used = size_of(_bubble([*body, note], [components[0]] if components else []))
    shown = components[:1]
    for component in components[1:MAX_BUTTONS]:
        used += size_of(component) + 1
        if used > BUBBLE_BYTES:
            break
        shown.append(component)
    return shown


def size_of(value: Any) -> int:
    """Bytes of ``value`` as JSON the way it is sent (compact, UTF-8 unescaped: httpx's ``json=``)."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def _quick_items(batch: list[OutMessage], links: Links) -> list[dict[str, Any]]:
    """The quick reply of a batch (its rendered messages) to a group: the free mode's (:func:`_free_items`),
    then the console link of the newest game named in the batch; ``[]`` for a 1:1 chat."""
    if not batch[0].chat_id.startswith(_GROUP_PREFIXES):
        return []
    locale = batch[-1].locale
    items = _free_items(locale, links) if links.free_mode else []
    game_id = next((m.game_id for m in reversed(batch) if m.game_id), None)
    if links.liff_id and game_id:
        label = _cut(i18n.text("console.open", locale, _COMMON), QUICK_LABEL_UNITS)
        uri = f"https://liff.line.me/{quote(links.liff_id, safe='')}?g={quote(game_id, safe='')}"
        items.append({"type": "action", "action": {"type": "uri", "label": label, "uri": uri}})
    return items[:QUICK_ITEMS]


def _free_items(locale: str, links: Links) -> list[dict[str, Any]]:
    """The free-mode items: 「進行」 and, with a basic id, the 1:1 link."""
    progress = _cut(i18n.text("line.button.progress", locale, _COMMON), QUICK_LABEL_UNITS)
    items: list[dict[str, Any]] = [
        # displayText is required on a quick-reply postback; 「進行」 reveals nothing.
        {"type": "action", "action": {"type": "postback", "label": progress, "data": NUDGE,
                                      "displayText": progress}},
    ]  # fmt: skip
    if links.basic_id:
        label = _cut(i18n.text("line.button.open_private", locale, _COMMON), QUICK_LABEL_UNITS)
        typed = quote(i18n.text("line.prefill.my_turn", locale, _COMMON), safe="")
        uri = f"https://line.me/R/oaMessage/{quote(links.basic_id, safe='')}/?{typed}"
        items.append({"type": "action", "action": {"type": "uri", "label": label, "uri": uri}})
    return items


def _with_cut_note(part: str, locale: str) -> str:
    """``part`` shortened so that the cut note fits after it within :data:`TEXT_UNITS`."""
    note = i18n.text("line.text.cut", locale, _COMMON)
    return f"{head(part, TEXT_UNITS - units(note) - 1)}\n{note}"


def _cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` units, ending in "…" when it had to be shortened."""
    return text if units(text) <= limit else head(text, limit - 1) + _ELLIPSIS


def _split(text: str, limit: int) -> list[str]:
    """``text`` in parts of at most ``limit`` units, each cut after a line break when one is in the
    part's second half (a part never starts with the break); always at least one part."""
    parts: list[str] = []
    while units(text) > limit:
        prefix = head(text, limit)
        newline = prefix.rfind("\n")
        cut = newline if newline > len(prefix) // 2 else len(prefix)
        parts.append(text[:cut])
        text = text[cut:].removeprefix("\n")
    return [*parts, text]
