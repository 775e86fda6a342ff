"""The console wording: when the group's settings make the player console the primary private channel
(``console_primary``), the texts that used to send players to the 1:1 chat send them to their own screen
(catalog ``<key>.console``, for every recipient); without the setting the usual texts stay. The games are
whole local games on the real Service (:class:`~devtools.local.game.LocalGame`), bots in every seat."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from core import i18n
from core.engine.notice import PUBLIC, KeyRef, Notice
from core.i18n.catalog import catalog, locales, namespaces, placeholders
from devtools.local.game import LocalGame
from devtools.local.sender import GROUP_CHAT, user_id
from handlers import outbox
from handlers.console import feed
from tests.console.table import ADZ_DEAL, PLAYERS

LOCALES = ("ja", "en")
#: What the usual texts call the 1:1 chat; no console text may say it.
CHAT_WORDS = re.compile(r"個別チャット|1:1|private chat", re.IGNORECASE)
#: Steps of a whole game at most, to find a moment.
MAX_STEPS = 300


def local_game(game: str, lang: str, *, primary: bool) -> LocalGame:
    """A game of ``game`` in ``lang`` whose group's settings say ``console_primary`` when ``primary``;
    every seat a bot (``auto``), so :meth:`LocalGame.step` plays it on."""
    deal = ADZ_DEAL if game == "adazakura" else None
    local = LocalGame(players=PLAYERS[game], lang=lang, seed=1, deal=deal, game=game, auto=True)
    settings: dict[str, Any] = {"locale": lang, "console_primary": primary}
    if deal is not None:
        settings["setup"] = {"seats": list(deal)}
    local.service.runner.settings_for = lambda chat_id: dict(settings)
    return local


def said(local: LocalGame, chat: str) -> list[str]:
    return [entry.text for entry in local.sender.log if entry.chat_id == chat]


def heard(local: LocalGame, chat: str, text: str) -> bool:
    """Whether a message to ``chat`` says ``text`` (announcements of one commit are merged into one)."""
    return any(text in message for message in said(local, chat))


async def play_until(local: LocalGame, chat: str, text: str) -> bool:
    """Play on until ``chat`` has heard ``text``; False when the game ends or stops first."""
    for _ in range(MAX_STEPS):
        if heard(local, chat, text):
            return True
        if not await local.step():
            break
    return heard(local, chat, text)


def worded(key: str, lang: str, game: str, primary: bool, **params: Any) -> str:
    """The text of ``key`` as the group or chat gets it with (``primary``) or without the setting."""
    return i18n.text(f"{key}.console" if primary else key, lang, game, **params)


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("primary", [True, False], ids=["console_primary", "chat"])
def test_adazakura_sends_players_to_their_screen_only_with_console_primary(lang: str, primary: bool) -> None:
    async def run() -> None:
        local = local_game("adazakura", lang, primary=primary)
        await local.open()
        welcome = worded("lobby.welcome", lang, "adazakura", primary)
        assert said(local, user_id(3))[0] == welcome  # in the 1:1 chat: the lobby's messages still go there
        assert heard(local, GROUP_CHAT, worded("night.start", lang, "adazakura", primary, night=0))
        assert await play_until(local, GROUP_CHAT, worded("vote.start", lang, "adazakura", primary))
        other = worded("vote.start", lang, "adazakura", not primary)
        assert not heard(local, GROUP_CHAT, other)
        group = "\n".join(said(local, GROUP_CHAT))
        assert bool(CHAT_WORDS.search(group)) is not primary

    asyncio.run(run())


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("primary", [True, False], ids=["console_primary", "chat"])
def test_politician_s_cast_points_to_the_screen_only_with_console_primary(lang: str, primary: bool) -> None:
    async def run() -> None:
        local = local_game("politician", lang, primary=primary)
        await local.open()
        params = {"count": 0, "players": "", "cast": "", "seats": 0, "human": 0, "wolf": 0}
        last_line = worded("game.composition", lang, "politician", primary, **params).splitlines()[-1]
        group = "\n".join(said(local, GROUP_CHAT))
        assert last_line in group
        assert bool(CHAT_WORDS.search(group)) is not primary

    asyncio.run(run())


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("primary", [True, False], ids=["console_primary", "chat"])
def test_deathnote_words_its_welcome_card_and_hand_over_for_the_screen(lang: str, primary: bool) -> None:
    async def run() -> None:
        local = local_game("deathnote", lang, primary=primary)
        await local.open()
        assert said(local, user_id(2))[0] == worded("lobby.welcome", lang, "deathnote", primary)
        group = "\n".join(said(local, GROUP_CHAT))
        last_line = worded("game.setup", lang, "deathnote", primary, count=0, circle="", start="",
                           identities="", items="", draw=0).splitlines()[-1]  # fmt: skip
        assert last_line in group
        assert bool(CHAT_WORDS.search(group)) is not primary
        # The identity card (private: in the console only with the setting) words the screen the same way.
        game = local.service.runner.load(local.game_id)
        assert game is not None
        texts = local.service.runner.history(game)
        wording = "console" if primary else None
        mine = feed.entries(game.rules, game.state, user_id(2), texts, wording)
        card = next(e["text"] for e in mine if "🪪" in e["text"])
        assert bool(CHAT_WORDS.search(card)) is not primary

    asyncio.run(run())


@pytest.mark.parametrize("lang", LOCALES)
def test_a_nested_phrase_takes_the_console_wording_too(lang: str) -> None:
    """政治家人狼's secret-ballot day names the channel in a sub-phrase (``mode.secret``)."""
    notice = Notice(key="vote.open", to=PUBLIC,
                    params={"seconds": 60, "candidates": "A", "mode": KeyRef(key="mode.secret"),
                            "how": KeyRef(key="vote.how.others")})  # fmt: skip
    console = i18n.render(notice, lang, "politician", variant="console")
    usual = i18n.render(notice, lang, "politician")
    assert i18n.text("mode.secret.console", lang, "politician") in console
    assert i18n.text("mode.secret", lang, "politician") in usual
    assert CHAT_WORDS.search(usual)
    assert not CHAT_WORDS.search(console)


def test_a_key_without_a_console_text_renders_as_usual_for_every_recipient() -> None:
    local = local_game("adazakura", "ja", primary=True)
    asyncio.run(local.open())
    rules, state = local.rules, local.state()
    notices = [Notice(key="vote.start", to=PUBLIC), Notice(key="lobby.left", to=PUBLIC,
               params={"name": "A", "count": 1, "names": ["A"]})]  # fmt: skip
    [message] = outbox.render_notices(rules, state, notices, wording="console")
    assert message.text == "\n\n".join(
        [i18n.text("vote.start.console", "ja", "adazakura"),
         i18n.text("lobby.left", "ja", "adazakura", name="A", count=1, names=["A"])]
    )  # fmt: skip


def console_variants() -> list[tuple[str, str, str]]:
    """Every (locale, namespace, key) whose ``<key>.console`` text is a wording variant of ``key``."""
    return [
        (locale, namespace, key.removesuffix(".console"))
        for locale in locales()
        for namespace in namespaces(locale)
        for key in catalog(locale, namespace)
        if key.endswith(".console") and key.removesuffix(".console") in catalog(locale, namespace)
    ]


def test_every_game_has_console_wordings_in_both_languages() -> None:
    found = {(locale, namespace) for locale, namespace, _ in console_variants()}
    games = ("common", "adazakura", "politician", "deathnote", "werewolf")
    assert {(locale, namespace) for locale in LOCALES for namespace in games} <= found


@pytest.mark.parametrize("variant", console_variants(), ids=lambda v: "/".join(v))
def test_a_console_wording_keeps_its_placeholders_and_names_the_screen(variant: tuple[str, str, str]) -> None:
    locale, namespace, key = variant
    texts = catalog(locale, namespace)
    console, usual = texts[f"{key}.console"], texts[key]
    assert placeholders(console) == placeholders(usual)
    assert not CHAT_WORDS.search(console)
    label = i18n.text("console.open", locale, namespace)
    quoted = re.findall(r"「([^」]*を開く)」|\"(Open [^\"]*)\"", console)
    assert all(label in pair for pair in quoted), f"the button is called {label!r}"
