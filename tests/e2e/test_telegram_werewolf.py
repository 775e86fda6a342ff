"""A whole classic 人狼 (``werewolf``) game in a Telegram group, played only through webhook updates and
button presses ([WW-10.1]-[WW-10.6] on Telegram).

Nine players (the 9-seat cast every source agrees on) open the deep link of a ``/newgame 人狼`` lobby and
the host starts. From then on every living seat is a bot: in the discussion it presses the group's
「投票へ」, in a vote or at night a random button of its newest keyboard in its 1:1 chat; the executed
player sends last words with ``/t``. The store is the production DynamoStore on moto; game id, game seed
and bot seed are fixed, so the run is the same every time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import core.i18n as i18n
from handlers import outbox
from tests.e2e.harness import GROUP, GROUP_CHAT, NoticeLog, assert_all_delivered, moto_store
from tests.e2e.werewolf import LAST_WORDS, RULES, Bots, Played, WerewolfTable, people, play_whole_game
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: The bots' choices and order.
BOT_SEED = 3
#: Role names that never appear in the group before the end but in the composition ([WW-8.1]); 人狼 is
#: also the game's name, so it is left out.
HIDDEN = ("占い師", "霊媒師", "騎士", "狂人", "村人")


def text(key: str, **params: object) -> str:
    return i18n.text(key, "ja", "werewolf", **params)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    with FakeTelegramApi() as api, moto_store() as store:
        with pytest.MonkeyPatch.context() as patch:
            log = NoticeLog()
            patch.setattr(outbox, "render_notices", log.wrap(outbox.render_notices))
            table = WerewolfTable(api, store, people(9))
            game = play_whole_game(table, log, Bots(table, random.Random(BOT_SEED)))
        yield game


def test_the_game_ends_with_the_camp_that_won(played: Played) -> None:
    state = played.table.state()
    assert state.phase == "ended"
    assert state.result in ("village", "werewolf", "fox", "draw")
    camp = {"villager": "village", "seer": "village", "medium": "village", "knight": "village",
            "werewolf": "werewolf", "madman": "werewolf"}  # fmt: skip
    assert state.winners == [p.seat for p in state.players if camp[p.role] == state.result]
    phases = {phase for phase, _, _ in played.bots.log}
    assert {"night", "discussion", "vote"} <= phases
    assert ("discussion", 1, "acted") in played.bots.log, "a majority of 「投票へ」 ended the discussion"
    assert ("night", 0, "acted") in played.bots.log, "everyone answered: the night closed early"


def test_every_private_button_was_legal_and_every_notice_reached_its_chats(played: Played) -> None:
    assert played.table.offers
    assert [(o.player.name, o.tap) for o in played.table.offers if not o.legal] == []
    assert_all_delivered(played.table, played.notices)


def test_every_living_player_got_the_same_night_prompt(played: Played) -> None:
    """[WW-8.2]: on Night 1 all living players read the same text; only their buttons differ."""
    prompt = text("night.prompt", night=1)
    got = [p for p in played.table.people if any(prompt in t for t in played.table.sent_to(p.chat))]
    assert len(got) >= 2
    assert {s.key for s in played.notices.said if prompt == s.body} == {"night.prompt"}


def test_the_group_never_read_a_role_before_the_end(played: Played) -> None:
    group = played.table.sent_to(GROUP)
    start = next(i for i, t in enumerate(group) if t.startswith("🐺 人狼を始めます"))
    end = next(i for i, t in enumerate(group) if "🏁" in t)
    assert [t for t in group[start + 1 : end] if any(name in t for name in HIDDEN)] == []


def test_proposals_and_last_words_went_where_the_spec_says(played: Played) -> None:
    """[WW-6.10.2] the proposals only to the other wolves; [WW-6.9] last words posted in the group."""
    state = played.table.state()
    wolves = {p.user_id for p in state.players if p.role == "werewolf"}
    relays = [s for s in played.notices.said if s.key == "night.proposal"]
    assert all(set(s.chats) <= wolves for s in relays)
    if any(phase == "last_words" for phase, _, _ in played.bots.log):
        assert any(LAST_WORDS in t for t in played.table.sent_to(GROUP))
    assert GROUP_CHAT not in {c for s in played.notices.said if s.key.startswith("divine.") for c in s.chats}
    assert RULES.id == "werewolf"
