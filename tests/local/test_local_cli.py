"""``jinro-gm play`` as a command: unusable files are refused with one line before anything is played,
Ctrl-C quits at once, ``--verbose`` shows what the service gets, and ``--help`` speaks to a newcomer."""

from __future__ import annotations

import io
import signal
from pathlib import Path

import pytest

from core.games import registry, rules_for
from devtools import cli
from devtools.commands import BROKEN_PIPE
from devtools.local.texts import ui
from tests.local.runner import Play


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``jinro-gm play *args`` expecting a refusal: exit 2, nothing played, one line on stderr."""
    capsys.readouterr()
    assert cli.main(["play", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "", "nothing may be played before the refusal"
    assert len(err.strip().splitlines()) == 1
    return err


def test_a_missing_script_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(capsys, "--script", str(tmp_path / "missing.txt"))
    assert "--script" in err
    assert "missing.txt" in err


def test_an_unwritable_spoiler_file_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("/quit\n"))
    err = _refused(capsys, "--spoilers", str(tmp_path / "no" / "such" / "dir" / "x.jsonl"))
    assert "--spoilers" in err


def test_a_script_with_bytes_that_are_not_utf8_still_plays(play: Play, tmp_path: Path) -> None:
    script = tmp_path / "lines.txt"
    script.write_bytes(b"caf\xe9 \xff\n/status\n")
    run = play("--seed", "1", "--players", "4", "--script", str(script))
    assert run.status == 0
    assert "> caf\ufffd \ufffd" in run.out
    assert run.out.rstrip().endswith(ui("bye", "ja"))


class _CtrlC:
    """A pipe whose first line is interrupted by Ctrl-C (SIGINT, as the terminal sends it)."""

    def __init__(self) -> None:
        self.lines = iter(["\n", "/quit\n"])
        self.asked = 0

    def isatty(self) -> bool:
        return False

    def __iter__(self) -> _CtrlC:
        return self

    def __next__(self) -> str:
        self.asked += 1
        if self.asked == 1:
            signal.raise_signal(signal.SIGINT)
        return next(self.lines)


def test_the_first_ctrl_c_quits_like_quit(play: Play) -> None:
    """Ctrl-C is the person's way out, not a failure: status 0, so ``make play`` prints no "Error 130"."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        pytest.skip("this test runner handles SIGINT itself")
    keyboard = _CtrlC()
    run = play("--seed", "1", "--players", "4", stdin=keyboard)
    assert run.status == 0
    assert keyboard.asked == 1, "the game went on reading input after Ctrl-C"
    assert run.out.rstrip().endswith(ui("bye", "ja"))


def test_verbose_logs_every_input_and_timer_on_stderr_only(play: Play) -> None:
    typed = "\n/ready\n/quit\n"  # Enter: night 0 runs out (its timer fires); /ready in the group
    quiet = play("--seed", "1", "--players", "4", stdin=typed)
    verbose = play("--seed", "1", "--players", "4", "--verbose", stdin=typed)
    assert quiet.err == ""
    assert verbose.out == quiet.out
    lines = verbose.err.splitlines()
    assert any("local:1" in line and "/startgame" in line for line in lines)
    assert any("local:1" in line and "/ready" in line for line in lines)
    assert any("timer" in line for line in lines)
    assert sum("tap" in line for line in lines) >= 3, "the bots' taps at night 0"


def test_the_help_names_no_internal_rule_ids(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert "--auto" in shown
    assert "[ADZ-" not in shown


class _ClosedAfter(io.StringIO):
    """Stdout piped into ``head``: it goes away after ``lines`` lines."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.lines = lines

    def write(self, text: str) -> int:
        if self.getvalue().count("\n") >= self.lines:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_output_piped_into_head_ends_quietly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    head = _ClosedAfter(3)
    monkeypatch.setattr("sys.stdout", head)
    status = cli.main(["play", "--auto", "--seed", "1", "--players", "4"])
    assert status == BROKEN_PIPE
    assert head.getvalue().count("\n") >= 3  # one write may hold several lines (the lobby notice)
    assert capsys.readouterr().err == ""


def test_the_help_offers_every_game_with_its_table_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for game, rules in registry().items():
        assert game in shown
        assert f"{game} {rules.min_players}-{rules.max_players}" in shown


@pytest.mark.parametrize("game", sorted(registry()))
def test_a_table_size_outside_the_chosen_games_range_is_refused_up_front(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = rules_for(game)
    for players in (rules.min_players - 1, rules.max_players + 1):
        with pytest.raises(SystemExit) as refused:
            cli.main(["play", "--game", game, "--players", str(players)])
        out, err = capsys.readouterr()
        assert refused.value.code == 2
        assert out == ""
        assert f"{rules.min_players} to {rules.max_players} players, not {players}" in err


def test_an_unknown_game_is_refused_with_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        cli.main(["play", "--game", "chess"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert all(game in err for game in registry())


@pytest.mark.parametrize("port", ["99999", "-1", "http"])
def test_a_port_out_of_range_is_a_usage_error_not_a_traceback(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["play", "--port", port])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--port" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("seed", ["-1", str(2**63), "1.5", "many"])
def test_a_bad_seed_is_refused_naming_the_range(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "--terminal", "--seed", seed])
    assert done.value.code == 2
    shown = capsys.readouterr().err
    assert f"argument --seed: {seed!r} is not a whole number from 0 to {2**63 - 1}" in shown
    assert "_seed" not in shown
