"""The host's Megami pool [ADZ-4.2]: ``/pool`` in the lobby limits the Megami dealt; Yatsuha is always in."""

from __future__ import annotations

from core.engine.commands import Configure, Join, StartGame
from core.engine.notice import RoleRef
from core.engine.result import Accepted, Rejected
from core.games.adazakura.model import AdzState
from core.games.adazakura.roles import implemented
from handlers.messages import TextCommand
from handlers.textcommands import to_command
from tests.games.adazakura.table import RULES, lobby

POOL = ("saine", "himika", "megumi", "shinra")


def configure(state: AdzState, *values: str, user: str = "u1") -> Accepted[AdzState] | Rejected:
    return RULES.decide(state, Configure(user_id=user, option="pool", values=values), now=0)


def test_a_limited_pool_is_the_only_source_of_dealt_megami() -> None:
    for seed in range(12):
        outcome = configure(lobby(5, seed=seed), *POOL)
        assert isinstance(outcome, Accepted)
        started = RULES.decide(outcome.state, StartGame(user_id="u1"), now=0)
        assert isinstance(started, Accepted)
        dealt = {p.megami for p in started.state.players}
        assert dealt == {"yatsuha", *POOL}


def test_the_group_sees_the_pool_with_yatsuha_added() -> None:
    outcome = configure(lobby(4), "saine", "himika", "megumi")
    assert isinstance(outcome, Accepted)
    (notice,) = outcome.notices
    assert notice.key == "lobby.pool.limited"
    assert notice.params["megami"] == [RoleRef(id=m) for m in ("saine", "himika", "yatsuha", "megumi")]


def test_pool_without_values_shows_it_and_all_resets_it() -> None:
    shown = configure(lobby(4))
    assert isinstance(shown, Accepted)
    assert [n.key for n in shown.notices] == ["lobby.pool.all"]
    assert shown.notices[0].params["count"] == len(implemented())
    limited = configure(lobby(4), *POOL)
    assert isinstance(limited, Accepted)
    reset = configure(limited.state, "all")
    assert isinstance(reset, Accepted)
    assert "pool" not in reset.state.settings


def test_a_table_larger_than_the_pool_cannot_start_or_grow() -> None:
    outcome = configure(lobby(5), *POOL)
    assert isinstance(outcome, Accepted)
    joined = RULES.decide(outcome.state, Join(user_id="u6", name="P6"), now=0)
    assert joined == Rejected(reason="lobby.full", params={"max": 5})


def test_only_the_host_in_the_lobby_may_set_the_pool_and_only_known_megami() -> None:
    state = lobby(4)
    assert configure(state, *POOL, user="u2") == Rejected(reason="not_host")
    assert configure(state, "saine", "nobody") == Rejected(reason="pool.unknown", params={"typed": "nobody"})
    assert configure(state, "saine", "himika") == Rejected(reason="pool.too_small", params={"min": 4})
    started = RULES.decide(state, StartGame(user_id="u1"), now=0)
    assert isinstance(started, Accepted)
    assert configure(started.state, *POOL) == Rejected(reason="option.lobby_only")


def test_pool_typed_with_japanese_or_english_names() -> None:
    command = to_command(TextCommand(name="pool", args=("ユリナ", "Saine", "himika")), "u1", private=False,
                         game="adazakura")  # fmt: skip
    assert command == Configure(user_id="u1", option="pool", values=("yurina", "saine", "himika"))
