"""The console page's figures: its weight and its time to interactive in headless
Chromium on this machine. Prints a few lines, then ONE JSON object as the last line; asserts nothing.

- ``bytes``: what a phone downloads to show the console: the page (with the local platform's config filled
  in), ``console.js`` and ``console.css``, raw and gzip-compressed (level 6, what a CDN or a Function URL
  client would typically get); no font, no framework, no image. The platform SDK (Telegram's
  ``telegram-web-app.js``, LINE's LIFF SDK) comes from the platform and is not counted.
- ``interactive_ms``: from the start of navigation to the first rendered role card with its action buttons
  enabled (the page fetched its view and drew it), in the local playground's console on a 390×844 viewport;
  median and max of ``--loads`` fresh page loads (a new browser context each: a cold cache), and the
  browser's own ``domContentLoaded`` for scale.

Usage: ``python bench/console_page.py [--loads N] [--game <any game id>]``; needs Debian's
``chromium`` (or ``$CHROMIUM``) and the dev extra (Playwright).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.games import registry  # noqa: E402
from devtools.chromium import LAUNCH_ARGS, chromium_path  # noqa: E402
from devtools.local.web import PlaygroundServer  # noqa: E402

PHONE = {"width": 390, "height": 844}
#: The console drew the viewer's role card and at least one enabled action button.
READY = "#sec-card h2"


def weight(url: str) -> dict[str, int]:
    """Bytes of the page and its two static files as served, raw and gzip-compressed."""
    import urllib.request

    raw = gz = 0
    for path in ("console", "console/static/console.js", "console/static/console.css"):
        with urllib.request.urlopen(url + path) as response:
            body = response.read()
        raw += len(body)
        gz += len(gzip.compress(body, compresslevel=6))
    return {"raw": raw, "gzip": gz}


def console_url(server: PlaygroundServer, url: str) -> str:
    """The console address of the person's seat (its token, the running game)."""
    state = server.playground.state(0)
    seat = next(s for s in state["seats"] if s["person"])
    return f"{url}console?g={state['game_id']}&token={seat['token']}"


def interactive(address: str, loads: int) -> dict[str, float]:
    """Median and max milliseconds to an interactive console over ``loads`` cold loads."""
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    if executable is None:
        raise SystemExit("no Chromium found: apt-get install chromium, or set CHROMIUM=/path/to/chromium")
    ready, dom = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        for _ in range(loads):
            context = browser.new_context(viewport=PHONE, locale="ja-JP")
            page = context.new_page()
            started = time.perf_counter()
            page.goto(address, wait_until="commit")
            page.wait_for_selector(READY)
            page.wait_for_selector("#actions button:not([disabled])")
            ready.append((time.perf_counter() - started) * 1000)
            timing = page.evaluate("JSON.stringify(performance.getEntriesByType('navigation')[0])")
            entry: dict[str, Any] = json.loads(timing)
            dom.append(float(entry["domContentLoadedEventEnd"]))
            context.close()
        browser.close()
    return {"median": round(statistics.median(ready), 1), "max": round(max(ready), 1),
            "dom_content_loaded_median": round(statistics.median(dom), 1)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=7)
    parser.add_argument("--game", default="adazakura", choices=sorted(registry()))
    args = parser.parse_args()
    server = PlaygroundServer(game=args.game, players=6, lang="ja", seed=1, port=0)
    url = server.start()
    try:
        figures = {"game": args.game, "bytes": weight(url),
                   "interactive_ms": interactive(console_url(server, url), args.loads)}  # fmt: skip
    finally:
        server.stop()
    b, t = figures["bytes"], figures["interactive_ms"]
    print(f"console page: {b['raw']} bytes ({b['gzip']} gzip), page + console.js + console.css")
    print(f"time to interactive: median {t['median']} ms, max {t['max']} ms ({args.loads} cold loads)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
