"""The recap at the end of each game in a LINE group, free mode, through the LINE webhook
and the timer on the fake LINE API: the group gets an image message of ``/recap/<game>.png`` (https, as
LINE requires) and a bubble whose URI action opens the page; the LINE function serves both to anyone
with the link, keyed with the channel access token; a wrong token is a 404. ``/recap`` afterwards answers
the whole text recap, its first part in a bubble with the page's URI action."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

import pytest

import core.i18n as i18n
from handlers import timer
from handlers.console.view import recap
from handlers.line import webhook
from handlers.recap.links import token
from tests.e2e import line_events
from tests.e2e.line_bots import Played, played_game
from tests.e2e.line_table import GROUP

pytestmark = [pytest.mark.aws, pytest.mark.slow]

DOMAIN = "line456.lambda-url.ap-northeast-1.on.aws"
ORIGIN = f"https://{DOMAIN}"
ACCESS_TOKEN = "line-channel-access-token-for-tests"
PLAYERS = {"adazakura": 6, "politician": 7, "deathnote": 5, "werewolf": 7}


@contextmanager
def _deployed() -> Iterator[None]:
    """The LINE function's events carry its origin; the timer reads its sites from its environment."""
    request, configure = line_events.request, timer.configure

    def with_origin(events: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
        event = request(events, **options)
        event["requestContext"] = {"http": {"method": "POST"}, "domainName": DOMAIN}
        return event

    def configured(**options: Any) -> None:
        configure(**options)
        timer._Container.service.runner.recap = timer.recap_sites()  # type: ignore[union-attr]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(line_events, "request", with_origin)
        patch.setattr(timer, "configure", configured)
        patch.setenv("LINE_FUNCTION_URL", ORIGIN)
        patch.setenv("LINE_CHANNEL_ACCESS_TOKEN", ACCESS_TOKEN)
        yield


@pytest.fixture(scope="module", params=sorted(PLAYERS))
def played(request: pytest.FixtureRequest) -> Iterator[Played]:
    game = cast(str, request.param)
    with _deployed(), played_game(game, PLAYERS[game]) as whole:
        yield whole


def get(path: str, query: dict[str, str]) -> dict[str, Any]:
    event = {"version": "2.0", "rawPath": path, "queryStringParameters": query,
             "requestContext": {"http": {"method": "GET"}, "domainName": DOMAIN}}  # fmt: skip
    answer: dict[str, Any] = webhook.handler(event, None)
    return answer


def _shown(played: Played) -> tuple[dict[str, Any], dict[str, Any]]:
    """The group's image message and the bubble after it."""
    seen = played.table.fake.seen(GROUP)
    images = [i for i, m in enumerate(seen) if m["type"] == "image"]
    assert len(images) == 1, "one recap picture per game"
    return seen[images[0]], seen[images[0] + 1]


def test_the_group_gets_the_image_and_the_link_after_the_end(played: Played) -> None:
    state = played.table.state()
    assert state.is_over
    image, bubble = _shown(played)
    right = token(ACCESS_TOKEN, state.game_id)
    assert (
        image["originalContentUrl"]
        == image["previewImageUrl"]
        == f"{ORIGIN}/recap/{state.game_id}.png?t={right}"
    )
    assert bubble["type"] == "flex"
    (button,) = bubble["contents"]["footer"]["contents"]
    assert button["action"] == {
        "type": "uri", "label": i18n.text("table.link", state.locale, state.game),
        "uri": f"{ORIGIN}/recap/{state.game_id}?t={right}",
    }  # fmt: skip
    assert bubble["altText"] == i18n.text("table.title", state.locale, state.game)


def test_the_link_opens_the_page_and_the_picture(played: Played) -> None:
    image, bubble = _shown(played)
    for url, kind in ((bubble["contents"]["footer"]["contents"][0]["action"]["uri"], "text/html"),
                      (image["originalContentUrl"], "image/png")):  # fmt: skip
        parts = urlsplit(url)
        answer = get(parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()})
        assert answer["statusCode"] == 200
        assert answer["headers"]["content-type"].startswith(kind)
    page = get(f"/recap/{played.table.game_id}", {"t": token(ACCESS_TOKEN, played.table.game_id)})["body"]
    for person in played.table.people:
        assert person.name in page
    png = get(f"/recap/{played.table.game_id}.png", {"t": token(ACCESS_TOKEN, played.table.game_id)})
    assert base64.b64decode(png["body"]).startswith(b"\x89PNG")


def test_a_token_made_with_another_key_is_a_404(played: Played) -> None:
    game_id = played.table.game_id
    assert get(f"/recap/{game_id}", {"t": token("another-key", game_id)})["statusCode"] == 404
    assert get(f"/recap/{game_id}.png", {"t": token("another-key", game_id)})["statusCode"] == 404


def test_recap_in_the_group_answers_the_text_recap_with_the_pages_uri_action(played: Played) -> None:
    table = played.table
    posted = table.say(table.people[1], GROUP, "/recap")
    first = posted.replied()[0]
    state = table.state()
    page = f"{ORIGIN}/recap/{state.game_id}?t={token(ACCESS_TOKEN, state.game_id)}"
    assert first["type"] == "flex", "the recap's first part in a bubble with the page's button"
    footer = first["contents"]["footer"]["contents"]
    label = i18n.text("table.link", state.locale, state.game)
    assert footer[-1]["action"] == {"type": "uri", "label": label, "uri": page}
    (said,) = first["contents"]["body"]["contents"]
    finished = table.service.runner.with_history(table.service.runner.load(state.game_id))
    whole = recap(finished.state, now=int(table.now))
    assert said["text"]
    assert whole.startswith(said["text"]), "the text the group got at the end"
    assert [m for m in posted.replied() if m["type"] == "image"] == [], "not the picture again"
