"""What the person typed → what the playground does with it.

A number presses a shown button; an empty line moves the fake clock to the deadline; ``/quit`` and
``/help`` are the playground's own; any other ``/command`` goes to the service as a
:class:`~handlers.messages.TextCommand`, in the group or in the 1:1 chat as a player would send it there
(secret choices in private; CO, ``/ready``, the discussion's ``/extend`` and ``/skip``, the host's lobby
and game commands such as ``/option`` or ``/kick``, ``/settings`` and ``/stats`` in the group, [ADZ-11.2];
the screen heads each answer with its chat); other text is group talk (posted only while the person may
speak, [ADZ-8.1]).
"""

from __future__ import annotations

from dataclasses import dataclass

from handlers.messages import TextCommand

#: Commands a player types in the group chat; every other command goes to the 1:1 chat. ``/skip`` is the
#: group's vote to end the discussion (Saine's private 絶唱絶華 stays on her 1:1 button); ``/settings``,
#: ``/stats`` and the host's ``/kick``, ``/pause``, ``/resume`` are the group's; ``/rules``, ``/role`` and
#: ``/recap`` (the finished game's whole recap) are answered where they are asked, here in the group for
#: everyone to read.
GROUP_COMMANDS = frozenset(
    {"co", "ready", "newgame", "startgame", "cancel", "leave", "option", "pool", "settings", "stats", "kick",
     "pause", "resume", "extend", "skip", "rules", "role", "recap"}
)  # fmt: skip


@dataclass(frozen=True)
class Advance:
    """An empty line: jump to the deadline (or, while watching, to the next scene)."""


@dataclass(frozen=True)
class Press:
    """Press button ``number`` (1-based) of the last list shown."""

    number: int


@dataclass(frozen=True)
class Quit:
    """Leave the playground."""


@dataclass(frozen=True)
class Help:
    """Show the playground's commands (and ask the game for its help)."""


@dataclass(frozen=True)
class Send:
    """A command for the service, sent in the 1:1 chat (``private``) or the group."""

    private: bool
    command: TextCommand


@dataclass(frozen=True)
class Talk:
    """Plain text said in the group."""

    text: str


Typed = Advance | Press | Quit | Help | Send | Talk


def parse(line: str) -> Typed:
    """Classify one input line (see the module docstring)."""
    text = line.strip()
    if not text:
        return Advance()
    if text.isdigit():
        return Press(int(text))
    words = text[1:].split()
    if not text.startswith("/") or not words:
        return Talk(text)
    name, *args = words
    name = name.lower()
    if name in ("quit", "exit"):
        return Quit()
    if name == "help":
        return Help()
    return Send(private=name not in GROUP_COMMANDS, command=TextCommand(name, tuple(args)))
