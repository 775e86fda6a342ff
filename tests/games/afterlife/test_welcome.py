"""A seat arriving in the 霊界 is told, in its 1:1 chat and in the game's own word for leaving
(政治家人狼 elected or out, DEATH NOTE 人狼 eliminated, 徒桜戦争 dead, as 人狼's ``dead.you`` does), that
``/t`` now writes there, once, while the 霊界 is open; while it is closed nothing of the kind
(``core.engine.afterlife`` ``Afterlife.welcome``). 政治家人狼's elected player arrives after their policy
speech, in which they may still post in the group (§6.7): nothing of the 霊界 reaches them before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.bots import Driver, next_now, start_bot_game
from core.engine.commands import LeftChat
from core.engine.notice import Notice
from core.engine.result import Accepted
from core.engine.rng import Rng
from core.games import rules_for
from handlers.outbox import recipients

#: The catalog key each game tells a seat arriving in the open 霊界, by the seat's way of leaving.
WELCOME = {
    "adazakura": {"dead": "afterlife.you"},
    "deathnote": {"eliminated": "afterlife.you"},
    "politician": {"elected": "afterlife.you.elected", "out": "afterlife.you.out"},
}
SEEDS = range(1, 9)
#: A phase of each game in which a seat may leave the group while the others talk.
DAY = {"campaign", "discussion", "day", "turn", "discuss"}


def steps(game: str, seed: int, options: dict[str, Any]) -> Iterator[tuple[Any, Any, list[Notice]]]:
    """Every accepted step of a seeded 6-seat bot game: (state before, state after, notices). In an odd
    seed the last seat leaves the group in the game's first day phase (out of the game at its end: 政治家人狼
    ``OUT``, the others' sudden death)."""
    rules = rules_for(game)
    state = start_bot_game(rules, 6, seed=seed, settings={"options": options}).state
    driver, now = Driver(rules, Rng.seeded(seed)), 0
    leaving = seed % 2 == 1
    while (command := driver.next_command(state)) is not None and not state.is_over:
        if leaving and state.phase in DAY and state.players[-1].alive:
            command, leaving = LeftChat(user_id=state.players[-1].user_id), False
        now = next_now(state, command, now)
        result = rules.decide(state, command, now=now, legal=driver.legal)
        assert isinstance(result, Accepted), result
        driver.observe(result.notices)
        yield state, result.state, result.notices
        state = result.state


def how_left(game: str, player: Any) -> str:
    return str(getattr(player, "status", "eliminated" if game == "deathnote" else "dead"))


def chat_of(game: str, state: Any, notices: list[Notice], user: str) -> list[str]:
    """The texts ``user``'s 1:1 chat got from ``notices``."""
    rules = rules_for(game)
    mine = [n for n in notices if n.to.kind != "public" and user in recipients(rules, state, n)]
    return [i18n.render(n, "ja", game) for n in mine]


@pytest.mark.parametrize("game", sorted(WELCOME))
def test_a_seat_leaving_the_table_is_told_once_that_t_now_writes_in_the_afterlife(game: str) -> None:
    told: dict[str, int] = {}
    leavers = 0
    for seed in SEEDS:
        welcomed: dict[int, int] = {}
        left: dict[int, str] = {}
        going_on: set[int] = set()  # left while the game went on
        for before, after, notices in steps(game, seed, {"afterlife": True}):
            for p in after.players:
                if not p.alive and before.players[p.seat - 1].alive:
                    left[p.seat] = how_left(game, p)
                    if not after.is_over and p.seat not in after.kicked:
                        going_on.add(p.seat)

            for p in after.players:
                key = WELCOME[game].get(left.get(p.seat, ""), "")
                if key and any(said(key, game) in t for t in chat_of(game, after, notices, p.user_id)):
                    welcomed[p.seat] = welcomed.get(p.seat, 0) + 1
                    told[key] = told.get(key, 0) + 1
        assert all(n == 1 for n in welcomed.values()), (seed, welcomed)
        # never a seat out of the game (kicked, 突然死: not in the 霊界) nor once the game is over
        assert set(welcomed) == going_on, (seed, welcomed, left)
        leavers += len(going_on)
    assert leavers >= len(SEEDS), leavers
    # 政治家人狼's OUT (a lover or traitor kept out, §6.8): the scenario below
    assert set(told) == set(WELCOME[game].values()) - {"afterlife.you.out"}, told
    for key in WELCOME[game].values():
        assert "/t" in i18n.text(key, "ja", game, reveal="")
        assert "/t" in i18n.text(key, "en", game, reveal="")


@pytest.mark.parametrize("game", ["adazakura", "politician", "deathnote"])
def test_a_seat_leaving_a_closed_afterlife_is_not_told_of_t(game: str) -> None:
    for seed in SEEDS:
        for _, after, notices in steps(game, seed, {"afterlife": False}):
            for p in after.players:
                texts = chat_of(game, after, notices, p.user_id)
                assert not [t for t in texts if "/t" in t and "霊界" in t], (seed, p.seat, texts)


def said(key: str, game: str) -> str:
    """The first line of the catalog's ``key``, as the player reads it."""
    return i18n.text(key, "ja", game, reveal="").splitlines()[0]


def test_politician_the_elected_arrives_after_the_policy_speech_and_the_out_at_the_return_step() -> None:
    """§6.7: the elected player may still post a statement in the group during the policy speech, so the
    霊界's welcome, its roles (霊界表示 on) and its words reach them only once it ends (P22); the lover
    campaigned against does not return (§6.8) and is told in the game's word ``退場``."""
    from tests.games.politician.helpers import ballots_for
    from tests.games.politician.table import table

    t = table(afterlifeSees=True, policySpeechSeconds=60)
    t.candidacy()
    t.campaign()
    t.vote(ballots_for(t, 1))  # seat 1 elected on day 1
    assert t.phase == ("policy_speech", 1)
    assert not {"afterlife.you.elected", "afterlife.roles"} & set(t.said(1))
    t.close()  # the speech ends by its timer
    assert arrived(t.said(1)) == ["afterlife.you.elected", "afterlife.roles"]
    t.night({9: 10})  # the wolf campaigns against the lover
    t.campaign()
    t.vote(ballots_for(t, 2))
    assert t.phase == ("policy_speech", 2)
    assert arrived(t.said(2)) == []
    assert arrived(t.said(10)) == []
    t.act(2, "done")  # seat 2 ends the speech; the lover does not return
    assert t.status(10) == "out"
    assert arrived(t.said(10)) == ["afterlife.you.out", "afterlife.roles"]
    assert arrived(t.said(2)) == ["afterlife.you.elected", "afterlife.roles"]


def arrived(keys: list[str]) -> list[str]:
    """The keys of a seat's arrival in the 霊界 among ``keys``, in order."""
    return [k for k in keys if k.startswith("afterlife.you") or k == "afterlife.roles"]
