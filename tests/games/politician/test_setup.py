"""The lobby and the deal (politician.md §6.1, §10.2, §11): host options, start refusals, the shuffled
deal and the public composition (AMB-44). Custom casts (§4.3) are in ``test_casts``."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from core.engine.commands import Command, Configure, Join, SetReachable, StartGame
from core.engine.result import Accepted, Rejected
from core.engine.table import Member
from core.games.politician.model import PolState
from tests.games.plain import user
from tests.games.politician.table import RULES, Heard, heard, table

pytestmark = pytest.mark.scenario


class Lobby:
    """A politician lobby with ``players`` joined (host: seat 1's user); commands are decided one by
    one, the state only moves on when one is accepted."""

    def __init__(self, players: int, **settings: Any) -> None:
        host = Member(user_id=user(1), name="P1")
        state = RULES.new_game(game_id="g1", chat_id="c1", host=host, settings=settings, seed=7, now=0)
        assert isinstance(state, PolState)
        self.state = state
        self.heard: list[Heard] = []
        for seat in range(1, players + 1):
            self.join(seat)

    def send(self, command: Command) -> Accepted[PolState] | Rejected:
        outcome = RULES.decide(self.state, command, now=0)
        if isinstance(outcome, Accepted):
            self.state = outcome.state
            self.heard = [heard(n) for n in outcome.notices]
        return outcome

    def join(self, seat: int) -> Accepted[PolState] | Rejected:
        return self.send(Join(user_id=user(seat), name=f"P{seat}"))

    def configure(self, option: str, *values: str, by: int = 1) -> Heard | str:
        """The host's ``/option``: the public ``lobby.options`` answer, or the refusal's reason id."""
        outcome = self.send(Configure(user_id=user(by), option=option, values=values))
        if isinstance(outcome, Rejected):
            return outcome.reason
        [answer] = [n for n in self.heard if n.key == "lobby.options"]
        return answer

    def cast(self, words: str) -> Heard | str:
        """``/option cast <words>``: role=count words plus ``seats=S human=h wolf=w``."""
        return self.configure("cast", *words.split())

    def refusal(self, option: str, *values: str) -> Rejected:
        outcome = self.send(Configure(user_id=user(1), option=option, values=values))
        assert isinstance(outcome, Rejected), outcome.notices
        return outcome

    def start(self, by: int = 1) -> Accepted[PolState] | Rejected:
        return self.send(StartGame(user_id=user(by)))


# -- options (§11) ---------------------------------------------------------------------------------
def test_11_host_sets_an_option_and_the_lobby_shows_it() -> None:
    answer = Lobby(9).configure("nightSeconds", "120")
    assert isinstance(answer, Heard)
    assert answer.params["changed"] == [
        ("option.line.timer", {"option": "nightSeconds", "value": "120", "span": 120})
    ]


@pytest.mark.parametrize(("joined", "players"), [(3, 5), (9, 9)])
def test_4_2_the_lobby_names_the_size_of_the_cast_it_shows(joined: int, players: int) -> None:
    """With fewer than 5 joined the lobby shows the 5-player cast (§4.2), and says it is for 5 players."""
    answer = Lobby(joined).configure("nightSeconds", "120")
    assert isinstance(answer, Heard)
    assert answer.params["players"] == players
    assert sum(line[1]["count"] for line in answer.params["cast"]) == players


def test_11_boolean_option_takes_on_and_off() -> None:
    lobby = Lobby(9)
    answer = lobby.configure("endWhenDecided", "on")
    assert isinstance(answer, Heard)
    assert [line[1]["option"] for line in answer.params["changed"]] == ["endWhenDecided"]
    assert isinstance(lobby.configure("endWhenDecided", "off"), Heard)
    assert lobby.refusal("endWhenDecided", "maybe").params == {
        "option": "endWhenDecided",
        "allowed": "on / off",
    }


def test_11_max_runoffs_is_at_most_two() -> None:
    lobby = Lobby(9)
    refused = lobby.refusal("maxRunoffs", "3")
    assert (refused.reason, refused.params) == ("option.invalid", {"option": "maxRunoffs", "allowed": "0-2"})
    assert lobby.refusal("maxRunoffs", "-1").reason == "option.invalid"
    assert isinstance(lobby.configure("maxRunoffs", "0"), Heard)


def test_11_afk_ballot_is_none_or_random() -> None:
    lobby = Lobby(9)
    refused = lobby.refusal("afkBallot", "abstain")
    assert (refused.reason, refused.params) == (
        "option.invalid", {"option": "afkBallot", "allowed": "none / random"},
    )  # fmt: skip
    assert isinstance(lobby.configure("afkBallot", "random"), Heard)


def test_11_timer_below_its_minimum_is_refused() -> None:
    lobby = Lobby(9)
    assert lobby.refusal("nightSeconds", "5").reason == "option.invalid"
    assert lobby.refusal("campaignSeconds", "soon").reason == "option.invalid"


def test_11_policy_speech_may_be_disabled_with_zero() -> None:
    assert isinstance(Lobby(9).configure("policySpeechSeconds", "0"), Heard)


def test_11_unknown_option_is_refused() -> None:
    assert Lobby(9).refusal("mayorSeconds", "5").reason == "option.unknown"


def test_11_only_the_host_sets_options_and_only_in_the_lobby() -> None:
    lobby = Lobby(9)
    assert lobby.configure("nightSeconds", "120", by=2) == "not_host"
    assert isinstance(lobby.start(), Accepted)
    assert lobby.configure("nightSeconds", "120") == "option.lobby_only"


def test_11_option_set_in_the_lobby_applies_to_the_game() -> None:
    lobby = Lobby(9)
    lobby.configure("candidacySecondsPerPlayer", "10")
    lobby.start()
    [turn] = [h for h in lobby.heard if h.key == "candidacy.turn"]
    assert turn.params["deadline"] == 10  # the lobby starts the game at t = 0


# -- start (§4.2, AMB-55, §10.2) -------------------------------------------------------------------
def test_amb_55_fewer_than_five_players_cannot_start() -> None:
    outcome = Lobby(4).start()
    assert isinstance(outcome, Rejected)
    assert (outcome.reason, outcome.params) == ("lobby.too_few", {"min": 5, "max": 15})


def test_amb_55_a_sixteenth_player_cannot_join() -> None:
    lobby = Lobby(15)
    outcome = lobby.join(16)
    assert isinstance(outcome, Rejected)
    assert (outcome.reason, outcome.params) == ("lobby.full", {"max": 15})


def test_6_1_only_the_host_starts() -> None:
    outcome = Lobby(9).start(by=2)
    assert isinstance(outcome, Rejected)
    assert outcome.reason == "not_host"


def test_10_2_start_waits_until_everyone_is_reachable_privately() -> None:
    lobby = Lobby(9)
    lobby.send(SetReachable(user_id=user(4), reachable=False))
    outcome = lobby.start()
    assert isinstance(outcome, Rejected)
    assert (outcome.reason, outcome.params) == ("lobby.unreachable", {"names": ["P4"]})
    lobby.send(SetReachable(user_id=user(4), reachable=True))
    assert isinstance(lobby.start(), Accepted)


# -- deal (§6.1, AMB-44) ---------------------------------------------------------------------------
def test_6_1_seats_follow_join_order() -> None:
    t = table(9)
    assert [(p.seat, p.name) for p in t.state.players] == [(s, f"P{s}") for s in range(1, 10)]


def test_6_1_cards_are_shuffled_by_the_game_seed() -> None:
    deals = {tuple(p.role for p in table(9, seed=seed).state.players) for seed in range(5)}
    assert len(deals) > 1
    assert {frozenset(Counter(d).items()) for d in deals} == {frozenset(Counter(next(iter(deals))).items())}


def test_6_1_each_player_gets_their_own_card_privately() -> None:
    t = table(9)
    for p in t.state.players:
        [card] = [h for h in t.private(p.seat) if h.key == "role.card"]
        assert (card.params["player"], card.params["role"]) == (p.seat, p.role)
    assert "role.card" not in t.said()


def test_amb_44_composition_is_announced_to_everyone() -> None:
    t = table(9)
    assert t.first("game.composition") == (
        "game.composition",
        {
            "players": list(range(1, 10)),
            "cast": [
                ("composition.line", {"role": "human_member", "count": 4}),
                ("composition.line", {"role": "reporter", "count": 1}),
                ("composition.line", {"role": "guard", "count": 1}),
                ("composition.line", {"role": "wolf_member", "count": 1}),
                ("composition.line", {"role": "spy", "count": 1}),
                ("composition.line", {"role": "traitor", "count": 1}),
            ],
            "count": 9,
            "seats": 4,
            "human": 3,
            "wolf": 2,
        },
    )


def test_amb_44_composition_comes_before_the_candidacy() -> None:
    keys = table(9).said()
    assert keys.index("game.composition") < keys.index("candidacy.start")
