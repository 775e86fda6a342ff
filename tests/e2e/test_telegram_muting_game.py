"""Speaking rights in a Telegram group through whole games [ADZ-8.1], [ADZ-11.3]: who can post in the
group at each phase, as the fake Bot API's member list shows it, and what the group is told when the bot
cannot mute. The scripted game is described in ``tests.e2e.muting``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import boto3
import pytest
from moto import mock_aws

import core.i18n as i18n
from core.engine.notice import PlayerRef
from infra.dynamodb import DynamoStore, create_table
from infra.store import GameStore
from tests.e2e import moves
from tests.e2e.harness import GROUP, Table
from tests.e2e.muting import SEATED, SPEAKERS, muted_seats, play_script, speech_table
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]


@dataclass
class Seen:
    """What the group looked like at each checkpoint of the script."""

    table: Table
    muted: dict[str, set[int]] = field(default_factory=dict)
    calls: dict[str, int] = field(default_factory=dict)  # restrictChatMember calls so far
    phases: dict[str, str] = field(default_factory=dict)

    def at(self, name: str) -> None:
        self.muted[name] = muted_seats(self.table)
        self.calls[name] = len(self.table.api.calls_to("restrictChatMember"))
        self.phases[name] = self.table.state().phase


def play(
    api: FakeTelegramApi, store: GameStore, *, owner_seat: int | None = None, admin_seat: int | None = None
) -> Seen:
    table = speech_table(api, store)
    for seat, make in ((owner_seat, api.members.make_owner), (admin_seat, api.members.promote)):
        if seat is not None:
            make(GROUP, table.people[seat - 1].number)
    seen = Seen(table)
    play_script(table, seen.at)
    seen.at("over")
    return seen


@pytest.fixture(scope="module")
def tables() -> Iterator[Callable[[], DynamoStore]]:
    """Fresh production stores, one DynamoDB table each, on moto (one mock for the whole module)."""
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        numbers = itertools.count()

        def new() -> DynamoStore:
            name = f"jinro-speech-{next(numbers)}"
            create_table(client, name)
            return DynamoStore(name, client)

        yield new


@pytest.fixture
def store(tables: Callable[[], DynamoStore]) -> DynamoStore:
    return tables()


@pytest.fixture(scope="module")
def admin(tables: Callable[[], DynamoStore]) -> Iterator[Seen]:
    """The script, with the bot an administrator allowed to restrict members."""
    with FakeTelegramApi() as api:
        api.members.promote(GROUP)
        yield play(api, tables())


@pytest.fixture(scope="module")
def plain(tables: Callable[[], DynamoStore]) -> Iterator[Seen]:
    """The script, with the bot a plain member of the group."""
    with FakeTelegramApi() as api:
        yield play(api, tables())


def test_the_script_passes_through_nights_discussions_and_votes(admin: Seen) -> None:
    assert admin.phases == {
        "night 0": "night", "day 1": "discussion", "vote 1": "vote", "night 1": "night",
        "day 2": "discussion", "vote 2": "vote", "over": "ended",
    }  # fmt: skip


def test_everyone_is_muted_at_night_and_while_ballots_are_open(admin: Seen) -> None:
    for name in ("night 0", "vote 1", "night 1", "vote 2"):
        assert admin.muted[name] == SEATED, name


def test_in_a_discussion_only_players_with_speaking_rights_may_post(admin: Seen) -> None:
    assert admin.muted["day 1"] == {4}  # frozen by Korunu
    assert admin.muted["day 2"] == {2, 4, 5, 6}  # not duelists (2, 4), dead (5 erased, 6 exiled)


def test_only_players_whose_rights_change_cost_a_call(admin: Seen) -> None:
    for before, after in itertools.pairwise([*SPEAKERS, "over"]):
        changed = admin.muted[before] ^ admin.muted[after]
        assert admin.calls[after] - admin.calls[before] == len(changed), after


def test_nobody_stays_muted_after_the_end(admin: Seen) -> None:
    assert admin.muted["over"] == set()
    assert admin.table.api.members.muted(GROUP) == set()


def test_a_mute_outlasts_the_phase_but_lifts_itself_if_the_bot_goes_quiet(
    api: FakeTelegramApi, store: GameStore
) -> None:
    api.members.promote(GROUP)
    table = speech_table(api, store)
    moves.open_lobby(table)
    moves.start(table)
    deadline = table.state().deadline_at
    for player in table.people:
        restriction = api.members.restriction(GROUP, player.number)
        assert restriction is not None
        assert deadline < restriction["until_date"] <= deadline + 3 * 3600


def test_a_bot_that_can_mute_posts_no_reminders(admin: Seen) -> None:
    texts = admin.table.sent_to(GROUP)
    assert not any(_howto() in text for text in texts)
    assert not any(_nobody() in text for text in texts)


def test_after_cancel_nobody_is_restricted(api: FakeTelegramApi, store: GameStore) -> None:
    api.members.promote(GROUP)
    table = speech_table(api, store)
    moves.open_lobby(table)
    moves.start(table)
    assert muted_seats(table) == SEATED
    table.in_group(table.people[0], "/cancel")
    assert table.state().phase == "cancelled"
    assert api.members.muted(GROUP) == set()


def test_without_the_right_the_group_gets_one_reminder_per_phase_naming_who_may_speak(plain: Seen) -> None:
    players = {p.seat: p.name for p in plain.table.state().players}
    expected = [
        _some({s: players[s] for s in speakers}) if speakers else _nobody() for speakers in SPEAKERS.values()
    ]
    reminders = [t for t in plain.table.sent_to(GROUP) if t.startswith((_nobody(), "🗣"))]
    assert [r.split("\n\n")[0] for r in reminders] == expected


def test_without_the_right_the_how_to_comes_once_and_nobody_is_touched(plain: Seen) -> None:
    texts = plain.table.sent_to(GROUP)
    assert sum(_howto() in text for text in texts) == 1
    assert _howto() in next(t for t in texts if t.startswith(_nobody()))
    assert plain.table.api.calls_to("restrictChatMember") == []
    assert plain.table.state().is_over


def test_group_admins_among_the_players_cannot_be_muted_and_the_game_goes_on(
    api: FakeTelegramApi, store: GameStore
) -> None:
    api.members.promote(GROUP)
    seen = play(api, store, owner_seat=1, admin_seat=4)
    for name, speakers in SPEAKERS.items():
        assert seen.muted[name] == SEATED - speakers - {1, 4}, name
    assert seen.muted["over"] == set()
    assert seen.table.state().is_over
    for seat in (1, 4):
        user = seen.table.people[seat - 1].number
        tried = [c for c in api.calls_to("restrictChatMember") if c.params["user_id"] == user]
        assert len(tried) == 1, f"seat {seat} was tried {len(tried)} times"


def _nobody() -> str:
    return i18n.text("speech.reminder.nobody", "ja", "adazakura")


def _howto() -> str:
    return i18n.text("speech.howto", "ja", "adazakura")


def _some(names: dict[int, str]) -> str:
    refs = [PlayerRef(seat=seat, name=name) for seat, name in sorted(names.items())]
    return i18n.text("speech.reminder.some", "ja", "adazakura", players=list(refs))
