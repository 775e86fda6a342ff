"""``/recap`` in a chat: the long text recap of the chat's finished game (docs/architecture.md, "The
result table"), read-only, with a button to the recap page when this function knows its URL
(:class:`handlers.recap.links.RecapLinks`: Telegram an inline URL button, LINE a URI action, the local
playground a link).

The game is the chat's: the group's (``chat#`` pointer) in a group, the sender's latest (``user#``
pointer) in a 1:1 chat, finished or not. The text is what the group got at the end, made again
(``GameRules.ending``, its public notices, rendered and merged as the end's messages were: several
messages for a long recap, each cut between two notices), without the end's buttons; the page's button
goes on the first message (a LINE reply carries at most 5 message objects: the LINE sender folds a long
recap's plain texts into fewer, ``handlers.line.render.fold``). Refused with a message: no game in the
chat (``recap.none``), a game still running or a lobby (``recap.not_over``: after 「もう一回」 the group's
game is the new lobby), a cancelled game or one without a result (``recap.none``). No write; sent once
per delivery in a container like every read-only answer (:class:`handlers.answers.Answers`). Times: UTC
epoch seconds.
"""

from __future__ import annotations

from dataclasses import replace

import core.i18n as i18n
from core.engine.table import ENDED
from handlers import outbox
from handlers.decision import Loaded
from handlers.desk import Desk
from handlers.messages import Inbound, Link, Outcome, OutMessage
from handlers.observability import traced

#: The command answered here.
WORD = "recap"


async def answer(desk: Desk, inbound: Inbound, now: int) -> Outcome:
    """Send the recap of the chat's finished game to the chat of ``inbound`` (see the module docstring),
    or the reason there is none; no game write."""
    runner = desk.runner
    game_id = desk.game_of(inbound)
    loaded = runner.load(game_id) if game_id else None
    if loaded is None:
        return await desk.refuse(inbound, "recap.none")
    state = loaded.state
    ended = state.phase == ENDED  # the history is read for a finished game only
    messages = recap_messages(runner.with_history(loaded), inbound.chat_id, desk, now) if ended else []
    if not messages:
        reason = "recap.not_over" if not state.is_over else "recap.none"
        refused = await desk.refuse(inbound, reason, state.locale, state.game)
        return traced(refused, loaded.game_id, state.phase, WORD)
    if not inbound.repeat:
        await runner.answers.send_all(messages, delivery_id=inbound.delivery_id)
    return traced(Outcome(command=WORD), loaded.game_id, state.phase, WORD)


def recap_messages(loaded: Loaded, chat_id: str, desk: Desk, now: int) -> list[OutMessage]:
    """The recap of the finished game ``loaded`` (its state with the full log) as messages to
    ``chat_id``, the page's button on the first; ``[]`` before the end, for a game without a result
    (cancelled) or without an ending."""
    rules, state = loaded.rules, loaded.state
    if state.phase != ENDED or getattr(state, "result", None) is None:
        return []
    public = [notice for notice in rules.ending(state, now) if notice.to.kind == "public"]
    rendered = outbox.render_notices(rules, state, public)
    messages = [replace(m, chat_id=chat_id, buttons=(), game_id=None, slot=None) for m in rendered if m.text]
    site = desk.runner.recap.site(state.chat_id)
    if messages and site is not None:
        label = i18n.text("table.link", state.locale, state.game)
        messages[0] = replace(messages[0], link=Link(label=label, url=site.page(state.game_id)))
    return messages
