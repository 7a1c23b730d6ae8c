"""Where Adjutant keeps its files, the user's preferences and the list of recent saves (JSON in the data dir).

The app always starts (issue 16): :func:`prepare_data_dir` removes temp files of killed writes, moves a damaged
autosave or preferences file aside (kept as ``<name>.damaged-<n>``, never deleted) and, when the data folder
is unusable, runs from a temporary folder without autosave; :class:`StartupReport` says what happened.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs

from app.core.datafile import DataFileError, clip, read_json_file
from app.core.errors import SaveError
from app.core.i18n import LANGUAGES
from app.core.saves import SaveFile, clean_temp_files, move_aside, read_save, write_atomic

RECENT_MAX = 10
SETTINGS_BYTES = 256 * 1024


def data_dir() -> Path:
    """``$ADJUTANT_DATA_DIR`` or the platform's user data folder for Adjutant."""
    env = os.environ.get("ADJUTANT_DATA_DIR")
    path = Path(env) if env else Path(platformdirs.user_data_dir("Adjutant"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def documents_dir() -> Path:
    """Where the Save and Open dialogs start: the user's documents folder (the home folder if there is none)."""
    path = Path(platformdirs.user_documents_dir())
    return path if path.is_dir() else Path.home()


@dataclass
class StartupReport:
    """What :func:`prepare_data_dir` found.

    Attributes:
        folder: The data folder to use (a temporary one when the real one is unusable).
        unusable: Why the real data folder cannot be used ("" when it can); autosave is then off.
        moved: Damaged files moved aside, as (original, new path).
        cleaned: Leftover temp files removed.
    """

    folder: Path
    unusable: str = ""
    moved: list[tuple[Path, Path]] = field(default_factory=list)
    cleaned: list[Path] = field(default_factory=list)


def prepare_data_dir() -> StartupReport:
    """Make the data folder ready so the app always starts (see the module docstring)."""
    try:
        folder = data_dir()
        _check_writable(folder)
    except (OSError, ValueError) as exc:
        reason = clip(getattr(exc, "strerror", None) or str(exc), 200)
        return StartupReport(Path(tempfile.mkdtemp(prefix="adjutant-")), f"{folder_name()}: {reason}")
    report = StartupReport(folder, cleaned=clean_temp_files(folder))
    autosave = folder / "autosave.json"
    if autosave.exists() and _damaged_save(autosave):
        _move(report, autosave)
    prefs = folder / "preferences.json"
    if prefs.exists() and Preferences.read(prefs) is None:
        _move(report, prefs)
    return report


def _check_writable(folder: Path) -> None:
    """Create and remove a file in ``folder``: OSError when it cannot be written. Not synced to disk (nothing is
    kept), which spares the start a disk flush (DESIGN §10); a probe left by a kill is a temp file cleaned later."""
    handle, name = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=folder)
    os.close(handle)
    Path(name).unlink()


def folder_name() -> str:
    """The configured data folder as text (for messages)."""
    return os.environ.get("ADJUTANT_DATA_DIR") or platformdirs.user_data_dir("Adjutant")


def _damaged_save(path: Path) -> bool:
    try:
        read_save(path)
    except SaveError:
        return True
    return False


def _move(report: StartupReport, path: Path) -> None:
    target = move_aside(path)
    if target is not None:
        report.moved.append((path, target))


@dataclass
class Preferences:
    """What the user chose in Preferences."""

    language: str = "en"
    table_mode: bool = False
    counter_scale: float = 1.0
    step_mode: bool = False
    minimap: bool = True
    fast_answers: list[str] = field(default_factory=list)  # rule ids of decisions answered with their default

    def answers_fast(self, rule_id: str) -> bool:
        """Whether the player opted for fast play on the decisions ``rule_id`` asks (their default is taken)."""
        return bool(rule_id) and rule_id in self.fast_answers

    def set_fast_answer(self, rule_id: str, on: bool) -> None:
        """Remember (or forget) fast play for the decisions ``rule_id`` asks."""
        rest = [r for r in self.fast_answers if r != rule_id and isinstance(r, str)]
        self.fast_answers = sorted([*rest, rule_id]) if on and rule_id else rest

    @classmethod
    def load(cls, folder: Path | None = None) -> Preferences:
        """Read preferences (defaults when the file is missing or damaged)."""
        return cls.read((folder or data_dir()) / "preferences.json") or cls()

    @classmethod
    def read(cls, path: Path) -> Preferences | None:
        """The preferences in ``path``; ``None`` when it is unreadable or holds a value this build cannot use.

        A missing file gives the defaults. Unknown keys are ignored (a newer build may add some).
        """
        if not path.exists():
            return cls()
        try:
            data = read_json_file(path, max_bytes=SETTINGS_BYTES, max_depth=4)
        except DataFileError:
            return None
        if not isinstance(data, dict):
            return None
        prefs = cls()
        for item in fields(cls):
            value = data.get(item.name, getattr(prefs, item.name))
            if type(value) is int and type(getattr(prefs, item.name)) is float:
                value = float(value)
            if type(value) is not type(getattr(prefs, item.name)):
                return None
            setattr(prefs, item.name, value)
        usable = prefs.language in LANGUAGES and math.isfinite(prefs.counter_scale)
        return prefs if usable and 0.5 <= prefs.counter_scale <= 1.5 else None

    def save(self, folder: Path | None = None) -> None:
        """Write preferences."""
        write_atomic((folder or data_dir()) / "preferences.json", json.dumps(asdict(self), indent=1))


def recent_saves(folder: Path | None = None) -> list[Path]:
    """Recently opened or saved games that still exist, newest first."""
    path = (folder or data_dir()) / "recent.json"
    try:
        data = read_json_file(path, max_bytes=SETTINGS_BYTES, max_depth=4)
    except DataFileError:
        return []
    found: list[Path] = []
    for item in data[: RECENT_MAX * 2] if isinstance(data, list) else ():
        with contextlib.suppress(OSError, ValueError):  # a NUL byte or an overlong name in a damaged list
            if isinstance(item, str) and Path(item).is_file():
                found.append(Path(item))
    return found[:RECENT_MAX]


def add_recent(save: Path, folder: Path | None = None) -> None:
    """Put a save at the top of the recent list."""
    items = [str(save.resolve())] + [str(p) for p in recent_saves(folder) if p.resolve() != save.resolve()]
    with contextlib.suppress(OSError):
        write_atomic((folder or data_dir()) / "recent.json", json.dumps(items[:RECENT_MAX], indent=1))


def last_game(folder: Path | None = None) -> SaveFile | None:
    """The last game played, as its autosave left it when its window closed, if it has any move (what the
    start page offers to continue; an autosave left by a crash is offered as a restore instead)."""
    path = (folder or data_dir()) / "autosave.json"
    try:
        save = read_save(path)
    except (SaveError, OSError):
        return None
    return save if save.closed_cleanly and save.commands else None
