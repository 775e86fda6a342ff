"""The console's HTTP-neutral API (docs/architecture.md "Player console"): :class:`ConsoleApi` turns a
:class:`ConsoleRequest` into a :class:`ConsoleResponse`; each platform's function (and the local
playground's server) adapts its own HTTP shape to these, on the same origin as the page.

Routes: ``GET /console`` (the page, with the platform's SDK and config), ``GET /console/static/<name>``,
``GET /console/api/view?g=<game id>``, ``POST /console/api/act`` ``{"g", "phase_seq", "action": {"kind",
"args"}, "client_id"}`` and ``POST /console/api/say`` ``{"g", "text", "client_id"}``. An action or a text
takes the same service path as a chat tap (decide → one atomic write → notices), deduplicated by
``console:<user id>:<client id>`` in that write, so a retried tap applies once. Errors: 401 no or a bad
credential, 403 not a member of that game (or no such game: the same answer, naming nothing), 400 a
malformed request (not JSON, a body over :data:`MAX_BODY` bytes, a missing or bad field), 404 an unknown
path, 405 a known path with the wrong method. A view first applies an overdue deadline, as every input
does (design §5). Times are UTC epoch seconds.
"""

from __future__ import annotations

import logging
import re
from typing import Any, cast

import core.i18n as i18n
from core.engine.commands import Act, Command, Say, Timeout
from core.engine.notice import Action
from core.engine.result import Rejected
from core.engine.table import ENDED
from handlers import jsontext
from handlers.console import feed as console_feed
from handlers.console import page, view
from handlers.console.auth import Authenticator, Viewer, is_member
from handlers.console.http import ConsoleRequest, ConsoleResponse, json_response
from handlers.decision import Loaded

__all__ = ["ConsoleApi", "ConsoleRequest", "ConsoleResponse"]

log = logging.getLogger(__name__)

#: The largest request body read, in bytes.
MAX_BODY = 8 * 1024
#: A client action id: 1-64 characters of ``[A-Za-z0-9_-]``.
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: A game id as the service makes them (longer or other characters: no such game).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: Most arguments of an action (the games' longest take two or three).
MAX_ARGS = 8
#: The catalog namespace of texts answered before a game is known.
SHELL = "common"
#: A refusal that means the tap was already applied (a retried client id): answered as done.
DUPLICATE = "delivery.duplicate"


class BadRequest(Exception):
    """The request is malformed (400)."""


class Denied(Exception):
    """The credential is missing or bad (401, ``status``) or the viewer is no member of that game (403)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _locale(request: ConsoleRequest) -> str:
    """The catalog locale for answers before a game is known: the first ``Accept-Language`` tag."""
    first = request.headers.get("accept-language", "").split(",")[0].split(";")[0]
    return i18n.resolve_locale(first)


def _error(status: int, error: str, request: ConsoleRequest) -> ConsoleResponse:
    message = i18n.text(f"console.error.{error}", _locale(request), SHELL)
    return json_response(status, {"error": error, "message": message})


ERRORS = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "not_allowed"}


def _body(request: ConsoleRequest) -> dict[str, Any]:
    """The JSON object of a POST body; raises :class:`BadRequest`."""
    try:
        data = jsontext.loads(request.body)
    except ValueError as err:
        raise BadRequest("not JSON") from err
    if not isinstance(data, dict):
        raise BadRequest("not an object")
    return data


def _client_id(data: dict[str, Any]) -> str:
    value = data.get("client_id")
    if not isinstance(value, str) or not CLIENT_ID.fullmatch(value):
        raise BadRequest("client_id")
    return value


def _action(data: dict[str, Any]) -> tuple[Action, int]:
    """The ``action`` and the required integer ``phase_seq`` of an act body (a tap on a phase that has
    passed is refused, never applied to the current one); raises :class:`BadRequest`."""
    raw, seq = data.get("action"), data.get("phase_seq")
    if not isinstance(raw, dict) or type(seq) is not int:
        raise BadRequest("action")
    kind, args = raw.get("kind"), raw.get("args", [])
    if not isinstance(kind, str) or not 0 < len(kind) <= 64 or not isinstance(args, list):
        raise BadRequest("action")
    if len(args) > MAX_ARGS or any(type(a) not in (int, str) for a in args):
        raise BadRequest("action")
    return Action(kind=kind, args=tuple(args)), seq


class ConsoleApi:
    """The console of one platform: ``service`` (a :class:`handlers.service.Service`), ``authenticator``
    (the platform's :class:`~handlers.console.auth.Authenticator`), ``platform`` (``telegram``, ``line``,
    ``local``: which SDK the page loads) and ``page_config`` (more settings for the page, e.g. LINE's
    ``liff_id``)."""

    def __init__(
        self,
        service: Any,
        authenticator: Authenticator,
        *,
        platform: str,
        page_config: dict[str, Any] | None = None,
    ) -> None:
        self.service = service
        self.authenticator = authenticator
        self.platform = platform
        self.page_config = dict(page_config or {})

    async def handle(self, request: ConsoleRequest, *, now: int) -> ConsoleResponse:
        """Answer ``request`` at ``now`` (UTC epoch seconds); never raises for client input."""
        path = request.path.rstrip("/") or "/"
        routes = {"/console/api/view": ("GET", self._view), "/console/api/act": ("POST", self._act),
                  "/console/api/say": ("POST", self._say)}  # fmt: skip
        try:
            if path == "/console":
                return self._method(request, "GET") or page.index(self.platform, self.page_config)
            if path.startswith("/console/static/"):
                return self._method(request, "GET") or page.static(path.removeprefix("/console/static/"))
            if path not in routes:
                return _error(404, "not_found", request)
            method, route = routes[path]
            return self._method(request, method) or await route(request, now)
        except BadRequest as err:
            log.info("console: bad request (%s)", err)
            return _error(400, "bad_request", request)
        except Denied as err:
            return _error(err.status, ERRORS[err.status], request)

    @staticmethod
    def _method(request: ConsoleRequest, allowed: str) -> ConsoleResponse | None:
        if request.method.upper() == allowed:
            return None
        response = _error(405, "not_allowed", request)
        return ConsoleResponse(405, {**response.headers, "Allow": allowed}, response.body)

    # -- who and which game ---------------------------------------------------------------------------
    async def _viewer(self, request: ConsoleRequest, now: int) -> Viewer:
        """The authenticated viewer; raises :class:`Denied` (401)."""
        authorization = request.headers.get("authorization", "")
        if not authorization:
            raise Denied(401)
        try:
            viewer = await self.authenticator.viewer(authorization, now=now)
        except Exception:
            log.exception("console: authenticator failed")
            viewer = None
        if viewer is None:
            raise Denied(401)
        return viewer

    def _game(self, viewer: Viewer, named: object) -> Loaded:
        """The game the viewer opens (loaded once): ``named`` (the ``g`` field), else the platform's
        (Telegram ``start_param``), else the viewer's current game (``user#`` pointer). Raises
        :class:`BadRequest` for a ``g`` that is no string, :class:`Denied` (403) when there is no such game
        or the viewer is no member of it (one answer for both)."""
        if named is not None and not isinstance(named, str):
            raise BadRequest("g")
        runner = self.service.runner
        game_id = named or viewer.game_id or runner.store.get_pointer("user", viewer.user_id)
        if not game_id or not GAME_ID.fullmatch(game_id):
            raise Denied(403)
        loaded = runner.load(game_id)
        if loaded is None or not is_member(loaded.rules, loaded.state, viewer.user_id):
            raise Denied(403)
        return cast(Loaded, loaded)

    def _view_of(self, loaded: Loaded, user_id: str, now: int) -> dict[str, Any]:
        """The viewer's projection of the game as ``loaded`` (its feed from the history's tail, and from
        its last chunk when the tail holds too little of it)."""
        runner = self.service.runner
        if loaded.state.phase == ENDED:
            loaded = runner.with_history(loaded)  # the end screen tells the game again from its log
        return view.project(loaded.rules, loaded.state, user_id, self.feed(loaded, user_id), now=now)

    def feed(self, loaded: Loaded, user_id: str) -> list[dict[str, Any]]:
        """``user_id``'s console feed of the game as ``loaded`` (:func:`handlers.console.feed.entries`): from
        the history's tail, and from its last chunk when the tail holds too little of it (one read)."""
        runner = self.service.runner
        wording = "console" if console_feed.is_primary(runner.settings_for(loaded.state.chat_id)) else None
        texts = loaded.stored.tail_entries()
        feed = console_feed.entries(loaded.rules, loaded.state, user_id, texts, wording)
        if len(feed) < console_feed.FEED_SHOWN and loaded.stored.chunks:
            texts = runner.history(loaded, last=1)
            feed = console_feed.entries(loaded.rules, loaded.state, user_id, texts, wording)
        return feed

    # -- routes ---------------------------------------------------------------------------------------
    async def _view(self, request: ConsoleRequest, now: int) -> ConsoleResponse:
        viewer = await self._viewer(request, now)
        loaded = self._game(viewer, request.query.get("g"))
        state = loaded.state
        if not state.is_over and state.deadline_at is not None and now >= state.deadline_at:
            # Every input catches up an overdue deadline (design §5), a look at the console too.
            timeout = Timeout(phase_seq=state.phase_seq)
            applied = await self.service.runner.run(loaded, timeout, delivery_id=None, now=now)
            loaded = applied.game or loaded
        return json_response(200, self._view_of(loaded, viewer.user_id, now))

    async def _act(self, request: ConsoleRequest, now: int) -> ConsoleResponse:
        data, viewer, loaded = await self._post(request, now)
        action, seq = _action(data)
        command = Act(user_id=viewer.user_id, action=action, phase_seq=seq)
        return await self._apply(viewer, data, loaded, command, now)

    async def _say(self, request: ConsoleRequest, now: int) -> ConsoleResponse:
        data, viewer, loaded = await self._post(request, now)
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise BadRequest("text")
        command = Say(user_id=viewer.user_id, text=text.strip())
        return await self._apply(viewer, data, loaded, command, now)

    async def _post(self, request: ConsoleRequest, now: int) -> tuple[dict[str, Any], Viewer, Loaded]:
        """The body (at most :data:`MAX_BODY` bytes), the viewer, and the game of a POST: the viewer must
        be a member of the game named before the rest of the body is looked at, so anyone else gets
        401/403 whatever they send."""
        if len(request.body) > MAX_BODY:
            raise BadRequest("body too large")
        viewer = await self._viewer(request, now)
        data = _body(request)
        return data, viewer, self._game(viewer, data.get("g"))

    async def _apply(
        self, viewer: Viewer, data: dict[str, Any], loaded: Loaded, command: Command, now: int
    ) -> ConsoleResponse:
        """Apply ``command`` to the game as ``loaded`` as a chat tap would, once per client id; answer
        with the new view (of the game as committed: nothing is read again)."""
        client_id = _client_id(data)
        delivery_id = f"console:{viewer.user_id}:{client_id}"
        applied = await self.service.runner.run(loaded, command, delivery_id=delivery_id, now=now)
        refusal = applied.refusal
        shown = self._view_of(applied.game or loaded, viewer.user_id, now)
        locale, game = loaded.state.locale, loaded.state.game
        if refusal is None or refusal.reason == DUPLICATE:
            return json_response(200, {"ok": True, "message": _text("tap.ok", locale, game), "view": shown})
        message = _reason_text(refusal, locale, game)
        return json_response(200, {"ok": False, "reason": refusal.reason, "message": message, "view": shown})


def _text(key: str, locale: str, game: str, **params: Any) -> str:
    try:
        return i18n.text(key, locale, game, **params)
    except KeyError:
        log.warning("missing catalog text: %s", key)
        return f"[{key}]"


def _reason_text(refusal: Rejected, locale: str, game: str) -> str:
    return _text(f"reason.{refusal.reason}", locale, game, **refusal.params)
