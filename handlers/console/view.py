"""The viewer's projection for the console page: the View JSON, the contract between this module and
``handlers/console/static/console.js`` (docs/architecture.md "Player console", "What a viewer sees").

Pure rendering over a committed state: every text comes from the game's own read-only answers (the
``/me``, ``/status`` and ``/board`` queries through ``rules.decide``, the game's end recap) rendered with
``core.i18n``, and the buttons from ``handlers.menu`` over ``legal_actions``, so the page shows what the
chat would, in the game's language. Only what the viewer may see goes in: the answers addressed to them,
their own feed and their own legal actions; the status, boards and recap are public. Times are UTC
epoch seconds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import core.i18n as i18n
from core.engine.commands import Query, Say
from core.engine.notice import Action, Notice
from core.engine.result import Rejected
from core.engine.table import ENDED
from core.games import GameRules, find_rules
from handlers import menu
from handlers.console import feed as console_feed
from handlers.console.feed import AFTERLIFE

#: The sections from the game's read-only queries, in page order: section id → ``Query.what``.
QUERIES: tuple[tuple[str, Literal["me", "status", "board"]], ...] = (
    ("card", "me"),
    ("status", "status"),
    ("board", "board"),
)
#: A harmless text for the dry run that asks the rules whether the viewer's team channel is open now.
PROBE_TEXT = "…"


def _text(key: str, locale: str, game: str, **params: Any) -> str:
    try:
        return i18n.text(key, locale, game, **params)
    except KeyError:
        return f"[{key}]"


def _render(notices: list[Notice], locale: str, game: str) -> str:
    parts = []
    for notice in notices:
        try:
            parts.append(i18n.render(notice, locale, game))
        except KeyError:
            parts.append(f"[{notice.key}]")
    return "\n\n".join(part for part in parts if part)


def _is_for(notice: Notice, user_id: str, seat: int | None) -> bool:
    """Whether ``notice`` is addressed to the viewer alone (their 1:1 chat as a user or as a seat)."""
    to = notice.to
    if to.kind == "user":
        return to.user_id == user_id
    return to.kind == "seat" and seat is not None and to.seats == (seat,)


def _answer(rules: GameRules, state: Any, user_id: str, seat: int | None, what: Any, now: int) -> str:
    """The viewer's answer to ``/<what>`` (``me``, ``status``, ``board``), or "" when the game refuses."""
    result = rules.decide(state, Query(user_id=user_id, what=what), now=now)
    if isinstance(result, Rejected):
        return ""
    mine = [n for n in result.notices if _is_for(n, user_id, seat)]
    return _render(mine, state.locale, state.game)


def recap(state: Any, *, now: int) -> str:
    """What the group got at the end: the game's own ending made again (``GameRules.ending``: the final
    announcement, every seat's role, the recap after it); "" before the end, for a cancelled game or a
    game without one."""
    rules = find_rules(state.game)
    if state.phase != ENDED or rules is None or getattr(state, "result", None) is None:
        return ""
    public = [n for n in rules.ending(state, now) if n.to.kind == "public"]
    return _render(public, state.locale, state.game)


def result_table(rules: GameRules, state: Any) -> dict[str, Any] | None:
    """The end screen's result table: the finished game's :class:`~core.engine.recaptable.RecapTable` as
    :class:`handlers.recap.grid.Grid` texts (a dict: ``headings``, ``result``, ``seats``, ``voters``,
    ``votes``, ``nights``, ``legend``, ``truncated``), the state with its full log; None before the end
    or for a game without a result."""
    if state.phase != ENDED or getattr(state, "result", None) is None:
        return None
    table = rules.table(state)
    if table is None:
        return None
    from handlers.recap.grid import grid

    return dataclasses.asdict(grid(table, state.locale))


def asked_now(prompt: str | None, card: str) -> str | None:
    """``prompt`` (the newest private message with buttons) without what the card section ``card``
    already shows, so it starts at what is asked now: the card's text wherever it appears, then every
    leading paragraph (blank-line separated) the card contains. A commit's private messages to one
    player reach the chat as one message, so 徒桜戦争's night 0 prompt carries the whole role card.
    None when nothing else is left; ``prompt`` itself when ``card`` is empty."""
    if prompt is None or not card:
        return prompt
    paragraphs = [p for p in prompt.replace(card, "").split("\n\n") if p.strip()]
    while paragraphs and paragraphs[0].strip() in card:
        paragraphs.pop(0)
    return "\n\n".join(p.strip("\n") for p in paragraphs) or None


def _sections(rules: GameRules, state: Any, user_id: str, seat: int | None, now: int) -> list[dict[str, Any]]:
    locale, game = state.locale, state.game
    texts = [(sid, _answer(rules, state, user_id, seat, what, now)) for sid, what in QUERIES]
    texts.append(("recap", recap(state, now=now)))
    sections: list[dict[str, Any]] = []
    seen: list[str] = []
    for sid, text in texts:
        if not text or any(text in earlier for earlier in seen):  # a /board inside /status: shown once
            continue
        seen.append(text)
        sections.append({"id": sid, "title": _text(f"console.section.{sid}", locale, game), "text": text})
    return sections


def action_tree(
    rules: GameRules,
    state: Any,
    actions: list[Action],
    prefix: Action | None = None,
    chosen: Sequence[Action] = (),
) -> list[dict[str, Any]]:
    """The buttons of ``actions`` at menu level ``prefix`` (``None``: the first level) as the page's
    tree: ``[{"label", "action": {"kind", "args"}, "children": [...] | None, "chosen": bool}]``; a node
    with children is a step of a multi-step choice (``handlers.menu``), its ``action`` the prefix chosen
    so far. ``chosen``: the viewer's standing choices (``rules.chosen``); a node is marked chosen when it
    is one of them, or a step on the way to one. The menu's back button is left out (the page has its
    own)."""
    names: Mapping[int, str] = {s: m.name for s, m in rules.seats(state).items()}
    rows = menu.build(
        actions, prefix, game_id=state.game_id, phase_seq=state.phase_seq,
        locale=state.locale, game=state.game, names=names,
    )  # fmt: skip
    nodes = []
    for button in (b for row in rows for b in row):
        action = button.tap.action
        if action.kind == menu.BACK:
            continue
        children = action_tree(rules, state, actions, action, chosen) if button.tap.menu else None
        nodes.append(
            {"label": button.label, "action": {"kind": action.kind, "args": list(action.args)},
             "children": children, "chosen": _leads_to(action, chosen, step=button.tap.menu)}
        )  # fmt: skip
    return nodes


def _leads_to(action: Action, chosen: Sequence[Action], *, step: bool) -> bool:
    """Whether ``action`` is one of ``chosen`` or, for a menu ``step``, opens the way to one."""
    if not step:
        return action in chosen
    depth = len(action.args)
    return any(c.kind == action.kind and c.args[:depth] == action.args and len(c.args) > depth
               for c in chosen)  # fmt: skip


def answered(rules: GameRules, state: Any, seat: int | None, feed: list[dict[str, Any]]) -> bool:
    """Whether the viewer's part of the phase is done while others' may not be: the phase does not wait
    for their seat (``rules.waiting``) and their newest private message of the phase, an answer without
    buttons, came after a prompt of the phase (a ballot confirmed, 「完了」 pressed, a name tapped at
    night). The same for every seat that has answered, whatever its role: no tell."""
    if seat is None or state.is_over or seat in rules.waiting(state):
        return False
    here = [entry for entry in feed if entry.get("phase_seq") == state.phase_seq]
    return bool(here) and not here[-1].get("buttons") and any(entry.get("buttons") for entry in here)


#: Where a viewer's ``/t`` goes now (:func:`say_channel`): the group (人狼's 遺言 [WW-6.9]), the 霊界
#: (``core.engine.afterlife``) or the viewer's own team (the night or collusion channel of the game).
GROUP, TEAM = "group", "team"


def say_channel(result: Any) -> str:
    """Where the accepted dry run ``result`` of a viewer's ``Say`` sends their text, read from the
    audiences of its notices (the rules' own decision, so the box says what ``/t`` does): :data:`GROUP`
    when it reaches the group, :data:`~handlers.console.feed.AFTERLIFE` when it reaches the 霊界, else
    :data:`TEAM` (a team chat, 政治家人狼's collusion, DEATH NOTE 人狼's signal to a partner, which may
    reach nobody, §11.4)."""
    kinds = {n.to.kind for n in result.notices}
    if "public" in kinds:
        return GROUP
    if "afterlife" in kinds:
        return AFTERLIFE
    return TEAM


def _say(rules: GameRules, state: Any, user_id: str, now: int) -> dict[str, str] | None:
    """``{"channel", "title", "placeholder"}`` when the rules would relay a text of the viewer now (a dry
    run of ``Say``: 人狼's 遺言 to the group [WW-6.9], 徒桜戦争's night team channel [ADZ-11.6], 政治家人狼's
    collusion, DEATH NOTE 人狼's free-text signals, the 霊界 of a seat out of the table or a spectator,
    ``core.engine.afterlife``); ``channel`` is :func:`say_channel` of that dry run and names the texts
    (``console.say.<channel>`` and ``console.say.<channel>.title``); else None."""
    if state.is_over or not (rules.seat_of(state, user_id) is not None or is_spectator(state, user_id)):
        return None
    result = rules.decide(state, Say(user_id=user_id, text=PROBE_TEXT), now=now)
    if isinstance(result, Rejected):
        return None
    channel = say_channel(result)
    return {
        "channel": channel,
        "title": _text(f"console.say.{channel}.title", state.locale, state.game),
        "placeholder": _text(f"console.say.{channel}", state.locale, state.game),
    }


def is_spectator(state: Any, user_id: str) -> bool:
    """Whether ``user_id`` watches the game of ``state`` without a seat (``/watch``)."""
    return any(m.user_id == user_id for m in getattr(state, "spectators", ()))


def in_afterlife(rules: GameRules, state: Any, user_id: str) -> bool:
    """Whether the viewer belongs to the 霊界 of a running game: a spectator, or a seat out of the table
    (the game's ``Steps.afterlife``) while the game's 霊界 is open. The page shows them its 霊界 tab."""
    listeners = rules.afterlife(state)
    if listeners is None:
        return False
    seat = rules.seat_of(state, user_id)
    return is_spectator(state, user_id) if seat is None else seat in listeners


#: A game's word for a player no longer in it, when not ``dead`` (DEATH NOTE 人狼 §9: eliminated).
OUT_STATE = {"deathnote": "eliminated"}


def seat_state(game: str, player: Any) -> str:
    """The viewer's standing in their game's own words: 政治家人狼's ``status`` (``active`` → ``alive``,
    ``elected``, ``out``, §5.1); else ``alive`` or the game's word for a player no longer in it
    (:data:`OUT_STATE`; 徒桜戦争: ``dead``) for ``player``, a seat of a ``game`` game."""
    status = getattr(player, "status", None)
    if isinstance(status, str):
        return "alive" if status == "active" else status
    if getattr(player, "alive", True):
        return "alive"
    return OUT_STATE.get(game, "dead")


def _me(rules: GameRules, state: Any, user_id: str, seat: int | None) -> dict[str, Any]:
    """``{"seat", "name", "alive", "state"}``: ``state`` is :func:`seat_state` (``alive`` outside a
    seat, ``spectator`` for a spectator), labelled by ``console.ui.state.<state>``; ``alive`` is kept for
    older pages."""
    member = state.member(user_id) or next((m for m in state.spectators if m.user_id == user_id), None)
    player = next((p for p in getattr(state, "players", []) if seat and p.seat == seat), None)
    standing = seat_state(state.game, player) if player is not None else "alive"
    if seat is None and is_spectator(state, user_id):
        standing = "spectator"
    alive = bool(getattr(player, "alive", True))
    return {"seat": seat, "name": member.name if member else "", "alive": alive, "state": standing}


def _phase_label(state: Any) -> str:
    key = f"console.phase.{state.phase}"
    if not i18n.has_key(key, state.locale, state.game):
        key = "console.phase.other"
    return _text(key, state.locale, state.game)


def _shown(entry: dict[str, Any]) -> dict[str, Any]:
    return {"n": entry["n"], "text": entry["text"], "phase_seq": entry["phase_seq"]}


def project(
    rules: GameRules, state: Any, user_id: str, feed: list[dict[str, Any]], *, now: int
) -> dict[str, Any]:
    """The View JSON of ``user_id`` (a member of the game of ``state``) at ``now``: game, phase and
    clock, ``me``, ``sections``, ``actions`` (a tree, see :func:`action_tree`, the viewer's standing
    choices marked), ``prompt`` (see :func:`asked_now`; None when no action is left), ``waiting`` (see
    :func:`answered`: the page says it waits for the others, with the deadline), ``feed`` (``feed``: the
    viewer's entries, :mod:`handlers.console.feed`, but the 霊界's), ``afterlife`` (the 霊界's entries, for
    its tab; None for a viewer who never belonged to it), ``read_only`` (a spectator: no buttons, ever),
    ``say``, ``ui`` (every ``console.ui.*`` text of the game's locale, keyed without the prefix) and
    ``table`` (:func:`result_table`, after the end). A spectator (``/watch``) gets the public sections, the
    霊界 and no actions."""
    locale, game = state.locale, state.game
    seat = rules.seat_of(state, user_id)
    playing = seat is not None and not state.is_over
    legal = rules.legal_actions(state, seat) if playing and seat is not None else []
    chosen = rules.chosen(state, seat) if playing and seat is not None else []
    sections = _sections(rules, state, user_id, seat, now)
    card = next((s["text"] for s in sections if s["id"] == "card"), "")
    actions = action_tree(rules, state, legal, chosen=chosen)
    return {
        "game_id": state.game_id,
        "game": game,
        "title": _text("game.name", locale, game),
        "locale": locale,
        "phase": state.phase,
        "phase_label": _phase_label(state),
        "phase_seq": state.phase_seq,
        "now": now,
        "deadline_at": state.deadline_at,
        "seconds_left": state.seconds_left(now),
        "paused": state.paused_left is not None,
        "over": state.is_over,
        "me": _me(rules, state, user_id, seat),
        "sections": sections,
        "actions": actions,
        "prompt": asked_now(console_feed.prompt(feed, state.phase_seq), card) if actions else None,
        "feed": [_shown(e) for e in feed if e.get("channel") != AFTERLIFE],
        "afterlife": (
            [_shown(e) for e in feed if e.get("channel") == AFTERLIFE]
            if in_afterlife(rules, state, user_id) or any(e.get("channel") == AFTERLIFE for e in feed)
            else None
        ),
        "read_only": seat is None and is_spectator(state, user_id),
        "say": _say(rules, state, user_id, now),
        "waiting": answered(rules, state, seat, feed),
        "ui": i18n.texts("console.ui.", locale, game),
        "table": result_table(rules, state),
    }
