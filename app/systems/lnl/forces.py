"""Who is where and who may do what: leaders, stacking, melee locks, activation (LNL-STACK-1, LNL-STACK-2,
LNL-STACK-3, LNL-STACK-5, LNL-LDR-1, LNL-LDR-2, LNL-LDR-4, LNL-OPS-3, LNL-OPS-5, LNL-MELEE-9)."""

from __future__ import annotations

from collections.abc import Iterable

from app.geometry.hexgrid import Hex
from app.systems.lnl.state import State, Unit, other

STACK_MMC = 3.0
STACK_SMC = 2
STACK_VEHICLES = 2


def cls(state: State, unit: Unit) -> str:
    """The counter's class (squad, leader, vehicle, ...)."""
    return state.spec(unit).cls


def is_vehicle(state: State, unit: Unit) -> bool:
    """A vehicle (or its wreck)."""
    return cls(state, unit) == "vehicle"


def lm(state: State, unit: Unit) -> int:
    """A GO leader's leadership modifier, −1 when wounded (LNL-LDR-4); 0 for anyone else."""
    if unit.shaken or cls(state, unit) != "leader":
        return 0
    return max(state.spec(unit).lm - (1 if unit.wounded else 0), 0)


def best_leader(state: State, units: Iterable[Unit], exclude: str = "") -> Unit | None:
    """The GO leader with the best LM among ``units`` (LNL-LDR-3)."""
    found = [u for u in units if u.id != exclude and lm(state, u) > 0]
    return max(found, key=lambda u: (lm(state, u), u.id), default=None)


def in_melee(state: State, h: Hex | None) -> bool:
    """Whether ``h`` holds units of both sides under a Melee marker (LNL-MELEE-9, LNL-MELEE-11)."""
    if h is None or not state.hex_has(h, "melee"):
        return False
    sides = {u.side for u in state.at(h) if not is_vehicle(state, u)}
    return len(sides) == 2


def enemies_adjacent(state: State, h: Hex, side: str) -> list[Unit]:
    """GO enemy units in hexes adjacent to ``h`` (LNL-SPOT-1, LNL-MOVE-7)."""
    near = set(state.runtime.grid.neighbours(h))
    return [u for u in state.on_map(other(side)) if u.hex in near and not u.shaken]


def may_act(state: State, unit: Unit) -> bool:
    """A unit that may still be activated this turn: on the map, not moved, fired or Ops Complete (LNL-OPS-5),
    not locked in melee."""
    if unit.hex is None or unit.wreck:
        return False
    if unit.moved or unit.has("fired") or unit.has("ops_complete"):
        return False
    return not in_melee(state, unit.hex)


def fires_after_move(state: State, unit: Unit) -> bool:
    """An assault or stealth mover whose move just ended may fire in the same action (LNL-ASSAULT-4,
    LNL-STEALTH-6)."""
    move = state.moving
    return move is not None and move.done and unit.id in move.units and not unit.has("fired")


def stacking_problem(state: State, h: Hex, arriving: Iterable[Unit], level: int = 0) -> str:
    """Why adding ``arriving`` to ``h`` would break stacking, or "" (LNL-STACK-1, LNL-STACK-2, LNL-STACK-3,
    LNL-STACK-4: in buildings the limits hold per storey)."""
    moving = list(arriving)
    ids = {u.id for u in moving}
    side = moving[0].side if moving else ""
    here = [u for u in state.at(h, side) if u.id not in ids and (u.level == level or is_vehicle(state, u))]
    together = [*here, *moving]
    mmc = sum(state.spec(u).squad_equivalent for u in together)
    smc = sum(1 for u in together if state.spec(u).smc)
    vehicles = sum(1 for u in state.units if u.hex == h and is_vehicle(state, u) and u.id not in ids)
    vehicles += sum(1 for u in moving if is_vehicle(state, u))
    if mmc > STACK_MMC:
        return "LNL-STACK-1"
    if smc > STACK_SMC:
        return "LNL-STACK-2"
    if vehicles > STACK_VEHICLES:
        return "LNL-STACK-3"
    return ""


def chain(state: State, leader: Unit) -> set[Hex]:
    """Hexes a GO leader activates: his own and the six adjacent, extended through adjacent GO leaders of his
    side (LNL-LDR-1, LNL-LDR-2)."""
    assert leader.hex is not None
    grid = state.runtime.grid
    reached, frontier = {leader.hex}, [leader]
    seen = {leader.id}
    while frontier:
        current = frontier.pop()
        assert current.hex is not None
        for h in (current.hex, *grid.neighbours(current.hex)):
            reached.add(h)
            for u in state.at(h, leader.side):
                if u.id not in seen and lm(state, u) > 0 and may_act(state, u):
                    seen.add(u.id)
                    frontier.append(u)
    return reached


def activation_problem(state: State, units: list[Unit]) -> str:
    """Why these units may not be activated together, or "" (LNL-OPS-2, LNL-OPS-3, LNL-LDR-1, LNL-LDR-2):
    all from one hex and storey, or within the activation reach of a GO leader among them."""
    hexes = {(u.hex, u.level) for u in units}
    if len(hexes) == 1:
        return ""
    if len(hexes) != len({h for h, _ in hexes}):
        return "LNL-OPS-3"  # one building storey per impulse
    leaders = [u for u in units if lm(state, u) > 0]
    for leader in leaders:
        reach = chain(state, leader)
        if all(u.hex in reach for u in units):
            return ""
    return "LNL-LDR-1" if leaders else "LNL-OPS-2"
