"""Stand-ins for the chat apps' web views, so the console runs in plain headless Chromium.

- Telegram: ``telegram-web-app.js`` replaced by a stub of its bridge that reads the launch parameters from
  the URL hash as Telegram's clients pass them (``#tgWebAppData=<initData>&tgWebAppVersion=…``;
  core.telegram.org/bots/webapps "Initializing Mini Apps") into ``Telegram.WebApp.initData`` and
  ``initDataUnsafe``.
- LINE: the LIFF SDK (``static.line-scdn.net``) replaced by a stub ``liff`` (LIFF v2 API reference:
  ``init``, ``isLoggedIn``, ``getIDToken`` …) handing out one ID token.

:func:`offline` first refuses every request that leaves 127.0.0.1, so no test reaches the internet.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from urllib.parse import quote

from playwright.sync_api import Page, Route

TELEGRAM_SDK = "https://telegram.org/js/telegram-web-app.js"
LIFF_SDK = "https://static.line-scdn.net/**"

TELEGRAM_JS = """
(function () {
  var launch = new URLSearchParams(location.hash.slice(1));
  var initData = launch.get('tgWebAppData') || '';
  var unsafe = {};
  new URLSearchParams(initData).forEach(function (value, key) {
    try { unsafe[key] = key === 'user' || key === 'chat' ? JSON.parse(value) : value; }
    catch (e) { unsafe[key] = value; }
  });
  var noop = function () {};
  var button = { show: noop, hide: noop, onClick: noop, offClick: noop, setText: noop, enable: noop,
                 disable: noop, isVisible: false };
  window.Telegram = { WebView: { initParams: Object.fromEntries(launch) }, WebApp: {
    initData: initData, initDataUnsafe: unsafe, version: launch.get('tgWebAppVersion') || '8.0',
    platform: launch.get('tgWebAppPlatform') || 'android', colorScheme: 'light', themeParams: {},
    isExpanded: true, viewportHeight: window.innerHeight, viewportStableHeight: window.innerHeight,
    ready: function () { window.__tgReady = true; }, expand: noop, close: noop, onEvent: noop,
    offEvent: noop, setHeaderColor: noop, setBackgroundColor: noop, MainButton: button,
    BackButton: button, HapticFeedback: { impactOccurred: noop, notificationOccurred: noop,
    selectionChanged: noop } } };
})();
"""


def liff_js(id_token: str) -> str:
    """A stub ``liff`` whose ``getIDToken()`` returns ``id_token``; ``liff.init`` records its config."""
    return f"""
(function () {{
  var token = {json.dumps(id_token)};
  window.liff = {{
    id: null, ready: Promise.resolve(),
    init: function (config) {{ window.liff.id = config && config.liffId; return Promise.resolve(); }},
    isLoggedIn: function () {{ return true; }}, login: function () {{}}, logout: function () {{}},
    isInClient: function () {{ return true; }}, getOS: function () {{ return 'ios'; }},
    getLanguage: function () {{ return 'ja'; }}, getVersion: function () {{ return '2.24.0'; }},
    getIDToken: function () {{ return token; }}, getAccessToken: function () {{ return null; }},
    getContext: function () {{ return {{ type: 'group', viewType: 'full' }}; }},
    closeWindow: function () {{}}
  }};
}})();
"""


def offline(page: Page) -> None:
    """Refuse every request that leaves 127.0.0.1 (routes added later take precedence)."""
    page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), lambda route: route.abort())


def _script(body: str) -> Callable[[Route], None]:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript; charset=utf-8", body=body)

    return fulfil


def telegram(page: Page) -> None:
    """Serve the Telegram bridge stub in place of ``telegram-web-app.js``."""
    offline(page)
    page.route(TELEGRAM_SDK, _script(TELEGRAM_JS))


def liff(page: Page, id_token: str) -> None:
    """Serve the stub ``liff`` handing out ``id_token`` in place of the LIFF SDK."""
    offline(page)
    page.route(LIFF_SDK, _script(liff_js(id_token)))


def telegram_hash(init_data: str) -> str:
    """The launch fragment Telegram appends to a Mini App's URL."""
    return f"#tgWebAppData={quote(init_data, safe='')}&tgWebAppVersion=8.0&tgWebAppPlatform=android"
