"""The HTTP server under every fake platform API of the tests and the bench."""

from __future__ import annotations

from http.server import ThreadingHTTPServer


class FakeServer(ThreadingHTTPServer):
    """A threading HTTP server whose listen backlog takes a whole table's calls at once.

    ``socketserver``'s default backlog is 5: when a phase change opens more connections than that at once
    (16 role cards and the mutes of a 16-player table), the kernel drops the extra SYNs and each client
    retries a second later, a delay the real platforms do not have."""

    request_queue_size = 128
    daemon_threads = True
