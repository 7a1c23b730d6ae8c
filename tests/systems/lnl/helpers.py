"""Positions as data for the squad-game tests: a one-board scenario built in code, explicit dice."""

from __future__ import annotations

from typing import Any

from app.core.messages import Command
from app.core.session import Session
from app.geometry.hexgrid import Hex
from app.systems.lnl import SYSTEM
from app.systems.lnl.scenario import LnlScenario
from app.systems.lnl.state import State, Unit


def unit(type_: str, at: str, uid: str, **extra: Any) -> dict[str, Any]:
    """A unit placement."""
    return {"type": type_, "at": at, "id": uid, **extra}


def scenario(
    allies: list[dict[str, Any]],
    axis: list[dict[str, Any]],
    hexes: dict[str, dict[str, Any]] | None = None,
    **extra: Any,
) -> LnlScenario:
    """A 10x8 open board (plus ``hexes``), starting in the Operations Phase with the allies to act."""
    data: dict[str, Any] = {
        "format": "adjutant-scenario",
        "system": "lnl",
        "schema_version": 1,
        "id": "test",
        "title": {"en": "Test"},
        "board_defs": [{"id": "b", "name": {"en": "B"}, "columns": 10, "rows": 8, "hexes": hexes or {}}],
        "boards": [{"board": "b"}],
        "forces": [
            {"side": "allies", "name": {"en": "Allies", "zh_CN": "盟军"}, "units": allies},
            {"side": "axis", "name": {"en": "Axis", "zh_CN": "轴心"}, "units": axis},
        ],
        "turns": 3,
        "initiative": "allies",
        "victory": {"hexes": [], "attacker": "allies", "needed": 0},
        "start": {"phase": "operations"},
    }
    data.update(extra)
    return LnlScenario.model_validate(data)


def session(model: LnlScenario, seed: int = 1) -> Session:
    """A session on ``model``."""
    return Session(SYSTEM, model, seed=seed)


def state(s: Session) -> State:
    """The session's state."""
    found: State = s.state
    return found


def hx(s: Session, label: str) -> Hex:
    """Axial hex of a label."""
    return state(s).runtime.grid.from_label(label)


def get(s: Session, uid: str) -> Unit | None:
    """A unit by id (None when gone)."""
    return state(s).unit(uid)


def submit(s: Session, command: Command, dice: tuple[int, ...] = ()) -> list[Any]:
    """Submit with explicit dice (none typed: the command must not roll)."""
    return list(s.submit(command.model_copy(update={"dice": dice})))


def said(events: list[Any], what: str) -> list[Any]:
    """The events of one kind (``Happened.what``)."""
    return [e for e in events if getattr(e, "what", "") == what]


def rulings(events: list[Any], what: str) -> list[Any]:
    """The rulings of the events of one kind."""
    return [e.ruling for e in said(events, what) if e.ruling is not None]


def mods(ruling: Any) -> dict[str, int]:
    """Modifier values by rule ID (summed)."""
    found: dict[str, int] = {}
    for m in ruling.modifiers:
        found[m.rule_id] = found.get(m.rule_id, 0) + m.value
    return found
