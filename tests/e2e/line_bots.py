"""Bot players for whole games in a LINE group, played only through webhook events (issue 5, "Tests"), and
the figures of a game (pushes, replies) that the benchmark reuses (:func:`play_line_game`).

What a bot does is what a LINE player can do. In the 1:1 chat, once per phase: tap the rich menu's
「自分の番」 (postback ``~nudge``) and read the reply, again while a reply comes full (5 message objects:
more may wait). Then, if the newest message with buttons of the phase now running is one it has not
answered yet, tap one of its buttons (seeded random, "back" excepted), following menu levels; the answer to
a tap brings what waits for that player too. In the group: someone taps 「進行」 or chats (both deliver
what waits for the group). A round in which nobody pressed anything and the phase did not move ends with
the clock at the phase's deadline and the timer handler firing. The order of the players and their
choices come from a seeded ``random.Random``, so a run is the same every time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from unittest import mock

from handlers import menu, outbox, records
from handlers.messages import Tap
from tests.e2e.harness import NoticeLog, moto_store, undelivered
from tests.e2e.line_table import GROUP, LinePlayer, LineTable, Posted, line_players, postbacks
from tests.fakes.line_api import FakeLineApi

#: Players per game in the whole-game tests and the benchmark: 8 (the issue's benchmark size) where the
#: game allows it; DEATH NOTE 人狼 takes 4-6.
PLAYERS = {"adazakura": 8, "politician": 8, "deathnote": 6, "werewolf": 8}
#: A LINE reply or push carries at most 5 message objects: a full reply may leave more waiting.
FULL = 5
#: Only stops a broken game from looping forever (a DEATH NOTE 人狼 game is at most 20 rounds of turns,
#: secret steps and a night).
MAX_ROUNDS = 600
MAX_PULLS = 10
MAX_MENU_LEVELS = 4
CHATTER = ("おはよう", "誰が怪しい？", "なるほど")


@dataclass
class Bots:
    """Every seat played by a bot. ``presses``: every button pressed, with its input; ``timers``: timer
    wake-ups fired; ``answered``: keyboards already answered, as (chat, message id); ``looked``: the phase
    (``phase_seq``) in which each player last tapped 「自分の番」."""

    table: LineTable
    rng: random.Random
    presses: list[tuple[LinePlayer, Tap, Posted]] = field(default_factory=list)
    timers: int = 0
    answered: set[tuple[str, int]] = field(default_factory=set)
    looked: dict[str, int] = field(default_factory=dict)

    def play(self, max_rounds: int = MAX_ROUNDS) -> None:
        """Rounds until the game is over; ``AssertionError`` naming the phase when it is not by then."""
        for _ in range(max_rounds):
            if self.table.state().is_over:
                return
            self.round()
        state = self.table.state()
        raise AssertionError(f"not over after {max_rounds} rounds: phase {state.phase} #{state.phase_seq}")

    def round(self) -> None:
        """Each living player (random order) pulls if the phase moved since they last did, and answers a
        keyboard; the group is nudged; the timer fires if nothing was pressed and the phase did not move."""
        start = self.table.state().phase_seq
        players = self.table.living()
        self.rng.shuffle(players)
        pressed = False
        for player in players:
            if self.looked.get(player.chat) != self.table.state().phase_seq:
                self.pull(player)
            pressed = self.act(player) or pressed
        self.group_side()
        if not pressed and self.table.state().phase_seq == start:
            self.timers += 1
            self.table.fire_timer_at_deadline()

    def pull(self, player: LinePlayer) -> None:
        """「自分の番」 until a reply comes less than full."""
        self.looked[player.chat] = self.table.state().phase_seq
        for _ in range(MAX_PULLS):
            if len(self.table.my_turn(player).replied()) < FULL:
                return
        raise AssertionError(f"{player.name} still has messages waiting after {MAX_PULLS} pulls")

    def group_side(self) -> None:
        """Someone taps 「進行」 or chats in the group, then 「進行」 while replies come full."""
        speaker = self.rng.choice(self.table.living() or self.table.people)
        if self.rng.random() < 0.5:
            posted = self.table.progress(speaker)
        else:
            posted = self.table.say(speaker, GROUP, self.rng.choice(CHATTER))
        for _ in range(MAX_PULLS):
            if len(posted.replied()) < FULL:
                return
            posted = self.table.progress(speaker)
        raise AssertionError(f"the group still has messages waiting after {MAX_PULLS} taps of 進行")

    def act(self, player: LinePlayer) -> bool:
        """Answer the newest keyboard of the phase now running, if not answered yet; whether it did."""
        seq = self.table.state().phase_seq
        keyboard = self.keyboard(player, seq)
        if keyboard is None:
            return False
        for _ in range(MAX_MENU_LEVELS):
            choices = [(d, t) for d, t in keyboard if t.action.kind != menu.BACK and t.phase_seq == seq]
            if not choices:
                return True
            data, tap = self.rng.choice(choices)
            self.table.tick()
            self.presses.append((player, tap, self.table.tap(player, player.chat, data)))
            if not tap.menu:
                return True
            keyboard = self.keyboard(player, seq)  # the next menu level, the tap's reply
            if keyboard is None:
                return True
        return True

    def keyboard(self, player: LinePlayer, seq: int) -> list[tuple[str, Tap]] | None:
        """The buttons of the newest message in ``player``'s chat with buttons of phase ``seq``, unless
        answered already (it is marked answered)."""
        for delivery in reversed(self.table.fake.deliveries(player.chat)):
            for index in reversed(range(len(delivery.messages))):
                shown = postbacks([delivery.messages[index]])
                if any(tap.phase_seq == seq for _, tap in shown):
                    key = (player.chat, delivery.first_id + index)
                    if key in self.answered:
                        return None
                    self.answered.add(key)
                    return shown
        return None

    def finish(self) -> None:
        """After the end: everyone pulls what waits for them, and the group is nudged."""
        for player in self.table.people:
            self.pull(player)
        self.group_side()


@dataclass(frozen=True)
class Figures:
    """What one whole game cost on LINE. ``pushes``: counted push messages (recipients; what the plan
    bills), in ``push_calls`` calls; ``replies``: reply calls (free); ``events``: webhook events the
    players sent; ``timers``: timer wake-ups fired."""

    game: str
    players: int
    mode: str
    push_budget: int | None
    pushes: int
    push_calls: int
    replies: int
    events: int
    timers: int

    def __str__(self) -> str:
        budget = "" if self.push_budget is None else f" (budget {self.push_budget})"
        return (
            f"{self.game} ×{self.players} {self.mode}{budget}: {self.pushes} pushes in {self.push_calls} "
            f"calls, {self.replies} replies, {self.events} events, {self.timers} timers"
        )


@dataclass
class Played:
    """A whole game: the table, every notice the rules produced, the bots and the figures."""

    table: LineTable
    notices: NoticeLog
    bots: Bots
    figures: Figures


def open_and_start(table: LineTable, game: str) -> None:
    """Everyone in the group adds the account as a friend; the first opens a lobby of ``game``; everyone
    taps its join button; the host starts."""
    host = table.people[0]
    for player in table.people:
        table.befriend(player)
    table.say(host, GROUP, f"/newgame {game}")
    for player in table.people:
        table.join_lobby(player)
    table.say(host, GROUP, "/startgame")


@contextmanager
def played_game(
    game: str,
    players: int | None = None,
    mode: str = "free",
    *,
    push_budget: int | None = None,
    seed: int = 1,
) -> Iterator[Played]:
    """Play a whole game of ``game`` with ``players`` bots (default :data:`PLAYERS`) in delivery ``mode``
    on a fake LINE API and moto, then everyone pulls; yields it while the fake and the store still live.
    ``seed``: the bots' choices."""
    count = players or PLAYERS[game]
    log = NoticeLog()
    with FakeLineApi() as fake, moto_store() as store:
        with mock.patch.object(outbox, "render_notices", log.wrap(outbox.render_notices)):
            table = LineTable(fake, store, line_players(count), mode=mode, push_budget=push_budget)
            try:
                bots = Bots(table, random.Random(seed))
                open_and_start(table, game)
                bots.play()
                bots.finish()
            except BaseException:
                table.close()
                raise
        figures = Figures(
            game, count, mode, push_budget,
            pushes=fake.pushed(), push_calls=len(fake.deliveries(via="push")),
            replies=len(fake.deliveries(via="reply")), events=sum(p.event is not None for p in table.posted),
            timers=bots.timers,
        )  # fmt: skip
        try:
            yield Played(table, log, bots, figures)
        finally:
            table.close()


def play_line_game(
    game: str, players: int | None = None, mode: str = "free", *, push_budget: int | None = None
) -> Figures:
    """The figures of one whole game (for ``bench/run.py``): see :func:`played_game`."""
    with played_game(game, players, mode, push_budget=push_budget) as played:
        return played.figures


def assert_all_delivered(played: Played) -> None:
    """Every notice the rules produced reached each of its chats (a chat's message objects read joined:
    a long text arrives in several), and the game's outbox is empty."""
    table = played.table
    assert table.waiting() == {}
    joined = {chat: "\n".join(table.fake.readable(chat)) for s in played.notices.said for chat in s.chats}
    assert undelivered(played.notices.said, joined) == []


def counted_pushes(table: LineTable) -> int:
    """The pushes the game counted against its budget (its send record, ``handlers.sendlog``)."""
    stored = table.store.load(table.game_id)
    assert stored is not None
    return sum(log.cost for log in records.load(stored.records).chats.values())
