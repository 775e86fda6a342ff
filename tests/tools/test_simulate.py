"""``jinro-gm simulate``: the last output line is one JSON summary an operator or CI can read, a run
replays exactly from its seed, and a table the rules refuse is reported, not crashed on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from handlers.tools.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(["simulate", *args])
    return code, capsys.readouterr().out.splitlines()


def summary(lines: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(lines[-1])
    return data


def test_the_last_line_is_one_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "--game", "adazakura", "--players", "6", "--games", "6", "--seed", "3")
    data = summary(lines)
    assert code == 0
    assert len(lines) == 1
    assert data["games"] == 6
    assert data["finished"] == 6
    assert sum(data["winners"].values()) + data["draws"] == data["finished"]
    assert set(data["winners"]) <= {"sakura", "adazakura"}
    # Yatsuha is always dealt [ADZ-4.2]; each game deals one Megami per seat.
    assert data["roles_dealt"]["yatsuha"] == 6
    assert sum(data["roles_dealt"].values()) == 6 * 6
    assert data["avg_days"] >= 1
    assert data["seconds"] >= 0


def test_verbose_prints_one_line_per_game_then_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = run(capsys, "--players", "5", "--games", "3", "--seed", "9", "-v")
    assert len(lines) == 4
    assert [line.split(":")[0] for line in lines[:3]] == ["game seed=9", "game seed=10", "game seed=11"]
    assert summary(lines)["games"] == 3


def test_a_run_replays_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "--players", "7", "--games", "4", "--seed", "42", "-v")[1]
    second = run(capsys, "--players", "7", "--games", "4", "--seed", "42", "-v")[1]
    assert first[:-1] == second[:-1]
    assert {**summary(first), "seconds": 0} == {**summary(second), "seconds": 0}


def test_a_table_the_rules_refuse_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "--players", "3", "--games", "1")
    assert code == 2
    assert summary(lines) == {"error": "lobby.too_few", "players": 3}
