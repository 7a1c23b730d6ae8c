"""A unit's own weapons fired alone: a to-hit gun (LNL-HW-1), or the machine guns of a vehicle without a main
gun (LNL-VEH-4). Both travel as a ``Fire``/``OpFire`` command with ``gun`` set."""

from __future__ import annotations

from app.core.i18n import t
from app.geometry.hexgrid import Hex
from app.systems.lnl.fire import FireProblem, FireSetup, prepare, resolve
from app.systems.lnl.forces import activation_problem, is_vehicle
from app.systems.lnl.heavy import Shot, aim, firer_problem, mg_setup, shoot
from app.systems.lnl.messages import Ctx, Fire, OpFire
from app.systems.lnl.spotting import hex_exposed, los
from app.systems.lnl.state import State


def mg_volley(state: State, side: str, vehicle_id: str, target: Hex, level: int, *, opfire: bool) -> FireSetup:
    """Check a gunless vehicle's MG fire at the infantry on ``level`` of ``target`` (LNL-VEH-4, LNL-VEH-1).

    Raises:
        FireProblem: The fire is not allowed.
    """
    firer = state.unit(vehicle_id)
    if firer is None or firer.side != side or firer.hex is None or not is_vehicle(state, firer):
        raise FireProblem(t("Choose your own units on the map to fire."), "LNL-OPS-2")
    firer_problem(state, firer, opfire)
    if activation_problem(state, [firer]):
        raise FireProblem(t("Not activated."), "LNL-OPS-2")
    if not los(state, firer, target, level).clear:
        raise FireProblem(t("No line of sight or out of range."), "LNL-FIRE-1")
    enemy = [u for u in state.at(target) if u.side != side]
    if opfire and state.moving is not None:
        enemy = [u for u in enemy if u.id in state.moving.units]
    victims = tuple(u for u in enemy if not is_vehicle(state, u) and u.level == level)
    if not victims:
        raise FireProblem(t("No enemy unit there."), "LNL-FIRE-1")
    if not opfire and not hex_exposed(state, target, side=victims[0].side, level=level):
        raise FireProblem(t("The target is not exposed: spot it first."), "LNL-FIRE-1")
    setup = mg_setup(state, firer, target, level, victims, opfire=opfire)
    if setup is None:
        raise FireProblem(t("No machine gun of the vehicle can fire there."), "LNL-VEH-4")
    return setup


def gun_attack(
    state: State,
    side: str,
    ids: tuple[str, ...],
    target: Hex,
    level: int,
    *,
    sw_names: tuple[str, ...],
    opfire: bool,
    vehicle: str = "",
) -> Shot | FireSetup:
    """A heavy-weapon shot (at ``vehicle`` when named), or the MG fire of a vehicle that has no main gun.

    Raises:
        FireProblem: The fire is not allowed.
    """
    firer = state.unit(ids[0]) if len(ids) == 1 else None
    if firer is not None and not sw_names and is_vehicle(state, firer) and state.spec(firer).gun is None:
        if vehicle:
            raise FireProblem(t("Machine guns alone cannot harm that vehicle."), "LNL-VEH-4")
        return mg_volley(state, side, firer.id, target, level, opfire=opfire)
    return aim(state, side, ids, target, level, sw_names=sw_names, opfire=opfire, vehicle=vehicle)


def planned(state: State, command: Fire | OpFire, target: Hex, level: int, *, opfire: bool) -> Shot | FireSetup:
    """What ``command`` fires at ``target`` on ``level``: a gun shot (or a vehicle's MG fire) when it names the
    gun, else the fire group's attack; the check behind both its label and its resolution.

    Raises:
        FireProblem: The fire is not allowed.
    """
    if command.gun:
        return gun_attack(
            state,
            command.side,
            command.units,
            target,
            level,
            sw_names=command.weapons,
            opfire=opfire,
            vehicle=command.vehicle,
        )
    return prepare(state, command.side, command.units, target, level, weapon_names=command.weapons, opfire=opfire)


def fire_gun(state: State, ctx: Ctx, attack: Shot | FireSetup) -> State:
    """Resolve what ``gun_attack`` checked (the firer gets its Fired marker either way, LNL-FIRE-8)."""
    return shoot(state, ctx, attack) if isinstance(attack, Shot) else resolve(state, ctx, attack)
