"""A double-submitted console action applies once (issue 9, Tests; plan: ``client_id`` → delivery id
``console:<user>:<client id>`` in the same atomic write): two fast taps on one button send one request, and
a request replayed with the same ``client_id`` is answered as done without a second change. Every other
seat is a person, so no bot moves in between and each applied action is exactly one commit.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Request, expect

from devtools.local.web import PlaygroundServer
from tests.browser.console import leaf
from tests.browser.playground import committed, console_url, person, serving, table

#: Sends the same act twice, one after the other, from the page; the two answers' JSON.
REPLAY = """async ([authorization, body]) => {
  const post = async () => (await fetch('/console/api/act', {method: 'POST', body: JSON.stringify(body),
    headers: {'Authorization': authorization, 'Content-Type': 'application/json'}})).json();
  return [await post(), await post()];
}"""


@pytest.fixture
def quiet() -> Iterator[PlaygroundServer]:
    """徒桜戦争's first night, every other seat a person; the person's night choice (ヤツハ) may be sent
    again and each sending is applied (a new choice), so only the deduplication keeps it to one."""
    with serving("adazakura", 6, seed=3) as server:
        for row in table(server)["seats"]:
            if not row["person"]:
                server.playground.set_bot(row["seat"], False)
        yield server


def test_two_fast_taps_send_the_action_once(quiet: PlaygroundServer, page: Page) -> None:
    acts: list[Request] = []
    page.on("request", lambda r: acts.append(r) if r.url.endswith("/console/api/act") else None)
    page.goto(console_url(quiet, person(quiet)))
    button = leaf(page)
    version, _ = committed(quiet)
    with page.expect_response(lambda r: r.url.endswith("/console/api/act")) as answer:
        button.dblclick()
    assert answer.value.json()["ok"] is True
    expect(page.locator("#actions")).not_to_have_attribute("aria-busy", "true")
    assert len(acts) == 1
    assert committed(quiet)[0] == version + 1


def test_a_replayed_client_id_applies_once(quiet: PlaygroundServer, page: Page) -> None:
    row = person(quiet)
    page.goto(console_url(quiet, row))
    expect(page.locator("#actions button.act").first).to_be_visible()
    version, state = committed(quiet)
    legal = quiet.playground.game.rules.legal_actions(state, row["seat"])  # type: ignore[union-attr]
    body = {"g": table(quiet)["game_id"], "phase_seq": state.phase_seq, "client_id": "tap-0001",
            "action": {"kind": legal[0].kind, "args": list(legal[0].args)}}  # fmt: skip
    first, again = page.evaluate(REPLAY, [f"Seat {row['token']}", body])
    assert first["ok"] is True
    assert again["ok"] is True, "a replay is answered as done, not refused"
    assert again["view"]["feed"] == first["view"]["feed"], "the replay told the player something new"
    assert committed(quiet)[0] == version + 1
