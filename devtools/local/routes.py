"""The browser playground's JSON API, HTTP-neutral: :func:`answer` maps one request of
``/playground/api/<name>`` to a status and a JSON-able body (:mod:`devtools.local.handler` adds HTTP,
and its docstring lists the shapes).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import core.i18n as i18n
from devtools.local.session import Playground, Refused, games, texts
from devtools.local.texts import LANGS, ui

#: Seeds drawn for a new game without one (as ``jinro-gm play`` without ``--seed``).
SEEDS = 1_000_000
#: Seeds above this are refused (the game's RNG takes 63 bits; game ids stay short).
MAX_SEED = 2**63
#: The longest group line (characters) the playground sends; longer ones are refused (error.too_long).
MAX_LINE = 1000

Body = dict[str, Any]


def answer(table: Playground, method: str, name: str, query: dict[str, str], body: Body) -> tuple[int, Any]:
    """``(status, body)`` for ``method`` on ``/playground/api/<name>``: 200, 404 for an unknown route or
    405 for a known one with another method (``METHODS[name]`` is the one it takes: the ``Allow``
    header). Raises :class:`devtools.local.session.Refused` (an input the table refuses) and
    ``ValueError``/``TypeError``/``KeyError`` (a malformed request); both mean 400."""
    lang = query.get("lang") or table_lang(table)
    if name not in METHODS:
        return 404, error_body("not_found", lang)
    if method != METHODS[name]:
        return 405, error_body("not_allowed", lang)
    if name == "texts":
        langs = [{"id": code, "name": ui("web.lang", code)} for code in LANGS]
        return 200, {"texts": texts(lang), "games": games(lang), "langs": langs}
    if name == "state":
        return 200, table.state(number(query.get("since", "0")))
    return 200, POSTS[name](table, body)


def error_body(error: str, lang: str) -> Body:
    """An error answer as the console's API words it: ``{"error": error, "message": <the catalog's
    console.error.<error> text in lang>}`` (``error``: ``bad_request``, ``forbidden``, ``not_found``,
    ``not_allowed`` …, see :data:`handlers.console.api.ERRORS`; an unknown ``lang`` reads Japanese)."""
    message = i18n.text(f"console.error.{error}", i18n.resolve_locale(lang), "common")
    return {"error": error, "message": message}


def number(value: Any) -> int:
    """An integer from JSON or a query string (``true`` is not one); raises ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(value)
    return int(value)


def table_lang(table: Playground) -> str:
    """The group's current game's language (the page's default), ``ja`` before the first game."""
    if table.game is None:
        return LANGS[0]
    state = table.game.state()
    return str(state.locale) if state is not None else table.game.lang


def _who(table: Playground, body: Body) -> str:
    """The user a request acts as: ``{"seat": n}``, or ``{"watcher": n}`` for a person without a seat."""
    if "watcher" in body:
        return table.user(watcher=number(body["watcher"]))
    return table.user(seat=number(body["seat"]))


def _watcher(table: Playground, body: Body) -> Body:
    return {"ok": True, "message": None, "watcher": table.add_watcher()}


def _new(table: Playground, body: Body) -> Body:
    seed = body.get("seed")
    if seed in (None, ""):
        seed = secrets.randbelow(SEEDS)
    else:
        try:
            seed = number(seed)
        except ValueError:
            seed = -1  # a float, a word: named as out of range, with the range
        if not 0 <= seed < MAX_SEED:
            raise Refused("error.seed", max=MAX_SEED - 1)
    table.new(str(body["game"]), number(body["players"]), str(body.get("lang", table_lang(table))), seed)
    return {"ok": True, "message": None, "seed": seed, "table": table.tables}


def _group(table: Playground, body: Body) -> Body:
    text = body["text"]
    if not isinstance(text, str):
        raise TypeError(text)
    if len(text) > MAX_LINE:
        raise Refused("error.too_long", max=MAX_LINE)
    return {"ok": True, "message": table.group(_who(table, body), text)}


def _private(table: Playground, body: Body) -> Body:
    text = body["text"]
    if not isinstance(text, str):
        raise TypeError(text)
    if len(text) > MAX_LINE:
        raise Refused("error.too_long", max=MAX_LINE)
    return {"ok": True, "message": table.private(_who(table, body), text)}


def _press(table: Playground, body: Body) -> Body:
    ack = table.press(_who(table, body), number(body["n"]), number(body["button"]))
    return {"ok": True, "message": ack}


def _advance(table: Playground, body: Body) -> Body:
    moved = table.advance()
    return {"ok": True, "moved": moved, "message": ui("web.advanced" if moved else "web.no_deadline",
                                                      table_lang(table))}  # fmt: skip


def _seat(table: Playground, body: Body) -> Body:
    bot = body["bot"]
    if not isinstance(bot, bool):
        raise TypeError(bot)
    table.set_bot(number(body["seat"]), bot)
    return {"ok": True, "message": None}


#: ``POST /playground/api/<name>`` → its handler (the table, the JSON body) → the JSON answer.
POSTS: dict[str, Callable[[Playground, Body], Body]] = {
    "new": _new,
    "group": _group,
    "private": _private,
    "press": _press,
    "advance": _advance,
    "seat": _seat,
    "watcher": _watcher,
}
#: Each route of ``/playground/api/`` → the one method it takes.
METHODS: dict[str, str] = {"texts": "GET", "state": "GET", **dict.fromkeys(POSTS, "POST")}
