"""The scenario tool's checks of state and order (docs/scenarios.md): vote tallies, the deck, hands, piles
and removed cards, the CO and seat boards, timers, the order of lines within a step; and its ways to
script: the host's ``/option`` commands, a refused ballot then a valid one, DEATH NOTE 人狼 setups with
eliminated seats or at a round's end, expectations that see their phase from its opening, and a warning
instead of firing the timer of a following phase with the same id. Each check is shown holding and
failing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from devtools.__main__ import main
from devtools.scenario import Runner, Scenario

#: 徒桜戦争, five seats: Kamui's ballot weighs 3 [ADZ-8.3]; Renri removes the deck's top card at O3.
ADZ: dict[str, Any] = {
    "game": "adazakura",
    "players": ["A", "B", "C", "D", "E"],
    "setup": {
        "seats": ["yatsuha/A", "kamui/S", "shinra/S", "megumi/S", "renri/-"],
        "deck": ["yurina", "saine", "himika"],
    },
    "script": [
        {"phase": "night", "n": 0},
        {"phase": "day", "n": 1, "co": {"5": "yurina"}, "votes": {"2": 5, "3": 5, "4": 1}},
    ],
}
#: DEATH NOTE 人狼 Test 6's table (§13): round 2, seats 1-3 have played, seat 4 draws EX3.
DN: dict[str, Any] = {
    "game": "deathnote",
    "players": ["A", "B", "C", "D"],
    "setup": {
        "identities": ["IDENT_KIRA", "IDENT_POLICE_SOICHIRO", "IDENT_L", "IDENT_POLICE_TASKFORCE"],
        "hands": [["DN", "SV1"], ["FN", "EX1"], ["AR1", "EX2"], ["AL", "SV2"]],
        "draw": ["EX3", "SV3", "EX4"],
        "discard": ["IL1", "IL2", "IR1", "IR2"],
        "round": 2,
        "active": 4,
        "played": [1, 2, 3],
        "shuffle": "noop",
    },
    "script": [
        {"phase": "turn", "n": 2, "actions": {"4": ["play.EXCHANGE", 2]}, "close": False},
        {"phase": "exchange_take", "actions": {"2": ["pick", "FAKE_NAME"]}, "close": False},
        {"phase": "exchange_give", "actions": {"4": ["give", "ALIBI"]}, "close": False},
    ],
}
#: 政治家人狼, five seats with the chairman (seat 3, a ballot of weight 2, §6.6.3).
POL: dict[str, Any] = {
    "game": "politician",
    "players": ["A", "B", "C", "D", "E"],
    "setup": {"seats": ["wolf_member", "human_member", "chairman", "human_member", "reporter"]},
    "script": [
        {"phase": "candidacy", "actions": {str(s): ["done"] for s in range(1, 6)}, "close": False},
        {"phase": "campaign"},
        {
            "phase": "vote",
            "actions": {
                "1": ["vote", 2],
                "2": ["vote", 3],
                "3": ["vote", 4],
                "4": ["vote", 2],
                "5": ["vote", 2],
            },
        },
    ],
}


def play(data: dict[str, Any], *expects: dict[str, Any], step: int | None = None) -> list[dict[str, Any]]:
    """Play ``data`` with ``expects`` added to step ``step`` (1-based; None: the end); the expect lines."""
    data = copy.deepcopy(data)
    target = data if step is None else data["script"][step - 1]
    target["expect"] = [*target.get("expect", []), *expects]
    lines: list[dict[str, Any]] = []
    Runner(Scenario.model_validate(data), lines.append).run()
    return lines


def verdicts(lines: list[dict[str, Any]]) -> list[bool]:
    return [line["ok"] for line in lines if line["type"] == "expect"]


def test_a_tally_has_the_weighted_sums_and_the_visible_counts() -> None:
    right = {"tally": {"day": 1, "round": 0, "weighted": {"5": 4, "1": 1}, "visible": {"5": 2, "1": 1}}}
    weights_as_counts = {"tally": {"day": 1, "weighted": {"5": 2, "1": 1}}}
    assert verdicts(play(ADZ, right, weights_as_counts)) == [True, False]


def test_a_tally_counts_the_chairman_twice_only_in_the_weighted_sums() -> None:
    right = {"tally": {"round": 0, "weighted": {"2": 3, "3": 1, "4": 2}, "visible": {"2": 3, "3": 1, "4": 1}}}
    weights_as_counts = {"tally": {"visible": {"2": 3, "3": 1, "4": 2}}}
    lines = play(POL, right, weights_as_counts, {"tally": {"round": 1}}, step=3)
    assert verdicts(lines) == [True, False, False]
    assert [line["why"] for line in lines if line["type"] == "expect" and not line["ok"]] == [
        "visible: {'2': 3, '3': 1, '4': 1}",
        "no round 1 on day 1",
    ]


def test_the_deck_its_size_and_the_removed_cards() -> None:
    checks = [
        {"deck": ["saine", "himika"]},
        {"deck_size": 2},
        {"removed": ["yurina"]},
        {"deck": ["himika", "saine"]},
    ]
    assert verdicts(play(ADZ, *checks, step=1)) == [True, True, True, False]


def test_hands_the_discard_pile_and_the_draw_pile_of_deathnote() -> None:
    investigations = ["INVESTIGATION_LEFT"] * 2 + ["INVESTIGATION_RIGHT"] * 2
    checks = [
        {"hand": {"seat": 2, "cards": ["ALIBI", "EXCHANGE"]}},
        {"hand": {"seat": 4, "cards": ["SURVEILLANCE", "FAKE_NAME"]}},
        {"discard": [*investigations, "EXCHANGE"]},
        {"deck": ["SURVEILLANCE", "EXCHANGE"]},
        {"removed": []},
        {"hand": {"seat": 2, "cards": ["FAKE_NAME", "EXCHANGE"]}},
    ]
    assert verdicts(play(DN, *checks, step=3)) == [True, True, True, True, True, False]


def test_the_co_board_and_the_seat_board() -> None:
    assert verdicts(play(ADZ, {"board": [{"day": 1, "seat": 5, "megami": "yurina"}]}, {"board": []})) == [
        True,
        False,
    ]
    seat = {"number": 1, "day": 1, "seat": 2, "role": "human_member", "method": "vote"}
    assert verdicts(play(POL, {"board": [seat]}, {"board": [{**seat, "seat": 4}]}, step=3)) == [True, False]


def test_the_seconds_left_on_the_phase_timer() -> None:
    checks = [{"timer": {"phase": "discussion", "seconds": 300}}, {"timer": {"seconds": 299}}]
    assert verdicts(play(ADZ, *checks, step=1)) == [True, False]
    assert verdicts(play(DN, {"timer": {"phase": "judgment", "seconds": 45}}, step=3)) == [True]


def test_lines_in_this_order_within_a_step() -> None:
    ballot = {"notice": {"key": "vote.saved.player", "to": 4}}
    closed = {"event": {"kind": "VoteClosed"}}
    exiled = {"notice": {"key": "exile.done", "params": {"player": 5}}}
    lines = play(ADZ, {"order": [ballot, closed, exiled]}, {"order": [exiled, closed]}, step=2)
    assert verdicts(lines) == [True, False]
    assert [line["why"] for line in lines if line["type"] == "expect" and not line["ok"]] == [
        "item 2 not found after item 1"
    ]


def test_a_refused_ballot_then_a_valid_one_in_the_same_day_step() -> None:
    data = copy.deepcopy(ADZ)
    data["script"][1]["votes"] = {"2": [9, 5], "3": 5, "4": 1}
    lines = play(data, {"refused": {"seat": 2, "reason": "target.invalid", "action": ["vote", 9]}},
                 {"tally": {"weighted": {"5": 4, "1": 1}}}, step=2)  # fmt: skip
    assert verdicts(lines) == [True, True]


def test_a_step_sees_its_phase_from_the_moment_it_opened() -> None:
    data = copy.deepcopy(ADZ)
    data["script"][1] = {"phase": "day", "n": 1, "votes": {"2": 5, "3": 4}}  # Renri exiled, night 1 opens
    data["script"].append(
        {"phase": "night", "n": 1, "expect": [{"notice": {"key": "night.start", "params": {"night": 1}}},
                                              {"notice": {"key": "night.prompt", "to": 2}},
                                              {"no_notice": {"key": "exile.done"}}]}
    )  # fmt: skip
    lines = play(data)
    assert verdicts(lines) == [True, True, True]
    day_step = next(
        i for i, line in enumerate(lines) if line == {"type": "step", "index": 2, "phase": "day", "n": 1}
    )
    night_step = next(i for i, line in enumerate(lines) if line.get("index") == 3 and line["type"] == "step")
    opened = [i for i, line in enumerate(lines) if line.get("key") == "night.start"]
    assert day_step < opened[-1] < night_step, "the night opened during the day step"


def test_close_warns_instead_of_firing_the_next_turn() -> None:
    # Seat 3 plays a Surveillance: its turn ends at once and seat 4's opens; ``close`` must not fire it.
    data = copy.deepcopy(DN)
    data["setup"] |= {"played": [1, 2], "active": 3, "draw": ["EX3", "EX4", "SV3"]}
    data["setup"]["hands"][2] = ["AR1", "EX2"]
    data["setup"]["hands"][3] = ["AL", "SV2"]
    data["script"] = [{"phase": "turn", "actions": {"3": ["play.SURVEILLANCE", 1]}}]
    data["setup"]["hands"][2], data["setup"]["draw"] = ["AR1", "SV3"], ["EX2", "EX3", "EX4"]
    lines = play(data, {"phase": "turn"}, {"timer": {"seconds": 120}})
    warnings = [line for line in lines if line["type"] == "warning"]
    assert [(w["step"], w["phase"]) for w in warnings] == [(1, "turn")]
    assert not [line for line in lines if line.get("timeout")], "no timer fired"
    assert verdicts(lines) == [True, True]
    assert lines[-1]["warnings"] == 1


def test_deathnote_setups_with_an_eliminated_seat_and_at_a_rounds_end() -> None:
    data = copy.deepcopy(DN)
    data["setup"] |= {
        "hands": [["DN", "SV1"], [], ["AR1", "EX2"], ["AL", "SV2"]],
        "discard": ["FN*", "EX1*", "IL1", "IL2", "IR1", "IR2"],
        "eliminated": [2], "played": [1, 3, 4],
    }  # fmt: skip
    del data["setup"]["active"]
    data["script"] = []
    pile = ["FAKE_NAME*", "EXCHANGE*", *["INVESTIGATION_LEFT"] * 2, *["INVESTIGATION_RIGHT"] * 2]
    screens = [
        {"notice": {"key": "night.judgment", "to": 1}},
        {"no_notice": {"key": "night.judgment", "to": 2}},
    ]
    lines = play(data, {"phase": "judgment"}, {"alive": [1, 3, 4]}, {"discard": pile}, *screens)
    assert verdicts(lines) == [True] * 5


def test_the_hosts_option_commands_are_sent_in_the_lobby(tmp_path: Path) -> None:
    data = copy.deepcopy(ADZ)
    data["configure"] = [["preset", "printed"], ["deck_choices", "off"]]
    lines = play(data, {"removed": []}, {"deck": ["yurina", "saine", "himika"]}, step=1)
    assert verdicts(lines) == [False, False], "deck_choices off again: Renri's removal stays automatic"
    data["configure"] = [["preset", "printed"]]
    lines = play(data, {"removed": []}, {"notice": {"key": "result.renri.seen", "to": 5}}, step=1)
    assert verdicts(lines) == [True, True]
    data["configure"] = [["preset", "house"]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["scenario", str(path)]) == 2


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"w3_nigthly": True}, "unknown option w3_nigthly"),
        ({"draw_valve": 0}, "draw_valve takes true or false"),
    ],
)
def test_options_in_the_settings_are_checked_before_anything_is_played(
    options: dict[str, Any], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**ADZ, "settings": {"options": options}}), encoding="utf-8")
    assert main(["scenario", str(path)]) == 2
    assert said in json.loads(capsys.readouterr().err)["error"]
