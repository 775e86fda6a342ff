"""Reading ``core``'s source for :mod:`tests.i18n.emitted`: parsed modules and small AST helpers (what a
call's function is called, str literals, each scope's local assignments, functions with a ``key`` parameter).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for p in (ROOT / "core").rglob("*.py") if "i18n" not in p.relative_to(ROOT).parts)
ALL_TREES = {p.relative_to(ROOT).as_posix(): ast.parse(p.read_text(encoding="utf-8")) for p in SOURCES}
KEYED_CLASSES = {"Notice": "key", "KeyRef": "key"}
#: Functions whose returned strings (or ``(reason, params)`` tuples) are refusal reasons.
REASON_SUFFIXES = ("refusal", "check_cast")
Env = dict[str, list[ast.expr]]


def name_of(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def text_of(node: ast.AST | None) -> str | None:
    """The value of a str literal, else None."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def texts_of(nodes: list[ast.expr | None]) -> frozenset[str]:
    return frozenset(t for n in nodes if (t := text_of(n)) is not None)


def calls_in(tree: ast.AST) -> Iterator[ast.Call]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.Call))


def scopes(node: ast.AST) -> Iterator[tuple[Env, list[ast.Call]]]:
    """Each scope (the module, every function) with its local str assignments and its own calls."""
    env: Env = {}
    calls: list[ast.Call] = []
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from scopes(child)
            continue
        if (
            isinstance(child, ast.Assign)
            and len(child.targets) == 1
            and isinstance(child.targets[0], ast.Name)
        ):
            env.setdefault(child.targets[0].id, []).append(child.value)
        if isinstance(child, ast.Call):
            calls.append(child)
        stack.extend(ast.iter_child_nodes(child))
    yield env, calls


def game_of(path: str) -> str | None:
    parts = path.split("/")
    return parts[2] if parts[:2] == ["core", "games"] and len(parts) > 3 else None


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


def key_arg(call: ast.Call, index: int | None, keyword: str) -> ast.expr | None:
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


def emitter_of(fn: ast.FunctionDef) -> Emitter | None:
    params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    names = params + [a.arg for a in fn.args.kwonlyargs]
    if "key" not in names:
        return None
    positional = params[1:] if params[:1] in (["self"], ["cls"]) else params
    index = positional.index("key") if "key" in positional else len(positional)
    varkw = fn.args.kwarg.arg if fn.args.kwarg else None
    dicts = [d for d in ast.walk(fn) if isinstance(d, ast.Dict) and _passes_varkw(d, varkw)]
    implicit = frozenset().union(*(texts_of(d.keys) for d in dicts))
    inner = None if varkw else next((c for c in calls_in(fn) if _mentions_key(c)), None)
    named = frozenset(names) - {"key", "self", "cls"}
    return Emitter(index, named, varkw, implicit, inner, _key_default(fn))


def bool_fields(trees: dict[str, ast.Module]) -> frozenset[str]:
    """Names of model fields annotated ``bool`` (``alive``, ``excluded``, ``verified`` …)."""
    return frozenset(
        node.target.id for tree in trees.values() for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
        and isinstance(node.annotation, ast.Name) and node.annotation.id == "bool"
    )  # fmt: skip


def module_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` constants (``KIND = "night.oboro"``, ``NOBODY = "none"``)."""
    found: dict[str, str] = {}
    for node in tree.body:
        value = text_of(node.value) if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.Assign) and value is not None:
            found |= {t.id: value for t in node.targets if isinstance(t, ast.Name)}
    return found
