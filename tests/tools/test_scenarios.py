"""Every scenario file in tests/scenarios/ plays through the runner with all its expectations met (adding
a file adds a test), and the runner's verdicts are ones an operator can rely on: a broken expectation, a
script out of step with the game, or an unusable file each give a non-zero exit code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.games import registry
from devtools.__main__ import main
from devtools.scenario import Runner, Scenario, load

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
FILES = sorted([*SCENARIOS.glob("*.json"), *SCENARIOS.glob("*.yaml")])
#: The game ids a refusal lists as known.
KNOWN = ", ".join(sorted(registry()))


def play(scenario: Scenario) -> tuple[bool, list[dict[str, Any]]]:
    lines: list[dict[str, Any]] = []
    return Runner(scenario, lines.append).run(), lines


def t01() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / "t01.json").read_text(encoding="utf-8"))
    return data


def test_the_spec_scenario_t01_is_among_the_files() -> None:
    assert SCENARIOS / "t01.json" in FILES


@pytest.mark.scenario
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_file_meets_its_expectations(path: Path) -> None:
    ok, lines = play(load(path))
    problems = [
        line for line in lines if line["type"] == "error" or (line["type"] == "expect" and not line["ok"])
    ]
    assert ok, "\n".join(json.dumps(p, ensure_ascii=False) for p in problems)
    assert lines[-1]["type"] == "summary"
    assert lines[-1]["checks"] > 0


def test_a_refused_scripted_action_is_printed_and_the_game_goes_on() -> None:
    ok, lines = play(load(SCENARIOS / "t01.json"))
    refused = [line for line in lines if line["type"] == "refused"]
    assert ok
    assert {"type": "refused", "seat": 2, "reason": "target.repeat", "action": ["night.mizuki", 3]} in refused
    assert lines[-1]["phase"] == "discussion"


def test_a_wrong_expectation_fails_the_run() -> None:
    data = t01()
    data["script"][3]["actions"] = {}  # night 1 without Mizuki's guard: Saine's immunity is spent instead
    ok, lines = play(Scenario.model_validate(data))
    failed = [line for line in lines if line["type"] == "expect" and not line["ok"]]
    assert not ok
    assert {"event": {"kind": "ErasureStopped", "data": {"step": "K4"}}} in [f["check"] for f in failed]


def test_a_script_out_of_step_with_the_game_stops_with_an_error() -> None:
    data = t01()
    data["script"][2]["n"] = 2  # the game is at day 1
    ok, lines = play(Scenario.model_validate(data))
    assert not ok
    assert {"type": "error", "step": 3, "expected": ["discussion", 2], "actual": ["discussion", 1]} in lines


def test_every_notice_line_names_its_audience() -> None:
    _, lines = play(load(SCENARIOS / "t01.json"))
    audiences = {line["to"].partition(":")[0] for line in lines if line["type"] == "notice"}
    assert audiences == {"public", "seat", "team"}


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = t01()
    broken["script"][3]["actions"] = {}
    (tmp_path / "broken.json").write_text(json.dumps(broken), encoding="utf-8")
    (tmp_path / "typo.json").write_text(json.dumps({**t01(), "scirpt": []}), encoding="utf-8")
    assert main(["scenario", str(SCENARIOS / "t01.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert all(json.loads(line)["type"] for line in out)
    assert json.loads(out[-1])["ok"] is True
    assert main(["scenario", str(tmp_path / "broken.json")]) == 1
    assert main(["scenario", str(tmp_path / "typo.json")]) == 2
    assert "scirpt" in capsys.readouterr().err


def test_lang_adds_the_rendered_text() -> None:
    lines: list[dict[str, Any]] = []
    Runner(load(SCENARIOS / "t01.json"), lines.append, lang="en").run()
    notices = [line for line in lines if line["type"] == "notice"]
    assert all(line["text"] and not line["text"].startswith("[") for line in notices)


def _unknown_megami(data: dict[str, Any]) -> None:
    data["setup"]["seats"][1] = "foo/S"


def _unknown_game(data: dict[str, Any]) -> None:
    data["game"] = "chess"


def _empty_action(data: dict[str, Any]) -> None:
    data["script"][3]["actions"] = {"2": []}


def _text_rng(data: dict[str, Any]) -> None:
    data["setup"]["rng"] = ["x"]


def _negative_timer(data: dict[str, Any]) -> None:
    data["settings"] = {"timers": {"night": -5}}


def _text_shinra_k(data: dict[str, Any]) -> None:
    data["settings"] = {"shinra_k": "x"}


def _large_shinra_k(data: dict[str, Any]) -> None:
    data["settings"] = {"shinra_k": 9}


@pytest.mark.parametrize(
    ("change", "said"),
    [
        pytest.param(_unknown_megami, ["seat 2", "foo/S", "unknown Megami"], id="unknown-megami"),
        pytest.param(_unknown_game, [f"unknown game chess (known: {KNOWN})"], id="unknown-game"),
        pytest.param(_empty_action, ["step 4", "seat 2", "[kind, *args]"], id="empty-action"),
        pytest.param(_text_rng, ["setup.rng"], id="text-rng"),
        pytest.param(_negative_timer, ["settings.timers.night", "greater than 0"], id="negative-timer"),
        pytest.param(_text_shinra_k, ["settings.shinra_k"], id="text-shinra-k"),
        pytest.param(_large_shinra_k, ["settings.shinra_k"], id="large-shinra-k"),
    ],
)
def test_an_unusable_file_is_refused_before_anything_is_played(
    change: Any,
    said: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    recwarn: pytest.WarningsRecorder,
) -> None:
    data = t01()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["scenario", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    reason = json.loads(err)["error"]
    assert [words for words in said if words not in reason] == []
    assert [str(w.message) for w in recwarn if issubclass(w.category, UserWarning)] == []
