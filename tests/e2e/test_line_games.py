"""Whole games of every available game in a LINE group, played only through the LINE webhook (issue 5,
"Tests"), against the fake LINE API, on moto, with the timer handler fired at phase deadlines.

Free mode (the default, design §4): each game ends; nothing is pushed; each reply answered the event
whose token it used, in that event's chat; every notice the rules produced reached each of its chats
(the 1:1 chats only through the players' own taps of 「自分の番」 and buttons); no private notice reached
the group; every button shown in a 1:1 chat for the phase then running was legal; the outbox is empty at
the end; a ``/recap`` longer than one reply reaches the group whole. Push mode: ``test_line_push.py``.
Bots and figures: :mod:`tests.e2e.line_bots`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest

import core.i18n as i18n
from handlers import decision, outbox
from handlers.line.render import MAX_OBJECTS
from handlers.recap.answer import recap_messages
from tests.e2e.line_bots import Played, assert_all_delivered, played_game
from tests.e2e.line_table import GROUP

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: The bots' choices (seeded): a DEATH NOTE 人狼 game of 5 (as the Telegram e2e test) that has nights,
#: kept short enough for this 2-core machine; 人狼 in free mode is [WW-10.10]'s "0 pushes a game".
PLAYERS = {"adazakura": 8, "politician": 8, "deathnote": 5, "werewolf": 8}


@pytest.fixture(scope="module", params=sorted(PLAYERS))
def played(request: pytest.FixtureRequest) -> Iterator[Played]:
    """One whole game of each game in free mode, played once for every test of this module."""
    game = cast(str, request.param)
    with played_game(game, PLAYERS[game]) as whole:
        yield whole


def test_the_game_ends_with_buttons_pressed_and_phases_closed_by_the_timer(played: Played) -> None:
    state = played.table.state()

    assert state.is_over
    assert state.result
    assert played.bots.presses, "nobody pressed a button"
    assert played.bots.timers > 0, "no phase was closed by the timer"


def test_everyone_joined_by_the_lobbys_postback_under_their_line_name(played: Played) -> None:
    table = played.table
    members = [(m.user_id, m.name) for m in table.state().members]

    assert members == [(p.chat, p.name) for p in table.people]
    assert [c.params["user"] for c in table.fake.calls_to("profile")] == [p.chat[5:] for p in table.people]


def test_free_mode_pushes_nothing(played: Played) -> None:
    fake = played.table.fake

    assert fake.pushed() == 0
    assert fake.calls_to("push") == []
    assert played.figures.replies > 0


def test_each_reply_used_the_token_of_the_event_it_answered_in_that_events_chat(played: Played) -> None:
    table = played.table
    events = [p for p in table.posted if p.event is not None]

    for posted in events:
        assert posted.token is not None
        assert posted.chat is not None
        assert table.fake.state.token_chat(posted.token) == posted.chat.removeprefix("line:")
        tokens = {call.body["replyToken"] for call in posted.calls if call.name == "reply"}
        assert tokens <= {posted.token}
        replies = [d for d in posted.delivered if d.via == "reply"]
        assert len(replies) <= 1
        assert {d.chat_id for d in replies} <= {posted.chat.removeprefix("line:")}
    timers = [p for p in table.posted if p.event is None]
    assert timers
    assert all(call.name != "reply" for p in timers for call in p.calls), "a timer has no token to reply with"


def test_every_notice_reached_each_of_its_chats_by_reply(played: Played) -> None:
    assert_all_delivered(played)


def test_no_private_notice_reached_the_group(played: Played) -> None:
    group = "\n".join(played.table.fake.readable(GROUP))
    private = [s for s in played.notices.said if GROUP not in s.chats]

    assert private
    assert [s.key for s in private if s.body in group] == []


def test_every_button_shown_for_the_running_phase_was_legal_when_it_arrived(played: Played) -> None:
    offers = played.table.offers

    assert [o for o in offers if o.current]
    assert [(o.player.name, o.data) for o in offers if o.current and not o.legal] == []


def test_a_recap_longer_than_one_reply_reaches_the_group_whole(
    played: Played, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/recap`` of an ending that comes as more messages than a LINE reply carries (5 objects): here each
    notice is its own message, as a long game's recap is several; every part arrives, none cut."""
    table = played.table
    monkeypatch.setattr(outbox, "MERGE_LIMIT", 1)  # no two notices of the ending merged
    loaded = decision.load_whole(table.store, table.game_id)
    assert loaded is not None
    parts = recap_messages(loaded, GROUP, table.service.desk, int(table.clock()))
    if len(parts) <= MAX_OBJECTS:
        pytest.skip(f"{loaded.state.game}'s ending has {len(parts)} notices: one reply carries them")

    posted = table.say(table.people[0], GROUP, "/recap")

    replied = posted.replied()
    shown = "\n".join(str(o.get("text", "")) for o in replied)
    assert 0 < len(replied) <= MAX_OBJECTS
    assert [p.text for p in parts if p.text not in shown] == []
    assert i18n.text("line.text.cut", loaded.state.locale, "common") not in shown
