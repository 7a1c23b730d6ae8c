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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from app.core.capabilities import AnswersOldSaves, capability
from app.core.datafile import DataFileError, clip, json_path, quoted, read_json_file
from app.core.errors import IllegalCommandError, SaveError
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.session import Session
from app.core.system import GameSystem, state_digest

BUNDLED = Path(__file__).resolve().parents[2] / "scenarios"
BUNDLED_PREFIX = "scenarios:"
SAVE_FORMAT = "adjutant-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 64 * 1024 * 1024
_MAX_OLD_ANSWERS = 10_000  # answers one replayed command of an older save may need (AnswersOldSaves)


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


def from_save(
    save: SaveFile, systems: Mapping[str, GameSystem], *, verify: bool = True, origin: Path | None = None
) -> Session:
    """Rebuild a session by replaying a save; raise SaveError if anything does not match.

    A save is untrusted data: its scenario folder is used only when it lies inside the bundled scenarios or
    the save's own folder (``origin``); otherwise the scenario is rebuilt without a folder. A command the
    rules refuse or a digest mismatch raises :class:`SaveError` carrying the game at the last good command.
    """
    system = _check_versions(save, systems)
    try:
        scenario = system.scenario_model().model_validate(save.scenario)
    except (ValidationError, ValueError, RecursionError) as exc:
        raise SaveError(f"embedded scenario is invalid: {_first_error(exc)}") from exc
    folder = confined_folder(save.scenario_folder, origin)
    try:
        session = Session(system, scenario, seed=save.seed, mode="digital", folder=folder)
    except (ValueError, LookupError, OSError) as exc:
        raise SaveError(f"cannot rebuild the saved game's scenario: {clip(str(exc), 300)}") from exc
    if folder is None:  # the runtime is built; the claimed folder is only written back by the next save
        session.folder = save.scenario_folder
    for number, data in enumerate(save.commands, 1):
        try:
            command = session.parse(data)
            _answer_as_then(session, system, save, command)
            session.submit(command)
        except IllegalCommandError as exc:
            what = f"command {number} ({quoted(data.get('kind'), 40)})"
            why = _version_change(save, system) or clip(str(exc.reason), 300)
            raise SaveError(f"{what} no longer applies: {why}", session) from exc
    with contextlib.suppress(IllegalCommandError):  # a refused answer leaves the digest check to tell
        _answer_as_then(session, system, save, None)
    session.mode = save.mode
    if verify and state_digest(system, session.state) != save.digest:
        raise SaveError(_mismatch(save, system), session)
    return session


def _answer_as_then(session: Session, system: GameSystem, save: SaveFile, command: Command | None) -> None:
    """Before ``command`` (``None``: after the last), answer as the save's rules version did the decisions this
    version asks that it took by itself (:class:`AnswersOldSaves`)."""
    older = capability(system, AnswersOldSaves)
    if older is None or save.system_version == system.info.version:
        return
    for _ in range(_MAX_OLD_ANSWERS):
        answer = older.old_answer(session.state, save.system_version)
        if answer is None or (command is not None and answer.key() == command.key()):
            return
        session.submit(answer)


def _check_versions(save: SaveFile, systems: Mapping[str, GameSystem]) -> GameSystem:
    """The save's system; SaveError for an unknown system or a save format this build does not read."""
    if save.format_version != SAVE_VERSION:
        newer = save.format_version > SAVE_VERSION
        raise SaveError(
            f"save format version {save.format_version} is "
            + ("newer than this build reads; update Adjutant" if newer else "unknown")
            + f" (this build reads version {SAVE_VERSION})"
        )
    system = systems.get(save.system)
    if system is None:
        raise SaveError(f"save is for system {quoted(save.system, 40)}, which this build does not have")
    return system


def save_notices(save: SaveFile, systems: Mapping[str, GameSystem]) -> list[Text]:
    """What the player should know about a save that loaded (e.g. it was made with other rules)."""
    system = systems.get(save.system)
    if system is None or save.system_version == system.info.version:
        return []
    return [
        t(
            "This game was saved with rules version {old}; it was replayed with version {new}.",
            old=clip(save.system_version, 40),
            new=system.info.version,
        )
    ]


def save_notices_of(path: Path, systems: Mapping[str, GameSystem]) -> list[Text]:
    """:func:`save_notices` of the save file at ``path`` (none when it cannot be read)."""
    try:
        return save_notices(read_save(path), systems)
    except SaveError:
        return []


def _mismatch(save: SaveFile, system: GameSystem) -> str:
    reason = "the save was altered or is damaged"
    if save.system_version != system.info.version:
        reason = (
            f"the save was made with {save.system} rules version {clip(save.system_version, 40)}, "
            f"this build has version {system.info.version}"
        )
    return (
        f"replaying the {len(save.commands)} commands does not reproduce the saved game (digest mismatch): "
        f"{reason}; every command still applied, so the game can be opened at its last command"
    )


def _version_change(save: SaveFile, system: GameSystem) -> str:
    """Why an old save may no longer replay: the rules changed since it was made (empty when they did not)."""
    if save.system_version == system.info.version:
        return ""
    return (
        f"the save was made with {save.system} rules version {clip(save.system_version, 40)}, "
        f"this build has version {system.info.version} and rules whose rulings changed"
    )


def _first_error(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors(include_url=False)[0]
        return f"{json_path(tuple(err['loc']))}: {clip(err['msg'], 200)}"
    if isinstance(exc, KeyError) and exc.args:
        return f"unknown {quoted(exc.args[0])}"
    return clip(str(exc) or type(exc).__name__, 300)


def _portable_folder(folder: object) -> str | None:
    """A bundled scenario's folder as ``scenarios:<system>`` so the save works on any machine."""
    if folder is None:
        return None
    if isinstance(folder, str) and folder.startswith(BUNDLED_PREFIX):
        return folder
    try:
        path = Path(str(folder)).resolve()
    except (OSError, RuntimeError, ValueError):  # a claimed folder from a tampered save
        return None
    if path.is_relative_to(BUNDLED):
        return BUNDLED_PREFIX + path.relative_to(BUNDLED).as_posix()
    return str(path)


def confined_folder(stored: str | None, origin: Path | None) -> Path | None:
    """The save's scenario folder if it lies inside the bundled scenarios or ``origin``, else ``None``.

    Args:
        stored: ``scenarios:<sub>`` or an absolute path, as written by :func:`to_save`.
        origin: The folder holding the save file (``None`` for a save that is not from a file).
    """
    if not stored or "\0" in stored:
        return None
    try:
        if stored.startswith(BUNDLED_PREFIX):
            path, roots = (BUNDLED / stored[len(BUNDLED_PREFIX) :]).resolve(), [BUNDLED]
        else:
            path, roots = Path(stored).resolve(), [origin.resolve()] if origin is not None else []
    except (OSError, RuntimeError, ValueError):
        return None
    return path if path.is_dir() and any(path.is_relative_to(root) for root in roots) else None


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
    """Read and validate a save file; SaveError names the file, the JSON path and the problem."""
    try:
        data = read_json_file(path, max_bytes=MAX_SAVE_BYTES)
    except DataFileError as exc:
        raise SaveError(f"{path}: cannot read save: {'; '.join(map(str, exc.problems))}") from exc
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        raise SaveError(f"{path}: {_first_error(exc)}") from exc


def load_from_path(path: Path, systems: Mapping[str, GameSystem]) -> Session:
    """Read, replay and verify a save file (its scenario folder confined to bundled or the save's folder)."""
    return from_save(read_save(path), systems, origin=path.parent)


class Autosaver:
    """Writes the session to ``folder/autosave.json`` after every change.

    The file is marked ``closed_cleanly=False`` while the game is open; :meth:`close` marks it clean.
    At start-up, :func:`pending_restore` finds an autosave that was not closed cleanly (a crash).
    A failed write (disk full, folder gone) never raises: the command stays applied, the session's other
    listeners still run, :attr:`error` holds the reason and ``on_error`` is told (the window shows it).
    """

    def __init__(self, session: Session, folder: Path, on_error: Callable[[str | None], None] | None = None) -> None:
        self.session = session
        self.path = folder / "autosave.json"
        self.error: str | None = None
        self.on_error = on_error
        self._unsubscribe = session.subscribe(self._on_change)
        self.write()

    def _on_change(self, _change: object) -> None:
        self.write()

    def write(self, *, closed_cleanly: bool = False) -> bool:
        """Write the autosave now; ``False`` (and :attr:`error` set) when it could not be written."""
        try:
            save_to_path(self.session, self.path, closed_cleanly=closed_cleanly)
        except (OSError, ValueError) as exc:
            error: str | None = clip(getattr(exc, "strerror", None) or str(exc) or type(exc).__name__, 200)
        else:
            error = None
        if error != self.error:
            self.error = error
            if self.on_error is not None:
                self.on_error(error)
        return error is None

    def close(self) -> None:
        """Mark the autosave clean and stop listening."""
        self._unsubscribe()
        self.write(closed_cleanly=True)


def pending_restore(folder: Path) -> SaveFile | None:
    """The autosave left by a session that did not close cleanly, if any.

    A damaged autosave is moved aside (see :func:`move_aside`) so it never blocks a start, and is not offered.
    """
    path = folder / "autosave.json"
    if not path.exists():
        return None
    try:
        save = read_save(path)
    except SaveError:
        move_aside(path)
        return None
    return None if save.closed_cleanly else save


def move_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.damaged-<n>`` next to it (kept, never deleted); the new path."""
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.damaged-{n}")
        if not target.exists() and not target.is_symlink():
            try:
                path.replace(target)
            except OSError:
                return None
            return target
    return None


def clean_temp_files(folder: Path) -> list[Path]:
    """Remove the temp files of atomic writes killed part-way (``.<name>.<random>.tmp``); the paths removed."""
    removed: list[Path] = []
    try:
        candidates = sorted(folder.glob(".*.tmp"))
    except OSError:
        return removed
    for path in candidates:
        with contextlib.suppress(OSError):
            if path.is_file() and not path.is_symlink():
                path.unlink()
                removed.append(path)
    return removed
