"""The toy game system, a package of its own like ``app/systems/<id>`` (see :mod:`tests.toy.system`).

Exports :data:`SYSTEM` (what a registry entry names) and, for tests, its commands, scenario model and the
bundled scenario.
"""

from __future__ import annotations

from pathlib import Path

from app.core.i18n import Text
from tests.toy.messages import Advance, CounterMoved, Gamble, Rest
from tests.toy.scenario import ToyScenario
from tests.toy.system import SYSTEM, ToySystem

SCENARIOS = Path(__file__).with_name("scenarios")
"""The toy's bundled scenarios, ``scenarios/toy/*.json`` (as ``scenarios/<folder>/`` for a shipped system)."""
TOY_SCENARIO = SCENARIOS / "toy" / "toy_race.json"


def render(value: Text | str) -> str:
    """English rendering shortcut for assertions."""
    return value if isinstance(value, str) else value.render("en")


__all__ = [
    "SCENARIOS",
    "SYSTEM",
    "TOY_SCENARIO",
    "Advance",
    "CounterMoved",
    "Gamble",
    "Rest",
    "ToyScenario",
    "ToySystem",
    "render",
]
