"""Draw ``devtools/richmenu.png``, the image of the LINE rich menu (:mod:`devtools.richmenu`).

A developer tool, never imported at run time: it needs Pillow (the ``dev`` extra) and a Japanese font
(Noto Sans CJK JP Bold: Debian's ``fonts-noto-cjk``, or any CJK font given with ``--font``). The columns,
their actions and their labels come from :data:`devtools.richmenu.AREAS` and the ``richmenu.*``
catalog keys, so the picture and the tappable areas cannot drift apart. Run it after changing either,
and commit the PNG:

    .venv/bin/python -m devtools.richmenu_image [--font PATH] [--out PATH]

The image is :data:`~devtools.richmenu.SIZE` (2500×843, a size the Messaging API allows for rich
menus), a few colours (a palette PNG of some tens of KB, far under the 1 MB limit), white text on dark
columns for contrast, one simple shape above each label.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from devtools.richmenu import AREAS, IMAGE, SIZE

#: Where Debian and other systems keep a bold Japanese font (the first that exists is used).
FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
)
BACKGROUND = (24, 27, 38)
WHITE = (255, 255, 255)
HINT = (226, 230, 240)
#: One colour per column, dark enough for white text (contrast ratio above 7:1).
COLOURS = {"turn": (178, 34, 52), "role": (44, 62, 140), "help": (55, 71, 79)}
GAP = 24
RADIUS = 48
Draw = ImageDraw.ImageDraw
Font = ImageFont.FreeTypeFont


def font_path(given: Path | None) -> Path:
    """``given``, else the first of :data:`FONTS` that exists. Raises ``SystemExit`` when none does."""
    for candidate in [given] if given else [Path(p) for p in FONTS]:
        if candidate.is_file():
            return candidate
    raise SystemExit("no Japanese font: apt-get install fonts-noto-cjk, or give --font PATH")


def draw_menu(font: Path) -> Image.Image:
    """The whole menu: one rounded column per area with its shape, label and hint."""
    image = Image.new("RGB", SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    label_font = ImageFont.truetype(str(font), 150, index=0)
    hint_font = ImageFont.truetype(str(font), 52, index=0)
    for area in AREAS:
        left, right = area.x + GAP // 2, area.x + area.width - GAP // 2
        draw.rounded_rectangle((left, GAP, right, SIZE[1] - GAP), RADIUS, fill=COLOURS[area.key])
        centre = (left + right) // 2
        SHAPES[area.key](draw, centre, 230, label_font)
        _centred(draw, centre, 520, area.label(), label_font, WHITE)
        _centred(draw, centre, 700, area.hint(), hint_font, HINT)
    return image


def _centred(draw: Draw, x: int, y: int, text: str, font: Font, fill: tuple[int, int, int]) -> None:
    draw.text((x, y), text, font=font, fill=fill, anchor="mm")


def _turn(draw: Draw, x: int, y: int, font: Font) -> None:
    """A speech bubble with an exclamation mark: something is waiting for you."""
    draw.rounded_rectangle((x - 150, y - 110, x + 150, y + 90), 40, fill=WHITE)
    draw.polygon([(x - 70, y + 85), (x - 10, y + 85), (x - 90, y + 150)], fill=WHITE)
    draw.rounded_rectangle((x - 17, y - 80, x + 17, y + 20), 14, fill=COLOURS["turn"])
    draw.ellipse((x - 19, y + 36, x + 19, y + 74), fill=COLOURS["turn"])


def _role(draw: Draw, x: int, y: int, font: Font) -> None:
    """A card with a person on it: your role card."""
    draw.rounded_rectangle((x - 110, y - 150, x + 110, y + 150), 28, fill=WHITE)
    colour = COLOURS["role"]
    draw.ellipse((x - 50, y - 105, x + 50, y - 5), fill=colour)
    draw.chord((x - 85, y + 10, x + 85, y + 180), 180, 360, fill=colour)
    draw.rectangle((x - 85, y + 95, x + 85, y + 110), fill=colour)


def _help(draw: Draw, x: int, y: int, font: Font) -> None:
    """A circle with a question mark."""
    draw.ellipse((x - 140, y - 140, x + 140, y + 140), fill=WHITE)
    _centred(draw, x, y + 6, "?", font.font_variant(size=210), COLOURS["help"])


SHAPES: dict[str, Callable[[Draw, int, int, Font], None]] = {"turn": _turn, "role": _role, "help": _help}


def save(image: Image.Image, out: Path) -> int:
    """Write ``image`` as an optimised palette PNG (anti-aliased text keeps 64 colours); returns bytes."""
    image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, optimize=True
    )
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.richmenu_image", description=__doc__)
    parser.add_argument("--font", type=Path, help="a TrueType/OpenType font with Japanese glyphs")
    parser.add_argument("--out", type=Path, default=IMAGE, help=f"where to write (default {IMAGE})")
    args = parser.parse_args(argv)
    size = save(draw_menu(font_path(args.font)), args.out)
    labels = ", ".join(f"{area.label()} ({area.width} px)" for area in AREAS)
    print(f"{args.out}: {SIZE[0]}x{SIZE[1]}, {size} bytes; {labels}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
