"""Headless Chromium for the console's browser tests: Debian's ``chromium`` driven by Playwright's sync API.

The browser is never downloaded: its path is ``$CHROMIUM`` or ``chromium`` / ``chromium-browser`` on ``PATH``.
Without a Chromium (or without Playwright) every test under ``tests/browser`` is skipped with a message saying
how to get one; ``.ci/run`` installs Debian's ``chromium`` so CI always runs them. Every test here carries the
``browser`` marker, so ``pytest -m "not browser"`` leaves them out.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from devtools.chromium import LAUNCH_ARGS, chromium_path

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

HERE = Path(__file__).parent
PHONE = {"width": 390, "height": 844}
#: How long `expect(...)` waits for the page to get there, in milliseconds.
EXPECT_TIMEOUT_MS = 30_000


def _has_playwright() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


def skip_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not _has_playwright():
        return "playwright is not installed (pip install playwright); browser tests skipped"
    if chromium_path() is None:
        return "no Chromium found: install Debian's chromium or set CHROMIUM=/path; browser tests skipped"
    return None


class _Unrunnable(pytest.Item):
    """Stands for a test module that cannot even be imported without Playwright: one skipped test."""

    def runtest(self) -> None:
        pytest.skip(skip_reason() or "browser tests skipped")

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, self.name


class _UnrunnableModule(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        yield _Unrunnable.from_parent(self, name=self.path.stem)


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Without Playwright the test modules (which import it) are not imported: each is one skipped test."""
    if _has_playwright():
        return None
    return _UnrunnableModule.from_parent(parent, path=module_path)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser ``browser``, and skip them all when no browser can run."""
    reason = skip_reason()
    for item in items:
        if HERE not in Path(str(item.path)).parents:
            continue
        item.add_marker(pytest.mark.browser)
        if reason:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium per test module (Debian's binary, never a Playwright download). Not for the
    whole session: Playwright's sync API keeps an asyncio loop running in the main thread while it is
    started, and every later test that runs its own loop (``asyncio.run``, a webhook's
    ``run_until_complete``) would fail with "Cannot run the event loop while another loop is running"."""
    from playwright.sync_api import expect, sync_playwright

    # A wait, not a timed assertion: `expect` retries until the page shows what it should, and on a busy
    # two-core CI machine (a whole game's bots, Chromium, the server) Playwright's default 5 s is too short.
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    executable = chromium_path()
    assert executable, "no Chromium found (the collection hook should have skipped this test)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own context: Japanese locale, a phone-sized viewport; closed after the test."""
    context = browser.new_context(locale="ja-JP", viewport=PHONE, device_scale_factor=1)
    try:
        yield context.new_page()
    finally:
        context.close()
