"""Armour: facings and the covered arc, hull or turret, the penetration check and what follows it (LNL-HW-2,
LNL-PEN-1, LNL-PEN-2, LNL-PEN-3, LNL-PEN-4, LNL-PEN-5, LNL-PEN-6, LNL-PEN-7, LNL-PEN-8)."""

from __future__ import annotations

import math
from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.hexgrid import AXIAL_DIRECTIONS, Hex
from app.systems.lnl.messages import Ctx
from app.systems.lnl.state import State, Unit
from app.systems.lnl.tables import Armour, Gun
from app.systems.lnl.view_names import unit_name
from app.systems.lnl.wrecks import bail_out, destroy

PLACES = {
    "turret": t("turret"),
    "hull": t("hull"),
    "front": t("front"),
    "side": t("side"),
    "rear": t("rear"),
}


def _angle(state: State, a: Hex, b: Hex) -> float:
    grid = state.runtime.grid
    (ax, ay), (bx, by) = grid.centre(a), grid.centre(b)
    return math.degrees(math.atan2(by - ay, bx - ax))


def bearing(state: State, unit: Unit, target: Hex) -> float:
    """Degrees (0..180) between the unit's front and the line to ``target``."""
    assert unit.hex is not None
    dq, dr = AXIAL_DIRECTIONS[unit.facing]
    front = _angle(state, unit.hex, (unit.hex[0] + dq, unit.hex[1] + dr))
    diff = abs(_angle(state, unit.hex, target) - front) % 360
    return 360 - diff if diff > 180 else diff


def in_arc(state: State, unit: Unit, target: Hex) -> bool:
    """The covered arc of a weapon team or hull weapon: 60° either side of the front (LNL-HW-2)."""
    return bearing(state, unit, target) <= 60 + 1e-6


def facing_hit(state: State, vehicle: Unit, firer_hex: Hex) -> str:
    """The armour facing the shot strikes; exactly on a boundary, the one better for the attacker (LNL-PEN-3)."""
    angle = bearing(state, vehicle, firer_hex)
    if angle < 60 - 1e-6:
        return "front"
    if angle < 120 - 1e-6:
        return "side"
    return "rear"


def facings_hit(state: State, vehicle: Unit, firer_hex: Hex) -> tuple[str, ...]:
    """The facing the shot strikes, or the two facings when it strikes exactly on their boundary (LNL-PEN-3)."""
    angle = bearing(state, vehicle, firer_hex)
    for edge, pair in ((60.0, ("front", "side")), (120.0, ("side", "rear"))):
        if abs(angle - edge) <= 1e-6:
            return pair
    return (facing_hit(state, vehicle, firer_hex),)


def _weakest(table: Armour, facings: tuple[str, ...], red_h: bool) -> str:
    """Of the facings struck, the one better for the attacker: unarmoured, else the least armour, counting the
    −4 of a red-H weapon against red armour (LNL-PEN-1, LNL-PEN-2, LNL-PEN-3)."""

    def cost(facing: str) -> float:
        value = table.value(facing)
        if value is None:
            return -math.inf
        return value + (4 if red_h and facing in table.red else 0)

    return min(facings, key=cost)


def _location(state: State, vehicle: Unit, pen_die: int, to_hit: int) -> str:
    """Turret on an odd die above 2, else hull (LNL-PEN-4); a vehicle without a turret is hit on the hull."""
    die = to_hit if state.options.turret_from_to_hit else pen_die
    return "turret" if state.spec(vehicle).turret is not None and die > 2 and die % 2 == 1 else "hull"


def penetrate(state: State, ctx: Ctx, gun: Gun, vehicle: Unit, *, firer_hex: Hex, to_hit: int) -> State:
    """Penetration check of ``gun``, fired from ``firer_hex``, against the armour of the facing and location hit
    (LNL-PEN-1, LNL-PEN-2, LNL-PEN-3, LNL-PEN-5, LNL-PEN-6, LNL-PEN-7, LNL-PEN-8)."""
    att, dfn = ctx.roller.roll(2, t("penetration: attack die, defence die"))
    spec = state.spec(vehicle)
    where = _location(state, vehicle, att, to_hit)
    armour_table = spec.turret if where == "turret" else spec.hull
    assert armour_table is not None
    facing = _weakest(armour_table, facings_hit(state, vehicle, firer_hex), gun.red_h)
    armour = armour_table.value(facing)
    title = t(
        "Penetration check on {unit} ({where}, {facing})",
        unit=unit_name(state, vehicle),
        where=PLACES[where],
        facing=PLACES[facing],
    )
    if armour is None:
        ctx.say("pen", title, "LNL-PEN-1", Ruling(title=title, rule_id="LNL-PEN-1", result=t("unarmoured: destroyed")))
        return destroy(state, ctx, vehicle)
    mods = [Modifier(value=gun.penetration, reason=t("penetration"), rule_id="LNL-PEN-2")]
    if gun.red_h and facing in armour_table.red:
        mods.append(Modifier(value=-4, reason=t("red H against red armour"), rule_id="LNL-PEN-2"))
    attack = att + sum(m.value for m in mods)
    defence = dfn + armour
    outcome, rule = _pen_outcome(att, dfn, attack, defence)
    ruling = Ruling(
        title=title,
        rule_id=rule,
        dice=(
            DieResult(natural=att, modified=attack, success=attack > defence),
            DieResult(natural=dfn, modified=defence, success=attack <= defence),
        ),
        target=defence,
        modifiers=(*mods, Modifier(value=-armour, reason=t("armour"), rule_id="LNL-PEN-3")),
        result=t("attack {a} against defence {d}", a=attack, d=defence),
    )
    ctx.say("pen", title, rule, ruling, at=(vehicle.hex,) if vehicle.hex else ())
    if outcome == "destroyed":
        return destroy(state, ctx, vehicle)
    if outcome == "equal":
        return _morale_after_pen(state, ctx, vehicle, 0, equal=True)
    if outcome == "less":
        return _morale_after_pen(state, ctx, vehicle, defence - attack, equal=False)
    return state


def _pen_outcome(att: int, dfn: int, attack: int, defence: int) -> tuple[str, str]:
    if att == 1 and dfn == 6:
        return "none", "LNL-PEN-5"
    if att == 6 and dfn == 1:
        return "destroyed", "LNL-PEN-5"
    if attack > defence:
        return "destroyed", "LNL-PEN-6"
    return ("equal", "LNL-PEN-7") if attack == defence else ("less", "LNL-PEN-8")


def _morale_after_pen(state: State, ctx: Ctx, vehicle: Unit, diff: int, equal: bool) -> State:
    """Equal totals: pass → Shaken, fail → the crew abandons (LNL-PEN-7). Lower: 2D6 − difference, fail →
    Shaken, natural 12 → Shaken (LNL-PEN-8)."""
    a, b = ctx.roller.roll(2, t("vehicle morale check"))
    morale = state.spec(vehicle).morale_of(vehicle.shaken)
    total = a + b - diff
    passed = total <= morale
    if equal:
        words: Text = t("passed: Shaken") if passed else t("failed: the crew abandons the vehicle")
    else:
        passed = passed and a + b != 12
        words = t("passed: no effect") if passed else t("failed: Shaken")
    mods = () if equal else (Modifier(value=-diff, reason=t("defence − attack"), rule_id="LNL-PEN-8"),)
    rule = "LNL-PEN-7" if equal else "LNL-PEN-8"
    ruling = Ruling(
        title=t("Morale check of {unit}", unit=unit_name(state, vehicle)),
        rule_id=rule,
        dice=(DieResult(natural=a + b, modified=total, success=passed),),
        target=morale,
        modifiers=mods,
        result=words,
    )
    ctx.say("vehicle_morale", ruling.title, rule, ruling)
    if equal and not passed:
        return bail_out(state.with_unit(replace(vehicle, wreck=True)), ctx, vehicle, shaken=True)
    if equal or not passed:
        return state.with_unit(replace(vehicle, shaken=True))
    return state
