"""docs/scenarios.md lists every notice key, refusal reason and event type each game can emit, with its
params, generated from the code and the catalogs (:mod:`tests.tools.scenario_reference`): the list must
match the code, and it must name what the scenario files check."""

from __future__ import annotations

from tests.tools.scenario_reference import BEGIN, DOC, END, events, render, updated


def test_the_generated_reference_in_docs_scenarios_is_up_to_date() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert BEGIN in doc
    assert END in doc
    assert doc == updated(doc), "run: python -m tests.tools.scenario_reference"


def test_the_reference_names_notices_events_and_reasons_with_their_params() -> None:
    text = render()
    assert "- `morning.deaths.megami`: `day`, `lines`" in text
    assert "- `VoteClosed`: `ballots`, `day`, `round`, `weights`" in text
    assert "`option.repeat`" in text
    assert "- `ExchangeDeclined`: `card`, `seat`, `target`" in text
    assert events("politician")["NightResolved"] == {"…"}, "data spread from the night record"
