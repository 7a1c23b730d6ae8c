"""Loading scenario files: JSON → validated pydantic model, with errors a person can act on (DESIGN §6).

Every failure becomes a :class:`ScenarioError` that names the file, the JSON path and the problem — never a
traceback. Old schema versions are stepped forward by registered migrations before validation.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from app.core.capabilities import Migration

SCENARIO_FORMAT = "adjutant-scenario"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (JSON path) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class ScenarioError(Exception):
    """A scenario file that cannot be used, with every problem found."""

    def __init__(self, file: Path | str, problems: list[Problem]):
        self.file = str(file)
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"{self.file}: {len(problems)} problem(s)\n{lines}")


class ScenarioValueError(ValueError):
    """A value a system rejects while building a scenario (a square off the board), with its JSON path."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def json_path(loc: tuple[int | str, ...]) -> str:
    """Format a pydantic error location as a JSON path, e.g. ``$.units[3].facing``."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def problems_from(exc: ValidationError) -> list[Problem]:
    """Translate pydantic errors, dropping the union-branch noise of discriminated unions."""
    found: list[Problem] = []
    for err in exc.errors(include_url=False):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith(("function-", "tagged-"))))
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "unknown field (check the spelling; extra fields are not allowed)"
        elif err["type"] == "missing":
            message = "required field is missing"
        found.append(Problem(json_path(loc), message))
    return found


def read_json(path: Path) -> Any:
    """Read a JSON file; ScenarioError gives the line and column of a syntax error."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(path, [Problem("$", f"cannot read file: {exc.strerror or exc}")]) from exc
    except UnicodeDecodeError as exc:
        raise ScenarioError(path, [Problem("$", "file is not UTF-8 text")]) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(
            path, [Problem("$", f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}")]
        ) from exc


def check_header(path: Path | str, data: Any, system_ids: list[str]) -> tuple[str, int]:
    """Check ``format``, ``system`` and ``schema_version``; return (system, version)."""
    if not isinstance(data, dict):
        raise ScenarioError(path, [Problem("$", "expected a JSON object at the top level")])
    problems = []
    if data.get("format") != SCENARIO_FORMAT:
        problems.append(Problem("$.format", f"must be {SCENARIO_FORMAT!r}"))
    system = data.get("system")
    if system not in system_ids:
        problems.append(Problem("$.system", f"unknown system {system!r}; expected one of {', '.join(system_ids)}"))
    version = data.get("schema_version")
    if not isinstance(version, int) or version < 1:
        problems.append(Problem("$.schema_version", "must be a positive integer"))
    if problems:
        raise ScenarioError(path, problems)
    assert isinstance(version, int)
    return str(system), version


def migrate(
    path: Path | str, data: dict[str, Any], current: int, migrations: Mapping[int, Migration]
) -> dict[str, Any]:
    """Step ``data`` forward from its schema version to ``current`` with ``migrations[v]`` (v → v+1)."""
    version = int(data["schema_version"])
    if version > current:
        raise ScenarioError(
            path,
            [
                Problem(
                    "$.schema_version",
                    f"version {version} is newer than this build understands ({current}); update Adjutant",
                )
            ],
        )
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise ScenarioError(path, [Problem("$.schema_version", f"no migration from version {version}")])
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data


def validate(path: Path | str, data: Any, model: type[BaseModel], context: dict[str, Any] | None = None) -> BaseModel:
    """Validate ``data`` against ``model``; ScenarioError lists every problem with its JSON path."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise ScenarioError(path, problems_from(exc)) from exc
