"""Reading and pressing the console page (``handlers/console/static``), in a page or the playground's
iframe: its regions ``#sec-<section id>``, ``#actions`` (buttons ``.act``, ``.act.more`` opening the next
step of a multi-step choice), ``#feed`` and the refusal (``role="alert"``).
"""

from __future__ import annotations

import random

from playwright.sync_api import FrameLocator, Locator, Page, expect

#: Steps of a multi-step choice opened at most before a final button must show.
MAX_STEPS = 4


def leaf(console: Page | FrameLocator, rng: random.Random | None = None) -> Locator:
    """A button that sends an action: the first one (or one drawn with ``rng``), opening steps of a
    multi-step choice (``.more``) until such a button shows."""
    actions = console.locator("#actions")
    for _ in range(MAX_STEPS):
        expect(actions.locator("button.act").first).to_be_enabled()
        finals = actions.locator("button.act:not(.more)")
        count = finals.count()
        if count:
            return finals.nth(rng.randrange(count) if rng else 0)
        steps = actions.locator("button.act.more")
        steps.nth(rng.randrange(steps.count()) if rng else 0).click()
    raise AssertionError("no final button after several steps")
