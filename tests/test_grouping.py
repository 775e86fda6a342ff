"""Under ``make test`` (pytest-xdist, ``--dist loadgroup``) the tests of a module that share a wide fixture of
its own run on one worker, so the fixture is built once; other tests spread over the workers
(:class:`tests.grouping.XdistGrouping`). Checked on a small project of its own, run as ``make test`` runs
the suite, with two workers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CONFTEST = """
from pathlib import Path
from tests.grouping import XdistGrouping

def pytest_configure(config):
    config.pluginmanager.register(XdistGrouping(Path(__file__).parent), "grouping")
"""

SHARED = """
import pytest

@pytest.fixture(scope="module")
def shared():
    return object()

@pytest.mark.parametrize("n", range(6))
def test_uses_it(shared, n):
    pass
"""

ALONE = """
import pytest

@pytest.mark.parametrize("n", range(12))
def test_alone(n):
    pass
"""


def test_a_module_with_a_wide_fixture_runs_on_one_worker_and_the_others_spread(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_shared_a.py").write_text(SHARED)
    (tmp_path / "test_shared_b.py").write_text(SHARED)
    (tmp_path / "test_alone.py").write_text(ALONE)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup", "-v",
         str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    workers: dict[str, set[str]] = defaultdict(set)
    for worker, module in re.findall(r"\[(gw\d)\] \[ *\d+%\] PASSED (test_\w+)\.py::", run.stdout):
        workers[module].add(worker)
    assert set(workers) == {"test_shared_a", "test_shared_b", "test_alone"}, run.stdout[-2000:]
    assert len(workers["test_shared_a"]) == 1, workers
    assert len(workers["test_shared_b"]) == 1, workers
    assert workers["test_alone"] == {"gw0", "gw1"}
