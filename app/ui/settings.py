"""Where Adjutant keeps its files, the user's preferences and the list of recent saves (JSON in the data dir)."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from app.core.errors import SaveError
from app.core.saves import SaveFile, read_save, write_atomic

RECENT_MAX = 10


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
class Preferences:
    """What the user chose in Preferences."""

    language: str = "en"
    table_mode: bool = False
    counter_scale: float = 1.0
    step_mode: bool = False
    minimap: bool = True

    @classmethod
    def load(cls, folder: Path | None = None) -> Preferences:
        """Read preferences (defaults for anything missing or unreadable)."""
        path = (folder or data_dir()) / "preferences.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        known = {f.name for f in fields(cls)}
        prefs = cls()
        for key, value in data.items() if isinstance(data, dict) else ():
            if key in known and isinstance(value, type(getattr(prefs, key))):
                setattr(prefs, key, value)
        return prefs

    def save(self, folder: Path | None = None) -> None:
        """Write preferences."""
        write_atomic((folder or data_dir()) / "preferences.json", json.dumps(asdict(self), indent=1))


def recent_saves(folder: Path | None = None) -> list[Path]:
    """Recently opened or saved games that still exist, newest first."""
    path = (folder or data_dir()) / "recent.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [Path(p) for p in data if isinstance(p, str) and Path(p).exists()][:RECENT_MAX]


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
