"""Typed commands and help of classic 人狼: the night verbs in the 1:1 chat ([WW-10.1], the game's own
``GameRules.verbs``), ``/newgame 人狼``, ``/rules werewolf``, ``/role 占い師`` and the spec's other names
for roles (AMB-01), ``/me`` ([WW-6.2])."""

from __future__ import annotations

import pytest

from core.engine.commands import Act, Query
from core.engine.notice import Action
from core.i18n import guide
from core.i18n.guide import Topic
from handlers.messages import TextCommand
from handlers.textcommands import to_command
from tests.games.werewolf.table import C9, table


def typed(text: str, *, private: bool = True) -> object:
    name, *args = text.split()
    return to_command(TextCommand(name, tuple(args)), "tg:1", private=private, game="werewolf")


@pytest.mark.parametrize(("text", "action"), [
    ("divine 3", Action(kind="night.divine", args=(3,))),
    ("guard 3", Action(kind="night.guard", args=(3,))),
    ("attack 3", Action(kind="kill", args=(3,))),
    ("suspect 3", Action(kind="night.suspect", args=(3,))),
    ("占う 3", Action(kind="night.divine", args=(3,))),
    ("kill 3", Action(kind="kill", args=(3,))),
    ("vote 3", Action(kind="vote", args=(3,))),
])  # fmt: skip
def test_night_actions_and_ballots_are_typed_in_the_private_chat(text: str, action: Action) -> None:
    assert typed(text) == Act(user_id="tg:1", action=action)
    assert typed(text, private=False) == "command.private_only"


def test_a_typed_night_action_is_judged_by_the_rules() -> None:
    """A typed verb is the button's action: accepted when legal, refused with the button's reason."""
    t = table(C9, rng=[0], firstNightDivination="free")
    command = typed("divine 7")
    assert isinstance(command, Act)
    t.tap(4, command.action.kind, *command.action.args)
    assert t.first("night.saved", 4).params == {"target": 7}
    assert t.refused(1, "night.guard", 2) == "night.not_your_action"


@pytest.mark.parametrize("name", ["人狼", "werewolf", "Werewolf", "jinrou", "じんろう"])
def test_the_game_is_found_by_its_names(name: str) -> None:
    assert guide.game_named(name) == "werewolf"


@pytest.mark.parametrize(("name", "role"), [
    ("占い師", "seer"), ("霊媒師", "medium"), ("霊能者", "medium"), ("騎士", "knight"), ("狩人", "knight"),
    ("hunter", "knight"), ("Fortune teller", "seer"), ("背徳者", "immoralist"), ("猫又", "nekomata"),
    ("kyoushinsha", "fanatic"), ("共有者", "mason"), ("妖狐", "fox"), ("狂人", "madman"),
])  # fmt: skip
def test_a_role_is_found_by_its_name_or_its_usual_other_name(name: str, role: str) -> None:
    """AMB-01: 騎士 and 霊媒師 are shown; 狩人 and 霊能者 find them too."""
    assert guide.find(name, "werewolf") == [Topic("werewolf", "role", role)]
    answer = guide.role_answer(name, "ja", "werewolf")
    assert guide.name_of(Topic("werewolf", "role", role), "ja") in answer


def test_rules_answers_with_the_game_s_summary() -> None:
    for locale in ("ja", "en"):
        answer = guide.rules_answer("人狼", locale)
        assert "20" in answer
        assert guide.rules_answer("werewolf", locale) == answer


def test_me_shows_the_role_card_with_what_the_seat_learned() -> None:
    """[WW-6.2], [WW-3.3]: a wolf's ``/me`` names the wolves; the seer's the random white."""
    t = table(C9, rng=[0])
    t.night()
    t.step(Query(user_id=t.uid(7), what="me"))
    card = t.first("role.card", 7).params
    assert card["role"] == "werewolf"
    assert card["lines"] == [("know.werewolf", {"players": [7, 8]})]
    t.step(Query(user_id=t.uid(4), what="me"))
    assert t.first("role.card", 4).params["lines"] == [("white.notice", {"player": 1})]
    assert t.public() == []
