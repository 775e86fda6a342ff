"""Speaking rights in the Telegram group [ADZ-8.1], [ADZ-11.3]: the bot mutes the seated players who may not
post now, or, when it cannot, reminds the group who may speak.

The runner calls :meth:`TelegramSpeech.settle` after every committed change of a game
(:class:`handlers.runner.AfterCommit`). The rules say who may speak (``RULES.speakers``: nobody at night
and while ballots are open, the living players with speaking rights in a discussion, everybody once the
game is over or cancelled). What the bot has done in the group is kept with the game, in
``TableState.shell["telegram.speech"]`` (:class:`Applied`), so only players whose state changes cost a
Bot API call, and whatever was muted is released at the end.

- The bot may restrict (an administrator with ``can_restrict_members``, asked once per game with
  ``getChatMember``; while it may not, asked again once per phase): each player who should be silent is
  muted until :data:`HOLD` seconds after the phase deadline (renewed when a longer wait needs it), so a
  game that dies with players muted frees them by itself; each one who may speak is released. A member
  Telegram refuses to restrict (group admins, the owner) is left alone for the rest of the game.
- It may not (or loses the right mid-game, "not enough rights"): one reminder per phase naming who may
  speak (catalog ``speech.reminder.*``), with, once per game, how to let the bot mute (``speech.howto``).
  The reminder goes through the outbox, committed with the record of having sent it.

A call that fails for a passing reason (network, 429, 5xx) ends the pass; what was done is recorded and
the rest is done after the next change of the game (the next tap or timer). A call made and then lost to
a version conflict (another event changed the game meanwhile) is remembered for the retry, which settles
against the newer state. Never raises: a failure is logged and the next change settles again.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from pydantic import BaseModel, Field
from telegram import Bot
from telegram.error import TelegramError

import core.i18n as i18n
from core.engine.notice import PlayerRef
from core.games import GameRules, rules_for
from handlers.messages import OutMessage
from handlers.runner import GameRunner
from handlers.telegram.rights import Immune, NoRights, Rights
from infra.store import VersionConflict

log = logging.getLogger(__name__)

KEY = "telegram.speech"
PREFIX = "tg:"
#: A mute lasts this long past the phase deadline (seconds): the safety net if the game stops answering.
HOLD = 2 * 3600
#: A mute that would end sooner than this after the phase deadline (seconds) is renewed.
MARGIN = 15 * 60
#: Commits of the record retried on version conflicts.
MAX_ATTEMPTS = 5


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
    """``{user id: should be muted}`` for every seated player now [ADZ-8.1], [ADZ-11.3]."""
    speakers = rules.speakers(state)
    return {
        m.user_id: speakers is not None and seat not in speakers for seat, m in rules.seats(state).items()
    }


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
    """The Telegram :class:`~handlers.runner.AfterCommit`; games of other platforms (chat ids not ``tg:``)
    are left alone. ``bot``: the Bot API client; ``None`` builds one from :mod:`infra.settings` at the first
    Telegram game (so the timer, which serves every platform, needs the token only when it must mute)."""

    def __init__(self, bot: Bot | None = None) -> None:
        self._bot = bot
        self._api: Rights | None = None

    @property
    def _rights(self) -> Rights:
        if self._api is None:
            if self._bot is None:
                from infra import settings

                self._bot = Bot(settings.telegram_token())
            self._api = Rights(self._bot)
        return self._api

    async def settle(self, runner: GameRunner, game_id: str, *, now: int) -> None:
        """Bring the group of ``game_id`` in line with its current phase (see the module docstring).
        ``now``: UTC epoch seconds."""
        try:
            await self._settle(runner, game_id, now)
        except Exception:
            log.exception(
                "speaking rights not settled; retried after the next change", extra={"game_id": game_id}
            )

    async def _settle(self, runner: GameRunner, game_id: str, now: int) -> None:
        done: dict[str, int | None] = {}  # calls made by this settle: user → muted until, or None (released)
        for _ in range(MAX_ATTEMPTS):
            stored = runner.store.load(game_id)
            if stored is None:
                return
            data = json.loads(stored.state)
            rules = rules_for(data["game"])
            state = rules.state_model.model_validate(data)
            if not state.chat_id.startswith(PREFIX):
                return
            before = Applied.model_validate(state.shell.get(KEY, {}))
            applied = _with(before, done)
            messages = await self._pass(rules, state, applied, now, done)
            if applied == before and not messages:
                return
            state.shell[KEY] = applied.model_dump()
            try:
                runner.commit_messages(state, stored.version, messages, None, now)
            except VersionConflict:
                continue
            if messages:
                await runner.flush(game_id, now=now)
            return
        log.warning("speaking rights record lost to version conflicts", extra={"game_id": game_id})

    async def _pass(
        self, rules: GameRules, state: Any, applied: Applied, now: int, done: dict[str, int | None]
    ) -> list[OutMessage]:
        """Mute and release (updating ``applied`` and ``done``), or the reminder to post."""
        deadline = max(state.deadline_at or now, now)
        todo = changes(silenced(rules, state), applied, renew_before=deadline + MARGIN)
        speakers = rules.speakers(state)
        reminder_due = speakers is not None and applied.reminded_seq != state.phase_seq
        if not todo and not reminder_due:
            return []
        chat = int(state.chat_id.removeprefix(PREFIX))
        if applied.can_mute is not True and applied.asked_seq != state.phase_seq:
            applied.can_mute = await self._rights.may_restrict(chat)
            applied.asked_seq = state.phase_seq
        if applied.can_mute and todo:
            await self._apply(chat, todo, applied, done, until=deadline + HOLD, seq=state.phase_seq)
        if applied.can_mute or not reminder_due or speakers is None:
            return []
        applied.reminded_seq = state.phase_seq
        return [_reminder(rules, state, speakers, applied)]

    async def _apply(
        self,
        chat: int,
        todo: dict[str, bool],
        applied: Applied,
        done: dict[str, int | None],
        *,
        until: int,
        seq: int,
    ) -> None:
        for user, mute in todo.items():
            number = int(user.removeprefix(PREFIX))
            try:
                if mute:
                    await self._rights.mute(chat, number, until=until)
                else:
                    await self._rights.release(chat, number)
            except Immune as refused:
                log.info("member cannot be restricted: %s", refused)
                applied.muted.pop(user, None)
                applied.immune.append(user)
                continue
            except NoRights as refused:
                log.warning("the bot may not restrict members here: %s", refused)
                applied.can_mute, applied.asked_seq = False, seq
                return
            except TelegramError:
                log.warning("restrictChatMember failed; retried after the next change", exc_info=True)
                return
            done[user] = until if mute else None
            _record(applied, user, done[user])


def _with(before: Applied, done: dict[str, int | None]) -> Applied:
    """``before`` (the stored record) plus the calls this settle already made in a lost attempt."""
    applied = before.model_copy(deep=True)
    for user, until in done.items():
        _record(applied, user, until)
    return applied


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
    return OutMessage(chat_id=state.chat_id, text="\n\n".join(texts))
