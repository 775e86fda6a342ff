"""The child of :mod:`first_request`: one cold Lambda invocation in this fresh interpreter.

    python bench/cold_tap.py telegram|line EVENT.json

Imports the platform's handler module, then hands it the Function URL event in ``EVENT.json`` (one tap)
exactly as Lambda would, with the production runtime the environment describes (:mod:`first_request`
sets it: DynamoDB, SSM and SQS on a local moto server). Only the platform's API is stubbed, at httpx's
transport (:func:`stub_platform`), so no request leaves the machine. Prints one JSON line: ``import_s``
(the handler module's import), ``first_request_s`` (import plus the whole invocation, seconds),
``cpu_s`` (this process's CPU time meanwhile; the moto server's is not in it), the
response's ``status`` and the platform ``calls`` (method and path) the invocation made.

Nothing but the standard library is imported before the clock starts.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

HANDLERS = {"telegram": "handlers.telegram.webhook", "line": "handlers.line.webhook"}
#: The bot's own Telegram user (``getMe``) and what a sent message looks like to python-telegram-bot.
TELEGRAM_BOT = {"id": 6000000001, "is_bot": True, "first_name": "Bench", "username": "bench_game_bot"}


def _telegram_result(method: str, form: dict[str, str]) -> Any:
    """A Bot API ``result`` of the right shape for ``method`` (core.telegram.org/bots/api)."""
    if method == "getMe":
        return TELEGRAM_BOT
    if method in ("sendMessage", "editMessageText", "editMessageReplyMarkup"):
        chat = int(form.get("chat_id") or 0)
        kind = "private" if chat > 0 else "supergroup"
        return {"message_id": 100, "date": 1767225600, "chat": {"id": chat, "type": kind},
                "from": TELEGRAM_BOT, "text": form.get("text", "")}  # fmt: skip
    if method == "getChatMember":
        user = {"id": int(form.get("user_id") or 0), "is_bot": False, "first_name": "P"}
        return {"status": "member", "user": user}
    if method == "getChat":
        return {"id": int(form.get("chat_id") or 0), "type": "supergroup", "title": "bench"}
    return True


def _line_result(method: str, path: str) -> tuple[int, dict[str, Any]]:
    """A LINE Messaging API answer for ``method path`` (Messaging API reference)."""
    if path.endswith("/bot/info"):
        return 200, {"userId": "Ubench", "basicId": "@bench", "displayName": "bench"}
    if "/profile" in path or "/member/" in path:
        return 200, {"userId": path.rsplit("/", 1)[-1], "displayName": "P"}
    if path.endswith("/count"):
        return 200, {"count": 8}
    if path.endswith(("/reply", "/push")):
        return 200, {"sentMessages": [{"id": "1", "quoteToken": "q"}]}
    return 200, {}


def stub_platform(httpx: Any, platform: str, calls: list[str]) -> None:
    """Answer every request httpx sends (python-telegram-bot's and the LINE client's) here, by the platform
    API's shapes, noting ``METHOD path`` in ``calls``."""
    from urllib.parse import parse_qsl

    async def handle(transport: Any, request: Any) -> Any:
        body = await request.aread()
        path = request.url.path
        calls.append(f"{request.method} {path}")
        if platform == "telegram":
            method = path.rsplit("/", 1)[-1]
            form = dict(parse_qsl(body.decode())) if body else {}
            return httpx.Response(200, json={"ok": True, "result": _telegram_result(method, form)})
        status, answer = _line_result(request.method, path)
        return httpx.Response(status, json=answer)

    httpx.AsyncHTTPTransport.handle_async_request = handle


def main(platform: str, event_file: str) -> int:
    with open(event_file, encoding="utf-8") as f:
        event = json.load(f)
    started, cpu = time.perf_counter(), time.process_time()
    module = __import__(HANDLERS[platform], fromlist=["handler"])
    imported = time.perf_counter()
    import httpx  # python-telegram-bot's transport, already loaded; the LINE client's, loaded on the tap

    calls: list[str] = []
    stub_platform(httpx, platform, calls)
    response = module.handler(event, None)
    done, cpu = time.perf_counter(), time.process_time() - cpu
    print(json.dumps({"import_s": imported - started, "first_request_s": done - started, "cpu_s": cpu,
                      "status": response["statusCode"], "calls": calls}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
