"""Group settings: ``/settings`` in a group, its buttons, and the presets a new lobby
starts from. Stored in the group item (``infra.groups``, ``docs/storage.md``) as

    {"locale": "ja" | "en", "lobby_seconds": <int>, "timezone": <IANA zone>, "games": {<game id>: <preset>}}

(``lobby_seconds``: every game's lobby lifetime, ``/settings lobby <minutes>``, 60..86400;
``timezone``: the zone deadlines and ``dayEnds`` are read in, ``/settings timezone Asia/Tokyo``,
default ``core.engine.clock.DEFAULT_ZONE``, docs/architecture.md "Long games") where a
preset is the dict a lobby's ``TableState.settings`` of that game starts from (``options``, ``pool``,
``cast`` … without ``locale``, ``lobby_seconds`` or the test mode's ``setup``).

- **Who may change them**: the host of the group's open lobby or running game, or an administrator of
  the group where the platform can tell (the sender's :class:`~handlers.messages.ChatAdmins`: Telegram;
  LINE has no such API, so only the host there, docs/line.md). Anyone may look. Others are refused
  with ``settings.not_allowed``.
- **Validation**: by the game's own ``/option`` (``Configure``) on a throwaway lobby built from the
  preset, so the refusal reasons are the lobby's (``option.invalid`` with the allowed range, ``cast.*``,
  ``pool.too_small`` …).
- **Presets** (:mod:`handlers.presets`): ``/newgame`` starts from the preset (``lobby_settings``); an
  ``/option`` accepted in a lobby also becomes the preset (``remember``).
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import core.i18n as i18n
from core.engine import clock
from core.engine.commands import Configure
from core.engine.notice import Notice
from core.engine.result import Rejected
from core.engine.table import Member, TableState
from core.games import registry, rules_for
from core.i18n.guide import echoed
from handlers import presets
from handlers import settingsview as view
from handlers.messages import ChatAdmins, Inbound, Tap, TextCommand
from handlers.textcommands import to_command

if TYPE_CHECKING:
    from handlers.runner import GameRunner

log = logging.getLogger(__name__)

#: The member a throwaway lobby is opened for (its host, so ``/option`` passes the host check).
PROBE = "settings"
LANG_WORDS = frozenset({"lang", "language", "言語"})
#: ``/settings lobby <minutes>``: how long every game's lobby stays open (``settings["lobby_seconds"]``).
LOBBY_WORDS = frozenset({"lobby", "募集"})
#: ``/settings timezone <zone>``: the group's time zone (``settings["timezone"]``, an IANA name).
ZONE_WORDS = frozenset({"timezone", "tz", "時間帯", "タイムゾーン"})
#: The game id every settings button carries (:mod:`handlers.settingsview`): the service routes on it.
TAP_GAME = view.TAP_GAME


@dataclass(frozen=True)
class Answer:
    """What to answer: ``text`` with ``buttons``, or the ``refusal``; ``ack`` is a tap's toast.
    ``locale``/``game`` render the refusal (a game's own ``reason.option.unknown``)."""

    locale: str
    text: str = ""
    buttons: view.Rows = ()
    refusal: Rejected | None = None
    ack: str | None = None
    game: str = "adazakura"


async def command(runner: GameRunner, inbound: Inbound, cmd: TextCommand) -> Answer:
    """``/settings`` (show), ``/settings <game>`` (that game's settings; the game as an id or its name in
    any language), ``/settings <game> <option>`` (that option now and its allowed values),
    ``/settings lang ja|en``, ``/settings lobby <minutes>`` (every game's lobby lifetime),
    ``/settings timezone <zone>`` (the IANA zone of deadlines and ``dayEnds``; refused with
    ``settings.timezone`` when it names none) and ``/settings <game> <option> <value…>`` (change; host
    or admins)."""
    stored = presets.stored_settings(runner.store.load_group(inbound.chat_id))
    locale = presets.group_locale(runner, inbound.chat_id)
    if inbound.is_private:
        return Answer(locale, refusal=Rejected(reason="settings.group_only"))
    if not cmd.args:
        return Answer(locale, *view.overview(stored, locale))
    word, args = cmd.args[0].lower(), cmd.args[1:]
    game, rest = view.game_prefix(cmd.args)
    if game and not rest:
        return Answer(locale, *_game_view(inbound.chat_id, game, stored, locale))
    if game and len(rest) == 1:
        return _show_option(inbound.chat_id, game, rest[0], stored, locale)
    if word in LOBBY_WORDS and not args:
        return Answer(locale, view.lobby_view(stored, locale))
    if word in ZONE_WORDS and not args:
        return Answer(locale, view.timezone_view(stored, locale))
    usage = Rejected(reason="settings.usage", params={"games": ", ".join(registry())})
    single = LANG_WORDS | LOBBY_WORDS | ZONE_WORDS
    if not ((word in single and len(args) == 1) or game):
        extra = word in single and len(args) > 1
        return Answer(locale, refusal=_extra(word, args[1:]) if extra else usage)
    if not await may_change(runner, inbound):
        return Answer(locale, refusal=Rejected(reason="settings.not_allowed"))
    if word in LANG_WORDS:
        return _set_language(runner, inbound.chat_id, args[0].lower(), locale)
    if word in LOBBY_WORDS:
        return _set_lobby(runner, inbound.chat_id, args[0], locale)
    if word in ZONE_WORDS:
        return _set_timezone(runner, inbound.chat_id, args[0], locale)
    return _set_option(runner, inbound, game or "", rest[0], rest[1:], locale)


def lobby_option(state: TableState, cmd: TextCommand) -> Answer | None:
    """``/option <option>`` in the group's lobby ``state`` for an option of the game's
    :class:`~core.engine.options.OptionTable` (``dayEnds``, ``nightSeconds`` …): alone, that option's value
    now and its allowed values (as ``/settings <game> <option>`` shows them); with more than one value,
    refused with ``settings.extra`` (as ``/settings`` refuses them), nothing changed. ``None`` for
    everything else (the game's own ``/option``: the settings, a value to set, ``cast``, ``preset`` …)."""
    table = view.options_of(state.game)
    known = table.find(cmd.args[0]) if table is not None and cmd.args else None
    if known is None:
        return None
    if len(cmd.args) == 1:
        return Answer(state.locale, view.lobby_option_now(state.game, known, state, state.locale))
    if len(cmd.args) > 2:
        return Answer(state.locale, refusal=_extra(known, cmd.args[2:]), game=state.game)
    return None


def _extra(option: str, extra: tuple[str, ...]) -> Rejected:
    """``settings.extra``: ``option`` takes one value; the ``extra`` words typed after it."""
    return Rejected(reason="settings.extra", params={"option": option, "extra": " ".join(extra)})


async def tap(runner: GameRunner, inbound: Inbound, pressed: Tap) -> Answer:
    """A settings button (:mod:`handlers.settingsview`): a menu level, or a change checked like a typed
    one (who, which game and option, the value through the game's rules)."""
    stored = presets.stored_settings(runner.store.load_group(inbound.chat_id))
    locale = presets.group_locale(runner, inbound.chat_id)
    kind, args = pressed.action.kind, tuple(str(a) for a in pressed.action.args)
    game = args[0] if args and args[0] in registry() else None
    if inbound.is_private:
        return Answer(locale, refusal=Rejected(reason="settings.group_only"))
    if pressed.menu:
        shown = _level(inbound.chat_id, kind, game, args, stored, locale)
        return Answer(locale, *shown) if shown else Answer(locale, refusal=Rejected(reason="action.forged"))
    if kind == view.LANG and len(args) == 1 and args[0] in i18n.locales():
        allowed = await may_change(runner, inbound)
        return _set_language(runner, inbound.chat_id, args[0], locale) if allowed else _not_allowed(locale)
    if kind == view.SET and game and len(args) == 3 and view.options_of(game):
        if not await may_change(runner, inbound):
            return _not_allowed(locale)
        return _set_option(runner, inbound, game, args[1], args[2:], locale)
    return Answer(locale, refusal=Rejected(reason="action.forged"))


async def may_change(runner: GameRunner, inbound: Inbound) -> bool:
    """Whether the sender of ``inbound`` may change the group's settings: the host of the group's open
    lobby or running game, or (where the sender can tell, :class:`ChatAdmins`) a group administrator."""
    user = inbound.user_id
    if user is None:
        return False
    game_id = runner.store.get_pointer("chat", inbound.chat_id)
    stored = runner.store.load(game_id) if game_id else None
    if stored is not None:
        # The shared envelope is enough here (host and phase); the game's own fields are ignored.
        state = TableState.model_validate_json(stored.state)
        if not state.is_over and state.host == user:
            return True
    sender = runner.sender
    return isinstance(sender, ChatAdmins) and await sender.is_chat_admin(inbound.chat_id, user)


def _not_allowed(locale: str) -> Answer:
    return Answer(locale, refusal=Rejected(reason="settings.not_allowed"))


def _lobby(chat_id: str, game: str, preset: dict[str, Any], locale: str) -> TableState:
    """A throwaway lobby of ``game`` with ``preset``, hosted by :data:`PROBE` (never stored)."""
    settings = {**copy.deepcopy(preset), "locale": locale}
    host = Member(user_id=PROBE, name="")
    return rules_for(game).new_game(
        game_id=PROBE, chat_id=chat_id, host=host, settings=settings, seed=0, now=0
    )


def _configured(lobby: TableState, command: Configure) -> tuple[TableState, list[Notice]] | Rejected:
    """``command`` (for :data:`PROBE`) applied to the throwaway ``lobby``: the lobby after, its notices."""
    result = rules_for(lobby.game).decide(lobby, command.model_copy(update={"user_id": PROBE}), now=0)
    if isinstance(result, Rejected):
        return result
    return result.state, result.notices


def _game_view(chat_id: str, game: str, stored: dict[str, Any], locale: str) -> tuple[str, view.Rows]:
    lobby = _lobby(chat_id, game, view.preset_in(stored, game), locale)
    shown = _configured(lobby, Configure(user_id=PROBE, option=""))
    return view.game_view(game, lobby, [] if isinstance(shown, Rejected) else shown[1], locale)


def _level(
    chat_id: str, kind: str, game: str | None, args: tuple[str, ...], stored: dict[str, Any], locale: str
) -> tuple[str, view.Rows] | None:
    """The menu level a menu tap opens, or ``None`` for data no button of ours carries."""
    if kind == view.HOME and not args:
        return view.overview(stored, locale)
    if kind == view.GAME and game and len(args) == 1:
        return _game_view(chat_id, game, stored, locale)
    if kind == view.OPTION and game and len(args) == 2:
        lobby = _lobby(chat_id, game, view.preset_in(stored, game), locale)
        return view.option_view(game, args[1], lobby, locale)
    return None


def _set_language(runner: GameRunner, chat_id: str, locale: str, current: str) -> Answer:
    if locale not in i18n.locales():
        allowed = {"option": "lang", "allowed": " / ".join(i18n.locales())}
        return Answer(current, refusal=Rejected(reason="option.invalid", params=allowed))
    stored = presets.save(runner, chat_id, lambda s: {**s, "locale": locale})
    text, buttons = view.overview(stored, locale)
    saved = i18n.text("settings.lang.saved", locale, "common")
    return Answer(locale, f"{saved}\n\n{text}", buttons, ack=saved)


def _set_option(
    runner: GameRunner, inbound: Inbound, game: str, option: str, values: tuple[str, ...], locale: str
) -> Answer:
    """Change ``option`` of ``game``'s preset as ``/option`` would in a lobby (refused with its reason)."""
    table = view.options_of(game)
    known = table.find(option) if table else None
    if known is not None and len(values) > 1:
        return Answer(locale, refusal=_extra(known, values[1:]), game=game)
    pool = option.lower() == "pool"
    typed = TextCommand("pool", values) if pool else TextCommand("option", (option, *values))
    command = to_command(typed, PROBE, private=False, game=game)
    if not isinstance(command, Configure):
        return Answer(locale, refusal=Rejected(reason="settings.usage"), game=game)
    refusal: list[Rejected] = []

    def change(settings: dict[str, Any]) -> dict[str, Any]:
        done = _configured(_lobby(inbound.chat_id, game, view.preset_in(settings, game), locale), command)
        if isinstance(done, Rejected):
            refusal.append(done)
            return settings
        return presets.with_preset(settings, game, presets.preset_of(done[0].settings))

    stored = presets.save(runner, inbound.chat_id, change)
    if refusal:
        return Answer(locale, refusal=refusal[-1], game=game)
    text, buttons = _game_view(inbound.chat_id, game, stored, locale)
    saved = i18n.text("settings.saved", locale, "common")
    return Answer(locale, f"{saved}\n\n{text}", buttons, ack=saved, game=game)


def _show_option(chat_id: str, game: str, option: str, stored: dict[str, Any], locale: str) -> Answer:
    """``/settings <game> <option>``: a host option's value now, its allowed values and a button per
    value; another entry (``pool``, ``cast``) as the lobby's ``/option <name>`` shows it. Saves nothing."""
    lobby = _lobby(chat_id, game, view.preset_in(stored, game), locale)
    table = view.options_of(game)
    known = table.find(option) if table else None
    if known is not None:
        return Answer(locale, *view.option_now(game, known, lobby, locale), game=game)
    shown = _configured(lobby, Configure(user_id=PROBE, option=option))
    if isinstance(shown, Rejected):
        return Answer(locale, refusal=shown, game=game)
    return Answer(locale, "\n".join(i18n.render(notice, locale, game) for notice in shown[1]), game=game)


def _set_lobby(runner: GameRunner, chat_id: str, typed: str, locale: str) -> Answer:
    """``/settings lobby <minutes>``: every game's next lobby stays open that long (whole minutes within
    :data:`core.engine.lobby.LOBBY_BOUNDS`), else ``option.invalid`` (:func:`settingsview.lobby_minutes`)."""
    minutes = view.lobby_minutes(typed)
    if isinstance(minutes, Rejected):
        return Answer(locale, refusal=minutes)
    stored = presets.save(runner, chat_id, lambda s: {**s, "lobby_seconds": minutes * 60})
    saved = i18n.text("settings.saved", locale, "common")
    return Answer(locale, f"{saved}\n\n{view.lobby_view(stored, locale)}", ack=saved)


def _set_timezone(runner: GameRunner, chat_id: str, typed: str, locale: str) -> Answer:
    """``/settings timezone <zone>``: the group's deadlines and ``dayEnds`` are read in the IANA zone
    ``typed`` names (any case: ``asia/tokyo``) from the next lobby on, else ``settings.timezone`` with
    what was typed (cut short by :func:`core.i18n.guide.echoed`)."""
    zone = clock.zone_name(typed)
    if zone is None:
        return Answer(locale, refusal=Rejected(reason="settings.timezone", params={"typed": echoed(typed)}))
    stored = presets.save(runner, chat_id, lambda s: {**s, "timezone": zone})
    saved = i18n.text("settings.timezone.saved", locale, "common", zone=zone)
    return Answer(locale, f"{saved}\n\n{view.timezone_view(stored, locale)}", ack=saved)
