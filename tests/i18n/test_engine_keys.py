"""Every text the shared engine (``core/engine``) says, in every registered game and both languages: the
engine's announcements and private lines (``announce``/``tell``/``reply`` with a literal key) and its
refusal reasons (``Rejected(reason=...)``, rendered as ``reason.<reason>``), found in the engine's source,
resolve in the game's catalog or the common one. A game added to the registry inherits the check (a
missing ``game.cancelled`` once printed the raw key in a classic 人狼 game)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.games import registry
from core.i18n.catalog import has_key

ENGINE = Path(__file__).resolve().parents[2] / "core" / "engine"
SOURCE = "\n".join(path.read_text(encoding="utf-8") for path in sorted(ENGINE.glob("*.py")))
SAID = sorted(set(re.findall(r"\.(?:announce|tell|reply|tell_team)\(\s*\"([a-z_.]+)\"", SOURCE)))
REASONS = sorted(set(re.findall(r"Rejected\(reason=\"([a-z_.]+)\"", SOURCE)))


def test_the_scan_finds_the_engine_texts() -> None:
    assert {"game.cancelled", "game.sudden_death", "game.kicked"} <= set(SAID)
    assert {"phase.stale", "game.over"} <= set(REASONS)


@pytest.mark.parametrize("game", sorted(registry()))
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_every_engine_text_resolves_in_every_game(game: str, locale: str) -> None:
    missing = [key for key in SAID if not has_key(key, locale, game)]
    missing += [f"reason.{r}" for r in REASONS if not has_key(f"reason.{r}", locale, game)]
    assert missing == [], f"{game} ({locale}) lacks {missing}"
