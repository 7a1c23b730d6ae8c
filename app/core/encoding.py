"""The one state encoder: any game state as plain JSON, for digests, saves' checks and debugging (DESIGN §4).

A state is a tree of frozen dataclasses, tuples, sets, dicts, pydantic models and plain values. :func:`to_json` turns
it into JSON values in one canonical way: a dataclass becomes a dict of its fields, tuples and lists lists, sets sorted
lists, dict keys strings, a pydantic model its JSON dump. :func:`encode_state` does that for a system's top-level
state, leaving out what is static (the scenario runtime) and encoding chosen fields the system's own way.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from pydantic import BaseModel

_PLAIN = frozenset({str, int, float, bool, type(None)})
_NAMES: dict[type, tuple[str, ...] | None] = {}  # a type's dataclass field names; None: not a plain dataclass


def to_json(value: Any) -> Any:
    """Plain JSON: sets become lists sorted by their encoding's ``repr``, tuples lists, dataclasses dicts.

    A state has thousands of values and digests are taken after every command, so the common types are told by their
    exact type first and a dataclass's field names are looked up once per type.
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [to_json(v) for v in value]
    names = _NAMES[kind] if kind in _NAMES else _field_names(value)
    if names is not None:
        return {name: to_json(getattr(value, name)) for name in names}
    return _general(value)


def _field_names(value: Any) -> tuple[str, ...] | None:
    """The field names of a dataclass instance that is nothing else :func:`_general` knows (kept per type)."""
    plain = is_dataclass(value) and not isinstance(value, type | frozenset | set | tuple | list | dict | BaseModel)
    names = _NAMES[type(value)] = tuple(f.name for f in fields(value)) if plain else None
    return names


def _general(value: Any) -> Any:
    """:func:`to_json` for anything but plain values, exact tuples and lists, and plain dataclasses."""
    if isinstance(value, frozenset | set):
        return sorted((to_json(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    return value


def encode_state(
    state: Any, *, skip: Collection[str] = (), special: Mapping[str, Callable[[Any], Any]] | None = None
) -> dict[str, Any]:
    """A dataclass state as a JSON object, field by field.

    Args:
        state: The state (a dataclass instance).
        skip: Fields left out: static data such as the scenario runtime (never deep-copied or walked).
        special: Fields encoded by the given function instead of :func:`to_json`.

    Returns:
        Field name -> JSON value.
    """
    own = special or {}
    out: dict[str, Any] = {}
    for f in fields(state):
        if f.name in skip:
            continue
        value = getattr(state, f.name)
        out[f.name] = own[f.name](value) if f.name in own else to_json(value)
    return out
