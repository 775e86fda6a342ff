"""``jinro-gm play --game deathnote``: DEATH NOTE 人狼 in the playground, through the same shell as the
other games (nothing in devtools/local is one game's): whole games of 4-6 seats, and a person who plays
only by typing the card commands of ``deathnote.md`` §11.8 (``/play``, ``/pick``, ``/give``, ``/name``)."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.notice import Action
from core.i18n.catalog import catalog
from devtools.local.game import LocalGame
from devtools.local.terminal import Screen, play
from devtools.local.texts import game_name, ui
from tests.local.runner import Play

GAME = "deathnote"
#: A catalog key shown in place of a missing text (``[turn.start]``).
MISSING = re.compile(r"\[[a-z_]+(\.[A-Za-z_]+)+\]")


@pytest.mark.parametrize(("players", "lang"), [(4, "ja"), (5, "en"), (6, "ja")])
def test_an_auto_game_of_deathnote_reaches_its_end(play: Play, players: int, lang: str) -> None:
    run = play("--game", GAME, "--auto", "--seed", "3", "--players", str(players), "--lang", lang)
    state = run.state()

    assert run.status == 0
    assert state.game == GAME
    assert state.is_over
    assert state.result in ("L_TEAM", "KIRA_TEAM", "draw")
    assert run.out.startswith(game_name(GAME, lang))
    assert run.out.rstrip().endswith(ui("over", lang))
    assert MISSING.findall(run.out) == []


def typed(action: Action, lang: str) -> str:
    """``action`` as a player types it (card names as the catalog shows them, number included)."""
    kind, args = action.kind, action.args
    if kind.startswith("play."):
        card = i18n.text(f"card.{kind.removeprefix('play.')}", lang, GAME)
        return " ".join(["/play", card, *map(str, args)])
    if kind in ("pick", "give"):
        return f"/{kind} {i18n.text(f'card.{args[0]}', lang, GAME)}"
    return f"/{kind} {args[0]}"


def test_a_person_who_only_types_commands_plays_a_whole_game() -> None:
    """Every turn, pick, give-back and night name of the person is a typed command (multi-word English
    card names like "Investigation Left (4)" included), and the rules accept every one of them."""
    game = LocalGame(game=GAME, players=5, lang="en", seed=2)
    out = io.StringIO()
    screen = Screen(game, out, color=False)
    sent: list[tuple[int, str]] = []

    def read() -> str | None:
        state: Any = game.state()
        seat = game.person_seat
        legal = game.rules.legal_actions(state, seat) if seat else []
        wanted = [a for a in legal if a.kind != "discard" and not a.kind.startswith("signal.")]
        if not wanted or (sent and sent[-1][0] == state.phase_seq) or len(sent) > 400:
            return ""
        sent.append((state.phase_seq, typed(wanted[-1], "en")))
        return sent[-1][1]

    asyncio.run(play(game, screen, read, seed=2, echo=True))

    assert game.is_over
    kinds = {line.split()[0] for _, line in sent}
    assert {"/play", "/pick", "/name"} <= kinds
    assert any(len(line.split()) > 3 for _, line in sent if line.startswith("/play")), "no multi-word card"
    assert [t for t in _refusals("en") if t in out.getvalue()] == []


def _refusals(lang: str) -> list[str]:
    """Every refusal text of the game without a placeholder (those are shown exactly as written)."""
    texts = {**catalog(lang, "common"), **catalog(lang, GAME)}
    return [t for key, t in texts.items() if key.startswith("reason.") and "{" not in t]
