"""The commands of an Operations Phase impulse (LNL-OPS-1, LNL-OPS-2, LNL-OPS-4): fire groups, heavy weapons,
moves, spotting, smoke, melee rounds, withdrawal, close assault, placing snipers, passing.

Fire groups offered: all the able units of a hex, each unit alone, and a GO leader's whole activation reach
(LNL-LDR-1, LNL-LDR-2); ``apply`` accepts any other legal subset too.
"""

from __future__ import annotations

from collections.abc import Iterator

import app.systems.lnl.messages as m
from app.core.messages import Command
from app.geometry.hexgrid import Hex, hex_distance
from app.systems.lnl.fire import FireProblem, prepare
from app.systems.lnl.forces import chain, cls, fires_after_move, in_melee, is_vehicle, lm, may_act
from app.systems.lnl.guns import gun_attack
from app.systems.lnl.hatches import hatch_commands
from app.systems.lnl.melee import capable
from app.systems.lnl.movement import begin, destinations, start_problem
from app.systems.lnl.overrun import overrun_commands
from app.systems.lnl.sniper import placements
from app.systems.lnl.spotting import spot_problem, worth_spotting
from app.systems.lnl.state import State, Unit, other

MODES: tuple[m.MoveMode, ...] = ("normal", "assault", "stealth", "low_crawl")
SMOKERS = ("squad", "half_squad", "crew", "weapon_team")


def dft_weapons(state: State, unit: Unit, distance: int) -> tuple[str, ...]:
    """The SWs a firer uses against a target ``distance`` away: working, DFT (no to-hit table), in range, within
    its carrying limit; a squad uses two only if they beat its own FP plus the best one (LNL-SW-2)."""
    usable = []
    for w in unit.weapons:
        sw = state.runtime.unit_type(w.type)
        reach = sw.range * (2 if sw.long_range else 1)
        if not w.jammed and not w.stowed and sw.gun is None and sw.fp > 0 and distance <= reach:
            usable.append((sw.fp, w.type))
    usable.sort(reverse=True)
    kind, own = cls(state, unit), state.spec(unit).fp
    if not usable or kind in ("medic", "sniper", "weapon_team", "vehicle"):
        return ()
    if kind == "squad":
        count = 2 if len(usable) >= 2 and usable[1][0] > own else 1
        return tuple(f"{unit.id}:{k}" for _, k in usable[:count])
    best = usable[0][0]
    worth = (best + 1) // 2 if kind in ("leader", "scout") else best
    return (f"{unit.id}:{usable[0][1]}",) if worth > own else ()


def _fire_groups(state: State, units: list[Unit]) -> Iterator[list[Unit]]:
    if len(units) > 1:
        yield units
    for unit in units:
        yield [unit]
    for leader in (u for u in units if lm(state, u) > 0):
        reach = chain(state, leader)
        wider = [u for u in state.on_map(leader.side) if u.hex in reach and _can_fire(state, u)]
        if len(wider) > len(units):
            yield wider


def _can_fire(state: State, unit: Unit) -> bool:
    if state.moving is not None and state.moving.done:
        return fires_after_move(state, unit) and not unit.shaken and cls(state, unit) != "medic"
    return may_act(state, unit) and not unit.shaken and cls(state, unit) != "medic"


def _targets(state: State, side: str) -> list[tuple[Hex, int]]:
    found = set()
    for u in state.on_map(other(side)):
        assert u.hex is not None
        found.add((u.hex, 0 if is_vehicle(state, u) else u.level))
    return sorted(found)


def fire_commands(state: State, side: str, opfire: bool = False) -> list[Command]:
    """Fire groups and heavy-weapon shots the side may make (LNL-FIRE-1, LNL-HW-1)."""
    stacks: dict[tuple[Hex | None, int], list[Unit]] = {}
    for unit in state.on_map(side):
        if _can_fire(state, unit) or (opfire and _may_opfire(state, unit)):
            stacks.setdefault((unit.hex, unit.level), []).append(unit)
    targets = _targets(state, side) if state.moving is None or not opfire else _moving_target(state)
    found: dict[str, Command] = {}
    for units in stacks.values():
        for target, level in targets:
            for cmd in _stack_fire(state, side, units, target, level, opfire=opfire):
                found.setdefault(cmd.key(), cmd)
    return list(found.values())


def any_opfire(state: State, side: str) -> bool:
    """Whether ``side`` has at least one opportunity fire at the moving stack (stops at the first, LNL-OPFIRE-1)."""
    targets = _moving_target(state)
    for unit in state.on_map(side):
        if not _may_opfire(state, unit) or unit.hex is None:
            continue
        for target, level in targets:
            if hex_distance(unit.hex, target) > 2 * max(_reach(state, unit), _gun_reach(state, unit)):
                continue
            if next(iter(_stack_fire(state, side, [unit], target, level, opfire=True)), None) is not None:
                return True
    return False


def _gun_reach(state: State, unit: Unit) -> int:
    guns = [state.spec(unit).gun, *(state.runtime.unit_type(w.type).gun for w in unit.weapons)]
    mgs = [mg.range for mg in state.spec(unit).mgs]
    return max([*(g.range for g in guns if g is not None), *mgs], default=0)


def _moving_target(state: State) -> list[tuple[Hex, int]]:
    move = state.moving
    assert move is not None
    units = [state.unit(i) for i in move.units]
    return sorted({(u.hex, u.level) for u in units if u is not None and u.hex is not None})


def _may_opfire(state: State, unit: Unit) -> bool:
    marks = ("moved", "fired", "low_crawl", "stealth")
    return (
        unit.hex is not None
        and not unit.shaken
        and not any(unit.has(x) for x in marks)
        and not in_melee(state, unit.hex)
    )


def _stack_fire(
    state: State, side: str, units: list[Unit], target: Hex, level: int, *, opfire: bool
) -> Iterator[Command]:
    kind = m.OpFire if opfire else m.Fire
    small = [u for u in units if cls(state, u) not in ("weapon_team", "vehicle", "medic", "sniper")]
    if (
        small
        and small[0].hex is not None
        and hex_distance(small[0].hex, target) <= 2 * max(_reach(state, u) for u in small)
    ):
        for group in _fire_groups(state, small):
            distance = max(hex_distance(u.hex, target) for u in group if u.hex is not None)
            ids = tuple(u.id for u in group)
            weapons = tuple(w for u in group for w in dft_weapons(state, u, distance))
            try:
                prepare(state, side, ids, target, level, weapon_names=weapons, opfire=opfire)
            except FireProblem:
                continue
            yield _fire(kind, side, (ids, target, level), weapons)
    for unit in units:
        yield from _gun_shots(state, side, unit, target, level, opfire=opfire)


def _reach(state: State, unit: Unit) -> int:
    spec = state.spec(unit)
    sws = [state.runtime.unit_type(w.type) for w in unit.weapons]
    return max([spec.range, *(s.range for s in sws)])


def _fire(
    kind: type[m.Fire] | type[m.OpFire],
    side: str,
    aimed: tuple[tuple[str, ...], Hex, int],
    weapons: tuple[str, ...],
    *,
    gun: bool = False,
    vehicle: str = "",
) -> Command:
    ids, target, level = aimed
    if kind is m.OpFire:
        return m.OpFire(side=side, units=ids, weapons=weapons, gun=gun, vehicle=vehicle)
    return m.Fire(side=side, units=ids, target=target, level=level, weapons=weapons, gun=gun, vehicle=vehicle)


def _gun_shots(state: State, side: str, unit: Unit, target: Hex, level: int, *, opfire: bool) -> Iterator[Command]:
    kind = m.OpFire if opfire else m.Fire
    options: list[tuple[str, ...]] = []
    if state.spec(unit).gun is not None or (is_vehicle(state, unit) and state.spec(unit).mgs):
        options.append(())
    options += [(f"{unit.id}:{w.type}",) for w in unit.weapons if state.runtime.unit_type(w.type).gun is not None]
    here = [u for u in state.at(target) if u.side != side]
    aimed = [""]
    if any(not is_vehicle(state, u) for u in here):  # infantry there too: the gun may aim at a vehicle instead
        aimed += [u.id for u in here if is_vehicle(state, u)]
    for sw in options:
        for vehicle in aimed:
            try:
                gun_attack(state, side, (unit.id,), target, level, sw_names=sw, opfire=opfire, vehicle=vehicle)
            except FireProblem:
                continue
            yield _fire(kind, side, ((unit.id,), target, level), sw, gun=True, vehicle=vehicle)


def move_commands(state: State, side: str) -> list[Command]:
    """Moves the side may start: each stack (one hex and storey) as a whole and each unit alone, in every mode
    it may use (LNL-MOVE-3, LNL-OPS-4)."""
    stacks: dict[tuple[Hex | None, int], list[Unit]] = {}
    for unit in state.on_map(side):
        if may_act(state, unit) and state.spec(unit).mp > 0:
            stacks.setdefault((unit.hex, unit.level), []).append(unit)
    found: list[Command] = []
    for units in stacks.values():
        groups = [units] + ([[u] for u in units] if len(units) > 1 else [])
        for group in groups:
            ids = tuple(u.id for u in group)
            for mode in MODES:
                if start_problem(state, side, ids, mode):
                    continue
                trial = begin(state, ids, mode)
                found += [m.StartMove(side=side, units=ids, mode=mode, to=h, level=lv) for h, lv in destinations(trial)]
    return found


def other_commands(state: State, side: str) -> list[Command]:
    """Spotting, smoke, melee rounds, withdrawal, close assault and snipers (LNL-SPOT-3, LNL-SMOKE-1,
    LNL-MELEE-4, LNL-MOVE-9, LNL-INFVEH-1, LNL-SNIPER-1)."""
    found: list[Command] = []
    grid = state.runtime.grid
    for unit in state.on_map(side):
        assert unit.hex is not None
        if may_act(state, unit):
            found += [
                m.Spot(side=side, unit=unit.id, target=h, level=lv)
                for h, lv in sorted({(u.hex, u.level) for u in state.on_map(other(side)) if u.hex is not None})
                if worth_spotting(state, unit, h, lv) and not spot_problem(state, unit, h, lv)
            ]
            if cls(state, unit) in SMOKERS and state.spec(unit).smoke and not unit.shaken:
                found += [
                    m.LaySmoke(side=side, unit=unit.id, target=h)
                    for h in (unit.hex, *grid.neighbours(unit.hex))
                    if not state.smoke(h)
                ]
            found += _assaults(state, side, unit)
    found += melee_commands(state, side)
    return found + placements(state, side)


def _assaults(state: State, side: str, unit: Unit) -> list[Command]:
    if unit.shaken or cls(state, unit) not in ("squad", "half_squad", "hero") or unit.hex is None:
        return []
    near = set(state.runtime.grid.neighbours(unit.hex))
    vehicles = [v for v in state.on_map(other(side)) if is_vehicle(state, v) and v.hex in near]
    leaders = [u for u in state.at(unit.hex, side) if lm(state, u) > 0 and u.id != unit.id]
    helper = max(leaders, key=lambda u: lm(state, u)).id if leaders else None
    return [m.CloseAssault(side=side, unit=unit.id, vehicle=v.id, leader=helper) for v in vehicles]


def melee_commands(state: State, side: str) -> list[Command]:
    """Another melee round, or withdrawal, for the side's units locked in melee (LNL-MELEE-4, LNL-MOVE-9)."""
    found: list[Command] = []
    hexes = sorted({u.hex for u in state.on_map(side) if u.hex is not None and in_melee(state, u.hex)})
    for h in hexes:
        mine = [u for u in state.at(h, side) if not is_vehicle(state, u) and not u.has("ops_complete") and not u.moved]
        if h not in state.melees and any(capable(state, u, attacking=True) for u in mine):
            found.append(m.MeleeRound(side=side, hex=h))
        if mine:
            ids = tuple(u.id for u in mine)
            enemy = {u.hex for u in state.on_map(other(side))}
            found += [
                m.Withdraw(side=side, units=ids, to=n) for n in state.runtime.grid.neighbours(h) if n not in enemy
            ]
    return found


def impulse_commands(state: State, side: str) -> list[Command]:
    """Everything the side may do in its impulse, ending with Pass (LNL-OPS-1)."""
    return [
        *fire_commands(state, side),
        *move_commands(state, side),
        *overrun_commands(state, side),
        *hatch_commands(state, side),
        *other_commands(state, side),
        m.Pass(side=side),
    ]
