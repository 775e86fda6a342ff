"""Test-wide setup.

- moto writes its DynamoDB item responses with :mod:`devtools.moto_speed`: the same JSON (checked by
  tests/infra/test_moto_speed.py) without the model-driven serializer that was a third of an end-to-end
  test's CPU.
- Under pytest-xdist (``make test``: ``-n auto --dist loadgroup``), the tests of a module that uses a
  module-scoped fixture of its own (a whole game played once, a pool of 16 container processes, one
  Chromium) run on one worker, so that fixture is built once (:class:`tests.grouping.XdistGrouping`);
  every other test goes wherever a worker is free. The slowest tests (``slow`` marker) are handed out
  first, so no worker is left alone with one at the end.
- ``make soak`` prints the figures of the long random runs (:mod:`tests.property.soak`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from devtools import moto_speed
from tests.grouping import XdistGrouping
from tests.property import soak

moto_speed.install()

TESTS = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(XdistGrouping(TESTS), "jinro-xdist-grouping")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the machine's cores. A worker is often waiting (on the 16 containers
    of tests/e2e/test_process_concurrency.py, on Chromium, on a subprocess), and the spare worker runs tests
    meanwhile: on a 2-core machine a clean clone's `make test` took 15:44 with 3 workers against 17:01 with 2
    (pytest 15:22 against 16:37, the same CPU)."""
    return (os.cpu_count() or 1) + 1


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
