"""Operation Typhoon 1941 (Game Journal): the chit-pull operational game of Army Group Centre's drive on Moscow."""

from __future__ import annotations

from app.core.system import GameSystem
from app.systems.typhoon.runtime import Runtime
from app.systems.typhoon.state import State
from app.systems.typhoon.system import TyphoonSystem

SYSTEM: GameSystem[State, Runtime] = TyphoonSystem()
