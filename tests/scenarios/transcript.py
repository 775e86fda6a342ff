"""Golden transcripts: a playthrough as the players read it, in Japanese, every message by audience.

One line per accepted command (``> 2番 night.mizuki 3``, ``> timeout night 1``), then each notice it
produced, rendered by ``core.i18n`` the way the adapters will send it, under its audience: ``[group]``,
``[seat 2]``, ``[team 1,2]``, ``[user u1]`` (lobby), with its buttons. A diff of the golden file after a
change shows exactly what players would see differently. ``UPDATE_GOLDEN=1`` rewrites the file; review
the diff by hand before committing it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from core.engine.commands import Act, Command, Timeout
from core.engine.notice import Audience, Notice
from core.i18n.render import render, render_action

GOLDEN = Path(__file__).parent / "golden"
LOCALE = "ja"


class _Seat(Protocol):
    seat: int
    user_id: str
    name: str


class _State(Protocol):
    @property
    def game(self) -> str: ...
    @property
    def players(self) -> Sequence[_Seat]: ...


class Table(Protocol):
    """A played table of any game's test DSL (adazakura, politician): its state and command history."""

    @property
    def state(self) -> _State: ...
    @property
    def history(self) -> list[tuple[tuple[str, int], Command, list[Notice]]]: ...


def audience(to: Audience) -> str:
    if to.kind == "public":
        return "[group]"
    if to.kind == "user":
        return f"[user {to.user_id}]"
    return f"[{to.kind} {','.join(map(str, to.seats))}]"


def command_line(t: Table, command: Command, phase: tuple[str, int]) -> str:
    if isinstance(command, Act):
        seat = next(p.seat for p in t.state.players if p.user_id == command.user_id)
        return f"> {seat}番 {' '.join(map(str, [command.action.kind, *command.action.args]))}"
    if isinstance(command, Timeout):
        return f"> timeout {phase[0]} {phase[1]}"
    return f"> {command.type} {getattr(command, 'user_id', '')}".rstrip()


def notice_lines(t: Table, n: Notice) -> list[str]:
    text = render(n, LOCALE, t.state.game).rstrip().splitlines()
    out = [f"{audience(n.to)} {text[0] if text else ''}".rstrip()]
    out += [f"    {line}".rstrip() for line in text[1:]]
    if n.actions:
        names = {p.seat: p.name for p in t.state.players}
        out.append(
            "    ボタン: " + " | ".join(render_action(a, LOCALE, t.state.game, names) for a in n.actions)
        )
    return out


def transcript(t: Table) -> str:
    """The whole history of ``t`` as text (see the module docstring)."""
    lines: list[str] = []
    for phase, command, notices in t.history:
        lines.append(command_line(t, command, phase))
        for n in notices:
            lines += notice_lines(t, n)
    return "\n".join(lines) + "\n"


def check_golden(name: str, text: str) -> None:
    """Compare ``text`` with ``golden/<name>``; rewrite the file instead when ``UPDATE_GOLDEN=1``."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: run with UPDATE_GOLDEN=1 and review it"
    assert text == path.read_text(encoding="utf-8")
