"""The floor under the write path's CPU per input (``make bench``, ``write_path.floor``): what the platform
SDKs alone cost this process for the calls an input cannot do without, timed one call at a time against
the same servers as :mod:`writepath` (moto's DynamoDB server and the fake Bot API, each in a process of
its own), with the production client settings, nothing of ours around them.

- ``GetItem`` and ``UpdateItem`` of a game item as big as a 16-player 徒桜戦争 game's on day 1, through
  boto3's low-level client (:data:`infra.dynamodb.CLIENT_CONFIG`): every accepted input reads its game once
  and commits once;
- ``sendMessage`` and ``restrictChatMember`` through python-telegram-bot's ``Bot`` (its default httpx
  transport), on one asyncio loop as the webhook runs them: a tap sends at least its player's private
  notice; a phase change sends a message to each seat and the group, and mutes or unmutes.

``tap_ms`` is one read, one write and one message; ``phase_change_ms`` is one read, one write and the Bot
API calls of a 16-player night start as the bench's game makes them (``calls``). CPU is
``time.process_time``, median over ``rounds`` calls.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from servers import bot_api, dynamodb_client, dynamodb_server  # noqa: E402
from telegram import Bot, ChatPermissions  # noqa: E402

from infra.dynamodb import create_table  # noqa: E402
from tests.fakes.telegram_api import TOKEN  # noqa: E402

TABLE = "jinro-floor"
GROUP = -1001000000777
#: Bytes of a 16-player game item's compressed state on day 1 (the write-path bench's game, as stored).
ITEM_BYTES = 4_000
#: A private notice's length in characters (a night choice's confirmation, a vote's).
NOTICE = "🗳 投票を受け付けました: 7番 ミナト。締め切りまでは何度でも変えられます。"


def _median_ms(step: Callable[[], object], rounds: int) -> float:
    for _ in range(5):
        step()  # warm: connections open, code paths loaded
    spent = []
    for _ in range(rounds):
        cpu = time.process_time()
        step()
        spent.append(time.process_time() - cpu)
    return round(statistics.median(spent) * 1000, 3)


def bench_floor(rounds: int = 200, night_calls: dict[str, int] | None = None) -> dict[str, Any]:
    """Median CPU milliseconds per SDK call and the floors of a tap and a 16-player night start (see the
    module docstring). ``night_calls``: the Bot API calls of the night start by method (default: the
    write-path game's, 18 ``sendMessage`` and 6 ``restrictChatMember``)."""
    calls = night_calls or {"sendMessage": 18, "restrictChatMember": 6}
    with bot_api(0.0) as api, dynamodb_server() as endpoint:
        client = dynamodb_client(endpoint)
        create_table(client, TABLE)
        key = {"pk": {"S": "game#floor"}}
        state = bytes(range(256)) * (ITEM_BYTES // 256)
        client.put_item(TableName=TABLE, Item={**key, "version": {"N": "0"}, "state": {"B": state}})
        version = [0]

        def get() -> object:
            return client.get_item(TableName=TABLE, Key=key, ConsistentRead=True)

        def update() -> object:
            version[0] += 1
            return client.update_item(
                TableName=TABLE, Key=key, UpdateExpression="SET #s = :s, #v = :v",
                ConditionExpression="#v = :o", ExpressionAttributeNames={"#s": "state", "#v": "version"},
                ExpressionAttributeValues={":s": {"B": state}, ":v": {"N": str(version[0])},
                                           ":o": {"N": str(version[0] - 1)}},
            )  # fmt: skip

        loop = asyncio.new_event_loop()
        bot = Bot(TOKEN, base_url=api.base_url)
        loop.run_until_complete(bot.initialize())

        def on_loop(call: Callable[[], Awaitable[object]]) -> Callable[[], object]:
            return lambda: loop.run_until_complete(call())

        send = on_loop(lambda: bot.send_message(2_000_000_001, NOTICE))
        muted = ChatPermissions.no_permissions()
        mute = on_loop(lambda: bot.restrict_chat_member(GROUP, 2_000_000_002, muted))
        api.promote(GROUP)
        per_call = {"GetItem": _median_ms(get, rounds), "UpdateItem": _median_ms(update, rounds),
                    "sendMessage": _median_ms(send, rounds),
                    "restrictChatMember": _median_ms(mute, rounds)}  # fmt: skip
        loop.run_until_complete(bot.shutdown())
        loop.close()
    store = per_call["GetItem"] + per_call["UpdateItem"]
    night = store + sum(per_call[method] * n for method, n in calls.items())
    return {"per_call_cpu_ms": per_call, "tap_ms": round(store + per_call["sendMessage"], 2),
            "phase_change_ms": round(night, 2), "night_start_calls": calls, "rounds": rounds}  # fmt: skip


if __name__ == "__main__":
    print(bench_floor())
