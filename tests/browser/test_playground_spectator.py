"""The playground page as a person without a seat: 「席のない人を加える」 gives them a tab, ``/watch`` sent
from the group box as them opens their read-only console with its 霊界 tab; a seat out of the table
writes in the 霊界 from its private box, and the spectator's console shows it while a living seat's
never does."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

import core.i18n as i18n
from devtools.local.texts import ui
from tests.browser.playground import PlaygroundServer, serving, table
from tests.local.webclient import Browser, play_to

WORDS = "霊界からこんにちは"


def _tab(page: Page, key: object) -> Locator:
    """The tab of seat ``key`` (a number) or of a person without a seat (``w<number>``)."""
    return page.locator(f"#tabs [data-seat='{key}']")


def _watcher_added(page: Page, server: PlaygroundServer) -> str:
    """The page opened on ``server``'s table, a person without a seat added and chosen: their name."""
    page.goto(server.url)
    expect(page.locator("#game-line")).to_contain_text(str(table(server)["game_id"]))
    page.locator("#watcher-add").click()
    expect(_tab(page, "w1")).to_have_attribute("aria-selected", "true")
    return ui("watcher_name", "ja", n=1)


def test_a_spectator_watches_from_the_page_and_reads_the_afterlife(page: Page) -> None:
    with serving("politician", 5, 4) as server:
        name = _watcher_added(page, server)
        tab = _tab(page, "w1")
        expect(tab).to_have_text(name)
        expect(page.locator("#watcher-hint")).to_have_text(ui("web.watcher.hint", "ja", name=name))
        expect(page.locator("#bot-tool")).to_be_hidden()
        expect(page.locator("#console")).to_be_hidden()

        page.locator("#chat-input").fill("/watch")
        page.locator("#chat-form button[type=submit]").click()

        expect(tab).to_contain_text(ui("web.watcher.watching", "ja"))
        expect(page.locator("#watcher-hint")).to_be_hidden()
        frame = page.frame_locator("#console")
        afterlife = frame.locator("#afterlife")
        heading = i18n.text("console.ui.afterlife", "ja", "politician")
        expect(afterlife.get_by_role("heading", name=heading)).to_be_visible()
        expect(afterlife).to_contain_text(i18n.text("console.ui.read_only", "ja", "politician"))
        expect(frame.locator("#actions button")).to_have_count(0)

        state = play_to(Browser(server.url), lambda s: s["over"] or any(r["out"] for r in s["seats"]), "out")
        assert not state["over"]
        out = next(row for row in state["seats"] if row["out"])
        living = next(row for row in state["seats"] if not row["out"])
        expect(_tab(page, out["seat"])).to_contain_text(ui("web.seat.out", "ja"))

        _tab(page, out["seat"]).click()
        page.locator("#private-input").fill(f"/t {WORDS}")
        page.locator("#private-form button[type=submit]").click()
        expect(page.locator("#private-input")).to_have_value("")

        tab.click()
        expect(afterlife.locator("li").first).to_contain_text(WORDS)
        expect(afterlife.locator("li").first).to_contain_text(out["name"])

        _tab(page, living["seat"]).click()
        expect(page.frame_locator("#console").locator("#phase")).to_be_visible()
        expect(page.frame_locator("#console").locator("#afterlife")).to_be_hidden()
        expect(page.frame_locator("#console").locator("body")).not_to_contain_text(WORDS)


def test_a_watchers_box_offers_the_afterlife_and_unwatch_is_confirmed_under_the_group_box(page: Page) -> None:
    with serving("politician", 5, 4) as server:
        name = _watcher_added(page, server)
        expect(page.locator("#private-input")).to_have_attribute(
            "placeholder", ui("web.watcher.private.placeholder", "ja", name=name)
        )
        answer = page.locator("#chat-answer")
        watching = ui("web.watcher.watching", "ja")
        for line, said, tab_says in (("/watch", "watch.welcome", True), ("/unwatch", "watch.left", False)):
            page.locator("#chat-input").fill(line)
            expect(page.locator("#chat-input")).to_have_value(line)
            page.locator("#chat-form button[type=submit]").click()
            expect(answer).to_have_text(i18n.text(said, "ja", "politician"))
            expect(page.locator("#chat-input")).to_have_value("")  # the send is over: the box was emptied
            if tab_says:  # the page has redrawn the tab with what the line did
                expect(_tab(page, "w1")).to_contain_text(watching)
            else:
                expect(_tab(page, "w1")).not_to_contain_text(watching)
        expect(answer).to_be_visible()
        expect(_tab(page, "w1")).not_to_contain_text(ui("web.watcher.watching", "ja"))
