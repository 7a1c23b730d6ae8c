"""Save files and the autosave (DESIGN §4).

A save holds the format version, the system id and version, the embedded scenario, the seed, the mode, the
command log and the digest of the final state. Loading replays the log and checks the digest, so a save that
does not reproduce its game is refused rather than silently wrong. Writes are atomic (temp file + rename).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from app.core.errors import IllegalCommandError, SaveError
from app.core.session import Session
from app.core.system import GameSystem, state_digest

BUNDLED = Path(__file__).resolve().parents[2] / "scenarios"
BUNDLED_PREFIX = "scenarios:"
SAVE_FORMAT = "adjutant-save"
SAVE_VERSION = 1


class SaveFile(BaseModel):
    """The on-disk save format."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["adjutant-save"] = "adjutant-save"
    format_version: int = SAVE_VERSION
    system: str
    system_version: str
    scenario: dict[str, Any]
    scenario_folder: str | None = None
    seed: int
    mode: Literal["digital", "table"] = "digital"
    commands: list[dict[str, Any]]
    digest: str
    saved_at: float = 0.0
    closed_cleanly: bool = True


def to_save(session: Session, *, closed_cleanly: bool = True) -> SaveFile:
    """Snapshot a session as a save file model."""
    system = session.system
    return SaveFile(
        system=system.info.id,
        system_version=system.info.version,
        scenario=session.scenario.model_dump(mode="json", by_alias=True),
        scenario_folder=_portable_folder(session.folder),
        seed=session.seed,
        mode=session.mode,
        commands=[c.model_dump(mode="json", exclude_none=True) for c in session.commands],
        digest=state_digest(system, session.state),
        saved_at=time.time(),
        closed_cleanly=closed_cleanly,
    )


def from_save(save: SaveFile, systems: Mapping[str, GameSystem], *, verify: bool = True) -> Session:
    """Rebuild a session by replaying a save; raise SaveError if anything does not match."""
    system = systems.get(save.system)
    if system is None:
        raise SaveError(f"save is for system {save.system!r}, which this build does not have")
    try:
        scenario = system.scenario_model().model_validate(save.scenario)
    except ValidationError as exc:
        raise SaveError(f"embedded scenario is invalid: {exc.errors()[0]['msg']}") from exc
    folder = _local_folder(save.scenario_folder)
    try:
        session = Session(system, scenario, seed=save.seed, mode="digital", folder=folder)
    except (ValueError, KeyError, OSError) as exc:
        raise SaveError(f"cannot rebuild the saved game's scenario: {exc}") from exc
    for number, data in enumerate(save.commands, 1):
        try:
            session.submit(system.parse_command(data))
        except IllegalCommandError as exc:
            why = _version_change(save, system) or str(exc)
            raise SaveError(f"command {number} ({data.get('kind')}) no longer applies: {why}") from exc
    session.mode = save.mode
    if verify and state_digest(system, session.state) != save.digest:
        reason = _version_change(save, system) or "the save was altered or is damaged"
        raise SaveError(f"replaying the commands does not reproduce the saved game (digest mismatch): {reason}")
    return session


def _version_change(save: SaveFile, system: GameSystem) -> str:
    """Why an old save may no longer replay: the rules changed since it was made (empty when they did not)."""
    if save.system_version == system.info.version:
        return ""
    return (
        f"the save was made with {save.system} rules version {save.system_version}, "
        f"this build has version {system.info.version} and rules whose rulings changed"
    )


def _portable_folder(folder: object) -> str | None:
    """A bundled scenario's folder as ``scenarios:<system>`` so the save works on any machine."""
    if folder is None:
        return None
    path = Path(str(folder)).resolve()
    if path.is_relative_to(BUNDLED):
        return BUNDLED_PREFIX + path.relative_to(BUNDLED).as_posix()
    return str(path)


def _local_folder(stored: str | None) -> Path | None:
    if not stored:
        return None
    if stored.startswith(BUNDLED_PREFIX):
        return BUNDLED / stored[len(BUNDLED_PREFIX) :]
    return Path(stored)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so a crash leaves either the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        Path(tmp).replace(path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            Path(tmp).unlink()
        raise


def save_to_path(session: Session, path: Path, *, closed_cleanly: bool = True) -> None:
    """Write a save file atomically."""
    save = to_save(session, closed_cleanly=closed_cleanly)
    write_atomic(path, json.dumps(save.model_dump(mode="json"), ensure_ascii=False, indent=1))


def read_save(path: Path) -> SaveFile:
    """Read and validate a save file; SaveError names the file and the problem."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path}: cannot read save: {exc}") from exc
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = "$." + ".".join(str(p) for p in err["loc"])
        raise SaveError(f"{path}: {where}: {err['msg']}") from exc


def load_from_path(path: Path, systems: Mapping[str, GameSystem]) -> Session:
    """Read, replay and verify a save file."""
    return from_save(read_save(path), systems)


class Autosaver:
    """Writes the session to ``folder/autosave.json`` after every change.

    The file is marked ``closed_cleanly=False`` while the game is open; :meth:`close` marks it clean.
    At start-up, :func:`pending_restore` finds an autosave that was not closed cleanly (a crash).
    """

    def __init__(self, session: Session, folder: Path) -> None:
        self.session = session
        self.path = folder / "autosave.json"
        self._unsubscribe = session.subscribe(lambda _change: self.write())
        self.write()

    def write(self, *, closed_cleanly: bool = False) -> None:
        """Write the autosave now."""
        save_to_path(self.session, self.path, closed_cleanly=closed_cleanly)

    def close(self) -> None:
        """Mark the autosave clean and stop listening."""
        self._unsubscribe()
        self.write(closed_cleanly=True)


def pending_restore(folder: Path) -> SaveFile | None:
    """The autosave left by a session that did not close cleanly, if any."""
    path = folder / "autosave.json"
    if not path.exists():
        return None
    try:
        save = read_save(path)
    except SaveError:
        return None
    return None if save.closed_cleanly else save
