"""The browser playground's table: one :class:`~devtools.local.hotseat.HotSeatGame` at a time, its
seat tokens and the player console over its service, driven from the HTTP server's threads.

Every input runs on one asyncio event loop in a background thread (the real Service is async), one at a
time (a lock), so the game sees the same ordered inputs as on a platform. A new game replaces the table:
new service, new store, new seat tokens (an old console link stops working). Times: UTC epoch seconds of
the game's fake clock.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import core.i18n as i18n
from core.games import registry, rules_for
from core.i18n.catalog import catalog
from devtools.local.game import TICK
from devtools.local.hotseat import MAX_WATCHERS, HotSeatGame
from devtools.local.sender import GROUP_CHAT, Entry
from devtools.local.texts import LANGS, game_name
from handlers.console.api import ConsoleApi, ConsoleRequest, ConsoleResponse
from handlers.console.auth import SeatTokens
from handlers.messages import slash_folded

T = TypeVar("T")

#: Where the console reads its view (handlers.console.api).
VIEW_PATH = "/console/api/view"
#: The catalog prefix of the playground page's words (``core/i18n/<lang>/common.toml``).
WEB_KEYS = "local.web."


class Refused(Exception):
    """A playground input that cannot be carried out; ``key`` names its ``local.web.error.*`` text."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def texts(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (unknown → ``ja``): every ``local.web.*`` catalog text, keyed without
    the prefix (``advance``, ``seat.bot`` …), placeholders left as ``{name}`` for the page to fill."""
    common = catalog(i18n.resolve_locale(lang), "common")
    return {key[len(WEB_KEYS) :]: value for key, value in common.items() if key.startswith(WEB_KEYS)}


def games(lang: str) -> list[dict[str, Any]]:
    """Every registered game for the new-game form: ``{"id", "name", "min_players", "max_players"}``."""
    return [
        {
            "id": game,
            "name": game_name(game, lang),
            "min_players": r.min_players,
            "max_players": r.max_players,
        }
        for game, r in sorted(registry().items())
    ]


class Playground:
    """The table served by :class:`devtools.local.web.PlaygroundServer`. ``options``: host ``/option``
    lines typed before the start of every new game of ``game`` (the command line's ``--option``)."""

    def __init__(self, *, game: str, players: int, lang: str, seed: int, options: Sequence[str] = ()) -> None:
        self.first: dict[str, Any] = {"game": game, "players": players, "lang": lang, "seed": seed}
        self.options_for = (game, list(options))
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="playground-loop", daemon=True)
        self._lock = threading.RLock()
        self.game: HotSeatGame | None = None
        self.tokens = SeatTokens()
        self.console: ConsoleApi | None = None
        #: Tables opened so far: the state's ``table``, so the page tells a new game from a rematch.
        self.tables = 0
        #: This server's run (random): the state's ``boot``, so an open page sees that the server restarted.
        self.boot = secrets.token_hex(4)

    # -- lifecycle ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the event loop thread and open the first game (lobby, joins, ``/startgame``)."""
        self._thread.start()
        first = self.first
        self.new(str(first["game"]), int(first["players"]), str(first["lang"]), int(first["seed"]))

    def stop(self) -> None:
        """Stop the event loop thread (inputs after this raise ``RuntimeError``)."""
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join()
        self.loop.close()

    def _run(self, make: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """Run one input on the loop thread, one at a time (the lock also keeps readers out while it
        runs); its exceptions are raised here."""
        with self._lock:
            return asyncio.run_coroutine_threadsafe(make(), self.loop).result()

    def _table(self) -> HotSeatGame:
        if self.game is None:
            raise Refused("error.no_game")
        return self.game

    # -- inputs -------------------------------------------------------------------------------------
    def new(self, game: str, players: int, lang: str, seed: int) -> None:
        """A new game of ``game`` (a registry id) for ``players`` seats in ``lang`` with ``seed``, opened
        and started; the person (``local:1``) is a person, every other seat a bot. Raises
        :class:`Refused` for an unknown game, a language without catalogs or a table size outside the
        game's range (the old game stays)."""
        if game not in registry():
            raise Refused("error.game")
        if lang not in LANGS:
            raise Refused("error.lang")
        rules = rules_for(game)
        if not rules.min_players <= players <= rules.max_players:
            raise Refused("error.players", min=rules.min_players, max=rules.max_players)
        options = self.options_for[1] if game == self.options_for[0] else []
        table = HotSeatGame(game=game, players=players, lang=lang, seed=seed, options=options)
        table.link_recap()  # the end's picture and page, served by this server (devtools.local.web)
        tokens = SeatTokens()
        for user in table.names:
            tokens.issue(user)

        async def opened() -> None:
            await table.open()
            await table.settle()

        with self._lock:
            self._run(opened)
            self.game, self.tokens, self.tables = table, tokens, self.tables + 1
            self.console = ConsoleApi(table.service, tokens, platform="local", page_config={"clock": "fixed"})

    def user(self, seat: int | None = None, watcher: int | None = None) -> str:
        """The user who acts: the one at ``seat`` (the game's seat once started, the join number in the
        lobby), else watcher number ``watcher`` (1-based, :meth:`add_watcher`). Raises :class:`Refused`
        (``error.seat``) when there is no such person."""
        with self._lock:
            table = self._table()
            if seat is not None:
                return self._user(seat)
            users = list(table.watchers)
            if watcher is None or not 1 <= watcher <= len(users):
                raise Refused("error.seat")
            return users[watcher - 1]

    def add_watcher(self) -> int:
        """One more person of the group without a seat (:meth:`HotSeatGame.add_watcher`); returns their
        number. Raises :class:`Refused` (``error.watchers``) past the table's limit."""
        with self._lock:
            table = self._table()
            try:
                user = table.add_watcher()
            except OverflowError as err:
                raise Refused("error.watchers", max=MAX_WATCHERS) from err
            self.tokens.issue(user)
            return len(table.watchers)

    def group(self, user: str, text: str) -> str | None:
        """``user`` (:meth:`user`) sends ``text`` in the group (see :meth:`HotSeatGame.group_line`);
        returns what the bot answered the command in ``user``'s 1:1 chat at once (``/watch``'s and
        ``/unwatch``'s confirmations, a refusal meant for them alone: a platform sends those privately),
        else the service's answer to a command (its ack), else None. Raises :class:`Refused` for an empty
        line or chat while the user may not speak."""
        text = slash_folded(text)  # a full-width ／ opens a command, as on the platforms
        with self._lock:
            table = self._table()
            if not text.strip():
                raise Refused("error.empty")
            if not text.strip().startswith("/") and not table.may_speak(user):
                raise Refused("error.no_speech", name=table.name_of(user))
            sent = len(table.sender.log)
            outcome = self._run(lambda: table.group_line(user, text))
            replies = [e.text for e in table.sender.log[sent:] if e.chat_id == user]
        return "\n\n".join(replies) or (outcome.ack if outcome is not None else None)

    def private(self, user: str, text: str) -> str | None:
        """``user`` (:meth:`user`) sends the command ``text`` in its 1:1 chat with the bot (see
        :meth:`HotSeatGame.private_line`); returns what the bot answered there at once (a query's answer,
        a refusal: the messages that reach no console feed), else its ack, else ``tap.ok`` in the group's
        current game's language. What the command
        changed reaches their console as on a platform. Raises :class:`Refused` for a line that is no
        ``/command``."""
        text = slash_folded(text)
        with self._lock:
            table = self._table()
            if not text.strip().startswith("/") or not text.strip()[1:].split():
                raise Refused("error.private_command")
            sent = len(table.sender.log)
            outcome = self._run(lambda: table.private_line(user, text))
            kept = {entry["text"] for entry in table.feed(user)}
            replies = [e.text for e in table.sender.log[sent:] if e.chat_id == user and e.text not in kept]
            # A bare acknowledgement is the game's, in the game's language (an English game opened with
            # /newgame … en at a Japanese table answers in English), as the service's own acks are.
            state = table.state()
            locale, game = (state.locale, state.game) if state is not None else (table.lang, table.game)
        return "\n\n".join(replies) or outcome.ack or i18n.text("tap.ok", locale, game)

    def press(self, user: str, entry: int, button: int) -> str | None:
        """``user`` (:meth:`user`) presses button ``button`` (0-based) of group entry ``entry``; returns
        the ack."""
        with self._lock:
            table = self._table()
            try:
                outcome = self._run(lambda: table.press_group(user, entry, button))
            except IndexError as err:
                raise Refused("error.button") from err
        return outcome.ack

    def advance(self) -> bool:
        """Jump to the deadline and let the bots move; False when there was no deadline."""
        table = self._table()
        return self._run(table.advance_and_settle)

    def set_bot(self, seat: int, bot: bool) -> None:
        """Hand ``seat`` to a bot (which moves at once) or take it back for a person."""
        with self._lock:
            table, user = self._table(), self._user(seat)

            async def handed() -> None:
                table.set_bot(user, bot)
                await table.settle()

            self._run(handed)

    def recap_request(self, method: str, path: str, query: dict[str, str]) -> dict[str, Any]:
        """Answer one ``/recap/<game id>[.png]?t=…`` request of the current table
        (:meth:`HotSeatGame.recap`: a Function URL response dict); raises :class:`Refused` before the
        first game."""
        with self._lock:
            return self._table().recap(method, path, query)

    def console_request(self, request: ConsoleRequest) -> ConsoleResponse:
        """Answer one ``/console…`` request at the game's clock; after an accepted act or say (a
        ``POST``) the clock ticks (never onto the deadline) and the bots move; a refused one moves nothing."""
        table, api = self._table(), self.console
        assert api is not None

        async def answered() -> ConsoleResponse:
            if request.method != "POST":
                return await api.handle(request, now=table.now)
            response = await api.handle(request, now=table.now)
            if response.status != 200 or not json.loads(response.body).get("ok"):
                return response
            table.tick()
            await table.settle()
            return await self._after_bots(api, request, response, table.now)

        return self._run(answered)

    @staticmethod
    async def _after_bots(
        api: ConsoleApi, request: ConsoleRequest, response: ConsoleResponse, now: int
    ) -> ConsoleResponse:
        """``response`` to an act or say with its ``view`` read again after the bots moved, so the console
        shows the buttons of where the game is now rather than of the moment of the tap."""
        answer = json.loads(response.body)
        g = str(json.loads(request.body or b"{}").get("g") or "")
        query = {"g": g} if g else {}
        reread = replace(request, method="GET", path=VIEW_PATH, query=query, body=b"")
        view = await api.handle(reread, now=now)
        if view.status == 200:
            answer["view"] = json.loads(view.body)
        return replace(response, body=json.dumps(answer, ensure_ascii=False).encode())

    # -- reading ------------------------------------------------------------------------------------
    def _user(self, seat: int) -> str:
        """The user at ``seat`` (the game's seat once started, the join number in the lobby)."""
        for row in self._seats(self._table()):
            if row["seat"] == seat:
                return str(row["user_id"])
        raise Refused("error.seat")

    def _seats(self, table: HotSeatGame) -> list[dict[str, Any]]:
        rows = []
        for number, (user, name) in enumerate(table.names.items(), start=1):
            seat = table.seat_of(user)
            rows.append({"seat": seat or number, "user_id": user, "name": name, "bot": table.is_bot(user),
                         "token": self.tokens.issue(user), "person": user == table.person,
                         "owes": table.owes(user), "may_speak": table.may_speak(user),
                         "out": table.is_out(user)})  # fmt: skip
        return sorted(rows, key=lambda row: int(row["seat"]))

    def _watchers(self, table: HotSeatGame) -> list[dict[str, Any]]:
        return [{"watcher": number, "user_id": user, "name": name, "token": self.tokens.issue(user),
                 "watching": table.watching(user)}
                for number, (user, name) in enumerate(table.watchers.items(), start=1)]  # fmt: skip

    def state(self, since: int = 0) -> dict[str, Any]:
        """The table as the page shows it: the group's current game (``game``, ``title`` and ``locale``
        its own: a ``/newgame … en`` in the chat opens an English game), its ``seats`` (``{"seat",
        "user_id", "name", "bot", "token", "person", "owes", "may_speak", "out"}``; ``out``: no longer
        ``alive``), the ``watchers`` (``{"watcher", "user_id", "name", "token", "watching"}``: people
        without a seat, ``watching`` once their ``/watch`` was accepted) and the group chat from log
        position ``since``; ``table`` counts the games this server opened and ``boot`` names this run of
        the server (so a page can tell a game another tab started, or a restart, from its own); ``tick``:
        the seconds each input moves the clock;
        ``live`` lists every group button (``[n, index]``, the whole log) a press still means something
        for, so the page can disable the ones it already shows once they are from an earlier moment."""
        with self._lock:
            table = self._table()
            state = table.state()
            log, live = table.sender.log, table.live_buttons(state)
            # The group's current game (a /newgame in the chat may open another game or language).
            game, locale = (state.game, state.locale) if state is not None else (table.game, table.lang)
            return {
                "table": self.tables, "game": game, "title": game_name(game, locale),
                "game_id": table.game_id, "locale": locale, "seed": table.seed,
                "started": table.person_seat is not None,
                "over": bool(state is not None and state.is_over),
                "phase": None if state is None else state.phase,
                "phase_seq": None if state is None else state.phase_seq,
                "now": table.now, "deadline_at": None if state is None else state.deadline_at, "tick": TICK,
                "boot": self.boot,
                "seats": self._seats(table), "watchers": self._watchers(table),
                "chat": [_entry(e, live) for e in log[max(0, since) :] if e.chat_id == GROUP_CHAT],
                "live": sorted([n, index] for n, index in live),
                "next": len(log),
            }  # fmt: skip


def _entry(entry: Entry, live: frozenset[tuple[int, int]]) -> dict[str, Any]:
    """One group message: ``{"n", "text", "author", "buttons": [{"label", "live"}, …], "photo", "link"}``
    (``author``: None for the game master's own messages; ``live``: whether a press still means
    something, see :meth:`HotSeatGame.live_buttons`; ``photo``: a picture's URL, ``link``: ``{"label",
    "url"}`` of a button that opens a page, both None on most messages: the recap's picture and page)."""
    buttons = [{"label": button.label, "live": (entry.seq, index) in live}
               for index, button in enumerate(entry.buttons)]  # fmt: skip
    link = {"label": entry.link.label, "url": entry.link.url} if entry.link is not None else None
    return {"n": entry.seq, "text": entry.text, "author": entry.author, "buttons": buttons,
            "photo": entry.photo, "link": link}  # fmt: skip
