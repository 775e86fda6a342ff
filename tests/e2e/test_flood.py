"""A bounded item whatever players send (issue 19, must #3; docs/storage.md, "A bounded item whatever
players send"): every text path of a running 徒桜戦争 game is flooded, :data:`FLOOD` inputs each with
:data:`LONG`-character texts that hardly compress, while one Adazakura teammate's chat can take nothing:

- team chat ``/t`` in the 1:1 chat at night, relayed to the teammate;
- the console's say (``POST /console/api/say`` through the webhook function's Function URL), the same
  relay;
- ``/co`` in the group by day (three claims a day are accepted, then ``co.limit``; a long name is
  ``megami.unknown``): refused politely, the bound holding regardless;
- ordinary group chatter.

On LINE in free mode the teammate never writes in the 1:1 chat, so no reply can ever reach them; on
Telegram the teammate's chat and the group answer 429 to every call. After every :data:`CHECK_EVERY`
inputs the game item (its stored size as DynamoDB counts it, read from the raw item) stays within
``infra.store.ITEM_LIMIT`` and each chat's backlog within ``handlers.backlog``'s bounds. Afterwards the
game still moves on (the deadline timer commits the next phase), and once the chat can receive again
(the LINE teammate writes, so a reply token arrives; Telegram stops answering 429) the teammate gets the
``backlog.folded`` line first, then the messages that were kept, in order.

Real webhooks, service, timer Lambda and store (DynamoStore on moto); the fake LINE API and fake Bot API.
No sleeps: the clock stands still during a flood and moves to a deadline when the test says so.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import core.i18n as i18n
from handlers import backlog, outbox
from handlers import records as stored_records
from handlers.line import webhook as line_webhook
from handlers.line.idtoken import IdTokenAuth
from handlers.messages import OutMessage
from handlers.runner import GameRunner
from handlers.telegram import webhook as telegram_webhook
from handlers.telegram.initdata import sign
from handlers.textunits import units
from infra.dynamodb import DynamoStore
from infra.store import ITEM_LIMIT, stored_size
from tests.e2e import moves
from tests.e2e.harness import GROUP, GROUP_CHAT, TABLE, NoticeLog, Player, Table, moto_store, players
from tests.e2e.line_bots import FULL, open_and_start
from tests.e2e.line_table import GROUP as LINE_GROUP
from tests.e2e.line_table import SECRET, LineTable, line_players
from tests.fakes.line_api import FakeLineApi
from tests.fakes.telegram_api import TOKEN, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: Inputs per text path.
FLOOD = 500
#: Characters per text (徒桜戦争's longest team message, ``MAX_SAY``).
LONG = 500
#: Inputs between two checks of the item's size.
CHECK_EVERY = 10
#: Seats in test mode [ADZ-11.10] (join order): seats 1 and 2 are the Adazakura team.
SEATS = ["yatsuha/A", "megumi/A", "hagane/S", "tokoyo/S", "honoka/S", "utsuro/S"]
#: Three Megami to claim (``/co``) before the day's limit.
CLAIMS = ("ユリナ", "サイネ", "ヒミカ")
#: The LINE Login channel the console's ID tokens are for.
CHANNEL = "2000000001"
#: ``error_429_too_many_requests_retry_after.json``: "retry after 14".
FLOOD_WAIT = 14


#: The CJK Unified Ideographs a flood's texts are drawn from (U+4E00-U+9F9F).
IDEOGRAPHS = [chr(code) for code in range(0x4E00, 0x9FA0)]


def long_texts(seed: int) -> Iterator[str]:
    """Texts of :data:`LONG` CJK ideographs drawn at random: about 14 bits a character, so compression
    saves little (the worst a player can send in few bytes of input)."""
    rng = random.Random(seed)
    while True:
        yield "".join(rng.choices(IDEOGRAPHS, k=LONG))


def raw_item_size(client: Any, game_id: str) -> int:
    """Bytes of the game item as DynamoDB counts them (attribute names plus values), from the raw item."""
    item = client.get_item(TableName=TABLE, Key={"pk": {"S": f"game#{game_id}"}}, ConsistentRead=True)["Item"]
    return sum(len(name.encode()) + _value_size(value) for name, value in item.items())


def _value_size(value: dict[str, Any]) -> int:
    ((kind, data),) = value.items()
    if kind == "S":
        return len(data.encode())
    if kind == "B":
        return len(data)
    if kind == "N":
        return len(data) // 2 + 2
    if kind == "M":
        return 3 + sum(len(k.encode()) + 1 + _value_size(v) for k, v in data.items())
    if kind == "BOOL" or kind == "NULL":
        return 1
    raise AssertionError(f"attribute type {kind} not counted")


class Bound:
    """Checks the game item of ``game_id`` in ``store``: within ``ITEM_LIMIT`` (the store's own count
    and the raw item's), each chat's waiting messages within the backlog's bounds; keeps the largest."""

    def __init__(self, store: DynamoStore, game_id: str) -> None:
        self.store, self.game_id = store, game_id
        self.largest = 0
        self.checks = 0
        #: The parts of the largest item seen (stored bytes; ``waiting``: how many messages).
        self.parts: dict[str, int] = {}

    def check(self) -> None:
        stored = self.store.load(self.game_id)
        assert stored is not None
        size = max(stored_size(stored), raw_item_size(self.store.client, self.game_id))
        assert size <= ITEM_LIMIT, f"game item of {size} bytes"
        per_chat: dict[str, list[str]] = {}
        for payload in stored.pending.values():
            message = outbox.load(payload)
            per_chat.setdefault(message.chat_id, []).append(message.text)
        for chat, texts in per_chat.items():
            # The newest message always stays, so the text bound may be passed by at most that one.
            assert len(texts) <= backlog.MAX_WAITING, (chat, len(texts))
            assert sum(map(units, texts)) <= backlog.MAX_WAITING_UNITS + max(map(units, texts)), chat
        if size > self.largest:
            pending = sum(v for k, v in stored.sizes.items() if k in stored.pending)
            sizes = stored.sizes
            self.parts = {
                "state": sizes.get("state", 0),
                "records": sizes.get("records", 0),
                "pending": pending,
                "waiting": len(stored.pending),
                "tail": len(stored.tail),
            }
        self.largest = max(self.largest, size)
        self.checks += 1


def waiting_texts(store: DynamoStore, game_id: str, chat: str) -> list[str]:
    """The texts waiting for ``chat``, in the order they will go (outbox id)."""
    stored = store.load(game_id)
    assert stored is not None
    return [m.text for _, m in sorted(backlog.waiting_of(stored.pending, chat).items())]


def squashed(texts: list[str]) -> str:
    return "".join("".join(texts).split())


def folded_line(count: int) -> str:
    return i18n.text("backlog.folded", "ja", "adazakura", count=count)


def reason(key: str, **params: Any) -> str:
    return i18n.text(f"reason.{key}", "ja", "adazakura", **params)


class Flood:
    """One game's floods: the long texts (one stream for every path) and the bound checked as they go."""

    def __init__(self, store: DynamoStore, game_id: str) -> None:
        self.bound = Bound(store, game_id)
        self.texts = long_texts(19)

    def run(self, send: Callable[[int, str], None], count: int = FLOOD) -> None:
        """``send(n, text)`` for n in 0…count−1 with a fresh long text each, checking the bound every
        :data:`CHECK_EVERY` inputs and after the last."""
        for n in range(count):
            send(n, next(self.texts))
            if n % CHECK_EVERY == CHECK_EVERY - 1 or n == count - 1:
                self.bound.check()


def claim_of(n: int, text: str) -> tuple[str, str | None]:
    """The ``n``-th ``/co`` of the flood and the refusal it gets: three Megami (accepted), a fourth claim
    (``co.limit``), then :data:`LONG`-character names (``megami.unknown``)."""
    if n < len(CLAIMS):
        return CLAIMS[n], None
    if n == len(CLAIMS):
        return CLAIMS[0], reason("co.limit")
    return text, reason("megami.unknown")


def answers(runner: GameRunner, monkeypatch: pytest.MonkeyPatch) -> list[OutMessage]:
    """Every answer that changes no game (a refusal) the service gives from now on, as it gives it
    (whether the platform then takes it or not: a group answering 429 does not)."""
    given: list[OutMessage] = []
    send_plain = runner.send_plain

    async def recording(message: OutMessage, *, delivery_id: str | None = None) -> None:
        given.append(message)
        await send_plain(message, delivery_id=delivery_id)

    monkeypatch.setattr(runner, "send_plain", recording)
    return given


def relayed(notices: NoticeLog, since: int, sender: str, mate: str) -> bool:
    """Whether the notices rendered since ``since`` relay a team message to ``mate`` and tell ``sender``
    it was sent."""
    keys = {(s.key, chat) for s in notices.said[since:] for chat in s.chats}
    return {("team.say", mate), ("team.sent", sender)} <= keys


def folded_of(store: DynamoStore, game_id: str, chat: str) -> int:
    """How many of ``chat``'s waiting messages were left out so far (its log's count)."""
    stored = store.load(game_id)
    assert stored is not None
    return stored_records.load(stored.records).chat(chat).folded


def item_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Error lines saying a game item was too large (``handlers.runner``, ``handlers.followup``): none
    expected, the backlog's bounds keep the item small before the store's limit has to."""
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    return [message for message in errors if "too large" in message]


# -- LINE, free mode ------------------------------------------------------------------------------------
def console_event(path: str, authorization: str, body: dict[str, Any]) -> dict[str, Any]:
    """The Function URL event of a console POST, as the page sends it (no webhook signature)."""
    headers = {"host": "abc.lambda-url.ap-northeast-1.on.aws", "content-type": "application/json",
               "authorization": authorization}  # fmt: skip
    return {
        "version": "2.0", "rawPath": path, "headers": headers, "queryStringParameters": {},
        "requestContext": {"http": {"method": "POST", "path": path}}, "body": json.dumps(body),
        "isBase64Encoded": False,
    }  # fmt: skip


def said(answer: dict[str, Any]) -> None:
    """A console say was accepted."""
    assert answer["statusCode"] == 200, answer
    assert json.loads(answer["body"])["ok"] is True, answer["body"]


@pytest.fixture
def line_table() -> Iterator[LineTable]:
    """Six LINE players in free mode, the game just started (night 0); the console checks LIFF ID tokens."""
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(6), settings={"setup": {"seats": SEATS}})
        auth = IdTokenAuth(CHANNEL, base_url=fake.base_url)
        line_webhook.configure(secret=SECRET, service=table.service, sender=table.sender, api=table.api,
                               clock=table.clock, id_tokens=auth)  # fmt: skip
        try:
            open_and_start(table, "adazakura")
            assert table.state().phase == "night"
            yield table
        finally:
            line_webhook.LOOP.run(auth.aclose())
            table.close()


def test_line_free_mode_a_flood_on_every_text_path_keeps_the_item_bounded(
    line_table: LineTable,
    notices: NoticeLog,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = line_table
    refused = answers(table.service.runner, monkeypatch)
    caplog.set_level(logging.ERROR)
    sender, mate, claimer, chatter = table.people[:4]
    store: DynamoStore = table.store  # type: ignore[assignment]
    flood = Flood(store, table.game_id)
    flood.bound.check()

    def team(n: int, text: str) -> None:
        since = len(notices.said)
        table.say(sender, sender.chat, f"/t {text}")
        assert relayed(notices, since, sender.chat, mate.chat)

    flood.run(team)
    token = table.fake.id_tokens.issue(sender.chat, CHANNEL)

    def say(n: int, text: str) -> None:
        body = {"g": table.game_id, "text": text, "client_id": f"say{n}"}
        since = len(notices.said)
        said(line_webhook.handler(console_event("/console/api/say", f"Bearer {token}", body), None))
        assert relayed(notices, since, sender.chat, mate.chat)

    flood.run(say)
    table.fire_timer_at_deadline()
    assert table.state().phase == "discussion"
    flood.bound.check()

    def claim(n: int, text: str) -> None:
        name, refusal = claim_of(n, text)
        given = len(refused)
        table.say(claimer, LINE_GROUP, f"/co {name}")
        assert [(m.chat_id, m.text) for m in refused[given:]] == (
            [] if refusal is None else [(LINE_GROUP, refusal)]
        )

    flood.run(claim)

    def chat(n: int, text: str) -> None:
        table.say(chatter, LINE_GROUP, text)

    flood.run(chat)

    # The teammate writes at last: a reply token for their chat. The line first, then what was kept.
    folded = folded_of(store, table.game_id, mate.chat)
    kept = waiting_texts(store, table.game_id, mate.chat)
    assert folded > 0
    assert 0 < len(kept) <= backlog.MAX_WAITING
    seen = len(table.fake.readable(mate.chat))
    for _ in range(backlog.MAX_WAITING):
        if len(table.my_turn(mate).replied()) < FULL:
            break
    got = table.fake.readable(mate.chat)[seen:]
    assert squashed(got).startswith(squashed([folded_line(folded), *kept]))
    assert mate.chat not in table.waiting()
    assert folded_of(store, table.game_id, mate.chat) == 0

    # Still playable: the discussion's deadline moves the game on, and the item stays bounded.
    seq = table.state().phase_seq
    table.fire_timer_at_deadline()
    assert table.state().phase_seq > seq
    flood.bound.check()
    assert item_errors(caplog) == []
    print(
        f"LINE: {flood.bound.checks} checks, largest item {flood.bound.largest} bytes "
        f"{flood.bound.parts}, {folded} folded"
    )


# -- Telegram, 429 on every call to the teammate's chat and the group -----------------------------------
TOO_MANY = "error_429_too_many_requests_retry_after"


def init_data(player: Player, now: int, game_id: str) -> str:
    """The Mini App's ``initData`` of ``player`` opening ``game_id``, signed with the fake bot's token."""
    user = json.dumps({"id": player.number, "first_name": player.name}, separators=(",", ":"))
    return sign({"auth_date": str(now - 30), "user": user, "start_param": game_id}, TOKEN)


@pytest.fixture
def telegram_table(api: FakeTelegramApi, store: DynamoStore, monkeypatch: pytest.MonkeyPatch) -> Table:
    """Six Telegram players, the game just started (night 0); from the start on, every call to the
    teammate's chat (seat 2) and to the group answers 429."""
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # RetryAfter.retry_after as a timedelta (PTB ≥ 22.2)
    table = Table(api, store, players(6), settings={"setup": {"seats": SEATS}})
    moves.open_lobby(table)
    for chat in (GROUP, table.people[1].chat):
        api.fail(TOO_MANY, chat_id=chat)
    moves.start(table)
    assert table.state().phase == "night"
    return table


def test_telegram_a_flood_while_chats_answer_429_keeps_the_item_bounded(
    telegram_table: Table,
    api: FakeTelegramApi,
    store: DynamoStore,
    notices: NoticeLog,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = telegram_table
    refused = answers(table.service.runner, monkeypatch)
    caplog.set_level(logging.ERROR)
    sender, mate, claimer, chatter = table.people[:4]
    flood = Flood(store, table.game_id)
    flood.bound.check()

    def team(n: int, text: str) -> None:
        since = len(notices.said)
        table.in_private(sender, f"/t {text}")
        assert relayed(notices, since, sender.chat, mate.chat)

    flood.run(team)
    authorization = f"tma {init_data(sender, table.now, table.game_id)}"

    def say(n: int, text: str) -> None:
        body = {"g": table.game_id, "text": text, "client_id": f"say{n}"}
        since = len(notices.said)
        said(telegram_webhook.handler(console_event("/console/api/say", authorization, body), None))
        assert relayed(notices, since, sender.chat, mate.chat)

    flood.run(say)
    table.fire_timer_at_deadline()  # past the 429's wait: both chats are tried again, and refuse again
    assert table.state().phase == "discussion"
    flood.bound.check()

    def claim(n: int, text: str) -> None:
        name, refusal = claim_of(n, text)
        given = len(refused)
        table.in_group(claimer, f"/co {name}")
        assert [(m.chat_id, m.text) for m in refused[given:]] == (
            [] if refusal is None else [(GROUP_CHAT, refusal)]
        )

    flood.run(claim)

    def chat(n: int, text: str) -> None:
        table.in_group(chatter, text)

    flood.run(chat)

    # Telegram takes messages again: at the discussion's deadline the timer's commit moves the game on
    # and sends the teammate the line first, then what was kept, then the vote.
    folded = folded_of(store, table.game_id, mate.chat)
    kept = waiting_texts(store, table.game_id, mate.chat)
    assert folded > 0
    assert 0 < len(kept) <= backlog.MAX_WAITING
    api.stop_failing()
    seen = len(api.posted_to(mate.chat))
    seq = table.state().phase_seq
    table.fire_timer_at_deadline()
    assert table.state().phase_seq > seq
    got = api.posted_to(mate.chat)[seen:]
    assert squashed(got).startswith(squashed([folded_line(folded), *kept]))
    assert folded_of(store, table.game_id, mate.chat) == 0
    assert waiting_texts(store, table.game_id, mate.chat) == []
    flood.bound.check()
    assert item_errors(caplog) == []
    print(
        f"Telegram: {flood.bound.checks} checks, largest item {flood.bound.largest} bytes "
        f"{flood.bound.parts}, {folded} folded"
    )
