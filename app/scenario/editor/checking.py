"""Live validation of an edited document: the loaders' own checks plus the plug-in's rules-aware checks.

The document is checked exactly as a file would be when opened for play: header, migration and the
system's pydantic model (:mod:`app.scenario.loading`), then the runtime build and the initial state
(:func:`app.scenario.catalog.build_runtime`). A document that loads is then given to the plug-in's
``checks``. Every finding is located: its JSON path is mapped to a board location by the plug-in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from app.core.i18n import localized
from app.core.system import GameSystem
from app.scenario.catalog import build_runtime
from app.scenario.editor.plugin import EditorPlugin, Finding, parse_json_path
from app.scenario.loading import ScenarioError, ScenarioValueError, check_header, validate

UNSAVED_NAME = "untitled.json"


@dataclass
class CheckResult:
    """What checking a document found, and what it built when it loads.

    Attributes:
        findings: Errors first, then warnings.
        model: The validated pydantic model (None when the schema check failed).
        runtime: The built runtime scenario (None when it could not be built).
        state: The initial game state (None when it could not be set up).
    """

    findings: list[Finding] = field(default_factory=list)
    model: BaseModel | None = None
    runtime: Any = None
    state: Any = None

    @property
    def errors(self) -> list[Finding]:
        """Only the errors."""
        return [f for f in self.findings if f.severity == "error"]

    @property
    def playable(self) -> bool:
        """Whether a game can start from the document."""
        return self.state is not None and not self.errors


def document_file(folder: Path | None) -> Path:
    """The path loaders see for a document: its file, or an untitled one in the current folder."""
    return (folder or Path.cwd()) / UNSAVED_NAME


def _errors(exc: ScenarioError) -> list[Finding]:
    return [Finding("error", p.path, localized(p.message)) for p in exc.problems]


def load_document(
    data: dict[str, Any], path: Path | None, systems: Mapping[str, GameSystem]
) -> tuple[CheckResult, GameSystem | None]:
    """Validate and build ``data`` as the loaders would (no plug-in checks, no locations)."""
    file = path or document_file(None)
    result = CheckResult()
    try:
        system_id, _ = check_header(file, data, sorted(systems))
        system = systems[system_id]
        result.model = validate(file, data, system.scenario_model(), context={"folder": file.parent})
        result.runtime = build_runtime(file, system, result.model)
        result.state = system.initial_state(result.runtime, 1)
    except ScenarioError as exc:
        result.findings = _errors(exc)
        return result, None
    except ScenarioValueError as exc:
        result.findings = [Finding("error", exc.path, localized(exc.message))]
        return result, system
    except (ValueError, KeyError) as exc:  # set-up refusing the forces (a square off the board, …)
        result.findings = [Finding("error", "$", localized(str(exc)))]
        return result, system
    return result, system


def check_document(
    data: dict[str, Any], path: Path | None, systems: Mapping[str, GameSystem], plugin: EditorPlugin | None
) -> CheckResult:
    """Every problem of the document, located on the board where possible."""
    result, _system = load_document(data, path, systems)
    if plugin is not None and result.model is not None and result.state is not None:
        result.findings += plugin.checks(result.model, result.runtime, result.state)
    if plugin is not None:
        result.findings = [_located(f, data, plugin) for f in result.findings]
    result.findings.sort(key=lambda f: f.severity != "error")
    return result


def _located(finding: Finding, data: dict[str, Any], plugin: EditorPlugin) -> Finding:
    if finding.where is not None:
        return finding
    where = plugin.locate(data, parse_json_path(finding.path))
    return Finding(finding.severity, finding.path, finding.message, where)
