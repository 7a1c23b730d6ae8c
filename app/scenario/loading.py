"""Loading scenario files: JSON → validated pydantic model, with errors a person can act on (DESIGN §6).

Every failure becomes a :class:`ScenarioError` that names the file, the JSON path and the problem — never a
traceback. Old schema versions are stepped forward by registered migrations before validation.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from app.core.capabilities import Migration
from app.core.datafile import DataFileError, Problem, check_values, clip, json_path, quoted, read_json_file

__all__ = [
    "MAX_NUMBER",
    "SCENARIO_FORMAT",
    "Problem",
    "ScenarioError",
    "ScenarioValueError",
    "check_header",
    "json_path",
    "migrate",
    "problems_from",
    "read_json",
    "validate",
]

SCENARIO_FORMAT = "adjutant-scenario"
MAX_NUMBER = 100_000
"""The largest magnitude of any number in a scenario, board or tile file (coordinates, counts, factors)."""


class ScenarioError(DataFileError):
    """A scenario file that cannot be used, with every problem found."""


class ScenarioValueError(ValueError):
    """A value a system rejects while building a scenario (a square off the board), with its JSON path."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def problems_from(exc: ValidationError) -> list[Problem]:
    """Translate pydantic errors, dropping the union-branch noise of discriminated unions."""
    found: list[Problem] = []
    for err in exc.errors(include_url=False):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith(("function-", "tagged-"))))
        message = clip(err["msg"], 300)
        if err["type"] == "extra_forbidden":
            message = "unknown field (check the spelling; extra fields are not allowed)"
        elif err["type"] == "missing":
            message = "required field is missing"
        found.append(Problem(json_path(loc), message))
    return found


def read_json(path: Path) -> Any:
    """Read a scenario, board or tile-library file through :func:`app.core.datafile.read_json_file`."""
    try:
        return read_json_file(path)
    except DataFileError as exc:
        raise ScenarioError(exc.file, exc.problems) from exc


def check_header(path: Path | str, data: Any, system_ids: list[str]) -> tuple[str, int]:
    """Check ``format``, ``system`` and ``schema_version``; return (system, version)."""
    if not isinstance(data, dict):
        raise ScenarioError(path, [Problem("$", "expected a JSON object at the top level")])
    problems = []
    if data.get("format") != SCENARIO_FORMAT:
        problems.append(Problem("$.format", f"must be {SCENARIO_FORMAT!r}"))
    system = data.get("system")
    if system not in system_ids:
        problems.append(
            Problem("$.system", f"unknown system {quoted(system)}; expected one of {', '.join(system_ids)}")
        )
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
    """Validate ``data`` against ``model``; ScenarioError lists every problem with its JSON path.

    Every number must first lie within :data:`MAX_NUMBER`, so no coordinate can overflow the renderer or rules.
    """
    try:
        check_values(path, data, MAX_NUMBER)
    except DataFileError as exc:
        raise ScenarioError(exc.file, exc.problems) from exc
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise ScenarioError(path, problems_from(exc)) from exc
