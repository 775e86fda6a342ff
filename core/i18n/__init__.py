"""Message catalogs and the renderer: every player-facing string of the bot lives here.

Catalogs: ``core/i18n/<locale>/<namespace>.toml`` (``ja`` is the reference, ``en`` must be complete);
namespaces are ``common`` plus one per game id, discovered from the files (see :mod:`core.i18n.catalog`).
Rendering: :func:`render` (a notice), :func:`render_key` (a key and params), :func:`render_action`
(a button label), :func:`text` (shorthand for shells), :func:`duration` (seconds as a span of time)
and :func:`length_bound` (at least a text's length in any language, without rendering it); a wording
variant (``variant=``) picks ``<key>.<variant>`` texts where they exist (:func:`worded`).
See :mod:`core.i18n.render`.
"""

from core.i18n.catalog import (
    CatalogError,
    card_id,
    has_key,
    locales,
    namespaces,
    resolve_locale,
    role_id,
    role_names,
    texts,
    worded,
)
from core.i18n.render import duration, length_bound, render, render_action, render_key, render_param, text

__all__ = [
    "CatalogError",
    "card_id",
    "duration",
    "has_key",
    "length_bound",
    "locales",
    "namespaces",
    "render",
    "render_action",
    "render_key",
    "render_param",
    "resolve_locale",
    "role_id",
    "role_names",
    "text",
    "texts",
    "worded",
]
