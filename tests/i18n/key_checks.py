"""The catalog rules every game's key tests (``tests/i18n/test_<game>_keys.py``) check on the call sites the
source scan found (:class:`tests.i18n.emitted.Site`): a text for every key, templates naming only params the
code passes, never a bool-valued param nor one of the params no template may show. Each function returns
what breaks its rule, sites named ``"<key> (<where>)"``: empty when nothing does.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from core.i18n.catalog import find, placeholders
from tests.i18n.emitted import Site

#: Params no template may show: ``deadline`` is raw UTC epoch seconds (the shell shows timers).
NEVER_SHOWN = frozenset({"deadline"})


def missing_texts(sites: Iterable[Site], locale: str, game: str) -> list[str]:
    """The sites whose key has no text in ``locale`` (sorted, each once)."""
    return sorted({f"{s.key} ({s.where})" for s in sites if find(s.key, locale, game) is None})


def unknown_params(
    sites: Iterable[Site],
    locale: str,
    game: str,
    *,
    passed: Mapping[str, Collection[str]] | None = None,
    unreached: Collection[tuple[str, frozenset[str] | None]] = (),
) -> dict[str, list[str]]:
    """Per site, the placeholders (sorted) its text in ``locale`` names that the code does not pass: the
    params the scan read, or ``passed[key]`` for a site whose params it cannot read (a site with neither
    is not checked); sites in ``unreached`` (``(key, params)``: never rendered) are left out."""
    unknown: dict[str, list[str]] = {}
    for s in sites:
        if (s.key, s.params) in unreached:
            continue
        given = s.params if s.params is not None else (passed or {}).get(s.key)
        body = find(s.key, locale, game)
        if given is not None and body is not None and placeholders(body) - set(given):
            unknown[f"{s.key} ({s.where})"] = sorted(placeholders(body) - set(given))
    return unknown


def shown_bools(
    sites: Iterable[Site], locale: str, game: str, never_shown: Collection[str] = NEVER_SHOWN
) -> dict[str, list[str]]:
    """Per site, the placeholders (sorted) its text in ``locale`` names that would print a bool (True/False)
    or a param in ``never_shown`` (:data:`NEVER_SHOWN`)."""
    shown: dict[str, list[str]] = {}
    for s in sites:
        body = find(s.key, locale, game)
        bad = placeholders(body) & (s.bools | set(never_shown)) if body is not None else set()
        if bad:
            shown[f"{s.key} ({s.where})"] = sorted(bad)
    return shown
