"""The event loop a warm Lambda container keeps between invocations, one per entry point (the Telegram and
LINE webhooks, the timer).

Lambda runs one invocation at a time in a container and keeps module state between invocations (AWS Lambda
Developer Guide, "Understanding the Lambda execution environment lifecycle"). The platform clients (httpx
under python-telegram-bot, aiohttp under line-bot-sdk) bind their connection pools to the loop they first
ran on, so an entry point runs every coroutine on one loop, made on first use and kept.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class ContainerLoop:
    """One entry point's event loop: :meth:`get` makes it on first use (and again once closed),
    :meth:`run` runs a coroutine to completion on it."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None

    def get(self) -> asyncio.AbstractEventLoop:
        """The container's loop (new on first use, or when the last one was closed)."""
        if self._loop is None or self._loop.is_closed():
            self._loop = asyncio.new_event_loop()
        return self._loop

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` to completion on the container's loop; returns its result, raises what it
        raises."""
        return self.get().run_until_complete(coroutine)
