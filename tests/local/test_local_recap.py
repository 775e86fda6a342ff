"""The recap in the local playground: at the end of a game the group shows the result table's picture
(``/recap/<game>.png?t=…``) and a button to its page (``/recap/<game>?t=…``), both served by the
playground's own server through the platforms' route (``handlers.recap.serve``); ``/recap`` in the group
answers the whole text recap with the page's link; a wrong token, another table's link or no token is a
404. The terminal playground, which serves no page, says where the text recap is (or prints a linked
page's URL)."""

from __future__ import annotations

import asyncio
import io
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image

import core.i18n as i18n
from core.games import registry
from devtools.local import terminal
from devtools.local.game import LocalGame
from devtools.local.parse import Send, parse
from devtools.local.texts import ui
from devtools.local.web import PlaygroundServer
from handlers.console.view import recap
from handlers.messages import TextCommand
from handlers.recap.links import token
from tests.local.runner import Play
from tests.local.webclient import Browser, bots_to_the_end, person


def _get(server: PlaygroundServer, url: str, method: str = "GET") -> tuple[int, str, bytes]:
    """``(status, content type, body)`` of ``url`` (a path of the page's, as the group view links it)."""
    request = urllib.request.Request(f"http://127.0.0.1:{server.port}{url}", method=method)
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read()


def _recap_entry(state: dict[str, Any]) -> dict[str, Any]:
    """The group's one message with a picture."""
    pictures = [entry for entry in state["chat"] if entry["photo"]]
    assert len(pictures) == 1, "one recap picture per game"
    return pictures[0]


@pytest.mark.parametrize("game", sorted(registry()))
def test_a_bot_game_ends_with_the_picture_and_the_page_served_by_the_playground(
    server: PlaygroundServer, browser: Browser, game: str
) -> None:
    over = bots_to_the_end(browser, game)
    shown = _recap_entry(over)
    game_id, locale = over["game_id"], over["locale"]
    assert over["chat"][-1] == shown, "the picture comes after the end's own texts"
    assert shown["text"] == i18n.text("table.title", locale, game)
    table = server.playground.game
    assert table is not None
    right = token(table.recap_key, game_id)
    assert shown["photo"] == f"/recap/{game_id}.png?t={right}"
    label = i18n.text("table.link", locale, game)
    assert shown["link"] == {"label": label, "url": f"/recap/{game_id}?t={right}"}

    status, kind, page = _get(server, shown["link"]["url"])
    assert (status, kind.split(";")[0]) == (200, "text/html")
    html = page.decode("utf-8")
    state = table.state()
    recap_table = table.rules.table(state)
    assert recap_table is not None
    for seat in recap_table.seats:
        assert f"<td>{i18n.render_param(seat.name, locale, game)}</td>" in html
        assert f"<td>{i18n.render_param(seat.role, locale, game)}</td>" in html
    assert i18n.render_param(recap_table.result, locale, game) in html

    status, kind, picture = _get(server, shown["photo"])
    assert (status, kind) == (200, "image/png")
    with Image.open(io.BytesIO(picture)) as image:
        assert image.format == "PNG"
        assert image.width >= 300
        assert image.height >= 300


def test_a_wrong_token_another_game_or_no_token_is_a_404_and_the_recap_is_read_only(
    server: PlaygroundServer, browser: Browser
) -> None:
    over = bots_to_the_end(browser, "werewolf")
    link = _recap_entry(over)["link"]["url"]
    path, right = urlsplit(link).path, parse_qs(urlsplit(link).query)["t"][0]
    for wrong in (f"{path}?t={'A' * 22}", path, f"{path}.png?t=wrong", f"/recap/other?t={right}",
                  f"{path}.jpg?t={right}", f"/recap/?t={right}"):  # fmt: skip
        status, _, body = _get(server, wrong)
        assert status == 404, wrong
        assert over["game_id"].encode() not in body
    assert _get(server, link, method="POST")[0] == 405
    head = _get(server, link, method="HEAD")
    assert (head[0], head[2]) == (200, b"")
    assert browser.state()["next"] == over["next"], "nothing was said or changed"
    browser.ok("/playground/api/new", {"game": "werewolf", "players": 4, "lang": "ja", "seed": 5})
    assert _get(server, link)[0] == 404, "a new table: the old table's links are gone with its store"


def test_recap_in_the_group_answers_the_text_recap_with_the_pages_link(
    server: PlaygroundServer, browser: Browser
) -> None:
    running = browser.state()
    me = person(running)
    browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/recap"})
    refused = browser.state(since=running["next"])["chat"]
    assert [e["text"] for e in refused if e["author"] is None] == [
        i18n.text("reason.recap.not_over", "ja", "politician")
    ]
    over = bots_to_the_end(browser, "politician")
    link = _recap_entry(over)["link"]
    browser.ok("/playground/api/group", {"seat": person(over)["seat"], "text": "/recap"})
    answer = [e for e in browser.state(since=over["next"])["chat"] if e["author"] is None]
    table = server.playground.game
    assert table is not None
    assert "\n\n".join(e["text"] for e in answer) == recap(table.state(), now=table.now)
    assert [e["link"] for e in answer] == [link] + [None] * (len(answer) - 1), "the page's link on the first"
    assert [e["photo"] for e in answer] == [None] * len(answer)
    after = browser.state()["next"]
    browser.ok("/playground/api/group", {"seat": person(over)["seat"], "text": "/help"})
    (helped,) = [e["text"] for e in browser.state(since=after)["chat"] if e["author"] is None]
    assert helped.startswith(i18n.text("help.phase.ended", "ja", "politician")), "the end's /help"
    assert "/recap" in helped, "names /recap"


def test_the_terminal_says_where_the_text_recap_is(play: Play) -> None:
    run = play("--auto", "--game", "werewolf", "--players", "4", "--seed", "3")
    assert run.state().is_over
    assert run.out.count(ui("recap.text", "ja")) == 1
    assert run.out.rstrip().endswith(ui("over", "ja"))
    assert [e for e in run.chats if "photo" in e or "link" in e] == [], "no server: no picture, no page"
    assert parse("/recap") == Send(private=False, command=TextCommand("recap")), "typed, it goes to the group"


def test_the_recap_needs_its_token_not_the_playgrounds_key(server: PlaygroundServer) -> None:
    rebound = {"Host": "attacker.example"}
    request = urllib.request.Request(server.url + "recap/local4?t=wrong", headers=rebound)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 403, "on loopback, a rebinding page's request is refused as everywhere"
    lan = PlaygroundServer(game="werewolf", players=4, seed=5, host="0.0.0.0", port=0)
    lan.start()
    try:
        assert lan.key is not None
        over = bots_to_the_end(Browser(f"http://127.0.0.1:{lan.port}", key=lan.key), "werewolf")
        link = _recap_entry(over)["link"]["url"]
        status, kind, _ = _get(lan, link)
        assert (status, kind.split(";")[0]) == (200, "text/html"), "no key: the token opens the page"
    finally:
        lan.stop()


def test_a_terminal_game_linked_to_a_server_prints_the_pages_url_instead() -> None:
    game = LocalGame(players=4, lang="ja", seed=3, auto=True, game="werewolf")
    game.link_recap("http://127.0.0.1:8765")
    out = io.StringIO()
    screen = terminal.Screen(game, out, color=False)
    status = asyncio.run(terminal.play(game, screen, lambda: None, seed=3, echo=False))
    assert status == 0
    page = f"http://127.0.0.1:8765/recap/{game.game_id}?t={token(game.recap_key, game.game_id)}"
    printed = out.getvalue()
    assert ui("recap.page", "ja", url=page) in printed
    assert ui("recap.text", "ja") not in printed, "the page's URL says where the recap is"
