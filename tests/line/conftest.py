"""Fixtures of the LINE adapter tests: the local fake of the LINE Messaging API (and of LINE Login's verify
endpoint), :mod:`tests.fakes.line_api`.

No ``__init__.py`` here, like tests/telegram: the test modules are found by their paths.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.line_api import FakeLineApi


@pytest.fixture
def line() -> Iterator[FakeLineApi]:
    """A fresh fake LINE API on a free port of 127.0.0.1, stopped after the test."""
    with FakeLineApi() as fake:
        yield fake
