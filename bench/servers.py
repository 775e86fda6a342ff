"""The write-path bench's servers, each in a process of its own so that the bench process's CPU time
is the handler's: the fake Telegram Bot API (answering each call after a given latency) and moto's
DynamoDB server."""

from __future__ import annotations

import multiprocessing
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boto3

ROOT = Path(__file__).resolve().parents[1]
# The fake Bot API and the update builders come from tests/ (a namespace package of the repo, not installed).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from infra.dynamodb import CLIENT_CONFIG  # noqa: E402
from tests.fakes.telegram_api import FakeTelegramApi  # noqa: E402


# -- the servers, in processes of their own ---------------------------------------------------------------
def _serve_bot_api(conn: Any, latency: float) -> None:
    """The fake Bot API in this (child) process, answering each call after ``latency`` seconds; ``conn``
    takes ``("promote", chat)``, ``("calls", start)`` (method, chat, time of each call since ``start``)
    and ``("stop", None)``."""
    api = FakeTelegramApi(latency=latency).start()
    conn.send(api.base_url)
    while True:
        command, arg = conn.recv()
        if command == "stop":
            break
        if command == "promote":
            api.members.promote(arg)
            conn.send(None)
        elif command == "calls":
            conn.send([(c.method, c.params.get("chat_id"), c.at) for c in api.calls[arg:]])
    api.stop()


@dataclass
class BotApi:
    """The fake Bot API's process: its ``base_url`` and a pipe to it."""

    base_url: str
    conn: Any

    def promote(self, chat: int) -> None:
        self.conn.send(("promote", chat))
        self.conn.recv()

    def calls(self, start: int = 0) -> list[tuple[str, Any, float]]:
        """``(method, chat id, time.time() when answered)`` of each call from the ``start``-th."""
        self.conn.send(("calls", start))
        return list(self.conn.recv())


@contextmanager
def bot_api(latency: float) -> Iterator[BotApi]:
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=_serve_bot_api, args=(child, latency), daemon=True)
    process.start()
    try:
        yield BotApi(parent.recv(), parent)
    finally:
        parent.send(("stop", None))
        process.join(10)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def dynamodb_server() -> Iterator[str]:
    """moto's DynamoDB server (``python -m moto.server``) in a process of its own; its endpoint URL. Werkzeug
    closes the connection after every answer, so each call pays a TCP connect (about 0.3 ms of the bench
    process's CPU) that botocore's kept-alive connections to DynamoDB do not."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-p", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    endpoint = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(endpoint, timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        yield endpoint
    finally:
        process.terminate()
        process.wait(10)


def dynamodb_client(endpoint: str) -> Any:
    return boto3.client(
        "dynamodb", endpoint_url=endpoint, region_name="us-east-1",
        aws_access_key_id="bench", aws_secret_access_key="bench", config=CLIENT_CONFIG,
    )  # fmt: skip
