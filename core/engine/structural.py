"""Structural copies of game states: what ``decide`` builds the next state on.

A copy shares every immutable part of the original and rebuilds every mutable one, so changing the copy
never changes the original. Shared: ``str``, ``int``, ``bool``, ``float``, ``None`` and instances of
frozen pydantic models (``Action``, ``KeyRef``, ``PlayerRef``, ``Audience`` …: never changed once built;
the rules never mutate a frozen model's dict params). Rebuilt: lists, dicts, tuples (element by element)
and other pydantic models (a fresh instance, without validation: the original was valid, and the copy
holds values of the same types).

Why hand-written: pydantic offers a ``model_validate(model_dump())`` round trip and
``model_copy(deep=True)``; on a 6-player DEATH NOTE 人狼 game's state the round trip took 1.3 ms per
command (``model_copy(deep=True)`` about three times that), this copy 0.1 ms (cProfile of
``jinro-gm simulate``, this machine; ``docs/architecture.md`` "How the core copies state").
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_object_setattr = object.__setattr__
#: How to copy a value of each type seen so far (filled on first sight of a type).
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def copied(model: M, *, append_only: Collection[str] = ()) -> M:
    """A copy of ``model`` sharing only immutable parts (see the module doc), except its list fields named
    in ``append_only``, whose items are never changed once added: the copy gets a new list holding the
    same items. Raises TypeError for a value of a type no state holds (see :func:`_copier_for`)."""
    fields = {
        name: list(item) if name in append_only else _copy(item) for name, item in model.__dict__.items()
    }
    return _rebuilt(model, fields)


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


def _copy_model(value: BaseModel) -> BaseModel:
    return _rebuilt(value, {name: _copy(item) for name, item in value.__dict__.items()})


def _rebuilt(value: M, fields: dict[str, Any]) -> M:
    """A new instance of ``value``'s class holding ``fields``, with copies of its fields-set, extras and
    private attributes (no validation, as ``BaseModel.model_copy`` does)."""
    cls = type(value)
    copy = cls.__new__(cls)
    _object_setattr(copy, "__dict__", fields)
    _object_setattr(copy, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
    extra = value.__pydantic_extra__
    _object_setattr(copy, "__pydantic_extra__", None if extra is None else _copy_dict(extra))
    private = value.__pydantic_private__
    _object_setattr(copy, "__pydantic_private__", None if private is None else _copy_dict(private))
    return copy


def _copier_for(kind: type) -> Callable[[Any], Any]:
    """The copier of values of ``kind``; raises TypeError for a type a state never holds (sets, bytes,
    arbitrary objects), so a new one is noticed instead of being shared by mistake."""
    if kind in (str, int, bool, float, type(None)):
        return _same
    if issubclass(kind, BaseModel):
        return _same if kind.model_config.get("frozen") else _copy_model
    if kind is list:
        return _copy_list
    if kind is dict:
        return _copy_dict
    if kind is tuple:
        return _copy_tuple
    raise TypeError(f"no structural copy for {kind.__name__}")
