"""``jinro-gm simulate``: the last output line is one JSON summary an operator or CI can read, a run
replays exactly from its seed, bad arguments are refused up front with a human message, and a closed
output pipe ends the run quietly."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.games import rules_for
from devtools.__main__ import main
from devtools.commands import BROKEN_PIPE

ROOT = Path(__file__).resolve().parents[2]
#: The table sizes adazakura accepts [ADZ-4.1], capped by the implemented Megami.
MIN, MAX = rules_for("adazakura").min_players, rules_for("adazakura").max_players


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
    assert data["cpu_seconds"] > 0
    assert data["games_per_cpu_second"] == pytest.approx(6 / data["cpu_seconds"], rel=0.05)


def test_verbose_prints_one_line_per_game_then_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = run(capsys, "--players", "5", "--games", "3", "--seed", "9", "-v")
    assert len(lines) == 4
    assert [line.split(":")[0] for line in lines[:3]] == ["game seed=9", "game seed=10", "game seed=11"]
    assert summary(lines)["games"] == 3


def test_a_run_replays_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "--players", "7", "--games", "4", "--seed", "42", "-v")[1]
    second = run(capsys, "--players", "7", "--games", "4", "--seed", "42", "-v")[1]
    assert first[:-1] == second[:-1]
    timings = {"seconds": 0, "cpu_seconds": 0, "games_per_cpu_second": 0}
    assert {**summary(first), **timings} == {**summary(second), **timings}


@pytest.mark.parametrize("players", [MIN - 1, MAX + 1])
def test_a_table_size_outside_the_games_range_is_refused_up_front(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    rules = rules_for("adazakura")
    with pytest.raises(SystemExit) as refused:
        main(["simulate", "--players", str(players), "--games", "1"])
    out, err = capsys.readouterr()
    assert refused.value.code == 2
    assert out == ""
    assert f"{rules.min_players} to {rules.max_players} players, not {players}" in err


def test_a_negative_number_of_games_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["simulate", "--games", "-3"])
    assert refused.value.code == 2
    assert "--games" in capsys.readouterr().err


def test_zero_games_is_an_empty_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "--games", "0")
    assert code == 0
    assert summary(lines)["games"] == 0
    assert summary(lines)["finished"] == 0


class _Head(io.StringIO):
    """Stdout piped into ``head -2``: it goes away after two lines."""

    def write(self, text: str) -> int:
        if self.getvalue().count("\n") >= 2:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_piping_into_head_ends_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    head = _Head()
    monkeypatch.setattr("sys.stdout", head)
    assert main(["simulate", "--games", "50", "-v"]) == BROKEN_PIPE
    assert len(head.getvalue().splitlines()) == 2
    assert capsys.readouterr().err == ""


def test_a_real_closed_pipe_prints_no_traceback() -> None:
    # Far more output than a pipe buffers: the tool is still writing when the reader goes away.
    command = [sys.executable, "-m", "devtools", "simulate", "--games", "5000", "-v"]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as tool:
        assert tool.stdout is not None
        assert tool.stderr is not None
        first = [tool.stdout.readline(), tool.stdout.readline()]
        tool.stdout.close()
        err = tool.stderr.read()
        tool.wait(timeout=120)
    assert all(line.startswith(b"game seed=") for line in first)
    assert err == b""
    assert tool.returncode == BROKEN_PIPE
