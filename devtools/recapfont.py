"""Builds the recap picture's font, ``handlers/recap/fonts/NotoSansJP-Recap.otf`` (and ``.chars``, the
characters it has): Noto Sans CJK JP Regular (SIL Open Font License 1.1, ``handlers/recap/fonts/OFL.txt``)
cut to the characters the picture can show: ASCII, Latin-1, general punctuation, the arrows and shapes we
use, CJK symbols, hiragana, katakana, full-width forms, the kanji of JIS X 0208 levels 1 and 2, and every
character of the catalogs (``core/i18n``). A name with any other character is drawn as its seat number
(``handlers.recap.image``).

Run once when the catalogs gain characters outside that set (the test
``tests/recap/test_image.py::test_the_font_covers_every_catalog_text_the_picture_shows`` says so)::

    pip install --target /tmp/ftools fonttools   # not in the locks: only this tool needs it
    PYTHONPATH=/tmp/ftools python -m devtools.recapfont [/path/to/NotoSansCJK-Regular.ttc]

Debian's ``fonts-noto-cjk`` has the source font (its index 0 is the JP face).
"""

from __future__ import annotations

import sys
from pathlib import Path

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TARGET = Path(__file__).resolve().parents[1] / "handlers" / "recap" / "fonts" / "NotoSansJP-Recap.otf"
#: The characters the font has, one UTF-8 text (what ``handlers.recap.image`` checks a name against).
CHARS = TARGET.with_suffix(".chars")
#: Code point ranges kept whole.
RANGES = (
    (0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2044), (0x2190, 0x2199), (0x2460, 0x2473), (0x25A0, 0x25CF),
    (0x2600, 0x2606), (0x3000, 0x303F), (0x3041, 0x309F), (0x30A0, 0x30FF), (0xFF01, 0xFF9F), (0xD7, 0xD7),
)  # fmt: skip


def jis_kanji() -> set[str]:
    """The characters of JIS X 0208 rows 16-84 (kanji levels 1 and 2), read through the EUC-JP codec."""
    found = set()
    for row in range(16, 85):
        for cell in range(1, 95):
            try:
                found.add(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return found


def catalog_chars() -> set[str]:
    root = Path(__file__).resolve().parents[1] / "core" / "i18n"
    return {c for path in root.glob("*/*.toml") for c in path.read_text("utf-8")}


def characters() -> set[str]:
    chars = {chr(c) for start, end in RANGES for c in range(start, end + 1)}
    return {c for c in chars | jis_kanji() | catalog_chars() if c.isprintable() or c == " "}


def main(argv: list[str]) -> int:
    # A developer's tool, not a dependency (see the module docstring).
    from fontTools import subset  # type: ignore[import-not-found,unused-ignore]
    from fontTools.ttLib import TTFont  # type: ignore[import-not-found,unused-ignore]

    source = Path(argv[0]) if argv else SOURCE
    font = TTFont(str(source), fontNumber=0)
    options = subset.Options()
    options.layout_features = ["kern", "palt", "vert"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in characters()])
    sub.subset(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(TARGET))
    CHARS.write_text("".join(sorted(chr(c) for c in font.getBestCmap() if chr(c).isprintable())), "utf-8")
    print(f"{TARGET}: {TARGET.stat().st_size} bytes, {len(font.getBestCmap())} characters")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
