"""The Kira–Follower relay (``deathnote.md`` §11.4; AMB-46): structured signals by default, free text only
with the house rule, relayed only between the recognised pair at night, "nowhere" otherwise."""

from __future__ import annotations

from typing import Any

from core.engine.commands import Say
from core.engine.result import Accepted, Rejected
from tests.games.deathnote.table import Table, table

#: 5p: P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF).
FIVE = ["PS", "L", "K", "F", "PT"]


def night(**kw: Any) -> Table:
    t = table(5, identities=FIVE, hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN IL2", "AL SV2"],
              draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], round=2, active=5,
              played=[1, 2, 3, 4], **kw).play(5, "SV2", 1)  # fmt: skip
    assert t.phase == ("judgment", 2)
    return t.step()


def say(t: Table, seat: int, text: str) -> Accepted[Any] | Rejected:
    """``seat`` types free text in his 1:1 chat (a local helper: the table has no ``Say`` step)."""
    outcome = t.rules.decide(t.state, Say(user_id=t.uid(seat), text=text), now=t.now)
    if isinstance(outcome, Accepted):
        t.state = outcome.state
        t.heard = list(outcome.notices)
    return outcome


def test_11_4_a_signal_from_kira_reaches_the_follower_silently_and_nobody_else() -> None:
    """§11.4: "points at P5" goes to the Follower without a sound; Kira is told it was sent."""
    t = night().signal(3, "point", 5)
    assert t.told(4) == [("signal.received", {"player": 3, "signal": ("signal.point.said", {"player": 5})})]
    [relayed] = [n for n in t.heard if n.to.seats == (4,)]
    assert relayed.silent
    assert t.said(3) == ["signal.sent"]
    assert t.group() == []
    assert all(t.told(s) == [] for s in (1, 2, 5))


def test_11_4_the_follower_answers_yes_no_and_ask() -> None:
    t = night().signal(4, "yes").signal(4, "no").signal(4, "ask")
    assert [h.params["signal"] for h in t.told(3)] == [
        ("signal.yes.said", {}), ("signal.no.said", {}), ("signal.ask.said", {}),
    ]  # fmt: skip


def test_11_4_anyone_else_has_the_same_buttons_but_the_signal_goes_nowhere() -> None:
    """§11.4: a Police's signal is answered privately with "nowhere"; no one else hears anything."""
    t = night()
    assert {m[0] for m in t.offered(1)} == {m[0] for m in t.offered(3)}
    t.signal(1, "point", 3)
    assert t.said(1) == ["signal.nowhere"]
    assert t.group() == []
    assert all(t.told(s) == [] for s in (2, 3, 4, 5))


def test_11_4_in_4p_kiras_signals_go_nowhere() -> None:
    t = table(4, identities=["PS", "L", "K", "PT"], hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN AL"],
              draw=["IL2", "IR2", "EX2", "EX3", "EX4", "SV2", "SV3"], round=2, active=4,
              played=[1, 2, 3]).play(4, "FN")  # fmt: skip
    t.step().signal(3, "yes")
    assert t.said(3) == ["signal.nowhere"]


def test_11_4_signals_are_closed_outside_night_phases() -> None:
    """§11.4: the relay is open only at night; a signal tap during a turn is refused."""
    t = table(5, identities=FIVE, hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN IL2", "AL SV2"],
              draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], recognised=True)  # fmt: skip
    assert t.refused(3, "signal.yes") == "night.closed"
    assert t.refused(4, "signal.point", 3) == "night.closed"


def test_11_4_amb46_free_text_is_refused_unless_the_house_rule_is_on() -> None:
    """AMB-46: structured signals by default; typed text is refused even at night."""
    t = night()
    outcome = say(t, 3, "P5 is L")
    assert isinstance(outcome, Rejected)
    assert outcome.reason == "signal.closed"


def test_11_4_free_text_is_relayed_silently_between_the_pair_only_at_night() -> None:
    """``signals = free_text``: Kira's text reaches the Follower silently; a Police's goes nowhere; during
    a turn it is refused; over 200 characters it is refused."""
    t = night(options={"signals": "free_text"})
    assert isinstance(say(t, 3, "P5 is L"), Accepted)
    assert t.told(4) == [("signal.text", {"player": 3, "text": "P5 is L"})]
    assert [n.silent for n in t.heard if n.to.seats == (4,)] == [True]
    assert isinstance(say(t, 1, "hello"), Accepted)
    assert t.said(1) == ["signal.nowhere"]
    assert t.told(3) == []
    assert t.told(4) == []
    too_long = say(t, 3, "x" * 201)
    assert isinstance(too_long, Rejected)
    assert too_long.reason == "input.too_long"
    t.close()
    during_turn = say(t, 3, "now?")
    assert isinstance(during_turn, Rejected)
    assert during_turn.reason == "signal.closed"


def test_a_relayed_signal_is_a_change_the_shell_commits() -> None:
    """A signal changes nothing on the table but is part of the game's history (the recap, and a
    redelivered tap must be recognised, not relayed twice): ``decide`` reports it as a change."""
    t = night()
    sent = t.signal(3, "yes").history[-1]
    command = sent[1]
    outcome = t.rules.decide(t.state, command, now=t.now)
    assert isinstance(outcome, Accepted)
    assert outcome.changed
    assert [e.kind for e in outcome.events] == ["SignalSent"]
