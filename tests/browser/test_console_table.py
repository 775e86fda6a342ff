"""The console's end screen draws the result table from its View JSON ``table``
(``handlers/console/static/console.js`` ``fillTable``): the table comes first, every seat a row with the
winners marked, one vote row per vote with the chosen seat's cells marked, the nights listed."""

from __future__ import annotations

import copy
import dataclasses

from playwright.sync_api import Page, expect

from core.engine import recaptable as rt
from core.engine.notice import RoleRef
from handlers.recap.grid import grid
from tests.browser.test_console_page import ENDED, Stub


def _table() -> dict[str, object]:
    seats = [
        rt.SeatLine(
            seat=1, name="Bob", role=RoleRef(id="wolf_member"), won=False, alive=True, fate=rt.alive()
        ),
        rt.SeatLine(seat=2, name="Ann", role=RoleRef(id="spy"), won=True, alive=True, fate=rt.alive()),
        rt.SeatLine(
            seat=3, name="Alice", role=RoleRef(id="human_member"), won=True, alive=True, fate=rt.alive()
        ),
    ]
    votes = [
        rt.VoteRow(label=rt.vote(1), cells={1: rt.Cell(target=3), 2: rt.Cell(target=3, weight=2),
                                            3: rt.Cell(target=1)}, outcome="elected", outcome_seat=3),
        rt.VoteRow(label=rt.vote(2), cells={1: rt.Cell(blank="none"), 2: rt.Cell(target=1)}),
    ]  # fmt: skip
    nights = [
        rt.Entry(label=rt.night(1), deaths=[rt.Death(seat=1, cause=rt.alive())]),
        rt.Entry(label=rt.night(2)),
    ]
    return dataclasses.asdict(grid(rt.bounded("politician", rt.alive(), [2, 3], seats, votes, nights), "ja"))


def test_the_end_screen_shows_the_result_table_first(page: Page) -> None:
    view = copy.deepcopy(ENDED) | {"table": _table()}
    Stub(page, view).open()
    expect(page.locator("#sections > section").first).to_have_id("sec-table")
    expect(page.locator("#table-seats tbody tr")).to_have_count(3)
    expect(page.locator("#table-seats tbody tr").nth(1)).to_contain_text("Ann")
    expect(page.locator("#table-seats td.chosen")).to_have_count(2)
    expect(page.locator("#table-votes thead th")).to_have_text(["投票", "1", "2", "3", "結果"])
    expect(page.locator("#table-votes tbody tr").first.locator("td.chosen")).to_have_text(["★3", "★3×2"])
    expect(page.locator("#table-votes tbody tr").nth(1).locator("td.chosen")).to_have_count(0)
    expect(page.locator(".table-nights > li")).to_have_count(2)


def test_no_table_section_without_one(page: Page) -> None:
    Stub(page, copy.deepcopy(ENDED) | {"table": None}).open()
    expect(page.locator("#sections h2").first).to_have_text("振り返り")
    expect(page.locator("#sec-table")).to_have_count(0)
