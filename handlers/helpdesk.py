"""Help in the chat: ``/help``, ``/rules [game]`` and ``/role [name]``, answered by
:class:`handlers.service.Service` in a group or the 1:1 chat, read-only.

- ``/help``: with a game in the chat (the group's, or the sender's game in the 1:1 chat), what can be done
  in its current phase and then every command of the game (:func:`core.i18n.guide.phase_help`); without
  one, how to start a game (``help.general``).
- ``/rules [game]``: a short summary of the rules of the named game (id, name in any language or romaji),
  else of the chat's game, else the list of games (:func:`core.i18n.guide.rules_answer`).
- ``/role [name]``: what a role, Megami, identity card or card does (:func:`core.i18n.guide.role_answer`),
  looked up in the chat's game first, then in every game.

Answers are in the chat's language: the game's locale, else the group's language
(:func:`handlers.presets.group_locale`: ``/settings lang``, or the runtime's), else Japanese.
They change no game: no write (:meth:`handlers.desk.Desk.reply`); a long text is split
by the platform's sender (Telegram 4096 UTF-16 units, LINE 5000 characters).
"""

from __future__ import annotations

import core.i18n as i18n
from core.i18n import guide
from handlers.desk import Desk
from handlers.messages import Inbound, Outcome, TextCommand
from handlers.observability import traced

#: The commands answered here.
WORDS = frozenset({"help", "rules", "role"})

#: The game id typed as a name in any language or romaji (``/newgame 政治家人狼``), or None.
game_named = guide.game_named


async def answer(desk: Desk, inbound: Inbound, cmd: TextCommand) -> Outcome:
    """Send the answer to ``cmd`` (one of :data:`WORDS`) to the chat of ``inbound``; no game write."""
    loaded = desk.loaded_of(inbound)
    state = loaded.state if loaded else None
    locale = state.locale if state else desk.locale_of(inbound.chat_id)
    game = state.game if state else None
    name, typed = cmd.name.lower(), " ".join(cmd.args)
    if name == "rules":
        body = guide.rules_answer(typed, locale, game)
    elif name == "role":
        body = guide.role_answer(typed, locale, game)
    elif state is not None:
        body = guide.phase_help(state.game, state.phase, locale)
    else:
        body = i18n.text("help.general", locale, "common")
    await desk.reply(inbound, body)
    outcome = Outcome(command=name)
    return traced(outcome, loaded.game_id, state.phase, name) if loaded and state else outcome
