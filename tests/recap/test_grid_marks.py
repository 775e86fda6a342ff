"""What the result table shows, as the picture and the page render it (``handlers.recap.grid``), on whole
bot games: a seat that could not vote (dead, out, no voter of a runoff) reads ×, as the legend says, in
every game; DEATH NOTE 人狼's rows are Judgments, headed and explained as such, not votes."""

from __future__ import annotations

import random
from typing import Any

import pytest

import core.i18n as i18n
from core.games import registry
from handlers.recap import grid
from tests.property import deathnote_playout, playout, politician_playout, werewolf_playout


def finished(game: str) -> list[Any]:
    if game == "werewolf":
        return [werewolf_playout.play(werewolf_playout.seeded_game(n, s)).final for n, s in ((7, 3), (9, 5))]
    if game == "politician":
        return [politician_playout.play(politician_playout.seeded_game(n, s)).final for n, s in ((7, 3),)]
    if game == "deathnote":
        return [
            deathnote_playout.play(deathnote_playout.seeded_game(n, s)).final for n, s in ((5, 3), (6, 8))
        ]
    return [playout.play_with(playout.random_chooser(random.Random(s)), s, n).steps[-1].after
            for n, s in ((8, 5), (6, 2))]  # fmt: skip


def dead_before(game: str, state: Any) -> list[set[int]]:
    """Per vote row, in order, the seats out of the game before it, read from the game's own log/state."""
    if game == "werewolf":  # night n comes before day n + 1: dead at night or by day n before day n + 1
        return [
            {p.seat for p in state.players if p.death is not None and p.death.n < r.day} for r in state.rounds
        ]
    rows: list[set[int]] = []
    out: set[int] = set()
    voted = "VoteClosed" if game == "adazakura" else "JudgmentResolved"
    died = "PlayerDied" if game == "adazakura" else "PlayerEliminated"
    for event in state.log:
        if event.kind == voted:
            rows.append(set(out))
        elif event.kind == died:
            out.add(int(event.data["seat"]))
    return rows


@pytest.mark.parametrize("game", ["werewolf", "adazakura", "deathnote"])
def test_a_seat_out_of_the_game_reads_x_in_every_later_row_as_the_legend_says(game: str) -> None:
    crossed = 0
    for locale in ("ja", "en"):
        x = i18n.text("table.blank.frozen", locale, game)
        for state in finished(game):
            table = registry()[game].table(state)
            assert table is not None
            shown = grid.grid(table, locale)
            assert x in shown.legend
            players = [str(p.seat) for p in state.players]
            assert shown.voters == players, "every seat has a column"
            for line, out in zip(shown.votes, dead_before(game, state), strict=True):
                cells = dict(zip(shown.voters, line.cells, strict=True))
                assert all(cells[str(seat)] == x for seat in out), (line.label, cells, out)
                assert all(cells[s] != "" for s in players), (line.label, cells)  # nothing left blank
                crossed += len(out)
    assert crossed, "someone died before a later vote in the recorded games"


def test_deathnote_s_table_is_headed_and_explained_as_judgments() -> None:
    for locale, heading, word in (("ja", "裁き", "裁き"), ("en", "Judgment", "Judgment")):
        for state in finished("deathnote"):
            table = registry()["deathnote"].table(state)
            assert table is not None
            shown = grid.grid(table, locale)
            votes = i18n.text("table.heading.votes", locale, "werewolf")
            assert shown.headings["votes"] != votes
            assert heading in shown.headings["votes"]
            assert word in shown.legend
            for text in (shown.legend, shown.headings["vote"], shown.headings["votes"]):
                assert "投票" not in text
                assert "vote" not in text.lower()
