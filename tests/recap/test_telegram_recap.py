"""The recap at the end of each game in a Telegram group: the group gets the picture
(``sendPhoto`` by the URL of ``/recap/<game>.png``) with a URL button to the page; anyone with the link
opens the page and the picture from the Telegram function's URL; a wrong token, another game's token or
no token is the same 404. ``/recap`` afterwards sends the whole text recap with the page's URL button."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image

import core.i18n as i18n
from core.games import registry
from handlers.console.view import recap
from handlers.recap.links import token
from tests.e2e.harness import GROUP
from tests.recap.telegram_games import ORIGIN, Finished, finished, get

pytestmark = [pytest.mark.aws, pytest.mark.slow]

GAMES = ("werewolf", "politician", "deathnote", "adazakura")


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> Iterator[Finished]:
    with finished(request.param) as done:
        yield done


def _recap_photo(game: Finished) -> tuple[str, str, str]:
    """The group's recap message: (caption, picture URL, page URL)."""
    photos = game.api.photos(GROUP)
    assert len(photos) == 1, "one recap picture per game"
    (photo,) = photos
    assert photo.photo is not None
    (row,) = photo.buttons
    (label, url) = row[0]
    state = game.table.state()
    assert label == i18n.text("table.link", state.locale, state.game)
    return photo.text, photo.photo, url


def test_the_group_gets_the_picture_and_the_button_after_the_end(game: Finished) -> None:
    state = game.table.state()
    assert state.phase == "ended"
    caption, picture, page = _recap_photo(game)
    assert caption == i18n.text("table.title", state.locale, state.game)
    key = game.api.token
    assert page == f"{ORIGIN}/recap/{game.game_id}?t={token(key, game.game_id)}"
    assert picture == f"{ORIGIN}/recap/{game.game_id}.png?t={token(key, game.game_id)}"
    last = game.api.messages(GROUP)[-1]
    assert last.photo == picture, "the picture comes after the end's own texts"


def test_the_page_shows_every_seat_the_votes_and_the_nights(game: Finished) -> None:
    _, _, page = _recap_photo(game)
    parts = urlsplit(page)
    answer = get(parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()})
    assert answer["statusCode"] == 200
    assert answer["headers"]["content-type"].startswith("text/html")
    body = answer["body"]
    state = game.table.state()
    rules = registry()[state.game]
    table = rules.table(
        game.table.service.runner.with_history(game.table.service.runner.load(game.game_id)).state
    )
    assert table is not None
    for seat in table.seats:
        assert f"<td>{i18n.render_param(seat.name, state.locale, state.game)}</td>" in body
        assert f"<td>{i18n.render_param(seat.role, state.locale, state.game)}</td>" in body
    for row in table.votes:
        assert f'<th class="label">{i18n.render_param(row.label, state.locale, state.game)}</th>' in body
    assert i18n.render_param(table.result, state.locale, state.game) in body
    assert body.count('class="cell chosen"') == sum(
        1
        for row in table.votes
        for c in row.cells.values()
        if c.target is not None and c.target == row.outcome_seat
    )


def test_the_picture_is_a_png_the_group_can_show(game: Finished) -> None:
    _, picture, _ = _recap_photo(game)
    parts = urlsplit(picture)
    answer = get(parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()})
    assert answer["statusCode"] == 200
    assert answer["headers"]["content-type"] == "image/png"
    assert answer["isBase64Encoded"]
    data = base64.b64decode(answer["body"])
    assert len(data) < 1_000_000, "LINE's preview image limit"
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert 300 <= image.width <= 2400
        assert 300 <= image.height <= 4000


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/recap/{game}", {"t": "A" * 22}),
        ("/recap/{game}", {}),
        ("/recap/{game}.png", {"t": "wrong"}),
        ("/recap/other", {"t": "{token}"}),
        ("/recap/{game}.jpg", {"t": "{token}"}),
        ("/recap/", {"t": "{token}"}),
    ],
)
def test_a_wrong_link_is_a_404_naming_nothing(game: Finished, path: str, query: dict[str, str]) -> None:
    right = token(game.api.token, game.game_id)
    filled = {k: v.format(token=right) for k, v in query.items()}
    answer = get(path.format(game=game.game_id), filled)
    assert answer["statusCode"] == 404
    assert game.game_id not in answer["body"]


def test_the_recap_is_read_only(game: Finished) -> None:
    answer = get(f"/recap/{game.game_id}", {"t": token(game.api.token, game.game_id)}, method="POST")
    assert answer["statusCode"] == 405
    version = game.table.version()
    get(f"/recap/{game.game_id}", {"t": token(game.api.token, game.game_id)})
    assert game.table.version() == version


# Last in this module: it adds messages after the end's picture, which the first test finds last.
def test_recap_in_the_group_sends_the_text_recap_with_the_pages_button(game: Finished) -> None:
    table, api = game.table, game.api
    before = len(api.messages(GROUP))
    table.in_group(table.people[1], "/recap")
    answer = api.messages(GROUP)[before:]
    runner = table.service.runner
    finished = runner.with_history(runner.load(game.game_id))
    assert "\n\n".join(m.text for m in answer) == recap(finished.state, now=int(table.now))
    assert [m.photo for m in answer] == [None] * len(answer), "the text, not the picture again"
    assert [m.buttons for m in answer[1:]] == [[]] * (len(answer) - 1)
    state = finished.state
    label = i18n.text("table.link", state.locale, state.game)
    page = f"{ORIGIN}/recap/{game.game_id}?t={token(api.token, game.game_id)}"
    assert answer[0].buttons == [[(label, page)]], "the page's URL button under the first part"
    assert game.table.state().phase == "ended", "read-only"
    private = table.people[0]
    before = len(api.messages(private.chat))
    table.in_private(private, "/recap")
    mine = api.messages(private.chat)[before:]
    assert [m.text for m in mine] == [m.text for m in answer], "the player's own game, in the 1:1 chat too"
    assert mine[0].buttons == [[(label, page)]]
