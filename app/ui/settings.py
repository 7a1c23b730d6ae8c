"""Where Adjutant keeps its files, the user's preferences and the list of recent saves (JSON in the data dir)."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs

from app.core.saves import write_atomic

RECENT_MAX = 10


def data_dir() -> Path:
    """``$ADJUTANT_DATA_DIR`` or the platform's user data folder for Adjutant."""
    env = os.environ.get("ADJUTANT_DATA_DIR")
    path = Path(env) if env else Path(platformdirs.user_data_dir("Adjutant"))
    path.mkdir(parents=True, exist_ok=True)
    return path


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
