"""Test-only helpers: the toy game system's registry line, its sessions, and the registered systems.

The toy system (package :mod:`tests.toy`) plugs in exactly as a shipped system does, with one registry line:
:data:`TOY_ENTRY` is that line, and :func:`registry_with_toy` is the shipped table plus it — the shipped registry
(``app.__main__.REGISTRY``) never names a test system.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.__main__ import REGISTRY, LazySystems, SystemEntry, load_systems
from app.core.i18n import t
from app.core.session import Mode, Session
from app.core.system import GameSystem
from app.scenario.catalog import open_session
from tests.toy import SYSTEM, TOY_SCENARIO

TOY_ENTRY: Mapping[str, SystemEntry] = {"toy": SystemEntry("tests.toy", t("Toy race"))}
"""The toy's registry line, as it would read in ``app.__main__.REGISTRY``."""
TOY_SYSTEMS: Mapping[str, GameSystem] = {"toy": SYSTEM}


def registry_with_toy() -> LazySystems:
    """The shipped registry with the toy's line added (lazy, as the app's)."""
    return LazySystems({**REGISTRY, **TOY_ENTRY})


def toy_session(seed: int = 1, mode: Mode = "digital") -> Session:
    """A session on the bundled toy scenario."""
    return open_session(TOY_SCENARIO, TOY_SYSTEMS, seed=seed, mode=mode)


def real_systems() -> dict[str, GameSystem]:
    """The systems registered by the composition root (``app.__main__.load_systems``)."""
    return load_systems()
