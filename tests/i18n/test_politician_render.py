"""What players read in real 政治家人狼 games: every notice, refusal and button renders in every language.

A few hundred seeded bots-only games (``core.engine.bots``, 5 to 15 players, the §11 options varied by
seed; in every other game the lover lets the role check time out, so the favourite is drawn) are played to
their end. Along the way, at some steps, the players also ask ``/me``, ``/status``,
``/board`` and ``/help``, press an old or foreign button, and type to their teammates, so answers and
refusals are rendered too. A scripted lobby tries every host option and every way a custom cast can be
refused (§4.3). ``test_politician_keys.py`` checks the same keys statically, from the source.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from core.engine.bots import BOT_SALT
from core.engine.commands import Configure, Join, Query, StartGame, Timeout
from core.engine.notice import Action, KeyRef, PlayerRef
from core.engine.result import Accepted
from core.engine.table import Member
from core.games import rules_for
from core.i18n import has_key, locales, render, render_key, text
from tests.i18n.rendered import NOW, Heard, Walk

GAME = "politician"
RULES = rules_for(GAME)
SIZES = range(RULES.min_players, RULES.max_players + 1)
SEEDS = range(20)
#: §11 options by ``seed % 5``: the defaults, then the settings that change what players read.
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"afkBallot": "random", "maxRunoffs": 0},
    {"endWhenDecided": True, "policySpeechSeconds": 0},
    {"publicVoteLastDay": 0, "guardSelfProtect": True},
    {"maxRunoffs": 1, "allowCollusion": True},
)
#: One step in this many (and the last) also asks questions and presses a stray button.
ASK_EVERY = 12
NAMES = {seat: f"Bot {seat}" for seat in range(1, RULES.max_players + 1)}
#: Raw values that must never reach a player: ids, None/bools, unfilled fields, epoch seconds, keys.
RAW = re.compile(
    r"human_member|wolf_member|runoff[12]|_threshold|all_filled|no_candidate|policy_speech|role_check"
    r"|\bNone\b|\bTrue\b|\bFalse\b|[{}]|\d{10}"
    r"|\b(?:vote|seat|method|camp|status|end|phase|role|mode|recap|know|result|reason|reveal|option|night)\.[a-z]"
)
NIGHT_KINDS = {"kill", "night.protect", "night.investigate", "night.trust"}
WALK = Walk(rules=RULES, raw=RAW, stray=Action(kind="done"), ask_every=ASK_EVERY)


def _play(heard: Heard, game: int, size: int, seed: int) -> None:
    start, now = WALK.dealt(size, seed, OPTIONS), NOW
    if seed % 2 and start.state.phase == "role_check":
        start, now = _lover_away(start)
    WALK.drive(heard, game, start, now, bots=seed ^ BOT_SALT, asks=seed * 100 + size)


def _lover_away(start: Accepted[Any]) -> tuple[Accepted[Any], int]:
    """The start and a role check that times out before the lover picks a favourite (AMB-32: drawn),
    with the time (UTC epoch s) it timed out."""
    state = start.state
    late = RULES.decide(state, Timeout(phase_seq=state.phase_seq), now=state.deadline_at)
    assert isinstance(late, Accepted), late
    return Accepted(state=late.state, notices=[*start.notices, *late.notices]), state.deadline_at


@cache
def heard() -> Heard:
    out = Heard()
    for game, (size, seed) in enumerate((size, seed) for size in SIZES for seed in SEEDS):
        _play(out, game, size, seed)
    return out


#: ``/option`` words of the scripted lobby, one refusal (or setting) each (§4.3, §11).
LOBBY_OPTIONS: tuple[tuple[str, ...], ...] = (
    ("cast",),
    ("nightseconds", "5"),
    ("endWhenDecided", "maybe"),
    ("afkBallot", "sometimes"),
    ("bogus",),
    ("cast", "spy=x"),
    ("cast", "human_member=5", "spy=1"),
    ("cast", "wolf_member=1", "lover=2", "human_member=5"),
    ("cast", "wolf_member=1", "human_member=5", "seats=4", "human=5"),
    ("cast", "wolf_member=1", "human_member=2", "reporter=1", "guard=1", "seats=4", "human=3", "wolf=2"),
    ("cast", "wolf_member=1", "human_member=3", "seats=3", "human=2", "wolf=2"),
    ("cast", "wolf_member=1", "human_member=20", "seats=4", "human=3", "wolf=2"),
    ("cast", "wolf_member=1", "human_member=5", "reporter=1", "seats=3", "human=2", "wolf=1"),
)


@cache
def lobby() -> Heard:
    """The host tries every option, a start with the wrong number of players, then the real start."""
    out = Heard()
    host = Member(user_id="u1", name="Host")
    state = RULES.new_game(game_id="g", chat_id="c", host=host, settings={}, seed=1, now=NOW)
    for seat in range(1, 6):
        state = WALK.lobby_try(out, state, Join(user_id=f"u{seat}", name=f"P{seat}"))
    for words in LOBBY_OPTIONS:
        state = WALK.lobby_try(out, state, Configure(user_id="u1", option=words[0], values=words[1:]))
    state = WALK.lobby_try(out, state, StartGame(user_id="u1"))
    for words in (("cast", "default"), ("endWhenDecided", "on"), ("nightSeconds", "120")):
        state = WALK.lobby_try(out, state, Configure(user_id="u1", option=words[0], values=words[1:]))
    state = WALK.lobby_try(out, state, Configure(user_id="u2", option="cast", values=()))
    state = WALK.lobby_try(out, state, Query(user_id="u2", what="status", public=True))
    state = WALK.lobby_try(out, state, Query(user_id="u2", what="board", public=True))
    state = WALK.lobby_try(out, state, StartGame(user_id="u1"))
    WALK.lobby_try(out, state, Configure(user_id="u1", option="cast", values=()))
    return out


def test_the_games_reach_the_moments_worth_reading() -> None:
    keys = {n.key for _, n in heard().notices}
    assert {
        "game.composition", "role.card", "know.clue", "know.favourite.auto", "know.favourite.drawn",
        "know.spies", "candidacy.turn", "morning.nc", "morning.nc_none", "morning.lover_found",
        "runoff.open", "vote.lottery", "vote.ballot", "vote.closed", "elected", "seats.board",
        "return.yes", "return.no", "night.locked", "result.lover", "result.not_wolf", "game.over",
        "recap.day", "status", "help", "team.say",
    } <= keys  # fmt: skip
    reasons = {r.reason for r in heard().refusals}
    assert {"phase.stale", "phase.wrong", "team.closed", "not_alive", "vote.already"} <= reasons
    assert len({game for game, _ in heard().notices}) >= 200


def test_the_lobby_reaches_every_refusal_of_a_custom_cast() -> None:
    reasons = {r.reason for r in lobby().refusals}
    assert {
        "option.invalid", "option.unknown", "cast.syntax", "cast.no_wolf", "cast.single", "cast.thresholds",
        "cast.human_earners", "cast.last_day", "cast.size", "cast.mismatch", "not_host", "option.lobby_only",
    } <= reasons  # fmt: skip


@pytest.mark.parametrize("locale", locales())
def test_every_notice_renders_without_raw_values(locale: str) -> None:
    assert WALK.unreadable_notices([heard(), lobby()], locale) == {}


@pytest.mark.parametrize("locale", locales())
def test_every_refusal_renders(locale: str) -> None:
    assert WALK.unreadable_refusals([heard(), lobby()], locale) == {}


@pytest.mark.parametrize("locale", locales())
def test_every_button_has_a_label_in_words(locale: str) -> None:
    buttons = heard().buttons
    assert {a.kind for a in buttons} >= {"favourite", "done", "ready", "vote", "kill", *NIGHT_KINDS}
    assert WALK.unreadable_labels(buttons, locale, NAMES) == []
    words = [a for a in buttons for arg in a.args if isinstance(arg, str)]
    assert [a for a in words if not has_key(f"action.{a.kind}.{a.args[0]}", locale, GAME)] == []


@pytest.mark.parametrize("locale", locales())
def test_every_role_reads_the_same_night_prompt(locale: str) -> None:
    """§10.5: a wolf, the guard, the reporter and everyone else get the same words; only buttons differ."""
    prompts: dict[tuple[int, Any], set[str]] = {}
    for game, notice in heard().notices:
        if notice.key != "role.card" and {a.kind for a in notice.actions} & NIGHT_KINDS:
            assert notice.key == "night.prompt"
            prompts.setdefault((game, notice.params["night"]), set()).add(render(notice, locale, GAME))
    assert prompts
    assert [texts for texts in prompts.values() if len(texts) != 1] == []


def _ref(seat: int) -> PlayerRef:
    return PlayerRef(seat=seat, name=f"P{seat}")


@pytest.mark.parametrize("locale", locales())
def test_a_closed_vote_lists_missing_voters_only_when_there_are_some(locale: str) -> None:
    line = KeyRef(key="vote.line", params={"voter": _ref(1), "target": _ref(2)})
    count = KeyRef(key="vote.count", params={"player": _ref(2), "votes": 1})
    missing = KeyRef(key="vote.missing", params={"players": [_ref(3)]})
    secret = render_key(
        "vote.closed", {"ballots": [line], "counts": [count], "missing": missing, "round": 0}, locale, GAME
    ).strip()
    public = render_key(
        "vote.closed", {"ballots": [], "counts": [count], "missing": "", "round": 0}, locale, GAME
    ).strip()
    assert "P3" in secret.splitlines()[-1]
    assert public.splitlines()[-1] == render_key("vote.count", count.params, locale, GAME)


@pytest.mark.parametrize(
    ("locale", "expected"), [("ja", "見送り (誰にもしない)"), ("en", "Your proposal: nobody.")]
)
def test_a_wolf_proposing_nobody_reads_words(locale: str, expected: str) -> None:
    body = text("night.proposal_saved", locale, GAME, target=KeyRef(key="option.kill.none"))
    assert expected in body


@pytest.mark.parametrize("locale", locales())
def test_a_drawn_ballot_and_the_idle_line_read_as_words(locale: str) -> None:
    """Lines the bots never make happen (they always vote): a ballot drawn at the close (§10.8) and the
    ``/status`` line of players who missed two votes in a row."""
    drawn = KeyRef(key="vote.line.drawn", params={"voter": _ref(4), "target": _ref(2)})
    count = KeyRef(key="vote.count", params={"player": _ref(2), "votes": 1})
    closed = render_key("vote.closed", {"ballots": [drawn], "counts": [count], "missing": "", "round": 0},
                        locale, GAME)  # fmt: skip
    assert render_key("vote.line.drawn", drawn.params, locale, GAME) in closed
    assert render_key("vote.line", drawn.params, locale, GAME) != render_key(
        "vote.line.drawn", drawn.params, locale, GAME
    )
    idle = KeyRef(key="status.line.idle", params={"players": [_ref(4), _ref(7)]})
    status = render_key(
        "status", {"phase": KeyRef(key="phase.night", params={"n": 2, "left": 30}), "day": 2,
                   "active": [_ref(4), _ref(7)], "lines": [idle], "board": ""}, locale, GAME,
    )  # fmt: skip
    for body in (closed, status):
        assert not WALK.bad(body, locale), body
    assert "P4" in status
    assert "P7" in status
