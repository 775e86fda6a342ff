"""霊界表示 on LINE (``afterlifeSees``): a LINE bot cannot mute anyone in a group, so the LINE function's
settings say so (``mutes`` False, ``handlers.line.runtime.settings_for``) and the lobby refuses the option
with the reason, in the group, changing nothing; the 霊界 itself (``afterlife``) stays open."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from handlers.line import runtime
from tests.e2e.harness import moto_store
from tests.e2e.line_table import GROUP, LineTable, line_players
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws]


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
