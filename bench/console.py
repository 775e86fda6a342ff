"""The console figures of ``make bench``: private-side messages
of a whole game with the player console as the primary private channel, against today's chat-only flow.

Each game (8 players; DEATH NOTE 人狼: its largest table, 6) is played by seeded bots
(:mod:`console_bots`) through the real webhooks of the end-to-end harness (moto's in-process DynamoDB,
the timer handler fired at deadlines), in two flows:

- ``chat``: today's flow. Telegram (``tests.e2e.harness``, the fake Bot API): the bots answer each keyboard
  of their 1:1 chats. LINE (``tests.e2e.line_bots``, the fake LINE API), in free mode
  (``LINE_DELIVERY=free``: replies only) and in push mode with no budget: the LINE bench's game
  (``bench/line.py``), the bots pulling with 「自分の番」 and tapping postbacks;
- ``console``: the group's ``console_primary`` setting (webhook and timer alike), the bots answering
  through the console API on the webhook's own origin, never in the 1:1 chat; the group side unchanged.

Figures per game, platform and flow: ``private`` and ``group`` messages (``messages``; ``in_game``: from
``/startgame`` on; Telegram: ``sent`` (``sendMessage``) and ``edited`` (``editMessageText``) calls; LINE:
``replies`` and ``push_calls``, message ``objects`` and billed ``pushes``, counted per recipient),
``toasts`` (Telegram ``answerCallbackQuery``), ``events`` (webhook updates the players sent), ``api``
(console requests), ``waiting`` (private messages still in the outbox at the end: in LINE free mode,
what waits for a player's next tap), ``timers`` and ``seconds`` (wall time, for scale only). The bots'
choices differ between the flows (a page offers every legal action, a chat message its own buttons), so
the games can differ (:func:`bench_console_game`): the group figures show it. One seeded game is one
sample: a DEATH NOTE 人狼 game can end in its first round (``--seed`` in ``bench/run.py``).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # tests/e2e and bench are namespace packages of the repo, not installed
    sys.path.insert(0, str(ROOT))

from bench.console_bots import ConsoleClient, CountingTable, LineConsoleBots, TelegramBots  # noqa: E402
from handlers import timer  # noqa: E402
from handlers.console.api import ConsoleApi  # noqa: E402
from handlers.line import webhook as line_webhook  # noqa: E402
from handlers.line.sender import LineSender  # noqa: E402
from handlers.messages import Sender  # noqa: E402
from handlers.service import Service  # noqa: E402
from handlers.telegram import webhook as telegram_webhook  # noqa: E402
from handlers.telegram.sender import TelegramSender  # noqa: E402
from handlers.timer import BATCH_LIMITS, PlatformSender  # noqa: E402
from tests.e2e import harness, line_bots  # noqa: E402
from tests.e2e.line_table import SECRET as LINE_SECRET  # noqa: E402
from tests.e2e.line_table import LineTable, line_players  # noqa: E402
from tests.fakes.line_api import BASIC_ID, FakeLineApi  # noqa: E402
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi  # noqa: E402

#: Every game the end-to-end LINE harness knows how to seat (``line_bots.PLAYERS``).
GAMES = tuple(line_bots.PLAYERS)
#: Where a game is played: Telegram, LINE in free mode, LINE in push mode (no budget).
PLATFORMS = ("telegram", "line free", "line push")
FLOWS = ("chat", "console")
PLAYERS = line_bots.PLAYERS
#: The operator setting of the console flow (``settings_for(chat_id)``; ``CONSOLE_PRIMARY=1`` in AWS).
PRIMARY = {"console_primary": True}
SEED = 1
SIDES = ("private", "group")


def play_telegram(game: str, players: int, flow: str, seed: int) -> dict[str, Any]:
    """One whole Telegram game of ``game`` with ``players`` bots (seeded with ``seed``) in ``flow``; its
    figures."""
    settings = PRIMARY if flow == "console" else {}
    with FakeTelegramApi() as api, harness.moto_store() as store:
        table = CountingTable(api, store, harness.players(players), settings=settings)
        # The timer function reads the same operator settings as the webhook (infra.settings).
        sender = TelegramSender(api.bot(), bot_username=BOT_USERNAME)
        timer.configure(service=Service(store, sender, settings_for=lambda _: settings), clock=table.clock)
        client = None
        if flow == "console":
            client = ConsoleClient(telegram_webhook.handler, table.game_id)
            console = ConsoleApi(table.service, client.tokens, platform="telegram")
            telegram_webhook._Container.console = console  # seat tokens instead of initData
        host = table.people[0]
        table.in_group(host, f"/newgame {game}")
        for player in table.people:
            table.open_join_link(player)
        started = len(api.calls)
        table.in_group(host, "/startgame")
        bots = TelegramBots(table, random.Random(seed), client)
        bots.play()
        return {**telegram_sides(api, started), "toasts": len(api.calls_to("answerCallbackQuery")),
                "events": table.events, "api": client.requests if client else 0, "waiting": 0,
                "timers": bots.timers}  # fmt: skip


def telegram_sides(api: FakeTelegramApi, started: int) -> dict[str, dict[str, int]]:
    """``sendMessage`` and ``editMessageText`` calls to 1:1 chats (positive chat ids) and to the group;
    ``in_game``: from the ``started``-th Bot API call on."""
    sides = {}
    for side in SIDES:
        calls = [(i, c) for i, c in enumerate(api.calls) if c.method in ("sendMessage", "editMessageText")]
        calls = [(i, c) for i, c in calls if (int(c.params["chat_id"]) > 0) == (side == "private")]
        sent = sum(c.method == "sendMessage" for _, c in calls)
        sides[side] = {"messages": len(calls), "in_game": sum(i >= started for i, _ in calls),
                       "sent": sent, "edited": len(calls) - sent}  # fmt: skip
    return sides


def console_line(table: LineTable, mode: str) -> ConsoleClient:
    """Console primary on a LINE table: the webhook's console takes seat tokens (instead of LIFF ID
    tokens), and the timer function reads the same operator settings as the webhook."""
    client = ConsoleClient(line_webhook.handler, table.game_id)
    line_webhook.configure(secret=LINE_SECRET, service=table.service, sender=table.sender, api=table.api,
                           clock=table.clock, id_tokens=client.tokens)  # fmt: skip
    timer_sender = LineSender(table.timer_api, mode=mode, basic_id=BASIC_ID)

    async def line_sender() -> Sender:
        return timer_sender

    platforms = PlatformSender({"line:": line_sender}, BATCH_LIMITS)
    service = Service(table.store, platforms, settings_for=lambda _: PRIMARY)
    timer.configure(service=service, clock=table.clock)
    return client


def play_line(game: str, players: int, mode: str, flow: str, seed: int) -> dict[str, Any]:
    """One whole LINE game of ``game`` with ``players`` bots (seeded with ``seed``) in delivery ``mode``
    (push: no budget) and ``flow``; its figures. The chat flow with the seed 1 is the LINE bench's game
    (``tests.e2e.line_bots.Bots``)."""
    settings = PRIMARY if flow == "console" else {}
    with FakeLineApi() as fake, harness.moto_store() as store:
        table = LineTable(fake, store, line_players(players), mode=mode, settings=settings)
        try:
            client = console_line(table, mode) if flow == "console" else None
            rng = random.Random(seed)
            bots = LineConsoleBots(table, rng, console=client) if client else line_bots.Bots(table, rng)
            host = table.people[0]
            for player in table.people:
                table.befriend(player)
            table.say(host, line_bots.GROUP, f"/newgame {game}")
            for player in table.people:
                table.join_lobby(player)
            started = len(fake.deliveries())
            table.say(host, line_bots.GROUP, "/startgame")
            bots.play()
            bots.finish()
            waiting = sum(n for chat, n in table.waiting().items() if chat != line_bots.GROUP)
            return {**line_sides(fake, started), "events": sum(p.event is not None for p in table.posted),
                    "api": client.requests if client else 0, "waiting": waiting,
                    "timers": bots.timers}  # fmt: skip
        finally:
            table.close()


def line_sides(fake: FakeLineApi, started: int) -> dict[str, dict[str, int]]:
    """Reply and push calls to 1:1 chats (user ids ``U…``) and to the group; ``in_game``: from the
    ``started``-th delivery on; ``objects``: message objects; ``pushes``: billed (per recipient)."""
    sides = {}
    for side in SIDES:
        private = side == "private"
        calls = [(i, d) for i, d in enumerate(fake.deliveries()) if d.chat_id.startswith("U") == private]
        replies = sum(d.via == "reply" for _, d in calls)
        sides[side] = {"messages": len(calls), "in_game": sum(i >= started for i, _ in calls),
                       "replies": replies, "push_calls": len(calls) - replies,
                       "objects": sum(len(d.messages) for _, d in calls),
                       "pushes": sum(d.cost for _, d in calls if d.via == "push")}  # fmt: skip
    return sides


def bench_console_game(
    game: str, platform: str, flow: str, players: int | None = None, seed: int = SEED
) -> dict[str, Any]:
    """One whole game (``players``, default :data:`PLAYERS`; the bots' ``seed``) on ``platform``
    (:data:`PLATFORMS`) in ``flow`` (:data:`FLOWS`): its figures, or ``error`` (the exception's text)
    when it did not finish. With the same seed both flows play the same game on Telegram (the same
    choices in the same order), and on LINE too as long as each question offers the page the same
    choices as the chat's buttons."""
    count = players or PLAYERS[game]
    started = time.perf_counter()
    try:
        if platform == "telegram":
            figures = play_telegram(game, count, flow, seed)
        else:
            figures = play_line(game, count, platform.removeprefix("line "), flow, seed)
    except Exception as failed:  # a broken game is reported; the other figures still run
        return {"players": count, "error": f"{type(failed).__name__}: {failed}"}
    return {"players": count, "seed": seed, **figures, "seconds": round(time.perf_counter() - started, 1)}


def bench_console_games(
    games: tuple[str, ...] = GAMES,
    platforms: tuple[str, ...] = PLATFORMS,
    players: int | None = None,
    seed: int = SEED,
) -> dict[str, Any]:
    """Each of ``games`` on each of ``platforms`` in both flows: ``{"games": {game: {platform: {flow:
    figures}}}, "seconds": total}``."""
    started = time.perf_counter()
    played: dict[str, dict[str, dict[str, Any]]] = {}
    for game in games:
        played[game] = {}
        for platform in platforms:
            played[game][platform] = {f: bench_console_game(game, platform, f, players, seed) for f in FLOWS}
    return {"games": played, "seconds": round(time.perf_counter() - started, 1)}


def _detail(side: dict[str, int]) -> str:
    if "sent" in side:
        return f"{side['sent']} sent + {side['edited']} edits"
    return f"{side['replies']} replies + {side['push_calls']} pushes ({side['pushes']} billed)"


def report_console(console: dict[str, Any]) -> None:
    """Print a table: one row per game, platform and flow, private messages (all, from the start on) and
    what they were, group messages, player inputs, console requests, undelivered private messages."""
    print("console: private-side messages per whole game, chat-only flow vs console primary")
    print(f"  {'game':<14}{'platform':<11}{'flow':<9}{'private':>8}{'in game':>8}  {'(private detail)':<36}"
          f"{'group':>6}{'events':>8}{'api':>6}{'waiting':>8}{'s':>7}")  # fmt: skip
    for game, platforms in console["games"].items():
        for platform, flows in platforms.items():
            for flow, f in flows.items():
                head = f"  {game + ' ×' + str(f['players']):<14}{platform:<11}{flow:<9}"
                if "error" in f:
                    print(f"{head}failed: {f['error']}")
                    continue
                private = f["private"]
                print(f"{head}{private['messages']:>8}{private['in_game']:>8}  {_detail(private):<36}"
                      f"{f['group']['messages']:>6}{f['events']:>8}{f['api']:>6}{f['waiting']:>8}"
                      f"{f['seconds']:>7}")  # fmt: skip
    print(f"console games: {console['seconds']} s in all")
