"""What every game's render test shares: seeded bots games whose every notice, refusal and button is
collected (with a player's questions and stray taps along the way), and the checks that each renders in
words, in every language, without raw ids, keys, bools or epoch seconds.

A game's ``test_<game>_render.py`` builds one :class:`Walk` (its rules, the raw ids to look for, the stray
taps worth trying) and adds its own tables and wording checks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.engine.bots import play_out, start_bot_game
from core.engine.commands import Act, Command, Query, Say
from core.engine.notice import Action, Notice
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.games import GameRules
from core.i18n import render, render_action, text

NOW = 1_700_000_000
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@dataclass
class Heard:
    """Everything the games made the bot say: notices (with the game they belong to), refusals, buttons."""

    notices: list[tuple[int, Notice]] = field(default_factory=list)
    refusals: list[Rejected] = field(default_factory=list)
    buttons: set[Action] = field(default_factory=set)

    def add(self, game: int, notices: list[Notice]) -> None:
        self.notices += [(game, n) for n in notices]
        self.buttons.update(a for n in notices for a in n.actions)


@dataclass(frozen=True)
class Walk:
    """One game's walk: ``raw`` matches what must never reach a player; ``stray`` is the tap tried before
    any button was seen; ``extra`` builds more stray commands of a user; one step in ``ask_every`` (and
    the last) also asks questions and presses a stray button."""

    rules: GameRules
    raw: re.Pattern[str]
    stray: Action
    extra: Callable[[str], list[Command]] = lambda _: []
    ask_every: int = 12

    def ask(self, heard: Heard, game: int, state: Any, rng: random.Random) -> None:
        """A player's questions, stray taps and a typed text at ``state`` (never applied)."""
        seats = self.rules.seats(state)
        for each in seats:
            heard.buttons.update(self.rules.legal_actions(state, each))
        user = seats[rng.choice(sorted(seats))].user_id
        now = (state.deadline_at or NOW) - 1
        stray = rng.choice(sorted(heard.buttons, key=repr)) if heard.buttons else self.stray
        commands: list[Command] = [
            Query(
                user_id=user, what=rng.choice(("me", "status", "board", "help")), public=rng.random() < 0.5
            ),
            Act(user_id=user, action=stray),
            Act(user_id=user, action=stray, phase_seq=state.phase_seq - 1),
            *self.extra(user),
            Say(user_id=user, text="hello"),
        ]
        for command in commands:
            outcome = self.rules.decide(state, command, now=now)
            if isinstance(outcome, Rejected):
                heard.refusals.append(outcome)
            else:
                heard.add(game, outcome.notices)

    def dealt(self, size: int, seed: int, options: Sequence[dict[str, Any]]) -> Accepted[Any]:
        """The deal at :data:`NOW` of a ``size``-player table (deal seed ``seed * 100 + size``) with the
        host options ``options[seed % len(options)]``."""
        settings = {"options": options[seed % len(options)]}
        return start_bot_game(self.rules, size, seed=seed * 100 + size, settings=settings, now=NOW)

    def drive(self, heard: Heard, game: int, start: Accepted[Any], now: int, *, bots: int, asks: int) -> None:
        """Play ``start`` to its end with bots seeded ``bots``, asking (``asks`` seeds the questions)."""
        heard.add(game, start.notices)
        rng = random.Random(asks)
        steps = [0]

        def on_step(result: Accepted[Any]) -> None:
            heard.add(game, result.notices)
            steps[0] += 1
            if steps[0] % self.ask_every == 0 or result.state.is_over:
                self.ask(heard, game, result.state, rng)

        self.ask(heard, game, start.state, rng)
        play_out(self.rules, start.state, Rng.seeded(bots), now, heard=list(start.notices), on_step=on_step)

    def lobby_try(self, heard: Heard, state: Any, command: Command) -> Any:
        """Send a lobby command; a refusal is kept, else its notices; the state after it."""
        outcome = self.rules.decide(state, command, now=NOW)
        if isinstance(outcome, Rejected):
            heard.refusals.append(outcome)
            return state
        heard.add(-1, outcome.notices)
        return outcome.state

    def bad(self, body: str, locale: str) -> bool:
        """A raw value, or Japanese in another language's text."""
        return bool(self.raw.search(body)) or (locale != "ja" and bool(JAPANESE.search(body)))

    def unreadable_notices(self, heards: list[Heard], locale: str) -> dict[str, str]:
        """``{key: text}`` of every notice that renders empty, raw, or with a gap of blank lines."""
        bad: dict[str, str] = {}
        for heard in heards:
            for _, notice in heard.notices:
                body = render(notice, locale, self.rules.id)
                if not body or self.bad(body, locale) or "\n\n\n" in body:
                    bad[notice.key] = body
        return bad

    def unreadable_refusals(self, heards: list[Heard], locale: str) -> dict[str, str]:
        """``{reason: text}`` of every refusal that renders empty or raw."""
        bad: dict[str, str] = {}
        for heard in heards:
            for refusal in heard.refusals:
                body = text(f"reason.{refusal.reason}", locale, self.rules.id, **refusal.params)
                if not body or self.bad(body, locale):
                    bad[refusal.reason] = body
        return bad

    def unreadable_labels(self, buttons: set[Action], locale: str, names: dict[int, str]) -> list[Action]:
        """Buttons whose label renders empty or raw."""
        labels = {action: render_action(action, locale, self.rules.id, names) for action in buttons}
        return [a for a, label in labels.items() if not label or self.bad(label, locale)]
