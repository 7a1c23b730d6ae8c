"""Problems found in board data, reported at their own JSON paths (shared by every board kind)."""

from __future__ import annotations

from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError


class BoardError(ValueError):
    """A board file refers to something that does not exist or cannot be built."""


Loc = tuple[str | int, ...]
Problem = tuple[Loc, str]
"""One problem: the JSON path of the offending field (relative to the model checked) and what is wrong."""


def raise_problems(title: str, problems: list[Problem]) -> None:
    """Raise one pydantic ``ValidationError`` listing ``problems`` at their own JSON paths.

    Raising a ``ValidationError`` inside a validator lets pydantic prefix each location with the
    path of the enclosing model, so the user sees e.g. ``tiles.3.sides.A.rows``.
    """
    if not problems:
        return
    details = [
        InitErrorDetails(type=PydanticCustomError("board_data", "{problem}", {"problem": text}), loc=loc, input=None)
        for loc, text in problems
    ]
    raise ValidationError.from_exception_data(title, details)


def first_problems(exc: ValidationError, limit: int = 3) -> str:
    """The first few problems of a validation error as "path: message" (a wrong file can have hundreds)."""
    errors = exc.errors(include_url=False)
    shown = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(top level)'}: {e['msg']}" for e in errors[:limit])
    more = f" (and {len(errors) - limit} more)" if len(errors) > limit else ""
    return shown + more
