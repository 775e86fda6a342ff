"""The recap picture: a :class:`~handlers.recap.grid.Grid` drawn as a PNG with Pillow, no browser: the
title and result, every seat's role and fate, the vote table (one row per vote, one column per
voter, the chosen seat's cells shaded) and the nights, in the repository's subset of Noto Sans CJK JP
(``fonts/NotoSansJP-Recap.otf``, SIL OFL 1.1, ``fonts/OFL.txt``; built by ``devtools/recapfont.py``).

Pillow is imported here only, and this module only by the ``/recap/<game>.png`` route
(:mod:`handlers.recap.serve`), so a webhook's first request never loads it. A player's name with a
character the font lacks is drawn as ``#<seat>`` rather than as empty boxes; every catalog text is
covered (a test checks it). The picture is at most :data:`MAX_WIDTH` × :data:`MAX_HEIGHT` pixels: a wider
vote table drops its first columns' labels to seat numbers only (they already are), a longer one is cut
by the table's own bound (``core.engine.recaptable.MAX_ROWS``).
"""

from __future__ import annotations

import io
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from handlers.recap.grid import CHOSEN, Grid

if TYPE_CHECKING:
    from PIL import ImageFont

#: Pixels.
PAD, GAP, CELL_PAD, ROW = 24, 18, 8, 30
BODY, SMALL, TITLE = 17, 14, 26
MAX_WIDTH, MAX_HEIGHT = 2400, 4000
INK, MUTED, LINE, HEAD, MARK, PAPER, ACCENT = (
    "#222222",
    "#777777",
    "#c8c8c8",
    "#ececec",
    "#fde2e2",
    "#faf8f3",
    "#b44444",
)
FONT = "NotoSansJP-Recap.otf"


@cache
def _font_bytes() -> bytes:
    return (resources.files("handlers.recap") / "fonts" / FONT).read_bytes()


@cache
def covered() -> frozenset[str]:
    """The characters the picture's font has (``fonts/NotoSansJP-Recap.chars``)."""
    text = (resources.files("handlers.recap") / "fonts" / "NotoSansJP-Recap.chars").read_text("utf-8")
    return frozenset(text) | {" "}


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(io.BytesIO(_font_bytes()), size)


def drawable(text: str) -> bool:
    """Whether every character of ``text`` has a glyph in the picture's font."""
    have = covered()
    return all(c in have for c in text)


def _drawn(text: str) -> str:
    """``text`` without the characters the font lacks (an emoji in a catalog text)."""
    have = covered()
    return text if all(c in have for c in text) else "".join(c for c in text if c in have)


def name_of(seat: str, name: str) -> str:
    """``name`` when the font can draw it, else ``#<seat>``."""
    return name if name and drawable(name) else f"#{seat}"


class _Canvas:
    """Lays out then draws: every call records cells, texts and rules and advances ``y``."""

    def __init__(self) -> None:
        self.y = PAD
        self.width = 0
        self.cells: list[tuple[int, int, int, str]] = []  # x, y, width, fill
        self.texts: list[tuple[int, int, str, int, str]] = []  # x, y, text, size, fill
        self.rules: list[int] = []  # y

    def text(self, x: int, text: str, size: int = BODY, fill: str = INK) -> None:
        text = _drawn(text)
        self.texts.append((x, self.y, text, size, fill))
        self.width = max(self.width, x + int(_font(size).getlength(text)) + PAD)

    def table(
        self, rows: list[list[str]], marks: list[list[bool]], *, muted: list[bool] | None = None,
        even: slice | None = None,
    ) -> None:  # fmt: skip
        """A table whose first row is the head; ``marks[r][c]`` shades a cell; ``muted[r]``: grey row;
        ``even``: columns of one width, their texts centred (the vote table's voters)."""
        font = _font(BODY)
        rows = [[_drawn(value) for value in row] for row in rows]
        widths = [
            max(int(font.getlength(row[c])) for row in rows) + 2 * CELL_PAD for c in range(len(rows[0]))
        ]
        centred = range(len(widths))[even] if even else range(0)
        if centred:
            widest = max(widths[c] for c in centred)
            widths = [widest if c in centred else w for c, w in enumerate(widths)]
        for r, row in enumerate(rows):
            x = PAD
            for c, value in enumerate(row):
                fill = HEAD if r == 0 else MARK if marks[r][c] else "#ffffff"
                self.cells.append((x, self.y, widths[c], fill))
                ink = MUTED if muted and muted[r] else INK
                left = (widths[c] - int(font.getlength(value))) // 2 if c in centred else CELL_PAD
                self.texts.append((x + left, self.y + 4, value, BODY, ink))
                x += widths[c]
            self.y += ROW
        self.width = max(self.width, PAD + sum(widths) + PAD)

    def draw(self) -> bytes:
        from PIL import Image, ImageDraw

        width, height = min(self.width, MAX_WIDTH), min(self.y + PAD, MAX_HEIGHT)
        image = Image.new("RGB", (width, height), PAPER)
        pen = ImageDraw.Draw(image)
        for x, y, w, fill in self.cells:
            pen.rectangle((x, y, x + w, y + ROW), fill=fill, outline=LINE)
        for y in self.rules:
            pen.line((PAD, y, width - PAD, y), fill=ACCENT, width=2)
        for x, y, text, size, fill in self.texts:
            pen.text((x, y), text, font=_font(size), fill=fill)
        out = io.BytesIO()
        image.save(out, "PNG", optimize=True)
        return out.getvalue()

    def heading(self, text: str) -> None:
        self.y += GAP
        self.text(PAD, text, TITLE - 6, ACCENT)
        self.y += TITLE
        self.rules.append(self.y)
        self.y += 8


def png(grid: Grid) -> bytes:
    """The picture of ``grid`` as PNG bytes."""
    h = grid.headings
    canvas = _Canvas()
    canvas.text(PAD, h["title"], TITLE)
    canvas.y += TITLE + 10
    canvas.text(PAD, grid.result, BODY + 2, ACCENT)
    canvas.y += ROW
    canvas.heading(h["seats"])
    side = [h["side"]] if grid.sides else []
    rows = [[h["seat"], h["name"], h["role"], *side, h["fate"], ""]]
    rows += [
        [s.seat, name_of(s.seat, s.name), s.role, *([s.side or ""] if grid.sides else []), s.fate,
         h["won"] if s.won else h["lost"]]
        for s in grid.seats
    ]  # fmt: skip
    marks = [[False] * len(rows[0])] + [[False] * (len(rows[0]) - 1) + [s.won] for s in grid.seats]
    canvas.table(rows, marks, muted=[False] + [not s.alive for s in grid.seats])
    if grid.votes:
        canvas.heading(h["votes"])
        rows = [[h["vote"], *grid.voters, h["outcome"]]]
        rows += [[v.label, *v.cells, fit_to_font(v.outcome, grid)] for v in grid.votes]
        marks = [[False] * len(rows[0])] + [
            [False, *(c.startswith(CHOSEN) for c in v.cells), False] for v in grid.votes
        ]
        canvas.table(rows, marks, even=slice(1, 1 + len(grid.voters)))
        canvas.y += 6
        canvas.text(PAD, grid.legend, SMALL, MUTED)
        canvas.y += ROW
    canvas.heading(h["timeline"])
    for night in grid.nights:
        canvas.text(PAD, night.label, BODY, ACCENT)
        canvas.y += ROW - 4
        for line in night.lines:
            canvas.text(PAD + 20, fit_to_font(line, grid), BODY)
            canvas.y += ROW - 4
    if grid.truncated:
        canvas.y += 6
        canvas.text(PAD, grid.truncated, SMALL, MUTED)
        canvas.y += ROW
    return canvas.draw()


def fit_to_font(text: str, grid: Grid) -> str:
    """``text`` with every seat's name the font cannot draw replaced by ``#<seat>``, and any other
    character it lacks (an emoji in a catalog text) left out."""
    for s in grid.seats:
        if s.name and not drawable(s.name) and s.name in text:
            text = text.replace(s.name, f"#{s.seat}")
    return _drawn(text)
