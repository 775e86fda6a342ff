"""A whole DEATH NOTE 人狼 (``deathnote``) game in a Telegram group, played only through webhook updates and
button presses, and a scripted night that shows the group muted and the Kira–Follower relay silent.

Five players open the deep link of a ``/newgame deathnote`` lobby and the host starts (random seats, the
real §3.3 deal). From then on every seat is a bot that presses a random button of the keyboard of the
current phase in its 1:1 chat, as the fake Bot API recorded it (:mod:`tests.e2e.deathnote`): the active
player's card, every prompted player's pick, and at night a name (and sometimes a signal). A night always
ends by the timer handler (§11.3). Game id, game seed and bot seed are fixed, so the run is the same every
time. Assertions read the notices' keys and typed params and the Bot API calls, so they hold whether the
catalog texts exist yet or render as ``[key]``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import core.i18n as i18n
from core.engine.notice import KeyRef, PlayerRef
from handlers import outbox
from handlers.telegram.callback import decode
from handlers.telegram.sender import MAX_TEXT
from handlers.textunits import units
from tests.e2e.deathnote import (
    NIGHTS,
    Bots,
    DeathNoteLog,
    DeathNoteTable,
    Played,
    key_refs,
    people,
    play_whole_game,
    ties,
)
from tests.e2e.harness import GROUP, GROUP_CHAT, assert_all_delivered, catalog_text, moto_store
from tests.fakes.telegram_api import Call, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

PLAYERS = 5
#: The bots' choices and order: a seed whose game has Investigations, Exchanges, Judgments with two
#: eliminations, relayed signals, and ends with a Kira-team win in round 7.
BOT_SEED = 4
#: Secret steps that prompt every living player (§11.2) and the step notice that opens them.
EVERYONE = {"step.pass": "prompt.pass", "step.face_down": "prompt.face_down"}
#: Public notices that may tie a player to an identity before the end: an eliminated L's card is shown
#: (§8, AMB-49); a successful Arrest shows Kira (and ends the game, §9.1).
IDENTITY_SHOWN = {"judgment.eliminated_l", "arrest.success"}


def text(key: str) -> str:
    return catalog_text(key, "ja", "deathnote")


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    """One whole game, played once for every test of this module; notices are logged only meanwhile."""
    with FakeTelegramApi() as api, moto_store() as store:
        with pytest.MonkeyPatch.context() as patch:
            log = DeathNoteLog()
            patch.setattr(outbox, "render_notices", log.wrap(outbox.render_notices))
            table = DeathNoteTable(api, store, people(PLAYERS))
            game = play_whole_game(table, log, Bots(table, random.Random(BOT_SEED)))
        yield game


def test_the_game_ends_with_a_result_after_turns_secret_steps_and_nights(played: Played) -> None:
    state = played.table.state()
    log = played.bots.log

    assert state.phase == "ended"
    assert state.result in ("L_TEAM", "KIRA_TEAM", "draw")
    assert state.winners == [p.seat for p in state.players if p.team == state.result]
    assert [p.user_id for p in state.players if not p.alive], "nobody was eliminated"
    assert {phase for phase, _, _ in log} >= {"turn", "pass", "exchange_take", "exchange_give", "judgment"}
    assert all(how == "timer" for phase, _, how in log if phase in NIGHTS), "a night ended early"
    assert all(how == "acted" for phase, _, how in log if phase not in NIGHTS)


def test_every_private_button_was_legal_and_reached_its_players_chat(played: Played) -> None:
    table = played.table
    state = table.state()

    assert table.offers
    assert [o for o in table.offers if not o.legal] == []
    assert [p for _, p in played.bots.moves if not p.answered or p.toast != text("tap.ok")] == []
    in_group = ("join", "rematch")  # the lobby's and the end's buttons
    prompts = [(n, c) for n, c in played.notices.notices() if n.actions and n.actions[0].kind not in in_group]
    assert prompts
    for notice, chats in prompts:
        [seat] = notice.to.seats
        assert chats == (state.players[seat - 1].user_id,), notice.key
        chat = chats[0]
        body = outbox.body_of(notice, state.locale, state.game)
        assert any(body in m.text and m.buttons for m in table.api.messages(chat)), notice.key


def test_secret_steps_and_nights_prompt_every_living_player_alike(played: Played) -> None:
    """§11.2: an Investigation prompts every living player, a night screen reaches every living player
    (and no one else), an Exchange prompts its target alone, privately."""
    steps = nights = 0
    for batch in played.notices.batches:
        keys = [n.key for n, _ in batch.said]
        for step, prompt in EVERYONE.items():
            if step in keys:
                steps += 1
                assert sorted(batch.chats_of(prompt)) == sorted(batch.living), step
        night = "night.judgment" if "judgment.start" in keys else "night.shinigami"
        if {"judgment.start", "shinigami.start"} & set(keys):
            nights += 1
            assert sorted(batch.chats_of(night)) == sorted(batch.living)
        if "step.exchange_take" in keys:
            [chat] = batch.chats_of("prompt.exchange_take")
            assert chat != GROUP_CHAT
    assert steps > 0
    assert nights > 0


def test_nothing_secret_reached_the_group(played: Played) -> None:
    table = played.table
    state = table.state()
    said = played.notices.notices()
    end = next(i for i, (n, _) in enumerate(said) if n.key == "game.over")
    public = [n for n, chats in said[:end] if GROUP_CHAT in chats]
    private = [n for n, chats in said if chats and GROUP_CHAT not in chats]
    eliminated_l = {p.seat for p in state.players if not p.alive and p.role == "L"}

    assert {n.key for n in public} & {n.key for n in private} == set()
    group = table.sent_to(GROUP)
    bodies = {outbox.body_of(n, state.locale, state.game) for n in private}
    assert [b for b in bodies if any(b in t for t in group)] == []
    for notice in public:
        parts = [(notice.key, notice.params), *key_refs(notice.params)]
        assert [k for k, params in parts if ties(params, "card.")] == [], "a card tied to a player"
        for key, params in parts:
            if key not in IDENTITY_SHOWN:
                assert ties(params, "identity.") == [], key
            elif key == "judgment.eliminated_l":
                assert set(ties(params, "identity.")) <= eliminated_l
    buttons = [data for m in table.api.messages(GROUP) for row in m.buttons for _, data in row]
    links = [data for data in buttons if data.startswith("https://t.me/")]
    # Besides the join links, only the 「もう一回」 button after the result.
    assert [decode(data).action.kind for data in buttons if data not in links] == ["rematch"]


def test_relayed_signals_arrived_silently_in_private_and_only_they_did(played: Played) -> None:
    """§11.4: the Kira–Follower relay is sent without a notification sound; nothing else is."""
    quiet = [(n, chats) for n, chats in played.notices.notices() if n.silent]
    sends = played.table.api.calls_to("sendMessage")
    silent = [c for c in sends if _silent(c)]

    assert quiet, "no signal was relayed"
    assert {n.key for n, _ in quiet} == {"signal.received"}
    assert len(silent) == len(quiet)
    assert all(c.params["chat_id"] > 0 for c in silent)
    relayed = [c for n, chats in quiet for c in chats]
    assert sorted(f"tg:{c.params['chat_id']}" for c in silent) == sorted(relayed)


def test_the_end_reveals_every_identity_and_the_winners(played: Played) -> None:
    state = played.table.state()
    over = [n for n, chats in played.notices.notices() if n.key == "game.over" and GROUP_CHAT in chats]

    [notice] = over
    assert notice.params["result"] == KeyRef(key=f"result.{state.result}")
    assert [w.seat for w in notice.params["winners"]] == state.winners  # type: ignore[union-attr]
    lines = notice.params["lines"]
    assert isinstance(lines, list)
    shown = {
        (line.params["player"].seat, line.params["identity"].key)  # type: ignore[union-attr]
        for line in lines
        if isinstance(line, KeyRef) and isinstance(line.params.get("player"), PlayerRef)
    }
    assert shown == {(p.seat, f"identity.{p.identity}") for p in state.players}
    body = outbox.body_of(notice, state.locale, state.game)
    assert any(body in t for t in played.table.sent_to(GROUP))


def test_taps_after_the_end_are_refused_politely_and_change_nothing(played: Played) -> None:
    table = played.table
    presses = played.end_presses

    assert presses
    assert [
        (p.player.name, p.toast) for p in presses if not p.answered or p.toast != text("reason.phase.stale")
    ] == []
    assert played.versions[0] == played.versions[1], "a tap after the end changed the game"
    methods = {c.method for press, calls in table.press_calls if press in presses for c in calls}
    assert methods == {"answerCallbackQuery"}


def test_every_message_was_delivered_and_nothing_is_left_in_the_outbox(played: Played) -> None:
    stored = played.table.store.load(played.table.game_id)

    assert stored is not None
    assert stored.pending == {}
    assert_all_delivered(played.table, played.notices)


def _silent(call: Call) -> bool:
    """Whether a ``sendMessage`` asked for no notification sound (PTB sends the flag as ``"true"``)."""
    return str(call.params.get("disable_notification", "")).lower() == "true"


def test_the_end_reaches_the_group_split_by_round_within_the_limits(played: Played) -> None:
    """The final announcement and the recap, one notice per round, never make one group text over
    Telegram's 4096 UTF-16 units (LINE's 5000 characters is more) nor cut a round: each message from the
    first round on starts with a round's heading or with an announcement, never with a round's line (a
    long game's end used to be one ~5,000-character text, cut wherever a line fitted)."""
    group = played.table.sent_to(GROUP)
    heading = i18n.text("recap.round", "ja", "deathnote", round=1, lines=[]).removesuffix("1")
    first = next(i for i, message in enumerate(group) if heading in message)
    end = group[first:]
    assert sum(units(message) for message in end) > MAX_TEXT, "a recap longer than one message"
    assert all(units(message) <= MAX_TEXT for message in group)
    assert [m[:12] for m in end if m.startswith(("・", "\u3000"))] == [], "a round went on in another message"
    numbers = [int(block.split("\n", 1)[0]) for message in end for block in message.split(heading)[1:]]
    assert numbers == list(range(1, len(numbers) + 1)), "every round once, in order"
