"""Opening and saving editor documents, and the schema that orders their keys."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from app.core.saves import write_atomic
from app.core.system import GameSystem
from app.scenario.editor.canonical import canonical_text
from app.scenario.editor.document import Document
from app.scenario.loading import Problem, ScenarioError, read_json


@cache
def _schema_of(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def schema_for(data: Mapping[str, Any], systems: Mapping[str, GameSystem]) -> dict[str, Any]:
    """The JSON Schema of a document's system (``{}`` when the system is unknown)."""
    system_id = data.get("system")
    if isinstance(system_id, str) and system_id in systems:
        return _schema_of(systems[system_id].scenario_model())
    return {}


def document_text(doc: Document, systems: Mapping[str, GameSystem]) -> str:
    """The canonical file text of a document (see :mod:`app.scenario.editor.canonical`)."""
    return canonical_text(doc.data, schema_for(doc.data, systems))


def open_document(path: Path) -> Document:
    """Open a JSON file for editing.

    Raises:
        ScenarioError: The file cannot be read, is not JSON, or is not a JSON object.
    """
    data = read_json(path)
    if not isinstance(data, dict):
        raise ScenarioError(path, [Problem("$", "expected a JSON object at the top level")])
    return Document(data, path)


def save_document(doc: Document, systems: Mapping[str, GameSystem], path: Path | None = None) -> Path:
    """Write the document (atomically) to ``path`` or its own path; returns where it went.

    Raises:
        ValueError: The document has no path and none was given.
        OSError: The file cannot be written.
    """
    target = path or doc.path
    if target is None:
        raise ValueError("the document has no file yet; choose one")
    write_atomic(target, document_text(doc, systems))
    doc.mark_saved(target)
    return target
