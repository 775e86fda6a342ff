"""霊界 (issue 24 §1; ``core.engine.afterlife``) in every game: what a seat out of the table sends reaches
the others out of the table and the spectators, never a living seat; the ``afterlife`` option closes it."""

from __future__ import annotations

import pytest

from core.engine.commands import Say, SpectatorMuted
from core.engine.notice import PlayerRef
from core.engine.result import Rejected
from handlers.outbox import recipients
from tests.games.afterlife.helpers import GAMES, SPECTATOR, reason, with_the_dead


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_out_of_the_table_reaches_the_other_dead_and_the_spectators_only(game: str) -> None:
    g = with_the_dead(game)
    g.send(SpectatorMuted(user_id=SPECTATOR, muted=True))  # as the Telegram shell does (test_held.py)
    first, *others = g.out()
    said = g.send(Say(user_id=g.user(first), text="狼は3番だった"))
    (relayed,) = [n for n in said.notices if n.key == "afterlife.say"]
    assert relayed.to.kind == "afterlife"
    assert list(relayed.to.seats) == others
    assert relayed.params == {"member": PlayerRef(seat=first, name=g.state.players[first - 1].name),
                              "text": "狼は3番だった"}  # fmt: skip
    chats = recipients(g.rules, g.state, relayed)
    assert sorted(chats) == sorted([g.user(s) for s in others] + [SPECTATOR])
    assert not set(chats) & {g.user(s) for s in g.living()}
    assert [(n.key, n.to.seats) for n in said.notices if n.key == "afterlife.sent"] == [
        ("afterlife.sent", (first,))
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_writes_to_the_dead_and_never_to_the_living(game: str) -> None:
    g = with_the_dead(game)
    said = g.send(Say(user_id=SPECTATOR, text="見てるよ"))
    (relayed,) = [n for n in said.notices if n.key == "afterlife.say.spectator"]
    assert relayed.params == {"name": "Mika", "text": "見てるよ"}
    chats = recipients(g.rules, g.state, relayed)
    assert sorted(chats) == sorted(g.user(s) for s in g.out())  # not back to the spectator
    assert [n.to.user_id for n in said.notices if n.key == "afterlife.sent"] == [SPECTATOR]


@pytest.mark.parametrize("game", GAMES)
def test_the_afterlife_option_off_closes_it_and_changes_nothing(game: str) -> None:
    g = with_the_dead(game, options={"afterlife": False})
    dead = g.out()[0]
    refused = g.decide(Say(user_id=g.user(dead), text="hi"))
    assert isinstance(refused, Rejected)
    # 徒桜戦争 keeps its own word for a dead player's text (A08: not_alive); the others say it is closed.
    assert refused.reason == ("not_alive" if game == "adazakura" else "afterlife.closed")
    from_spectator = g.decide(Say(user_id=SPECTATOR, text="hi"))
    assert reason(from_spectator) == "afterlife.closed"


@pytest.mark.parametrize("game", GAMES)
def test_a_long_text_is_refused(game: str) -> None:
    g = with_the_dead(game, out=1)
    refused = g.decide(Say(user_id=g.user(g.out()[0]), text="あ" * 501))
    assert reason(refused) == "input.too_long"


def test_adazakura_keeps_the_afterlife_closed_by_default() -> None:
    """A08: no graveyard chat in 徒桜戦争 unless the host opens it (docs/rules/adazakura-decisions.md)."""
    from core.games.adazakura.rules import AFTERLIFE
    from core.games.adazakura.settings import OPTIONS

    assert OPTIONS.defaults["afterlife"] is False
    g = with_the_dead("adazakura", out=1)
    g.state.settings["options"].pop("afterlife")
    assert not AFTERLIFE.enabled(g.state)
    refused = g.decide(Say(user_id=g.user(g.out()[0]), text="hi"))
    assert reason(refused) == "not_alive"


@pytest.mark.parametrize("game", ["politician", "deathnote", "werewolf"])
def test_the_afterlife_is_open_by_default_where_the_rules_allow_it(game: str) -> None:
    from core.games import rules_for

    assert rules_for(game).steps.afterlife is not None
    g = with_the_dead(game, out=1)
    g.state.settings["options"].pop("afterlife", None)
    said = g.send(Say(user_id=g.user(g.out()[0]), text="hi"))
    assert [n.key for n in said.notices] == ["afterlife.say", "afterlife.sent"]
