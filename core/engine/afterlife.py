"""霊界 (the afterlife chat) and spectators, the same for every game (docs/architecture.md, "霊界 and
spectators").

- **Out of the table.** Each game names the seats that have left the table for good but still watch it
  (:class:`Afterlife.out`): 徒桜戦争 the dead [ADZ-3.3], 政治家人狼 the ``ELECTED`` and ``OUT`` (§6, AMB-03),
  DEATH NOTE 人狼 the eliminated (§8), 人狼 the dead [WW-8.3]. A seat the host kicked is out of the game
  and out of the 霊界 as well (:meth:`Afterlife.listeners`).
- **Relay.** What such a seat, or a spectator, sends as relayed text (``Say``: ``/t <text>`` in the 1:1
  chat, the console's say box) goes out as one notice to the ``afterlife`` audience
  (:func:`core.engine.notice.to_afterlife`): the other seats out of the table, plus the spectators who
  read it (:func:`readers`: every one, or only those muted in the group while the game holds its dead
  silent there, :func:`held`), whom the shell adds when it renders; never a living seat. The sender
  hears ``afterlife.sent``. Refused:
  ``afterlife.closed`` (the game's ``afterlife`` option is off, or the game has not started),
  ``input.too_long`` (over :data:`MAX_SAY` characters), ``game.over``, ``afterlife.nobody`` (no other
  seat in the 霊界 and no other spectator: nobody would read it, e.g. a spectator during 人狼's 遺言,
  whose speaker is not in the 霊界 yet).
- **Spectators** (``Watch``, ``Unwatch``) are users, not seats: at most :data:`MAX_SPECTATORS`, kept in
  ``TableState.spectators``. They are never prompted nor waited for, never counted for ``/skip``,
  ``/extend`` or AFK (none of those looks beyond the seats), and ``/status`` lists them. ``/watch`` and
  ``/unwatch`` are answered in their 1:1 chat only; the group hears of one only when the bot cannot
  message them (:func:`unreachable`).
- **霊界表示** (``afterlifeSees``): each game's own option (:class:`Afterlife`), refused where the platform
  cannot mute the dead (:func:`configure`); on, a seat arriving in the 霊界 is shown every role
  (:func:`arrivals`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.engine.commands import Configure, Query, SpectatorMuted, Unwatch, Watch
from core.engine.context import TableCtx, seat_of
from core.engine.notice import KeyRef, Notice, RoleRef, Scalar, to_afterlife, to_user
from core.engine.options import ON_WORDS
from core.engine.result import Event, Rejected
from core.engine.table import Member, TableState

#: The most spectators one game keeps; the next ``/watch`` is refused (``watch.full``).
MAX_SPECTATORS = 30
#: Longest relayed 霊界 message, in characters.
MAX_SAY = 500
#: The longest spectator name kept, in characters (display names are the platform's, bounded here).
MAX_NAME = 64


def _never(state: Any) -> bool:
    return False


@dataclass(frozen=True)
class Afterlife:
    """A game's reading of the 霊界: ``out``, the seats out of the table in a state (dead, elected, out,
    eliminated: the game's own word); ``enabled``, whether the game's ``afterlife`` option is on;
    ``sees_option``, the game's option of 霊界表示 (the dead see every role: 人狼 ``graveyardReveal``,
    DEATH NOTE 人狼 and 政治家人狼 ``afterlifeSees``; None: the game has none, 徒桜戦争 by A08), which
    ``/option afterlifeSees`` also names; ``sees_also``, other names the game's option takes (DEATH NOTE
    人狼's spec id ``spectators``); ``sees``, whether it is on; ``reveal``, whether the
    engine shows a seat arriving in the 霊界 every seat's role (:func:`arrivals`; False where the game
    shows the dead what they see itself, 人狼's ``graveyardReveal``); ``seen``, the game's line (its recap's)
    for an event the 霊界 sees as it happens with 霊界表示 on (DEATH NOTE 人狼's night results), None for
    the others; ``welcome``, the catalog key a seat arriving in the 霊界 while it is open is told in the
    1:1 chat (the game's own word for leaving, and that ``/t`` now writes in the 霊界: 政治家人狼
    ``afterlife.you.elected`` or ``afterlife.you.out``, DEATH NOTE 人狼 and 徒桜戦争 ``afterlife.you``),
    given the state and the seat; None where the game welcomes its dead itself (人狼's ``dead.you``)."""

    out: Callable[[Any], set[int]]
    enabled: Callable[[Any], bool]
    sees_option: str | None = None
    sees_also: tuple[str, ...] = ()
    sees: Callable[[Any], bool] = _never
    reveal: bool = False
    seen: Callable[[Any, Event], KeyRef | None] | None = None
    welcome: Callable[[Any, int], str] | None = None

    @staticmethod
    def of_the_dead(
        option: Callable[[Any], bool], *, sees_option: str | None = None, sees_also: tuple[str, ...] = (),
        sees: Callable[[Any], bool] = _never, reveal: bool = False,
        seen: Callable[[Any, Event], KeyRef | None] | None = None,
        welcome: Callable[[Any, int], str] | None = None,
    ) -> Afterlife:  # fmt: skip
        """The reading every game shares: the seats not ``alive`` are out of the table (each game's own
        ``alive``: 政治家人狼's ``ELECTED`` and ``OUT`` are not), the 霊界 open while ``option`` is on."""
        return Afterlife(
            out=the_dead, enabled=option,
            sees_option=sees_option, sees_also=sees_also, sees=sees, reveal=reveal, seen=seen,
            welcome=welcome,
        )  # fmt: skip

    def listeners(self, state: TableState) -> list[int]:
        """The seats in the 霊界 now: out of the table and not kicked, in seat order."""
        return sorted(self.out(state) - set(state.kicked))


def the_dead(state: Any) -> set[int]:
    """The seats not ``alive`` (each game's own ``alive``), the 霊界 of :meth:`Afterlife.of_the_dead`."""
    return {p.seat for p in state.players if not p.alive}


def say(g: TableCtx[Any], channel: Afterlife, text: str, *, seat: int | None = None,
        spectator: str = "") -> Rejected | None:  # fmt: skip
    """Relay ``text`` from ``seat`` (out of the table), or else from the user ``spectator``, to the rest of
    the 霊界 (see the module docstring for the refusals)."""
    s = g.s
    user_id = g.p(seat).user_id if seat is not None else spectator
    if s.is_over:
        return Rejected(reason="game.over")
    if not s.players or not channel.enabled(s):
        return Rejected(reason="afterlife.closed")
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    others = [d for d in channel.listeners(s) if d != seat]
    if not others and not any(m.user_id != user_id for m in s.spectators):
        return Rejected(reason="afterlife.nobody")  # never "sent" to nobody
    to = to_afterlife(others, sender=user_id)
    if seat is not None:
        g.notices.append(Notice(key="afterlife.say", to=to, params={"member": g.ref(seat), "text": text}))
        g.tell(seat, "afterlife.sent")
        return None
    name = next(m.name for m in s.spectators if m.user_id == user_id)
    g.notices.append(Notice(key="afterlife.say.spectator", to=to, params={"name": name, "text": text}))
    g.notices.append(Notice(key="afterlife.sent", to=to_user(user_id)))
    return None


def is_spectator(state: TableState, user_id: str) -> bool:
    return any(m.user_id == user_id for m in state.spectators)


def stop_watching(state: TableState, user_id: str) -> None:
    """``user_id`` is no spectator any more (they join the lobby: a seat never hears the 霊界 as a
    spectator); nothing when they were not one."""
    state.spectators = [m for m in state.spectators if m.user_id != user_id]
    state.muted_spectators = [u for u in state.muted_spectators if u != user_id]


def watch(g: TableCtx[Any], command: Watch, reading: Afterlife | None = None) -> Rejected | None:
    """``/watch``: ``command.user_id`` becomes a spectator of the lobby or the running game, welcomed in
    the 1:1 chat (``watch.welcome``; ``watch.welcome.closed`` while the game's 霊界, ``reading``, is not
    open: no ``/t`` promised) and nothing said in the group, whose messages are the game's (DEATH
    NOTE 人狼 sends none while players choose or at night, §11.3, §11.6); ``/status`` lists the
    spectators. A spectator the bot cannot message there is dropped (:func:`unreachable`). Refused:
    ``game.over``, ``watch.seated`` (a lobby member or a seat), ``watch.already``, ``watch.full``."""
    s = g.s
    user = command.user_id
    if s.is_over:
        return Rejected(reason="game.over")
    if s.member(user) is not None or seat_of(s, user) is not None:
        return Rejected(reason="watch.seated")
    if is_spectator(s, user):
        return Rejected(reason="watch.already")
    if len(s.spectators) >= MAX_SPECTATORS:
        return Rejected(reason="watch.full", params={"max": MAX_SPECTATORS})
    name = command.name[:MAX_NAME] or user
    s.spectators.append(Member(user_id=user, name=name))
    key = "watch.welcome" if reading is not None and reading.enabled(s) else "watch.welcome.closed"
    g.notices.append(Notice(key=key, to=to_user(user), params={"game": s.game}))
    return None


def unwatch(g: TableCtx[Any], command: Unwatch) -> Rejected | None:
    """``/unwatch``: the spectator leaves, told in the 1:1 chat (``watch.left``). Refused:
    ``watch.not_watching``."""
    return _drop(g, command.user_id, None, privately=True)


def unreachable(g: TableCtx[Any], user_id: str, *, quiet: bool = False) -> Rejected | None:
    """The bot cannot message the spectator ``user_id`` in the 1:1 chat (Telegram: never started the bot,
    or blocked it): they stop watching, and the group is told how to watch (``watch.unreachable``), as the
    lobby does for a player; while the group is ``quiet`` (nobody may post) nobody is told (they are no
    spectator any more and may ``/watch`` again). Refused (``not_player``) for anyone else."""
    if not is_spectator(g.s, user_id):
        return Rejected(reason="not_player")
    return _drop(g, user_id, None if quiet else "watch.unreachable", privately=False)


def _drop(g: TableCtx[Any], user_id: str, key: str | None, *, privately: bool) -> Rejected | None:
    """Remove the spectator ``user_id``; the group hears ``key`` (None: nothing), and ``privately`` they
    are told ``watch.left`` in the 1:1 chat."""
    s = g.s
    member = next((m for m in s.spectators if m.user_id == user_id), None)
    if member is None:
        return Rejected(reason="watch.not_watching")
    s.spectators.remove(member)
    s.muted_spectators = [u for u in s.muted_spectators if u != user_id]
    if key is not None:
        g.announce(key, name=member.name)
    if privately:
        g.notices.append(Notice(key="watch.left", to=to_user(user_id), params={"name": member.name}))
    return None


def quiet(speakers: set[int] | None) -> bool:
    """Whether the group must stay silent now: nobody may post (a game's ``speakers`` is empty)."""
    return speakers is not None and not speakers


def tell_spectators(g: TableCtx[Any], query: Query, refused: Rejected | None) -> Rejected | None:
    """After the game answered ``query`` (``refused`` None): a ``/status`` answer of a lobby or a running
    game ends with the spectators' names (``watch.list``) when there are any. Returns ``refused``."""
    s = g.s
    if refused is None and query.what == "status" and s.spectators and not s.is_over:
        g.reply(query, "watch.list", names=[m.name for m in s.spectators], count=len(s.spectators))
    return refused


#: The name every game accepts for its 霊界表示 option (``/option afterlifeSees on``).
SEES = "afterlifesees"


def configure(state: TableState, channel: Afterlife | None, command: Configure) -> Configure | Rejected:
    """``/option afterlifeSees …`` is the game's own 霊界表示 option (``Afterlife.sees_option``; refused as
    an unknown option where the game has none, ``option.unknown`` by the game). Turning it on is refused
    where the platform cannot mute the dead in the group (``settings["mutes"]`` False, LINE:
    ``afterlife.sees_unmutable``): what the dead would learn must never reach the living."""
    name = command.option.lower()
    if channel is None or channel.sees_option is None:
        return command
    if name == SEES or name in (n.lower() for n in channel.sees_also):
        command = command.model_copy(update={"option": channel.sees_option})
    elif name != channel.sees_option.lower():
        return command
    turning_on = bool(command.values) and ON_WORDS.get(command.values[0].lower()) is True
    if turning_on and state.settings.get("mutes", True) is False:
        return Rejected(reason="afterlife.sees_unmutable", params={"option": channel.sees_option})
    return command


def to_mute(state: TableState, channel: Afterlife | None, *, held: bool = False) -> list[str]:
    """The spectators the shell should mute in the group now, so they may see what the dead see and read
    what the dead write: all of them while the game runs (dealt, not over) and 霊界表示 is on, or its 霊界
    is open and ``held`` (the game holds the seats out of the table silent in the group now,
    :func:`held`); none otherwise (the shell lifts the mutes it set). User ids, in the order they
    started watching."""
    if channel is None or not getattr(state, "players", None) or state.is_over:
        return []
    if channel.sees(state) or (held and channel.enabled(state)):
        return [m.user_id for m in state.spectators]
    return []


def held(state: TableState, channel: Afterlife | None, speakers: set[int] | None) -> bool:
    """Whether the game holds the seats out of the table silent in the group now: it runs, the platform
    can mute (``settings["mutes"]`` is not False: LINE cannot) and its ``speakers`` (None: everyone may
    post) leaves out every seat of the 霊界 (政治家人狼, DEATH NOTE 人狼 and 徒桜戦争 throughout play;
    人狼 with ``strictMute`` or ``graveyardReveal``)."""
    if channel is None or not getattr(state, "players", None) or state.is_over:
        return False
    if state.settings.get("mutes", True) is False or speakers is None:
        return False
    return not speakers & set(channel.listeners(state))


def readers(state: TableState, channel: Afterlife | None, *, held: bool) -> list[str]:
    """The spectators who read the 霊界's words now: while the seats out of the table are ``held`` silent
    in the group (:func:`held`) only those the shell muted there too (``SpectatorMuted``), since what a
    dead player writes may carry what only they know (their own hidden role, a partner they recognised)
    and a spectator free to post in the group could pass it on where the dead may not; every spectator
    otherwise (the dead could post it there themselves: LINE, 人狼 without ``strictMute``). User ids, in
    the order they started watching (docs/architecture.md "霊界 and spectators")."""
    if channel is None or not held:
        return [m.user_id for m in state.spectators]
    muted = set(state.muted_spectators)
    return [m.user_id for m in state.spectators if m.user_id in muted]


def seeing(state: TableState, channel: Afterlife | None) -> list[str]:
    """The spectators shown what the dead are shown: 霊界表示 on (the game's ``sees`` option) and muted by
    the shell in the group (``SpectatorMuted``), so what they learn cannot reach the living; none before
    the deal or after the end. User ids, in the order they started watching."""
    muted = set(state.muted_spectators)
    return [user for user in to_mute(state, channel) if user in muted]


def tell_seeing(g: TableCtx[Any], channel: Afterlife, key: str, **params: Any) -> None:
    """A notice the game shows the 霊界 itself (人狼's ``grave.night`` [WW-8.3]) to every spectator who
    sees (:func:`seeing`), in the 1:1 chat; nobody when none does."""
    for user in seeing(g.s, channel):
        g.notices.append(Notice(key=key, to=to_user(user), params=params))


def _roles(g: TableCtx[Any]) -> list[Scalar]:
    """One ``afterlife.role`` line a seat: every seat's role, as the 霊界 is shown it."""
    return [
        KeyRef(key="afterlife.role", params={"player": g.ref(p.seat), "role": RoleRef(id=p.role)})
        for p in g.s.players
    ]


def muted(g: TableCtx[Any], channel: Afterlife | None, command: SpectatorMuted) -> Rejected | None:
    """``SpectatorMuted``: the shell muted the spectator ``command.user_id`` in the group (or lifted the
    mute, or could not mute them). A spectator who becomes one that sees (:func:`seeing`) is told every
    seat's role in the 1:1 chat by :func:`arrivals` (``afterlife.roles``), as a seat arriving in the 霊界
    is; one no longer muted sees nothing more. Refused: ``not_player`` (no spectator of this game)."""
    s = g.s
    user = command.user_id
    if not is_spectator(s, user):
        return Rejected(reason="not_player")
    s.muted_spectators = [u for u in s.muted_spectators if u != user]
    if command.muted:
        s.muted_spectators.append(user)
    return None


def arrivals(g: TableCtx[Any], channel: Afterlife, before: Any) -> None:
    """After a command: each seat that arrived in the 霊界 with it is told, while the 霊界 is open and the
    game goes on, that ``/t`` now writes there (``Afterlife.welcome``, in the game's words; nothing while
    it is closed); each spectator who sees from this command on (:func:`seeing`: muted, at the deal or
    once muted) is told every seat's role in the 1:1 chat (``afterlife.roles``); and (``Afterlife.reveal``
    and its option on) each seat that arrived is told every seat's role (``afterlife.roles``: one
    ``afterlife.role`` line a seat), and every seat in the 霊界 each event of this command the game shows
    it (``Afterlife.seen``, as ``afterlife.night``), in their 1:1 chats, and the spectators muted in the
    group (:func:`seeing`) the same events; never anyone else (an unmuted spectator is told nothing
    hidden, like a living seat)."""
    s = g.s
    both = bool(s.players and before.players)
    welcome = (
        channel.welcome if channel.welcome is not None and channel.enabled(s) and not s.is_over else None
    )
    shows = channel.reveal and both and channel.sees(s)
    # Who arrived is looked up only when someone is to be told (most inputs of most games: nobody).
    now = channel.listeners(s) if both and (welcome is not None or shows) else []
    arrived = sorted(set(now) - set(channel.listeners(before))) if now else []  # before: only if needed
    if welcome is not None:
        for seat in arrived:
            g.tell(seat, welcome(s, seat))
    if s.spectators:  # (most games have none: :func:`seeing` is a subset of them)
        shown = set(seeing(before, channel))
        for user in seeing(s, channel):  # a muted spectator who sees from now on (the deal, the option on)
            if user not in shown:
                g.notices.append(Notice(key="afterlife.roles", to=to_user(user), params={"lines": _roles(g)}))
    if not shows:
        return
    listeners = channel.listeners(s)
    if arrived:
        lines = _roles(g)
        for seat in arrived:
            g.tell(seat, "afterlife.roles", lines=lines)
    if channel.seen is None:
        return
    seen = [line for event in g.events if (line := channel.seen(g, event)) is not None]
    for seat in listeners if seen else []:
        for line in seen:
            g.tell(seat, "afterlife.night", night=line)
    for user in seeing(s, channel) if seen else []:
        for line in seen:
            g.notices.append(Notice(key="afterlife.night", to=to_user(user), params={"night": line}))
