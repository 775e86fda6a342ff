"""The catalog keys a game's core code can emit, read from the source (AST; nothing of the rules is run).

:func:`scan` reads ``core`` (``core/i18n`` and the other games' packages aside). An emitter is any
function with a ``key`` parameter (``tell``, ``announce``, ``tell_team``, ``learn``, ``_reply``,
``_lobby_notice`` …) or ``Notice``/``KeyRef`` (``key=``; ``Notice.unchecked``: key and params by
position). A key may be a literal, either side of ``a if c else b``, an f-string, or a local variable
assigned one of those in the same function. Refusals
(``Rejected(reason=…)``, the strings a ``…refusal`` function returns, the ``(reason, params)`` tuples
``check_cast`` returns) become ``reason.<id>``; button kinds (``Action(kind=…)``, ``Action.of(kind, …)``,
``KIND`` constants) are listed in ``kinds``. f-string keys expand to the value sets of the game's
expansions; one missing there is listed in ``unexpanded``. Each :class:`Site` carries the params the code
visibly passes and which of them are bools. The module-level names (``GAME``, ``SITES`` …) are 徒桜戦争's,
for ``test_adazakura_keys.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache

from core.engine.options import PRESETS
from core.engine.table import CANCELLED, ENDED, LOBBY
from tests.i18n.source import (
    ALL_TREES,
    KEYED_CLASSES,
    REASON_SUFFIXES,
    Emitter,
    Env,
    bool_fields,
    calls_in,
    emitter_of,
    game_of,
    key_arg,
    module_strings,
    name_of,
    scopes,
    text_of,
    texts_of,
)


@dataclass(frozen=True)
class Site:
    """One key emitted at ``where``; ``params`` None when they cannot be read from the source."""

    key: str
    where: str
    params: frozenset[str] | None
    bools: frozenset[str] = frozenset()


#: f-string keys (``{}`` for each interpolated part) → every value tuple the code can produce.
Expansions = dict[str, list[tuple[str, ...]]]


@dataclass
class Scan:
    """What the code of ``game`` (plus the shared engine) can emit; see the module docstring."""

    game: str
    expand: Callable[[Scan], Expansions]
    trees: dict[str, ast.Module] = field(init=False)
    expansions: Expansions = field(init=False)
    unexpanded: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.trees = {p: t for p, t in ALL_TREES.items() if game_of(p) in (None, self.game)}
        functions = [fn for t in self.trees.values() for fn in ast.walk(t) if isinstance(fn, ast.FunctionDef)]
        self.emitters = {fn.name: e for fn in functions if (e := emitter_of(fn)) is not None}
        self.returned = {
            fn.name: [
                r.value for r in ast.walk(fn) if isinstance(r, ast.Return) and isinstance(r.value, ast.Dict)
            ]
            for fn in functions
        }
        self.bool_fields = bool_fields(self.trees)
        self.expansions = self.expand(self)
        self.sites = [s for path, tree in self.trees.items() for s in self._sites_in(path, tree)]
        self.sites += list(self._default_sites())
        self.keys = sorted({site.key for site in self.sites})
        self.kinds = self._action_kinds()

    # -- facts the expansions read ---------------------------------------------------------------
    def phases(self) -> tuple[str, ...]:
        """Phase ids: the engine's own, plus every literal the game passes to ``enter``."""
        entered = {s for c in self._all_calls("enter") if c.args for s in self.strings(c.args[0], "", {})}
        return tuple(sorted(entered | {LOBBY, ENDED, CANCELLED}))

    def literal_args(self, function: str, index: int) -> tuple[str, ...]:
        """Every str literal passed as argument ``index`` to calls of ``function``."""
        return tuple(
            sorted(texts_of([c.args[index] for c in self._all_calls(function) if len(c.args) > index]))
        )

    def _all_calls(self, function: str) -> list[ast.Call]:
        return [c for tree in self.trees.values() for c in calls_in(tree) if name_of(c.func) == function]

    # -- keys and params ---------------------------------------------------------------------------
    def strings(self, node: ast.expr | None, where: str, env: Env) -> list[str]:
        """The key(s) an expression can be (see the module docstring)."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.IfExp):
            return self.strings(node.body, where, env) + self.strings(node.orelse, where, env)
        if isinstance(node, ast.Name) and node.id in env:
            inner = {k: v for k, v in env.items() if k != node.id}
            return [s for value in env[node.id] for s in self.strings(value, where, inner)]
        if isinstance(node, ast.JoinedStr):
            shape = "".join(text_of(v) or "{}" for v in node.values)
            if shape not in self.expansions:
                self.unexpanded.append(f"{where}: {shape}")
            return [shape.format(*values) for values in self.expansions.get(shape, [])]
        return []

    def _is_bool(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, bool)
        if isinstance(node, ast.IfExp):
            return self._is_bool(node.body) or self._is_bool(node.orelse)
        if isinstance(node, ast.Attribute):
            return node.attr in self.bool_fields
        if isinstance(node, ast.BoolOp):
            return any(self._is_bool(value) for value in node.values)
        if isinstance(node, ast.Call):
            return name_of(node.func) == "bool"
        return isinstance(node, ast.Compare) or (
            isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        )

    def _dict_params(self, node: ast.expr | None) -> tuple[frozenset[str] | None, frozenset[str]]:
        """Keys and bool-valued keys of a ``params={…}`` literal (or of the dicts a called function
        returns); ``(None, …)`` if they cannot be read."""
        if node is None:
            return frozenset(), frozenset()
        if isinstance(node, ast.Call) and self.returned.get(name_of(node.func) or ""):
            found = [self._dict_params(d) for d in self.returned[name_of(node.func) or ""]]
            if any(names is None for names, _ in found):
                return None, frozenset()
            return frozenset.intersection(*(n for n, _ in found if n is not None)), frozenset().union(
                *(b for _, b in found)
            )
        if not isinstance(node, ast.Dict) or any(k is None for k in node.keys):
            return None, frozenset()
        pairs = [(t, v) for k, v in zip(node.keys, node.values, strict=True) if (t := text_of(k)) is not None]
        return frozenset(k for k, _ in pairs), frozenset(k for k, v in pairs if self._is_bool(v))

    def _call_params(self, call: ast.Call, emitter: Emitter) -> tuple[frozenset[str] | None, frozenset[str]]:
        if emitter.inner is not None:
            inner = self.emitters.get(name_of(emitter.inner.func) or "")
            return self._call_params(emitter.inner, inner) if inner else (None, frozenset())
        names: set[str] = set(emitter.implicit)
        bools: set[str] = set()
        for k in call.keywords:
            if k.arg is None:
                spread, spread_bools = self._dict_params(k.value)
                if spread is None or not isinstance(k.value, ast.Call):
                    return None, frozenset()
                names |= spread
                bools |= spread_bools
            elif k.arg not in emitter.named:
                names.add(k.arg)
                bools |= {k.arg} if self._is_bool(k.value) else set()
        return frozenset(names), frozenset(bools)

    def _sites_in(self, path: str, tree: ast.Module) -> Iterator[Site]:
        for env, calls in scopes(tree):
            for call in calls:
                yield from self._call_sites(call, f"{path}:{call.lineno}", env)
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and fn.name.endswith(REASON_SUFFIXES):
                yield from self._reason_returns(path, fn)

    def _call_sites(self, call: ast.Call, where: str, env: Env) -> Iterator[Site]:
        name = name_of(call.func)
        if (
            name == "unchecked"
            and isinstance(call.func, ast.Attribute)
            and name_of(call.func.value) == "Notice"
        ):
            params, bools = self._dict_params(key_arg(call, 2, "params"))  # Notice.unchecked(key, to, params)
            keys = self.strings(key_arg(call, 0, "key"), where, env)
        elif name in KEYED_CLASSES:
            params, bools = self._dict_params(key_arg(call, None, "params"))
            keys = self.strings(key_arg(call, None, KEYED_CLASSES[name]), where, env)
        elif name == "Rejected":
            params, bools = self._dict_params(key_arg(call, 1, "params"))
            keys = [f"reason.{r}" for r in self.strings(key_arg(call, 0, "reason"), where, env)]
        elif name in self.emitters:
            params, bools = self._call_params(call, self.emitters[name])
            keys = self.strings(key_arg(call, self.emitters[name].index, "key"), where, env)
        else:
            return
        yield from (Site(key, where, params, bools) for key in keys)

    def _reason_returns(self, path: str, fn: ast.FunctionDef) -> Iterator[Site]:
        """``return "id"`` and ``return "id", {params}`` of a refusal function."""
        for r in (n for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None):
            where = f"{path}:{r.lineno}"
            if isinstance(r.value, ast.Tuple) and len(r.value.elts) == 2:
                params, bools = self._dict_params(r.value.elts[1])
                yield from (
                    Site(f"reason.{s}", where, params, bools)
                    for s in self.strings(r.value.elts[0], where, {})
                )
            else:
                yield from (Site(f"reason.{s}", where, frozenset()) for s in self.strings(r.value, where, {}))

    def _default_sites(self) -> Iterator[Site]:
        """A literal default of a ``key`` parameter (``deck_look(…, key="result.deck.look")``)."""
        for name, emitter in self.emitters.items():
            if emitter.default is not None:
                call = ast.Call(func=ast.Name(id=name), args=[], keywords=[])
                params, bools = self._call_params(call, emitter)
                yield Site(emitter.default, f"default of {name}()", params, bools)

    def _action_kinds(self) -> list[str]:
        """Every ``Action(kind=…)`` and ``Action.of(kind, …)`` literal (module constant or local) and every
        role module's ``KIND``."""
        kinds: set[str] = set()
        for path, tree in self.trees.items():
            constants = module_strings(tree)
            kinds |= {value for name, value in constants.items() if name == "KIND"}
            for env, calls in scopes(tree):
                for call in calls:
                    kind = key_arg(call, 0, "kind") if _builds_action(call) else None
                    if isinstance(kind, ast.Name) and kind.id in constants:
                        kinds.add(constants[kind.id])
                    kinds |= set(self.strings(kind, path, env))
        return sorted(kinds)


def _builds_action(call: ast.Call) -> bool:
    """``Action(kind=…)`` or ``Action.of(kind, …)`` (the shared instance)."""
    func = call.func
    shared = isinstance(func, ast.Attribute) and func.attr == "of" and name_of(func.value) == "Action"
    return shared or name_of(func) == "Action"


#: ``core.engine.recaptable.died``: a seat's fate in the result table, by the phase it died in.
_TABLE: Expansions = {"table.fate.{}": [("night",), ("day",), ("round",)]}


def _adazakura(scan: Scan) -> Expansions:
    from itertools import product

    from core.games.adazakura.megami import FACTION_VERSIONED, TAROTS

    return {
        "end.result.{}": [("sakura",), ("adazakura",), ("draw",), ("renri",)],  # ending.finish [ADZ-10.1]
        "phase.{}": [(phase,) for phase in scan.phases()],  # view.status_params
        "role.{}.text": [(m,) for m in TAROTS if m not in FACTION_VERSIONED],  # view.ability_text [ADZ-0]
        "role.{}.text.{}": list(product(sorted(FACTION_VERSIONED), ("sakura", "adazakura"))),
        "option.{}.{}": [],  # recap._arg: used only when has_key finds it
        **_TABLE,
        **_presets("adazakura"),
    }


def _politician(scan: Scan) -> Expansions:
    from typing import get_args

    from core.games.politician.model import Method, Status
    from core.games.politician.roles import ROLES, Camp, SeatValue

    return {
        "method.{}": [(m,) for m in get_args(Method)],  # day.elect (§6.7)
        "seat.{}": [(v,) for v in get_args(SeatValue)],  # §7.1
        "camp.{}": [(c,) for c in get_args(Camp)],  # view.role_card, recap.final
        "status.{}": [(s,) for s in get_args(Status)],  # recap.final
        "end.{}": [(r,) for r in scan.literal_args("end_game", 2)],  # victory.end_game (§7.3)
        "role.{}.text": [(r,) for r in ROLES],  # view.role_card (§10.1)
        "phase.{}": [(phase,) for phase in scan.phases()],  # view.status_params
        "status.line.{}": [("excluded",), ("elected",), ("out",), ("idle",)],  # view.status_params (§8)
        **_TABLE,
        **_presets("politician"),
    }


def _deathnote(scan: Scan) -> Expansions:
    from typing import get_args

    from core.games.deathnote.cards import IDENTITY_ROLE, ROLE_TEAM, TYPES
    from core.games.deathnote.legal import SIGNALS
    from core.games.deathnote.model import Result, Step

    return {
        "identity.{}": [(i,) for i in IDENTITY_ROLE],  # ctx.identity, settings.composition (§1.1)
        "team.{}": [(t,) for t in sorted(set(ROLE_TEAM.values()))],  # ctx.team
        # ctx.ability (§1.1): each role's text, plus Kira's lines that depend on the table
        "role.{}.text": [(r,) for r in ROLE_TEAM],
        "card.{}": [(t,) for t in TYPES],  # ctx.card, settings.composition (§1.2)
        "direction.{}": [("left",), ("right",)],  # ctx.direction (§0.2)
        "step.{}": [(s,) for s in get_args(Step)],  # effects.open_step (§11.2)
        "prompt.{}": [(s,) for s in get_args(Step)],  # effects._prompt
        "play.{}": [(t,) for t in TYPES if t != "DEATH_NOTE"],  # turn.play (§4.4, AMB-29)
        "night.mode.{}": [("write",), ("no_note",), ("decoy",), ("swap",)],  # night.open_* (§11.2)
        "{}.said": [("signal.point",), *((k,) for k in SIGNALS)],  # night.signal (§11.4)
        # view.status_params; a secret step's phase is entered by its step id (effects.open_step)
        "phase.{}": [(phase,) for phase in sorted({*scan.phases(), *get_args(Step)})],
        "status.line.{}": [(g,) for g in ("revealed_l", "exposed_l", "fake_name", "eliminated", "idle")],
        "result.{}": [(r,) for r in get_args(Result)],  # victory.end_game (§9.5)
        "end.{}": [(r,) for r in scan.literal_args("end_game", 2)],  # victory.end_game (§9)
        **_TABLE,
        **_presets("deathnote"),
    }


def _presets(game: str) -> Expansions:
    """``core.engine.options``: the ``about`` text of each option of the game's ``printed`` preset, and the
    preset names."""
    from importlib import import_module

    table = import_module(f"core.games.{game}.settings").OPTIONS
    return {
        "option.about.{}": [(name,) for name in table.printed],
        "preset.{}": [(p,) for p in (*PRESETS, "custom")],
    }


EXPAND: dict[str, Callable[[Scan], Expansions]] = {
    "adazakura": _adazakura,
    "politician": _politician,
    "deathnote": _deathnote,
}


@cache
def scan(game: str) -> Scan:
    """The scan of ``game`` (a key of :data:`EXPAND`)."""
    return Scan(game, EXPAND[game])


GAME = "adazakura"
_ADAZAKURA = scan(GAME)
SITES = _ADAZAKURA.sites
KEYS = _ADAZAKURA.keys
KINDS = _ADAZAKURA.kinds
UNEXPANDED = _ADAZAKURA.unexpanded
