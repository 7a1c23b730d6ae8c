"""Test-only helpers: the toy game system, its scenario, and discovery of the real systems."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Iterable, Mapping
from typing import Any

from app.core.session import Mode, Session
from app.core.system import GameSystem
from app.scenario.catalog import open_session
from tests.support.toy import SYSTEM, TOY_SCENARIO

TOY_SYSTEMS: Mapping[str, GameSystem] = {"toy": SYSTEM}


def toy_session(seed: int = 1, mode: Mode = "digital") -> Session:
    """A session on the bundled toy scenario."""
    return open_session(TOY_SCENARIO, TOY_SYSTEMS, seed=seed, mode=mode)


def real_systems() -> dict[str, GameSystem]:
    """The systems registered by the composition root (``app.__main__.load_systems``), if it exists yet."""
    try:
        module = importlib.import_module("app.__main__")
    except ImportError as exc:  # the composition root or a system is not there yet: say so, run the toy only
        warnings.warn(f"real game systems not loaded: {exc}", stacklevel=2)
        return {}
    load = getattr(module, "load_systems", None)
    if not callable(load):
        return {}
    found: Any = load()
    if isinstance(found, Mapping):
        return dict(found)
    return {system.info.id: system for system in _iterable(found)}


def _iterable(value: Any) -> Iterable[GameSystem]:
    return value if isinstance(value, Iterable) else ()
