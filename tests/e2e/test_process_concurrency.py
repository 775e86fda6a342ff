"""Concurrent deliveries in separate processes against a real HTTP DynamoDB endpoint: no ballot lost or
counted twice, no redelivery applied twice (issue 4, "Tests"; design §1).

Each worker of a pool (started once for this module, forked from a fork server) is one warm Lambda container
of the Telegram function (:mod:`tests.e2e.containers`): its own webhook runtime, Bot client, DynamoDB client
and Service, called through ``handlers.telegram.webhook.handler`` with the secret header. The Bot API is the
fake server of this process; DynamoDB is ``devtools.store_server.moto_server()`` in this process.

Why that endpoint applies each request atomically: the server runs moto's WSGI app inside
``_OneAtATime``, which holds one lock from the moment a request reaches moto until its whole response body
is built. moto's UpdateItem evaluates the ConditionExpression and applies the update inside that one call,
so no other request's backend code runs between the check and the write: every request is applied
entirely, one after another, in the order the lock is taken (what DynamoDB promises for writes to one
item). :func:`test_the_endpoint_applies_each_conditional_write_atomically` checks this from 16 processes.

The ballots: one 16-player game of 徒桜戦争 is brought to its day-1 vote once; each of the 200 trials
copies its stored state to a fresh game id and group chat, and the 16 players press their ballot buttons
at the same moment (a barrier), each first commit held until all 16 have loaded and decided (so at least
15 conflicts per trial). The same presses one after another give the baseline: what players must see,
each message exactly once. Redeliveries: every recorded update goes once to one copy of the game and three
times at once to a twin copy in another table; the twins must end alike and players see the same.

Run time is dominated by the endpoint: moto answers one request at a time, about 10 ms each (most of it
its response serialiser), and a trial makes about 230 requests, over half of them conflict retries.
"""

from __future__ import annotations

import json
import multiprocessing
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from typing import Any

import pytest

from core.engine.notice import Action
from core.games import rules_for
from devtools.store_server import dynamodb_client, moto_server
from handlers import history
from handlers.messages import Tap
from handlers.telegram.callback import encode
from infra.dynamodb import DynamoStore, create_table
from tests.e2e import containers, moves, redelivery
from tests.e2e.containers import Bump, Delivery, Endpoints, Wake
from tests.e2e.harness import FIRST_USER, SECRET, Player, Table, catalog_text
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi
from tests.telegram.builders import callback

pytestmark = [pytest.mark.aws, pytest.mark.slow]

NAMES = ("Alex", "Jordan", "Sam", "たろう", "Mika", "Ren", "Noa", "Kai",
         "はなこ", "Yuki", "Sora", "Hina", "Leo", "さくら", "Max", "Rin")  # fmt: skip
PEOPLE = [Player(FIRST_USER + i, name) for i, name in enumerate(NAMES)]  # 16: 徒桜戦争's largest [ADZ-4.1]
VOTERS = len(PEOPLE)
REDELIVERIES = 3
TRIALS = 200
FIRST_TRIAL_GROUP = -1002000000000
MAX_WAKE_UPS = 50  # per posting; only stops a loop of wake-ups from hanging


@pytest.fixture(scope="module")
def endpoint() -> Iterator[str]:
    with moto_server() as url:
        yield url


@pytest.fixture(scope="module")
def bot_api() -> Iterator[FakeTelegramApi]:
    with FakeTelegramApi() as fake:
        yield fake


@pytest.fixture(scope="module")
def pool(endpoint: str, bot_api: FakeTelegramApi) -> Iterator[Pool]:
    """16 containers, started once. A fork server (a fresh interpreter: nothing shared with this process
    but the arguments) imports the container's code once and forks each container from it, so the 16 do not
    each import it again (about a second of CPU each)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([containers.__name__, "telegram"])
    barriers = {n: context.Barrier(n, timeout=containers.DEADLOCK_GUARD) for n in (VOTERS, REDELIVERIES)}
    endpoints = Endpoints(endpoint, bot_api.base_url, bot_api.token, BOT_USERNAME, SECRET)
    with context.Pool(VOTERS, initializer=containers.start, initargs=(endpoints, barriers)) as workers:
        yield workers


@dataclass(frozen=True)
class Db:
    """A table on the endpoint (its name, for the containers) and this process's store over it."""

    name: str
    store: DynamoStore


def new_table(endpoint: str) -> Db:
    """A fresh table (moto's backend is shared by the whole module)."""
    client = dynamodb_client(endpoint)
    name = f"jinro-proc-{uuid.uuid4().hex[:12]}"
    create_table(client, name)
    return Db(name, DynamoStore(name, client))


@dataclass(frozen=True)
class Running:
    """A stored 16-player game of 徒桜戦争 in its day-1 vote: the state as JSON data, a moment before the
    deadline (UTC epoch s), and the message id of each player's ballot keyboard."""

    state: dict[str, Any]
    now: int
    keyboards: dict[int, int]

    @property
    def phase_seq(self) -> int:
        return int(self.state["phase_seq"])

    def seat_of(self, player: Player) -> int:
        return next(int(p["seat"]) for p in self.state["players"] if p["user_id"] == player.chat)


@pytest.fixture(scope="module")
def running(endpoint: str, bot_api: FakeTelegramApi) -> Running:
    """Brought to the vote once, through the webhook of this process; every trial starts from a copy."""
    table = Table(bot_api, new_table(endpoint).store, PEOPLE)
    moves.open_lobby(table)
    moves.start(table)
    moves.to_the_vote(table)
    stored = table.store.load(table.game_id)
    assert stored is not None
    keyboards = {}
    for player in PEOPLE:
        keyboard = moves.current_keyboard(table, player)
        assert keyboard is not None, f"{player.name} has no ballot"
        keyboards[player.number] = keyboard.message_id
    return Running(json.loads(stored.state), table.now + 1, keyboards)


def ballot_plan(game: Running) -> dict[int, int]:
    """Seat → the seat it votes for: seats 1-9 vote for seat 16, seats 10-16 for seat 1 (a lost ballot
    changes the tally the group is told)."""
    rules = rules_for("adazakura")
    state = rules.state_model.model_validate(game.state)
    plan = {seat: 16 if seat <= 9 else 1 for seat in range(1, VOTERS + 1)}
    for seat, target in plan.items():
        assert Action(kind="vote", args=(target,)) in rules.legal_actions(state, seat)
    return plan


def ballots(game: Running, game_id: str, first_update: int) -> list[dict[str, Any]]:
    """Every player's press on their ballot button, as Telegram posts it."""
    plan = ballot_plan(game)
    updates = []
    for i, player in enumerate(PEOPLE):
        tap = Tap(game_id, game.phase_seq, Action(kind="vote", args=(plan[game.seat_of(player)],)))
        number = first_update + i
        message = game.keyboards[player.number]
        updates.append(callback(player.number, player.number, encode(tap), message, number, player.name))
    return updates


@dataclass(frozen=True)
class Posted:
    """What posting cost: version conflicts met, and wake-ups the timer function had to handle after."""

    conflicts: int
    wake_ups: int


def deliver(
    pool: Pool,
    table: str,
    updates: list[dict[str, Any]],
    now: int,
    *,
    together: bool,
    gate: bool = False,
    busy: bool = False,
) -> Posted:
    """Post ``updates`` to ``table``'s game: all at the same moment, one container each (``together``;
    ``gate``: also all first commits at once), or one after another; then play the timer queue: every
    wake-up due by ``now`` goes to the timer function, until none is left (:mod:`tests.e2e.containers`).
    Every post is answered 200, or with ``busy`` also 503 (a copy of an update whose first attempt may
    still be sending: Telegram is to deliver it again later)."""
    party = len(updates) if together else None
    jobs = [Delivery(table, json.dumps(u), now, party=party, gate_commit=gate) for u in updates]
    if together:
        done = pool.map(containers.deliver, jobs, chunksize=1)
        assert len({d.pid for d in done}) == len(updates), "each racer needs a container of its own"
    else:
        done = [pool.apply(containers.deliver, (job,)) for job in jobs]
    statuses = [d.status for d in done]
    assert 200 in statuses
    assert set(statuses) <= ({200, 503} if busy else {200}), statuses
    queue, woken = [w for d in done for w in d.wake_ups], 0
    while queue:
        woken += 1
        assert woken <= MAX_WAKE_UPS, "wake-ups keep coming"
        queue += pool.apply(containers.wake, (Wake(table, queue.pop(0), now),))
    return Posted(sum(d.conflicts for d in done), woken)


def test_the_endpoint_applies_each_conditional_write_atomically(pool: Pool, endpoint: str) -> None:
    # 16 processes each read a counter and write it + 1 on condition that it is unchanged, 25 times: if a
    # check and its write could interleave with another request, two racers would win the same value.
    db = new_table(endpoint)
    client = dynamodb_client(endpoint)
    client.put_item(TableName=db.name, Item={"pk": {"S": "counter"}, "n": {"N": "0"}, "winners": {"L": []}})
    jobs = [Bump(db.name, "counter", f"racer{i}", 25, VOTERS) for i in range(VOTERS)]

    won = pool.map(containers.bump, jobs, chunksize=1)

    item = client.get_item(TableName=db.name, Key={"pk": {"S": "counter"}}, ConsistentRead=True)["Item"]
    winners = Counter(w["S"] for w in item["winners"]["L"])
    assert sum(won) < 25 * VOTERS, "the racers never collided"
    assert int(item["n"]["N"]) == sum(won)
    assert winners == {job.me: n for job, n in zip(jobs, won, strict=True) if n}


@dataclass
class Tally:
    """What went wrong over the trials, summed: ``lost`` ballots (missing from the closed vote or for
    another seat), ``double_counted`` (commits beyond one per ballot, a delivery id recorded twice),
    ``unanswered`` presses (no "accepted" toast), ``unsent`` notices left in the outbox, and messages sent
    more often than in the baseline (``extra``) or not at all (``missing``); ``first`` failing trial."""

    lost: int = 0
    double_counted: int = 0
    unanswered: int = 0
    unsent: int = 0
    extra: Counter[str] = field(default_factory=Counter)
    missing: Counter[str] = field(default_factory=Counter)
    first: str = ""

    def add(self, trial: int, **found: Any) -> None:
        for name, value in found.items():
            setattr(self, name, getattr(self, name) + value)
        if not self.first and any(found.values()):
            self.first = f"trial {trial}: " + ", ".join(f"{k}={v}" for k, v in found.items() if v)


@dataclass(frozen=True)
class Closed:
    """A trial's game after the vote: version, the closed vote's ballots (seat → seat, as strings for the
    seat), delivery ids, and how many notices its outbox still holds."""

    version: int
    ballots: dict[str, int]
    deliveries: list[bytes]
    unsent: int


def closed(db: Db, game_id: str) -> Closed:
    stored = db.store.load(game_id)
    assert stored is not None
    events = history.events(db.store.history(stored))
    [vote] = [e for e in events if e.kind == "VoteClosed"]
    return Closed(stored.version, dict(vote.data["ballots"]), list(stored.deliveries), len(stored.pending))


def test_sixteen_ballots_at_the_same_moment_none_lost_none_counted_twice(
    pool: Pool, endpoint: str, bot_api: FakeTelegramApi, running: Running
) -> None:
    db = new_table(endpoint)
    plan = {str(seat): target for seat, target in ballot_plan(running).items()}
    # The baseline: the same 16 presses one after another, on a copy of the same vote.
    redelivery.copy_game(db.store, running.state, "ref", f"tg:{FIRST_TRIAL_GROUP}")
    mark = len(bot_api.calls)
    deliver(pool, db.name, ballots(running, "ref", 900_000_000), running.now, together=False)
    expected = redelivery.seen(bot_api.calls[mark:], group=f"tg:{FIRST_TRIAL_GROUP}", game_id="ref")
    baseline = closed(db, "ref")
    assert (baseline.version, baseline.ballots, baseline.unsent) == (1 + VOTERS, plan, 0)
    tally, posted = Tally(), []

    for trial in range(TRIALS):
        game_id, group = f"race{trial:04d}", f"tg:{FIRST_TRIAL_GROUP - 1 - trial}"
        redelivery.copy_game(db.store, running.state, game_id, group)
        updates = ballots(running, game_id, 900_001_000 + VOTERS * trial)
        mark = len(bot_api.calls)

        posted.append(deliver(pool, db.name, updates, running.now, together=True, gate=True))

        game = closed(db, game_id)
        calls = bot_api.calls[mark:]
        acks = [c.params.get("text") for c in calls if c.method == "answerCallbackQuery"]
        seen = redelivery.seen(calls, group=group, game_id=game_id)
        tally.add(
            trial,
            lost=sum(game.ballots.get(seat) != target for seat, target in plan.items()),
            double_counted=max(0, game.version - 1 - VOTERS)
            + len(game.deliveries)
            - len(set(game.deliveries)),
            unanswered=VOTERS - acks.count(catalog_text("tap.ok")),
            unsent=game.unsent,
            extra=seen - expected,
            missing=expected - seen,
        )

    assert min(p.conflicts for p in posted) >= VOTERS - 1, "every trial's 16 first commits met one version"
    assert (tally.lost, tally.double_counted, tally.unanswered, tally.unsent) == (0, 0, 0, 0), tally.first
    assert (tally.extra, tally.missing) == (Counter(), Counter()), tally.first


#: The recorded updates, each with an update id of its own: the fixtures come from the same real chats and
#: some share one (private_start and getupdates_bot_added_then_group_migrated_to_supergroup[5]), which a
#: warm container that answered the one would take for a redelivery of the other (``handlers.answers``).
UPDATES = [
    (name, {**update, "update_id": 700_000_000 + i} if "update_id" in update else update)
    for i, (name, update) in enumerate(redelivery.fixture_updates())
]


@pytest.fixture(scope="module")
def twin_tables(endpoint: str) -> tuple[Db, Db]:
    """Two tables holding the same games: one gets each update once, the other three times at once."""
    return new_table(endpoint), new_table(endpoint)


def pointers(db: Db, update: dict[str, Any]) -> dict[str, str | None]:
    """Where every chat and user the update names points (``chat#``/``user#`` items)."""
    names = sorted(f"tg:{i}" for i in redelivery.ids_in(update))
    return {f"{kind}#{n}": db.store.get_pointer(kind, n) for n in names for kind in ("chat", "user")}


@pytest.mark.parametrize("update", [u for _, u in UPDATES], ids=[name for name, _ in UPDATES])
def test_an_update_delivered_three_times_at_once_is_applied_once(
    update: dict[str, Any], pool: Pool, bot_api: FakeTelegramApi, running: Running, twin_tables: tuple[Db, Db]
) -> None:
    once, thrice = twin_tables
    game_id = f"fx{uuid.uuid4().hex[:8]}"
    seated = [int(p["user_id"].removeprefix("tg:")) for p in running.state["players"]]
    for db in twin_tables:
        redelivery.arrange(db.store, running.state, game_id, update, seated)
    mark = len(bot_api.calls)
    deliver(pool, once.name, [update], running.now, together=False)
    middle = len(bot_api.calls)

    deliver(pool, thrice.name, [update] * REDELIVERIES, running.now, together=True, busy=True)

    assert thrice.store.load(game_id) == once.store.load(game_id)
    assert pointers(thrice, update) == pointers(once, update)
    seen_once, seen_thrice = (
        redelivery.seen(bot_api.calls[mark:middle]),
        redelivery.seen(bot_api.calls[middle:]),
    )
    stored = once.store.load(game_id)
    if stored is not None and stored.version == 1:
        # A read-only answer (help, a refusal) costs no write (design §1), so only the container that got
        # a copy can tell it answered it: each copy at most once.
        assert seen_thrice.keys() == seen_once.keys()
        assert all(seen_thrice[k] <= REDELIVERIES * seen_once[k] for k in seen_once)
    else:
        assert seen_thrice == seen_once, "what changes the game is answered once, by the copy that changed it"
