"""The recap table of a finished game for each game, on whole games played by the bots:
every seat with its role and fate, every vote as a row whose cells are the ballots the log recorded, the
chosen seat marked, and the nights with their deaths. Each check compares the table with the game's own
log (what the text recap tells), not with the code that built it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.engine import bots
from core.engine import recaptable as rt
from core.engine.rng import Rng
from core.games import registry
from core.i18n import render_param
from tests.property import deathnote_playout, playout, politician_playout, werewolf_playout


def _events(state: Any, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in state.log if e.kind == kind]


def _rendered(table: rt.RecapTable, locale: str) -> list[str]:
    """Every text the table's keys and refs make in ``locale`` (raises KeyError for a missing key)."""
    params: list[Any] = [table.result]
    params += [p for s in table.seats for p in (s.name, s.role, s.fate)]
    params += [row.label for row in table.votes] + [e.label for e in table.timeline]
    params += [d.cause for e in table.timeline for d in e.deaths]
    return [render_param(p, locale, table.game) for p in params]


@pytest.fixture(scope="module")
def werewolf() -> list[Any]:
    return [
        werewolf_playout.play(werewolf_playout.seeded_game(n, seed)).final for n, seed in ((7, 3), (9, 5))
    ]


@pytest.fixture(scope="module")
def politician() -> list[Any]:
    return [politician_playout.play(politician_playout.seeded_game(n, s)).final for n, s in ((7, 3), (13, 0))]


@pytest.fixture(scope="module")
def deathnote() -> list[Any]:
    return [deathnote_playout.play(deathnote_playout.seeded_game(n, s)).final for n, s in ((5, 3), (6, 8))]


@pytest.fixture(scope="module")
def adazakura() -> list[Any]:
    return [playout.play_with(playout.random_chooser(random.Random(s)), s, n).steps[-1].after
            for n, s in ((8, 5), (6, 2))]  # fmt: skip


def test_a_game_without_a_result_has_no_table(werewolf: list[Any]) -> None:
    state = werewolf[0].model_copy(update={"result": None})
    assert registry()["werewolf"].table(state) is None


def test_werewolf_rows_are_the_ballots_and_the_execution_is_marked(werewolf: list[Any]) -> None:
    for state in werewolf:
        table = registry()["werewolf"].table(state)
        assert table is not None
        assert [s.seat for s in table.seats] == [p.seat for p in table_players(state)]
        assert {s.seat: s.role.id for s in table.seats} == {p.seat: p.role for p in table_players(state)}
        assert len(table.votes) == len(state.rounds)
        for row, r in zip(table.votes, state.rounds, strict=True):
            assert {v: c.target for v, c in row.cells.items() if c.target is not None} == r.ballots
            assert {v for v, c in row.cells.items() if c.blank == "none"} == set(r.voters) - set(r.ballots)
        executed = {e["day"]: e["seat"] for e in _events(state, "PlayerExecuted")}
        marked = {row.label.params["day"]: row.outcome_seat for row in table.votes if row.outcome == "exiled"}
        assert marked == executed
        died_at_night = {(e["n"], e["seat"]) for e in _events(state, "PlayerDied") if e["phase"] == "night"}
        shown = {(e.label.params["n"], d.seat) for e in table.timeline if e.label.key == "table.night"
                 for d in e.deaths}  # fmt: skip
        assert shown == died_at_night
        assert set(table.winners) == set(state.winners)
        assert all(_rendered(table, locale) for locale in ("ja", "en"))


def table_players(state: Any) -> list[Any]:
    return ([state.scapegoat] if state.scapegoat else []) + list(state.players)


def test_politician_rows_show_the_chairmans_weight_and_who_was_elected(politician: list[Any]) -> None:
    for state in politician:
        table = registry()["politician"].table(state)
        assert table is not None
        assert len(table.votes) == len(state.rounds)
        for row, r in zip(table.votes, state.rounds, strict=True):
            assert {v: (c.target, c.weight) for v, c in row.cells.items() if c.blank is None} == {
                b.voter: (b.target, b.weight) for b in r.ballots if b.target is not None
            }
        elected = {e["day"]: e["seat"] for e in _events(state, "PlayerElected")}
        voted = {row.label.params["day"] for row in table.votes}
        marked = {
            row.label.params["day"]: row.outcome_seat for row in table.votes if row.outcome == "elected"
        }
        assert marked == {d: s for d, s in elected.items() if d in voted}
        assert [e.label.params["n"] for e in table.timeline] == [n.n for n in state.nights]
        assert all(_rendered(table, locale) for locale in ("ja", "en"))
    weights = {c.weight for s in politician for row in registry()["politician"].table(s).votes
               for c in row.cells.values()}  # fmt: skip
    assert 2 in weights, "a chairman voted in one of the recorded games"


def test_politician_seats_that_could_not_vote_are_marked_not_left_empty(politician: list[Any]) -> None:
    """The legend says × is a seat that could not vote: an elected one, one under the negative campaign
    (§6.8) or out; every seat has a cell in every row (none is left empty)."""
    crossed = 0
    for state in politician:
        table = registry()["politician"].table(state)
        seats = {p.seat for p in state.players}
        for row, r in zip(table.votes, state.rounds, strict=True):
            assert set(row.cells) == seats
            frozen = {v for v, c in row.cells.items() if c.blank == "frozen"}
            assert frozen == seats - {b.voter for b in r.ballots} - set(r.no_ballot)
            assert seats - set(r.voters) <= frozen, "no seat that could not vote is left empty"
            crossed += len(frozen)
    assert crossed, "someone was elected before a later vote in the recorded games"


def test_adazakura_rows_are_the_closed_votes_with_weights_and_the_exile(adazakura: list[Any]) -> None:
    for state in adazakura:
        table = registry()["adazakura"].table(state)
        assert table is not None
        closed = _events(state, "VoteClosed")
        assert len(table.votes) == len(closed)
        for row, d in zip(table.votes, closed, strict=True):
            assert {str(v): c.target for v, c in row.cells.items() if c.target is not None} == {
                k: b for k, b in d["ballots"].items() if isinstance(b, int)
            }
            assert {str(v): c.weight for v, c in row.cells.items() if c.target is not None} == {
                k: int(d["weights"].get(k, 1)) for k, b in d["ballots"].items() if isinstance(b, int)
            }
        exiled = [e["seat"] for e in _events(state, "PlayerDied") if e["cause"] == "exile"]
        assert [row.outcome_seat for row in table.votes if row.outcome == "exiled"] == exiled
        night_deaths = sum(len(e.deaths) for e in table.timeline if e.label.key == "table.night")
        assert night_deaths + sum(
            len(e.deaths) for e in table.timeline if e.label.key != "table.night"
        ) == len(
            [
                e
                for e in state.log
                if e.kind in ("PlayerDied", "DeathPrevented") and e.data.get("cause") != "exile"
            ]
        )
        assert {s.seat for s in table.seats if not s.alive} == {p.seat for p in state.players if not p.alive}
        assert all(_rendered(table, locale) for locale in ("ja", "en"))
    assert any(row.outcome == "exiled" for s in adazakura for row in registry()["adazakura"].table(s).votes)


def test_deathnote_rows_are_the_judgments_and_the_name_that_took_effect(deathnote: list[Any]) -> None:
    for state in deathnote:
        table = registry()["deathnote"].table(state)
        assert table is not None
        judged = _events(state, "JudgmentResolved")
        assert [row.label.params["n"] for row in table.votes] == [d["n"] for d in judged]
        for row, d in zip(table.votes, judged, strict=True):
            assert {str(v): c.target for v, c in row.cells.items() if c.target is not None} == {
                str(k): t for k, t in d["named"].items() if isinstance(t, int)
            }
            taken = d["target"] if d["target"] is not None and not d.get("saved") else None
            assert row.outcome_seat == taken
        out = {e["seat"] for e in _events(state, "PlayerEliminated")}
        assert {s.seat for s in table.seats if not s.alive} == out
        assert all(_rendered(table, locale) for locale in ("ja", "en"))


def test_a_long_game_keeps_its_last_rows() -> None:
    rows = [rt.VoteRow(label=rt.vote(day)) for day in range(1, rt.MAX_ROWS + 6)]
    table = rt.bounded("werewolf", rt.alive(), [], [], rows, [])
    assert table.truncated
    assert table.votes[0].label.params["day"] == 6
    assert len(table.votes) == rt.MAX_ROWS


def test_a_game_without_a_vote_has_a_table_without_rows() -> None:
    """A DEATH NOTE 人狼 game can end before its first Judgment (Kira arrested in round 1): no row at all."""
    assert rt.bounded("deathnote", rt.alive(), [], [], [], []).votes == []
    rules = registry()["deathnote"]
    start = bots.start_bot_game(rules, 6, seed=39)
    state = bots.play_out(rules, start.state, Rng.seeded(39 ^ bots.BOT_SALT), 0, heard=start.notices).state
    assert state.result is not None
    assert not _events(state, "JudgmentResolved")
    table = rules.table(state)
    assert table is not None
    assert table.votes == []
    assert all(_rendered(table, locale) for locale in ("ja", "en"))
