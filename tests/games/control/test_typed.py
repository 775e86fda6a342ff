"""The typed discussion-control commands (``handlers/textcommands.py``): ``/skip`` in the group is the vote
to end the discussion, while in the 1:1 chat it stays Saine's skip action [ADZ-11.2]."""

from __future__ import annotations

import pytest

from core.engine.commands import Act, Command, Extend, Pause, Resume, SkipVote
from core.engine.notice import Action
from handlers.messages import TextCommand
from handlers.textcommands import to_command


def typed(name: str, *, private: bool) -> Command | str:
    return to_command(TextCommand(name), "tg:1", private=private, game="adazakura")


def test_skip_in_the_group_is_the_skip_vote_and_in_private_saines_skip() -> None:
    assert typed("skip", private=False) == SkipVote(user_id="tg:1")
    assert typed("skip", private=True) == Act(user_id="tg:1", action=Action(kind="skip"))


@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("extend", Extend(user_id="tg:1")),
        ("pause", Pause(user_id="tg:1")),
        ("resume", Resume(user_id="tg:1")),
    ],
)
def test_extend_pause_and_resume_are_typed_in_the_group(name: str, command: Command) -> None:
    assert typed(name, private=False) == command
    assert typed(name.upper(), private=False) == command
