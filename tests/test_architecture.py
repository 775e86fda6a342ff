"""The house rules of design §2, checked on the source text (nothing is imported).

The same import rules as the import-linter contracts in ``pyproject.toml``, as a plain AST walk so that
they hold wherever pytest runs, plus what import-linter cannot see: the standard library's clock,
randomness and network in ``core``. Imports inside functions count too (they still run in the Lambda).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("core", "handlers", "infra", "devtools")


@dataclass(frozen=True)
class Rule:
    """Modules under ``scope`` must not import anything under ``forbidden``, because ``why``."""

    scope: str
    forbidden: tuple[str, ...]
    why: str


RULES = (
    Rule("core", ("handlers", "infra"), "core is pure and knows nothing of the shell"),
    Rule(
        "core",
        ("boto3", "botocore", "telegram", "linebot", "aws_lambda_powertools"),
        "core never talks to AWS or a chat platform",
    ),
    Rule(
        "core",
        ("requests", "httpx", "aiohttp", "urllib", "urllib3", "http", "socket", "ssl"),
        "core does no network I/O",
    ),
    Rule("core", ("time",), "core reads no clock: take `now` (UTC epoch seconds) as an argument"),
    Rule("core", ("random", "secrets"), "core draws only from core.engine.rng.Rng held in the state"),
    Rule("infra", ("handlers",), "infra sits below handlers"),
    Rule("core", ("devtools",), "the developer tools sit above everything that ships"),
    Rule("handlers", ("devtools",), "the Lambda artifacts hold no developer tools (Makefile build targets)"),
    Rule("infra", ("devtools",), "the Lambda artifacts hold no developer tools (Makefile build targets)"),
    Rule("handlers", ("boto3", "botocore"), "handlers reach AWS only through infra"),
    Rule("handlers.telegram", ("handlers.line", "linebot"), "the Telegram function never loads LINE code"),
    Rule("handlers.line", ("handlers.telegram", "telegram"), "the LINE function never loads Telegram code"),
)
CLOCK_READS = {"now", "utcnow", "today"}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def module_name(path: Path) -> tuple[str, bool]:
    """``(dotted module name, is a package __init__)`` of a source file under :data:`ROOT`."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def imported_modules(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """``(line, absolute module)`` for every import; ``from a import b`` yields ``a`` and ``a.b``."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base_parts = package[: len(package) - node.level + 1] if node.level else []
            base = ".".join([*base_parts, *([node.module] if node.module else [])])
            if node.module:
                yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}" if base else alias.name


def clock_reads(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, expression)`` for every ``datetime.now``/``date.today``-style read of the wall clock."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr in CLOCK_READS):
            continue
        owner = node.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
        if name in ("datetime", "date"):
            yield node.lineno, f"{name}.{node.attr}"


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every broken rule in ``source`` (the text of ``module``), as ``"module:line: what (why)"``."""
    tree = ast.parse(source)
    found = []
    for line, imported in imported_modules(tree, module, is_package):
        for rule in RULES:
            hit = next((f for f in rule.forbidden if _within(imported, f)), None)
            if _within(module, rule.scope) and hit:
                found.append(f"{module}:{line}: imports {imported} ({rule.why})")
    if _within(module, "core"):
        found += [
            f"{module}:{line}: reads the clock via {expr} (core takes `now`)"
            for line, expr in clock_reads(tree)
        ]
    return sorted(set(found))


SOURCES = sorted(p for top in CHECKED for p in (ROOT / top).rglob("*.py"))


def test_the_walk_sees_the_engine() -> None:
    assert ROOT / "core" / "engine" / "rng.py" in SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_source_keeps_the_house_rules(path: Path) -> None:
    module, is_package = module_name(path)
    assert violations(path.read_text(encoding="utf-8"), module, is_package) == []


@pytest.mark.parametrize(
    ("module", "source", "imported"),
    [
        ("core.engine.flow", "import boto3.dynamodb.conditions", "boto3.dynamodb.conditions"),
        ("core.games.adazakura", "def f():\n    from handlers import service", "handlers"),
        ("core.engine.flow", "import time", "time"),
        ("core.engine.flow", "from random import shuffle", "random"),
        ("core.i18n.render", "from urllib.request import urlopen", "urllib.request"),
        ("handlers.telegram.webhook", "from handlers import line", "handlers.line"),
        ("handlers.telegram.webhook", "from ..line import adapter", "handlers.line"),
        ("handlers.line.webhook", "import handlers.telegram.render", "handlers.telegram.render"),
        ("handlers.line.webhook", "from telegram import Bot", "telegram.Bot"),
        ("handlers.telegram.sender", "from linebot.v3 import WebhookParser", "linebot.v3.WebhookParser"),
        ("handlers.service", "import botocore.exceptions", "botocore.exceptions"),
        ("infra.store", "from handlers.service import deliver", "handlers.service"),
    ],
)
def test_a_forbidden_import_is_reported(module: str, source: str, imported: str) -> None:
    assert any(f"imports {imported} (" in v for v in violations(source, module))


def test_a_clock_read_in_core_is_reported() -> None:
    source = "import datetime\n\ndef f():\n    return datetime.datetime.now()\n"
    assert violations(source, "core.engine.flow") == [
        "core.engine.flow:4: reads the clock via datetime.now (core takes `now`)"
    ]


@pytest.mark.parametrize(
    ("module", "source"),
    [
        (
            "core.engine.flow",
            "from core.engine.rng import Rng\n\ndef f(now: int) -> int:\n    return now + 1",
        ),
        ("core.engine", "from . import rng"),
        ("handlers.telegram.webhook", "from infra.store import Store\nfrom handlers.service import run"),
        ("handlers.line.webhook", "from handlers.telegram_common import x"),
        ("infra.store", "import boto3\nfrom core.engine.table import TableState"),
    ],
)
def test_allowed_imports_pass(module: str, source: str) -> None:
    assert violations(source, module, is_package=module == "core.engine") == []
