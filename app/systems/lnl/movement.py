"""Movement: normal, low crawl, stealth, assault, forced march, minimum move, vehicles (LNL-MOVE-1, LNL-MOVE-2,
LNL-MOVE-3, LNL-MOVE-5, LNL-MOVE-6, LNL-MOVE-7, LNL-MOVE-8, LNL-MOVE-10, LNL-MOVE-11, LNL-MOVE-12, LNL-CRAWL-1,
LNL-CRAWL-3, LNL-CRAWL-4, LNL-CRAWL-5, LNL-STEALTH-1, LNL-STEALTH-4, LNL-STEALTH-5, LNL-STEALTH-6,
LNL-STEALTH-7, LNL-ASSAULT-1, LNL-ASSAULT-2, LNL-ASSAULT-3, LNL-ASSAULT-5, LNL-SCOUT-4, LNL-STACK-5,
LNL-VMOVE-1, LNL-VMOVE-2, LNL-VMOVE-3, LNL-VASSAULT-1, LNL-VASSAULT-2, LNL-VEH-2, LNL-VEH-3, LNL-SW-1, LNL-SW-9)."""

from __future__ import annotations

import math
from dataclasses import replace

from app.core.i18n import t
from app.geometry.hexgrid import Hex
from app.systems.lnl.forces import activation_problem, cls, is_vehicle, lm, may_act, stacking_problem
from app.systems.lnl.messages import Ctx, MoveMode
from app.systems.lnl.skills import move_bonus
from app.systems.lnl.spotting import exposed, los
from app.systems.lnl.state import Move, State, Unit, other
from app.systems.lnl.view_names import hex_name, units_named

MARKER = {"normal": "moved", "low_crawl": "low_crawl", "stealth": "stealth", "assault": "assault_move"}
SCOUT_EASY = ("woods", "brush", "wheat", "orchard")


def unit_mp(state: State, unit: Unit) -> int:
    """Printed MP, −2 for an SMC carrying a SW (LNL-SW-1), halved (up) for a Shaken vehicle (LNL-VEH-3)."""
    mp = state.spec(unit).mp + move_bonus(state, unit)
    if state.spec(unit).smc and unit.weapons:
        mp -= 2
    if is_vehicle(state, unit) and unit.shaken:
        mp = math.ceil(mp / 2)
    return max(mp, 0)


def mode_problem(state: State, units: list[Unit], mode: MoveMode) -> str:
    """Why the stack may not move this way, or "" (LNL-STEALTH-1, LNL-STEALTH-5, LNL-ASSAULT-1, LNL-CRAWL-3,
    LNL-SW-9)."""
    kinds = [cls(state, u) for u in units]
    if any(state.runtime.unit_type(w.type).tripod and not w.stowed for u in units for w in u.weapons):
        return "LNL-SW-9"
    if mode == "low_crawl" and ("weapon_team" in kinds or "vehicle" in kinds):
        return "LNL-CRAWL-3"
    if mode == "stealth":
        able = [u for u in units if state.spec(u).stealth]
        if not able or any(
            not state.spec(u).stealth and k not in ("leader", "hero") for u, k in zip(units, kinds, strict=True)
        ):
            return "LNL-STEALTH-5" if able or any(k in ("leader", "hero") for k in kinds) else "LNL-STEALTH-1"
    if mode == "assault":
        able = [u for u, k in zip(units, kinds, strict=True) if state.spec(u).assault or k in ("vehicle", "hero")]
        if not able or any(u not in able and k != "leader" for u, k in zip(units, kinds, strict=True)):
            return "LNL-ASSAULT-1"
    if mode != "normal" and any(u.shaken for u in units):
        return "LNL-MOVE-7"
    return ""


def allowance(state: State, units: list[Unit], mode: MoveMode) -> int:
    """MP of the stack: the slowest unit; +2 with a GO leader, at most the leader's MP (LNL-MOVE-5, not with
    stealth, LNL-STEALTH-4); halved, rounded up, for stealth and assault (LNL-STEALTH-6, LNL-ASSAULT-3, Q6)."""
    base = min(unit_mp(state, u) for u in units)
    leaders = [u for u in units if lm(state, u) > 0]
    others = [u for u in units if u not in leaders]
    if leaders and others and mode in ("normal", "assault"):
        base = min(min(unit_mp(state, u) for u in others) + 2, *(unit_mp(state, u) for u in leaders))
    return math.ceil(base / 2) if mode in ("stealth", "assault") else base


def entry_cost(state: State, units: list[Unit], src: Hex, dst: Hex, *, level: int, start_level: int) -> int | None:
    """MP to enter ``dst`` (``None``: prohibited): terrain MP, 1 to change storey, 1 in woods, brush and fields
    with a scout (LNL-SCOUT-4); a weapon team with a gun over 20 mm never enters buildings or crosses walls and
    hedges (LNL-MOVE-2); vehicles use their own costs (LNL-VEH-2); infantry moving with a vehicle pay the cost
    on foot where the vehicle may also go (LNL-VMOVE-3)."""
    terrain = state.runtime.terrain(dst)
    if terrain.impassable:
        return None
    vehicles = [u for u in units if is_vehicle(state, u)]
    if src == dst:
        return 1 if level != start_level and terrain.building and not vehicles else None
    if vehicles:
        alone = vehicle_cost(state, vehicles[0], src, dst)
        units = [u for u in units if not is_vehicle(state, u)]
        if alone is None or not units:
            return alone
    heavy_gun = any(state.spec(u).gun_over_20mm for u in units)
    if heavy_gun and (terrain.building or state.runtime.grid.edge_features(src, dst)):
        return None
    if any(cls(state, u) == "scout" for u in units) and terrain.id in SCOUT_EASY:
        return 1
    return terrain.mp


def vehicle_cost(state: State, vehicle: Unit, src: Hex, dst: Hex) -> int | None:
    """Forward only; 1 MP per hexside turned; reversing costs double; no enemy vehicles (LNL-VMOVE-1,
    LNL-VMOVE-2); off-road (O) vehicles pay double off roads (authored), road (R) ones stay on roads and open."""
    terrain = state.runtime.terrain(dst)
    cost = terrain.vehicle_mp
    if cost is None or any(is_vehicle(state, u) and u.side != vehicle.side for u in state.at(dst)):
        return None
    kind = state.spec(vehicle).move_type
    if kind == "R" and terrain.id not in ("road", "open"):
        return None
    if kind == "O" and terrain.id != "road":
        cost *= 2
    d = state.runtime.grid.direction_index(src, dst)
    assert d is not None
    if d == (vehicle.facing + 3) % 6:
        return cost * 2
    turn = min((d - vehicle.facing) % 6, (vehicle.facing - d) % 6)
    return cost + turn


def stack_units(state: State) -> list[Unit]:
    """The moving stack's units still moving (a vehicle wrecked on the way stops, LNL-PEN-6)."""
    assert state.moving is not None
    return [u for i in state.moving.units if (u := state.unit(i)) is not None and u.hex is not None and not u.wreck]


def start_problem(state: State, side: str, ids: tuple[str, ...], mode: MoveMode) -> str:
    """Why these units may not start a move together, or "" (LNL-MOVE-3, LNL-OPS-4: one hex and storey)."""
    units = [state.unit(i) for i in ids]
    if not ids or any(u is None or u.side != side or not may_act(state, u) for u in units):
        return "LNL-OPS-5"
    found = [u for u in units if u is not None]
    if len({(u.hex, u.level) for u in found}) != 1 or activation_problem(state, found):
        return "LNL-OPS-4"
    vehicles = sum(1 for u in found if is_vehicle(state, u))
    if vehicles > 1 or (vehicles and len(found) > 1 and mode != "normal"):
        return "LNL-VMOVE-3"
    if any(state.spec(u).mp == 0 for u in found):
        return "LNL-SNIPER-2"
    return mode_problem(state, found, mode)


def begin(state: State, ids: tuple[str, ...], mode: MoveMode) -> State:
    """Activate the stack (its MP and whether it was exposed before moving, LNL-OPFIRE-2)."""
    units = [state.get(i) for i in ids]
    was_exposed = any(exposed(state, u) for u in units)
    foot = [u for u in units if not is_vehicle(state, u)]
    vmp = min((unit_mp(state, u) for u in units if is_vehicle(state, u)), default=0) if foot else 0
    mp = allowance(state, foot or units, mode)
    return replace(state, moving=Move(tuple(ids), mode, mp, exposed_before=was_exposed, vmp=vmp))


def _vehicle_part(state: State, units: list[Unit], dst: Hex) -> int:
    """What entering ``dst`` costs the vehicle moving with infantry (LNL-VMOVE-3); 0 without such a pair."""
    move = state.moving
    vehicle = next((u for u in units if is_vehicle(state, u)), None)
    if move is None or not move.vmp or vehicle is None or vehicle.hex is None:
        return 0
    return vehicle_cost(state, vehicle, vehicle.hex, dst) or 0


def entry_problem(state: State, dst: Hex, level: int) -> tuple[str, int]:
    """Why the moving stack may not enter ``dst`` (rule ID or ""), and the MP it costs."""
    move = state.moving
    assert move is not None
    units = stack_units(state)
    if not units:
        return "LNL-MOVE-4", 0
    src, start_level = units[0].hex, units[0].level
    assert src is not None
    grid = state.runtime.grid
    if dst != src and grid.direction_index(src, dst) is None:
        return "LNL-MOVE-1", 0
    if any(is_vehicle(state, u) for u in units) and any(
        is_vehicle(state, e) and e.side != units[0].side for e in state.at(dst)
    ):
        return "LNL-VMOVE-2", 0
    cost = entry_cost(state, units, src, dst, level=level, start_level=start_level)
    if cost is None:
        return "LNL-MOVE-2", 0
    if level and level >= state.runtime.storeys.get(dst, 0):
        return "LNL-STACK-4", 0
    enemy = [
        u
        for u in state.at(dst)
        if u.side != units[0].side and not u.wreck and (u.level == level or is_vehicle(state, u))
    ]
    if enemy and (move.mode in ("assault", "low_crawl") or any(is_vehicle(state, u) for u in units)):
        return ("LNL-ASSAULT-2" if move.mode == "assault" else "LNL-MOVE-8"), cost
    if enemy and any(u.shaken for u in units):
        return "LNL-MELEE-2", cost
    return _mp_problem(state, units, dst, cost, bool(enemy)), cost


def _mp_problem(state: State, units: list[Unit], dst: Hex, cost: int, enemy: bool) -> str:
    move = state.moving
    assert move is not None
    first = not move.path
    if move.mode == "low_crawl":
        return "" if first and cost < move.mp else "LNL-CRAWL-4" if first else "LNL-CRAWL-1"
    if move.mode == "assault" and cost >= move.mp:
        return "LNL-ASSAULT-2"
    if move.vmp and (move.spent + cost > move.mp or move.vspent + _vehicle_part(state, units, dst) > move.vmp):
        return "LNL-VMOVE-3"
    if move.spent + cost > move.mp:
        minimum = first and not any(u.shaken for u in units) and not _next_to_enemy(state, dst, units[0].side)
        if not (minimum and not enemy):
            return "LNL-MOVE-7" if first else "LNL-MOVE-1"
    if not enemy:
        rule = stacking_problem(state, dst, units, 0)
        if rule:
            return "LNL-STACK-5"
    return ""


def _next_to_enemy(state: State, h: Hex, side: str) -> bool:
    """Any enemy unit (good order or Shaken) in a hex adjacent to ``h`` (LNL-MOVE-7)."""
    near = set(state.runtime.grid.neighbours(h))
    return any(u.hex in near and not u.wreck for u in state.on_map(other(side)))


def enter(state: State, ctx: Ctx, dst: Hex, level: int) -> State:
    """The stack spends MP and enters ``dst`` (LNL-MOVE-11); a stealth mover entering open ground in enemy
    LOS is spotted (LNL-STEALTH-2)."""
    move = state.moving
    assert move is not None
    units = stack_units(state)
    src = units[0].hex
    assert src is not None
    _rule, cost = entry_problem(state, dst, level)
    vspent = move.vspent + _vehicle_part(state, units, dst)
    spent = move.spent + cost if move.spent + cost <= move.mp else move.mp
    if move.mode == "low_crawl":
        spent = move.mp
    for unit in units:
        moved = replace(unit, hex=dst, level=level if dst == src or state.runtime.storeys.get(dst) else 0)
        d = state.runtime.grid.direction_index(src, dst)
        if d is not None and cls(state, unit) == "weapon_team":
            moved = replace(moved, facing=d)  # faces where it went (LNL-MOVE-10)
        elif d is not None and is_vehicle(state, unit) and d != (unit.facing + 3) % 6:
            moved = replace(moved, facing=d)
        state = state.with_unit(moved)
    state = replace(state, moving=replace(move, spent=spent, path=(*move.path, dst), vspent=vspent))
    text = t("The stack enters {hex} ({mp} MP).", hex=hex_name(state, dst, level), mp=cost)
    table = t("Move {units} to {hex}.", units=units_named(state, units), hex=hex_name(state, dst, level))
    ctx.say("moved", text, "LNL-MOVE-11", at=(dst,), instruction=table)
    if move.mode == "stealth" and state.runtime.terrain(dst).open and _seen(state, units[0].side, dst):
        state = state.mark_hex(dst, "spotted")
        ctx.say("spotted", t("Stealth movers enter open ground in view: spotted."), "LNL-STEALTH-2", at=(dst,))
    return state


def _seen(state: State, side: str, h: Hex) -> bool:
    return any(los(state, u, h).clear for u in state.on_map(other(side)) if not u.shaken)


def finish(state: State, ctx: Ctx) -> State:
    """The stack ends its move and gets its marker (LNL-MOVE-12, LNL-CRAWL-5, LNL-STEALTH-7, LNL-ASSAULT-5)."""
    move = state.moving
    assert move is not None
    for uid in move.units:
        unit = state.unit(uid)
        if unit is not None:
            state = state.with_unit(unit.marked(MARKER[move.mode]))
    ctx.say("stopped", t("The move ends."), "LNL-MOVE-12")
    return state


def destinations(state: State) -> list[tuple[Hex, int]]:
    """Hexes and storeys the moving stack may enter next."""
    units = stack_units(state)
    if not units or state.moving is None:
        return []
    src = units[0].hex
    assert src is not None
    found = []
    for h in (*state.runtime.grid.neighbours(src), src):
        levels = range(state.runtime.storeys.get(h, 1)) if h == src else (0,)
        for level in levels:
            if (h, level) != (src, units[0].level) and not entry_problem(state, h, level)[0]:
                found.append((h, level))
    return found
