"""The viewer's private messages, as the console shows them: every notice of the game's history addressed
to them (their seat, a team they are in, their user before the deal), rendered as the chat got it
(:mod:`handlers.history`). Nothing is kept for the feed: the history every commit writes already holds the
notices, so the feed costs no write and no state (design §3: shell data never lives in the core's state).

Shape of an entry: ``{"n": int, "text": str, "phase_seq": int, "buttons": bool}``, plus ``"asks": str``
for an entry with buttons (what it asks, :func:`prompt`) and ``"channel": "afterlife"`` for a text of the
霊界, oldest first; ``n``
grows with the history (version × 1000 + place). At most :data:`FEED_MAX` entries and :data:`FEED_CHARS`
characters (the oldest go first; the newest always stays), read from the history's tail and, when that
holds fewer than :data:`FEED_SHOWN` of the viewer's, its last chunks too.

Console-primary (an operator setting, ``console_primary``): from the deal to the end of a game (the
commit that ends it included), the private messages are kept out of the chats and reach the player
through the console only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Any

from core.engine.notice import Notice
from core.engine.table import CANCELLED, LOBBY
from core.games import GameRules
from handlers import history, outbox
from handlers.messages import OutMessage

#: Most entries kept per user.
FEED_MAX = 30
#: Most characters (of all entries' texts) kept per user.
FEED_CHARS = 6000
#: Entries the page shows before "earlier messages": fewer in the tail reads older chunks.
FEED_SHOWN = 3
#: The ``channel`` of a feed entry from the 霊界 (``core.engine.afterlife``): the page shows it in its
#: 霊界 tab, apart from the viewer's other messages.
AFTERLIFE = "afterlife"


def entries(
    rules: GameRules, state: Any, user_id: str, texts: Sequence[str], wording: str | None
) -> list[dict[str, Any]]:
    """The feed of ``user_id`` from the history entries ``texts`` (oldest first): per commit, its notices
    to them rendered and merged as their chat got them, in the game's language with ``wording``
    (``"console"`` where the console is primary)."""
    seat = rules.seat_of(state, user_id) if getattr(state, "players", None) else None
    feed: list[dict[str, Any]] = []
    for text in texts:
        entry = history.load(text)
        mine = [n for n in entry.notices if _addressed(n, user_id, seat)]
        place = 0
        # the 霊界's texts apart from the rest of a commit (the page's 霊界 tab), each run in its order
        for channel, run in groupby(mine, key=lambda n: AFTERLIFE if n.to.kind == "afterlife" else None):
            notices = list(run)
            messages = outbox.render_notices(rules, state, notices, wording=wording, echo=True)
            asks = _asks(rules, state, user_id, notices, wording)
            for m in (m for m in messages if m.chat_id == user_id):
                feed.append(_entry(entry.version * 1000 + place, m, entry.phase_seq, channel, asks))
                place += 1
    return bounded(feed)


def _asks(
    rules: GameRules, state: Any, user_id: str, notices: list[Notice], wording: str | None
) -> list[str]:
    """The texts of ``notices`` that carry buttons, each rendered alone for ``user_id``: what a prompt
    asks, without the answers merged into its message (a commit that closes a phase tells the last
    player their choice was taken, then opens the next phase: one message in the chat)."""
    asking = [n for n in notices if n.actions]
    return [
        m.text
        for n in asking
        for m in outbox.render_notices(rules, state, [n], wording=wording, echo=True)
        if m.chat_id == user_id
    ]


def _addressed(notice: Notice, user_id: str, seat: int | None) -> bool:
    """Whether ``notice`` reached ``user_id`` (at ``seat``, or None for a spectator): a 霊界 notice
    reached its seats, every spectator, and its writer (``Audience.sender``: their own words, which their
    chat was not sent); the feed of a spectator who started watching later shows what the 霊界 said
    before: the 霊界 is theirs to read."""
    to = notice.to
    if to.kind == "user":
        return to.user_id == user_id
    if to.kind == "afterlife":
        return to.sender == user_id or seat is None or seat in to.seats
    return to.kind in ("seat", "team") and seat is not None and seat in to.seats


def _entry(
    n: int, message: OutMessage, phase_seq: int | None, channel: str | None = None, asks: Sequence[str] = ()
) -> dict[str, Any]:
    """One feed entry: the phase its buttons belong to (a prompt), else the phase its commit left the game
    in (``phase_seq``; 0 when unknown); ``channel`` :data:`AFTERLIFE` for a text of the 霊界 (the page's
    霊界 tab). An entry with buttons also has ``"asks"``: the texts among ``asks`` (see :func:`_asks`) in
    its message, joined by a blank line, so :func:`prompt` shows what is asked, not an answer of the phase
    before merged into the same message."""
    seqs = [b.tap.phase_seq for row in message.buttons for b in row if b.tap.phase_seq is not None]
    entry: dict[str, Any] = {
        "n": n,
        "text": message.text,
        "phase_seq": max(seqs) if seqs else (phase_seq or 0),
        "buttons": bool(message.buttons),
    }
    if message.buttons:
        entry["asks"] = "\n\n".join(a for a in asks if a in message.text) or message.text
    return {**entry, "channel": channel} if channel else entry


def bounded(feed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``feed`` without its oldest entries beyond :data:`FEED_MAX` entries or :data:`FEED_CHARS`
    characters; the newest entry always stays."""
    kept = feed[-FEED_MAX:]
    total = sum(len(e["text"]) for e in kept)
    while len(kept) > 1 and total > FEED_CHARS:
        total -= len(kept.pop(0)["text"])
    return kept


def is_private(state: Any, message: OutMessage) -> bool:
    """Whether ``message`` goes to a member's 1:1 chat (a user's 1:1 chat id is their user id)."""
    return message.chat_id != state.chat_id and state.member(message.chat_id) is not None


def is_played(state: Any) -> bool:
    """Dealt, up to and including the commit that ends it (its last results, a deduction): when
    console-primary keeps private messages out of the chats. Not the lobby (joining goes through the 1:1
    chat) and not a cancelled game."""
    return state.phase not in (LOBBY, CANCELLED)


def outgoing(state: Any, messages: list[OutMessage], *, console_primary: bool) -> list[OutMessage]:
    """The messages that still go to chats: all of them, except the private ones of a dealt game when
    ``console_primary`` (the console shows them)."""
    if not console_primary or not is_played(state):
        return messages
    return [m for m in messages if not is_private(state, m)]


def prompt(feed: list[dict[str, Any]], phase_seq: int) -> str | None:
    """What the newest entry with buttons in phase ``phase_seq`` asks (its ``asks``, else its text: what
    the player must answer now), or None."""
    for entry in reversed(feed):
        if entry.get("buttons") and entry.get("phase_seq") == phase_seq:
            return str(entry.get("asks") or entry["text"])
    return None


def is_primary(settings: Mapping[str, Any]) -> bool:
    """Whether the group's operator ``settings`` make the console the primary private channel: a console
    exists there (``console``, default on) and ``console_primary`` is set."""
    return bool(settings.get("console", True) and settings.get("console_primary"))
