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


def to_json(value: Any) -> Any:
    """Plain JSON: sets become lists sorted by their encoding's ``repr``, tuples lists, dataclasses dicts."""
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
