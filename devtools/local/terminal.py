"""The person's screen and keyboard: the group chat and their own 1:1 chat, never anyone else's.

Messages are printed in the order they were sent, under a header whenever the chat changes; buttons are
numbered and a number presses the matching button of the last list shown. Colour (ANSI) is used only
when the output is a terminal and ``NO_COLOR`` is unset. Input is read line by line from the keyboard,
a script or a pipe; the end of the input means ``/quit``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TextIO

from core.engine.context import REMATCH
from devtools.local.game import LocalGame
from devtools.local.parse import Advance, Help, Press, Quit, Send, Talk, parse
from devtools.local.sender import GROUP_CHAT, Entry
from devtools.local.texts import game_name, help_text, ui
from handlers.messages import Button, Outcome, TextCommand

#: Reads one line (without the newline) or returns None at the end of the input.
Reader = Callable[[], "str | None"]

_GROUP, _PRIVATE, _NUMBER, _NOTE, _RESET = "\033[1;36m", "\033[1;33m", "\033[1m", "\033[2m", "\033[0m"


def wants_color(out: TextIO) -> bool:
    """ANSI colour only on a terminal, and never when ``NO_COLOR`` is set (no-color.org)."""
    return out.isatty() and not os.environ.get("NO_COLOR")


class Screen:
    """Prints what ``game``'s person may see to ``out``; remembers the last button list shown."""

    def __init__(self, game: LocalGame, out: TextIO, *, color: bool) -> None:
        self.game = game
        self.out = out
        self.color = color
        self.cursor = 0
        self.chat: str | None = None
        self.buttons: list[tuple[Button, bool]] = []
        #: The last 「もう一回」 button shown in the group (the finished game's), pressed by its number.
        self.rematch: Button | None = None
        #: Whether a recap page's URL was printed (a message with a ``link``), or where the recap is said.
        self.recap_shown = False

    def paint(self, text: str, style: str) -> str:
        return f"{style}{text}{_RESET}" if self.color else text

    def note(self, key: str, **params: object) -> None:
        """A line of the playground itself (not a chat message)."""
        self.out.write(self.paint(ui(key, self.game.lang, self.game.game, **params), _NOTE) + "\n")

    def ack(self, outcome: Outcome) -> None:
        if outcome.ack:
            self.note("ack", text=outcome.ack)

    def show(self) -> None:
        """Print every new message of the group and of the person's 1:1 chat."""
        visible = frozenset({GROUP_CHAT, self.game.person})
        for entry in self.game.sender.since(self.cursor, visible):
            self._entry(entry)
        self.cursor = len(self.game.sender.log)
        self.out.flush()

    def _entry(self, entry: Entry) -> None:
        if entry.chat_id != self.chat:
            self.chat = entry.chat_id
            group = entry.chat_id == GROUP_CHAT
            header = ui("header.group" if group else "header.private", self.game.lang)
            self.out.write(self.paint(header, _GROUP if group else _PRIVATE) + "\n")
        text = ui("said", self.game.lang, name=entry.author, text=entry.text) if entry.author else entry.text
        self.out.write(text + "\n")
        if entry.link is not None:  # the recap page, where a server serves it (devtools.local.web)
            self.out.write(self.paint(ui("recap.page", self.game.lang, url=entry.link.url), _NOTE) + "\n")
            self.recap_shown = True
        if entry.buttons:
            private = entry.chat_id != GROUP_CHAT
            self.buttons = [(button, private) for button in entry.buttons]
            self.rematch = next((b for b in entry.buttons if b.tap.action.kind == REMATCH), self.rematch)
            for number, button in enumerate(entry.buttons, start=1):
                self.out.write(f"  {self.paint(f'[{number}]', _NUMBER)} {button.label}\n")
        self.out.write("\n")


async def play(game: LocalGame, screen: Screen, read: Reader, *, seed: int, echo: bool) -> int:
    """Run the game to its end or to ``/quit``; returns the process exit status (0). At the end, while
    the group shows the finished game's 「もう一回」 button, it keeps reading: its number opens the next
    lobby with the same players, started with ``/startgame``; an empty line or ``/quit`` leaves."""
    name = game.names[game.person]
    players, title = len(game.names), game_name(game.game, game.lang)
    screen.note("opening", game=title, players=players, bots=players - 1, seed=seed, name=name)
    if not game.auto:
        screen.note("hint")
    await game.open()
    await game.settle()
    screen.show()
    watching = offered = False
    while not game.is_over or _rematch_offered(game, screen):
        if game.is_over:
            if not offered:
                _recap_pointer(screen)
                screen.note("rematch")
            offered = True
        elif game.auto:
            if not await game.step():
                break
            screen.show()
            continue
        elif game.person_watching != watching:
            # Out: Enter shows the next scene. Back (a revival, a dead Kanae's deduction): the hint again,
            # since Enter now jumps to the deadline of what the person has to do.
            watching = game.person_watching
            screen.note("watch" if watching else "hint")
        offered = offered and game.is_over
        line = read()
        if line is None:
            break
        if echo:
            screen.out.write(f"> {line}\n")
        if game.is_over and not line.strip():
            break  # after the end nothing is left to advance: Enter leaves
        if not await _handle(game, screen, line):
            break
        screen.show()
    if game.is_over:
        _recap_pointer(screen)
    screen.note("over" if game.is_over else "bye")
    return 0


def _recap_pointer(screen: Screen) -> None:
    """Once, after the end: where the whole recap is (``/recap``), unless a recap page's URL was shown."""
    if not screen.recap_shown:
        screen.note("recap.text")
        screen.recap_shown = True


def _rematch_offered(game: LocalGame, screen: Screen) -> bool:
    """Whether the person can still press the finished game's 「もう一回」 (never with ``--auto``)."""
    return not game.auto and screen.rematch is not None and screen.rematch.tap.game_id == game.game_id


async def _handle(game: LocalGame, screen: Screen, line: str) -> bool:
    """Carry out one typed line; False for ``/quit``."""
    typed = parse(line)
    if isinstance(typed, Quit):
        return False
    if isinstance(typed, Advance):
        if not await game.step():
            screen.note("no_deadline")
        elif game.person_alive:
            screen.note("advanced")
    elif isinstance(typed, Press):
        await _press(game, screen, typed.number)
    elif isinstance(typed, Help):
        screen.out.write(help_text(game.lang) + "\n\n")
        screen.ack(await game.person_says(TextCommand("help"), private=True))
    elif isinstance(typed, Send):
        screen.ack(await game.person_says(typed.command, private=typed.private))
    elif isinstance(typed, Talk):
        _talk(game, screen, typed.text)
    return True


def _talk(game: LocalGame, screen: Screen, text: str) -> None:
    """Post ``text`` in the group only when the person may speak now [ADZ-8.1]; else remind them."""
    if game.person_may_speak:
        game.sender.said(GROUP_CHAT, game.names[game.person], text)
    else:
        screen.note("no_speech")


async def _press(game: LocalGame, screen: Screen, number: int) -> None:
    if not screen.buttons:
        screen.note("no_buttons")
        return
    if not 1 <= number <= len(screen.buttons):
        screen.note("bad_number", max=len(screen.buttons))
        return
    button, private = screen.buttons[number - 1]
    screen.ack(await game.press(button.tap, private=private))
