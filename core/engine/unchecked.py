"""Pydantic models built without validation, for the values the core itself makes on every input.

Validation belongs at the boundaries: what is loaded from the store, what a platform sends. Inside the
core, the notices, events and results that ``TableCtx`` and ``conclude`` make on every command are typed
by their callers (mypy with pydantic's plugin) and validating them again costs more than the rules
themselves: a ``Notice`` with two params took 5.9 µs through ``Notice(...)``, 3.5 µs through pydantic's
``model_construct`` (which still walks every field's defaults in Python) and 1.6 µs here (``timeit``, this
2-core machine); a 10-player 徒桜戦争 bots game builds about 270 notices, 110 results and 60 events
(``docs/architecture.md``, "How the core copies state").

What is skipped is only the checking: each caller hands over values of the declared types, and
``tests/property/test_unchecked.py`` checks over whole bots games of every game that every notice, event
and result built here equals its validated copy, value types included.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

#: ``BaseModel``'s four slots, set through their descriptors: ``object.__setattr__`` looks each one up
#: in the class's MRO at every call; ``instance`` went from 1.3 µs to 1.0 µs (``timeit``, a 徒桜戦争
#: ``Player``), and a state copy builds about 14 instances. Raises at import if pydantic changes its slots.
_SET_DICT, _SET_FIELDS_SET, _SET_EXTRA, _SET_PRIVATE = (
    BaseModel.__dict__[slot].__set__
    for slot in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
)
_new = object.__new__


def instance(kind: type[M], fields: dict[str, Any], fields_set: set[str]) -> M:
    """An instance of ``kind`` holding ``fields`` (a value for every field of ``kind``), without
    validation (as ``BaseModel.model_construct`` builds one). ``fields_set``: its fields-set, e.g. every
    field name, as after the validation of a whole dump (shared between instances: pydantic only ever
    adds a name to it on assignment, which changes nothing). ``kind`` must have no extra or private
    attributes."""
    made: M = _new(kind)
    _SET_DICT(made, fields)
    _SET_FIELDS_SET(made, fields_set)
    _SET_EXTRA(made, None)
    _SET_PRIVATE(made, None)
    return made
