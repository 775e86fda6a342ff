"""霊界表示 (``afterlifeSees``; ``core.engine.afterlife``): off by default; on, a seat arriving in the
霊界 is shown every role in its 1:1 chat and nobody else is; 人狼's reading is [WW-8.3]
``graveyardReveal`` (the dead then stay muted in the group); refused where the platform cannot mute
(``settings["mutes"]`` False: LINE); 徒桜戦争 has none (A08)."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.bots import bot_user
from core.engine.commands import Configure, Join, Say
from core.engine.notice import KeyRef, Notice, RoleRef, player_ref
from core.engine.result import Accepted
from core.engine.table import Member
from core.games import rules_for
from tests.games.afterlife.helpers import bot_steps, reason, with_the_dead

#: Each game's own option of 霊界表示, which ``/option afterlifeSees`` also names.
SEES = {"politician": "afterlifeSees", "deathnote": "afterlifeSees", "werewolf": "graveyardReveal"}
#: The rules spec's id of each game's option (DEATH NOTE 人狼's §11.5 ``spectators``, still accepted, D31).
SPEC = {**SEES, "deathnote": "spectators"}


def lobby(game: str, **settings: Any) -> Any:
    rules = rules_for(game)
    state = rules.new_game(game_id="g", chat_id="c", host=Member(user_id=bot_user(1), name="B1"),
                           settings=dict(settings), seed=1, now=0)  # fmt: skip
    joined = rules.decide(state, Join(user_id=bot_user(1), name="B1"), now=0)
    assert isinstance(joined, Accepted)
    return rules, joined.state


@pytest.mark.parametrize("game", sorted(SEES))
def test_afterlife_sees_names_the_game_s_own_option_and_is_off_by_default(game: str) -> None:
    rules, state = lobby(game)
    assert rules.steps.afterlife is not None
    assert rules.steps.afterlife.sees(state) is False
    on = rules.decide(state, Configure(user_id=bot_user(1), option="afterlifeSees", values=("on",)), now=0)
    assert isinstance(on, Accepted), on
    assert on.state.settings["options"][SEES[game]] is True
    assert rules.steps.afterlife.sees(on.state) is True


@pytest.mark.parametrize("game", sorted(SEES))
@pytest.mark.parametrize("typed", ["afterlifeSees", "spec"])
def test_afterlife_sees_is_refused_where_the_platform_cannot_mute(game: str, typed: str) -> None:
    rules, state = lobby(game, mutes=False)
    name = SPEC[game] if typed == "spec" else typed
    refused = rules.decide(state, Configure(user_id=bot_user(1), option=name, values=("on",)), now=0)
    assert reason(refused) == "afterlife.sees_unmutable"
    off = rules.decide(state, Configure(user_id=bot_user(1), option=name, values=("off",)), now=0)
    assert isinstance(off, Accepted), off


def test_adazakura_has_no_afterlife_sees() -> None:
    """A08: the dead of 徒桜戦争 receive no hidden information (Hagane can bring them back)."""
    rules, state = lobby("adazakura")
    refused = rules.decide(
        state, Configure(user_id=bot_user(1), option="afterlifeSees", values=("on",)), now=0
    )
    assert reason(refused) == "option.unknown"


@pytest.mark.parametrize("game", ["politician", "deathnote"])
def test_a_seat_arriving_in_the_afterlife_is_shown_every_role_and_nobody_else_is(game: str) -> None:
    rules, shown = rules_for(game), list[Notice]()
    for seed in range(1, 60):
        for state, result, _ in bot_steps(game, 6, seed, {"options": {SEES[game]: True}}):
            # the game's 霊界 (政治家人狼's elected arrives after their policy speech, P22)
            afterlife = rules.steps.afterlife
            assert afterlife is not None
            arrived = set(afterlife.listeners(result.state)) - set(afterlife.listeners(state))
            roles = [n for n in result.notices if n.key == "afterlife.roles"]
            if not result.state.is_over:
                assert sorted(s for n in roles for s in n.to.seats) == sorted(arrived)
            expected = [
                KeyRef(
                    key="afterlife.role",
                    params={"player": player_ref(p.seat, p.name), "role": RoleRef(id=p.role)},
                )
                for p in result.state.players
            ]
            for notice in roles:
                assert notice.to.kind == "seat"
                assert notice.params["lines"] == expected
            shown += roles
        if shown:
            break
    assert shown, "no seat arrived in the 霊界 with 霊界表示 on"


@pytest.mark.parametrize("game", ["politician", "deathnote"])
def test_without_afterlife_sees_an_arrival_is_shown_nothing(game: str) -> None:
    g = with_the_dead(game, out=1)
    assert not any(
        n.key == "afterlife.roles" for n in g.send(Say(user_id=g.user(g.out()[0]), text="x")).notices
    )
    assert rules_for(game).steps.afterlife.sees(g.state) is False  # type: ignore[union-attr]


def test_werewolf_mutes_the_dead_while_they_see_every_role() -> None:
    """[WW-10.7]: with 霊界表示 the dead stay muted in the group (speakers are the living)."""
    g = with_the_dead("werewolf", out=1, options={"graveyardReveal": True})
    assert g.rules.speakers(g.state) == set(g.living())
    plain = with_the_dead("werewolf", out=1)
    assert plain.rules.speakers(plain.state) is None


def test_politician_shows_the_afterlife_each_night_s_actions_as_it_resolves() -> None:
    """霊界表示 in 政治家人狼: at dawn every seat in the 霊界 (elected or ``OUT``) gets the night's actions
    (``afterlife.night``, the recap's ``recap.night``), nobody else; without the option, nobody does."""
    seen: list[Notice] = []
    for sees in (True, False):
        for seed in range(1, 30):
            for state, result, _ in bot_steps("politician", 7, seed, {"options": {"afterlifeSees": sees}}):
                told = [n for n in result.notices if n.key == "afterlife.night"]
                resolved = len(result.state.nights) > len(state.nights)
                out = sorted(p.seat for p in result.state.players if not p.alive)
                if not sees or not resolved:
                    assert told == []
                else:
                    assert sorted(s for n in told for s in n.to.seats) == out
                    night = result.state.nights[-1].n
                    assert all(n.params["night"].params["night"] == night for n in told)  # type: ignore[union-attr]
                    seen += told
            if seen or not sees:
                break
    assert seen, "no night resolved with a seat in the 霊界"


def test_deathnote_shows_the_afterlife_each_night_as_it_resolves() -> None:
    """``afterlifeSees`` (霊界表示, §11.5 ``spectators``) in DEATH NOTE 人狼: as a Judgment or Shinigami
    night resolves, every eliminated seat gets its recap line (``afterlife.night``), nobody else; without
    it, nobody does."""
    seen: list[Notice] = []
    for sees in (True, False):
        for seed in range(1, 40):
            for _, result, _ in bot_steps("deathnote", 6, seed, {"options": {"afterlifeSees": sees}}):
                told = [n for n in result.notices if n.key == "afterlife.night"]
                resolved = [e for e in result.events if e.kind in ("JudgmentResolved", "ShinigamiResolved")]
                out = sorted(
                    p.seat for p in result.state.players if not p.alive and p.seat not in result.state.kicked
                )
                if not sees or not resolved or not out:
                    assert told == []
                else:
                    assert sorted(s for n in told for s in n.to.seats) == sorted(out * len(resolved))
                    seen += told
            if seen or not sees:
                break
    assert seen, "no night resolved with an eliminated seat"
