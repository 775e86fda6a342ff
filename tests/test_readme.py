"""What a new user reads first: the README's quick start names everything the playground needs to look
right (the emoji font as well as the browser)."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def section(title: str) -> str:
    """The README's ``## title`` section, up to the next ``## `` heading."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_the_quick_start_names_the_emoji_font_for_the_playground() -> None:
    quick = section("Quick start")
    assert "make play" in quick
    assert "fonts-noto-color-emoji" in quick, "emoji show as boxes in the playground without it"


def test_the_quick_start_says_how_long_make_test_takes_now() -> None:
    quick = section("Quick start")
    assert "make test" in quick
    assert "6 to 17 minutes on two cores" in " ".join(quick.split()), "as measured (it was half an hour)"
    assert "half an hour" not in quick
