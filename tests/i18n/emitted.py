"""The catalog keys the core can emit, read from the source (AST; nothing of the rules is run).

An emitter is any function of ``core`` (``core/i18n`` aside) with a ``key`` parameter (``tell``,
``announce``, ``tell_team``, ``result``, ``learn``, ``_reply``, ``_lobby_notice``, ``_prompt_ballots``,
``deck_look`` …) or ``Notice``/``KeyRef`` (``key=``). Refusals (``Rejected(reason=…)`` and the strings a
``refusal`` returns) become ``reason.<id>``; button kinds (``Action(kind=…)``, ``KIND`` constants) are listed
in :data:`KINDS`. f-string keys expand to the value sets of :data:`EXPANSIONS`; one missing there is listed
in :data:`UNEXPANDED`. Each :class:`Site` carries the params the code visibly passes and which of them are
bools. Used by ``test_adazakura_keys.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from pathlib import Path

from core.engine.table import CANCELLED, ENDED, LOBBY
from core.games.adazakura.megami import FACTION_VERSIONED, TAROTS

GAME = "adazakura"
ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for p in (ROOT / "core").rglob("*.py") if "i18n" not in p.relative_to(ROOT).parts)
TREES = {p.relative_to(ROOT).as_posix(): ast.parse(p.read_text(encoding="utf-8")) for p in SOURCES}
KEYED_CLASSES = {"Notice": "key", "KeyRef": "key"}


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _text(node: ast.AST | None) -> str | None:
    """The value of a str literal, else None."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _texts(nodes: list[ast.expr | None]) -> frozenset[str]:
    return frozenset(t for n in nodes if (t := _text(n)) is not None)


def _calls(tree: ast.AST) -> Iterator[ast.Call]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.Call))


def _phases() -> tuple[str, ...]:
    """Phase ids: the engine's own, plus every literal a game passes to ``enter``."""
    entered = _texts(
        [c.args[0] for tree in TREES.values() for c in _calls(tree) if _name(c.func) == "enter" and c.args]
    )
    return tuple(sorted(entered | {LOBBY, ENDED, CANCELLED}))


#: f-string keys (``{}`` for each interpolated part) → every value tuple the code can produce.
EXPANSIONS: dict[str, list[tuple[str, ...]]] = {
    "end.result.{}": [("sakura",), ("adazakura",), ("draw",)],  # victory.end_game [ADZ-10.1]
    "phase.{}": [(phase,) for phase in _phases()],  # view.status_params
    "role.{}.text": [(m,) for m in TAROTS if m not in FACTION_VERSIONED],  # view.ability_text [ADZ-0]
    "role.{}.text.{}": list(product(sorted(FACTION_VERSIONED), ("sakura", "adazakura"))),
}


@dataclass(frozen=True)
class Site:
    """One key emitted at ``where``; ``params`` None when they cannot be read from the source."""

    key: str
    where: str
    params: frozenset[str] | None
    bools: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Emitter:
    """A function with a ``key`` parameter: its position, its own other parameters, its ``**`` name,
    params it always adds, and (for pass-through helpers) the inner call its key goes to."""

    index: int
    named: frozenset[str]
    varkw: str | None
    implicit: frozenset[str]
    inner: ast.Call | None
    default: str | None


def _key_arg(call: ast.Call, index: int | None, keyword: str) -> ast.expr | None:
    """The argument bound to parameter ``keyword`` (at position ``index``; None: keyword-only)."""
    found = [k.value for k in call.keywords if k.arg == keyword]
    if found or index is None:
        return found[0] if found else None
    return call.args[index] if len(call.args) > index else None


def _mentions_key(call: ast.Call) -> bool:
    return any(
        isinstance(a, ast.Name) and a.id == "key" for a in [*call.args, *(k.value for k in call.keywords)]
    )


def _passes_varkw(d: ast.Dict, varkw: str | None) -> bool:
    """Whether ``d`` is ``{…, **<varkw>}``: the keys it spells out are added to every call's params."""
    return any(
        k is None and isinstance(v, ast.Name) and v.id == varkw for k, v in zip(d.keys, d.values, strict=True)
    )


def _key_default(fn: ast.FunctionDef) -> str | None:
    positional = fn.args.posonlyargs + fn.args.args
    defaults = list(zip(positional[len(positional) - len(fn.args.defaults) :], fn.args.defaults, strict=True))
    defaults += [
        (a, d) for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults, strict=True) if d is not None
    ]
    found = [d.value for a, d in defaults if a.arg == "key" and isinstance(d, ast.Constant)]
    return found[0] if found and isinstance(found[0], str) else None


def _emitter(fn: ast.FunctionDef) -> Emitter | None:
    params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    names = params + [a.arg for a in fn.args.kwonlyargs]
    if "key" not in names:
        return None
    positional = params[1:] if params[:1] in (["self"], ["cls"]) else params
    index = positional.index("key") if "key" in positional else len(positional)
    varkw = fn.args.kwarg.arg if fn.args.kwarg else None
    dicts = [d for d in ast.walk(fn) if isinstance(d, ast.Dict) and _passes_varkw(d, varkw)]
    implicit = frozenset().union(*(_texts(d.keys) for d in dicts))
    inner = None if varkw else next((c for c in _calls(fn) if _mentions_key(c)), None)
    named = frozenset(names) - {"key", "self", "cls"}
    return Emitter(index, named, varkw, implicit, inner, _key_default(fn))


EMITTERS = {
    fn.name: e
    for tree in TREES.values()
    for fn in ast.walk(tree)
    if isinstance(fn, ast.FunctionDef) and (e := _emitter(fn)) is not None
}
RETURNED_DICTS = {
    fn.name: [r.value for r in ast.walk(fn) if isinstance(r, ast.Return) and isinstance(r.value, ast.Dict)]
    for tree in TREES.values()
    for fn in ast.walk(tree)
    if isinstance(fn, ast.FunctionDef)
}


#: f-string keys found in the source but missing from EXPANSIONS ("where: shape").
UNEXPANDED: list[str] = []


def _strings(node: ast.expr | None, where: str) -> list[str]:
    """The key(s) an expression can be: a literal, either side of ``a if c else b``, an expanded f-string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body, where) + _strings(node.orelse, where)
    if isinstance(node, ast.JoinedStr):
        shape = "".join(_text(v) or "{}" for v in node.values)
        if shape not in EXPANSIONS:
            UNEXPANDED.append(f"{where}: {shape}")
        return [shape.format(*values) for values in EXPANSIONS.get(shape, [])]
    return []


def _bool_fields() -> frozenset[str]:
    """Names of model fields annotated ``bool`` (``alive``, ``madman``, ``verified`` …)."""
    return frozenset(
        node.target.id for tree in TREES.values() for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
        and isinstance(node.annotation, ast.Name) and node.annotation.id == "bool"
    )  # fmt: skip


BOOL_FIELDS = _bool_fields()


def _is_bool(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, bool)
    if isinstance(node, ast.IfExp):
        return _is_bool(node.body) or _is_bool(node.orelse)
    if isinstance(node, ast.Attribute):
        return node.attr in BOOL_FIELDS
    if isinstance(node, ast.BoolOp):
        return any(_is_bool(value) for value in node.values)
    return isinstance(node, ast.Compare) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))


def _dict_params(node: ast.expr | None) -> tuple[frozenset[str] | None, frozenset[str]]:
    """Keys and bool-valued keys of a ``params={…}`` literal; ``(None, …)`` if it is not a plain literal."""
    if node is None:
        return frozenset(), frozenset()
    if not isinstance(node, ast.Dict) or any(k is None for k in node.keys):
        return None, frozenset()
    pairs = [(t, v) for k, v in zip(node.keys, node.values, strict=True) if (t := _text(k)) is not None]
    return frozenset(k for k, _ in pairs), frozenset(k for k, v in pairs if _is_bool(v))


def _call_params(call: ast.Call, emitter: Emitter) -> tuple[frozenset[str] | None, frozenset[str]]:
    if emitter.inner is not None:
        inner = EMITTERS.get(_name(emitter.inner.func) or "")
        return _call_params(emitter.inner, inner) if inner else (None, frozenset())
    names: set[str] = set(emitter.implicit)
    bools: set[str] = set()
    for k in call.keywords:
        if k.arg is None:
            func = k.value.func if isinstance(k.value, ast.Call) else None
            dicts = RETURNED_DICTS.get(_name(func) or "") if func else None
            if not dicts:
                return None, frozenset()
            names |= frozenset.intersection(*(_texts(d.keys) for d in dicts))
        elif k.arg not in emitter.named:
            names.add(k.arg)
            bools |= {k.arg} if _is_bool(k.value) else set()
    return frozenset(names), frozenset(bools)


def _sites_in(path: str, tree: ast.AST) -> Iterator[Site]:
    for call in _calls(tree):
        name, where = _name(call.func), f"{path}:{call.lineno}"
        if name in KEYED_CLASSES:
            params, bools = _dict_params(_key_arg(call, None, "params"))
            keys = _strings(_key_arg(call, None, KEYED_CLASSES[name]), where)
        elif name == "Rejected":
            params, bools = _dict_params(_key_arg(call, 1, "params"))
            keys = [f"reason.{r}" for r in _strings(_key_arg(call, 0, "reason"), where)]
        elif name in EMITTERS:
            params, bools = _call_params(call, EMITTERS[name])
            keys = _strings(_key_arg(call, EMITTERS[name].index, "key"), where)
        else:
            continue
        yield from (Site(key, where, params, bools) for key in keys)
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef) and fn.name == "refusal":
            for r in (n for n in ast.walk(fn) if isinstance(n, ast.Return)):
                yield from (
                    Site(f"reason.{s}", f"{path}:{r.lineno}", frozenset()) for s in _strings(r.value, path)
                )


def _default_sites() -> Iterator[Site]:
    """A literal default of a ``key`` parameter (``deck_look(…, key="result.deck.look")``)."""
    for name, emitter in EMITTERS.items():
        if emitter.default is not None:
            params, bools = _call_params(ast.Call(func=ast.Name(id=name), args=[], keywords=[]), emitter)
            yield Site(emitter.default, f"default of {name}()", params, bools)


SITES = [site for path, tree in TREES.items() for site in _sites_in(path, tree)] + list(_default_sites())
KEYS = sorted({site.key for site in SITES})


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` constants (``KIND = "night.oboro"``, ``NOBODY = "none"``)."""
    found: dict[str, str] = {}
    for node in tree.body:
        value = _text(node.value) if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.Assign) and value is not None:
            found |= {t.id: value for t in node.targets if isinstance(t, ast.Name)}
    return found


def _action_kinds() -> list[str]:
    """Every ``Action(kind=…)`` literal (or module constant) and every role module's ``KIND``."""
    kinds: set[str] = set()
    for path, tree in TREES.items():
        constants = _module_strings(tree)
        kinds |= {value for name, value in constants.items() if name == "KIND"}
        for call in _calls(tree):
            kind = _key_arg(call, 0, "kind") if _name(call.func) == "Action" else None
            if isinstance(kind, ast.Name) and kind.id in constants:
                kinds.add(constants[kind.id])
            kinds |= set(_strings(kind, path))
    return sorted(kinds)


KINDS = _action_kinds()
