"""Kanae 「物語の終幕を」 [ADZ-9.20], [ADZ-10.2]: who may deduce (A44, A71), the optional public reveal
(A73), the list of N − 1 distinct Megami (never her own), success, failure, timeout, and the re-check of
later deducers after a success. Seals and shifts have ended with the game (A55)."""

from __future__ import annotations

import pytest

from core.engine.commands import Act
from core.engine.notice import Action
from core.engine.result import Rejected
from core.games.adazakura.model import Seal
from core.i18n import render_key
from handlers import menu
from handlers.messages import Tap
from handlers.telegram import callback
from tests.games.adazakura.table import RULES, Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 saine/A · 3 kanae/S · 4 shinra · 5 megumi: exiling 4 on Day 1 gives the Adazakura side
#: parity (A = 2, S = 2) with the Sakura Kanae alive.
SAKURA_KANAE = "yatsuha/A saine/A kanae/S shinra/S megumi/S"
TRUTH = {1: "yatsuha", 2: "saine", 4: "shinra", 5: "megumi"}


def adazakura_win(seats: str = SAKURA_KANAE, exile: int = 4) -> Table:
    t = table(seats).night().discuss()
    voters = [p.seat for p in t.state.players if p.seat != exile]
    return t.vote(dict.fromkeys(voters, exile))


def answer(t: Table, seat: int, picks: dict[int, str], *, submit: bool = True) -> Table:
    for target, megami in picks.items():
        t.act(seat, "deduce.pick", target, megami)
    return t.act(seat, "deduce.submit") if submit else t


def ending(t: Table) -> tuple[str, list[int], list[tuple[str, dict[str, object]]]]:
    """The final announcement: (winning side, winners, the Renri/Kanae notes)."""
    [end] = [h for h in t.public() if h.key == "end.result"]
    key, params = end.params["result"]
    if key == "end.outcome":
        return params["side"][0].removeprefix("end.result."), end.params["winners"], params["notes"]
    return key.removeprefix("end.result."), end.params["winners"], []


# -- who deduces (A44, A71) --------------------------------------------------------------------------


def test_adz_10_2_a_living_sakura_kanae_whose_side_lost_deduces() -> None:
    t = adazakura_win()
    assert t.phase[0] == "deduction"
    assert t.seconds_left == 300  # [ADZ-11.8]
    assert [h.key for h in t.public()][-1] == "deduce.epilogue"
    assert "end.result" not in t.said()  # the result waits for the deduction [ADZ-10.1]
    assert t.said(3)[-1] == "deduce.prompt"
    assert t.buttons(3, "deduce.prompt") == t.offered(3)
    assert all(t.offered(seat) == [] for seat in (1, 2, 4, 5))


def test_adz_10_2_a_dead_sakura_kanae_does_not_deduce() -> None:
    t = adazakura_win(exile=3)
    assert t.phase[0] == "ended"
    assert ending(t) == ("adazakura", [1, 2], [])


def test_adz_10_2_a_dead_adazakura_kanae_whose_side_lost_deduces() -> None:
    t = table("yatsuha/A kanae/A shinra/S megumi/S himika/S korunu/S").night()
    t.discuss().vote({1: 2, 3: 2, 4: 2, 5: 2})
    t.night().discuss().vote({3: 1, 4: 1, 5: 1})
    assert t.phase[0] == "deduction"
    assert not t.alive(2)
    assert ("deduce.submit",) not in t.offered(2)
    assert ("deduce.reveal", 1) in t.offered(2)


def test_adz_10_2_a_kanae_on_the_winning_side_does_not_deduce() -> None:
    sakura = table("yatsuha/A kanae/S shinra/S megumi/S").night().discuss().vote({2: 1, 3: 1, 4: 1})
    assert ending(sakura) == ("sakura", [2, 3, 4], [])
    adazakura = adazakura_win("yatsuha/A kanae/A shinra/S megumi/S himika/S", exile=3)
    assert ending(adazakura) == ("adazakura", [1, 2], [])


def test_adz_10_2_a71_a_dead_saliya_holding_kanae_is_no_deducer_a_living_one_is() -> None:
    # A dead Adazakura-side Kanae would deduce; a dead Adazakura Saliya holds nothing any more.
    dead = table("yatsuha/A saliya/A shinra/S megumi/S himika/S korunu/S")
    dead.state.players[1].gained, dead.state.players[1].gained_until = "kanae", 9
    dead.state.players[1].blackbox_on = False
    dead.night().discuss().vote({1: 2, 3: 2, 4: 2, 5: 2})  # Saliya exiled: her gain ends with her
    dead.night().discuss().vote({3: 1, 4: 1, 5: 1})
    assert ending(dead) == ("sakura", [3, 4, 5, 6], [])
    alive = table("yatsuha/A saine/A saliya/S shinra/S megumi/S")
    alive.state.players[2].gained, alive.state.players[2].gained_until = "kanae", 9
    alive.night().discuss().vote({1: 4, 2: 4, 3: 4, 5: 4})
    assert alive.phase[0] == "deduction"
    assert alive.said(3)[-1] == "deduce.prompt"


# -- the deducer's list -------------------------------------------------------------------------------


def test_adz_10_2_a73_without_a_reveal_she_names_everyone_and_nothing_is_posted() -> None:
    t = answer(adazakura_win(), 3, TRUTH, submit=False)
    assert t.public() == []
    assert t.offered(3)[-1] == ("deduce.submit",)
    t.act(3, "deduce.submit")
    assert ending(t) == ("sakura", [3, 4, 5], [("end.note.kanae.success", {"player": 3, "side": "sakura"})])
    assert (t.phase[0], t.result) == ("ended", "sakura")


def test_adz_10_2_the_reveal_is_public_verified_on_the_board_and_prefilled() -> None:
    t = adazakura_win().act(3, "deduce.reveal", 5)
    assert t.public() == [("deduce.revealed", {"player": 5, "megami": "megumi"})]
    draft = t.private(3)[-1]
    assert draft.key == "deduce.draft"
    assert ("deduce.line.revealed", {"player": 5, "megami": "megumi"}) in draft.params["lines"]
    assert draft.params["missing"] == 3
    assert ("board.line.verified", {"day": 1, "player": 5, "megami": "megumi"}) in t.ask(4, "board").params[
        "lines"
    ]
    assert t.refused(3, "deduce.pick", 5, "shinra") == "deduce.locked"
    assert t.refused(3, "deduce.reveal", 4) == "deduce.reveal_used"
    assert not any(move[0] == "deduce.reveal" for move in t.offered(3))


def test_adz_10_2_a_reveal_clears_another_entry_naming_the_same_megami() -> None:
    t = answer(adazakura_win(), 3, {4: "megumi"}, submit=False).act(3, "deduce.reveal", 5)
    assert t.state.ending is not None
    assert t.state.ending.turn is not None
    assert t.state.ending.turn.draft == {5: "megumi"}


def test_adz_10_2_each_megami_once_never_her_own_never_herself() -> None:
    t = answer(adazakura_win(), 3, {1: "yatsuha"}, submit=False)
    assert t.refused(3, "deduce.pick", 2, "yatsuha") == "deduce.duplicate"
    assert t.refused(3, "deduce.pick", 2, "kanae") == "deduce.own"
    assert t.refused(3, "deduce.pick", 3, "saine") == "deduce.self"
    assert t.refused(3, "deduce.pick", 2, "nobody") == "megami.unknown"
    offered = t.offered(3)
    assert ("deduce.pick", 2, "yatsuha") not in offered
    assert not any(move[-1] == "kanae" for move in offered)
    assert ("deduce.pick", 1, "yatsuha") in offered  # re-picking the same entry stays possible
    assert ("deduce.pick", 1, "saine") in offered  # and changing it


def test_adz_10_2_the_duplicate_refusal_names_the_entry_in_the_way() -> None:
    t = answer(adazakura_win(), 3, {1: "yatsuha"}, submit=False)
    act = Act(user_id=t.uid(3), action=Action(kind="deduce.pick", args=(2, "yatsuha")), phase_seq=None)
    refused = RULES.decide(t.state, act, now=t.now)
    assert isinstance(refused, Rejected)
    text = render_key("reason.deduce.duplicate", refused.params, "ja", "adazakura")
    assert text.startswith("ヤツハはもう1番 P1の答えにしています。")


def test_adz_10_2_submit_only_once_every_entry_is_filled() -> None:
    t = answer(adazakura_win(), 3, {1: "yatsuha", 2: "saine", 4: "shinra"}, submit=False)
    assert ("deduce.submit",) not in t.offered(3)
    assert t.refused(3, "deduce.submit") == "deduce.incomplete"
    t.act(3, "deduce.pick", 5, "megumi")
    assert t.private(3)[-1].params["missing"] == 0
    assert ("deduce.submit",) in t.offered(3)


def test_adz_10_2_clearing_keeps_only_the_revealed_entry() -> None:
    t = answer(adazakura_win(), 3, {1: "yatsuha", 2: "saine"}, submit=False).act(3, "deduce.reveal", 4)
    t.act(3, "deduce.clear")
    assert t.state.ending is not None
    assert t.state.ending.turn is not None
    assert t.state.ending.turn.draft == {4: "shinra"}
    assert ("deduce.clear",) not in t.offered(3)


# -- outcomes ------------------------------------------------------------------------------------------


def test_adz_10_2_success_makes_her_side_win_instead() -> None:
    t = answer(adazakura_win(), 3, TRUTH)
    side, winners, notes = ending(t)
    assert (side, winners, t.winners) == ("sakura", [3, 4, 5], [3, 4, 5])  # the exiled seat 4 too
    assert notes == [("end.note.kanae.success", {"player": 3, "side": "sakura"})]
    assert t.state.ending is not None
    assert t.state.ending.checkpoint == "adazakura"


def test_adz_10_2_failure_changes_nothing() -> None:
    t = answer(adazakura_win(), 3, {**TRUTH, 1: "saine", 2: "yatsuha"})
    side, winners, notes = ending(t)
    assert (side, winners, t.result) == ("adazakura", [1, 2], "adazakura")
    assert notes == [("end.note.kanae.failure", {"player": 3, "right": 2, "total": 4})]


def test_adz_10_2_no_complete_submission_in_time_is_a_failure() -> None:
    t = answer(adazakura_win(), 3, TRUTH, submit=False).close()
    assert ending(t) == ("adazakura", [1, 2], [("end.note.kanae.timeout", {"player": 3})])
    assert t.phase[0] == "ended"


def test_adz_11_8_the_host_sets_the_deduction_timer() -> None:
    t = table(SAKURA_KANAE, timers={"deduction": 90}).night().discuss().vote({1: 4, 2: 4, 3: 4, 5: 4})
    assert (t.phase[0], t.seconds_left) == ("deduction", 90)


def test_adz_10_2_a_success_removes_renri_from_the_winners() -> None:
    t = table("yatsuha/A saine/A kanae/S shinra/S megumi/S renri/-").night()
    t.discuss({6: "hagane"}).vote({1: 4, 2: 4, 3: 4, 5: 4})
    assert t.winners == [1, 2, 6]
    answer(t, 3, {**TRUTH, 6: "renri"})
    side, winners, notes = ending(t)
    assert (side, winners) == ("sakura", [3, 4, 5])
    assert notes[-1] == ("end.note.renri.lost", {"player": 6})


# -- several deducers ----------------------------------------------------------------------------------

#: 1 yatsuha/A · 2 kururu/A (copies Kanae on night 0) · 3 kanae/S · 4 shinra · 5 megumi.
TWO_KANAE = "yatsuha/A kururu/A kanae/S shinra/S megumi/S"


def two_deducers() -> Table:
    t = table(TWO_KANAE).night({2: ("night.kururu", 3)})
    assert t.state.players[1].copied == "kanae"
    return t.discuss().vote({1: 4, 2: 4, 3: 4, 5: 4})


def test_adz_10_2_the_dealt_kanae_goes_first_and_a_later_deducer_is_rechecked_after_a_success() -> None:
    t = two_deducers()
    assert t.said(3)[-1] == "deduce.prompt"
    first = t.state.phase_seq
    answer(t, 3, {1: "yatsuha", 2: "kururu", 4: "shinra", 5: "megumi"})
    # The Sakura side wins now: the Adazakura Kururu holding Kanae is on the losing side and may try.
    assert t.phase[0] == "deduction"
    assert "end.result" not in t.said()
    assert t.public() == [("deduce.epilogue", {"seconds": 300, "deadline": t.state.deadline_at})]
    assert t.refused(3, "deduce.clear", phase_seq=first) == "phase.stale"
    assert t.refused(3, "deduce.submit") == "deduce.not_yours"
    assert ("deduce.pick", 3, "kanae") in t.offered(2)  # her own dealt Megami is Kururu [ADZ-10.2]
    assert ("deduce.pick", 1, "kururu") not in t.offered(2)
    answer(t, 2, {1: "yatsuha", 3: "kanae", 4: "shinra", 5: "megumi"})
    side, winners, notes = ending(t)
    assert (side, winners) == ("adazakura", [1, 2])
    assert notes == [
        ("end.note.kanae.success", {"player": 3, "side": "sakura"}),
        ("end.note.kanae.success", {"player": 2, "side": "adazakura"}),
    ]


def test_adz_10_2_without_a_success_the_later_deducer_on_the_winning_side_is_skipped() -> None:
    t = answer(two_deducers(), 3, {1: "kururu", 2: "yatsuha", 4: "shinra", 5: "megumi"})
    assert t.phase[0] == "ended"
    assert ending(t)[:2] == ("adazakura", [1, 2])


# -- the game is over: no seal, no shift (A55), free speech --------------------------------------------


def test_adz_10_2_a55_a_sealed_kanae_deduces_and_yukihi_shifts_nothing() -> None:
    seats = "yatsuha/A hatsumi/A yukihi/A kanae/S megumi/S shinra/S himika/S"
    t = table(seats).night({2: ("night.hatsumi", 4)}).discuss()
    assert any(isinstance(seal, Seal) and seal.target == 4 for seal in t.state.seals)
    t.vote({1: 5, 2: 5, 3: 5, 4: 5, 6: 5})
    assert t.said(4)[-1] == "deduce.prompt"
    t.act(4, "deduce.reveal", 6)
    assert t.public() == [("deduce.revealed", {"player": 6, "megami": "shinra"})]


def test_adz_10_2_everyone_may_speak_during_the_epilogue() -> None:
    t = adazakura_win()
    assert RULES.speakers(t.state) is None
    assert t.ask(4, "status").params["phase"][0] == "phase.deduction"
    assert t.refused(4, "vote", 1) == "phase.wrong"
    assert t.refused(4, "deduce.submit") == "deduce.not_yours"


# -- buttons: handlers/menu.py turns the deducer's legal actions into a two-step menu ---------------------


def test_adz_10_2_the_deducers_buttons_open_seat_then_megami() -> None:
    t = adazakura_win()
    actions = RULES.legal_actions(t.state, 3)
    names = {p.seat: p.name for p in t.state.players}

    def level(prefix: Action | None) -> list[Tap]:
        rows = menu.build(
            actions,
            prefix,
            game_id="g1",
            phase_seq=t.state.phase_seq,
            locale="ja",
            game="adazakura",
            names=names,
        )
        return [button.tap for row in rows for button in row]

    top = level(None)
    assert [(tap.action.kind, tap.menu) for tap in top] == [
        *[("deduce.reveal", False)] * 4,
        ("deduce.pick", True),
    ]
    seats = level(Action(kind="deduce.pick"))
    assert [tap.action.args for tap in seats if tap.action.kind == "deduce.pick"] == [(1,), (2,), (4,), (5,)]
    megami = [tap for tap in level(Action(kind="deduce.pick", args=(4,))) if tap.action.kind != "menu"]
    assert len(megami) == 21  # every tarot but her own Kanae
    assert all(not tap.menu and tap.action in actions for tap in megami)
    assert all(len(callback.encode(tap).encode()) <= 64 for tap in [*top, *seats, *megami])


def test_adz_5_2_kanae_has_nothing_to_do_at_night() -> None:
    t = table(SAKURA_KANAE)
    assert t.offered(3) == [("done",)]
    t.night().day()
    assert t.offered(3) == [("done",)]
