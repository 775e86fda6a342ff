"""徒桜戦争's host options through ``/option`` in the lobby: the phase timers [ADZ-11.8], the
Adazakura-side count ``k`` [ADZ-4.3], Shinra's ``shinra_k`` (A37) and the original text's readings
(``settings.RULES``) with their ``printed`` preset, shown by a bare ``/option``."""

from __future__ import annotations

import pytest

from core.engine.commands import Configure, StartGame
from core.engine.notice import KeyRef
from core.engine.result import Accepted, Rejected
from core.games.adazakura import RULES
from core.games.adazakura.model import AdzState
from core.games.adazakura.settings import OPTIONS, rule, shinra_k, timer
from core.games.adazakura.settings import RULES as READINGS
from core.i18n import render
from tests.games.adazakura.table import lobby

NOW = 1_000


def option(state: AdzState, name: str, *values: str) -> Accepted[AdzState] | Rejected:
    return RULES.decide(state, Configure(user_id="u1", option=name, values=values), now=0)


def set_options(state: AdzState, **values: str) -> AdzState:
    for name, value in values.items():
        done = option(state, name, value)
        assert isinstance(done, Accepted), done
        state = done.state
    return state


def start(state: AdzState) -> Accepted[AdzState] | Rejected:
    return RULES.decide(state, StartGame(user_id="u1"), now=NOW)


def test_bare_option_lists_every_timer_k_shinra_k_and_the_pool() -> None:
    shown = option(lobby(4), "")
    assert isinstance(shown, Accepted)
    (notice,) = shown.notices
    assert notice.key == "lobby.options"
    lines = notice.params["options"]
    assert isinstance(lines, list)
    assert [line.params["option"] for line in lines if isinstance(line, KeyRef)] == [
        "night0", "night", "discussion", "vote", "runoff", "deduction", "dayEnds", "k", "shinra_k",
        *READINGS, "afterlife",
    ]  # fmt: skip
    text = render(notice, "ja", "adazakura")
    assert "discussion = 300" in text
    assert "メガミ" in text
    assert "・w3_nightly = off (ライラの風3を2晩続けて使える。原作では on)" in text
    assert "・draw_valve = on (8回続けて誰も死なないか30日目で引き分けにする。原作では off)" in text
    assert "・プリセット: 標準" in text


def test_preset_printed_turns_every_reading_to_the_original_text_and_default_turns_them_back() -> None:
    printed = set_options(lobby(4), preset="printed")
    assert {name: rule(printed, name) for name in READINGS} == {name: not on for name, on in READINGS.items()}
    shown = option(printed, "")
    assert isinstance(shown, Accepted)
    text = render(shown.notices[0], "en", "adazakura")
    assert "• Preset: as printed" in text
    assert "• w3_nightly = on (Raira may use wind 3 two nights in a row; as printed)" in text
    back = set_options(set_options(printed, discussion="240"), preset="default")
    assert {name: rule(back, name) for name in READINGS} == READINGS
    assert back.settings["options"] == {"discussion": 240}


def test_one_reading_changed_by_hand_makes_a_custom_preset() -> None:
    state = set_options(lobby(4), w3_nightly="on")
    shown = option(state, "")
    assert isinstance(shown, Accepted)
    assert shown.notices[0].params["preset"] == KeyRef(
        key="preset.line", params={"preset": KeyRef(key="preset.custom")}
    )


def test_an_unknown_preset_is_refused_with_the_three_words() -> None:
    assert option(lobby(4), "preset", "house") == Rejected(
        reason="option.invalid", params={"option": "preset", "allowed": "default / printed / long"}
    )


def test_night_0_lasts_as_long_as_the_host_set() -> None:
    started = start(set_options(lobby(5), night0="90"))
    assert isinstance(started, Accepted)
    assert started.state.deadline_at == NOW + 90


def test_the_option_wins_over_the_older_timers_setting_which_still_applies() -> None:
    old = lobby(5, timers={"night0": 200, "vote": 20})
    assert (timer(old, "night0"), timer(old, "vote")) == (200, 20)
    both = set_options(old, night0="45")
    assert (timer(both, "night0"), timer(both, "vote")) == (45, 20)


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("vote", "5", "15-172800"),
        ("discussion", "long", "30-172800"),
        ("k", "8", "0-7"),
        ("shinra_k", "6", "1-5"),
    ],
)
def test_a_value_out_of_range_is_refused_with_the_range(name: str, value: str, allowed: str) -> None:
    state = lobby(4)
    assert option(state, name, value) == Rejected(
        reason="option.invalid", params={"option": name, "allowed": allowed}
    )


def test_an_unknown_option_is_refused_naming_the_options() -> None:
    refused = option(lobby(4), "dayLength", "5")
    assert isinstance(refused, Rejected)
    assert refused.reason == "option.unknown"
    assert "discussion" in str(refused.params["options"])


def test_k_sets_the_adazakura_side_count_of_the_deal() -> None:
    started = start(set_options(lobby(8), k="3"))
    assert isinstance(started, Accepted)
    assert [p.faction for p in started.state.players].count("adazakura") == 3
    assert started.notices[0].params["k"] == 3


def test_k_zero_is_the_standard_table_even_over_an_older_k_setting() -> None:
    started = start(set_options(lobby(8, k=3), k="0"))
    assert isinstance(started, Accepted)
    assert started.state.k == 2  # floor((8 + 1) / 4) [ADZ-4.3]


def test_a_k_too_large_for_the_table_refuses_the_start_with_the_limit() -> None:
    refused = start(set_options(lobby(8), k="4"))
    assert refused == Rejected(reason="option.k_range", params={"k": 4, "max": 3, "players": 8})


def test_shinra_k_is_the_option_then_the_older_setting_then_3() -> None:
    assert shinra_k(lobby(4)) == 3
    assert shinra_k(lobby(4, shinra_k=2)) == 2
    assert shinra_k(set_options(lobby(4, shinra_k=2), shinra_k="5")) == 5


def test_the_pool_stays_its_own_option() -> None:
    shown = option(lobby(4), "pool", "saine", "himika", "megumi")
    assert isinstance(shown, Accepted)
    assert [n.key for n in shown.notices] == ["lobby.pool.limited"]


def test_every_option_has_a_default_within_its_bounds() -> None:
    for name, default in OPTIONS.defaults.items():
        if name in OPTIONS.clocks:
            assert default == "off", name
            continue
        if isinstance(default, bool):
            assert name in READINGS or name == "afterlife"  # the 霊界 (issue 24) is no printed reading
            continue
        low, high = OPTIONS.bounds[name]
        assert low <= int(default) <= high, name
