"""Host options (``deathnote.md`` §11.5, §3.3 S2; AMB-04, AMB-47) via ``/option`` in the lobby."""

from __future__ import annotations

from typing import Any

from core.engine.commands import Act, Configure, Join, StartGame, Timeout
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.engine.table import Member
from core.games.deathnote.model import DNState
from tests.games.deathnote.table import RULES, user


class Lobby:
    """A local helper (the shared table always starts at once): a lobby of ``n`` members, option
    commands, then the start; ``settings`` may carry a test-mode ``setup``."""

    def __init__(self, n: int, settings: dict[str, Any] | None = None) -> None:
        host = Member(user_id=user(1), name="P1")
        state = RULES.new_game(game_id="g1", chat_id="c1", host=host, settings=dict(settings or {}), seed=7,
                               now=0)  # fmt: skip
        assert isinstance(state, DNState)
        self.state = state
        self.now = 0
        self.notices: list[Any] = []
        for seat in range(1, n + 1):
            self.ok(Join(user_id=user(seat), name=f"P{seat}"))

    def send(self, command: Any) -> Accepted[Any] | Rejected:
        outcome = RULES.decide(self.state, command, now=self.now)
        if isinstance(outcome, Accepted):
            self.state = outcome.state
            self.notices = list(outcome.notices)
        return outcome

    def ok(self, command: Any) -> Accepted[Any]:
        outcome = self.send(command)
        assert isinstance(outcome, Accepted), outcome
        return outcome

    def option(self, name: str, value: str, by: int = 1) -> Accepted[Any] | Rejected:
        return self.send(Configure(user_id=user(by), option=name, values=(value,)))


SETUP = {"identities": ["IDENT_POLICE_SOICHIRO", "IDENT_L", "IDENT_KIRA", "IDENT_FOLLOWER",
                        "IDENT_POLICE_TASKFORCE"],
         "hands": [["SV1", "EX1"], ["AR1", "IL1"], ["DN", "IR1"], ["FN", "IL2"], ["AL", "SV2"]],
         "draw": ["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], "round": 2, "active": 5,
         "played": [1, 2, 3, 4], "shuffle": "noop"}  # fmt: skip


def test_11_5_amb47_t_judgment_below_13_seconds_is_refused() -> None:
    """AMB-47: ``/option t_judgment 12`` is refused with the allowed range; 13 is accepted and used."""
    lobby = Lobby(5, {"setup": SETUP})
    refused = lobby.option("t_judgment", "12")
    assert isinstance(refused, Rejected)
    assert (refused.reason, refused.params["allowed"]) == ("option.invalid", "13-172800")
    assert isinstance(lobby.option("t_judgment", "13"), Accepted)
    lobby.ok(StartGame(user_id=user(1)))
    start = lobby.state.deadline_at
    assert start is not None
    lobby.ok(Act(user_id=user(5), action=Action(kind="play.SURVEILLANCE", args=(1,)),
                 phase_seq=lobby.state.phase_seq))  # fmt: skip
    assert lobby.state.phase == "judgment"
    assert lobby.state.deadline_at == lobby.now + 13
    assert [n.params for n in lobby.notices if n.key == "judgment.start"] == [{"n": 1, "seconds": 13}]


def test_11_5_t_shinigami_night_has_the_same_13_second_floor_and_max_rounds_at_least_2() -> None:
    lobby = Lobby(6)
    for name, value in (("t_shinigami_night", "12"), ("max_rounds", "1"), ("signals", "emoji"),
                        ("end_when_no_arrest_left", "maybe")):  # fmt: skip
        refused = lobby.option(name, value)
        assert isinstance(refused, Rejected), name
        assert refused.reason == "option.invalid", name
    assert lobby.state.settings.get("options", {}) == {}
    for name, value in (("t_shinigami_night", "13"), ("max_rounds", "2"), ("signals", "free_text"),
                        ("end_when_no_arrest_left", "on"), ("post_game_log", "off")):  # fmt: skip
        assert isinstance(lobby.option(name, value), Accepted), name
    assert lobby.state.settings["options"] == {
        "t_shinigami_night": 13, "max_rounds": 2, "signals": "free_text", "end_when_no_arrest_left": True,
        "post_game_log": False,
    }  # fmt: skip


def test_11_5_only_the_host_sets_options_and_only_in_the_lobby() -> None:
    lobby = Lobby(5, {"setup": SETUP})
    refused = lobby.option("t_turn", "60", by=2)
    assert isinstance(refused, Rejected)
    assert refused.reason == "not_host"
    unknown = lobby.option("t_night", "60")
    assert isinstance(unknown, Rejected)
    assert unknown.reason == "option.unknown"
    lobby.ok(StartGame(user_id=user(1)))
    late = lobby.option("t_turn", "60")
    assert isinstance(late, Rejected)
    assert late.reason == "option.lobby_only"


def test_9_3_max_rounds_option_ends_the_game_as_a_draw_after_that_rounds_judgment() -> None:
    """§9.3 with ``max_rounds 2``: the Judgment after round 2 (nobody written: P3 lacks the Death Note)."""
    setup = dict(SETUP, hands=[["SV1", "DN"], ["AR1", "IL1"], ["EX1", "IR1"], ["FN", "IL2"], ["AL", "SV2"]])
    lobby = Lobby(5, {"setup": setup})
    lobby.option("max_rounds", "2")
    lobby.ok(StartGame(user_id=user(1)))
    lobby.ok(Act(user_id=user(5), action=Action(kind="play.SURVEILLANCE", args=(1,))))
    lobby.now = lobby.state.deadline_at or 0
    lobby.ok(Timeout(phase_seq=lobby.state.phase_seq))
    assert (lobby.state.result, lobby.state.reason) == ("draw", "max_rounds")


def test_3_3_s2_amb04_host_choice_lets_the_host_pick_the_start_player_before_the_deal() -> None:
    """S2 (``start_player host_choice``): the host alone gets one button per seat; nothing is dealt until
    he picks; the chosen seat plays first and the round starts there."""
    lobby = Lobby(4)
    lobby.option("start_player", "host_choice")
    lobby.ok(StartGame(user_id=user(1)))
    assert lobby.state.phase == "start_player"
    assert all(p.hand == [] for p in lobby.state.players)
    host = next(p.seat for p in lobby.state.players if p.user_id == user(1))
    other = next(p.seat for p in lobby.state.players if p.user_id == user(2))
    assert RULES.legal_actions(lobby.state, host) == [Action(kind="start", args=(s,)) for s in (1, 2, 3, 4)]
    assert RULES.legal_actions(lobby.state, other) == []
    assert [n.key for n in lobby.notices if n.to.kind == "public"] == ["start_player.wait"]
    refused = lobby.send(Act(user_id=user(2), action=Action(kind="start", args=(3,))))
    assert isinstance(refused, Rejected)
    assert refused.reason == "not_host"
    lobby.ok(Act(user_id=user(1), action=Action(kind="start", args=(3,))))
    assert (lobby.state.start_seat, lobby.state.active, lobby.state.round) == (3, 3, 1)
    assert lobby.state.to_play == [3, 4, 1, 2]
    assert [len(p.hand) for p in lobby.state.players] == [2, 2, 3, 2]


def test_11_5_host_choice_times_out_to_a_random_start_player() -> None:
    lobby = Lobby(4)
    lobby.option("start_player", "host_choice")
    lobby.ok(StartGame(user_id=user(1)))
    lobby.now = lobby.state.deadline_at or 0
    lobby.ok(Timeout(phase_seq=lobby.state.phase_seq))
    assert lobby.state.phase == "turn"
    assert lobby.state.active == lobby.state.start_seat


def test_3_3_s1_seat_order_join_keeps_the_join_order() -> None:
    lobby = Lobby(5)
    lobby.option("seat_order", "join")
    lobby.ok(StartGame(user_id=user(1)))
    assert [p.user_id for p in lobby.state.players] == [user(s) for s in range(1, 6)]


def test_d31_the_spec_s_spectators_option_reads_as_afterlife_sees_and_the_spec_id_still_sets_it() -> None:
    """§11.5 ``spectators`` is 霊界表示: the option list, ``/option``'s refusal and the lobby's settings say
    ``afterlifeSees`` (a spectator is someone who typed ``/watch``); ``/option spectators on`` still sets
    it, and a value stored under the spec's id still counts."""
    import core.i18n as i18n
    from core.games.deathnote.rules import AFTERLIFE

    def shown(notices: list[Any]) -> str:
        return "\n".join(i18n.render(n, locale, "deathnote") for n in notices for locale in ("ja", "en"))

    lobby = Lobby(4)
    lobby.ok(Configure(user_id=user(1), option="", values=()))
    listed = shown(lobby.notices)
    assert "afterlifeSees" in listed
    assert "spectators" not in listed
    refused = lobby.send(Configure(user_id=user(1), option="nosuch", values=("on",)))
    assert isinstance(refused, Rejected)
    assert "afterlifeSees" in refused.params["options"]
    assert "spectators" not in refused.params["options"]
    lobby.ok(Configure(user_id=user(1), option="spectators", values=("on",)))
    assert lobby.state.settings["options"] == {"afterlifeSees": True}
    assert AFTERLIFE.sees(lobby.state)
    assert "afterlifeSees = on" in shown(lobby.notices)
    assert "spectators" not in shown(lobby.notices)
    stored = Lobby(4, {"options": {"spectators": True}})  # a lobby or group default of before D31
    assert AFTERLIFE.sees(stored.state)
    stored.ok(Configure(user_id=user(1), option="", values=()))
    assert "afterlifeSees = on" in shown(stored.notices)
