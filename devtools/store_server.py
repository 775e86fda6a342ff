"""A local DynamoDB endpoint for tests and local runs: moto's server app, one request at a time.

moto's in-process backend is not thread-safe, so the app runs behind a lock: the HTTP server accepts
connections in threads (so boto3's keep-alive connections do not block each other) but the backend
sees one request at a time, like a real service that serialises writes to one item. Bound to
127.0.0.1 on a free port. Item responses are written by :mod:`devtools.moto_speed` (the same JSON as
moto's serializer, in a fraction of the time), and the backend of each host is looked up once
(:class:`_Dispatcher`).

Development only: it imports moto (a dev dependency) and no Lambda entry point imports it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import boto3
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import make_server

from devtools import moto_speed

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

HOST = "127.0.0.1"
REGION = "us-east-1"

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


class _QuietHandler(MotoRequestHandler):
    """Moto's request handler without a log line per request (errors are still logged), speaking HTTP/1.1
    so that boto3 keeps its connections open (werkzeug's default, HTTP/1.0, closes each after one request:
    a new connection and a new server thread per request)."""

    protocol_version = "HTTP/1.1"

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        return None


@contextmanager
def moto_server() -> Iterator[str]:
    """Run the server for the ``with`` block; yields its endpoint URL, e.g. ``http://127.0.0.1:40123``.

    The backend state is moto's process-wide state: use a fresh table name per test.
    """
    moto_speed.install()
    app = _OneAtATime(_Dispatcher(create_backend_app))
    server = make_server(HOST, 0, app, threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="moto-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


def dynamodb_client(endpoint_url: str) -> DynamoDBClient:
    """A boto3 DynamoDB client for a local endpoint, with dummy credentials (never real AWS)."""
    return boto3.client(
        "dynamodb",
        endpoint_url=endpoint_url,
        region_name=REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
