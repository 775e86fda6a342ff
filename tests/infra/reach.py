"""Which project functions a Lambda handler can reach, read from the source (nothing is imported).

A node is ``(module, top-level name)``; ``(module, BODY)`` stands for the module's own top-level statements,
which run as soon as the module is imported. A function or class reaches every project name its body
mentions: names of its own module, names bound by an import anywhere in the module (imports inside
functions count: they run in the Lambda too) and ``alias.attribute`` where the alias is a module. A class
reaches all of its methods. Calls through objects (``self._store.load``) are not followed by type, so a
handler reaches what the classes it mentions mention: an over-approximation at the level of names, which is
what lets :mod:`tests.infra.test_template` tell that the timer reads the Telegram token but not the webhook
secret, although it imports a constant from the webhook module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "handlers", "infra")
BODY = "<module>"
Node = tuple[str, str]


def module_path(module: str) -> Path | None:
    """The source file of a project module (``handlers.timer`` → ``handlers/timer.py``), or ``None``."""
    if module.split(".")[0] not in PACKAGES:
        return None
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@dataclass
class Module:
    """One parsed module: its top-level definitions and the names its imports bind."""

    name: str
    is_package: bool
    defs: dict[str, list[ast.AST]] = field(default_factory=dict)
    body: list[ast.AST] = field(default_factory=list)
    #: alias → (module, name) for ``from m import name``, or (module, BODY) for a module alias.
    aliases: dict[str, Node] = field(default_factory=dict)


@cache
def parse(module: str) -> Module | None:
    """The parsed project module, or ``None`` outside the project."""
    path = module_path(module)
    if path is None:
        return None
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parsed = Module(module, path.name == "__init__.py")
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            parsed.defs.setdefault(statement.name, []).append(statement)
        else:
            parsed.body.append(statement)
            for target in _assigned(statement):
                parsed.defs.setdefault(target, []).append(statement)
    for node in ast.walk(tree):
        _bind_imports(parsed, node)
    return parsed


def _assigned(statement: ast.AST) -> Iterator[str]:
    targets = statement.targets if isinstance(statement, ast.Assign) else []
    if isinstance(statement, ast.AnnAssign):
        targets = [statement.target]
    yield from (t.id for t in targets if isinstance(t, ast.Name))


def _bind_imports(parsed: Module, node: ast.AST) -> None:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                parsed.aliases[alias.asname] = (alias.name, BODY)
            else:
                top = alias.name.split(".")[0]
                parsed.aliases[top] = (top, BODY)
    elif isinstance(node, ast.ImportFrom):
        base = _absolute(parsed, node)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            target = (submodule, BODY) if module_path(submodule) else (base, alias.name)
            parsed.aliases[alias.asname or alias.name] = target


def _absolute(parsed: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = parsed.name.split(".") if parsed.is_package else parsed.name.split(".")[:-1]
    parts = package[: len(package) - node.level + 1]
    return ".".join([*parts, *([node.module] if node.module else [])])


def _mentions(parsed: Module, trees: list[ast.AST]) -> Iterator[Node]:
    """The nodes named in ``trees``: local top-level names, import aliases, ``alias.attribute``."""
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                if node.id in parsed.defs:
                    yield parsed.name, node.id
                elif node.id in parsed.aliases:
                    yield parsed.aliases[node.id]
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                module, name = parsed.aliases.get(node.value.id, ("", ""))
                if name == BODY:
                    yield module, node.attr


def _edges(node: Node) -> Iterator[Node]:
    module, name = node
    parsed = parse(module)
    if parsed is None:
        return
    if name != BODY:
        yield module, BODY
    if name == BODY:
        yield from _mentions(parsed, parsed.body)
    elif name in parsed.defs:
        yield from _mentions(parsed, parsed.defs[name])
    elif name in parsed.aliases:  # a name re-exported by an import (``from core.i18n import text``)
        yield parsed.aliases[name]
    elif module_path(f"{module}.{name}"):
        yield f"{module}.{name}", BODY


def reachable(start: Node) -> set[Node]:
    """Every project node reachable from ``start`` (e.g. ``("handlers.timer", "handler")``)."""
    seen = {start}
    stack = [start]
    while stack:
        for node in _edges(stack.pop()):
            if node not in seen and parse(node[0]) is not None:
                seen.add(node)
                stack.append(node)
    return seen
