"""The 「もう一回」 button on LINE: a postback in the group's bubble (the result's text stays readable) whose
press comes back as the rematch tap of the finished game."""

from __future__ import annotations

from core.engine.notice import PUBLIC, Action, Notice
from core.games import rules_for
from handlers import outbox
from handlers.line.render import Links, messages
from tests.games.aftergame.test_winners import played
from tests.line.line_bodies import GROUP, PLAYER, inbound_of, postback

FREE = Links(basic_id="@123abcde", free_mode=True)


def test_the_rematch_button_is_a_postback_that_comes_back_as_the_rematch_tap() -> None:
    state, _ = played("politician", 2)
    state = state.model_copy(update={"chat_id": f"line:{GROUP}"})
    notice = Notice(
        key="game.rematch", to=PUBLIC, actions=[Action(kind="rematch")], phase_seq=state.phase_seq
    )
    [message] = outbox.render_notices(rules_for(state.game), state, [notice])
    [bubble] = messages([message], FREE)
    assert bubble["type"] == "flex"
    [action] = [c["action"] for c in bubble["contents"]["footer"]["contents"]]
    assert (action["type"], action["label"]) == ("postback", "もう一回")
    body = postback(action["data"])
    body["events"][0]["source"] = {"type": "group", "groupId": GROUP, "userId": PLAYER}
    tap = inbound_of(body).intent
    assert tap == message.buttons[0][0].tap
    assert (tap.game_id, tap.action.kind) == (state.game_id, "rematch")
