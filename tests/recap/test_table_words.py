"""The result table says what the game said, in the game's words, on whole bot games: DEATH NOTE 人狼's
arrested Kira is alive, as the end text says (an arrest eliminates nobody, ``deathnote.md`` §6.2, §8),
its nights (Shinigami nights and Judgments) are counted in rounds and a seat holds an identity card;
政治家人狼's runoff drawn by lot says so and its nights are negative campaigns; a vote that led to a
runoff says so in every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import core.i18n as i18n
from core.games import registry
from core.games.adazakura.view import faction_shown
from handlers.recap import grid
from tests.property import deathnote_playout, politician_playout, werewolf_playout
from tests.property import playout as adazakura_playout


def test_deathnote_s_arrested_kira_reads_alive_as_the_end_text_and_its_nights_go_by_rounds() -> None:
    state = deathnote_playout.play(deathnote_playout.seeded_game(6, 0)).final
    assert any(e.kind == "ArrestResolved" and e.data.get("success") for e in state.log), "Kira is arrested"
    shinigami = [e for e in state.log if e.kind == "ShinigamiResolved"]
    assert shinigami, "a Shinigami night was played"
    kira = next(p for p in state.players if p.identity == "IDENT_KIRA")
    assert kira.alive
    table = registry()["deathnote"].table(state)
    assert table is not None
    for locale, alive, game_round, card in (("ja", "生存", "ラウンド", "身分カード"),
                                            ("en", "alive", "Round", "identity card")):  # fmt: skip
        assert i18n.text("status.alive", locale, "deathnote") == alive  # the end text's word (reveal.line)
        shown = grid.grid(table, locale)
        fate = next(s.fate for s in shown.seats if s.seat == str(kira.seat))
        assert fate.startswith(alive), fate
        assert str(state.round) in fate, "the round of the arrest"
        assert all(not line.startswith(f"{kira.seat} ") for n in shown.nights for line in n.lines)
        labels = [n.label for n in shown.nights]
        assert len([x for x in labels if x.startswith(game_round)]) == len(labels), labels
        assert len(labels) == len(shinigami) + len([e for e in state.log if e.kind == "JudgmentResolved"])
        assert "巡" not in "".join(labels + [s.fate for s in shown.seats])
        assert card.lower() in shown.headings["seats"].lower()
        assert shown.headings["role"].lower() == card.lower()


def test_politician_s_seat_drawn_by_lot_reads_so_and_its_nights_are_negative_campaigns() -> None:
    state = politician_playout.play(politician_playout.seeded_game(6, 29)).final
    drawn = {f.day: f.seat for f in state.filled if f.method == "lottery"}
    assert drawn, "a tie drawn by lot"
    quiet = [n.n for n in state.nights if n.excluded is None and n.target is None]
    assert quiet, "a night that kept nobody out"
    table = registry()["politician"].table(state)
    assert table is not None
    for locale, lot, campaign in (("ja", "くじ引き", "ネガキャン"), ("en", "lottery", "smear campaign")):
        assert lot in i18n.text("method.lottery", locale, "politician")  # the chat's word for the draw
        shown = grid.grid(table, locale)
        elected = i18n.text("table.outcome.elected", locale, "politician")
        for day, seat in drawn.items():
            last = max(r.round for r in state.rounds if r.day == day)
            row = shown.votes[[(r.day, r.round) for r in state.rounds].index((day, last))]
            assert lot in row.outcome, row
            assert row.outcome.endswith(f"{seat} {_name(state, seat)}"), row
            assert row.outcome != f"{elected}: {seat} {_name(state, seat)}", row  # not a plain vote
        for night in shown.nights:
            assert all(campaign in line for line in night.lines), night
            assert "犠牲者" not in "".join(night.lines)
            assert "died" not in "".join(night.lines)


@pytest.mark.parametrize(("game", "players", "seed"), [("werewolf", 7, 0), ("politician", 6, 29)])
def test_a_vote_that_led_to_a_runoff_says_so(game: str, players: int, seed: int) -> None:
    playout = {"werewolf": werewolf_playout, "politician": politician_playout}[game]
    state = playout.play(playout.seeded_game(players, seed)).final
    rounds = [(r.day, r.round) for r in state.rounds]
    led = [i for i, (day, _) in enumerate(rounds[:-1]) if rounds[i + 1][0] == day]
    assert led, "a vote went to a runoff"
    table = registry()[game].table(state)
    assert table is not None
    for locale, word in (("ja", "決選"), ("en", "runoff")):
        shown = grid.grid(table, locale)
        assert word in i18n.text("table.runoff", locale, game, day=1, n=1)  # a runoff row's label
        for i, row in enumerate(shown.votes):
            assert (word in row.outcome) == (i in led), (row, led)


def _name(state: Any, seat: int) -> str:
    return str(next(p.name for p in state.players if p.seat == seat))


def test_werewolf_s_runoff_candidates_who_may_not_vote_read_x() -> None:
    state = werewolf_playout.play(werewolf_playout.seeded_game(7, 0)).final
    runoffs = [(i, r) for i, r in enumerate(state.rounds) if r.round > 0]
    assert runoffs, "a runoff"
    table = registry()["werewolf"].table(state)
    assert table is not None
    for locale in ("ja", "en"):
        shown = grid.grid(table, locale)
        x = i18n.text("table.blank.frozen", locale, "werewolf")
        for i, r in runoffs:
            cells = dict(zip(shown.voters, shown.votes[i].cells, strict=True))
            assert set(r.candidates) - set(r.voters), "a candidate who may not vote"
            assert all(cells[str(c)] == x for c in set(r.candidates) - set(r.voters)), cells


@pytest.mark.parametrize(("players", "seed", "stop"), [(7, 10, "ErasureGuarded"), (7, 16, "ErasureStopped")])
def test_adazakura_s_table_shows_each_seat_s_side_and_an_erasure_that_was_stopped(
    players: int, seed: int, stop: str
) -> None:
    chooser = adazakura_playout.random_chooser(random.Random(seed))
    state = adazakura_playout.play_with(chooser, seed, players).steps[-1].after
    night, target = -1, None
    for event in state.log:
        if event.kind == "NightOpened":
            night = int(event.data["night"])
        elif event.kind == stop and event.data.get("target") is not None:
            target = int(event.data["target"])
            break
    assert target is not None, "an erasure was stopped"
    table = registry()["adazakura"].table(state)
    assert table is not None
    for locale, megami in (("ja", "メガミ"), ("en", "Megami")):
        shown = grid.grid(table, locale)
        assert shown.headings["role"] == megami
        assert shown.sides
        for seat, p in zip(shown.seats, state.players, strict=True):
            assert seat.side == i18n.render_param(faction_shown(p), locale, "adazakura")  # as end.seat
        label = i18n.text("table.night", locale, "adazakura", n=night)
        entry = next(n for n in shown.nights if n.label == label)
        saved = i18n.text("table.saved", locale, "adazakura")
        assert [line for line in entry.lines if line.startswith(f"{target} ")] == [
            next(line for line in entry.lines if line.startswith(f"{target} ") and saved in line)
        ], entry
        assert i18n.text("table.quiet", locale, "adazakura") not in entry.lines
