"""Scenario files of any registered game: a step may name any phase id of the game (政治家人狼's
``candidacy``, ``campaign``, ``vote`` …) and takes ``actions``; fields of 徒桜戦争's ``night``/``day`` steps
are refused elsewhere with one line, before anything is played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.games import registry
from devtools.__main__ import main
from devtools.scenario import Runner, load

pytestmark = pytest.mark.skipif("politician" not in registry(), reason="the politician core is not there")

#: Five seats; every candidacy turn closes by its timer, two seats are ready, then seat 2 is elected.
ELECTION: dict[str, Any] = {
    "game": "politician",
    "title": "day 1: candidacy, campaign and a vote that elects seat 2",
    "players": ["A", "B", "C", "D", "E"],
    "setup": {"seats": ["wolf_member", "human_member", "human_member", "human_member", "reporter"]},
    "script": [
        {"phase": "candidacy", "actions": {"1": ["done"]}, "close": False},
        *[{"phase": "candidacy"} for _ in range(4)],
        {"phase": "campaign", "actions": {"1": ["ready"], "2": ["ready"]}},
        {
            "phase": "vote",
            "actions": {"1": ["vote", 2], "2": ["vote", 3], **{str(s): ["vote", 2] for s in (3, 4, 5)}},
            "expect": [{"event": {"kind": "PlayerElected", "data": {"seat": 2}}}],
        },
    ],
    "expect": [{"phase": "policy_speech"}],
}


def _file(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_steps_name_the_games_own_phases(tmp_path: Path) -> None:
    lines: list[dict[str, Any]] = []
    assert Runner(load(_file(tmp_path, ELECTION)), lines.append).run()
    assert [line for line in lines if line["type"] in ("error", "refused")] == []
    closed = [line["timeout"] for line in lines if line.get("timeout")]
    assert closed[:4] == ["candidacy"] * 4, "each candidacy step closed its phase by the timer"
    assert lines[-1]["phase"] == "policy_speech"


def test_a_step_out_of_step_with_the_game_stops_the_run(tmp_path: Path) -> None:
    data = {**ELECTION, "script": [{"phase": "vote"}], "expect": []}
    lines: list[dict[str, Any]] = []
    assert not Runner(load(_file(tmp_path, data)), lines.append).run()
    assert [line["actual"][0] for line in lines if line["type"] == "error"] == ["candidacy"]


def test_a_field_of_another_kind_of_step_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {**ELECTION, "script": [{"phase": "campaign", "co": {"1": "reporter"}}]}
    assert main(["scenario", str(_file(tmp_path, data))]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "co (only in a day step)" in json.loads(err)["error"]
