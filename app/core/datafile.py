"""The one reading path for every JSON file the app opens (scenarios, tile libraries, boards, saves, settings).

A file a player opens is untrusted. Before pydantic sees it, :func:`read_json_file` checks, in order:

1. it is a regular file (not a device such as ``/dev/zero``, a folder, a FIFO or a symlink loop);
2. its size is within a limit (read with a cap, so a growing file cannot exhaust memory);
3. it is UTF-8 text (a byte-order mark is allowed; UTF-16 and binary are refused);
4. its nesting depth is within a limit (no ``RecursionError`` from the JSON parser or from pydantic);
5. integers are short (no ``ValueError`` from Python's 4,300-digit limit), numbers are finite and, when the
   caller asks, within ``±max_number`` (coordinates that would overflow the renderer);
6. strings hold no lone surrogates (they pass ``json`` but break every later encoder and Qt).

Every failure is a :class:`DataFileError` naming the file, the JSON path and the problem, with values cut
to a readable length (:func:`clip`).
"""

from __future__ import annotations

import json
import math
import re
import stat
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 64
MAX_INT_DIGITS = 40
CLIP = 80
MESSAGE_CLIP = 600
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
# A lone surrogate in the parsed data comes from a ``\uD800``-``\uDFFF`` escape (JSON spells the ``u`` in lower
# case) or from the text itself (never from decoded UTF-8); a pair or an escaped backslash also matches, which only
# costs the full check.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (JSON path) and what."""

    path: str
    message: str

    def __post_init__(self) -> None:
        """Cut an overlong path or message (a 1 MB value quoted in it) to a readable length."""
        object.__setattr__(self, "path", clip(self.path, 200))
        object.__setattr__(self, "message", clip(self.message, MESSAGE_CLIP))

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class DataFileError(Exception):
    """A data file that cannot be used, with every problem found (file, JSON path, problem)."""

    def __init__(self, file: Path | str, problems: list[Problem]):
        self.file = str(file)
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"{self.file}: {len(problems)} problem(s)\n{lines}")


def clip(value: object, limit: int = CLIP) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a 1 MB bad value is not repeated whole."""
    text = value if isinstance(value, str) and not isinstance(value, Path) else repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text):,} characters)"


def quoted(value: object, limit: int = CLIP) -> str:
    """``repr(value)`` (strings in quotes) cut to ``limit`` characters: a value from the file in a message."""
    return clip(repr(value), limit)


def json_path(loc: tuple[int | str, ...]) -> str:
    """Format a location as a JSON path, e.g. ``$.units[3].facing``."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{clip(part, 40)}"
    return out


def read_json_file(
    path: Path, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH, max_number: float | None = None
) -> Any:
    """Read and parse a JSON data file through every safety check (see the module docstring).

    Args:
        path: The file.
        max_bytes: Largest accepted file size.
        max_depth: Deepest accepted nesting of arrays and objects.
        max_number: When set, every number must lie within ``±max_number``.

    Raises:
        DataFileError: The file is unusable; the message names the file, the JSON path and the problem.
    """
    text = _read_text(path, max_bytes)
    return parse_json_text(text, path, max_depth=max_depth, max_number=max_number)


def parse_json_text(text: str, file: Path | str, *, max_depth: int = MAX_DEPTH, max_number: float | None = None) -> Any:
    """Parse JSON text with the nesting, number and string checks of :func:`read_json_file`."""
    _check_depth(text, file, max_depth)
    numbers = _Numbers(max_number)
    try:
        data = json.loads(
            text, parse_int=numbers.parse_int, parse_float=numbers.parse_float, parse_constant=_no_constant
        )
    except json.JSONDecodeError as exc:
        raise DataFileError(
            file, [Problem("$", f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}")]
        ) from exc
    except _NumberError as exc:
        raise DataFileError(file, [Problem("$", str(exc))]) from exc
    # The walk that names each bad value's JSON path runs only when there is one to find (start-up time).
    if numbers.out_of_range or _SURROGATE_ESCAPE.search(text):
        check_values(file, data, max_number)
    return data


def read_json_fields(path: Path, keys: Collection[str], *, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """The top-level ``keys`` of a JSON object file that has them: a cheap read for listings (a catalog's headers).

    The file is read as by :func:`read_json_file` (regular file, size, UTF-8, short integers, finite numbers),
    but nesting depth and strings are checked in the returned fields only: the rest is checked when the file is
    opened.

    Raises:
        DataFileError: The file is unreadable, not JSON, not an object, or a returned field fails a check.
    """
    text = _read_text(path, max_bytes)
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_no_constant)
    except (json.JSONDecodeError, _NumberError, RecursionError) as exc:  # RecursionError: nested too deep
        raise DataFileError(path, [Problem("$", f"not readable JSON: {clip(str(exc))}")]) from exc
    if not isinstance(data, dict):
        raise DataFileError(path, [Problem("$", "expected a JSON object at the top level")])
    fields = {key: data[key] for key in keys if key in data}
    _check_depth(json.dumps(fields), path, MAX_DEPTH)
    check_values(path, fields, None)
    return fields


def check_values(file: Path | str, data: Any, max_number: float | None) -> None:
    """Refuse strings with lone surrogates and, when ``max_number`` is set, numbers beyond ``±max_number``.

    Raises:
        DataFileError: Up to ten problems, each with its JSON path.
    """
    problems: list[Problem] = []
    _check_values(data, (), max_number, problems)
    if problems:
        raise DataFileError(file, problems[:10])


def _read_text(path: Path, max_bytes: int) -> str:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise DataFileError(path, [Problem("$", "not a regular file")])
        if info.st_size > max_bytes:
            too_large = f"file is too large ({info.st_size:,} bytes; at most {max_bytes:,})"
            raise DataFileError(path, [Problem("$", too_large)])
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop on some Python versions
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise DataFileError(path, [Problem("$", f"cannot read file: {clip(reason)}")]) from exc
    if len(raw) > max_bytes:
        raise DataFileError(path, [Problem("$", f"file is too large (more than {max_bytes:,} bytes)")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataFileError(path, [Problem("$", "file is not UTF-8 text")]) from exc


def _check_depth(text: str, file: Path | str, max_depth: int) -> None:
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > max_depth:
            raise DataFileError(file, [Problem("$", f"nested more than {max_depth} levels deep")])


class _NumberError(ValueError):
    pass


def _parse_int(token: str) -> int:
    if len(token.lstrip("-")) > MAX_INT_DIGITS:
        raise _NumberError(f"integer with {len(token):,} digits (at most {MAX_INT_DIGITS})")
    return int(token)


def _parse_float(token: str) -> float:
    value = float(token[:400]) if len(token) <= 400 else math.inf
    if not math.isfinite(value):
        raise _NumberError(f"number {clip(token, 40)} is out of range")
    return value


class _Numbers:
    """The parser's number hooks, noting whether a number lies beyond ``±max_number`` (when set)."""

    def __init__(self, max_number: float | None) -> None:
        self.max_number = max_number
        self.out_of_range = False

    def parse_int(self, token: str) -> int:
        value = _parse_int(token)
        self._note(value)
        return value

    def parse_float(self, token: str) -> float:
        value = _parse_float(token)
        self._note(value)
        return value

    def _note(self, value: float) -> None:
        if self.max_number is not None and abs(value) > self.max_number:
            self.out_of_range = True


def _no_constant(token: str) -> float:
    raise _NumberError(f"{token} is not a number JSON allows")


_PLAIN = (int, float, bool)


def _plain(item: Any, max_number: float | None) -> bool:
    """A number, or a list of numbers (a point), all within range: nothing to report, no JSON path to build."""
    values = item if type(item) is list else (item,)
    if not all(type(v) in _PLAIN for v in values):
        return False
    return max_number is None or all(abs(v) <= max_number for v in values)


def _check_list(value: list[Any], loc: tuple[int | str, ...], max_number: float | None, out: list[Problem]) -> None:
    for index, item in enumerate(value):
        if not _plain(item, max_number):
            _check_values(item, (*loc, index), max_number, out)


def _check_values(value: Any, loc: tuple[int | str, ...], max_number: float | None, out: list[Problem]) -> None:
    if len(out) >= 10:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if _has_surrogate(key):
                out.append(Problem(json_path(loc), f"key {quoted(key)} holds an invalid character (lone surrogate)"))
            _check_values(item, (*loc, key), max_number, out)
    elif isinstance(value, list):
        _check_list(value, loc, max_number, out)
    elif isinstance(value, str):
        if _has_surrogate(value):
            out.append(Problem(json_path(loc), f"text {quoted(value)} holds an invalid character (lone surrogate)"))
    elif isinstance(value, int | float) and max_number is not None and abs(value) > max_number:
        out.append(Problem(json_path(loc), f"number {clip(value, 40)} is out of range (at most {max_number:,g})"))


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
