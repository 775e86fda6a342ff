"""The read-only recap page (``/recap/<game>?t=<token>``) in headless Chromium, served by the
real Telegram webhook handler for a whole 人狼 game played through it (``page.route`` hands each request
of the function's https origin to ``handlers.telegram.webhook.handler``): what a phone shows, a wrong
token, and the picture the page's origin also serves."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import Page, Route, expect

import core.i18n as i18n
from core.games import registry
from handlers.recap.links import token
from handlers.telegram import webhook
from tests.recap.telegram_games import DOMAIN, ORIGIN, Finished, finished

pytestmark = [pytest.mark.aws]


@pytest.fixture(scope="module")
def game() -> Iterator[Finished]:
    with finished("werewolf") as done:
        yield done


def _serve(route: Route) -> None:
    """Answer the browser's request as the function URL would: the Lambda event, then its response."""
    parts = urlsplit(route.request.url)
    event = {"version": "2.0", "rawPath": parts.path, "queryStringParameters": dict(parse_qsl(parts.query)),
             "requestContext": {"http": {"method": route.request.method}, "domainName": DOMAIN}}  # fmt: skip
    answer: dict[str, Any] = webhook.handler(event, None)
    body = answer["body"]
    raw = base64.b64decode(body) if answer.get("isBase64Encoded") else body.encode("utf-8")
    route.fulfill(status=answer["statusCode"], headers=answer.get("headers") or {}, body=raw)


def _open(game: Finished, page: Page, path: str) -> Any:
    page.route(f"{ORIGIN}/**", _serve)
    return page.goto(f"{ORIGIN}{path}")


def _table(game: Finished) -> Any:
    runner = game.table.service.runner
    loaded = runner.with_history(runner.load(game.game_id))
    return registry()["werewolf"].table(loaded.state)


def test_a_phone_shows_every_seat_the_votes_and_the_nights(game: Finished, page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    response = _open(game, page, f"/recap/{game.game_id}?t={token(game.api.token, game.game_id)}")
    assert response is not None
    assert response.status == 200
    table = _table(game)
    expect(page.locator("h1")).to_have_text(i18n.text("table.title", "ja", "werewolf"))
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#seats tbody tr")).to_have_count(len(table.seats))
    expect(page.locator("#votes tbody tr")).to_have_count(len(table.votes))
    chosen = sum(
        1
        for r in table.votes
        for c in r.cells.values()
        if c.target is not None and c.target == r.outcome_seat
    )
    expect(page.locator("#votes td.chosen")).to_have_count(chosen)
    expect(page.locator("#timeline > ul > li")).to_have_count(len(table.timeline))
    for seat in table.seats:
        name = i18n.render_param(seat.name, "ja", "werewolf")
        expect(page.locator("#seats tbody tr").nth(table.seats.index(seat))).to_contain_text(name)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], (  # type: ignore[index]
        "a wide vote table scrolls in its box, the page does not"
    )
    assert errors == []


def test_a_phone_shows_each_vote_s_result_without_scrolling_sideways(game: Finished, page: Page) -> None:
    _open(game, page, f"/recap/{game.game_id}?t={token(game.api.token, game.game_id)}")
    table = _table(game)
    assert len({v for row in table.votes for v in row.cells}) >= 6, "a table wider than a phone"
    width = page.viewport_size["width"]  # type: ignore[index]
    outcome = i18n.text("table.column.outcome", "ja", "werewolf")
    expect(page.locator("#votes thead th", has_text=outcome)).to_have_count(1)
    heads = page.locator("#votes thead th").all_inner_texts()
    column = heads.index(outcome) + 1
    cells = page.locator(f"#votes tbody tr > :nth-child({column})")
    expect(cells).to_have_count(len(table.votes))
    for i, row in enumerate(table.votes):
        cell = cells.nth(i)
        said = i18n.text(f"table.outcome.{row.outcome}", "ja", "werewolf")
        expect(cell).to_contain_text(said)
        box = cell.bounding_box()
        assert box is not None
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= width, (box, width)  # in view, the page not scrolled
    assert page.evaluate("window.scrollX") == 0


def test_a_wrong_token_shows_nothing_of_the_game(game: Finished, page: Page) -> None:
    response = _open(game, page, f"/recap/{game.game_id}?t={token('not-the-key', game.game_id)}")
    assert response is not None
    assert response.status == 404
    expect(page.locator("body")).to_have_text("Not Found")
    for person in game.table.people:
        expect(page.locator("body")).not_to_contain_text(person.name)


def test_the_picture_of_the_same_link_is_an_image(game: Finished, page: Page) -> None:
    url = f"/recap/{game.game_id}.png?t={token(game.api.token, game.game_id)}"
    page.route(f"{ORIGIN}/**", _serve)
    page.set_content(f'<img id="p" src="{ORIGIN}{url}">')
    expect(page.locator("#p")).to_have_js_property("complete", True)
    width = page.evaluate("document.getElementById('p').naturalWidth")
    assert width > 300, "the browser decoded the PNG"
