"""「もう一回」 in the core (``core.engine.rematch``): who may ask, and the new lobby's members, host and
settings."""

from __future__ import annotations

from typing import Any

from core.engine import rematch
from core.engine.bots import BOT_SALT, bot_user, play_out, start_bot_game
from core.engine.commands import CancelGame, LeftChat
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.engine.table import Member
from core.games import rules_for

SETTINGS = {
    "options": {"discussion": 120, "k": 1},
    "pool": ["yatsuha", "saine", "himika", "megumi", "shinra"],
}


def finished(game: str = "adazakura", players: int = 5, **settings: Any) -> Any:
    rules = rules_for(game)
    start = start_bot_game(rules, players, seed=4, settings=settings)
    return play_out(rules, start.state, Rng.seeded(4 ^ BOT_SALT), 0).state


def again(old: Any, tapper: str) -> Any:
    rules = rules_for(old.game)
    member = old.member(tapper)
    fresh = rules.new_game(
        game_id="g2", chat_id=old.chat_id, host=Member(user_id=tapper, name=member.name),
        settings=rematch.settings_of(old), seed=9, now=50,
    )  # fmt: skip
    return rematch.seat_again(old, fresh, tapper)


def test_only_a_player_of_a_game_that_ended_with_a_result_may_ask() -> None:
    old = finished()
    assert rematch.check(old, bot_user(3)) is None
    assert rematch.check(old, "stranger") == Rejected(reason="rematch.not_player")
    rules = rules_for("adazakura")
    running = start_bot_game(rules, 5, seed=4).state
    assert rematch.check(running, bot_user(1)) == Rejected(reason="rematch.not_ended")
    cancelled = rules.decide(running, CancelGame(user_id=bot_user(1)), now=1)
    assert isinstance(cancelled, Accepted)
    assert rematch.check(cancelled.state, bot_user(1)) == Rejected(reason="rematch.not_ended")


def test_the_rematch_seats_everyone_with_the_same_settings_and_the_tapper_hosts() -> None:
    old = finished(**SETTINGS)
    new = again(old, bot_user(4))
    assert new.phase == "lobby"
    assert new.host == bot_user(4)
    assert [m.user_id for m in new.members] == [m.user_id for m in old.members]
    assert new.settings["options"] == SETTINGS["options"]
    assert new.settings["pool"] == SETTINGS["pool"]
    assert new.players == []


def test_changing_the_rematch_settings_leaves_the_finished_game_alone() -> None:
    old = finished(**SETTINGS)
    new = again(old, bot_user(2))
    new.settings["options"]["discussion"] = 60
    assert old.settings["options"]["discussion"] == 120


def test_an_unreachable_player_stays_marked_and_one_who_left_the_group_is_not_seated() -> None:
    rules = rules_for("politician")
    start = start_bot_game(rules, 6, seed=2)
    left = rules.decide(start.state, LeftChat(user_id=bot_user(5)), now=1)
    assert isinstance(left, Accepted)
    state = left.state.model_copy(update={"unreachable": [bot_user(2)]})
    ended = play_out(rules, state, Rng.seeded(2 ^ BOT_SALT), 1).state
    assert ended.phase == "ended"
    new = again(ended, bot_user(1))
    assert bot_user(5) not in [m.user_id for m in new.members]
    assert len(new.members) == 5
    assert new.unreachable == [bot_user(2)]


def test_the_language_of_the_finished_game_carries_over() -> None:
    old = finished(locale="en")
    assert again(old, bot_user(1)).locale == "en"
