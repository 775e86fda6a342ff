"""``jinro-gm play`` in the browser: start the playground's server (:mod:`devtools.local.web`), tell the
person where it listens, and serve until Ctrl-C."""

from __future__ import annotations

import sys
import threading
from typing import TextIO

from devtools.local.texts import ui
from devtools.local.web import PlaygroundServer


def serve(server: PlaygroundServer, out: TextIO, lang: str) -> int:
    """``jinro-gm play``: start ``server``, print its URL on ``out`` (in ``lang``; bound to every
    interface, also that it listens on all of them) and serve until Ctrl-C; returns 0, or 2 when the
    address cannot be bound (the reason on stderr)."""
    try:
        url = server.start()
    except OSError as err:
        server.playground.stop()
        where = f"{server.host}:{server.port}"
        print(
            f"jinro-gm play: error: cannot serve on {where}: {err.strerror or err} (try --port)",
            file=sys.stderr,
        )
        return 2
    out.write(ui("web.serving", lang, url=url) + "\n")
    if server.all_interfaces:
        host = server.host or "0.0.0.0"
        out.write(ui("web.serving.all_interfaces", lang, host=host, port=server.port) + "\n")
    out.flush()
    try:
        until_interrupted()
    except KeyboardInterrupt:
        out.write("\n" + ui("bye", lang) + "\n")
    finally:
        server.stop()
    return 0


def until_interrupted() -> None:
    """Block the calling thread until Ctrl-C (``KeyboardInterrupt``)."""
    threading.Event().wait()
