"""The state before the first command: the forces as the scenario places them (LNL-SETUP-1, LNL-SNIPER-1)."""

from __future__ import annotations

from dataclasses import replace

from app.core.dice import Dice
from app.geometry.hexgrid import Hex
from app.systems.lnl.board import Runtime
from app.systems.lnl.scenario import UnitPlacement
from app.systems.lnl.state import State, Unit, Weapon
from app.systems.lnl.victory import initial_control


def _weapons(p: UnitPlacement, side: str) -> tuple[Weapon, ...]:
    """The carried SWs; the first of each listed type in ``jammed`` / ``stowed`` is so (LNL-SW-7, LNL-SW-9)."""
    jammed, stowed, found = list(p.jammed), list(p.stowed), []
    for kind in p.weapons:
        weapon = Weapon(kind, owner_side=side, jammed=kind in jammed, stowed=kind in stowed)
        for marks in (jammed, stowed):
            if kind in marks:
                marks.remove(kind)
        found.append(weapon)
    return tuple(found)


def initial_state(runtime: Runtime, seed: int) -> State:
    """Counters placed by the scenario (ids ``a1``… and ``x1``… unless given), its start position and the hex
    markers of its set-up (LNL-SETUP-1)."""
    model = runtime.model
    units = []
    for force in model.forces:
        prefix = "a" if force.side == "allies" else "x"
        for i, p in enumerate(force.units, 1):
            units.append(
                Unit(
                    id=p.id or f"{prefix}{i}",
                    side=force.side,
                    type=p.type,
                    hex=None if p.off_map else runtime.hex(p.at),
                    level=p.level,
                    shaken=p.status == "shaken",
                    wounded=p.wounded,
                    markers=tuple(sorted(set(p.markers))),
                    weapons=_weapons(p, force.side),
                    skill=p.skill,
                    facing=p.facing,
                    buttoned=p.buttoned,
                )
            )
    start = model.start
    initiative = start.initiative or model.initiative
    placed: set[tuple[Hex, str]] = {
        (runtime.hex(label), mark) for label, marks in start.hex_markers.items() for mark in marks
    }
    placed |= {(runtime.hex(x.at), x.state_marker()) for x in model.markers}
    markers = tuple(sorted(placed))
    state = State(
        runtime=runtime,
        dice=Dice(seed=seed),
        units=tuple(units),
        turn=start.turn,
        initiative=initiative,
        active=initiative,
        hex_markers=markers,
    )
    if start.phase == "operations":
        state = replace(state, phase="operations", rolled=True, rally_done=("allies", "axis"))
    return initial_control(state)
