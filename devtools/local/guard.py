"""Which requests the browser playground's server answers: the checks of :mod:`devtools.local.handler` that
keep other web pages and other machines out, as pure functions of the request's headers.

- **Host.** On a loopback address only requests naming a loopback ``Host`` are answered, so a page
  cannot reach the server by DNS rebinding (:func:`is_loopback`).
- **Cross-site writes.** A browser sends ``Sec-Fetch-Site`` and ``Origin`` with every write; a write
  (any method but ``GET`` and ``HEAD``) whose ``Sec-Fetch-Site`` is not ``same-origin`` (or ``none``,
  typed by the person) or whose ``Origin`` is not this server's own is refused (:func:`cross_site`), so
  a page of another site (or of another port of this machine) cannot change the game with a form or a
  ``fetch``. A request without either header (curl, a test) is not a browser's cross-site request.
- **JSON only.** A ``POST`` the server acts on must say ``Content-Type: application/json``
  (:func:`is_json`): an HTML form cannot send that without the browser asking first (a CORS preflight,
  which this server never allows).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping

#: Methods that never change anything (every other method is a write).
READS = frozenset({"GET", "HEAD"})
#: ``Sec-Fetch-Site`` values of a request the page itself (or the person's address bar) made.
OWN_SITE = frozenset({"same-origin", "none"})
#: The one media type of a request body.
JSON_TYPE = "application/json"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name, without port) is this machine: ``localhost`` or a
    loopback address (``127.0.0.0/8``, ``::1``)."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def cross_site(method: str, headers: Mapping[str, str]) -> bool:
    """Whether a ``method`` request with ``headers`` (names in lower case) is a write sent by a page of
    another site: see the module docstring. ``Origin`` must be exactly ``http://`` plus the request's
    ``Host`` (the scheme this server speaks); ``Origin: null`` (a sandboxed frame, a file) never is."""
    if method.upper() in READS:
        return False
    fetch_site = headers.get("sec-fetch-site", "").strip().lower()
    if fetch_site and fetch_site not in OWN_SITE:
        return True
    origin = headers.get("origin")
    return origin is not None and origin.strip().lower() != f"http://{headers.get('host', '')}".lower()


def is_json(content_type: str | None) -> bool:
    """Whether a ``Content-Type`` header names JSON (``application/json``, parameters such as
    ``charset`` allowed); a missing header is not JSON."""
    return (content_type or "").split(";", 1)[0].strip().lower() == JSON_TYPE
