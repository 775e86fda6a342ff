"""Typed chat commands → core commands [ADZ-11.2]. Only syntax lives here; legality is the core's.

Returns a core command, or a reason id (``command.unknown``, ``command.private_only`` …) to refuse with.
Host options in the lobby: ``/pool <Megami…>`` (徒桜戦争) and, for every game, ``/option <name> [values…]``
with the name and values as typed (the rules match them, and refuse an option they do not have with
``option.unknown``).

Card games (DEATH NOTE 人狼, ``deathnote.md`` §11.8), all in the 1:1 chat: ``/hand`` (the sender's card,
hand and private facts), ``/play <card> [seat]``, ``/pick <card>``, ``/give <card>``, ``/name <seat|none>``
and ``/signal <yes|no|ask|seat>``. A card is typed by its name in any catalog language or by its type id
(``/play 交換 3``, ``/play Exchange 3``, ``/play exchange 3`` → ``play.EXCHANGE (3,)``); an unknown card
goes on as typed (upper case), for the rules to refuse.

Discussion control (``core.engine.control``), in the group: ``/extend``, ``/skip`` (a vote to end the
discussion; in the 1:1 chat ``/skip`` stays Saine's skip action [ADZ-11.2]), ``/pause`` and ``/resume``.
The host's ``/kick <seat|name>`` (``core.engine.afk``): a lobby member, or an idle seat mid-game.
Spectators (``core.engine.afterlife``), in the group: ``/watch`` and ``/unwatch``.
"""

from __future__ import annotations

from collections.abc import Mapping

import core.i18n as i18n
from core.engine.commands import (
    Act,
    CancelGame,
    Command,
    Configure,
    Extend,
    Kick,
    Leave,
    Pause,
    Query,
    Resume,
    Say,
    SkipVote,
    StartGame,
    Unwatch,
    Watch,
)
from core.engine.notice import Action
from core.games import find_rules
from handlers.messages import TextCommand

#: Commands that belong in the 1:1 chat (secret choices) and are refused in the group; so are the game's
#: own night verbs (``GameRules.verbs``).
PRIVATE_ONLY = frozenset({
    "vote", "kill", "done", "act", "t", "skip", "me", "blackbox", "deduce",
    "hand", "play", "pick", "give", "name", "signal",
})  # fmt: skip
NONE_WORDS = frozenset({"none", "nobody", "なし", "棄権"})
#: Card commands whose whole argument is one card (``/pick 捜査 左`` is one card name with a space).
CARD_WORDS = frozenset({"pick", "give"})
#: The commands of a card game's turn, secret steps and nights (DEATH NOTE 人狼).
CARD_COMMANDS = frozenset({"play", "name", "signal", *CARD_WORDS})
#: ``/signal`` words (§11.4): yes, no, "?"; a seat number points at that player.
SIGNAL_WORDS = {"yes": "yes", "y": "yes", "はい": "yes", "no": "no", "n": "no", "いいえ": "no",
                "ask": "ask", "?": "ask", "？": "ask"}  # fmt: skip


def _arg(word: str) -> int | str:
    if word.isdigit():
        return int(word)
    return "none" if word.lower() in NONE_WORDS else word.lower()


def _role(game: str, word: str) -> str:
    """The role id typed as ``word`` (a name in any catalog language, or an id); else ``word`` as typed,
    which the rules refuse with a reason (``megami.unknown``)."""
    return i18n.role_id(game, word) or word.strip().lower()


def _option(game: str, word: str) -> str:
    """An ``/option`` value: ``name=count`` with ``name`` a role typed in any language becomes
    ``<role id>=count`` (``スパイ=2`` → ``spy=2``); anything else is passed on as typed."""
    name, sep, count = word.partition("=")
    role = i18n.role_id(game, name) if sep else None
    return f"{role}={count}" if role else word


def _card(game: str, words: tuple[str, ...]) -> str:
    """The card type id typed as ``words`` (a name in any catalog language, or a type id); else the words
    as typed, upper case and joined by ``_``, which the rules refuse (``card.not_in_hand``)."""
    typed = " ".join(words)
    return i18n.card_id(game, typed) or "_".join(words).upper()


def _play(game: str, args: tuple[str, ...]) -> Action:
    """``/play <card> [seat]``: a last word of digits is the target seat; a last word that is not, after a
    card name, is kept as a (wrong) target, so the rules refuse the seat rather than the card."""
    if len(args) > 1 and args[-1].isdigit():
        return Action(kind=f"play.{_card(game, args[:-1])}", args=(int(args[-1]),))
    if len(args) > 1 and not i18n.card_id(game, " ".join(args)) and i18n.card_id(game, " ".join(args[:-1])):
        return Action(kind=f"play.{_card(game, args[:-1])}", args=(args[-1],))
    return Action(kind=f"play.{_card(game, args)}")


def _signal(word: str) -> Action:
    """``/signal yes|no|ask|<seat>``; any other word goes on as ``signal.<word>`` for the rules to refuse."""
    if word.isdigit():
        return Action(kind="signal.point", args=(int(word),))
    return Action(kind=f"signal.{SIGNAL_WORDS.get(word.lower(), word.lower())}")


def _card_command(name: str, args: tuple[str, ...], game: str) -> Action | None:
    """The action of a card-game command with its arguments, or None for none of them."""
    if name == "play":
        return _play(game, args)
    if name in CARD_WORDS:
        return Action(kind=name, args=(_card(game, args),))
    if name == "name" and len(args) == 1:
        return Action(kind="name", args=(_arg(args[0]),))
    if name == "signal" and len(args) == 1:
        return _signal(args[0])
    return None


def verbs(game: str) -> Mapping[str, str]:
    """The typed night verbs of ``game`` (``GameRules.verbs``: word → action kind); none for an unknown
    game."""
    rules = find_rules(game)
    return rules.verbs if rules is not None else {}


def to_command(
    cmd: TextCommand, user_id: str, *, private: bool, game: str, user_name: str = ""
) -> Command | str:
    """The core command for ``cmd`` sent by ``user_id`` (shown as ``user_name``) in a game of ``game``,
    or a refusal reason id. Role names may be typed in any catalog language (``/co ユリナ``); a night
    ability by the game's own verb (``/protect 3`` in 政治家人狼: ``GameRules.verbs``)."""
    name, args = cmd.name.lower(), cmd.args
    night = verbs(game)
    if name in ("watch", "unwatch"):
        if private:
            return "watch.group_only"
        return Watch(user_id=user_id, name=user_name) if name == "watch" else Unwatch(user_id=user_id)
    if name == "skip" and not private:
        return SkipVote(user_id=user_id)
    if (name in PRIVATE_ONLY or name in night) and not private:
        return "command.private_only"
    simple: dict[str, Command] = {
        "startgame": StartGame(user_id=user_id),
        "cancel": CancelGame(user_id=user_id),
        "leave": Leave(user_id=user_id),
        "me": Query(user_id=user_id, what="me"),
        "hand": Query(user_id=user_id, what="me"),
        "status": Query(user_id=user_id, what="status", public=not private),
        "board": Query(user_id=user_id, what="board", public=not private),
        "help": Query(user_id=user_id, what="help", public=not private),
        "join": Query(user_id=user_id, what="join", public=not private),
        "done": Act(user_id=user_id, action=Action(kind="done")),
        "ready": Act(user_id=user_id, action=Action(kind="ready")),
        "skip": Act(user_id=user_id, action=Action(kind="skip")),
        "extend": Extend(user_id=user_id),
        "pause": Pause(user_id=user_id),
        "resume": Resume(user_id=user_id),
    }
    if name in simple:
        return simple[name]
    if name == "kick":
        # The host's /kick <seat|name>: a number, or the name as shown (core.engine.lobby.find).
        return Kick(user_id=user_id, target=" ".join(args)) if args else "kick.needs_target"
    if name == "t":
        return Say(user_id=user_id, text=" ".join(args)) if args else "command.needs_text"
    if name == "option":
        # Bare /option shows the settings; role names in ``role=count`` may be typed in any language.
        return Configure(
            user_id=user_id, option=args[0] if args else "", values=tuple(_option(game, a) for a in args[1:])
        )
    if name == "pool":
        values = tuple(_role(game, a) for a in args)
        return Configure(user_id=user_id, option="pool", values=values)
    if name == "co" and len(args) == 1:
        return Act(user_id=user_id, action=Action(kind="co", args=(_role(game, args[0]),)))
    if name in ("vote", "kill") and len(args) == 1:
        return Act(user_id=user_id, action=Action(kind=name, args=(_arg(args[0]),)))
    if name == "kill" and len(args) == 2:
        # 徒桜戦争's confirmed erasure of oneself: /kill 3 confirm.
        return Act(user_id=user_id, action=Action(kind=name, args=(_arg(args[0]), args[1].strip().lower())))
    if name == "blackbox" and len(args) == 1:
        # The Black Box switch [ADZ-11.2] (A70): /blackbox on | /blackbox off.
        return Act(user_id=user_id, action=Action(kind="blackbox", args=(args[0].strip().lower(),)))
    if name == "deduce" and len(args) == 2:
        # Kanae's deduction, one entry at a time [ADZ-10.2]: /deduce 3 ユリナ.
        entry = (_arg(args[0]), _role(game, args[1]))
        return Act(user_id=user_id, action=Action(kind="deduce.pick", args=entry))
    if name in CARD_COMMANDS:
        # Without (well-formed) arguments: show the sender's hand with the buttons of the moment.
        card = _card_command(name, args, game) if args else None
        return Act(user_id=user_id, action=card) if card else Query(user_id=user_id, what="me")
    if name in ("vote", "kill", "blackbox", "deduce") and not args:
        # Without a target: show the sender's card with the buttons of the moment.
        return Query(user_id=user_id, what="me")
    if name in night:
        if len(args) != 1:
            return Query(user_id=user_id, what="me")
        return Act(user_id=user_id, action=Action(kind=night[name], args=(_arg(args[0]),)))
    if name == "act" and args:
        args = (_role(game, args[0]), *args[1:])
        return Act(
            user_id=user_id, action=Action(kind=f"night.{args[0].lower()}", args=tuple(map(_arg, args[1:])))
        )
    return "command.unknown"
