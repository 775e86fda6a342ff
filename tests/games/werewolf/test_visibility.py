"""What each seat sees in classic 人狼: [WW-8.1] who learns what, [WW-8.2] the no-tell rules (one prompt
text, nothing public at night, /status without roles, the 疑う report), [WW-8.3] the 霊界, [WW-8.4] the
team chats, [WW-8.5] the group's view, [WW-10.7] muting the dead, [WW-5.3] the derived sets."""

from __future__ import annotations

from core.engine.commands import Say, Watch
from core.engine.result import Rejected
from tests.games.werewolf.table import C9, K13, RULES, Table, table


def said_by(t: Table, seat: int, text: str) -> str | None:
    """``seat``'s ``/t text`` now: None when relayed, else the refusal reason."""
    result = RULES.decide(t.state, Say(user_id=t.uid(seat), text=text), now=t.now)
    if isinstance(result, Rejected):
        return result.reason
    t.state, t.heard = result.state, result.notices
    return None


def test_the_group_hears_nothing_during_the_night() -> None:
    """[WW-8.5]: after ``ANN_NIGHT`` nothing public until the morning (no progress counter)."""
    t = table(C9, rng=[0])
    t.step()
    for seat in range(1, 10):
        t.tap(seat, *t.offered(seat)[0])
        if t.state.phase != "night":
            break
        assert t.public() == []


def test_every_night_acknowledgement_is_the_same_text() -> None:
    """[WW-8.2] item 1, [WW-10.3]: 「確定: P05」 for 占う, 守る and 疑う alike."""
    t = table(C9, rng=[0])
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    t.words()
    t.step()
    for seat, target in ((4, 1), (6, 1), (1, 2)):
        t.tap(seat, t.verb(seat), target)
    keys = {(h.key, tuple(h.params)) for s in (4, 6, 1) for h in t.private(s)}
    assert keys == {("night.saved", ("target",))}


def test_status_shows_the_living_and_the_dead_without_roles_or_causes() -> None:
    """[WW-8.2] item 4, [WW-10.5]: public information only; during a vote how many have voted (the group's
    「k / n人が投票済み」)."""
    t = table(C9, rng=[0])
    t.night()
    t.discussion()
    t.vote([(1, 9)], close=False)
    status = t.ask(2, "status").params
    assert status["progress"] == ("status.progress", {"voted": 1, "voters": 9})
    t.vote([(v, 9) for v in range(2, 9)] + [(9, 1)])
    t.words()
    status = t.ask(2, "status").params
    assert status["living"] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert status["dead"] == ("status.dead", {"players": [9]})


def test_the_suspicion_report_names_the_most_suspected_living_player() -> None:
    """[WW-8.2] item 1 (AMB-50) ``suspicionReport``: the morning names the player most named by 疑う."""
    t = table(C9, rng=[0], suspicionReport=True)
    t.night({1: 3, 2: 3, 3: 2, 5: 3})
    assert t.first("morning.suspected").params == {"player": 3}


def test_the_dead_talk_among_themselves_and_the_living_never_hear_it() -> None:
    """[WW-8.3] (AMB-49), [WW-10.6]: a dead player's ``/t`` reaches only the other dead; ``PRIV_DEAD`` on
    death."""
    t = table(C9, rng=[0])
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    t.words()
    assert t.first("dead.you", 9).params == {"reveal": ""}
    t.night({7: 1, 8: 1})
    assert t.first("dead.you", 1)
    assert said_by(t, 9, "狼は7") is None
    assert [(n.to.kind, n.to.seats) for n in t.heard if n.key == "afterlife.say"] == [("afterlife", (1,))]


def test_graveyard_reveal_shows_the_dead_every_role_and_each_later_night() -> None:
    """[WW-8.3] ``graveyardReveal`` (AMB-48): on arrival every seat's role; after each later night, its
    actions."""
    t = table(C9, rng=[0], graveyardReveal=True)
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    t.words()
    reveal = t.first("dead.you", 9).params["reveal"]
    assert reveal[0] == "grave.roles"
    assert [line[1]["role"] for line in reveal[1]["lines"]] == C9
    t.night({7: 1, 8: 1, 4: 7})
    [night] = [n for n in t.heard if n.key == "grave.night"]
    assert night.to.seats == (9,)


def test_the_executed_player_learns_nothing_of_the_graveyard_before_their_last_words() -> None:
    """[WW-6.9] with [WW-8.3] (AMB-48, AMB-49): the last words go to the living, so until they are said the
    executed player gets neither 霊界表示's roles nor the other dead's words; then they arrive in the 霊界."""
    t = table(C9, rng=[0], graveyardReveal=True)
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    assert t.state.phase == "last_words"
    assert "dead.you" not in t.said(9), "no role list before the last words"
    t.step(Watch(user_id="tg:999", name="Mika"))
    alone = t.rules.decide(t.state, Say(user_id="tg:999", text="狼は7"), now=t.now)
    assert isinstance(alone, Rejected), "nobody in the 霊界 would read it: refused, never 'sent' and dropped"
    assert alone.reason == "afterlife.nobody"
    t.step(Watch(user_id="tg:998", name="Ren"), Say(user_id="tg:999", text="狼は7"))  # a spectator writes
    [relayed] = [n for n in t.heard if n.key == "afterlife.say.spectator"]
    assert 9 not in relayed.to.seats, "the 霊界 does not reach the executed before the last words"

    t.words("さようなら")

    assert t.first("last_words.said").params["text"] == "さようなら"
    reveal = t.first("dead.you", 9).params["reveal"]
    assert reveal[0] == "grave.roles", "the roles come once the last words are said"


def test_the_dead_are_not_told_of_a_graveyard_chat_that_is_closed() -> None:
    """AMB-49 with ``afterlife`` off (docs/rules/werewolf-decisions.md): no /t line in ``PRIV_DEAD``."""
    t = table(C9, rng=[0], afterlife=False)
    t.night()
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    t.words()
    assert t.first("dead.you.closed", 9)
    assert "dead.you" not in t.said(9)


def test_team_chats_follow_the_team_chat_option() -> None:
    """[WW-8.4] (AMB-52): the wolves at night by default; never by day; ``all`` adds the masons' and the
    foxes' chats; ``none`` only the proposal relay; never the fanatic or the immoralist."""
    t = table(K13, rng=[0])
    assert said_by(t, 9, "P1?") is None
    assert [n.to.seats for n in t.heard if n.key == "team.say"] == [(10,)]
    assert said_by(t, 7, "hi") == "team.closed"
    assert said_by(t, 11, "hi") == "team.closed"
    t.night()
    assert said_by(t, 9, "P1?") == "team.closed"
    everyone = table(K13, rng=[0], teamChat="all")
    assert said_by(everyone, 7, "hi") is None
    assert [n.to.seats for n in everyone.heard if n.key == "team.say"] == [(8,)]
    assert said_by(everyone, 12, "hi") is None
    assert said_by(everyone, 13, "hi") == "team.closed"
    nobody = table(K13, rng=[0], teamChat="none")
    assert said_by(nobody, 9, "P1?") == "team.closed"


def test_the_dead_are_muted_only_with_strict_mute() -> None:
    """[WW-10.7]: nobody is muted by default; with ``strictMute`` the living may speak."""
    t = table(C9, rng=[0])
    assert RULES.speakers(t.state) is None
    strict = table(C9, rng=[0], strictMute=True)
    strict.night()
    strict.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    assert RULES.speakers(strict.state) == set(range(1, 9))


def test_the_scapegoat_is_living_only_during_night_zero() -> None:
    """[WW-5.3]: 身代わり君 counts among the living on Night 0 only; he is never a seat of the table."""
    t = table(["villager", "villager", "seer", "werewolf", "madman"], scapegoat="knight", rng=[0])
    assert t.state.scapegoat is not None
    assert t.state.scapegoat.alive
    assert sorted(RULES.seats(t.state)) == [1, 2, 3, 4, 5]
    t.night()
    assert not t.state.scapegoat.alive
