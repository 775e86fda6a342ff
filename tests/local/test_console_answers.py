"""What a seat's console and chat say once the seat has answered while others have not, through the
playground's HTTP API (the console the platforms serve, over the real service):

- after 「完了」 at night, "waiting for the others" with the deadline, in the chat and on the console, the
  same words for every seat that pressed it, whatever its side;
- once a vote closes, nothing of it is left in 「いまできること」 (its last ballot is answered by the result);
- at a DEATH NOTE 人狼 Judgment the tapped name shows as chosen on the buttons, and the seat's tab no longer
  says 選択待ち (while it may still tap another name)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import core.i18n as i18n
from devtools.local.web import PlaygroundServer
from tests.local.webclient import Browser, person, play_until


@pytest.fixture
def adazakura() -> Iterator[Browser]:
    """徒桜戦争 for five, seed 3 (the person is seat 3, on the Sakura side; seat 1 is ヤツハ)."""
    server = PlaygroundServer(game="adazakura", players=5, lang="ja", seed=3, port=0)
    server.start()
    yield Browser(server.url)
    server.stop()


def _row(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(row for row in state["seats"] if row["seat"] == seat)


def _press(browser: Browser, seat: int, kind: str) -> dict[str, Any]:
    """``seat`` presses the first button of ``kind`` in its console; returns the view after."""
    state = browser.state()
    row = _row(state, seat)
    view = browser.view(state, row)
    [action] = [node["action"] for node in view["actions"] if node["action"]["kind"] == kind][:1]
    return browser.act(state, row, view, action)["view"]  # type: ignore[no-any-return]


def _night_one_with_two_people(browser: Browser) -> tuple[int, int]:
    """The person and ヤツハ's seat (taken back from its bot) at night 1, neither has pressed 「完了」."""
    me = person(browser.state())["seat"]
    browser.ok("/playground/api/seat", {"seat": 1, "bot": False})
    _press(browser, me, "done")  # night 0 closes: the bots had pressed it
    while browser.state()["phase"] != "night":
        assert browser.ok("/playground/api/advance", {})["moved"]
    return me, 1


def _shape(text: str) -> str:
    """``text`` with its spans of time (「2分30秒」「2分」) as ``D`` and other numbers as ``N``."""
    return re.sub(r"[0-9]+", "N", re.sub(r"([0-9]+(日|時間|分|秒))+", "D", text))


def test_done_at_night_says_waiting_for_the_others_with_the_deadline_in_chat_and_console(
    adazakura: Browser,
) -> None:
    me, yatsuha = _night_one_with_two_people(adazakura)
    pressed = adazakura.state()
    left = pressed["deadline_at"] - pressed["now"]  # when 「完了」 was pressed
    view = _press(adazakura, me, "done")
    state = adazakura.state()
    assert state["phase"] == "night", "ヤツハ has not pressed it: the night goes on"
    said = i18n.text("night.done", "ja", "adazakura", night=1, left=left)
    assert "ほかの人を待っています" in said
    assert view["feed"][-1]["text"] == said, "the chat (and the console's messages) got it"
    assert view["waiting"] is True, "the console says it waits"
    assert i18n.text("console.ui.waiting", "ja", "adazakura") == view["ui"]["waiting"]
    assert view["seconds_left"] == state["deadline_at"] - state["now"], "the page counts down from here"
    assert (_row(state, me)["owes"], _row(state, yatsuha)["owes"]) == (False, True)
    other = adazakura.view(state, _row(state, yatsuha))
    assert other["waiting"] is False, "ヤツハ has not answered"

    # ヤツハ first chooses whom to erase (she stays asked), then presses 「完了」 like anyone.
    view = adazakura.view(adazakura.state(), _row(adazakura.state(), yatsuha))
    kill = next(n for n in view["actions"] if n["action"]["kind"] == "kill")
    target = next(c for c in kill["children"] if c["action"]["args"] == [2])
    adazakura.act(adazakura.state(), _row(adazakura.state(), yatsuha), view, target["action"])
    assert adazakura.view(adazakura.state(), _row(adazakura.state(), yatsuha))["waiting"] is False
    before = adazakura.state()
    last = _press(adazakura, yatsuha, "done")
    # The last one's answer reaches the chat with the morning that follows at once.
    texts = [e["text"] for e in last["feed"]]
    done = [text.split("\n\n")[0] for text in texts if text.startswith("夜1の行動を確定しました")]
    assert [_shape(t) for t in done] == [_shape(said)], "the same words on either side"
    assert adazakura.state()["phase_seq"] > before["phase_seq"], "everyone done: morning"


def test_a_vote_the_persons_ballot_closes_leaves_no_line_of_it_above_the_night(adazakura: Browser) -> None:
    me = person(adazakura.state())["seat"]
    _press(adazakura, me, "done")
    adazakura.ok("/playground/api/advance", {})  # the discussion runs out: the vote
    state = adazakura.state()
    assert state["phase"] == "vote"
    view = adazakura.view(state, person(state))
    ballot = next(n["action"] for n in view["actions"] if n["action"]["args"] == [2])  # not ヤツハ: no end
    after = adazakura.act(state, person(state), view, ballot)["view"]
    assert after["phase"] == "night", "the last ballot closed the vote"
    assert after["prompt"] == i18n.text("night.prompt", "ja", "adazakura", night=1)
    night = [e["text"] for e in after["feed"] if e["phase_seq"] == after["phase_seq"]]
    assert not any("締め切りまでは選び直せます" in text for text in night)


@pytest.fixture
def deathnote() -> Iterator[Browser]:
    server = PlaygroundServer(game="deathnote", players=4, lang="ja", seed=2, port=0)
    server.start()
    yield Browser(server.url)
    server.stop()


def test_a_name_tapped_at_a_judgment_shows_as_chosen_and_the_tab_stops_waiting(deathnote: Browser) -> None:
    state = play_until(deathnote, "judgment")
    me = person(state)
    assert me["owes"], "the night asks everyone for a name"
    view = deathnote.view(state, me)
    names = [n for n in view["actions"] if n["action"]["kind"] == "name"]
    assert not any(n["chosen"] for n in names)
    first, second = names[0], names[1]
    after = deathnote.act(state, me, view, first["action"])["view"]
    marked = [n["label"] for n in after["actions"] if n["chosen"]]
    assert marked == [first["label"]], "the tapped name is marked, and only it"
    assert after["waiting"] is True
    assert person(deathnote.state())["owes"] is False, "no more 選択待ち on the tab"
    again = deathnote.act(deathnote.state(), me, after, second["action"])["view"]
    assert [n["label"] for n in again["actions"] if n["chosen"]] == [second["label"]], "the last tap counts"
