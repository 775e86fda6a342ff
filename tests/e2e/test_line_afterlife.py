"""霊界表示 on LINE (``afterlifeSees``): a LINE bot cannot mute anyone in a group, so the LINE function's
settings say so (``mutes`` False, ``handlers.line.runtime.settings_for``) and the lobby refuses the option
with the reason, in the group, changing nothing; the 霊界 itself (``afterlife``) stays open."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from handlers.line import runtime
from tests.e2e.harness import moto_store
from tests.e2e.line_bots import open_and_start
from tests.e2e.line_table import GROUP, LinePlayer, LineTable, line_players
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws]

SPECTATOR = LinePlayer(f"line:U{0x900:032x}", "Watcher")


def test_the_line_function_says_its_platform_cannot_mute() -> None:
    assert runtime.settings_for("line:C1")["mutes"] is False


@pytest.mark.parametrize(
    ("game", "option"),
    [("politician", "afterlifeSees"), ("deathnote", "spectators"), ("werewolf", "graveyardReveal"),
     ("werewolf", "afterlifeSees")],
)  # fmt: skip
def test_afterlife_sees_is_refused_in_a_line_lobby_with_the_reason(game: str, option: str) -> None:
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(2), settings={"mutes": False})
        host = table.people[0]
        table.befriend(host)
        table.say(host, GROUP, f"/newgame {game}")
        posted = table.say(host, GROUP, f"/option {option} on")
        # the game's option as players read it (DEATH NOTE 人狼's spec id spectators is afterlifeSees, D31)
        spec = {"politician": "afterlifeSees", "deathnote": "afterlifeSees", "werewolf": "graveyardReveal"}[
            game
        ]
        refusal = i18n.text("reason.afterlife.sees_unmutable", "ja", game, option=spec)
        assert refusal in [m.get("text") for m in posted.replied()]
        assert table.state().settings.get("options", {}).get(spec) is not True
        table.say(host, GROUP, "/option afterlife on")
        assert table.state().settings["options"]["afterlife"] is True
        table.close()


def test_a_refusal_meant_for_one_person_names_them_in_a_line_group() -> None:
    """LINE answers only as the reply to the event (a push would spend the quota), so a refusal that
    concerns only its sender (``/watch`` twice, a seat's ``/watch``, a spectator's ``/skip``) is said in
    the group after their name, never as a bare あなた."""
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(5), settings={"mutes": False})
        open_and_start(table, "werewolf")
        watcher, seat = SPECTATOR, table.people[0]
        table.befriend(watcher)
        table.say(watcher, GROUP, "/watch")
        assert [m.name for m in table.state().spectators] == [watcher.name]  # LINE's name, not the id
        named = lambda who, key: i18n.text(  # noqa: E731
            "reason.to", "ja", "werewolf", name=who.name, text=i18n.text(key, "ja", "werewolf")
        )
        again = [m.get("text") for m in table.say(watcher, GROUP, "/watch").replied()]
        assert again == [named(watcher, "reason.watch.already")]
        seated = [m.get("text") for m in table.say(seat, GROUP, "/watch").replied()]
        assert seated == [named(seat, "reason.watch.seated")]
        skipped = [m.get("text") for m in table.say(watcher, GROUP, "/skip").replied()]
        assert skipped == [named(watcher, "reason.not_player")]
        table.close()
