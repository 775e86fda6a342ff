"""Where the dev tools and the browser tests find Chromium, and how they start it: Debian's ``chromium``
driven by Playwright with its executable path, never a downloaded browser (README "Tests and checks").

Used by ``make screenshots`` (:mod:`devtools.screenshots`) and ``tests/browser``; never by a Lambda.
"""

from __future__ import annotations

import os
import shutil

#: Chromium's flags: headless in a container (no sandbox, no GPU) and no network of its own (this machine's
#: closed network refuses Chromium's background connections).
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """The Chromium executable: ``$CHROMIUM`` when set, else ``chromium`` or ``chromium-browser`` on PATH;
    None when there is none."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
