"""After the game, through the service (issue 8 item 6): the result counted in the group's ``/stats``
(once, never for a cancelled game) and the 「もう一回」 button (a new lobby with the same players and
settings, hosted by the tapper; refused politely otherwise)."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from core.engine.bots import Driver, next_now
from core.engine.notice import Action
from core.engine.rng import Rng
from core.i18n.catalog import lookup
from handlers.messages import Inbound, Intent, Outcome, OutMessage, Tap, TextCommand
from handlers.service import Service
from infra.store import MemoryStore

GROUP = "local:group"
PLAYERS = 5
#: 徒桜戦争 test mode [ADZ-11.10]: seat 1 is Yatsuha, the only Adazakura-side player.
SETUP = {"seats": ["yatsuha/A", "shinra/S", "megumi/S", "himika/S", "mizuki/S"]}


class Recorder:
    def __init__(self) -> None:
        self.sent: list[OutMessage] = []

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)


class Group:
    """One group on the local platform with a service over a :class:`MemoryStore`."""

    def __init__(self, **settings: Any) -> None:
        ids = (f"g{i}" for i in itertools.count(1))
        self.store, self.sender = MemoryStore(), Recorder()
        self.service = Service(
            self.store, self.sender, new_id=lambda: next(ids), new_seed=lambda: 7,
            settings_for=lambda chat_id: dict(settings),
        )  # fmt: skip
        self.deliveries = itertools.count(1)
        self.now = 1_000

    def send(
        self, user: int, intent: Intent, *, private: bool = False, delivery: str | None = None
    ) -> Outcome:
        uid = f"local:{user}"
        inbound = Inbound(
            "local", delivery or f"d{next(self.deliveries)}", uid if private else GROUP, private, uid,
            f"P{user}", intent,
        )  # fmt: skip
        self.now += 1
        return asyncio.run(self.service.handle(inbound, now=self.now))

    def say(self, user: int, text: str, *, private: bool = False) -> Outcome:
        name, *args = text.removeprefix("/").split()
        return self.send(user, TextCommand(name, tuple(args)), private=private)

    def lobby(self, *commands: str) -> str:
        self.say(1, "/newgame")
        game_id = self.store.get_pointer("chat", GROUP)
        assert game_id is not None
        for user in range(1, PLAYERS + 1):
            self.say(user, f"/start {game_id}", private=True)
        for command in commands:
            self.say(1, command)
        return game_id

    def state(self, game_id: str) -> Any:
        loaded = self.service.runner.load(game_id)
        assert loaded is not None
        return loaded.state

    def play_out(self, game_id: str) -> Any:
        """Bots press every player's buttons through the service until the game is over."""
        state = self.state(game_id)
        loaded = self.service.runner.load(game_id)
        assert loaded is not None
        driver = Driver(loaded.rules, Rng.seeded(3))
        while (command := driver.next_command(state)) is not None:
            self.now = next_now(state, command, self.now)
            asyncio.run(self.service.runner.apply(game_id, command, delivery_id=None, now=self.now))
            state = self.state(game_id)
        return state

    def group_texts(self) -> list[str]:
        return [m.text for m in self.sender.sent if m.chat_id == GROUP]

    def rematch_tap(self) -> Tap:
        buttons = [b for m in self.sender.sent if m.chat_id == GROUP for row in m.buttons for b in row]
        [tap] = [b.tap for b in buttons if b.tap.action.kind == "rematch"]
        return tap


def finished(**settings: Any) -> tuple[Group, str]:
    group = Group(setup=SETUP, **settings)
    game_id = group.lobby("/option discussion 120", "/startgame")
    assert group.play_out(game_id).phase == "ended"
    return group, game_id


def ja(key: str, game: str = "adazakura") -> str:
    return lookup(key, "ja", game).split("{", 1)[0]


# -- stats ----------------------------------------------------------------------------------------------


def test_a_finished_game_is_counted_with_its_winning_side_and_shown_by_stats() -> None:
    group, game_id = finished()
    winners = group.state(game_id).result  # Yatsuha is the only Adazakura-side seat: no Renri
    record = group.store.load_group(GROUP)
    assert record is not None
    assert record.stats == {"adazakura": {"games": 1, "wins": {winners: 1}}}
    group.say(2, "/stats")
    answer = group.group_texts()[-1]
    assert "徒桜戦争" in answer
    assert lookup(f"side.{winners}", "ja", "adazakura") in answer
    assert "1ゲーム" in answer


def test_a_cancelled_game_is_not_counted() -> None:
    group = Group(setup=SETUP)
    group.lobby("/startgame", "/cancel")
    assert group.store.load_group(GROUP) is None
    group.say(3, "/stats")
    assert group.group_texts()[-1] == lookup("stats.none", "ja", "common")


def test_stats_speaks_the_groups_language_and_only_in_the_group() -> None:
    group, _ = finished(locale="en")
    group.say(2, "/stats")
    assert group.group_texts()[-1].startswith(lookup("stats.title", "en", "common"))
    group.say(2, "/stats", private=True)
    private = [m.text for m in group.sender.sent if m.chat_id == "local:2"]
    assert private[-1] == lookup("reason.stats.group_only", "en", "common")  # the runtime's language


# -- rematch --------------------------------------------------------------------------------------------


def test_the_end_of_the_game_offers_the_rematch_button_in_the_group() -> None:
    group, game_id = finished()
    assert group.rematch_tap().game_id == game_id
    # The button closes the game's last group message (after the result and the recap).
    last = [m for m in group.sender.sent if m.chat_id == GROUP][-1]
    assert [b.tap.action.kind for row in last.buttons for b in row] == ["rematch"]
    assert last.text.endswith(lookup("game.rematch", "ja", "common"))


def test_a_rematch_seats_the_same_players_with_the_same_settings_and_the_tapper_hosts() -> None:
    group, old_id = finished()
    outcome = group.send(3, group.rematch_tap())
    assert outcome.ack == lookup("rematch.ok", "ja", "common")
    new_id = group.store.get_pointer("chat", GROUP)
    assert new_id not in (None, old_id)
    new, old = group.state(new_id), group.state(old_id)  # type: ignore[arg-type]
    assert new.phase == "lobby"
    assert new.host == "local:3"
    assert [m.user_id for m in new.members] == [m.user_id for m in old.members]
    assert new.settings["options"] == {"discussion": 120}
    assert all(group.store.get_pointer("user", f"local:{u}") == new_id for u in range(1, PLAYERS + 1))
    opened = group.group_texts()[-1]
    assert opened.startswith("🔁 P3さんが同じメンバーで")
    assert "P1, P2" in opened or "P1、P2" in opened
    assert "discussion = 120" in opened


def test_the_rematch_lobby_starts_at_once_for_its_new_host() -> None:
    group, _ = finished()
    group.send(4, group.rematch_tap())
    new_id = group.store.get_pointer("chat", GROUP)
    group.say(4, "/startgame")
    assert group.state(new_id).phase == "night"  # type: ignore[arg-type]


def test_a_second_tap_is_refused_politely_and_changes_nothing() -> None:
    group, _ = finished()
    tap = group.rematch_tap()
    group.send(3, tap)
    new_id = group.store.get_pointer("chat", GROUP)
    version = group.store.load(new_id).version  # type: ignore[arg-type, union-attr]
    second = group.send(5, tap)
    assert second.ack == lookup("reason.rematch.lobby_open", "ja", "common")
    assert group.store.get_pointer("chat", GROUP) == new_id
    assert group.store.load(new_id).version == version  # type: ignore[arg-type, union-attr]
    group.say(3, "/startgame")
    running = group.send(2, tap)
    assert running.ack == lookup("reason.game.running", "ja", "common")


def test_someone_who_did_not_play_cannot_start_the_rematch() -> None:
    group, old_id = finished()
    refused = group.send(9, group.rematch_tap())
    assert refused.ack == lookup("reason.rematch.not_player", "ja", "common")
    assert group.store.get_pointer("chat", GROUP) == old_id


def test_a_redelivered_rematch_tap_opens_one_lobby() -> None:
    group, _ = finished()
    tap = group.rematch_tap()
    group.send(2, tap, delivery="tap-1")
    new_id = group.store.get_pointer("chat", GROUP)
    texts = len(group.group_texts())
    again = group.send(2, tap, delivery="tap-1")
    assert again.result == "duplicate"
    assert group.store.get_pointer("chat", GROUP) == new_id
    assert len(group.group_texts()) == texts


def test_a_cancelled_game_has_no_rematch_and_a_forged_tap_on_it_is_refused() -> None:
    group = Group(setup=SETUP)
    game_id = group.lobby("/startgame", "/cancel")
    assert not any(
        b.tap.action.kind == "rematch" for m in group.sender.sent for row in m.buttons for b in row
    )
    refused = group.send(1, Tap(game_id=game_id, phase_seq=None, action=Action(kind="rematch")))
    assert refused.ack == lookup("reason.rematch.not_ended", "ja", "common")
