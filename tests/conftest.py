"""Test-wide setup.

- moto writes its DynamoDB item responses with :mod:`devtools.moto_speed`: the same JSON (checked by
  tests/infra/test_moto_speed.py) without the model-driven serializer that was a third of an end-to-end
  test's CPU.
- Under pytest-xdist (``make test``: ``-n auto --dist loadgroup``), the tests of a module that uses a
  module-scoped fixture of its own (a whole game played once, a pool of 16 container processes, one
  Chromium) run on one worker, so that fixture is built once; every other test goes wherever a worker is
  free. The slowest tests (``slow`` marker) are handed out first, so no worker is left alone with one at
  the end.
- ``make soak`` prints the figures of the long random runs (:mod:`tests.property.soak`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from devtools import moto_speed
from tests.property import soak

moto_speed.install()

TESTS = Path(__file__).resolve().parent


def _own_wide_fixture(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture defined under tests/ that lives longer than one test."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    for defs in info.name2fixturedefs.values():
        for fixture in defs:
            if fixture.scope == "function":
                continue
            code = getattr(fixture.func, "__code__", None)
            if code is not None and TESTS in Path(code.co_filename).resolve().parents:
                return True
    return False


class _Grouping:
    """Marks the tests of a module with a wide fixture of its own as one ``xdist_group``. First among the
    collection hooks: pytest-xdist's worker reads the mark in its own hook, to name the group in each test's
    id, which the scheduler keeps together (marked any later, every test went wherever a worker was free,
    and both workers built the module's fixture: two pools of 16 containers, two Chromiums, every recap
    game played twice)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        grouped = {item.nodeid.split("::")[0] for item in items if _own_wide_fixture(item)}
        for item in items:
            module = item.nodeid.split("::")[0]
            if module in grouped:
                item.add_marker(pytest.mark.xdist_group(module))


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_Grouping(), "jinro-xdist-grouping")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Stable: within each half the collection order (and so pytest's fixture ordering) is kept.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = soak.summary(terminalreporter.stats.get("passed", []))
    if lines:
        terminalreporter.section("long random runs")
        for line in lines:
            terminalreporter.write_line(line)
