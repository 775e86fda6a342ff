"""``jinro-gm play``: whole games through the CLI as the person sees them (design §4, local playground)."""

from __future__ import annotations

import re
import unicodedata

import pytest

import core.i18n as i18n
from core.engine.notice import Action
from core.games.adazakura.megami import TAROTS
from core.i18n import catalog
from devtools.local.sender import GROUP_CHAT
from devtools.local.texts import LANGS, ui
from tests.local.runner import PERSON, Play, Run
from tests.local.seeds import ENTERS, idle_death_seed

#: A 6-seat test-mode deal, the person first (Oboro: a two-step menu); two Adazakura seats, so that no
#: single exile ends the game.
PLAIN_DEAL = ("oboro/S", "yatsuha/A", "tokoyo/S", "hagane/A", "mizuki/S", "megumi/S")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")


def _events(run_state: object, kind: str) -> list[dict[str, object]]:
    return [e.data for e in run_state.log if e.kind == kind]  # type: ignore[attr-defined]


def test_an_auto_game_reaches_the_end_announcement_with_every_megami(play: Play) -> None:
    run = play("--auto", "--seed", "1", "--players", "6")
    state = run.state()
    assert run.status == 0
    assert state.is_over
    assert state.result in ("sakura", "adazakura", "draw")
    ending = run.texts(GROUP_CHAT)[-1]
    assert ending in run.out
    for player in state.players:
        assert i18n.text(f"role.{player.megami}.name", "ja", "adazakura") in ending
    assert run.out.rstrip().endswith(ui("over", "ja"))


def test_the_same_seed_replays_the_same_game(play: Play) -> None:
    first = play("--auto", "--seed", "7", "--players", "8")
    second = play("--auto", "--seed", "7", "--players", "8")
    assert first.out == second.out


def test_the_person_never_sees_another_players_private_chat(play: Play) -> None:
    for args in (("--seed", "1", "--players", "6"), ("--seed", "2", "--players", "10", "--lang", "en")):
        run = play("--auto", *args)
        visible = run.visible()
        # Texts also sent to the person may appear, also when merged differently (the messages of one
        # commit to a chat are merged, so another seat's one message may be two of the person's).
        secret = [t for t in set(run.hidden()) if not all(_seen(part, visible) for part in t.split("\n\n"))]
        assert len(secret) >= 5, "other seats' role cards at least"
        assert [t for t in secret if t in run.out] == []
        assert all(t in run.out for t in visible)


def _seen(part: str, visible: list[str]) -> bool:
    return any(part in v for v in visible)


def test_only_the_group_and_the_persons_chat_have_headers(play: Play) -> None:
    run = play("--auto", "--seed", "3", "--players", "6")
    headers = {line for line in run.out.splitlines() if line.startswith("──")}
    assert headers == {ui("header.group", "ja"), ui("header.private", "ja")}
    assert "\033[" not in run.out  # stdout is not a terminal: no colour codes


def test_piped_input_presses_the_numbered_buttons(play: Play) -> None:
    # Enter: night 0 runs out; /ready: the discussion ends; 2: the second button of the ballot.
    run = play("--seed", "1", "--players", "6", stdin="\n/ready\n2\n/quit\n", deal=PLAIN_DEAL)
    ballot = next(
        e
        for e in run.game.sender.log
        if e.chat_id == PERSON and e.buttons and e.buttons[0].tap.action.kind == "vote"
    )
    pressed = ballot.buttons[1]
    assert f"[2] {pressed.label}" in run.out
    ballots = _events(run.state(), "VoteClosed")[0]["ballots"]
    assert ballots[str(run.me().seat)] == pressed.tap.action.args[0]  # type: ignore[index]
    assert "> 2" in run.out
    assert run.out.rstrip().endswith(ui("bye", "ja"))


def test_a_multi_step_menu_is_walked_by_numbers(play: Play) -> None:
    # Oboro's trap: the function, then the player [ADZ-9.5]; night 0 allows only "learn".
    run = play("--seed", "1", "--players", "6", stdin="1\n1\n1\n/quit\n", deal=PLAIN_DEAL)
    me = run.me()
    assert me.megami == "oboro"
    assert run.state().night.choices[me.seat]["oboro"] == Action(kind="night.oboro", args=("learn", 2))


def test_a_dead_person_watches_to_the_end_with_enter(play: Play) -> None:
    seed = idle_death_seed(players=6, lang="ja")
    run = play("--seed", str(seed), "--players", "6", stdin="\n" * ENTERS)
    state = run.state()
    me = run.me()
    assert not me.alive
    assert state.is_over
    watching = run.out.index(ui("watch", "ja"))
    assert run.texts(GROUP_CHAT)[-1] in run.out[watching:]


def test_the_end_of_the_input_quits(play: Play) -> None:
    run = play("--seed", "1", "--players", "5", stdin="/status\n")
    assert run.status == 0
    assert not run.state().is_over
    assert run.out.rstrip().endswith(ui("bye", "ja"))


def test_english_games_print_no_japanese(play: Play) -> None:
    run = play("--auto", "--seed", "2", "--players", "10", "--lang", "en")
    assert run.state().is_over
    assert [line for line in run.out.splitlines() if JAPANESE.search(line)] == []
    assert ui("header.group", "en") in run.out


def _said_by_person(run: Run, chat: str) -> list[str]:
    name = run.game.names[PERSON]
    return [e["text"] for e in run.chats if e["chat"] == chat and e.get("author") == name]


def test_free_text_reaches_the_group_only_while_the_person_may_speak(play: Play) -> None:
    # The game opens at night 0: the group is closed [ADZ-8.1]; Enter: day 1's discussion begins.
    run = play("--seed", "1", "--players", "6", stdin="hello at night\n\ngood morning\n/quit\n")
    assert _said_by_person(run, GROUP_CHAT) == ["good morning"]
    assert run.out.count(ui("no_speech", "ja")) == 1
    night = run.out.index("> hello at night")
    assert run.out.index(ui("no_speech", "ja")) > night


def test_help_columns_line_up_in_every_language_and_the_games_commands_follow(play: Play) -> None:
    for lang in LANGS:
        run = play("--seed", "1", "--players", "4", "--lang", lang, stdin="/help\n/quit\n")
        after = run.out.split("> /help\n", 1)[1]
        block = after.split("\n\n", 1)[0].splitlines()
        assert len(block) == len(ui("keys", lang).splitlines())
        assert i18n.text("help", lang, "adazakura").splitlines()[0] in after, "the game's own /help"
        starts = set()
        for line in block:
            found = re.match(r"(.*?\S {2,})\S", line)
            assert found, f"{lang}: no description column in {line!r}"
            starts.add(_columns(found.group(1)))
        assert len(starts) == 1, f"{lang}: descriptions start at columns {sorted(starts)}"


def _columns(text: str) -> int:
    """Terminal columns of ``text``: wide and full-width characters take two (UAX #11)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def test_moves_made_for_the_person_show_their_button_labels(play: Play) -> None:
    run = play("--auto", "--seed", "7", "--players", "6")
    said = _said_by_person(run, GROUP_CHAT) + _said_by_person(run, PERSON)
    labels = {i18n.render_action(Action(kind="co", args=(m,)), "ja", "adazakura", {}) for m in TAROTS}
    assert said
    assert [text for text in said if text.startswith("/")] == []
    assert set(_said_by_person(run, GROUP_CHAT)) & labels, "seed 7 no longer has the person come out"


def test_the_person_has_a_name_that_reads_well_in_the_third_person(play: Play) -> None:
    for lang, awkward in (("ja", ("あなたさん", "あなた。", "、あなた")), ("en", ("You joined", ", You"))):
        run = play("--auto", "--seed", "1", "--players", "4", "--lang", lang)
        name = run.game.names[PERSON]
        assert [phrase for phrase in awkward if phrase in run.out] == []
        assert name in run.texts(GROUP_CHAT)[1], "the person's join is announced by name"


def _cast_heading(game: str, lang: str) -> re.Pattern[str]:
    """The first line of ``game``'s ``lobby.options`` in ``lang`` (its cast for ``{players}``), as a
    pattern whose group is the number of players it names."""
    first = catalog.lookup("lobby.options", lang, game).splitlines()[0]
    head, _, tail = re.escape(first).partition(re.escape("{players}"))
    return re.compile(head + r"(\d+)" + re.sub(r"\\\{seats\\\}", r"\\d+", tail))


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("werewolf", 9, "ja"), ("werewolf", 12, "en"), ("politician", 9, "ja"), ("deathnote", 6, "ja"),
])  # fmt: skip
def test_the_lobbys_last_cast_line_is_for_the_seated_players(
    play: Play, game: str, players: int, lang: str
) -> None:
    run = play("--game", game, "--players", str(players), "--seed", "1", "--lang", lang)
    counts = [int(n) for n in _cast_heading(game, lang).findall(run.out)]
    assert counts, "the lobby shows its cast"
    assert counts[-1] == players, (
        f"the lobby's last cast line names {counts[-1]} players, {players} are seated"
    )
