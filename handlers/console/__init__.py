"""The player console (docs/architecture.md "Player console"): one web page per player for the private
side of a game, served by each platform's function on the same origin (Telegram Mini App, LINE LIFF, the
local browser playground).

:mod:`~handlers.console.api` is the HTTP-neutral entry (``ConsoleApi.handle`` over the shapes of
:mod:`~handlers.console.http`), :mod:`~handlers.console.page` the page and its static files,
:mod:`~handlers.console.auth` the authenticators and the membership check, :mod:`~handlers.console.view`
the viewer's projection (the View JSON) and :mod:`~handlers.console.feed` the viewer's private messages,
recorded at each commit (``handlers.runner.GameRunner.commit_messages``).
"""
