"""What players read in real DEATH NOTE 人狼 games: every notice, refusal and button renders in every
language, with no raw id, no unfilled field and no Japanese in English.

Seeded bots-only games (``core.engine.bots``) at 4, 5 and 6 players are played to their end, the §11.5
options varied by seed; in every other game the first phases are left to their timers (timeout defaults,
idle players). Along the way, at some steps, the players also ask ``/hand``, ``/status``, ``/board`` and
``/help``, press an old or foreign button and type a text (relayed at night with ``signals free_text``),
so answers and refusals are rendered too. Two injected tables (§1.4 test mode) reach a stuck hand (§4.5)
and a timed-out Death Note (§11.5). A scripted lobby tries every kind of host option.
``test_deathnote_keys.py`` checks the same keys statically, from the source.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from core.engine.bots import BOT_SALT, start_bot_game
from core.engine.commands import Act, Configure, Join, Query, StartGame, Timeout
from core.engine.notice import Action, KeyRef, Notice, Param
from core.engine.result import Accepted
from core.engine.table import Member
from core.games import rules_for
from core.i18n import locales, render, render_key
from tests.i18n.rendered import NOW, Heard, Walk

GAME = "deathnote"
RULES = rules_for(GAME)
SIZES = range(RULES.min_players, RULES.max_players + 1)
SEEDS = range(5)
#: §11.5 options by ``seed % 5``: the defaults, then the settings that change what players read.
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"signals": "free_text", "max_rounds": 3},
    {"start_player": "host_choice", "post_game_log": False},
    {"end_when_no_arrest_left": True, "seat_order": "join"},
    {"signals": "free_text", "t_judgment": 13},
)
#: Phases left to their timers at the start of every other game.
LAZY_PHASES = 8
#: One step in this many (and the last) also asks questions and presses a stray button.
ASK_EVERY = 15
NAMES = {seat: f"Bot {seat}" for seat in range(1, RULES.max_players + 1)}
#: Raw values that must never reach a player: ids, None/bools, unfilled fields, epoch seconds, keys.
RAW = re.compile(
    r"IDENT_|L_TEAM|KIRA_TEAM|DEATH_NOTE|FAKE_NAME|INVESTIGATION_|SURVEILLANCE|SHINIGAMI"
    r"|\b(?:ARREST|ALIBI|EXCHANGE|APPLE|POLICE|FOLLOWER|KIRA)\b"
    r"|\bNone\b|\bTrue\b|\bFalse\b|[{}]|\d{10}"
    r"|\b(?:card|identity|team|role|phase|status|recap|reveal|night|signal|step|prompt|play|end|result"
    r"|reason|option|ledger|judgment|direction|circle|turn|arrest|shinigami)\.[a-zA-Z]"
)
NIGHT_SCREENS = {"night.judgment", "night.shinigami"}
WALK = Walk(
    rules=RULES, raw=RAW, stray=Action(kind="signal.yes"), ask_every=ASK_EVERY,
    extra=lambda user: [Act(user_id=user, action=Action(kind="play.DEATH_NOTE"))],
)  # fmt: skip


def _lazy(heard: Heard, game: int, start: Accepted[Any]) -> tuple[Accepted[Any], int]:
    """Let the first :data:`LAZY_PHASES` phases time out (§11.5 defaults); the result and the time."""
    state, now, notices = start.state, NOW, list(start.notices)
    for _ in range(LAZY_PHASES):
        if state.is_over or state.deadline_at is None:
            break
        now = state.deadline_at
        late = RULES.decide(state, Timeout(phase_seq=state.phase_seq), now=now)
        assert isinstance(late, Accepted), late
        state, notices = late.state, [*notices, *late.notices]
    return Accepted(state=state, notices=notices), now


def _play(heard: Heard, game: int, size: int, seed: int) -> None:
    start, now = WALK.dealt(size, seed, OPTIONS), NOW
    if seed % 2:
        start, now = _lazy(heard, game, start)
    WALK.drive(heard, game, start, now, bots=(seed * 100 + size) ^ BOT_SALT, asks=seed * 100 + size)


#: §1.4 injected tables (5 players, seats 1-5: L, Police, Police, Kira, Follower), each played to its end
#: by bots after the scripted start. ``stuck``: seat 2 (Police) holds the Death Note and an Arrest and
#: draws the other Arrest: nothing playable (§4.5). ``note``: round 2's last turn; Kira (seat 4) holds
#: the Death Note, and nobody taps at the Judgment, so the timer writes a name (§11.5) drawn by ``rng``.
SEATS_5 = ["IDENT_L", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA", "IDENT_FOLLOWER"]
SETUPS: dict[str, dict[str, Any]] = {
    "stuck": {
        "identities": SEATS_5,
        "hands": [["FN", "AL"], ["DN", "AR1"], ["IL1", "IL2"], ["IL3", "IR1"], ["IR2", "IR3"]],
        "draw": ["AR2", "EX1", "EX2", "EX3", "EX4", "SV1", "SV2", "SV3"],
        "start": 1, "active": 2, "played": [1],
    },
    "note": {
        "identities": SEATS_5,
        "hands": [["AR1", "SV1"], ["FN", "EX1"], ["IL1", "IL2"], ["DN", "IR1"], ["IR2", "AL"]],
        "draw": ["SV2", "EX2", "EX3", "EX4", "SV3", "IL3", "IR3"], "discard": ["AR2"],
        "round": 2, "start": 1, "active": 5, "played": [1, 2, 3, 4], "rng": [0],
    },
}  # fmt: skip


def _injected(heard: Heard, game: int, name: str) -> None:
    settings = {"setup": SETUPS[name], "options": {"signals": "free_text"}}
    start = start_bot_game(RULES, 5, seed=game, settings=settings, now=NOW)
    heard.add(game, start.notices)
    state, now = start.state, NOW
    if name == "note":
        # Seat 5 plays its Alibi (no effect): round 2 is over and the Judgment falls; nobody taps.
        alibi = Act(user_id=RULES.seats(state)[5].user_id, action=Action(kind="play.ALIBI"))
        dusk = RULES.decide(state, alibi, now=now)
        assert isinstance(dusk, Accepted), dusk
        assert dusk.state.phase == "judgment"
        now = dusk.state.deadline_at
        late = RULES.decide(dusk.state, Timeout(phase_seq=dusk.state.phase_seq), now=now)
        assert isinstance(late, Accepted), late
        heard.add(game, [*dusk.notices, *late.notices])
        state = late.state
    WALK.drive(heard, game, Accepted(state=state), now, bots=game ^ BOT_SALT, asks=game)


@cache
def heard() -> Heard:
    out = Heard()
    games = [(size, seed) for size in SIZES for seed in SEEDS]
    for game, (size, seed) in enumerate(games):
        _play(out, game, size, seed)
    for offset, name in enumerate(SETUPS, start=len(games)):
        _injected(out, offset, name)
    return out


#: ``/option`` words of the scripted lobby: a setting or a refusal each (§11.5).
LOBBY_OPTIONS: tuple[tuple[str, ...], ...] = (
    ("",),
    ("t_judgment", "5"),
    ("t_judgment", "60"),
    ("signals", "loud"),
    ("signals", "free_text"),
    ("end_when_no_arrest_left", "maybe"),
    ("end_when_no_arrest_left", "on"),
    ("bogus",),
)


def _new_lobby() -> Any:
    host = Member(user_id="u1", name="Host")
    return RULES.new_game(game_id="g", chat_id="c", host=host, settings={}, seed=1, now=NOW)


@cache
def lobby() -> Heard:
    """The host tries every kind of option and starts with too few, then too many players, then for real;
    a player asks for the rules; options after the start are refused."""
    out = Heard()
    state = _new_lobby()
    for seat in range(1, 4):
        state = WALK.lobby_try(out, state, Join(user_id=f"u{seat}", name=f"P{seat}"))
    state = WALK.lobby_try(out, state, StartGame(user_id="u1"))
    for seat in range(4, 8):
        state = WALK.lobby_try(out, state, Join(user_id=f"u{seat}", name=f"P{seat}"))
    for words in LOBBY_OPTIONS:
        state = WALK.lobby_try(out, state, Configure(user_id="u1", option=words[0], values=words[1:]))
    state = WALK.lobby_try(out, state, Configure(user_id="u2", option="show", values=()))
    state = WALK.lobby_try(out, state, Query(user_id="u2", what="help", public=True))
    state = WALK.lobby_try(out, state, Query(user_id="u2", what="me", public=False))
    state = WALK.lobby_try(out, state, StartGame(user_id="u2"))
    state = WALK.lobby_try(out, state, StartGame(user_id="u1"))
    WALK.lobby_try(out, state, Configure(user_id="u1", option="t_turn", values=("60",)))
    return out


def test_the_games_reach_the_moments_worth_reading() -> None:
    keys = {n.key for _, n in heard().notices}
    assert {
        "game.setup", "identity.card", "start_player.wait", "start_player.prompt", "turn.start", "turn.drew",
        "turn.played", "play.ARREST", "play.FAKE_NAME", "play.ALIBI", "play.INVESTIGATION_LEFT",
        "play.INVESTIGATION_RIGHT", "play.EXCHANGE", "play.SURVEILLANCE", "play.APPLE", "play.SHINIGAMI",
        "play.stuck", "pile.reshuffled", "arrest.failed", "arrest.success", "surveil.result", "apple.result",
        "step.pass", "step.exchange_take", "step.face_down", "prompt.pass", "prompt.exchange_take",
        "prompt.exchange_give", "prompt.face_down", "choice.locked", "passed", "exchange.handed",
        "exchange.gave", "exchange.received", "judgment.start", "night.judgment", "shinigami.start",
        "night.shinigami", "night.named", "signal.received", "signal.sent", "signal.nowhere", "signal.text",
        "judgment.nobody", "judgment.saved", "judgment.eliminated", "judgment.eliminated_l", "circle",
        "shinigami.returned", "shinigami.left", "game.over", "recap.round", "hand", "status", "help",
    } <= keys  # fmt: skip
    reasons = {r.reason for r in heard().refusals}
    assert {"phase.stale", "card.death_note", "not_alive", "signal.closed"} <= reasons
    ends = {n.params["reason"].key for _, n in heard().notices if n.key == "game.over"}  # type: ignore[union-attr]
    assert {"end.arrest", "end.no_l", "end.max_rounds"} <= ends


def test_the_lobby_reaches_every_kind_of_refusal() -> None:
    reasons = {r.reason for r in lobby().refusals}
    assert {"option.invalid", "option.unknown", "lobby.too_few", "lobby.full", "not_host", "not_player",
            "option.lobby_only"} <= reasons  # fmt: skip
    assert "lobby.options" in {n.key for _, n in lobby().notices}


@pytest.mark.parametrize("locale", locales())
def test_every_notice_renders_without_raw_values(locale: str) -> None:
    assert WALK.unreadable_notices([heard(), lobby()], locale) == {}


@pytest.mark.parametrize("locale", locales())
def test_every_refusal_renders(locale: str) -> None:
    assert WALK.unreadable_refusals([heard(), lobby()], locale) == {}


@pytest.mark.parametrize("locale", locales())
def test_every_button_has_a_label_in_words(locale: str) -> None:
    buttons = heard().buttons
    kinds = {a.kind for a in buttons}
    assert {"pick", "give", "name", "signal.point", "signal.yes", "signal.no", "signal.ask", "start",
            "discard", "play.SHINIGAMI", "play.ARREST"} <= kinds  # fmt: skip
    assert WALK.unreadable_labels(buttons, locale, NAMES) == []


def _screen(notice: Notice, locale: str) -> str:
    """A night screen with the lines that are each player's own left out (mode, partner, Kira's table,
    the laid card and the hand)."""
    mine: dict[str, Param] = {
        "mode": KeyRef(key="night.mode.decoy"),
        "partner": "",
        "table": [],
        "laid": "",
        "hand": [],
    }
    return render_key(notice.key, {**notice.params, **mine}, locale, GAME)


@pytest.mark.parametrize("locale", locales())
def test_every_player_reads_the_same_night_screen(locale: str) -> None:
    """§11.2: every living player gets one night screen per night, of the same kind and in the same words
    but for their own lines; Kira's and the Follower's differ from nobody else's."""
    screens: dict[tuple[int, int], set[str]] = {}
    kinds: dict[tuple[int, int], set[str]] = {}
    night = 0
    for game, notice in heard().notices:
        if notice.key in ("judgment.start", "shinigami.start"):
            night += 1
        if notice.key in NIGHT_SCREENS:
            screens.setdefault((game, night), set()).add(_screen(notice, locale))
            kinds.setdefault((game, night), set()).add(notice.key)
    assert len(screens) > 100
    assert [k for k, texts in screens.items() if len(texts) != 1 or len(kinds[k]) != 1] == []


@pytest.mark.parametrize("locale", locales())
def test_a_failed_arrest_reads_the_same_whoever_was_arrested(locale: str) -> None:
    """§6.2, §11.6.4: with the target's name and the card count taken out, every failure is one text."""
    failed = [n for _, n in heard().notices if n.key == "arrest.failed"]
    assert failed
    same = {render_key(n.key, {**n.params, "player": "X", "left": 0}, locale, GAME) for n in failed}
    assert len(same) == 1


@pytest.mark.parametrize("locale", locales())
def test_the_lobby_status_renders(locale: str) -> None:
    """``/status`` before the start: the same template as during the game, so the lobby must pass every
    param it names (draw pile, discards, Arrest cards …)."""
    state = _new_lobby()
    for seat in range(1, 3):
        state = WALK.lobby_try(Heard(), state, Join(user_id=f"u{seat}", name=f"P{seat}"))
    outcome = RULES.decide(state, Query(user_id="u2", what="status", public=True), now=NOW)
    assert isinstance(outcome, Accepted)
    body = render(outcome.notices[0], locale, GAME)
    assert "P1" in body
    assert not WALK.bad(body, locale)
