"""A whole 政治家人狼 (``politician``) game in a Telegram group, played only through webhook updates and
button presses.

Fourteen players (the official 14-player cast: two wolves, so the lover chooses a favourite) open the
deep link of a ``/newgame politician`` lobby and the host starts. From then on every seat is a bot that
presses, in a random order, a random button of the keyboard of the current phase in its 1:1 chat, as the
fake Bot API recorded it (:mod:`tests.e2e.politician`). A phase ends by the last tap, or by the timer
handler where nobody acts (one candidacy turn, Day 1's policy speech). The store is the production
DynamoStore on moto; game id, game seed and bot seed are fixed, so the run is the same every time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from core.engine.notice import KeyRef, RoleRef
from core.games.politician.roles import CAMP, NEVER_RETURN, ROLES
from handlers import outbox
from tests.e2e.harness import GROUP, GROUP_CHAT, NoticeLog, assert_all_delivered, moto_store
from tests.e2e.politician import Bots, Played, PoliticianTable, people, play_whole_game
from tests.e2e.politician_seen import (
    group_calls,
    group_texts,
    lines_naming_hidden_roles,
    night_prompts,
    notices_naming_hidden_roles,
    pref,
    ref,
    role_name,
    seat_of,
    text,
)
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: The bots' choices and order: a seed whose game has a runoff and reaches Day 3 (secret ballots).
BOT_SEED = 5
#: Phases nobody acts in, closed by the timer: the candidacy turn of seat 3, Day 1's policy speech.
QUIET = {("candidacy", 3), ("policy_speech", 1)}
#: When every player presses one button of each of their older keyboards while the game runs.
OLD_BUTTONS_AT = ("vote", 2)
#: Button kinds a 14-player game offers in private chats (politician.md §6, §10.5).
KINDS = {"favourite", "done", "ready", "vote", "kill", "night.protect", "night.investigate", "night.trust"}
#: Private notices this game need not send: the wolves agree only if both propose the same option.
SOMETIMES = {"night.locked"}


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    """One whole game, played once for every test of this module; notices are logged only meanwhile."""
    with FakeTelegramApi() as api, moto_store() as store:
        with pytest.MonkeyPatch.context() as patch:
            log = NoticeLog()
            patch.setattr(outbox, "render_notices", log.wrap(outbox.render_notices))
            table = PoliticianTable(api, store, people(14))
            bots = Bots(table, random.Random(BOT_SEED), quiet=QUIET)
            game = play_whole_game(table, log, bots, old_buttons_at=OLD_BUTTONS_AT)
        yield game


def test_the_game_ends_with_a_result_after_phases_closed_by_taps_and_by_timers(played: Played) -> None:
    state = played.table.state()
    log = played.bots.log

    assert state.phase == "ended"
    assert state.result in ("human", "wolf")
    assert state.winners == [p.seat for p in state.players if CAMP[p.role] == state.result]
    assert log[0] == ("role_check", 0, "acted")
    assert [n for phase, n, _ in log if phase == "candidacy"] == list(range(1, 15))
    assert ("candidacy", 3, "timer") in log
    assert ("policy_speech", 1, "timer") in log
    for phase in ("campaign", "vote", "night"):
        assert (phase, 1, "acted") in log
    assert ("vote", 3, "acted") in log, "the game never reached a day of secret ballots"
    assert any(phase == "runoff" for phase, _, _ in log), "no runoff was held"


def test_players_joined_through_the_deep_link_and_the_group_got_the_composition(played: Played) -> None:
    table, notices = played.table, played.notices
    state = table.state()

    assert table.join_link() == f"https://t.me/{BOT_USERNAME}?start={table.game_id}"
    assert [m.user_id for m in state.members] == [p.chat for p in table.people]
    [composition] = notices.to(GROUP_CHAT, "game.composition")
    assert all(ref(state, p.seat) in composition.body for p in state.players)
    lines = composition.body.splitlines()
    assert state.cast is not None
    for role, count in state.cast.roles.items():
        assert text("composition.line", role=RoleRef(id=role), count=count) in lines
    assert any(composition.body in t for t in table.sent_to(GROUP))


def test_the_group_heard_every_candidacy_turn_in_seat_order(played: Played) -> None:
    state = played.table.state()

    turns = played.notices.to(GROUP_CHAT, "candidacy.turn")
    assert [t.body for t in turns] == [text("candidacy.turn", player=pref(state, s)) for s in range(1, 15)]
    group = played.table.sent_to(GROUP)
    assert all(any(t.body in g for g in group) for t in turns)


def test_show_of_hands_ballots_reach_the_group_as_they_are_cast(played: Played) -> None:
    table = played.table
    state = table.state()
    ballots = [(day, p) for _, day, p in played.bots.moves if p.tap.action.kind == "vote"]
    public = [p for day, p in ballots if day <= 2]
    posted = played.notices.to(GROUP_CHAT, "vote.ballot")

    assert len(posted) == len(public) > 0
    for press, said in zip(public, posted, strict=True):
        voter, [target] = seat_of(state, press), press.tap.action.args
        assert isinstance(target, int)
        assert said.body == text("vote.ballot", voter=pref(state, voter), target=pref(state, target))
    # Each in the order cast; some wait (then merged) while the group's 20 messages a minute are spent.
    group, at = "\n".join(table.sent_to(GROUP)), 0
    for said in posted:
        at = group.find(said.body, at)
        assert at >= 0, f"not posted in order: {said.body}"
        at += len(said.body)
    secret = [p for day, p in ballots if day > 2]
    assert secret
    for press in secret:
        voter, [target] = seat_of(state, press), press.tap.action.args
        assert isinstance(target, int)
        ballot = text("vote.ballot", voter=pref(state, voter), target=pref(state, target))
        assert not any(ballot in t for t in group_calls(table, press)), "a secret ballot showed"


def test_a_round_closes_with_one_count_per_ballot_and_secret_ballots_all_at_once(played: Played) -> None:
    state = played.table.state()
    closed = played.notices.to(GROUP_CHAT, "vote.closed")

    assert len(closed) == len(state.rounds)
    for rnd, said in zip(state.rounds, closed, strict=True):
        lines = said.body.splitlines()
        for candidate in rnd.candidates:
            votes = sum(b.target == candidate for b in rnd.ballots)
            if votes:  # the chairman's ballot counts once here (§6.6.3)
                assert text("vote.count", player=pref(state, candidate), votes=votes) in lines
        shown = [
            text("vote.line", voter=pref(state, b.voter), target=pref(state, b.target)) for b in rnd.ballots
        ]
        if rnd.public:  # already posted one by one
            assert not any(line in lines for line in shown)
        else:
            assert all(line in lines for line in shown)


def test_the_group_saw_each_election_and_the_seat_board_after_it(played: Played) -> None:
    state = played.table.state()
    public = played.notices.to(GROUP_CHAT)
    elected = [i for i, s in enumerate(public) if s.key == "elected"]

    assert len(elected) == len(state.filled) > 0
    for k, (i, record) in enumerate(zip(elected, state.filled, strict=True)):
        assert ref(state, record.seat) in public[i].body
        assert f"「{role_name(record.role)}」" in public[i].body
        assert text(f"seat.{record.value}") in public[i].body
        board = public[i + 1]
        assert board.key == "seats.board"
        lines = [
            text("seats.line", number=r.number, day=r.day, player=pref(state, r.seat),
                 role=RoleRef(id=r.role), value=KeyRef(key=f"seat.{r.value}"))
            for r in state.filled
        ]  # fmt: skip
        assert [line in board.body for line in lines] == [n <= k for n in range(len(lines))]
    group = played.table.sent_to(GROUP)
    assert all(any(s.body in t for t in group) for s in public if s.key in ("elected", "seats.board"))


def test_the_end_reveals_every_role_the_winners_and_the_chairmans_double_ballots(played: Played) -> None:
    table, notices = played.table, played.notices
    state = table.state()
    before, after = group_texts(played)
    [over] = notices.to(GROUP_CHAT, "game.over")

    assert text(f"camp.{state.result}") in over.body
    lines = over.body.splitlines()
    for p in state.players:
        won = KeyRef(key="reveal.won" if p.seat in state.winners else "reveal.lost")
        status = KeyRef(key=f"status.{p.status}")
        line = text(
            "reveal.line", player=pref(state, p.seat), role=RoleRef(id=p.role), status=status, won=won
        )
        assert line in lines
    recaps = notices.to(GROUP_CHAT, "recap.day")
    assert len(recaps) == state.day
    assert all(any(r.body in t for t in after) for r in recaps)
    [chairman] = [p.seat for p in state.players if p.role == "chairman"]
    doubled = [
        text("recap.ballot.double", voter=pref(state, b.voter), target=pref(state, b.target))
        for r in state.rounds
        for b in r.ballots
        if b.voter == chairman
    ]
    assert doubled, "the chairman never voted"
    assert all(any(d in t for t in after) for d in doubled)
    assert not [d for d in doubled if any(d in t for t in before)]


def test_each_player_got_a_role_card_and_a_night_prompt_with_buttons_each_night(played: Played) -> None:
    table, notices = played.table, played.notices
    state = table.state()

    for p in state.players:
        [card] = notices.to(p.user_id, "role.card")
        assert card.chats == (p.user_id,)
        assert ref(state, p.seat) in card.body
        assert f"「{role_name(p.role)}」" in card.body
        assert any(card.body in t for t in table.sent_to(p.user_id))
    nights = night_prompts(notices)
    assert len(nights) == len(state.nights) > 0
    for n, prompts in enumerate(nights, start=1):
        gone = {r.seat for r in state.filled if r.day <= n}
        gone |= {r.excluded for r in state.nights if r.n < n and r.excluded is not None
                 and state.players[r.excluded - 1].role in NEVER_RETURN}  # fmt: skip
        expected = {p.user_id for p in state.players if p.seat not in gone}
        assert sorted(c for s in prompts for c in s.chats) == sorted(expected), f"night {n}"
        for said in prompts:
            [chat] = said.chats
            assert any(said.body in m.text and m.buttons for m in table.api.messages(chat))


def test_private_knowledge_went_only_to_the_players_who_may_know_it(played: Played) -> None:
    state = played.table.state()
    holders = {role: {p.user_id for p in state.players if p.role == role} for role in ROLES}
    only = {
        "know.wolf": "wolf_member", "know.lover": "wolf_member", "know.spies": "wolf_member",
        "night.proposal": "wolf_member", "night.locked": "wolf_member", "know.spy": "spy",
        "know.clue": "reporter", "result": "reporter",
        "know.lover_wolves": "lover", "know.favourite": "lover", "favourite.prompt": "lover",
    }  # fmt: skip

    for prefix, role in only.items():
        said = [s for s in played.notices.said if f"{s.key}.".startswith(f"{prefix}.")]
        assert said or prefix in SOMETIMES, prefix
        assert all(set(s.chats) <= holders[role] for s in said), prefix


def test_no_group_message_before_the_end_names_the_role_of_a_player_not_yet_elected(played: Played) -> None:
    table, notices = played.table, played.notices

    assert lines_naming_hidden_roles(played) == []
    assert notices_naming_hidden_roles(played) == []
    private = [s for s in notices.said if GROUP_CHAT not in s.chats]
    assert not [s.key for s in private if any(s.body in t for t in table.sent_to(GROUP))]


def test_every_private_button_was_legal_when_sent_and_old_ones_are_refused_politely(played: Played) -> None:
    table = played.table
    offers = table.offers
    stale = text("reason.phase.stale")

    assert [o for o in offers if not o.legal] == []
    assert {o.tap.action.kind for o in offers} == KINDS
    moves = [press for _, _, press in played.bots.moves]
    assert [p for p in moves if not p.answered or p.toast != text("tap.ok")] == []
    again = played.old_presses + played.end_presses
    assert played.old_presses
    assert played.end_presses
    assert [(p.player.name, p.data, p.toast) for p in again if not p.answered or p.toast != stale] == []
    assert played.versions[0] == played.versions[1], "an old button changed the game"
    assert {c.method for p in again for c in table.calls_of(p)} == {"answerCallbackQuery"}
    assert len(again) == len({(o.player, o.message_id) for o in offers})


def test_every_message_was_delivered_and_nothing_is_left_in_the_outbox(played: Played) -> None:
    assert_all_delivered(played.table, played.notices)
