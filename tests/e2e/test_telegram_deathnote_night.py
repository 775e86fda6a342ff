"""DEATH NOTE 人狼 at night in a Telegram group whose bot may mute members (``deathnote.md`` §11.3, §11.4):
nobody may post while night lasts, and the Kira–Follower relay arrives without a notification sound.
Both Lambdas mute through ``tests.e2e.muting.speech_table``; the seats are the test mode's (§1.4).
"""

from __future__ import annotations

import pytest

from core.engine.notice import Action
from infra.store import GameStore
from tests.e2e.deathnote import GAME
from tests.e2e.harness import GROUP, open_and_start
from tests.e2e.muting import choose, muted_seats, speech_table
from tests.fakes.telegram_api import Call, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: Six seats in join order (test mode): seats 1-2 the L's, 3-4 Police, 5 Kira (holding the Death Note),
#: 6 the Follower; round 2, everyone but seat 6 has played, so seat 6's card ends the round and the
#: first Judgment opens (§4.1).
NIGHT_SETUP = {
    "identities": ["IDENT_L", "IDENT_NEAR_MELLO", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE",
                   "IDENT_KIRA", "IDENT_FOLLOWER"],
    "hands": [["AR1", "IR1"], ["AR2", "IL1"], ["EX1", "IL2"], ["EX2", "IR2"], ["DN", "SV1"], ["AL", "IL3"]],
    "draw": ["SV2", "FN", "IL4", "IR3", "IR4", "EX3", "EX4", "EX5", "SV3", "SV4", "AP", "SH"],
    "round": 2, "start": 1, "active": 6, "played": [1, 2, 3, 4, 5],
}  # fmt: skip


def test_at_night_the_group_is_muted_and_the_relay_is_silent(api: FakeTelegramApi, store: GameStore) -> None:
    """§11.3: nobody may post during a night; §11.4: a relayed signal arrives with
    ``disable_notification``, the sender's own confirmation and a non-team signal do not."""
    api.members.promote(GROUP)
    table = speech_table(api, store, settings={"setup": NIGHT_SETUP})
    muted: dict[str, set[int]] = {}
    open_and_start(table, GAME)
    muted["turn"] = muted_seats(table)
    choose(table, 6, Action(kind="play.ALIBI"))
    assert table.state().phase == "judgment"
    muted["night"] = muted_seats(table)

    def signal(seat: int, action: Action) -> list[Call]:
        before = len(api.calls)
        choose(table, seat, action)
        return [c for c in api.calls[before:] if c.method == "sendMessage"]

    kira, follower, police = (table.player_at(s).number for s in (5, 6, 2))
    to_follower = signal(5, Action(kind="signal.yes"))
    to_kira = signal(6, Action(kind="signal.point", args=(5,)))
    nowhere = signal(2, Action(kind="signal.no"))
    choose(table, 5, Action(kind="name", args=(1,)))
    table.fire_timer_at_deadline()
    muted["morning"] = muted_seats(table)
    table.in_private(table.people[0], "/cancel")
    muted["over"] = muted_seats(table)

    # One commit's messages to different chats go out at once, in no fixed order between the chats.
    assert sorted((c.params["chat_id"], _silent(c)) for c in to_follower) == sorted(
        [(follower, True), (kira, False)]
    )
    assert sorted((c.params["chat_id"], _silent(c)) for c in to_kira) == sorted(
        [(kira, True), (follower, False)]
    )
    assert [(c.params["chat_id"], _silent(c)) for c in nowhere] == [(police, False)]
    assert muted == {"turn": set(), "night": set(range(1, 7)), "morning": {1}, "over": set()}
    assert not table.state().players[0].alive


def _silent(call: Call) -> bool:
    """Whether a ``sendMessage`` asked for no notification sound (PTB sends the flag as ``"true"``)."""
    return str(call.params.get("disable_notification", "")).lower() == "true"
