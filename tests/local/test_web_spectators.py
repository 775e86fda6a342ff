"""Spectators and the 霊界 in the browser playground: a person without a seat is added, sends ``/watch``
and ``/unwatch`` in the group through the service, and reads their read-only console; a seat out of the
table writes in the 霊界 and it reaches the spectator and the other seats out of the table, never a
living seat or the group."""

from __future__ import annotations

from typing import Any

import core.i18n as i18n
from devtools.local.texts import game_name, ui
from tests.local.webclient import Browser, bots_to_the_end, person, play_to

WORDS = "霊界からこんにちは"
REPLY = "観戦席からも一言"


def _watcher(browser: Browser) -> dict[str, Any]:
    """A new person without a seat, as the page's 「席のない人を加える」 adds one: their row."""
    number = browser.ok("/playground/api/watcher", {})["watcher"]
    return next(row for row in browser.state()["watchers"] if row["watcher"] == number)


def _texts(view: dict[str, Any]) -> list[str]:
    """Every text a console view shows: its feed, its 霊界 tab and its sections."""
    shown = [e["text"] for e in view["feed"]] + [e["text"] for e in view["afterlife"] or []]
    return shown + [section["text"] for section in view["sections"]]


def _until_a_seat_is_out(browser: Browser) -> dict[str, Any]:
    """The person plays on until a seat is out of the table, the game still running; the state then."""
    state = play_to(browser, lambda state: state["over"] or any(row["out"] for row in state["seats"]), "out")
    assert not state["over"], "the game ended before anybody left the table"
    return state


def test_a_person_without_a_seat_watches_and_stops_through_the_group(browser: Browser) -> None:
    before = browser.state()
    row = _watcher(browser)
    assert (row["name"], row["watching"]) == (ui("watcher_name", "ja", n=1), False)
    assert row["user_id"] not in {seat["user_id"] for seat in before["seats"]}
    assert len(browser.state()["seats"]) == len(before["seats"]), "a watcher takes no seat"
    status, _ = browser.call(f"/console/api/view?g={before['game_id']}", token=row["token"])
    assert status == 403, "no console before /watch: they are no member of the game"

    browser.ok("/playground/api/group", {"watcher": row["watcher"], "text": "/watch"})

    state = browser.state()
    assert state["watchers"][0]["watching"] is True
    view = browser.view(state, row)
    assert (view["read_only"], view["actions"], view["me"]["state"]) == (True, [], "spectator")
    assert view["afterlife"] == [], "the 霊界 tab is there, empty"
    welcome = i18n.text("watch.welcome", "ja", "politician", game="politician")
    assert welcome in [e["text"] for e in view["feed"]], "welcomed in their 1:1 chat"
    said = [e["text"] for e in browser.state(before["next"])["chat"]]
    assert welcome not in said, "the group hears nothing of it"
    status_answer = browser.ok("/playground/api/group", {"seat": person(state)["seat"], "text": "/status"})
    assert row["name"] in (status_answer["message"] or "") + "".join(
        e["text"] for e in browser.state(state["next"])["chat"]
    ), "/status names the spectator"

    browser.ok("/playground/api/group", {"watcher": row["watcher"], "text": "/unwatch"})

    assert browser.state()["watchers"][0]["watching"] is False
    assert browser.call(f"/console/api/view?g={state['game_id']}", token=row["token"])[0] == 403


def test_a_seated_player_cannot_watch(browser: Browser) -> None:
    """The refusal concerns only them: it reaches their 1:1 chat, not the group (a full-width ／ typed in
    Japanese input mode is a command slash too)."""
    state = browser.state()
    refused = i18n.text("reason.watch.seated", "ja", "politician")
    for typed in ("/watch", "／watch"):
        answer = browser.ok("/playground/api/group", {"seat": person(state)["seat"], "text": typed})
        said = [e["text"] for e in browser.state(state["next"])["chat"]]
        assert refused not in said, "nothing of it in the group"
        assert typed not in said, "not posted as chat"
        assert refused in (answer["message"] or "") + "".join(_texts(browser.view(state, person(state))))
    assert browser.state()["watchers"] == []


def test_a_full_width_slash_is_a_command_and_a_spectators_refusals_stay_private(browser: Browser) -> None:
    """「／watch」 watches; a second 「／watch」, a spectator's ``/skip`` and ``/unwatch`` twice are
    answered in the spectator's 1:1 chat, and the group reads nothing of any of it."""
    row = _watcher(browser)
    state = browser.state()
    answered = []
    for typed in ("／watch", "／watch", "/skip", "/unwatch", "/unwatch"):
        answer = browser.ok("/playground/api/group", {"watcher": row["watcher"], "text": typed})
        answered.append(answer["message"] or "")
        if typed == "／watch":
            assert browser.state()["watchers"][0]["watching"] is True
    said = "\n".join(e["text"] for e in browser.state(state["next"])["chat"])
    for key in ("reason.watch.already", "reason.not_player", "reason.watch.not_watching"):
        assert i18n.text(key, "ja", "politician") not in said
        assert i18n.text(key, "ja", "politician") in "\n".join(answered), "answered them privately"
    assert "watch" not in said


def test_the_afterlife_reaches_the_spectator_and_the_out_never_the_living(browser: Browser) -> None:
    watcher = _watcher(browser)
    browser.ok("/playground/api/group", {"watcher": watcher["watcher"], "text": "/watch"})
    state = _until_a_seat_is_out(browser)
    out = [row for row in state["seats"] if row["out"]]
    living = [row for row in state["seats"] if not row["out"]]
    assert living

    # 政治家人狼 holds its players out of the table silent in the group: the spectator who reads their words
    # is muted there too, as the bot mutes one on Telegram (devtools.local.speech).
    status, refused = browser.call("/playground/api/group", {"watcher": watcher["watcher"], "text": "ねえ"})
    assert status == 400
    assert refused["message"] == ui("web.error.no_speech", "ja", name=watcher["name"])

    browser.ok("/playground/api/private", {"seat": out[0]["seat"], "text": f"/t {WORDS}"})
    browser.ok("/playground/api/private", {"watcher": watcher["watcher"], "text": f"/t {REPLY}"})

    after = browser.state()
    seen = browser.view(after, watcher)
    assert any(WORDS in e["text"] and out[0]["name"] in e["text"] for e in seen["afterlife"])
    assert not any(WORDS in text for text in [e["text"] for e in seen["feed"]]), "in the 霊界 tab only"
    for row in out:
        view = browser.view(after, row)
        assert any(REPLY in e["text"] for e in view["afterlife"]), row["name"]
        if row is not out[0]:
            assert any(WORDS in e["text"] for e in view["afterlife"]), row["name"]
    for row in living:
        view = browser.view(after, row)
        assert not [t for t in _texts(view) if WORDS in t or REPLY in t], row["name"]
        assert view["afterlife"] is None, "a living seat has no 霊界 tab"
    group = [e["text"] for e in after["chat"]]
    assert not [t for t in group if WORDS in t or REPLY in t], "nothing of the 霊界 reaches the group"


def test_a_watcher_is_refused_past_the_tables_limit(browser: Browser) -> None:
    for _ in range(4):
        _watcher(browser)
    status, answer = browser.call("/playground/api/watcher", {})
    assert status == 400
    assert answer["message"] == ui("web.error.watchers", "ja", max=4)
    status, answer = browser.call("/playground/api/group", {"watcher": 9, "text": "/watch"})
    assert (status, answer["message"]) == (400, ui("web.error.seat", "ja"))


def test_a_newgame_in_english_from_the_chat_titles_the_page_in_english(browser: Browser) -> None:
    over = bots_to_the_end(browser, "werewolf")
    browser.ok("/playground/api/group", {"seat": person(over)["seat"], "text": "/newgame politician en"})
    state = browser.state()
    assert (state["game"], state["locale"]) == ("politician", "en")
    assert state["title"] == game_name("politician", "en")


def test_watch_and_unwatch_from_the_group_are_answered_to_the_box_that_sent_them(browser: Browser) -> None:
    """A platform confirms ``/watch`` and ``/unwatch`` in the person's 1:1 chat; the page shows that
    answer under the group box they were sent from."""
    row = _watcher(browser)
    watched = browser.ok("/playground/api/group", {"watcher": row["watcher"], "text": "/watch"})
    assert watched["message"] == i18n.text("watch.welcome", "ja", "politician")
    left = browser.ok("/playground/api/group", {"watcher": row["watcher"], "text": "/unwatch"})
    assert left["message"] == i18n.text("watch.left", "ja", "politician")
    assert not browser.state()["watchers"][0]["watching"]
