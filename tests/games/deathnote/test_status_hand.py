"""``/status`` and ``/hand`` (``deathnote.md`` §11.8, §10): public facts only, plus one's own knowledge."""

from __future__ import annotations

from core.engine.commands import Query
from tests.games.deathnote.table import Heard, Table, heard, table

#: 5p: P1 Police(S), P2 L (exposed), P3 Kira, P4 Follower (recognised), P5 Police(TF) (Fake Name used).
FIVE = ["PS", "L", "K", "F", "PT"]


def game() -> Table:
    return table(5, identities=FIVE, hands=["SV1 EX1", "AR2 IL1", "DN IR1", "FN IL2", "AL SV2"],
                 draw=["EX3", "IR2", "IR3", "EX4", "SV3"], discard=["EX2*", "IL3"], removed=["AR1"],
                 round=3, recognised=True, exposed_l=[2], fake_name_used=[5])  # fmt: skip


def ask(t: Table, seat: int, what: str) -> Heard:
    """A local helper: ``/hand`` is answered in the seat's own chat, ``/status`` to the user."""
    t.step(Query(user_id=t.uid(seat), what=what))  # type: ignore[arg-type]
    [answer] = t.heard
    assert answer.to.kind in ("seat", "user")
    return heard(answer)


def test_11_8_status_shows_public_facts_only() -> None:
    """§11.8 /status: round, next Judgment, active player, exposed L, Fake Names used, pile sizes, FACE_UP
    discards plus the HIDDEN count, Arrests left; no identity and no hand."""
    status = ask(game(), 4, "status").params
    assert (status["round"], status["judgment"], status["draw"], status["hidden"], status["arrests"]) == (
        3, 3, 4, 1, 1,
    )  # fmt: skip
    assert status["discard"] == ["INVESTIGATION_LEFT"]
    lines = status["lines"]
    assert ("status.line.active", {"player": 1}) in lines
    assert ("status.line.exposed_l", {"players": [2]}) in lines
    assert ("status.line.fake_name", {"players": [5]}) in lines
    for secret in ("IDENT_", "DEATH_NOTE", "EXCHANGE"):
        assert secret not in repr(status)


def test_11_8_hand_shows_identity_hand_partner_and_private_facts() -> None:
    """§11.8 /hand: the Follower's own identity, cards and recognised partner; flags are per player."""
    t = game()
    me = ask(t, 4, "me").params
    assert me["identity"] == ("identity.IDENT_FOLLOWER", {})
    assert me["hand"] == ["FAKE_NAME", "INVESTIGATION_LEFT"]
    assert me["partner"] == ("hand.partner", {"player": 3})
    assert me["fake_name"] == ""
    assert ask(t, 5, "me").params["fake_name"] == ("hand.fake_name_used", {})
    assert ask(t, 1, "me").params["partner"] == ""


def test_11_8_hand_lists_what_the_player_learned() -> None:
    """§11.8: after P1 surveils P3, P1's /hand repeats it; nobody else's does."""
    t = game().play(1, "SV1", 3)
    learned = ask(t, 1, "me").params["learned"][1]["lines"]
    assert [line[0] for line in learned] == ["ledger.drew", "surveil.result"]
    others = ask(t, 3, "me").params["learned"]
    assert all(line[0] != "surveil.result" for line in (others[1]["lines"] if others else []))
