"""The first request of a cold Lambda container, per platform (``make bench``'s ``first_request``).

A fresh interpreter (:mod:`cold_tap`) imports the platform's handler module and hands it one tap, a
player's button press in a running game, as a Function URL event, with the production runtime the
template sets up: settings from the environment, the bot's secrets read from SSM, the store on DynamoDB
and the timer queue on SQS, all three on moto's server over HTTP on this machine
(``devtools.store_server``); only the platform's API is stubbed (:func:`cold_tap.stub_platform`). The game
(徒桜戦争, :data:`PLAYERS` players, started, up to the first bot's tap) is prepared here beforehand and its
item is put back before each run, so every run does the same work: load, decide, commit, answer, send.

Figures (:func:`bench_first_request`): ``median_ms`` of :data:`RUNS` runs (import plus the whole
invocation, in the interpreter; one untimed run first writes the bytecode caches, as the build ships
``.pyc``), ``import_median_ms`` (the handler module's import alone), ``cpu_median_ms`` (the child's CPU
time over the same span: this machine's load and the moto server's work are not in it; the wall-clock
figures are noisy on a shared machine), ``server_cpu_median_ms`` (the moto server's CPU time meanwhile,
which a real DynamoDB would not spend on this machine), ``process_median_ms`` (the whole
child process, interpreter start included), ``tap`` and ``phase_changed`` (what the tap was), ``calls``
(the platform calls a run made), and ``packages``: the child sees only what a function's code holds, the
runtime lock's packages byte-compiled (:func:`runtime_site`), not the development venv (where httpx
would also import its command line's rich and click). A run that was not accepted by the game (the
item's version did not move) is an error, not a figure.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import boto3
from inputs import NullSender

ROOT = Path(__file__).resolve().parents[1]
# The events come from the test builders (``tests`` is a namespace package of the repo, not installed).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core.engine.bots import BOT_SALT, Driver, next_now  # noqa: E402
from core.engine.commands import Act, Timeout  # noqa: E402
from core.engine.rng import Rng  # noqa: E402
from core.games import rules_for  # noqa: E402
from devtools.store_server import REGION, dynamodb_client, moto_server  # noqa: E402
from handlers.messages import Inbound, Tap, TextCommand  # noqa: E402
from handlers.service import Service  # noqa: E402
from infra.dynamodb import DynamoStore, create_table  # noqa: E402

CHILD = Path(__file__).with_name("cold_tap.py")
LOCK = ROOT / "requirements.lock"
RUNS = 7
GAME = "adazakura"
PLAYERS = 8
SEED = 7
TABLE = "jinro-first-request"  # + the platform: moto's state is process-wide
GAME_ID = "gcold01"
PARAMETERS = {
    "telegram": {"TELEGRAM_TOKEN": "123456789:bench-token", "TELEGRAM_SECRET": "bench-secret"},
    "line": {"LINE_CHANNEL_SECRET": "bench-channel-secret", "LINE_CHANNEL_ACCESS_TOKEN": "bench-access"},
}
#: The platforms' chat and user ids: the group, and player ``i``'s user id (also their 1:1 chat).
GROUPS = {"telegram": "tg:-1001000000001", "line": "line:C0000000000000000000000000000bench"}
USERS = {"telegram": lambda i: f"tg:{1_000_000_000 + i}", "line": lambda i: f"line:U{i:032d}"}


def _inbound(platform: str, n: int, user: str, intent: Any, *, private: bool) -> Inbound:
    return Inbound(platform=platform, delivery_id=f"prep:{n}", chat_id=user if private else GROUPS[platform],
                   is_private=private, user_id=user, user_name=f"P{n}", intent=intent)  # fmt: skip


async def _prepare(platform: str, store: DynamoStore, start: int) -> Act:
    """Open, fill and start the game through the service at ``start`` (UTC epoch seconds, a minute before
    the runs: the function reads the real clock, and a deadline passed meanwhile would be applied by the
    tap first), apply timers until a bot would tap; that tap."""
    rules = rules_for(GAME)
    service = Service(store, NullSender(), new_id=lambda: GAME_ID, new_seed=lambda: SEED)
    user = USERS[platform]
    opening = TextCommand("newgame", (GAME,))
    await service.handle(_inbound(platform, 0, user(1), opening, private=False), now=start)
    for i in range(1, PLAYERS + 1):
        join = TextCommand("start", (GAME_ID,))
        await service.handle(_inbound(platform, i, user(i), join, private=True), now=start)
    await service.handle(_inbound(platform, 99, user(1), TextCommand("startgame"), private=False), now=start)
    driver, now = Driver(rules, Rng.seeded(SEED ^ BOT_SALT)), start
    while True:
        stored = store.load(GAME_ID)
        assert stored is not None
        state = rules.state_model.model_validate_json(stored.state)
        command = driver.next_command(state)
        if isinstance(command, Act):
            return command
        assert isinstance(command, Timeout), f"the game ended before a tap: {command!r}"
        now = next_now(state, command, now)
        await service.fire_timer(GAME_ID, command.phase_seq, now=now)


def _event(platform: str, act: Act, secrets: dict[str, str], now: int) -> dict[str, Any]:
    """The Function URL event of ``act`` pressed in the player's 1:1 chat, as the platform posts it."""
    tap = Tap(game_id=GAME_ID, phase_seq=act.phase_seq, action=act.action)
    if platform == "telegram":
        from handlers.telegram.callback import encode
        from tests.telegram.builders import callback, webhook_event

        user = int(act.user_id.removeprefix("tg:"))
        return webhook_event(callback(user, user, encode(tap), 100, 4242), secrets["TELEGRAM_SECRET"])
    from handlers.line.render import POSTBACK_DATA
    from handlers.taps import encode as encode_tap
    from tests.e2e.line_events import postback_event, request

    data = encode_tap(tap, max_bytes=POSTBACK_DATA)
    event = postback_event(act.user_id, act.user_id, data, token="r" * 32, event_id="01BENCH", now=now)
    return request([event], secret=secrets["LINE_CHANNEL_SECRET"], destination="Ubench")


def _phase_seq(store: DynamoStore, game_id: str) -> int:
    stored = store.load(game_id)
    assert stored is not None
    return int(json.loads(stored.state)["phase_seq"])


def _environment(platform: str, endpoint: str, queue_url: str, table: str) -> dict[str, str]:
    """The function's environment (template.yaml), its AWS endpoints pointed at the local server."""
    names = {name: f"/jinro-gm/bench/{name.lower()}" for name in PARAMETERS[platform]}
    env = {
        "PATH": os.environ.get("PATH", ""),
        "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": REGION,
        "AWS_ENDPOINT_URL": endpoint, "AWS_CONFIG_FILE": "/dev/null",
        "AWS_SHARED_CREDENTIALS_FILE": "/dev/null", "AWS_EC2_METADATA_DISABLED": "true",
        "TABLE_NAME": table, "TIMER_QUEUE_URL": queue_url, "POWERTOOLS_LOG_LEVEL": "WARNING",
        "POWERTOOLS_SERVICE_NAME": f"jinro-gm-{platform}",
        **{f"{name}_PARAM": parameter for name, parameter in names.items()},
    }  # fmt: skip
    if platform == "telegram":
        env["TELEGRAM_BOT_USERNAME"] = "bench_game_bot"
    return env


def _put_parameters(platform: str, endpoint: str) -> None:
    ssm = boto3.client("ssm", endpoint_url=endpoint, region_name=REGION,
                       aws_access_key_id="testing", aws_secret_access_key="testing")  # fmt: skip
    for name, value in PARAMETERS[platform].items():
        ssm.put_parameter(Name=f"/jinro-gm/bench/{name.lower()}", Value=value, Type="SecureString",
                          Overwrite=True)  # fmt: skip


def _queue(endpoint: str) -> str:
    sqs = boto3.client("sqs", endpoint_url=endpoint, region_name=REGION,
                       aws_access_key_id="testing", aws_secret_access_key="testing")  # fmt: skip
    return sqs.create_queue(QueueName="jinro-bench-timer")["QueueUrl"]


def runtime_site() -> Path | None:
    """What a function's code holds besides our packages: the runtime lock's wheels for this machine and
    this Python, installed as the Makefile's build targets install them and byte-compiled with unchecked
    hashes (no development package such as rich, which httpx would import for its command line), once
    per lock in ``.venv/bench-runtime-<hash>``; ``None`` when pip cannot install them (the venv is
    used then, and the figures say so)."""
    tag = f"{sys.version_info[0]}{sys.version_info[1]}-" + hashlib.sha256(LOCK.read_bytes()).hexdigest()[:12]
    site = ROOT / ".venv" / f"bench-runtime-{tag}"
    if (site / ".complete").exists():
        return site
    install = [sys.executable, "-m", "pip", "install", "--quiet", "--require-hashes", "--no-deps",
               "--only-binary=:all:", "--target", str(site), "-r", str(LOCK)]  # fmt: skip
    compile_all = [sys.executable, "-m", "compileall", "-q", "-j", "0", "--invalidation-mode",
                   "unchecked-hash", "-x", r"/aenum/_py2\.py$", str(site)]  # fmt: skip
    for command in (install, compile_all):
        if subprocess.run(command, capture_output=True, text=True).returncode != 0:
            return None
    (site / ".complete").touch()
    return site


def _run_child(
    platform: str, event_file: str, env: dict[str, str], site: Path | None
) -> tuple[dict[str, Any], float]:
    # -S: no site-packages of the venv; the function's packages come first, as in /var/task.
    command = [sys.executable, str(CHILD), platform, event_file]
    if site is not None:
        command[1:1] = ["-S"]
        env = {**env, "PYTHONPATH": f"{ROOT}{os.pathsep}{site}"}
    started, server = time.perf_counter(), time.process_time()
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    server = time.process_time() - server  # this process only serves moto meanwhile
    process = time.perf_counter() - started
    if out.returncode != 0:
        raise RuntimeError((out.stderr.strip().splitlines() or ["?"])[-1])
    return {**json.loads(out.stdout.strip().splitlines()[-1]), "server_cpu_s": server}, process


def bench_first_request(platform: str, runs: int = RUNS) -> dict[str, Any]:
    """The figures of the module docstring for ``platform`` (``telegram`` | ``line``), or ``error``."""
    site = runtime_site()
    with moto_server() as endpoint, tempfile.TemporaryDirectory() as tmp:
        client, table = dynamodb_client(endpoint), f"{TABLE}-{platform}"
        create_table(client, table)
        _put_parameters(platform, endpoint)
        env = _environment(platform, endpoint, _queue(endpoint), table)
        store = DynamoStore(table, client)
        start = int(time.time()) - 60
        act = asyncio.run(_prepare(platform, store, start))
        key = {"pk": {"S": f"game#{GAME_ID}"}}
        item = client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
        event_file = str(Path(tmp) / "event.json")
        event = _event(platform, act, PARAMETERS[platform], start)
        Path(event_file).write_text(json.dumps(event), encoding="utf-8")
        results: list[tuple[dict[str, Any], float]] = []
        try:
            for run in range(runs + 1):
                client.put_item(TableName=table, Item=item)
                result = _run_child(platform, event_file, env, site)
                after = client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
                if result[0]["status"] != 200 or after["version"] == item["version"]:
                    return {"error": f"run {run}: status {result[0]['status']}, the tap was not applied"}
                if run:  # the first run writes the bytecode caches
                    results.append(result)
            changed = _phase_seq(store, GAME_ID) != act.phase_seq
        except (RuntimeError, subprocess.TimeoutExpired) as failed:
            return {"error": str(failed)}
    ms = [1000 * r["first_request_s"] for r, _ in results]
    return {
        "runs": runs,
        "packages": "runtime lock only" if site is not None else "development venv",
        "median_ms": round(statistics.median(ms), 1),
        "min_ms": round(min(ms), 1),
        "import_median_ms": round(statistics.median(1000 * r["import_s"] for r, _ in results), 1),
        "cpu_median_ms": round(statistics.median(1000 * r["cpu_s"] for r, _ in results), 1),
        "server_cpu_median_ms": round(statistics.median(1000 * r["server_cpu_s"] for r, _ in results), 1),
        "process_median_ms": round(statistics.median(1000 * p for _, p in results), 1),
        "tap": act.action.kind,
        "phase_changed": changed,
        "calls": results[-1][0]["calls"],
    }


def report_first_request(platform: str, figures: dict[str, Any]) -> None:
    """Print one line for ``platform``'s first request."""
    if "error" in figures:
        print(f"first request {platform}: failed: {figures['error']}")
        return
    changed = ", a phase change" if figures["phase_changed"] else ""
    print(f"first request {platform} (import + one {figures['tap']} tap{changed}, {figures['packages']}, "
          f"moto server, median of {figures['runs']}): {figures['median_ms']} ms, of which import "
          f"{figures['import_median_ms']} ms; CPU {figures['cpu_median_ms']} ms, moto server's CPU "
          f"{figures['server_cpu_median_ms']} ms (whole process {figures['process_median_ms']} ms; "
          f"platform calls: {', '.join(figures['calls']) or 'none'})")  # fmt: skip


if __name__ == "__main__":
    for name in sys.argv[1:] or ["telegram", "line"]:
        report_first_request(name, bench_first_request(name))
