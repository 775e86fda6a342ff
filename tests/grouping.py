"""Keeping a module's tests on one pytest-xdist worker when they share a wide fixture of its own (a whole game
played once, a pool of 16 container processes, one Chromium), so that fixture is built once: registered by
tests/conftest.py, checked by tests/test_grouping.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest


class XdistGrouping:
    """Marks the tests of a module that uses a fixture defined under ``root`` living longer than one test
    (module, class, package or session scope) as one ``xdist_group``, named after the module.

    First among the collection hooks: pytest-xdist's worker reads the marks in its own
    ``pytest_collection_modifyitems`` to name each test's group, and the ``loadgroup`` scheduler keeps a
    group on one worker. Marked any later, the marks came too late: every test went wherever a worker was
    free, and both workers built the fixture."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def wide(self, item: pytest.Item) -> bool:
        """Whether ``item`` uses a fixture defined under :attr:`root` that lives longer than one test."""
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            return False
        for defs in info.name2fixturedefs.values():
            for fixture in defs:
                if fixture.scope == "function":
                    continue
                code = getattr(fixture.func, "__code__", None)
                if code is not None and self.root in Path(code.co_filename).resolve().parents:
                    return True
        return False

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        grouped = {item.nodeid.split("::")[0] for item in items if self.wide(item)}
        for item in items:
            module = item.nodeid.split("::")[0]
            if module in grouped:
                item.add_marker(pytest.mark.xdist_group(module))
