"""The recap picture without a browser: the repository's subset font draws every catalog
text, a player's name it cannot draw becomes the seat number instead of empty boxes, and the PNG of a long
game stays within the size LINE takes as a preview."""

from __future__ import annotations

import io
import random

from PIL import Image

import core.i18n as i18n
from core.engine import recaptable as rt
from core.engine.notice import RoleRef
from core.games import registry
from handlers.recap import grid, image
from handlers.recap.links import RecapLinks, Site, token, valid
from tests.property import playout

#: The catalog keys whose texts the picture shows: its own, roles and identities, results, causes, fates.
SHOWN = ("table.", "role.", "identity.", "result.", "camp.", "end.result.", "cause.", "recap.cause.",
         "status.", "scapegoat.ref", "ref.")  # fmt: skip
#: Keys under those prefixes that are no part of a table (the role card, a game paused, /status's local
#: deadline of a long phase).
NOT_SHOWN = {"identity.card", "identity.card.console", "status.paused", "status.deadline"}


def test_the_font_covers_every_catalog_text_the_picture_shows() -> None:
    missing = {
        (key, c)
        for locale in i18n.locales()
        for game in i18n.namespaces(locale)
        for key, text in i18n.catalog.catalog(locale, game).items()
        if key.startswith(SHOWN) and key not in NOT_SHOWN
        for c in text
        if c.isprintable() and not image.drawable(c)
    }
    assert not missing, f"run devtools/recapfont.py: the font lacks {sorted(missing)}"


def _table(names: list[str], game: str = "werewolf") -> rt.RecapTable:
    seats = [rt.SeatLine(seat=i + 1, name=n, role=RoleRef(id="villager"), won=i == 0, alive=True,
                         fate=rt.alive()) for i, n in enumerate(names)]  # fmt: skip
    row = rt.VoteRow(label=rt.vote(1), cells={1: rt.Cell(target=2), 2: rt.Cell(target=1, weight=2)},
                     outcome="exiled", outcome_seat=2)  # fmt: skip
    entry = rt.Entry(label=rt.night(1), deaths=[rt.Death(seat=2, cause=rt.alive())])
    return rt.bounded(game, rt.alive(), [1], seats, [row], [entry])


def test_a_name_the_font_cannot_draw_is_shown_as_its_seat() -> None:
    names = ["たろう", "𓀀𓀁"]  # Egyptian hieroglyphs: no CJK font has them
    shown = grid.grid(_table(names), "ja")
    assert image.name_of("1", shown.seats[0].name) == "たろう"
    assert image.name_of("2", shown.seats[1].name) == "#2"
    assert image.fit_to_font(shown.votes[0].outcome, shown).endswith("#2")
    assert "𓀀" not in image.fit_to_font(shown.nights[0].lines[0], shown)
    assert image.drawable(image.fit_to_font("🐺 2 𓀀𓀁", shown)), "whatever else the font lacks is left out"


def test_the_vote_cells_show_targets_weights_and_the_chosen_seat() -> None:
    shown = grid.grid(_table(["A", "B"]), "en")
    assert shown.voters == ["1", "2"]
    assert shown.votes[0].cells == ["★2", "1×2"]
    assert shown.votes[0].outcome == f"{i18n.text('table.outcome.exiled', 'en', 'werewolf')}: 2 B"


def test_a_werewolf_vote_row_says_executed_as_the_game_does() -> None:
    """人狼 executes (処刑, its votes and recap); 徒桜戦争 exiles (追放): each table words its own."""
    assert grid.grid(_table(["A", "B"]), "ja").votes[0].outcome == "処刑: 2 B"
    assert grid.grid(_table(["A", "B"]), "en").votes[0].outcome == "executed: 2 B"
    assert grid.grid(_table(["A", "B"], "adazakura"), "ja").votes[0].outcome == "追放: 2 B"


def test_a_long_game_is_a_png_small_enough_for_a_line_preview() -> None:
    state = playout.play_with(playout.random_chooser(random.Random(7)), 7, 16).steps[-1].after
    table = registry()["adazakura"].table(state)
    assert table is not None
    data = image.png(grid.grid(table, "ja"))
    assert len(data) < 1_000_000
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.format == "PNG"
        assert picture.width <= image.MAX_WIDTH
        assert picture.height <= image.MAX_HEIGHT


def test_tokens_are_per_game_and_per_key() -> None:
    assert valid("k", "g1", token("k", "g1"))
    assert not valid("k", "g2", token("k", "g1"))
    assert not valid("other", "g1", token("k", "g1"))
    assert not valid("k", "g1", "")
    assert len(token("k", "g1")) == 22


def test_no_recap_message_without_a_site_for_the_platform() -> None:
    state = playout.play_with(playout.random_chooser(random.Random(2)), 2, 6).steps[-1].after
    assert RecapLinks().message(state) is None
    site = Site("https://x.example", lambda: "k")
    assert RecapLinks({"line:": site}).message(state.model_copy(update={"chat_id": "tg:-1"})) is None
    message = RecapLinks({"tg:": site}).message(state.model_copy(update={"chat_id": "tg:-1"}))
    assert message is not None
    assert message.photo == f"https://x.example/recap/{state.game_id}.png?t=" + token("k", state.game_id)
