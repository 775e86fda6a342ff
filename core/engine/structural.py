"""Structural copies of game states (what ``decide`` builds the next state on) and the test of whether a
copy has changed since.

A copy shares every immutable part of the original and rebuilds every mutable one, so changing the copy
never changes the original. Shared: ``str``, ``int``, ``bool``, ``float``, ``None`` and instances of
frozen pydantic models (``Action``, ``KeyRef``, ``PlayerRef``, ``Audience`` …: never changed once built;
the rules never mutate a frozen model's dict params). Rebuilt: lists, dicts, tuples (element by element)
and other pydantic models (a fresh instance, without validation: the original was valid, and the copy
holds values of the same types). What to rebuild is read from each model's declared field types, once
per class (a list of ints is one C-level ``list`` copy; a field of immutable type is taken as it is, not
looked at): mypy's pydantic plugin holds ``core`` to the declared types. ``Any`` fields are copied by
the type of the value they hold.

Why hand-written: pydantic offers a ``model_validate(model_dump())`` round trip (what ``fork`` did) and
``model_copy(deep=True)``, which copy the frozen parts too, and a deep ``==``. Per command, on the states
of a whole bots game (``time.process_time``, this 2-core machine under load, best of two runs):
6-player DEATH NOTE 人狼 862 µs round trip, 1,196 µs deep copy, 15 µs here; 16-player 徒桜戦争 712 /
1,178 / 35 µs; 10-player 政治家人狼 133 / 395 / 27 µs. :func:`differs`: 10 µs against 24 µs for
pydantic's ``!=`` on the same 4,062 ``decide`` calls, always the same answer
(``docs/architecture.md``, "How the core copies state").
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from core.engine.history import Unread
from core.engine.unchecked import instance

M = TypeVar("M", bound=BaseModel)
Copier = Callable[[Any], Any]
Differ = Callable[[Any, Any], bool]

_ATOMS: tuple[Any, ...] = (str, int, bool, float, type(None), None)
#: ``Annotated[T, FROZEN]`` declares values of a mutable type ``T`` that the rules never change once made
#: (e.g. a ledger line, ``core.engine.ledger.Line``): copied and compared as immutable values.
FROZEN = "structural.frozen"
#: ``Annotated[list[M], OPEN_LAST]`` declares a list of models of which the rules change only the last item
#: (a game's ballot rounds: a round is closed once the next one opens): a copy shares the earlier items and
#: copies the last, and they are compared by identity first.
OPEN_LAST = "structural.open_last"


@dataclass(frozen=True)
class _Layout:
    """How to copy and compare one model class: ``shared`` fields of immutable declared type, the
    ``plan`` ``(field, copier, differ)`` of the others, and ``every_field`` (the fields-set of a copy)."""

    shared: tuple[str, ...]
    plan: tuple[tuple[str, Copier, Differ], ...]
    every_field: set[str]
    #: The values of the ``shared`` fields of a model's ``__dict__``, as one value (C-level).
    pick_shared: Callable[[dict[str, Any]], Any]
    #: ``plan``, last-declared field first.
    plan_backwards: tuple[tuple[str, Copier, Differ], ...]


#: How to copy a value of each type seen so far (filled on first sight of a type).
_COPIERS: dict[type, Copier] = {}
#: The types seen so far whose values are shared, not copied (a container's items are checked against it
#: before any call).
_KEPT: set[type] = {str, int, bool, float, type(None)}
#: Per model class, filled on first sight of the class.
_LAYOUTS: dict[type, _Layout] = {}


def copied(model: M, *, append_only: Collection[str] = ()) -> M:
    """A copy of ``model`` sharing only immutable parts (see the module doc), except its list fields named
    in ``append_only``, whose items are never changed once added: the copy gets a new list holding the
    same items. Raises TypeError for a value of a type no state holds (see :func:`_copier_for`)."""
    layout = _layout(type(model))
    fields = model.__dict__.copy()
    for name, copier, _ in layout.plan:
        item = fields[name]
        if item is not None and not isinstance(item, Unread):  # an unread log holds nothing to copy
            fields[name] = list(item) if name in append_only else copier(item)
    return instance(type(model), fields, layout.every_field)


def differs(new: M, old: M, *, append_only: Collection[str] = ()) -> bool:
    """Whether ``new`` holds other values than ``old``: ``new != old`` as pydantic compares models (class
    and field values; no state has extra or private attributes), without looking into what ``new`` still
    shares with ``old`` (``new``: a :func:`copied` ``old``, since changed or not, with the same
    ``append_only`` fields, whose lists are compared item by item as objects)."""
    return _model_differs(new, old, append_only)


def _model_differs(a: Any, b: Any, append_only: Collection[str] = ()) -> bool:
    """Field by field, the mutable ones last-declared first (a game's own fields before the envelope's):
    a change is most often in the current phase's part, found before the rest is compared."""
    if a is b:
        return False
    if a is None or b is None or type(a) is not type(b):
        return bool(a != b)
    layout = _layout(type(a))
    da, db = a.__dict__, b.__dict__
    if layout.pick_shared(da) != layout.pick_shared(db):
        return True
    for name, _, differ in layout.plan_backwards:
        x, y = da[name], db[name]
        if x is not y and (x != y if name in append_only else differ(x, y)):
            return True
    return False


def _copy(value: Any) -> Any:
    copier = _COPIERS.get(type(value))
    if copier is None:
        copier = _COPIERS[type(value)] = _copier_for(type(value))
    return copier(value)


def _same(value: Any) -> Any:
    return value


def _nothing(value: Any) -> None:
    return None


def _copy_list(value: list[Any]) -> list[Any]:
    return [item if type(item) in _KEPT else _copy(item) for item in value]


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    copy = value.copy()
    for key, item in value.items():
        if type(item) not in _KEPT:
            copy[key] = _copy(item)
    return copy


def _copy_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(_copy(item) for item in value)


def _copier_for(kind: type) -> Copier:
    """The copier of values of ``kind``; raises TypeError for a type a state never holds (sets, bytes,
    arbitrary objects), so a new one is noticed instead of being shared by mistake."""
    if kind in _ATOMS or (issubclass(kind, BaseModel) and kind.model_config.get("frozen")):
        _KEPT.add(kind)
        return _same
    if issubclass(kind, BaseModel):
        return _model_copier(kind)
    if kind is list:
        return _copy_list
    if kind is dict:
        return _copy_dict
    if kind is tuple:
        return _copy_tuple
    raise TypeError(f"no structural copy for {kind.__name__}")


def _model_copier(kind: type[BaseModel]) -> Copier:
    """The copier of a non-frozen model class (its :class:`_Layout`'s plan, read on first use)."""
    layout: _Layout | None = None

    def copy_model(value: BaseModel) -> BaseModel:
        nonlocal layout
        if layout is None:
            layout = _layout(kind)
        fields = value.__dict__.copy()
        for name, copier, _ in layout.plan:
            item = fields[name]
            if item is not None:
                fields[name] = copier(item)
        return instance(kind, fields, layout.every_field)

    return copy_model


def _layout(kind: type[BaseModel]) -> _Layout:
    """The :class:`_Layout` of ``kind``. Raises TypeError for a model with extra or private attributes
    (no state has them)."""
    layout = _LAYOUTS.get(kind)
    if layout is None:
        if kind.model_config.get("extra") == "allow" or kind.__private_attributes__:
            raise TypeError(f"no structural copy for {kind.__name__}: extra or private attributes")
        fields = kind.model_fields
        shared = tuple(
            name for name, info in fields.items() if FROZEN in info.metadata or _immutable(info.annotation)
        )
        plan = tuple((name, *_field_plan(_declared(fields[name]))) for name in fields if name not in shared)
        pick = operator.itemgetter(*shared) if shared else _nothing
        layout = _LAYOUTS[kind] = _Layout(shared, plan, set(fields), pick, plan[::-1])
    return layout


def _declared(info: FieldInfo) -> Any:
    """A field's declared type with its :data:`OPEN_LAST` mark (pydantic keeps a field's own
    ``Annotated`` marks apart, in ``metadata``)."""
    return Annotated[info.annotation, OPEN_LAST] if OPEN_LAST in info.metadata else info.annotation


def _field_plan(annotation: Any) -> tuple[Copier, Differ]:
    """How to copy a value (not None) of the mutable declared type ``annotation`` and to compare two:
    a plain ``list``/``dict`` copy for a list or dict of immutable values; a model's own copier, and for
    a list of models one per item; a dict of dicts dict by dict; otherwise by the value's type (``Any``,
    nested containers)."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated and OPEN_LAST in annotation.__metadata__:
        return _open_last_plan(args[0])
    if origin in (Union, UnionType):
        kept = [arg for arg in args if arg is not type(None)]
        return _field_plan(kept[0]) if len(kept) == 1 else (_copy, operator.ne)
    if origin in (list, dict) and _immutable(args[-1]):
        return origin, operator.ne
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model_copier(annotation), _model_differs
    if origin is list and isinstance(args[0], type) and issubclass(args[0], BaseModel):
        item = _model_copier(args[0])
        return (lambda value: [item(x) for x in value]), _list_differs
    if origin is dict and get_origin(args[1]) is dict:
        return _copy_dict_of_dicts, operator.ne
    return _copy, operator.ne


def _open_last_plan(annotation: Any) -> tuple[Copier, Differ]:
    """The plan of an :data:`OPEN_LAST` list of models (``annotation``: ``list[M]``)."""
    (kind,) = get_args(annotation)
    last = _model_copier(kind)

    def copy(value: list[Any]) -> list[Any]:
        return [*value[:-1], last(value[-1])] if value else []

    def differ(a: list[Any], b: list[Any]) -> bool:
        if len(a) != len(b):
            return True
        pairs = zip(a, b, strict=True)
        return bool(a) and (_model_differs(a[-1], b[-1]) or any(x is not y and x != y for x, y in pairs))

    return copy, differ


def _copy_dict_of_dicts(value: dict[Any, dict[Any, Any]]) -> dict[Any, dict[Any, Any]]:
    if not value:  # most of them (a 徒桜戦争 player's memo): no comprehension to set up
        return {}
    return {key: _copy_dict(inner) for key, inner in value.items()}


def _list_differs(a: list[Any], b: list[Any]) -> bool:
    """Two lists of models, last items first (a list most often changes at its end)."""
    pairs = zip(reversed(a), reversed(b), strict=True)
    return len(a) != len(b) or any(_model_differs(x, y) for x, y in pairs)


def _immutable(annotation: Any) -> bool:
    """Whether every value of the declared type ``annotation`` is immutable: atoms, literals, frozen
    models, and unions and tuples of those (``Any``, lists, dicts and other models may be changed)."""
    if annotation in _ATOMS:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin is Annotated:
        return FROZEN in annotation.__metadata__ or _immutable(get_args(annotation)[0])
    if origin in (Union, UnionType) or origin is tuple:
        return all(arg is Ellipsis or _immutable(arg) for arg in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(annotation.model_config.get("frozen"))
    return False
