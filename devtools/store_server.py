"""A local DynamoDB endpoint for tests and local runs: moto's server app, one request at a time.

moto's in-process backend is not thread-safe, so the app runs behind a lock: the HTTP server (waitress)
keeps every client's connection open for its next request (HTTP/1.1 keep-alive, as DynamoDB does) and
reads requests from all of them, but the backend sees one request at a time, like a real service that
serialises writes to one item. Bound to 127.0.0.1 on a free port. Item responses are written by
:mod:`devtools.moto_speed` (the same JSON as moto's serializer, in a fraction of the time), and the
backend of each host is looked up once (:class:`_Dispatcher`).

Why waitress and not the server moto ships (werkzeug's development server): werkzeug ends every response
with ``Connection: close`` and then waits 10 ms for more bytes to discard, so each boto3 request opened a
new connection and the server started a thread for it. Over 30 trials of
``tests/e2e/test_process_concurrency.py`` (16 containers, about 130 requests a trial) the machine's CPU
went from 87 to 74 s and each trial from 1.65 to 1.45 s of wall time.

Development only: it imports moto and waitress (dev dependencies) and no Lambda entry point imports it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any

import boto3
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from waitress.server import create_server

from devtools import moto_speed

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

HOST = "127.0.0.1"
REGION = "us-east-1"
#: waitress's threads that run requests (they wait their turn for the backend's lock).
SERVER_THREADS = 4

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _OneAtATime:
    """WSGI middleware: run the wrapped app and read its whole body under one lock."""

    def __init__(self, app: WsgiApp) -> None:
        self._app = app
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        with self._lock:
            body = self._app(environ, start_response)
            try:
                return [b"".join(body)]
            finally:
                close = getattr(body, "close", None)
                if close is not None:
                    close()


class _Dispatcher(DomainDispatcherApplication):
    """moto's dispatcher, keeping the backend it finds for each host: moto lists its own package folder
    from disk to look for it at every request (a seventh of the server's time in
    ``tests/e2e/test_process_concurrency.py``), and the answer depends on the host alone."""

    def __init__(self, create_app: Callable[[Any], Any]) -> None:
        super().__init__(create_app)
        self._backends: dict[str | None, Any] = {}

    def get_backend_for_host(self, host: str | None) -> Any:
        if host not in self._backends:
            self._backends[host] = super().get_backend_for_host(host)
        return self._backends[host]


@contextmanager
def moto_server() -> Iterator[str]:
    """Run the server for the ``with`` block; yields its endpoint URL, e.g. ``http://127.0.0.1:40123``.

    The backend state is moto's process-wide state: use a fresh table name per test.
    """
    moto_speed.install()
    app = _OneAtATime(_Dispatcher(create_backend_app))
    channels: dict[int, Any] = {}  # the server's socket map: its listening socket and every connection
    # Any: typeshed's waitress stubs lack ``effective_port`` and give ``trigger`` (waitress.trigger) as int.
    server: Any = create_server(app, map=channels, host=HOST, port=0, threads=SERVER_THREADS)
    thread = threading.Thread(target=server.run, name="moto-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.effective_port}"
    finally:
        server.trigger.pull_trigger(partial(_close_all, server, channels))
        thread.join()
        server.task_dispatcher.shutdown()


def _close_all(server: Any, channels: dict[int, Any]) -> None:
    """Close the server's socket and every connection (clients' kept-alive ones too), in the server's own
    thread (run by its trigger): its loop ends when its socket map is empty."""
    server.close()
    for channel in list(channels.values()):
        channel.close()


def dynamodb_client(endpoint_url: str) -> DynamoDBClient:
    """A boto3 DynamoDB client for a local endpoint, with dummy credentials (never real AWS)."""
    return boto3.client(
        "dynamodb",
        endpoint_url=endpoint_url,
        region_name=REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
