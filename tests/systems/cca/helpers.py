"""Building small positions on the standard board for rule tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.core.messages import Command
from app.systems.cca import SYSTEM
from app.systems.cca.scenario import CcaScenario
from app.systems.cca.state import Hex, State, Turn

Placement = tuple[str, str, str]  # side, class, hex label


def scenario(
    units: list[Placement],
    leaders: list[tuple[str, str]] = (),
    terrain: dict[str, str] | None = None,
    hexsides: list[dict[str, str]] | None = None,
    **rules: Any,
) -> CcaScenario:
    """A scenario with the given pieces (each side also gets a far-away filler unit)."""
    armies = []
    for side in ("bottom", "top"):
        mine = [{"cls": c, "at": at} for s, c, at in units if s == side] or [
            {"cls": "LI", "at": "0109" if side == "bottom" else "0101"}
        ]
        armies.append(
            {
                "side": side,
                "name": {"en": side},
                "command": 4,
                "banners": 6,
                "units": mine,
                "leaders": [{"at": at, "name": f"{side}-{at}"} for s, at in leaders if s == side],
            }
        )
    return CcaScenario.model_validate(
        {
            "format": "adjutant-scenario",
            "system": "cca",
            "schema_version": 1,
            "id": "t",
            "title": {"en": "t"},
            "board": {
                "ref": "resources:boards/cca_standard.json",
                "terrain": terrain or {},
                "hexsides": hexsides or [],
            },
            "armies": armies,
            "first_player": "bottom",
            "rules": rules,
        }
    )


def position(
    units: list[Placement],
    leaders: list[tuple[str, str]] = (),
    *,
    ordered: tuple[str, ...] = (),
    phase: str = "battle",
    card: str = "four_centre",
    seed: int = 1,
    **kw: Any,
) -> State:
    """A state in ``phase`` of bottom's turn with ``ordered`` pieces ordered."""
    model = scenario(units, leaders, **kw)
    state = SYSTEM.initial_state(SYSTEM.load_scenario(model, None), seed)
    return replace(state, phase=phase, turn=Turn(card=card, played=card, ordered=ordered), turn_number=1)  # type: ignore[arg-type]


def hx(state: State, label: str) -> Hex:
    """Axial hex of a label."""
    return state.runtime.grid.from_label(label)


def at(state: State, label: str) -> str:
    """Id of the unit at a label."""
    unit = state.unit_at(hx(state, label))
    assert unit is not None, label
    return unit.id


def do(state: State, command: Command, dice: tuple[int, ...] = ()) -> tuple[State, list[Any]]:
    """Apply with explicit dice (1 light, 2 medium, 3 heavy, 4 helmet, 5 flag, 6 swords)."""
    new, events = SYSTEM.apply(state, command.model_copy(update={"dice": dice}))
    return new, list(events)
