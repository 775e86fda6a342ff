"""Speaking rights in the Telegram group through a scripted 政治家人狼 game (politician.md §6.5, §10.7):
who can post at each phase, as the fake Bot API's member list shows it, with the bot an administrator
allowed to restrict members. Both Lambdas mute through ``tests.e2e.muting.speech_table``.
"""

from __future__ import annotations

import itertools

import pytest

from core.engine.notice import Action
from infra.store import GameStore
from tests.e2e.harness import GROUP, open_and_start
from tests.e2e.muting import choose, muted_seats, speech_table, vote_all
from tests.e2e.politician import GAME
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]


def test_speaking_rights_follow_the_phases_when_the_bot_can_mute(
    api: FakeTelegramApi, store: GameStore
) -> None:
    """Six seats (test mode): only the speaker talks during candidacy, the eligible voters during the
    campaign, the elected player during the policy speech; nobody while ballots are open or at night
    (politician.md §6.5, §10.7)."""
    api.members.promote(GROUP)
    seats = ["human_member", "reporter", "wolf_member", "human_member", "spy", "human_member"]
    table = speech_table(api, store, settings={"setup": {"seats": seats}})
    everyone = set(range(1, 7))
    muted: dict[str, set[int]] = {}
    calls: dict[str, int] = {}

    def at(name: str) -> None:
        muted[name] = muted_seats(table)
        calls[name] = len(api.calls_to("restrictChatMember"))

    open_and_start(table, GAME)
    for seat in everyone:
        at(f"candidacy {seat}")
        choose(table, seat, Action(kind="done"))
    at("campaign 1")
    for seat in everyone:
        choose(table, seat, Action(kind="ready"))
    at("vote 1")
    vote_all(table, {1: 4, 2: 4, 3: 4, 4: 1, 5: 4, 6: 4})  # seat 4 (human) elected
    at("policy 1")
    choose(table, 4, Action(kind="done"))
    at("night 1")
    choose(table, 3, Action(kind="kill", args=(2,)))  # the only wolf: agreed at once
    choose(table, 2, Action(kind="night.investigate", args=(3,)))
    for seat in (1, 5, 6):
        choose(table, seat, Action(kind="night.trust", args=(3,)))
    at("campaign 2")
    for seat in (1, 3, 5, 6):
        choose(table, seat, Action(kind="ready"))
    at("vote 2")
    vote_all(table, {1: 6, 3: 6, 5: 6, 6: 1})  # seat 6 (human): two human seats, the humans win
    at("over")

    assert table.state().result == "human"
    for seat in everyone:
        assert muted[f"candidacy {seat}"] == everyone - {seat}
    assert muted["campaign 1"] == set()
    assert muted["vote 1"] == muted["night 1"] == muted["vote 2"] == everyone
    assert muted["policy 1"] == everyone - {4}
    assert muted["campaign 2"] == {2, 4}  # negative-campaigned, elected
    assert muted["over"] == set()
    assert api.members.muted(GROUP) == set()
    for before, after in itertools.pairwise(muted):
        assert calls[after] - calls[before] == len(muted[before] ^ muted[after]), after
