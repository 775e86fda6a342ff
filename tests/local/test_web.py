"""The browser playground (``jinro-gm play``) over HTTP, as the page and a person's browser use it: the page
and its words, new games, the group chat, the clock, seats handed to bots, each seat's console behind its
own token, and a whole game of every game played only through these endpoints."""

from __future__ import annotations

import http.client
import json
import socket
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

import core.i18n as i18n
from core.games import registry
from devtools import cli
from devtools.chromium import LAUNCH_ARGS, chromium_path
from devtools.local import serving
from devtools.local.handler import MAX_BODY
from devtools.local.texts import ui
from devtools.local.web import PlaygroundServer
from tests.local.webclient import Browser, bots, person

#: Inputs a whole test game may take before it counts as stuck (real games take a few dozen).
MAX_INPUTS = 600


def test_the_page_its_files_and_its_words_are_served(server: PlaygroundServer) -> None:
    with urllib.request.urlopen(server.url) as page:
        html = page.read().decode()
        assert page.headers["Content-Type"].startswith("text/html")
    assert "/playground/static/playground.js" in html
    assert "/playground/static/playground.css" in html
    for name, kind in (("playground.js", "text/javascript"), ("playground-seats.js", "text/javascript"),
                       ("playground.css", "text/css")):  # fmt: skip
        with urllib.request.urlopen(f"{server.url}playground/static/{name}") as served:
            assert served.headers["Content-Type"].startswith(kind)
    browser = Browser(server.url)
    assert browser.call("/playground/static/../web.py")[0] == 404
    english = browser.ok("/playground/api/texts?lang=en")
    assert english["texts"]["advance"] == i18n.text("local.web.advance", "en", "common")
    assert [lang["name"] for lang in english["langs"]] == ["日本語", "English"]
    offered = {game["id"]: (game["min_players"], game["max_players"]) for game in english["games"]}
    assert offered == {game: (r.min_players, r.max_players) for game, r in registry().items()}


def test_the_first_game_is_running_with_the_person_and_bots(browser: Browser) -> None:
    state = browser.state()
    assert (state["game"], state["locale"]) == ("politician", "ja")
    assert state["started"]
    assert not state["over"]
    assert len(state["seats"]) == 5
    assert [seat["bot"] for seat in state["seats"] if seat["person"]] == [False]
    assert len(bots(state)) == 4
    assert len({seat["token"] for seat in state["seats"]}) == 5
    assert any("ミナト" in entry["text"] for entry in state["chat"]), "the lobby and joins are in the group"
    later = browser.state(since=state["next"])
    assert later["chat"] == [], "since= returns only newer group messages"


def test_a_new_game_replaces_the_table_and_a_bad_size_is_refused(browser: Browser) -> None:
    before = browser.state()
    status, refused = browser.call("/playground/api/new", {"game": "deathnote", "players": 9, "lang": "en"})
    assert status == 400
    assert refused["message"] == ui("web.error.players", "en", min=4, max=6)
    assert browser.state()["game_id"] == before["game_id"]
    browser.ok("/playground/api/new", {"game": "deathnote", "players": 4, "lang": "en", "seed": 2})
    state = browser.state()
    assert (state["game"], state["locale"], len(state["seats"]), state["seed"]) == ("deathnote", "en", 4, 2)
    old = person(before)
    assert browser.call(f"/console/api/view?g={state['game_id']}", token=old["token"])[0] == 401


def test_a_seats_console_opens_only_with_that_seats_token(browser: Browser) -> None:
    state = browser.state()
    me, other = person(state), bots(state)[0]
    game = state["game_id"]
    assert browser.call(f"/console/api/view?g={game}")[0] == 401
    assert browser.call(f"/console/api/view?g={game}", token="forged")[0] == 401
    mine = browser.view(state, me)
    assert mine["me"]["seat"] == me["seat"]
    theirs = browser.view(state, other)
    assert theirs["me"]["seat"] == other["seat"], "another seat's token shows that seat, never mine"
    status, denied = browser.call("/console/api/view?g=othergame1", token=me["token"])
    assert status == 403
    assert me["name"] not in json.dumps(denied, ensure_ascii=False)
    with urllib.request.urlopen(f"{browser.url}/console?g={game}&token={me['token']}") as page:
        assert page.headers["Content-Type"].startswith("text/html")


def test_an_act_in_the_console_lets_the_bots_move(browser: Browser) -> None:
    state = browser.state()
    me = person(state)
    assert state["phase"] == "candidacy"
    assert me["owes"], "the candidacy waits for the person"
    view = browser.view(state, me)
    answer = browser.act(state, me, view, view["actions"][0]["action"])
    assert answer["ok"], answer
    after = browser.state(since=state["next"])
    assert after["phase"] == "campaign"
    assert all(not seat["owes"] for seat in bots(after)), "every bot already said it is ready"
    assert person(after)["owes"]


def test_a_group_line_is_chat_or_a_command(browser: Browser) -> None:
    state = browser.state()
    me = person(state)
    browser.ok("/playground/api/group", {"seat": me["seat"], "text": "よろしく"})
    said = browser.state(since=state["next"])
    assert [(e["author"], e["text"]) for e in said["chat"]] == [(me["name"], "よろしく")]
    browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/status"})
    answered = browser.state(since=said["next"])["chat"]
    assert answered, "the game master answered in the group"
    assert answered[0]["author"] is None
    assert browser.call("/playground/api/group", {"seat": me["seat"], "text": "  "})[0] == 400
    assert browser.call("/playground/api/group", {"seat": 99, "text": "hi"})[0] == 400


def test_advance_jumps_the_clock_to_the_deadline(browser: Browser) -> None:
    state = browser.state()
    answer = browser.ok("/playground/api/advance", {})
    assert answer["moved"] is True
    assert answer["message"] == ui("web.advanced", "ja")
    after = browser.state()
    assert after["now"] >= state["deadline_at"]
    assert after["phase_seq"] > state["phase_seq"]


def test_a_seat_handed_to_a_bot_plays_and_can_be_taken_back(browser: Browser) -> None:
    state = browser.state()
    me = person(state)
    browser.ok("/playground/api/seat", {"seat": me["seat"], "bot": True})
    handed = browser.state()
    assert person(handed)["bot"]
    assert handed["phase_seq"] > state["phase_seq"], "the bot played the person's seat and the game went on"
    browser.ok("/playground/api/seat", {"seat": me["seat"], "bot": False})
    assert not person(browser.state())["bot"]
    assert browser.call("/playground/api/seat", {"seat": me["seat"], "bot": "yes"})[0] == 400


def test_off_loopback_names_and_a_missing_key_are_refused(server: PlaygroundServer) -> None:
    browser = Browser(server.url)
    status, _ = browser.call("/playground/api/state", headers={"Host": "attacker.example"})
    assert status == 403, "a rebinding page's requests name another host"
    lan = PlaygroundServer(host="0.0.0.0", port=0)
    assert lan.key is not None, "a LAN address prints a key with its URL"
    assert lan.url.endswith(f"/?key={lan.key}")
    assert not lan.allowed("192.168.1.5:8765", "", public=False), "the API needs the key"
    assert not lan.allowed("192.168.1.5:8765", "guessed", public=False)
    assert lan.allowed("192.168.1.5:8765", lan.key, public=False)
    assert lan.allowed("192.168.1.5:8765", "", public=True), "the console checks its seat tokens itself"
    lan.playground.stop()


def _first_leaf(actions: list[dict[str, Any]], taken: set[str]) -> dict[str, Any] | None:
    """The first choice of an action kind not yet tried in this phase, down its first steps."""
    for option in actions:
        if option["action"]["kind"] in taken:
            continue
        while option["children"]:
            option = option["children"][0]
        return option
    return None


def _play_to_the_end(browser: Browser) -> dict[str, Any]:
    """The person acts in their console (each action kind once per phase) and jumps the clock whenever
    they have nothing left to try, until the game is over."""
    taken: dict[int, set[str]] = {}
    for _ in range(MAX_INPUTS):
        state = browser.state(since=10**9)
        if state["over"]:
            return state
        me = person(state)
        view = browser.view(state, me)
        tried = taken.setdefault(view["phase_seq"], set())
        choice = _first_leaf(view["actions"], tried)
        if choice is not None:
            tried.add(choice["action"]["kind"])
            browser.act(state, me, view, choice["action"])
        else:
            assert browser.ok("/playground/api/advance", {})["moved"], f"stuck in {state['phase']}"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(registry()))
def test_a_whole_game_through_the_playground_and_the_console(browser: Browser, game: str) -> None:
    players = registry()[game].min_players
    browser.ok("/playground/api/new", {"game": game, "players": players, "lang": "ja", "seed": 5})
    over = _play_to_the_end(browser)
    assert over["game"] == game
    recap = browser.view(over, person(over))
    assert recap["over"] is True
    assert any(section["id"] == "recap" for section in recap["sections"])


def _buttons(state: dict[str, Any], label: str) -> list[tuple[int, int, bool]]:
    """``(n, index, live)`` of every group button labelled ``label``, oldest first."""
    return [(entry["n"], i, button["live"]) for entry in state["chat"]
            for i, button in enumerate(entry["buttons"]) if button["label"] == label]  # fmt: skip


def test_the_rematch_button_and_startgame_in_the_group_start_the_next_game(browser: Browser) -> None:
    join, again = i18n.text("action.join", "ja", "common"), i18n.text("action.rematch", "ja", "politician")
    running = browser.state()
    assert [live for _, _, live in _buttons(running, join)] == [False], "the game runs: 「参加する」 is dead"
    over = _play_to_the_end(browser)
    me = person(over)
    ended = browser.state()
    shown = _buttons(ended, again)
    assert shown, "the finished game offers 「もう一回」 in the group"
    n, button, live = shown[-1]
    assert live
    assert [n, button] in ended["live"]
    browser.ok("/playground/api/press", {"seat": me["seat"], "n": n, "button": button})
    lobby = browser.state()
    assert lobby["game_id"] != over["game_id"]
    assert not lobby["started"]
    assert [live for _, _, live in _buttons(lobby, again)] == [False], (
        "the rematch is open: its button is dead"
    )
    assert [n, button] not in lobby["live"], "the page is told to disable the button it already shows"
    assert [live for _, _, live in _buttons(lobby, join)] == [False, True], (
        "only the new lobby's join is live"
    )
    browser.ok("/playground/api/group", {"seat": person(lobby)["seat"], "text": "/startgame"})
    started = browser.state()
    assert started["started"]
    assert not any(live for _, _, live in _buttons(started, join))
    mine = person(started)
    assert (mine["name"], mine["bot"]) == (me["name"], False), "the dealt person row is the person"
    assert browser.view(started, mine)["me"]["name"] == me["name"], "and its token opens the person's console"


def test_a_group_line_must_be_a_string_of_at_most_a_thousand_characters(browser: Browser) -> None:
    me = person(browser.state())
    for text in (123, ["/help"], None):
        status, data = browser.call("/playground/api/group", {"seat": me["seat"], "text": text})
        assert (status, data["message"]) == (400, ui("web.error.request", "ja")), text
    status, data = browser.call("/playground/api/group", {"seat": me["seat"], "text": "/" + "a" * 60_000})
    assert (status, data["message"]) == (400, ui("web.error.too_long", "ja", max=1000))
    before = browser.state()["next"]
    status, _ = browser.call("/playground/api/group", {"seat": me["seat"], "text": "/help" + " " * 996})
    assert status == 400, "1,001 characters are one too many"
    assert browser.state()["next"] == before, "nothing refused reaches the group"


def test_a_settings_keyboard_is_live_until_a_newer_group_message_has_buttons(browser: Browser) -> None:
    me = person(browser.state())
    browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/settings"})
    english = i18n.text("settings.language.en", "ja", "common")
    shown = browser.state()
    [(n, index, live)] = _buttons(shown, english)
    assert live, "a settings button has no phase: it counts while it is the group's newest keyboard"
    assert [n, index] in shown["live"]
    [(_, game, _)] = _buttons(browser.state(), i18n.text("game.name", "ja", "politician"))
    browser.ok("/playground/api/press", {"seat": me["seat"], "n": n, "button": game})
    after = browser.state()
    assert [live for _, _, live in _buttons(after, english)] == [False], "the next level replaced it"
    assert after["live"], "the next level's buttons are live"
    assert all(shown > n for shown, _ in after["live"])


def test_jinro_gm_play_serves_the_playground_until_ctrl_c(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def interrupted() -> None:
        url = capsys.readouterr().out.split("http://", 1)[1].split()[0]
        seen["state"] = Browser("http://" + url).state()
        raise KeyboardInterrupt

    monkeypatch.setattr(serving, "until_interrupted", interrupted)
    assert cli.main(["play", "--game", "deathnote", "--port", "0", "--seed", "1", "--players", "4"]) == 0
    assert seen["state"]["game"] == "deathnote"
    assert len(seen["state"]["seats"]) == 4


def test_a_port_in_use_is_refused_in_one_line(
    server: PlaygroundServer, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert cli.main(["play", "--port", str(server.port), "--seed", "1", "--players", "4"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "--port" in err


def test_refused_console_requests_and_many_taps_never_close_a_phase(browser: Browser) -> None:
    """The playground's clock stands still: only 「締め切りまで進める」 closes a phase, however many taps or
    refused requests come in (a refused one does not move it at all)."""
    state = browser.state()
    me = person(state)
    for _ in range(40):
        assert browser.call("/console/api/act", {})[0] == 401
    assert browser.state()["now"] == state["now"]
    view = browser.view(state, me)
    for _ in range(40):  # far more than a phase's seconds / TICK of accepted and refused taps
        body = {"g": state["game_id"], "phase_seq": view["phase_seq"], "action": view["actions"][0]["action"],
                "client_id": uuid.uuid4().hex}  # fmt: skip
        browser.call("/console/api/act", body, token=me["token"])
    after = browser.state()
    assert after["deadline_at"] is None or after["now"] < after["deadline_at"]


def test_a_seed_out_of_the_rngs_range_is_refused(browser: Browser) -> None:
    before = browser.state()
    for seed in (-1, 2**63, int("9" * 70), 1.5, True, "many"):
        new = {"game": "adazakura", "players": 5, "lang": "ja", "seed": seed}
        status, refused = browser.call("/playground/api/new", new)
        assert status == 400
        assert refused["message"] == ui("web.error.seed", "ja", max=2**63 - 1), seed
    assert browser.state()["game_id"] == before["game_id"]


def _raw(server: PlaygroundServer, method: str, path: str, headers: dict[str, str] | None = None) -> Any:
    """``(status, headers, body)`` of one request sent as given (no body, whatever Content-Length says)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_other_methods_get_json_and_the_allowed_ones(server: PlaygroundServer, method: str) -> None:
    state = Browser(server.url).state()
    expected = {
        "/": "GET, HEAD",
        "/playground/static/playground.js": "GET, HEAD",
        "/playground/api/state": "GET",
        "/playground/api/texts": "GET",
        "/playground/api/press": "POST",
        "/console/api/view": "GET",
        "/console/api/act": "POST",
        f"/console?g={state['game_id']}": "GET",
    }
    for path, allowed in expected.items():
        status, headers, body = _raw(server, method, path)
        assert (status, headers["Allow"]) == (405, allowed), path
        assert headers["Content-Type"].startswith("application/json")
        message = i18n.text("console.error.not_allowed", "ja", "common")
        assert json.loads(body) == {"error": "not_allowed", "message": message}
    status, headers, body = _raw(server, method, "/nowhere", {"Accept-Language": "en-US,en;q=0.8"})
    assert status == 404
    assert json.loads(body)["message"] == i18n.text("console.error.not_found", "en", "common")


def test_a_route_asked_with_the_wrong_method_is_405_not_404(
    browser: Browser, server: PlaygroundServer
) -> None:
    status, headers, _ = _raw(server, "GET", "/playground/api/advance")
    assert (status, headers["Allow"]) == (405, "POST")
    before = browser.state()
    status, headers, _ = _raw(server, "POST", "/playground/api/state")
    assert (status, headers["Allow"]) == (405, "GET")
    assert browser.state()["now"] == before["now"]


def test_head_on_a_page_is_its_get_without_a_body(server: PlaygroundServer) -> None:
    state = Browser(server.url).state()
    me = person(state)
    pages = ["/", "/playground/static/playground.css", f"/console?g={state['game_id']}&token={me['token']}",
             "/console/static/console.js"]  # fmt: skip
    for path in pages:
        got = _raw(server, "GET", path)
        head = _raw(server, "HEAD", path)
        assert head[0] == got[0] == 200, path
        assert head[1]["Content-Type"] == got[1]["Content-Type"]
        assert head[1]["Content-Length"] == str(len(got[2]))
        assert head[2] == b"", "no body after HEAD"
    status, headers, body = _raw(server, "HEAD", "/playground/api/state")
    assert (status, headers["Allow"], body) == (405, "GET", b"")


@pytest.mark.parametrize("length", ["-1", "many"])
def test_a_console_request_with_a_bad_length_gets_the_consoles_400(
    server: PlaygroundServer, length: str
) -> None:
    for lang, accept in (("ja", ""), ("en", "en-GB,en;q=0.9")):
        headers = {"Content-Length": length, "Content-Type": "application/json", "Accept-Language": accept}
        status, answered, body = _raw(server, "POST", "/console/api/act", headers)
        assert status == 400
        assert answered["Content-Type"].startswith("application/json")
        message = i18n.text("console.error.bad_request", lang, "common")
        assert json.loads(body) == {"error": "bad_request", "message": message}


def _sent(port: int, head: str, body: bytes = b"") -> tuple[int, dict[str, Any]]:
    """The status and JSON answer to a request sent as ``head`` and ``body`` (and nothing more), read
    within 5 seconds (``TimeoutError`` if the server is still waiting then)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(head.encode() + body)
        response = http.client.HTTPResponse(connection)
        response.begin()
        return response.status, json.loads(response.read())


@pytest.mark.parametrize("path", ["/playground/api/new", "/console/api/act"])
def test_an_over_limit_content_length_is_a_413_at_once(server: PlaygroundServer, path: str) -> None:
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {MAX_BODY + 1}\r\nAccept-Language: en\r\n\r\n")  # fmt: skip
    status, answer = _sent(server.port, head)  # no body follows: answered without waiting for one
    assert status == 413
    assert answer == {"error": "too_large", "message": ui("web.error.too_large", "en", max=MAX_BODY)}
    assert Browser(server.url).state()["started"], "the server goes on answering"


@pytest.mark.parametrize("path", ["/playground/api/new", "/console/api/act"])
def test_a_body_shorter_than_its_length_is_a_408_not_a_held_thread(path: str) -> None:
    server = PlaygroundServer(game="politician", players=5, seed=4, port=0, read_timeout=0.2)
    server.start()
    try:
        before = Browser(server.url).state()
        head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                "Content-Length: 100\r\n\r\n")  # fmt: skip
        status, answer = _sent(server.port, head, b'{"game": ')
        assert status == 408
        assert answer == {"error": "timeout", "message": ui("web.error.timeout", "ja")}
        assert Browser(server.url).state()["game_id"] == before["game_id"], "the cut-off request did nothing"
    finally:
        server.stop()


# -- the page in a browser: the console's frame -------------------------------------------------------

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
#: True once the console's frame shows its whole page: its inner height is the page's height (or the
#: frame's minimum for a short page), so the console never scrolls inside the page's own scroll.
FITS = """() => {
  const frame = document.getElementById("console");
  const doc = frame.contentDocument;
  if (!doc || !doc.body || !doc.body.textContent.trim() || doc.getElementById("loading")) return false;
  const content = Math.ceil(doc.documentElement.getBoundingClientRect().height);
  const atMinimum = frame.offsetHeight <= parseFloat(getComputedStyle(frame).minHeight) + 0.5;
  return frame.clientHeight >= content && (frame.clientHeight <= content + 1 || atMinimum);
}"""
#: How long the page may take to lay out the frame before the check counts as failed (ms).
SETTLE_MS = 15000


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for this module's page checks, as tests/browser/conftest.py starts it
    (Debian's binary, never a download; module-scoped, so Playwright's loop ends with this module);
    skipped without Playwright or a Chromium."""
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium found: install Debian's chromium or set CHROMIUM=/path")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def _opened(chromium: Any, server: PlaygroundServer, viewport: dict[str, int]) -> Any:
    context = chromium.new_context(locale="ja-JP", viewport=viewport, device_scale_factor=1)
    page = context.new_page()
    page.goto(server.url)
    page.frame_locator("#console").locator("#actions button").first.wait_for()
    page.wait_for_function(FITS, timeout=SETTLE_MS)
    return page


@pytest.mark.browser
def test_on_a_phone_the_whole_console_shows_in_the_pages_scroll(
    chromium: Any, server: PlaygroundServer
) -> None:
    from playwright.sync_api import expect

    page = _opened(chromium, server, PHONE)
    try:
        frame = page.locator("#console")
        assert frame.evaluate("f => f.offsetHeight") > 0.8 * PHONE["height"], "longer than the old frame"
        last = page.frame_locator("#console").locator("#actions button").last
        last.scroll_into_view_if_needed()
        expect(last).to_be_in_viewport()
        frame.evaluate("f => { f.src = '/console?g=nothing&token=forged'; }")  # a short page: a refusal
        page.frame_locator("#console").locator(".refusal").wait_for()
        page.wait_for_function(FITS, timeout=SETTLE_MS)
        shrunk, minimum = frame.evaluate("f => [f.offsetHeight, parseFloat(getComputedStyle(f).minHeight)]")
        assert shrunk == minimum, "a short page shrinks the frame to its minimum"
    finally:
        page.context.close()


@pytest.mark.browser
def test_on_a_wide_screen_the_panes_sit_side_by_side_and_old_buttons_are_off(
    chromium: Any, server: PlaygroundServer
) -> None:
    from playwright.sync_api import expect

    page = _opened(chromium, server, WIDE)
    try:
        join = page.locator("#chat button", has_text=i18n.text("action.join", "ja", "common"))
        expect(join).to_be_disabled()
        expect(join).to_have_attribute("title", ui("web.chat.stale", "ja"))
        group, seats = page.locator(".group-pane").bounding_box(), page.locator(".seat-pane").bounding_box()
        assert group is not None
        assert seats is not None
        assert seats["x"] >= group["x"] + group["width"], "the seats' pane is right of the group"
        assert abs(seats["y"] - group["y"]) < 1
        other = bots(Browser(server.url).state())[0]
        page.locator(f"#tabs [data-seat='{other['seat']}']").click()
        page.frame_locator("#console").locator("#me").filter(has_text=str(other["name"])).wait_for()
        page.wait_for_function(FITS, timeout=SETTLE_MS)
    finally:
        page.context.close()


@pytest.mark.browser
def test_after_a_rematch_the_started_game_shows_the_persons_own_seat(
    chromium: Any, server: PlaygroundServer
) -> None:
    from playwright.sync_api import expect

    page = _opened(chromium, server, WIDE)
    try:
        browser = Browser(server.url)
        over = _play_to_the_end(browser)
        again = i18n.text("action.rematch", "ja", over["game"])
        n, button, _ = _buttons(browser.state(), again)[-1]
        browser.ok("/playground/api/press", {"seat": person(over)["seat"], "n": n, "button": button})
        expect(page.locator("#console-empty")).to_be_visible(timeout=SETTLE_MS)  # the page saw the lobby
        other = next(row for row in browser.state()["seats"] if not row["person"])
        page.locator(f"#tabs [data-seat='{other['seat']}']").click()  # a join number, reshuffled by the deal
        browser.ok("/playground/api/group", {"seat": person(browser.state())["seat"], "text": "/startgame"})
        expect(page.locator("#console")).to_be_visible(timeout=SETTLE_MS)
        me = person(browser.state())
        chosen = page.locator("#tabs [aria-selected='true']")
        expect(chosen).to_have_attribute("data-seat", str(me["seat"]))
        expect(page.locator("#chat-input")).to_have_attribute("placeholder", ui("web.chat.placeholder", "ja",
                                                                                name=me["name"]))  # fmt: skip
    finally:
        page.context.close()


def test_the_join_button_of_a_lobby_opened_with_newgame_seats_whoever_presses_it(browser: Browser) -> None:
    """On the platforms the join button is a link to the bot's 1:1 chat (Telegram's deep link): here
    pressing it sends that chat's ``/start <game id>``, so a lobby opened by ``/newgame`` fills up."""
    me = person(browser.state())
    browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/cancel"})
    browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/newgame adazakura"})
    lobby = browser.state()
    join = i18n.text("action.join", "ja", "common")
    n, button, live = _buttons(lobby, join)[-1]
    assert live
    other = next(row for row in lobby["seats"] if not row["person"])

    browser.ok("/playground/api/press", {"seat": other["seat"], "n": n, "button": button})

    said = [entry["text"] for entry in browser.state(lobby["next"])["chat"]]
    assert any(other["name"] in text and "参加しました" in text for text in said), said
