"""``make screenshots`` (devtools/screenshots.py, issue 9 item 7) for one game into a temporary
folder: the console (phone, light and dark) and the playground (desktop) of DEATH NOTE 人狼 come out as
real PNGs of the viewport's size, and each file is reported with its size. Skipped without Playwright or
a Chromium (Debian's ``chromium`` or ``$CHROMIUM``), as the browser tests are.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from devtools import screenshots

NO_BROWSER = (
    "playwright is not installed (pip install playwright); screenshots test skipped"
    if importlib.util.find_spec("playwright") is None
    else "no Chromium found: install Debian's chromium or set CHROMIUM=/path; screenshots test skipped"
    if screenshots.chromium_path() is None
    else None
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or ""),
]

EXPECTED = {
    "console-deathnote.png": (screenshots.PHONE["width"], screenshots.PHONE["height"]),
    "console-dark.png": (screenshots.PHONE["width"], screenshots.PHONE["height"]),
    "playground-deathnote.png": (screenshots.DESKTOP["width"], screenshots.DESKTOP["height"]),
}
#: The result table of the finished game: the group's picture (as drawn) and the page, shot whole at a
#: phone's width.
RECAPS = ("recap-deathnote.png", "recap-page-deathnote.png")


def brightness(path: Path) -> float:
    """The picture's mean grey level, 0 (black) to 255 (white)."""
    with Image.open(path) as image:
        return float(ImageStat.Stat(image.convert("L")).mean[0])


def test_one_game_renders_its_console_and_playground(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert screenshots.main(["--out", str(tmp_path), "--game", "deathnote"]) == 0

    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*EXPECTED, *RECAPS])
    for name in RECAPS:
        with Image.open(tmp_path / name) as image:
            assert image.format == "PNG"
            assert image.height > 400, f"{name}: the whole table"
            assert len(image.convert("RGB").getcolors(maxcolors=4096) or []) > 8, f"{name} is blank"
    with Image.open(tmp_path / "recap-page-deathnote.png") as page:
        assert page.width == screenshots.PHONE["width"]
    for name, size in EXPECTED.items():
        with Image.open(tmp_path / name) as image:
            image.verify()
        with Image.open(tmp_path / name) as image:
            assert (image.format, image.size) == ("PNG", size), name
            assert len(image.convert("RGB").getcolors(maxcolors=256) or []) > 8, f"{name} is blank"
    printed = capsys.readouterr().out
    for name in [*EXPECTED, *RECAPS]:
        assert f"{tmp_path / name}: {(tmp_path / name).stat().st_size // 1024} KB" in printed
    assert brightness(tmp_path / "console-dark.png") < 100 < brightness(tmp_path / "console-deathnote.png")
