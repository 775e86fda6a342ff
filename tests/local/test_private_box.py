"""The playground's answer to "send it in the private chat": each seat's console has a box for its 1:1
chat with the bot. A command typed there is what the player would send privately on a platform (``/vote
3``, ``/me``); the bot's answer comes back to the page, and what it changed shows in the console."""

from __future__ import annotations

import core.i18n as i18n
from devtools.local.texts import ui
from tests.local.webclient import Browser, person


def test_a_private_command_typed_in_the_group_box_points_to_the_private_box(browser: Browser) -> None:
    state = browser.state()
    me = person(state)
    browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/vote 9"})
    said = browser.state(since=state["next"])["chat"]
    assert [e["text"] for e in said] == [i18n.text("reason.command.private_only", "ja", "common")]
    words = browser.ok("/playground/api/texts?lang=ja")["texts"]
    assert "private.placeholder" in words, "and the page has that private chat"
    assert "/vote 3" in words["private.placeholder"]


def test_the_private_box_answers_as_the_bot_and_changes_what_a_private_command_changes(
    browser: Browser,
) -> None:
    state = browser.state()
    me = person(state)
    card = browser.ok("/playground/api/private", {"seat": me["seat"], "text": "/me"})["message"]
    assert card == browser.view(state, me)["sections"][0]["text"], "/me answers with the role card"
    refused = browser.ok("/playground/api/private", {"seat": me["seat"], "text": "/vote 9"})["message"]
    assert refused, "a command the game refuses is answered"
    assert browser.state()["game_id"] == state["game_id"]
    for text in ("hello", "/", 7):
        status, answer = browser.call("/playground/api/private", {"seat": me["seat"], "text": text})
        assert status == 400, text
    status, answer = browser.call("/playground/api/private", {"seat": me["seat"], "text": "hello"})
    assert answer["message"] == ui("web.error.private_command", "ja")


def test_a_ballot_sent_in_the_private_box_counts(browser: Browser) -> None:
    """政治家人狼 seed 4: the person's candidacy, then the campaign runs out; the vote takes ``/vote``."""
    state = browser.state()
    me = person(state)
    view = browser.view(state, me)
    browser.act(state, me, view, view["actions"][0]["action"])
    while browser.state()["phase"] != "vote":
        assert browser.ok("/playground/api/advance", {})["moved"]
    state = browser.state()
    view = browser.view(state, person(state))
    target = view["actions"][0]["action"]["args"][0]
    before = len(browser.state()["chat"])
    browser.ok("/playground/api/private", {"seat": person(state)["seat"], "text": f"/vote {target}"})
    name = next(row["name"] for row in state["seats"] if row["seat"] == target)
    posted = [e["text"] for e in browser.state()["chat"][before:]]
    assert any(person(state)["name"] in text and name in text for text in posted), "the ballot was posted"


def test_an_english_game_at_a_japanese_table_acknowledges_in_english(browser: Browser) -> None:
    """The table was opened in Japanese; the person cancels its game and opens an English 人狼 lobby in
    the group (``/newgame werewolf en``), joins it, and sends commands the bot answers with a bare
    acknowledgement: it is the game's (English), not the table's (Japanese)."""
    me = person(browser.state())
    for line in ("/cancel", "/newgame werewolf en"):
        browser.ok("/playground/api/group", {"seat": me["seat"], "text": line})
    state = browser.state()
    join = next(entry for entry in reversed(state["chat"]) if entry.get("buttons"))
    browser.ok("/playground/api/press", {"seat": me["seat"], "n": join["n"], "button": 0})
    for command in ("/option", "/leave"):
        said = browser.ok("/playground/api/private", {"seat": me["seat"], "text": command})["message"]
        assert said == i18n.text("tap.ok", "en", "werewolf"), command
