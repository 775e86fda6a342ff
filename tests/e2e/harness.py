"""A table of Telegram players driving the real webhook, service, store and timer handler.

Everything a player does is an update JSON built from recorded fixtures (``tests.telegram.builders``) and
POSTed to ``handlers.telegram.webhook.handler`` as a Function URL event with the secret header; what
players see is what the fake Bot API server (``tests.fakes.telegram_api``) recorded. Time is a fake clock
shared by the webhook and the timer handler (UTC epoch seconds). The test stands in for the SQS delay
queue: it reads a phase's deadline from the store and calls the timer handler at that moment.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from moto import mock_aws

import core.i18n as i18n
from core.engine.notice import Notice, PlayerRef, RoleRef
from core.games import GameRules
from devtools import moto_speed
from devtools.local.reading import GameReader
from handlers import outbox, timer
from handlers.messages import Tap
from handlers.service import Service
from handlers.telegram import webhook
from handlers.telegram.callback import decode, encode
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore, create_table
from infra.store import GameStore
from infra.timers import Scheduler
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi, Received
from tests.telegram.builders import callback, group_command, private_command, webhook_event

SECRET = "e2e-secret_Token-1"
GROUP = -1001000000001
GROUP_CHAT = f"tg:{GROUP}"
GAME_ID = "g2026e2e"
SEED = 20_260_101
START = 1_767_225_600  # 2026-01-01T00:00:00Z
NAMES = ("Alex", "Jordan", "Sam", "たろう", "Mika", "Ren", "Noa", "Kai")
FIRST_USER = 1_000_000_001
TABLE = "jinro-e2e"


@contextmanager
def moto_store() -> Iterator[DynamoStore]:
    """The production store on moto's in-process DynamoDB (one thread only: moto is not thread-safe)."""
    with mock_aws():
        client = moto_speed.session().client("dynamodb", region_name="us-east-1")
        create_table(client, TABLE)
        yield DynamoStore(TABLE, client)


@dataclass(frozen=True)
class Player:
    """A Telegram user; ``chat`` is the 1:1 chat id (equal to the user id on Telegram)."""

    number: int
    name: str

    @property
    def chat(self) -> str:
        return f"tg:{self.number}"


def players(count: int) -> list[Player]:
    return [Player(FIRST_USER + i, NAMES[i]) for i in range(count)]


@dataclass(frozen=True)
class Press:
    """One button press and how the bot answered it (``answerCallbackQuery`` text; ``None``: no toast)."""

    player: Player
    data: str
    answered: bool
    toast: str | None

    @property
    def tap(self) -> Tap:
        """The tap the button carried; raises ``ForgedCallback`` for data the bot cannot have made."""
        return decode(self.data)


@dataclass(frozen=True)
class Said:
    """A notice the service rendered for its outbox: key, the chats it goes to, its text, and its
    ``Notice.slot`` (a status message edited in place, or replaced while waiting)."""

    key: str
    chats: tuple[str, ...]
    body: str
    slot: str | None = None


@dataclass
class NoticeLog:
    """Records every notice the service commits (wrapping ``handlers.outbox.render_notices``)."""

    said: list[Said] = field(default_factory=list)

    def wrap(self, render: Callable[..., Any]) -> Callable[..., Any]:
        def recording(rules: GameRules, state: Any, notices: list[Notice], **options: Any) -> Any:
            for notice in notices:
                chats = tuple(outbox.recipients(rules, state, notice))
                body = text_of(notice, state.locale, state.game)
                self.said.append(Said(notice.key, chats, body, notice.slot))
            return render(rules, state, notices, **options)

        return recording

    def to(self, chat: str, key: str | None = None) -> list[Said]:
        """Notices to ``chat`` whose key is ``key`` or one of its variants (``role.card`` also finds
        ``role.card.team``); every notice to ``chat`` without a key."""
        return [
            s for s in self.said if chat in s.chats and (key is None or f"{s.key}.".startswith(f"{key}."))
        ]


def text_of(notice: Notice, locale: str, game: str) -> str:
    """A notice's text as the outbox renders it (a missing catalog key shows as ``[key]``)."""
    try:
        return i18n.render(notice, locale, game)
    except KeyError:
        return f"[{notice.key}]"


def catalog_text(key: str, locale: str = "ja", game: str = "adazakura") -> str:
    """A shell text as the service renders it (a missing catalog key shows as ``[key]``)."""
    try:
        return i18n.text(key, locale, game)
    except KeyError:
        return f"[{key}]"


def player_ref(seat: int, name: str, locale: str = "ja", game: str = "adazakura") -> str:
    return i18n.render_param(PlayerRef(seat=seat, name=name), locale, game)


def megami_name(megami: str, locale: str = "ja", game: str = "adazakura") -> str:
    return i18n.render_param(RoleRef(id=megami), locale, game)


class Table:
    """One group chat with ``people`` in it, a fake Bot API and a store. ``settings`` become the group's
    settings (e.g. the test-mode ``setup``); ``game_id`` and ``seed`` fix the new game. ``scheduler``: where
    the webhook and the timer send their wake-ups (default none: the test fires deadlines itself).
    ``watching``: a subclass that records the buttons sent (``offers``) does so only while it is True."""

    watching = True

    def __init__(
        self,
        api: FakeTelegramApi,
        store: GameStore,
        people: list[Player],
        *,
        settings: dict[str, Any] | None = None,
        game_id: str = GAME_ID,
        seed: int = SEED,
        scheduler: Scheduler | None = None,
    ) -> None:
        self.api = api
        self.store = store
        self.reader = GameReader(store)
        self.people = people
        self.game_id = game_id
        self.now = START
        self.presses: list[Press] = []
        self._update_id = 700_000
        bot = api.bot()
        group_settings = dict(settings or {})
        self.service = Service(
            store,
            TelegramSender(bot, bot_username=BOT_USERNAME),
            new_id=lambda: game_id,
            new_seed=lambda: seed,
            settings_for=lambda chat_id: group_settings,
            scheduler=scheduler,
        )
        webhook.configure(
            service=self.service, secret=SECRET, bot=bot, bot_username=BOT_USERNAME, clock=self.clock
        )
        # The timer is another Lambda: its own service and Bot client over the same table.
        timer_service = Service(
            store, TelegramSender(api.bot(), bot_username=BOT_USERNAME), scheduler=scheduler
        )
        timer.configure(service=timer_service, clock=self.clock, scheduler=scheduler)

    def clock(self) -> float:
        return float(self.now)

    # -- what players send ----------------------------------------------------------------------------
    def next_update_id(self) -> int:
        self._update_id += 1
        return self._update_id

    def post(self, update: dict[str, Any] | str, secret: str | None = SECRET) -> int:
        """POST one update as Telegram does; the HTTP status the webhook answered."""
        answer = webhook.handler(webhook_event(update, secret), None)
        self.api.carry_out(answer)
        status: int = answer["statusCode"]
        return status

    def in_group(self, player: Player, text: str) -> dict[str, Any]:
        """``player`` posts ``text`` in the group; returns the update (to deliver it again)."""
        update = group_command(GROUP, player.number, player.name, text, self.next_update_id())
        assert self.post(update) == 200
        return update

    def private_update(self, player: Player, text: str) -> dict[str, Any]:
        """The update of ``player`` sending ``text`` in their 1:1 chat (not yet delivered)."""
        return private_command(player.number, player.name, text, self.next_update_id())

    def in_private(self, player: Player, text: str) -> dict[str, Any]:
        update = self.private_update(player, text)
        assert self.post(update) == 200
        return update

    def press(self, player: Player, data: str, message_id: int) -> Press:
        """``player`` presses the button carrying ``data`` on the bot's message ``message_id`` in their
        1:1 chat; returns the press with the bot's answer."""
        update = callback(player.number, player.number, data, message_id, self.next_update_id(), player.name)
        assert self.post(update) == 200
        return self.answer_to(player, update)

    def press_tap(self, player: Player, tap: Tap) -> Press:
        """A press whose callback data encodes ``tap``, on the newest keyboard of ``player``'s chat (as a
        modified client, or an old keyboard, could send it)."""
        keyboards = self.keyboards(player)
        return self.press(player, encode(tap), keyboards[-1].message_id if keyboards else 1)

    def answer_to(self, player: Player, update: dict[str, Any]) -> Press:
        query_id = update["callback_query"]["id"]
        answers = [
            c for c in self.api.calls_to("answerCallbackQuery") if c.params["callback_query_id"] == query_id
        ]
        press = Press(
            player=player,
            data=update["callback_query"]["data"],
            answered=bool(answers),
            toast=answers[-1].params.get("text") if answers else None,
        )
        self.presses.append(press)
        return press

    # -- what players see -----------------------------------------------------------------------------
    def sent_to(self, chat: str | int) -> list[str]:
        """Every text the bot sent to ``chat`` (``sendMessage``, before any later edit), in order."""
        number = int(str(chat).removeprefix("tg:"))
        return [c.params["text"] for c in self.api.calls_to("sendMessage") if c.params["chat_id"] == number]

    def keyboards(self, player: Player) -> list[Received]:
        """The bot's messages with buttons in ``player``'s 1:1 chat, as they read now (oldest first)."""
        return [m for m in self.api.messages(player.chat) if m.buttons]

    def join_link(self) -> str:
        """The URL of the join button of the newest lobby message in the group."""
        urls = [data for m in self.api.messages(GROUP) for row in m.buttons for _, data in row]
        links = [u for u in urls if u.startswith("https://t.me/")]
        assert links, "the lobby message has no join link"
        return links[-1]

    def open_join_link(self, player: Player) -> None:
        """What Telegram does when ``player`` opens the deep link and presses Start."""
        url = urlsplit(self.join_link())
        assert url.path == f"/{BOT_USERNAME}"
        [payload] = parse_qs(url.query)["start"]
        self.in_private(player, f"/start {payload}")

    # -- the store and the timer ----------------------------------------------------------------------
    def state(self) -> Any:
        """The game as committed, its log read from its history (as ``decision.load_whole`` reads it; each
        history chunk is read once: :class:`~devtools.local.reading.GameReader`)."""
        state = self.reader.state(self.game_id)
        assert state is not None
        return state

    def version(self) -> int:
        stored = self.store.load(self.game_id)
        return 0 if stored is None else stored.version

    def snapshot(self) -> tuple[int, str, dict[str, str]] | None:
        stored = self.store.load(self.game_id)
        return None if stored is None else (stored.version, stored.state, dict(stored.pending))

    def seat_of(self, player: Player) -> int:
        return next(p.seat for p in self.state().players if p.user_id == player.chat)

    def player_at(self, seat: int) -> Player:
        user = next(p.user_id for p in self.state().players if p.seat == seat)
        return next(p for p in self.people if p.chat == user)

    def living(self) -> list[Player]:
        return [self.player_at(p.seat) for p in self.state().players if p.alive]

    def fire_timer_at_deadline(self) -> None:
        """The delayed timer message of the current phase arrives at its deadline."""
        state = self.state()
        assert state.deadline_at is not None, f"phase {state.phase} has no deadline"
        self.now = max(self.now, state.deadline_at)
        body = json.dumps({"game_id": self.game_id, "phase_seq": state.phase_seq})
        answer = timer.handler({"Records": [{"messageId": f"m{state.phase_seq}", "body": body}]}, None)
        assert answer == {"batchItemFailures": []}

    def tick(self, seconds: int = 1) -> None:
        self.now += seconds


def taps(message: Received) -> Iterator[tuple[str, Tap]]:
    """``(callback data, tap)`` of every callback button of ``message``, row by row."""
    for row in message.buttons:
        for _, data in row:
            if not data.startswith("https://"):
                yield data, decode(data)


def assert_all_delivered(table: Table, notices: NoticeLog) -> None:
    """Every notice the rules produced reached each of its chats, and the game's outbox is empty (persist
    first, then send: nothing is left behind once the game is over). A text over Telegram's 4096 units
    arrives in pieces cut at line breaks (e.g. a long end-of-game log), so a chat's texts are read joined;
    a slot notice (a status message) may arrive as an edit, or be replaced by a later one of its slot."""
    stored = table.store.load(table.game_id)
    assert stored is not None
    assert stored.pending == {}
    texts = {chat: [*table.sent_to(chat), *(t for _, t in table.api.edits_of(chat))]
             for s in notices.said for chat in s.chats}  # fmt: skip
    joined = {chat: "\n".join(parts) for chat, parts in texts.items()}
    assert undelivered(notices.said, joined) == []


def undelivered(said: list[Said], joined: dict[str, str]) -> list[tuple[str, str]]:
    """``(key, chat)`` of each notice whose text is not in its chat's ``joined`` texts; a slot notice
    counts as delivered when a later notice of its slot to that chat was (it replaced it while waiting)."""
    missing = []
    for index, s in enumerate(said):
        for chat in s.chats:
            later = [t.body for t in said[index:] if s.slot and t.slot == s.slot and chat in t.chats]
            if not any(body in joined[chat] for body in later or [s.body]):
                missing.append((s.key, chat))
    return missing


@dataclass(frozen=True)
class Offer:
    """One callback button the bot sent to a private chat: its data and message, and whether the rules
    allowed that action to that chat's seat in the phase the game was in once the message had gone out."""

    player: Player
    data: str
    message_id: int
    legal: bool

    @property
    def tap(self) -> Tap:
        return decode(self.data)


def open_and_start(table: Table, game: str, options: dict[str, str] | None = None) -> None:
    """The first person opens a lobby of ``game`` in the group, sets ``options`` (``/option``), everyone
    joins through its deep link, and the host starts the game."""
    host = table.people[0]
    table.in_group(host, f"/newgame {game}")
    for name, value in (options or {}).items():
        table.in_group(host, f"/option {name} {value}")
    for player in table.people:
        table.open_join_link(player)
    table.in_group(host, "/startgame")


def press_again(table: Table, offers: list[Offer]) -> list[Press]:
    """Press the first button of every message among ``offers`` again (one press per message), all at the
    same moment, without recording the buttons this sends (``watching`` off meanwhile)."""
    pressed: set[tuple[Player, int]] = set()
    presses = []
    table.watching = False
    for offer in offers:
        if (offer.player, offer.message_id) not in pressed:
            pressed.add((offer.player, offer.message_id))
            presses.append(table.press(offer.player, offer.data, offer.message_id))
    table.watching = True
    return presses
