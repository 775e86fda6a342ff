"""The playground page in the browser, where a circle rehearses: it never swaps the game under a person
silently (another tab's 「新しいゲーム」, a restarted server), and what it offers beside the group chat; at
the end, the group's recap picture and the button to its page."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Page, Route, expect

import core.i18n as i18n
from devtools.local.texts import ui
from devtools.local.web import PlaygroundServer
from tests.browser.playground import serving, table
from tests.local.webclient import Browser, bots_to_the_end, person, play_until


def _new_game_elsewhere(server: PlaygroundServer) -> None:
    """「新しいゲーム」 pressed in another tab: the same request the page sends."""
    body = json.dumps({"game": "deathnote", "players": 4, "lang": "ja", "seed": 3}).encode()
    request = urllib.request.Request(server.url + "playground/api/new", data=body,
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 200


def _opened(page: Page, server: PlaygroundServer) -> None:
    page.goto(server.url)
    expect(page.locator("#game-line")).to_contain_text(str(table(server)["game_id"]))


def test_a_new_game_from_another_tab_is_told_not_swapped_silently(page: Page) -> None:
    with serving("politician", 5, 4) as server:
        _opened(page, server)
        _new_game_elsewhere(server)
        expect(page.locator("#game-line")).to_contain_text(str(table(server)["game_id"]))
        expect(page.locator("#status")).to_have_text(ui("web.replaced", "ja"))


def test_the_pages_own_new_game_says_nothing_of_another_tab(page: Page) -> None:
    with serving("politician", 5, 4) as server:
        _opened(page, server)
        page.locator("#new-open").click()
        page.locator("#new-game").select_option("deathnote")
        page.locator("#new-players").fill("4")
        page.locator("#new-form button[type=submit]").click()
        # The refresh that shows the new game is the one that would have told of another tab's.
        expect(page.locator("#game-line")).to_contain_text(str(table(server)["game_id"]))
        expect(page.locator("#game-line")).to_contain_text("DEATH NOTE")
        assert page.locator("#status").inner_text() != ui("web.replaced", "ja")


def test_a_restarted_server_is_told_even_with_the_same_seed(page: Page) -> None:
    with serving("politician", 5, 4) as first:
        port = first.port
        _opened(page, first)
        old = table(first)["game_id"]
    again = PlaygroundServer(game="politician", players=5, lang="ja", seed=4, port=port)
    again.start()
    try:
        assert table(again)["game_id"] == old, "the same seed deals the same game id"
        expect(page.locator("#status")).to_have_text(ui("web.restarted", "ja"))
        person = next(row for row in table(again)["seats"] if row["person"])
        expect(page.locator("#console")).to_have_attribute("src", f"/console?g={old}&token={person['token']}")
    finally:
        again.stop()


def test_the_seat_console_has_a_private_chat_box_that_answers(page: Page) -> None:
    with serving("politician", 5, 4) as server:
        _opened(page, server)
        box = page.locator("#private-input")
        expect(box).to_be_visible()
        me = next(row for row in table(server)["seats"] if row["person"])
        expect(box).to_have_attribute("placeholder", ui("web.private.placeholder", "ja", name=me["name"]))
        box.fill("/vote 9")
        page.locator("#private-form button[type=submit]").click()
        expect(box).to_have_value("")
        # The refusal shows right under the box that sent it, not in the bar at the top of the page.
        answer = page.locator("#private-answer")
        expect(answer).to_be_visible()
        expect(answer).not_to_be_empty()
        box.fill("/me")
        page.locator("#private-form button[type=submit]").click()
        expect(answer).to_contain_text(me["name"])
        expect(page.locator("#status")).not_to_contain_text(me["name"])
        # Another person's tab does not show this person's answer.
        other = next(row for row in table(server)["seats"] if not row["person"])
        page.locator(f"#tabs [data-seat='{other['seat']}']").click()
        expect(answer).to_be_hidden()


def test_the_private_box_stays_put_while_the_console_grows(page: Page) -> None:
    """The console's frame grows with its page (a new phase, a longer feed). A click that lands in a
    frame is lost without a word: the page under the pointer never sees it, and Playwright cannot tell
    either. So the box and its button must not move when the frame grows."""
    with serving("politician", 5, 4) as server:
        _opened(page, server)
        send = page.locator("#private-form button[type=submit]")
        expect(send).to_be_visible()
        before = send.bounding_box()
        page.locator("#console").evaluate("frame => { frame.style.minHeight = '90rem'; }")
        assert page.locator("#console").bounding_box()["height"] >= 1000  # type: ignore[index]
        assert send.bounding_box() == before
        page.locator("#private-input").fill("/me")
        send.click()
        expect(page.locator("#private-input")).to_have_value("")


def test_an_answer_that_comes_back_after_the_tab_changed_stays_off_the_other_tab(page: Page) -> None:
    with serving("politician", 5, 4) as server:
        _opened(page, server)
        held: list[Route] = []
        page.route("**/playground/api/private", lambda route: held.append(route))
        me = next(row for row in table(server)["seats"] if row["person"])
        other = next(row for row in table(server)["seats"] if not row["person"])
        page.locator("#private-input").fill("/me")
        with page.expect_request("**/playground/api/private"):
            page.locator("#private-form button[type=submit]").click()
        # The person moves to another tab while the answer is on its way.
        tab = page.locator(f"#tabs [data-seat='{other['seat']}']")
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")
        assert len(held) == 1, "the answer was not held"
        held[0].continue_()
        expect(page.locator("body")).not_to_have_attribute("aria-busy", "true")
        answer = page.locator("#private-answer")
        expect(answer).to_be_hidden()
        expect(answer).not_to_contain_text(me["name"])


def test_a_judgment_name_shows_as_chosen_and_the_console_says_it_waits(page: Page) -> None:
    with serving("deathnote", 4, 2) as server:
        _opened(page, server)
        browser = Browser(server.url)
        state = play_until(browser, "judgment")
        frame = page.frame_locator("#console")
        # The console finds the Judgment by itself (it polls), as a person's does.
        expect(frame.locator("#phase")).to_have_text(browser.view(state, person(state))["phase_label"])
        names = frame.locator("#actions button.act")
        expect(names.first).to_be_visible()
        label = names.first.inner_text()
        names.first.click()
        chosen = frame.locator("#actions button.chosen")
        expect(chosen).to_have_count(1)
        expect(chosen).to_contain_text(label)
        expect(chosen).to_have_attribute("aria-pressed", "true")
        waiting = frame.locator("#waiting")
        expect(waiting).to_contain_text(i18n.text("console.ui.waiting", "ja", "deathnote"))
        expect(waiting).to_contain_text(i18n.text("console.ui.waiting_left", "ja", "deathnote"))
        me = next(row for row in table(server)["seats"] if row["person"])
        tab = page.locator(f"#tabs [data-seat='{me['seat']}']")
        expect(tab).not_to_contain_text(ui("web.seat.owes", "ja"))


def test_the_end_shows_the_recap_picture_and_its_pages_button_in_the_group(page: Page) -> None:
    with serving("werewolf", 4, 5) as server:
        over = bots_to_the_end(Browser(server.url), "werewolf")
        page.goto(server.url)
        picture = page.locator("#chat img.photo")
        expect(picture).to_have_count(1)
        expect(picture).to_have_attribute("alt", ui("web.chat.picture", "ja"))
        page.wait_for_function("() => document.querySelector('#chat img.photo').complete")
        assert picture.evaluate("image => image.naturalWidth") >= 300, "the PNG the server drew loaded"
        button = page.locator("#chat a.link-button")
        expect(button).to_have_text(i18n.text("table.link", "ja", "werewolf"))
        with page.context.expect_page() as opened:
            button.click()
        recap_page = opened.value
        recap_page.wait_for_load_state()
        assert recap_page.url.startswith(f"{server.url}recap/{over['game_id']}?t=")
        expect(recap_page.locator("h1")).to_have_text(i18n.text("table.title", "ja", "werewolf"))


def test_a_newgame_in_english_sent_in_the_group_turns_the_page_english(page: Page) -> None:
    with serving("werewolf", 4, 5) as server:
        bots_to_the_end(Browser(server.url), "werewolf")
        page.goto(server.url)
        expect(page).to_have_title(ui("web.title", "ja"))
        page.locator("#chat-input").fill("/newgame politician en")
        page.locator("#chat-form button[type=submit]").click()
        expect(page).to_have_title(ui("web.title", "en"))
        expect(page.locator("#game-line")).to_contain_text(i18n.text("game.name", "en", "politician"))


def test_the_groups_buttons_press_rematch_then_join(page: Page) -> None:
    """「もう一回」 and 「参加する」 in the group chat are pressed as the chosen tab's person: the rematch
    lobby opens, and a seat that left joins it again, with no page error on the way."""
    with serving("werewolf", 4, 5) as server:
        over = bots_to_the_end(Browser(server.url), "werewolf")
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(server.url)
        rematch = page.locator("#chat button:enabled", has_text=i18n.text("action.rematch", "ja", "werewolf"))
        expect(rematch).to_have_count(1)
        rematch.click()
        expect(page.locator("#game-line")).to_contain_text(over["game_id"] + "r1")
        assert not table(server)["started"]
        second = table(server)["seats"][1]
        page.locator("#tabs [data-seat='2']").click()
        page.locator("#chat-input").fill("/leave")
        page.locator("#chat-form button[type=submit]").click()
        expect(page.locator("#chat-input")).to_have_value("")
        join = page.locator("#chat button:enabled", has_text=i18n.text("action.join", "ja", "werewolf"))
        expect(join).to_have_count(1)
        join.click()
        names = [row["name"] for row in table(server)["seats"] if row["name"] != second["name"]]
        joined = i18n.text("lobby.joined", "ja", "werewolf", name=second["name"], count=4,
                           names="、".join([*names, second["name"]]))  # fmt: skip
        expect(page.locator("#chat li").last).to_contain_text(joined)
        assert errors == []
