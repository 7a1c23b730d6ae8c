"""Default factories for pydantic fields: ``Field(default_factory=new_list)`` rather than ``default_factory=list``.

Pydantic asks each default factory for its signature when it builds a model's validator (a factory may take the
validated data as its argument). Python answers for a builtin such as ``list`` or ``dict`` by parsing the text of
its signature, about 0.15 ms a field, and the models validated on the way to the first window build about fifty
such fields (≈ 7 ms of the start, DESIGN §10); a Python function's signature is read at once. The values are
the same: a new empty list or dict for each model.
"""

from __future__ import annotations

from typing import Any


def new_list() -> list[Any]:
    """A new empty list (a field's default)."""
    return []


def new_dict() -> dict[Any, Any]:
    """A new empty dict (a field's default)."""
    return {}
