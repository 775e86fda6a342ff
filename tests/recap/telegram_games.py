"""Whole games of each kind played through the Telegram webhook (the e2e tables and bots), with the
webhook's events carrying their Function URL origin (``requestContext.domainName``) and the timer
configured as template.yaml configures it (``TELEGRAM_FUNCTION_URL``), so the end of each game links its
recap wherever it ends."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from handlers import timer
from handlers.telegram import webhook
from tests.e2e import deathnote, harness, politician, werewolf
from tests.e2e.test_telegram_game import play_whole_game as play_adazakura
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import webhook_event

DOMAIN = "abc123.lambda-url.ap-northeast-1.on.aws"
ORIGIN = f"https://{DOMAIN}"


def event_with_origin(update: Any, secret: str | None, **options: Any) -> dict[str, Any]:
    event = webhook_event(update, secret, **options)
    event["requestContext"]["domainName"] = DOMAIN
    return event


@dataclass
class Finished:
    """A finished game: the fake Bot API, the table (store, players) and its game id."""

    api: FakeTelegramApi
    table: harness.Table

    @property
    def game_id(self) -> str:
        return self.table.game_id


def get(path: str, query: dict[str, str] | None = None, method: str = "GET") -> dict[str, Any]:
    """A browser's request to the Telegram function's URL (payload version 2.0)."""
    context = {"http": {"method": method}, "domainName": DOMAIN}
    event = {"version": "2.0", "rawPath": path, "queryStringParameters": query or {},
             "headers": {"host": DOMAIN}, "requestContext": context}  # fmt: skip
    answer: dict[str, Any] = webhook.handler(event, None)
    return answer


@contextmanager
def finished(game: str) -> Iterator[Finished]:
    """One whole game of ``game`` on the fake Bot API and moto, its recap links on."""
    with FakeTelegramApi() as api, harness.moto_store() as store, pytest.MonkeyPatch.context() as patch:
        patch.setattr(harness, "webhook_event", event_with_origin)
        patch.setenv("TELEGRAM_FUNCTION_URL", ORIGIN + "/")
        patch.setenv("TELEGRAM_TOKEN", api.token)
        patch.setattr(timer, "configure", _timer_as_deployed(timer.configure))
        plays: dict[str, Callable[[], harness.Table]] = {
            "werewolf": lambda: _werewolf(api, store),
            "politician": lambda: _politician(api, store),
            "deathnote": lambda: _deathnote(api, store),
            "adazakura": lambda: play_adazakura(api, store, harness.NoticeLog()).table,
        }
        table = plays[game]()
        yield Finished(api, table)


def _timer_as_deployed(configure: Callable[..., None]) -> Callable[..., None]:
    """``timer.configure``, then the recap sites the deployed timer reads from its environment
    (:func:`handlers.timer.recap_sites`)."""

    def configured(**options: Any) -> None:
        configure(**options)
        timer._Container.service.runner.recap = timer.recap_sites()  # type: ignore[union-attr]

    return configured


def _werewolf(api: FakeTelegramApi, store: Any) -> harness.Table:
    table = werewolf.WerewolfTable(api, store, werewolf.people(9))
    werewolf.play_whole_game(table, harness.NoticeLog(), werewolf.Bots(table, random.Random(3)))
    return table


def _politician(api: FakeTelegramApi, store: Any) -> harness.Table:
    table = politician.PoliticianTable(api, store, politician.people(14))
    bots = politician.Bots(table, random.Random(5), quiet={("candidacy", 3), ("policy_speech", 1)})
    politician.play_whole_game(table, harness.NoticeLog(), bots, old_buttons_at=("vote", 2))
    return table


def _deathnote(api: FakeTelegramApi, store: Any) -> harness.Table:
    table = deathnote.DeathNoteTable(api, store, deathnote.people(5))
    deathnote.play_whole_game(table, deathnote.DeathNoteLog(), deathnote.Bots(table, random.Random(4)))
    return table
