"""The editor's rules-aware checks of a squad-game scenario that loads (LNL-STACK-1, LNL-STACK-2, LNL-STACK-3,
LNL-STACK-4, LNL-MOVE-2, LNL-SW-1, LNL-MEDIC-1).

Each finding names the JSON path of the culprit so the editor can point at it on the board: stacking over the
limits of a hex (counted per building storey), a vehicle or a gun over 20 mm where it may not stand, a counter
carrying more support weapons than it can, a counter outside its side's set-up zone, and victory conditions no
one can meet.
"""

from __future__ import annotations

from collections import defaultdict

from app.core.i18n import Text, t
from app.geometry.hexgrid import Hex
from app.scenario.editor.plugin import Finding
from app.systems.lnl.board import Runtime
from app.systems.lnl.scenario import LnlScenario, UnitPlacement
from app.systems.lnl.tables import UnitType

Where = tuple[Hex, int]
LIMITS = (("squads", 3.0, "LNL-STACK-1"), ("smcs", 2.0, "LNL-STACK-2"), ("vehicles", 2.0, "LNL-STACK-3"))
CARRY = {"squad": 2, "half_squad": 1, "crew": 1, "leader": 1, "hero": 1, "scout": 1, "sniper": 1}


def findings(model: LnlScenario, runtime: Runtime) -> list[Finding]:
    """Every problem of a scenario that loads."""
    return [*_stacking(model, runtime), *_placements(model, runtime), *_zones(model, runtime), *_victory(model)]


def _units(model: LnlScenario) -> list[tuple[str, str, UnitPlacement, UnitType]]:
    catalogue = model.catalogue()
    return [
        (f"$.forces[{f}].units[{u}]", force.side, unit, catalogue[unit.type])
        for f, force in enumerate(model.forces)
        for u, unit in enumerate(force.units)
        if not unit.off_map
    ]


def _stacking(model: LnlScenario, runtime: Runtime) -> list[Finding]:
    """LNL-STACK-1, LNL-STACK-2, LNL-STACK-3 in each hex, per building storey (LNL-STACK-4) and side."""
    counts: dict[tuple[Where, str, str], float] = defaultdict(float)
    first: dict[tuple[Where, str, str], str] = {}
    for path, side, unit, kind in _units(model):
        key = "vehicles" if kind.cls == "vehicle" else "smcs" if kind.smc else "squads"
        amount = 1.0 if key != "squads" else kind.squad_equivalent
        slot = ((runtime.hex(unit.at), unit.level), side, key)
        counts[slot] += amount
        first.setdefault(slot, path)
    found = []
    for (place, side, key), total in counts.items():
        limit, rule = next((lim, r) for k, lim, r in LIMITS if k == key)
        if total > limit:
            label = runtime.grid.label(place[0])
            message = t(
                "{hex} (storey {level}) holds {total} {what} of one side; at most {limit} ({rule})",
                hex=label,
                level=place[1],
                total=f"{total:g}",
                what=_what(key),
                limit=f"{limit:g}",
                rule=rule,
            )
            found.append(Finding("error", first[(place, side, key)] + ".at", message, label))
    return found


def _what(key: str) -> Text:
    return {"squads": t("squad-equivalents"), "smcs": t("single-man counters"), "vehicles": t("vehicles")}[key]


def _placements(model: LnlScenario, runtime: Runtime) -> list[Finding]:
    """Vehicles off vehicle terrain, big guns in buildings (LNL-MOVE-2), too many weapons (LNL-SW-1)."""
    found = []
    for path, _side, unit, kind in _units(model):
        h = runtime.hex(unit.at)
        terrain, label = runtime.terrain(h), runtime.grid.label(h)
        if terrain.impassable or (kind.cls == "vehicle" and terrain.vehicle_mp is None):
            message = t("{unit} cannot stand in {terrain} at {hex}", unit=kind.name, terrain=terrain.name, hex=label)
            found.append(Finding("error", path + ".at", message, label))
        elif kind.gun_over_20mm and terrain.building:
            message = t("{unit} may not set up in a building (LNL-MOVE-2)", unit=kind.name)
            found.append(Finding("error", path + ".at", message, label))
        if len(unit.weapons) > CARRY.get(kind.cls, 0):
            message = t(
                "{unit} carries {n} support weapons; it may carry {most} (LNL-SW-1)",
                unit=kind.name,
                n=len(unit.weapons),
                most=CARRY.get(kind.cls, 0),
            )
            found.append(Finding("error", path + ".weapons", message, label))
    return found


def _zones(model: LnlScenario, runtime: Runtime) -> list[Finding]:
    """Counters outside their side's set-up zone (when the side has one)."""
    found = []
    for f, force in enumerate(model.forces):
        zone = {runtime.hex(label) for label in force.setup_zone}
        for u, unit in enumerate(force.units):
            if zone and not unit.off_map and runtime.hex(unit.at) not in zone:
                label = runtime.grid.label(runtime.hex(unit.at))
                message = t("{unit} at {hex} is outside its set-up zone", unit=unit.type, hex=label)
                found.append(Finding("warning", f"$.forces[{f}].units[{u}].at", message, label))
    shared = set.intersection(*({runtime.hex(x) for x in force.setup_zone} for force in model.forces))
    if shared:
        labels = ", ".join(sorted(runtime.grid.label(h) for h in shared))
        found.append(Finding("warning", "$.forces", t("Both sides may set up in {hexes}", hexes=labels)))
    return found


def _victory(model: LnlScenario) -> list[Finding]:
    victory = model.victory
    if victory.needed > len(set(victory.hexes)):
        message = t(
            "The attacker needs {needed} victory hexes but the scenario has {count}",
            needed=victory.needed,
            count=len(set(victory.hexes)),
        )
        return [Finding("error", "$.victory.needed", message)]
    if not victory.hexes:
        return [Finding("warning", "$.victory.hexes", t("No victory hexes: only eliminating the enemy wins"))]
    return []
