"""Every rule of ``werewolf.md`` has a test: each rule id ``[WW-…]`` is cited by at least one test (a
scenario file counts), and each of the spec's message ids ([WW-10.8]) has its catalog text in both
languages. Sections that state no rule of their own are listed with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.i18n import has_key

TESTS = Path(__file__).resolve().parents[2]
#: Every section id of werewolf.md, in the spec's order.
RULE_IDS = (
    "WW-0", "WW-0.1", "WW-0.2", "WW-1", "WW-2", "WW-3", "WW-3.1", "WW-3.2", "WW-3.3", "WW-3.4", "WW-4",
    "WW-4.1", "WW-4.2", "WW-4.3", "WW-4.4", "WW-5", "WW-5.1", "WW-5.2", "WW-5.3", "WW-6", "WW-6.1", "WW-6.2",
    "WW-6.3", "WW-6.4", "WW-6.5", "WW-6.6", "WW-6.6.1", "WW-6.6.2", "WW-6.6.3", "WW-6.7", "WW-6.8", "WW-6.9",
    "WW-6.10", "WW-6.10.1", "WW-6.10.2", "WW-6.10.3", "WW-6.10.4", "WW-6.10.5", "WW-6.11", "WW-7", "WW-7.1",
    "WW-7.2", "WW-7.3", "WW-7.4", "WW-7.5", "WW-7.6", "WW-8", "WW-8.1", "WW-8.2", "WW-8.3", "WW-8.4",
    "WW-8.5", "WW-9", "WW-10", "WW-10.1", "WW-10.2", "WW-10.3", "WW-10.4", "WW-10.5", "WW-10.6", "WW-10.7",
    "WW-10.8", "WW-10.9", "WW-10.10", "WW-11", "WW-12", "WW-13",
)  # fmt: skip
#: Sections without a rule of their own: headings whose subsections carry the rules, and prose.
NO_RULE = {
    "WW-0": "how to read the spec", "WW-0.1": "the sources", "WW-1": "a summary of the game",
    "WW-2": "the glossary", "WW-3": "heading of 3.1-3.4", "WW-4": "heading of 4.1-4.4",
    "WW-5": "heading of 5.1-5.3", "WW-6": "heading of 6.1-6.11", "WW-6.6": "heading of 6.6.1-6.6.3",
    "WW-6.10": "heading of 6.10.1-6.10.5", "WW-7": "heading of 7.1-7.6", "WW-8": "heading of 8.1-8.5",
    "WW-9": "the AMB decisions, cited where they apply", "WW-10": "heading of 10.1-10.10",
    "WW-12": "the playthroughs: tests/scenarios/test_ww_12_*.py", "WW-13": "the coverage table of §12",
}  # fmt: skip
#: [WW-10.8] the spec's message ids and the catalog key of each.
MESSAGES = {
    "ANN_CAST": "game.cast", "ANN_NIGHT": "night.start", "ANN_MORNING": "morning.deaths",
    "ANN_NO_VICTIM": "morning.peaceful", "ANN_DAY": "day.start", "ANN_VOTE_RESULT": "vote.result",
    "ANN_RUNOFF": "runoff.open", "ANN_EXECUTED": "vote.executed", "ANN_NO_EXECUTION": "vote.no_execution",
    "ANN_RANDOM_EXECUTION": "vote.random", "ANN_ALSO_DIED": "death.also", "ANN_SUDDEN_DEATH": "death.sudden",
    "ANN_LAST_WORDS": "last_words.said", "ANN_GAME_OVER": "game.over", "PRIV_ROLE": "role.card",
    "PRIV_RANDOM_WHITE": "white.notice", "PRIV_DIVINE": "divine.result", "PRIV_MEDIUM": "medium.result",
    "PRIV_AFK_WARNING": "vote.afk_warning", "PRIV_DEAD": "dead.you",
}  # fmt: skip


def cited() -> str:
    """The text of every test module and scenario file."""
    files = [*TESTS.rglob("*.py"), *(TESTS / "scenarios").glob("*.json")]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


@pytest.mark.parametrize("rule", [r for r in RULE_IDS if r not in NO_RULE])
def test_every_rule_id_is_cited_by_a_test(rule: str) -> None:
    """[WW-12], [WW-13]: a scenario file or test per rule id."""
    text = cited()
    assert f"[{rule}]" in text or f"[{rule} " in text or f"{rule}]" in text, f"no test cites [{rule}]"


@pytest.mark.parametrize(("message", "key"), MESSAGES.items())
def test_every_message_of_the_spec_has_its_text_in_both_languages(message: str, key: str) -> None:
    """[WW-10.8]: each ``ANN_*`` and ``PRIV_*`` is a catalog text, Japanese and English."""
    for locale in ("ja", "en"):
        assert has_key(key, locale, "werewolf"), (message, locale)
