"""The playground's clock does what its words say: it does not run while people think, each input moves it
by the state's ``tick`` (the page's clock line names that step), and no number of inputs closes a phase:
only the jump to the deadline does, in the browser and in the terminal."""

from __future__ import annotations

import asyncio

from core.i18n.catalog import lookup
from devtools.local.game import LocalGame
from devtools.local.texts import ui
from tests.local.runner import Play
from tests.local.webclient import Browser, person


def test_the_clock_line_names_the_step_each_input_moves_it(browser: Browser) -> None:
    state = browser.state()
    me = person(state)
    view = browser.view(state, me)
    browser.act(state, me, view, view["actions"][0]["action"])
    after = browser.state()
    moved = after["now"] - state["now"]
    assert moved == after["tick"] > 0, "one input moved the clock by exactly the tick"
    for lang in ("ja", "en"):
        words = browser.ok(f"/playground/api/texts?lang={lang}")["texts"]["clock"]
        shown = words.format(seconds=after["deadline_at"] - after["now"], tick=after["tick"])
        assert shown == ui("web.clock", lang, seconds=after["deadline_at"] - after["now"], tick=moved)
        assert "止まっています" not in shown
        assert "stands still" not in shown
        assert f"{moved}" in shown.split(")")[0].split("(")[1], "the line says how far an input moves it"


def test_in_the_terminal_many_inputs_never_close_a_phase(play: Play) -> None:
    """Night 0 lasts 120 s; 80 inputs of 2 s each would have run past it."""
    run = play("--seed", "1", "--players", "4", stdin="/status\n" * 80 + "/quit\n")
    state = run.state()
    assert (state.phase, state.phase_seq) == ("night", 1), "still night 0: no input closed it"
    assert run.game.now < state.deadline_at


def test_enter_passes_the_reminders_of_a_long_phase_then_its_deadline() -> None:
    """A long 人狼 game (``preset long``): the person has not chosen at night, so Enter shows the timer's
    reminders an hour and ten minutes before the deadline (``remind.choice.long``), in that order, and
    only then what the deadline brings (the morning's prompt to vote)."""
    game = LocalGame(game="werewolf", players=5, lang="ja", seed=1, options=["preset long"])

    async def run() -> list[str]:
        await game.open()
        await game.settle()
        state = game.state()
        assert state.phase == "night"
        assert state.deadline_at - game.now >= 2 * 3600, "a long night"
        seen = len(game.sender.log)
        assert await game.step()
        return [e.text for e in game.sender.log[seen:] if e.chat_id == game.person]

    mine = asyncio.run(run())
    long = lookup("remind.choice.long", "ja", "werewolf")
    head = long.split("{", 1)[0]
    reminders = [k for k, text in enumerate(mine) if text.startswith(head)]
    assert len(reminders) == 2, mine
    assert "あと1時間" in mine[reminders[0]]
    assert "あと10分" in mine[reminders[1]]
    vote = lookup("vote.prompt", "ja", "werewolf")
    prompts = [k for k, text in enumerate(mine) if text.startswith(vote)]
    assert prompts, "the deadline brought the vote"
    assert reminders[1] < prompts[0], "the reminders come before the deadline's news"
