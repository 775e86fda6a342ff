"""Render the player console and the browser playground into ``docs/screenshots/``, the
pictures the README shows: ``make screenshots``, or

    .venv/bin/python -m devtools.screenshots [--out DIR] [--game GAME ...]

A developer tool, never imported at run time: Playwright (the ``dev`` extra, imported only inside
:func:`render`) drives a headless Chromium that is already installed (``$CHROMIUM``, else ``chromium`` or
``chromium-browser`` on ``PATH``: Debian's ``chromium``; never a Playwright browser download), and the
page's glyphs come from the system's fonts: Japanese from Debian's ``fonts-noto-cjk`` (as ``.ci/run``
installs), the games' emoji from ``fonts-noto-color-emoji`` (a warning names a missing one). Raises
``SystemExit`` when Playwright or a Chromium is missing.

Each table is the local playground (:class:`devtools.local.web.PlaygroundServer`, in this process on a
free port of 127.0.0.1) dealt from a fixed seed, with bots in every other seat, played to a moment by
the same inputs a page sends: the clock jumped to the deadline (the page's 「締め切りまで進める」) and
the person's first console button. The game's clock is fake and the browser's is frozen, so the same
code draws the same pictures. Consoles are shot at a phone viewport (:data:`PHONE`), the playground at a
desktop one (:data:`DESKTOP`), device scale 1, only what the viewport shows; each PNG is re-saved as a
256-colour palette image (Pillow, ``optimize``) to keep the folder small (tens of KB a picture). Each game
of :data:`RECAPS`, played to its end, also gives its result table: the picture the group gets, written as
the function draws it, and the recap page shot whole (:func:`render_recaps`).
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image

from devtools.chromium import LAUNCH_ARGS as BASE_ARGS
from devtools.chromium import chromium_path
from devtools.local.game import START
from devtools.local.web import PlaygroundServer
from handlers.console.api import ConsoleRequest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: Where the pictures go (relative to the repository root, where ``make`` runs).
OUT = Path("docs/screenshots")
#: Chromium's flags for pictures: the shared ones, and every tile rastered whole (partial re-rasters left ±1
#: antialiasing differences at the playground's rounded frame corners, so the same page gave other bytes).
LAUNCH_ARGS = [*BASE_ARGS, "--disable-partial-raster"]
#: The console's viewport (a common phone, CSS pixels) and the playground's (a laptop screen).
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: The browser's frozen wall clock: the fake game clock's start (the countdown reads only differences).
FROZEN = datetime.fromtimestamp(START, UTC)
#: Clock jumps after which a table must be over (a guard against a game that never ends).
MAX_ADVANCES = 200
#: Milliseconds to wait for a page to show its content.
TIMEOUT_MS = 20_000

#: ``advance``: jump the clock to the deadline (the bots move); ``act``: the person presses its first
#: button (through the first step of a multi-step choice); ``end``: jump the clock until the game is over.
Step = Literal["advance", "act", "end"]


@dataclass(frozen=True)
class Table:
    """A playground game of ``game`` with ``players`` seats dealt from ``seed`` in ``lang``, played by
    ``steps`` to the moment the pictures show."""

    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    lang: str = "ja"


@dataclass(frozen=True)
class Shot:
    """One picture: ``<name>.png`` of ``table``'s person console (``console``, phone) or of the whole
    playground page (``playground``, desktop) in the browser's ``scheme`` (``light``/``dark``)."""

    name: str
    table: Table
    view: Literal["console", "playground"]
    scheme: Literal["light", "dark"] = "light"


# 徒桜戦争: the first day's vote, after the person's CO in the discussion (the CO board fills).
ADAZAKURA = Table("adazakura", 6, 1, ("advance", "act", "advance"))
# 政治家人狼: the first vote; in English; a finished game with its recap.
POLITICIAN = Table("politician", 6, 1, ("advance", "advance"))
POLITICIAN_EN = Table("politician", 6, 1, ("advance", "advance"), lang="en")
POLITICIAN_END = Table("politician", 6, 1, ("end",))
# DEATH NOTE 人狼: a card to hand over in an exchange (the candidate cards); the person's first turn.
DEATHNOTE = Table("deathnote", 5, 1, ("advance", "advance", "advance", "advance"))
DEATHNOTE_TURN = Table("deathnote", 5, 1, ("advance",))

#: The finished games whose result table is drawn: the group's picture as the function
#: draws it (``recap-<game>.png``) and the recap page at a phone's width (``recap-page-<game>.png``).
RECAPS = (
    Table("werewolf", 9, 1, ("end",)),
    Table("politician", 7, 1, ("end",)),
    Table("deathnote", 5, 1, ("end",)),
    Table("adazakura", 8, 1, ("end",)),
)

SHOTS = (
    Shot("console-adazakura", ADAZAKURA, "console"),
    Shot("playground-adazakura", ADAZAKURA, "playground"),
    Shot("console-politician", POLITICIAN, "console"),
    Shot("console-politician-en", POLITICIAN_EN, "console"),
    Shot("playground-politician", POLITICIAN_END, "playground"),
    Shot("console-deathnote", DEATHNOTE, "console"),
    Shot("console-dark", DEATHNOTE_TURN, "console", "dark"),
    Shot("playground-deathnote", DEATHNOTE_TURN, "playground"),
)


def missing_fonts() -> list[str]:
    """The Debian font packages whose glyphs fontconfig (``fc-list``) finds in no installed font: Japanese
    (``fonts-noto-cjk``) and emoji such as 📝 in the games' texts (``fonts-noto-color-emoji``); empty
    when ``fc-list`` itself is missing (nothing to ask)."""
    if shutil.which("fc-list") is None:
        return []
    wanted = {"fonts-noto-cjk": ":lang=ja", "fonts-noto-color-emoji": ":charset=1f4dd"}
    found = {name: subprocess.run(["fc-list", pattern, "family"], capture_output=True, text=True, check=False)
             for name, pattern in wanted.items()}  # fmt: skip
    return [name for name, listed in found.items() if not listed.stdout.strip()]


# -- playing a table to its moment --------------------------------------------------------------------
@contextmanager
def played(table: Table) -> Iterator[PlaygroundServer]:
    """A playground serving ``table`` played to its moment; stopped afterwards."""
    server = PlaygroundServer(
        game=table.game, players=table.players, lang=table.lang, seed=table.seed, port=0
    )
    server.start()
    try:
        for step in table.steps:
            STEPS[step](server)
        yield server
    finally:
        server.stop()


def _advance(server: PlaygroundServer) -> None:
    if not server.playground.advance():
        raise RuntimeError("no deadline to jump to")


def _end(server: PlaygroundServer) -> None:
    for _ in range(MAX_ADVANCES):
        if server.playground.state()["over"]:
            return
        server.playground.advance()
    raise RuntimeError(f"not over after {MAX_ADVANCES} clock jumps")


def _act(server: PlaygroundServer) -> None:
    """The person presses its console's first button, as the page posts it (``/console/api/act``)."""
    view = _console(server, "GET", "view", None)
    nodes = view["actions"]
    if not nodes:
        raise RuntimeError("the person has no button to press")
    while nodes[0]["children"]:
        nodes = nodes[0]["children"]
    body = {"g": view["game_id"], "phase_seq": view["phase_seq"], "action": nodes[0]["action"],
            "client_id": "screenshots-1"}  # fmt: skip
    answer = _console(server, "POST", "act", body)
    if answer.get("ok") is not True:
        raise RuntimeError(f"the person's button was refused: {answer.get('message')}")


STEPS = {"advance": _advance, "act": _act, "end": _end}


def person(server: PlaygroundServer) -> dict[str, Any]:
    """The person's seat row of the playground's state (``seat``, ``name``, ``token`` …)."""
    return next(row for row in server.playground.state()["seats"] if row["person"])


def _console(server: PlaygroundServer, method: str, name: str, body: dict[str, Any] | None) -> Any:
    """The person's console API answer (``/console/api/<name>``) as JSON; raises ``RuntimeError`` on
    any status but 200."""
    state = server.playground.state()
    headers = {"authorization": f"Seat {person(server)['token']}", "content-type": "application/json"}
    raw = json.dumps(body).encode() if body is not None else b""
    request = ConsoleRequest(method, f"/console/api/{name}", {"g": str(state["game_id"])}, headers, raw)
    answer = server.playground.console_request(request)
    if answer.status != 200:
        raise RuntimeError(f"console {name}: HTTP {answer.status}")
    return json.loads(answer.body)


# -- shooting ----------------------------------------------------------------------------------------
def render(shots: Sequence[Shot], out: Path, chromium: str) -> list[tuple[Path, int]]:
    """Draw ``shots`` into ``out`` (created) with the Chromium at ``chromium``; returns each file written
    with its size in bytes, in ``shots`` order. Shots of one table share one played game."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    by_table: dict[Table, list[Shot]] = {}
    for shot in shots:
        by_table.setdefault(shot.table, []).append(shot)
    written: dict[str, tuple[Path, int]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
        try:
            for table, group in by_table.items():
                with played(table) as server:
                    for shot in group:
                        written[shot.name] = save(shoot(browser, server, shot), out / f"{shot.name}.png")
        finally:
            browser.close()
    return [written[shot.name] for shot in shots]


def render_recaps(tables: Sequence[Table], out: Path, chromium: str) -> list[tuple[Path, int]]:
    """For each finished table: its recap picture (``handlers.recap.image``, the PNG the group gets, as
    drawn) and its recap page (``handlers.recap.page``) shot whole at :data:`PHONE` width."""
    from playwright.sync_api import sync_playwright

    from core.games import registry
    from handlers.recap.grid import grid
    from handlers.recap.image import png
    from handlers.recap.page import html

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
        try:
            for table in tables:
                with played(table) as server:
                    game = server.playground.game
                    state = game.state() if game is not None else None
                    recap = registry()[table.game].table(state) if state is not None else None
                    if state is None or recap is None:
                        raise RuntimeError(f"{table.game}: no result table")
                    shown = grid(recap, state.locale)
                picture = out / f"recap-{table.game}.png"
                picture.write_bytes(png(shown))
                written.append((picture, picture.stat().st_size))
                context = browser.new_context(viewport=PHONE, device_scale_factor=1)  # type: ignore[arg-type]
                try:
                    page = context.new_page()
                    page.set_content(html(shown))
                    page.evaluate("document.fonts.ready.then(() => true)")
                    shot = page.screenshot(full_page=True, animations="disabled", caret="hide")
                finally:
                    context.close()
                written.append(save(shot, out / f"recap-page-{table.game}.png"))
        finally:
            browser.close()
    return written


def shoot(browser: Browser, server: PlaygroundServer, shot: Shot) -> bytes:
    """The PNG of ``shot`` (the viewport only) once the page shows its game."""
    phone = shot.view == "console"
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP,  # type: ignore[arg-type]
        device_scale_factor=1,
        locale="ja-JP" if shot.table.lang == "ja" else "en-US",
        color_scheme=shot.scheme,
    )
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.clock.set_fixed_time(FROZEN)
        row = person(server)
        if phone:
            state = server.playground.state()
            page.goto(f"{server.url.rstrip('/')}/console?g={state['game_id']}&token={row['token']}")
            _ready(page, str(row["name"]))
        else:
            page.goto(server.url)
            page.locator("#chat li[data-n]").first.wait_for()
            _ready(page, str(row["name"]), frame=True)
        return page.screenshot(full_page=False, animations="disabled", caret="hide")
    finally:
        context.close()


def _ready(page: Page, name: str, *, frame: bool = False) -> None:
    """Wait until the console (in the playground's frame when ``frame``) shows ``name``'s role card and
    its fonts are loaded."""
    console = page.frame_locator("#console") if frame else page
    console.locator("#me").filter(has_text=name).wait_for()
    console.locator("#sec-card").wait_for()
    for each in page.frames:
        each.evaluate("document.fonts.ready.then(() => true)")


def save(png: bytes, path: Path) -> tuple[Path, int]:
    """Write ``png`` to ``path`` as a 256-colour palette PNG (no dithering: flat UI colours stay flat);
    returns the path and its size in bytes."""
    with Image.open(io.BytesIO(png)) as image:
        palette = image.convert("RGB").quantize(colors=256, dither=Image.Dither.NONE)
    palette.save(path, optimize=True)
    return path, path.stat().st_size


def browser_path() -> str:
    """The Chromium to drive; raises ``SystemExit`` (with what to install) when it or Playwright is
    missing. Warns on stderr about each missing font package (:func:`missing_fonts`)."""
    chromium = chromium_path()
    if chromium is None:
        raise SystemExit("no Chromium found: apt-get install chromium, or set CHROMIUM=/path/to/chromium")
    try:
        import playwright  # noqa: F401
    except ImportError as err:
        raise SystemExit("Playwright is missing: pip install -e '.[dev]'") from err
    for package in missing_fonts():
        print(f"warning: no font from {package} found: some glyphs will show as boxes", file=sys.stderr)
    return chromium


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv``, draw the chosen games' pictures and print each file with its size; returns 0."""
    games = sorted({shot.table.game for shot in SHOTS} | {table.game for table in RECAPS})
    parser = argparse.ArgumentParser(prog="python -m devtools.screenshots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    parser.add_argument("--game", action="append", choices=games, help="only this game (repeatable)")
    args = parser.parse_args(argv)
    shots = [shot for shot in SHOTS if not args.game or shot.table.game in args.game]
    chromium = browser_path()
    written = render(shots, args.out, chromium)
    written += render_recaps([t for t in RECAPS if not args.game or t.game in args.game], args.out, chromium)
    for path, size in written:
        print(f"{path}: {size // 1024} KB")
    print(f"{len(written)} pictures, {sum(size for _, size in written) // 1024} KB in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
