"""Speaking rights in the Telegram group [ADZ-8.1], [ADZ-11.3]: the bot mutes the seated players who may not
post now, or, when it cannot, reminds the group who may speak.

The runner asks :meth:`TelegramSpeech.prepare` before every commit of a game
(:class:`handlers.aftercommit.AfterCommit`) what the new state needs, commits the record of it with the change
(one write), and carries the calls out right after the write, beside the messages. The rules say who may
speak (``RULES.speakers``: nobody at night and while ballots are open, the living players with speaking
rights in a discussion, everybody once the game is over or cancelled). What the bot has done in the group
is kept in the game's records (``Records.platform["telegram.speech"]``, :class:`Applied`), so only
players whose state changes cost a Bot API call, and whatever was muted is released at the end.

- The bot may restrict (an administrator with ``can_restrict_members``, asked once per game with
  ``getChatMember`` before the commit; while it may not, asked again once per phase): each player who
  should be silent is muted until :data:`HOLD` seconds after the phase deadline (renewed when a longer
  wait needs it), so a game that dies with players muted frees them by itself; each one who may speak is
  released. The calls go out concurrently (at most :data:`IN_FLIGHT`). A member Telegram refuses to
  restrict (group admins, the owner) is left alone for the rest of the game.
- It may not (or loses the right mid-game, "not enough rights"): one reminder per phase naming who may
  speak (catalog ``speech.reminder.*``), with, once per game, how to let the bot mute (``speech.howto``),
  committed with the change like its other messages.

The record is committed as it will stand once the calls are made; a call that fails for a passing reason
(network, 429, 5xx) leaves that player as before, and the record as it turned out is written after the
calls (the runner's follow-up), so the next change of the game tries again. Never raises.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from pydantic import BaseModel, Field
from telegram import Bot
from telegram.error import TelegramError

import core.i18n as i18n
from core.engine.commands import Command, SpectatorMuted
from core.engine.notice import PlayerRef
from core.games import GameRules
from handlers.aftercommit import Done, Prepared
from handlers.messages import OutMessage
from handlers.telegram.client import new_bot
from handlers.telegram.rights import Immune, NoRights, Rights

log = logging.getLogger(__name__)

KEY = "telegram.speech"
PREFIX = "tg:"
#: A mute lasts this long past the phase deadline (seconds): the safety net if the game stops answering.
HOLD = 2 * 3600
#: A mute that would end sooner than this after the phase deadline (seconds) is renewed.
MARGIN = 15 * 60
#: Restriction calls in flight at once.
IN_FLIGHT = 8


class Applied(BaseModel):
    """What the bot did in the game's group. ``muted``: user id → ``until_date`` (UTC epoch seconds) of the
    restriction it set; ``immune``: players Telegram refuses to restrict; ``can_mute``: ``None`` until
    asked, at phase ``asked_seq``; ``reminded_seq``: the phase of the last reminder; ``howto``: sent."""

    muted: dict[str, int] = Field(default_factory=dict)
    immune: list[str] = Field(default_factory=list)
    can_mute: bool | None = None
    asked_seq: int = -1
    reminded_seq: int = -1
    howto: bool = False


def silenced(rules: GameRules, state: Any) -> dict[str, bool]:
    """``{user id: should be muted}`` for every seated player now [ADZ-8.1], [ADZ-11.3], and every
    spectator while 霊界表示 is on or the game holds its dead silent with its 霊界 open
    (``GameRules.spectators_to_mute``: muted, they see what the dead see and read what they write)."""
    speakers = rules.speakers(state)
    wanted = {
        m.user_id: speakers is not None and seat not in speakers for seat, m in rules.seats(state).items()
    }
    for user in rules.spectators_to_mute(state):
        wanted.setdefault(user, True)
    return wanted


def spectators_found(state: Any, todo: dict[str, bool], turned_out: Applied) -> list[Command]:
    """``SpectatorMuted`` for each spectator of ``state`` whose mute was just asked for in ``todo`` and
    turned out otherwise than the game knows (``TableState.muted_spectators``): muted now (the call
    succeeded), or not (a group admin, the bot without the right)."""
    known = set(getattr(state, "muted_spectators", ()))
    watching = {m.user_id for m in getattr(state, "spectators", ())}
    found: list[Command] = []
    for user, mute in todo.items():
        muted = mute and user in turned_out.muted
        if user in watching and mute and muted != (user in known):
            found.append(SpectatorMuted(user_id=user, muted=muted))
    return found


def changes(wanted: dict[str, bool], applied: Applied, *, renew_before: int) -> dict[str, bool]:
    """``{user id: mute (True) or release (False)}`` for the players whose group rights must change: muted
    ones who may speak (or who left the table), and silent ones not muted, or muted only until before
    ``renew_before`` (UTC epoch seconds). Immune players are left out."""
    todo = {user: False for user in applied.muted if not wanted.get(user, False)}
    for user, mute in wanted.items():
        if mute and user not in applied.immune and applied.muted.get(user, 0) < renew_before:
            todo[user] = True
    return todo


class TelegramSpeech:
    """The Telegram :class:`~handlers.aftercommit.AfterCommit`; games of other platforms (chat ids not
    ``tg:``) are left alone. ``bot``: the Bot API client; ``None`` builds one from :mod:`infra.settings` at
    the first Telegram game (so the timer, which serves every platform, needs the token only when it must
    mute)."""

    key = KEY

    def __init__(self, bot: Bot | None = None) -> None:
        self._bot = bot
        self._api: Rights | None = None

    @property
    def rights(self) -> Rights:
        """The restrictions client, built on first use."""
        if self._api is None:
            if self._bot is None:
                from infra import settings

                self._bot = new_bot(settings.telegram_token())
            self._api = Rights(self._bot)
        return self._api

    async def prepare(
        self, rules: GameRules, state: Any, record: dict[str, Any], now: int
    ) -> Prepared | None:
        """What ``state`` needs in the group given ``record`` (what was done so far): the record as it will
        stand, the reminder to post, the calls to make (see the module docstring). ``now``: UTC epoch s."""
        if not state.chat_id.startswith(PREFIX):
            return None
        applied = Applied.model_validate(record)
        deadline = max(state.deadline_at or now, now)
        todo = changes(silenced(rules, state), applied, renew_before=deadline + MARGIN)
        speakers = rules.speakers(state)
        reminder_due = speakers is not None and applied.reminded_seq != state.phase_seq
        if not todo and not reminder_due:
            return None
        chat = int(state.chat_id.removeprefix(PREFIX))
        if applied.can_mute is not True and applied.asked_seq != state.phase_seq:
            applied.can_mute = await self.rights.may_restrict(chat)
            applied.asked_seq = state.phase_seq
        if applied.can_mute and todo:
            instead = (rules, state, speakers) if reminder_due and speakers is not None else None
            seq = state.phase_seq
            return self._mutes(
                chat, todo, applied, until=deadline + HOLD, seq=seq, reminder=instead, state=state
            )
        if applied.can_mute or not reminder_due or speakers is None:
            return Prepared(record=applied.model_dump())
        applied.reminded_seq = state.phase_seq
        reminder = _reminder(rules, state, speakers, applied)
        return Prepared(record=applied.model_dump(), messages=[reminder])

    def _mutes(
        self,
        chat: int,
        todo: dict[str, bool],
        applied: Applied,
        *,
        until: int,
        seq: int,
        reminder: tuple[GameRules, Any, set[int]] | None,
        state: Any,
    ) -> Prepared:
        """The calls of ``todo``, and the record as it stands once they all succeed; when the bot turns out
        to have lost the right, the phase's ``reminder`` (rules, state, speakers) goes instead; the game
        (``state``) is told which spectators turned out muted (:func:`spectators_found`)."""
        planned = applied.model_copy(deep=True)
        for user, mute in todo.items():
            _record(planned, user, until if mute else None)

        async def carry_out() -> Done | None:
            turned_out = applied.model_copy(deep=True)
            gate = asyncio.Semaphore(IN_FLIGHT)
            calls = [self._call(gate, chat, user, mute, until) for user, mute in todo.items()]
            results = await asyncio.gather(*calls)
            for (user, mute), result in zip(todo.items(), results, strict=True):
                _outcome(turned_out, user, result, until if mute else None, seq)
            found = spectators_found(state, todo, turned_out)
            if turned_out == planned and not found:
                return None
            messages: list[OutMessage] = []
            if turned_out.can_mute is False and reminder is not None:
                turned_out.reminded_seq = seq
                messages.append(_reminder(*reminder, turned_out))
            return Done(record=turned_out.model_dump(), messages=messages, commands=found)

        return Prepared(record=planned.model_dump(), carry_out=carry_out)

    async def _call(self, gate: asyncio.Semaphore, chat: int, user: str, mute: bool, until: int) -> str:
        """One restriction; ``"ok"``, ``"immune"``, ``"norights"`` or ``"failed"``."""
        number = int(user.removeprefix(PREFIX))
        async with gate:
            try:
                if mute:
                    await self.rights.mute(chat, number, until=until)
                else:
                    await self.rights.release(chat, number)
            except Immune as refused:
                log.info("member cannot be restricted: %s", refused)
                return "immune"
            except NoRights as refused:
                log.warning("the bot may not restrict members here: %s", refused)
                return "norights"
            except TelegramError:
                log.warning("restrictChatMember failed; retried after the next change", exc_info=True)
                return "failed"
        return "ok"


def _outcome(applied: Applied, user: str, result: str, until: int | None, seq: int) -> None:
    """Record one call's ``result`` for ``user`` (``until``: the mute's end, None for a release)."""
    if result == "ok":
        _record(applied, user, until)
    elif result == "immune":
        applied.muted.pop(user, None)
        applied.immune.append(user)
    elif result == "norights":
        applied.can_mute, applied.asked_seq = False, seq


def _record(applied: Applied, user: str, until: int | None) -> None:
    if until is None:
        applied.muted.pop(user, None)
    else:
        applied.muted[user] = until


def _reminder(rules: GameRules, state: Any, speakers: set[int], applied: Applied) -> OutMessage:
    """The group reminder of who may speak now, with how to let the bot mute the first time."""
    refs = [
        PlayerRef(seat=seat, name=m.name)
        for seat, m in sorted(rules.seats(state).items())
        if seat in speakers
    ]
    key = "speech.reminder.some" if refs else "speech.reminder.nobody"
    texts = [i18n.text(key, state.locale, state.game, players=list(refs))]
    if not applied.howto:
        applied.howto = True
        texts.append(i18n.text("speech.howto", state.locale, state.game))
    return OutMessage(chat_id=state.chat_id, text="\n\n".join(texts), alone=True)
