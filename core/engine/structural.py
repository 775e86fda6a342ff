"""Structural copies of game states: what ``decide`` builds the next state on.

A copy shares every immutable part of the original and rebuilds every mutable one, so changing the copy
never changes the original. Shared: ``str``, ``int``, ``bool``, ``float``, ``None`` and instances of
frozen pydantic models (``Action``, ``KeyRef``, ``PlayerRef``, ``Audience`` …: never changed once built;
the rules never mutate a frozen model's dict params). Rebuilt: lists, dicts, tuples (element by element)
and other pydantic models (a fresh instance, without validation: the original was valid, and the copy
holds values of the same types). A model's fields whose declared type is immutable (atoms, literals,
frozen models, unions and tuples of those) are taken as they are, without looking at their value:
mypy's pydantic plugin holds ``core`` to the declared types.

Why hand-written: pydantic offers a ``model_validate(model_dump())`` round trip (what ``fork`` did) and
``model_copy(deep=True)``, which copy the frozen parts too. Per command, on the states of a whole bots
game (``time.process_time``, this 2-core machine): 6-player DEATH NOTE 人狼 1,116 µs round trip,
1,265 µs deep copy, 60 µs here; 16-player 徒桜戦争 853 / 1,170 / 95 µs; 10-player 政治家人狼 142 / 401 /
80 µs (``docs/architecture.md``, "How the core copies state").
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_object_setattr = object.__setattr__
_ATOMS: tuple[Any, ...] = (str, int, bool, float, type(None), None)
#: How to copy a value of each type seen so far (filled on first sight of a type).
_COPIERS: dict[type, Callable[[Any], Any]] = {}
#: Per model class: how to copy its fields that may hold a mutable value, and all its field names.
_LAYOUTS: dict[type, tuple[tuple[tuple[str, Callable[[Any], Any]], ...], set[str]]] = {}


def copied(model: M, *, append_only: Collection[str] = ()) -> M:
    """A copy of ``model`` sharing only immutable parts (see the module doc), except its list fields named
    in ``append_only``, whose items are never changed once added: the copy gets a new list holding the
    same items. Raises TypeError for a value of a type no state holds (see :func:`_copier_for`)."""
    plan, every_field = _layout(type(model))
    fields = model.__dict__.copy()
    for name, copier in plan:
        item = fields[name]
        if item is not None:
            fields[name] = list(item) if name in append_only else copier(item)
    return _instance(type(model), fields, every_field)


def _copy(value: Any) -> Any:
    copier = _COPIERS.get(type(value))
    if copier is None:
        copier = _COPIERS[type(value)] = _copier_for(type(value))
    return copier(value)


def _same(value: Any) -> Any:
    return value


def _copy_list(value: list[Any]) -> list[Any]:
    return [_copy(item) for item in value]


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return {key: _copy(item) for key, item in value.items()}


def _copy_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(_copy(item) for item in value)


def _copier_for(kind: type) -> Callable[[Any], Any]:
    """The copier of values of ``kind``; raises TypeError for a type a state never holds (sets, bytes,
    arbitrary objects), so a new one is noticed instead of being shared by mistake."""
    if kind in _ATOMS:
        return _same
    if issubclass(kind, BaseModel):
        return _same if kind.model_config.get("frozen") else _model_copier(kind)
    if kind is list:
        return _copy_list
    if kind is dict:
        return _copy_dict
    if kind is tuple:
        return _copy_tuple
    raise TypeError(f"no structural copy for {kind.__name__}")


def _model_copier(kind: type[BaseModel]) -> Callable[[BaseModel], BaseModel]:
    """The copier of a non-frozen model class: fields of immutable declared types are shared as they are,
    the others copied by their declared type (:func:`_field_copier`)."""
    plan, every_field = _layout(kind)

    def copy_model(value: BaseModel) -> BaseModel:
        fields = value.__dict__.copy()
        for name, copier in plan:
            item = fields[name]
            if item is not None:
                fields[name] = copier(item)
        return _instance(kind, fields, every_field)

    return copy_model


def _instance(kind: type[M], fields: dict[str, Any], every_field: set[str]) -> M:
    """An instance of ``kind`` holding ``fields``, without validation (as ``BaseModel.model_copy`` does).
    Its fields-set is the class's shared set of every field name, as after the validation of a whole dump:
    pydantic only ever adds a field name to it (on assignment), which changes nothing."""
    copy = kind.__new__(kind)
    _object_setattr(copy, "__dict__", fields)
    _object_setattr(copy, "__pydantic_fields_set__", every_field)
    _object_setattr(copy, "__pydantic_extra__", None)
    _object_setattr(copy, "__pydantic_private__", None)
    return copy


def _layout(kind: type[BaseModel]) -> tuple[tuple[tuple[str, Callable[[Any], Any]], ...], set[str]]:
    """``(plan, every field name)`` of ``kind``; the plan: ``(field, copier)`` of each field whose declared
    type may hold a mutable value. Raises TypeError for a model with extra or private attributes (no
    state has them)."""
    layout = _LAYOUTS.get(kind)
    if layout is None:
        if kind.model_config.get("extra") == "allow" or kind.__private_attributes__:
            raise TypeError(f"no structural copy for {kind.__name__}: extra or private attributes")
        fields = [(name, _field_copier(info.annotation)) for name, info in kind.model_fields.items()]
        plan = tuple((name, copier) for name, copier in fields if copier is not None)
        layout = _LAYOUTS[kind] = (plan, set(kind.model_fields))
    return layout


def _field_copier(annotation: Any) -> Callable[[Any], Any] | None:
    """How to copy a value (not None) of the declared type ``annotation``: None when it is immutable;
    a plain ``list``/``dict`` copy for a list or dict of immutable values; a model's own copier;
    otherwise by the value's type (``Any``, nested containers)."""
    if _immutable(annotation):
        return None
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, UnionType):
        kept = [arg for arg in args if arg is not type(None)]
        return _field_copier(kept[0]) if len(kept) == 1 else _copy
    if origin is list and _immutable(args[0]):
        return list
    if origin is dict and _immutable(args[1]):
        return dict
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model_copier(annotation)
    return _copy


def _immutable(annotation: Any) -> bool:
    """Whether every value of the declared type ``annotation`` is immutable: atoms, literals, frozen
    models, and unions and tuples of those (``Any``, lists, dicts and other models may be changed)."""
    if annotation in _ATOMS:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin is Annotated:
        return _immutable(get_args(annotation)[0])
    if origin in (Union, UnionType) or origin is tuple:
        return all(arg is Ellipsis or _immutable(arg) for arg in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(annotation.model_config.get("frozen"))
    return False
