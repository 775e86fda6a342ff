"""「いまできること」 shows what the phase asks now, never an answer to the phase before it: the commit that
closes a phase tells its last player their choice was taken and opens the next phase, and the chat gets
both as one message (政治家人狼's trial: day 2's campaign showed last night's
「…を選びました。おやすみなさい」, the vote 「準備OKを受け付けました」). Whole bot games of every game;
every seat's view read at every step."""

from __future__ import annotations

import asyncio
import re

import pytest

from core.i18n import catalog
from devtools.local.game import LocalGame
from tests.console.table import PLAYERS, ConsoleTable

#: A seed per game (政治家人狼's is the trial's).
SEEDS = {"adazakura": 1, "politician": 3, "deathnote": 4, "werewolf": 2}
MAX_STEPS = 400
#: Catalog keys of the answers a seat gets to its own choice (no buttons): confirmations.
ANSWER_KEY = re.compile(r"\.(saved|done_saved|ready_saved|sent|named)(\.|$)")
#: Answers that ask again in the same phase, with its buttons (徒桜戦争's night: 「完了」 is still to press).
ASKS_AGAIN = {"night.choice.saved", "night.instant.saved"}


def answers(game: str) -> list[str]:
    """The longest fixed piece (between parameters, 6 characters or more) of each of ``game``'s answer
    texts (a seat's confirmation of its own choice)."""
    templates = {**catalog.catalog("ja", catalog.COMMON), **catalog.catalog("ja", game)}
    answers = [t for k, t in templates.items() if ANSWER_KEY.search(k) and k not in ASKS_AGAIN
               and not k.startswith("settings.")]  # fmt: skip
    pieces = [max(re.split(r"\{[^}]*\}", t), key=len) for t in answers]
    return sorted({p for p in pieces if len(p) >= 6})


async def walk(game: str) -> int:
    local = LocalGame(players=PLAYERS[game], lang="ja", seed=SEEDS[game], game=game, auto=True)
    table = ConsoleTable(local)
    await local.open()
    stale = answers(game)
    assert stale, f"{game}: no answer texts to look for"
    prompts = 0
    for _ in range(MAX_STEPS):
        state = local.state()
        if state.is_over:
            break
        for player in state.players:
            prompt = (await table.view(player.seat))["prompt"]
            if prompt is None:
                continue
            prompts += 1
            shown = [s for s in stale if s in prompt]
            assert not shown, f"{game} {state.phase} seat {player.seat}: {prompt!r}"
        await local.step()
    assert local.state().is_over, f"{game}: no end after {MAX_STEPS} steps"
    return prompts


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_the_prompt_never_shows_an_answer_to_the_phase_before(game: str) -> None:
    assert asyncio.run(walk(game)) > 0
