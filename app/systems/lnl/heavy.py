"""Heavy weapons on 2D6 to-hit tables, HE against infantry, vehicle machine guns; a hit on a vehicle goes to the
penetration check of ``armour`` (LNL-HW-1, LNL-HW-2, LNL-HW-3, LNL-HE-1, LNL-HE-2, LNL-VEH-3, LNL-VEH-4,
LNL-VEH-5, LNL-VASSAULT-2, LNL-ASSAULT-4)."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.hexgrid import Hex, hex_distance
from app.systems.lnl.armour import in_arc, penetrate
from app.systems.lnl.damage import damage_checks
from app.systems.lnl.fire import FireProblem, FireSetup, defence_mods, resolve
from app.systems.lnl.forces import activation_problem, cls, fires_after_move, in_melee, is_vehicle
from app.systems.lnl.messages import Ctx
from app.systems.lnl.spotting import hex_exposed, los
from app.systems.lnl.state import State, Unit
from app.systems.lnl.tables import Gun, VehicleMg
from app.systems.lnl.view_names import hex_name, unit_name
from app.systems.lnl.weapons import discard_captured


@dataclass(frozen=True)
class Shot:
    """A checked heavy-weapon shot: the firer, its gun, the target and the to-hit number with modifiers."""

    firer: Unit
    gun: Gun
    sw: str
    target: Hex
    level: int
    number: int
    mods: tuple[Modifier, ...]
    vehicle: Unit | None
    victims: tuple[Unit, ...]
    opfire: bool

    def odds(self) -> float:
        """Chance to hit: 2 always hits, 12 always misses (LNL-HW-3)."""
        need = self.number - sum(m.value for m in self.mods)
        hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == 2 or (a + b != 12 and a + b <= need))
        return hits / 36


def _gun_of(state: State, firer: Unit, sw_names: tuple[str, ...]) -> tuple[Gun, str]:
    if sw_names:
        kind = sw_names[0].split(":", 1)[1]
        weapon = next((w for w in firer.weapons if w.type == kind), None)
        spec = state.runtime.unit_type(kind)
        if weapon is None or spec.gun is None or weapon.jammed:
            raise FireProblem(t("That weapon cannot fire."), "LNL-HW-1")
        return spec.gun, kind
    gun = state.spec(firer).gun
    if gun is None:
        raise FireProblem(t("{unit} has no to-hit weapon.", unit=unit_name(state, firer)), "LNL-HW-1")
    return gun, ""


def firer_problem(state: State, firer: Unit, opfire: bool) -> None:
    if firer.shaken or firer.wreck:
        raise FireProblem(t("{unit} may not fire.", unit=unit_name(state, firer)), "LNL-VEH-3")
    if opfire and any(firer.has(m) for m in ("moved", "fired", "low_crawl", "stealth")):
        raise FireProblem(t("{unit} may not opportunity-fire.", unit=unit_name(state, firer)), "LNL-OPFIRE-3")
    acted = firer.has("fired") or firer.has("ops_complete") or firer.moved
    if not opfire and acted and not fires_after_move(state, firer):
        raise FireProblem(t("{unit} has already acted.", unit=unit_name(state, firer)), "LNL-OPS-5")
    if in_melee(state, firer.hex):
        raise FireProblem(t("{unit} is locked in melee.", unit=unit_name(state, firer)), "LNL-MELEE-9")


def aim(
    state: State,
    side: str,
    ids: tuple[str, ...],
    target: Hex,
    level: int,
    *,
    sw_names: tuple[str, ...],
    opfire: bool,
    vehicle: str = "",
) -> Shot:
    """Check a heavy-weapon shot (it always fires alone, LNL-HW-1) and find its to-hit number (LNL-HW-3). It
    strikes the infantry on ``level`` of the hex, or a vehicle there: the one named, or the only kind present.

    Raises:
        FireProblem: The shot is not allowed.
    """
    firer = state.unit(ids[0]) if len(ids) == 1 else None
    if firer is None or firer.side != side or firer.hex is None:
        raise FireProblem(t("A heavy weapon fires on its own."), "LNL-HW-1")
    firer_problem(state, firer, opfire)
    if activation_problem(state, [firer]):
        raise FireProblem(t("Not activated."), "LNL-OPS-2")
    gun, sw = _gun_of(state, firer, sw_names)
    spec = state.spec(firer)
    hull_gun = cls(state, firer) == "weapon_team" or (is_vehicle(state, firer) and spec.turret is None)
    if not sw and hull_gun and not in_arc(state, firer, target):
        raise FireProblem(t("The target is outside the covered arc."), "LNL-HW-2")
    sight = los(state, firer, target, level)
    number = gun.number(hex_distance(firer.hex, target))
    if not sight.clear or number is None:
        raise FireProblem(t("No line of sight or out of range."), "LNL-FIRE-1")
    struck, victims = _struck(state, side, (target, level), opfire=opfire, vehicle=vehicle)
    mods = [Modifier(value=1, reason=t("hindrance in the line of sight"), rule_id="LNL-HW-3")] * sight.hindrances
    if firer.has("assault_move"):
        rule = "LNL-VASSAULT-2" if is_vehicle(state, firer) else "LNL-ASSAULT-4"
        mods.append(Modifier(value=2, reason=t("fired after an assault move"), rule_id=rule))
    if state.smoke(target) or state.smoke(firer.hex):  # the other DRMs still apply (LNL-HW-3): smoke hinders
        mods.append(Modifier(value=1, reason=t("smoke in the firing or target hex"), rule_id="LNL-SMOKE-3"))
    return Shot(firer, gun, sw, target, level, number, tuple(mods), struck, victims, opfire)


def _struck(
    state: State, side: str, where: tuple[Hex, int], *, opfire: bool, vehicle: str
) -> tuple[Unit | None, tuple[Unit, ...]]:
    """What a shot at ``where`` strikes: the vehicle named, else the infantry on the storey, else the vehicle
    there; opportunity fire strikes only the movers; the target must be exposed (LNL-FIRE-1).

    Raises:
        FireProblem: Nothing there to strike, or not exposed.
    """
    target, level = where
    enemy = [u for u in state.at(target) if u.side != side]
    if opfire and state.moving is not None:
        enemy = [u for u in enemy if u.id in state.moving.units]
    vehicles = [u for u in enemy if is_vehicle(state, u)]
    victims = tuple(u for u in enemy if not is_vehicle(state, u) and u.level == level)
    if not vehicles and not victims:
        raise FireProblem(t("No enemy unit there."), "LNL-FIRE-1")
    if not opfire and not hex_exposed(state, target, enemy[0].side, level):
        raise FireProblem(t("The target is not exposed: spot it first."), "LNL-FIRE-1")
    if vehicle:
        aimed = next((u for u in vehicles if u.id == vehicle), None)
        if aimed is None:
            raise FireProblem(t("No such enemy vehicle there."), "LNL-FIRE-1")
        return aimed, ()
    return (vehicles[0] if vehicles and not victims else None), victims


def shoot(state: State, ctx: Ctx, shot: Shot) -> State:
    """Roll to hit (natural 2 hits, 12 misses), then HE or penetration; a vehicle's MGs then fire at the same
    target (LNL-HW-3, LNL-VEH-5)."""
    where = hex_name(state, shot.target, shot.level)
    a, b = ctx.roller.roll(2, t("to-hit roll at {hex}", hex=where))
    natural = a + b
    modified = natural + sum(m.value for m in shot.mods)
    hit = natural == 2 or (natural != 12 and modified <= shot.number)
    note = (t("natural 2 always hits"),) if natural == 2 else (t("natural 12 always misses"),) if natural == 12 else ()
    ruling = Ruling(
        title=t("{unit} fires its gun at {hex}", unit=unit_name(state, shot.firer), hex=where),
        rule_id="LNL-HW-3",
        dice=(DieResult(natural=natural, modified=modified, success=hit),),
        target=shot.number,
        modifiers=shot.mods,
        result=t("hit") if hit else t("miss"),
        notes=note,
    )
    ctx.say("to_hit", ruling.title, "LNL-HW-3", ruling, at=(shot.target,))
    state = state.with_unit(state.get(shot.firer.id).marked("fired"))
    if not hit and shot.sw:  # a captured weapon that misses forces no damage check (LNL-SW-6)
        used = tuple((shot.firer.id, w) for w in shot.firer.weapons if w.type == shot.sw)
        state = discard_captured(state, ctx, (shot.firer,), used[:1])
    if hit and shot.vehicle is not None:
        assert shot.firer.hex is not None
        state = penetrate(state, ctx, shot.gun, shot.vehicle, firer_hex=shot.firer.hex, to_hit=natural)
    elif hit:
        state = he_attack(state, ctx, shot)
    if is_vehicle(state, shot.firer) and not shot.sw:
        state = vehicle_mgs(state, ctx, shot)
    return state


def he_attack(state: State, ctx: Ctx, shot: Shot) -> State:
    """HE against non-vehicles: 1D6 + HE FP (+1 moving target or one with a Moved or Assault Move marker, −1 red
    H, no LM) against 1D6 + TEM (capped; doubled for snipers, LNL-SNIPER-4); a higher attack gives damage checks
    (LNL-HE-1, LNL-HE-2)."""
    att, dfn = ctx.roller.roll(2, t("HE attack: attack die, defence die"))
    mods = [Modifier(value=shot.gun.he_fp, reason=t("HE firepower"), rule_id="LNL-HE-1")]
    if shot.opfire or any(u.has("moved") or u.has("assault_move") for u in shot.victims):
        mods.append(Modifier(value=1, reason=t("the target is moving or has moved"), rule_id="LNL-HE-1"))
    if shot.gun.red_h:
        mods.append(Modifier(value=-1, reason=t("red H weapon"), rule_id="LNL-HE-1"))
    cover = defence_mods(state, shot.target, list(shot.victims), None)
    tem = sum(m.value for m in cover)
    attack = att + sum(m.value for m in mods)
    defence = dfn + tem
    ruling = Ruling(
        title=t("HE attack on {hex}", hex=hex_name(state, shot.target, shot.level)),
        rule_id="LNL-HE-2",
        dice=(
            DieResult(natural=att, modified=attack, success=attack > defence),
            DieResult(natural=dfn, modified=defence, success=attack <= defence),
        ),
        target=defence,
        modifiers=(*mods, *(m.model_copy(update={"value": -m.value}) for m in cover)),
        result=t("attack {a} against defence {d}", a=attack, d=defence),
    )
    ctx.say("he", ruling.title, "LNL-HE-2", ruling, at=(shot.target,))
    if attack > defence:
        state = damage_checks(state, ctx, list(shot.victims), attack - defence, t("HE"))
    return state


def vehicle_mgs(state: State, ctx: Ctx, shot: Shot) -> State:
    """The vehicle's usable MGs fire at the same target hex with the DFT, at the infantry there (LNL-VEH-4,
    LNL-VEH-5)."""
    firer = state.get(shot.firer.id)
    victims = tuple(
        u for u in state.at(shot.target) if u.side != firer.side and not is_vehicle(state, u) and u.level == shot.level
    )
    setup = mg_setup(state, firer, shot.target, shot.level, victims, opfire=shot.opfire)
    return resolve(state, ctx, setup) if setup is not None and victims else state


def usable_mgs(state: State, firer: Unit, target: Hex) -> list[VehicleMg]:
    """The vehicle's MGs that reach ``target``: no top (AA) MG while buttoned, an MG without * only into the
    front arc (LNL-VEH-1, LNL-VEH-4)."""
    assert firer.hex is not None
    distance = hex_distance(firer.hex, target)
    return [
        mg
        for mg in state.spec(firer).mgs
        if distance <= mg.range and not (mg.aa and firer.buttoned) and (mg.star or in_arc(state, firer, target))
    ]


def mg_setup(
    state: State, firer: Unit, target: Hex, level: int, victims: tuple[Unit, ...], *, opfire: bool
) -> FireSetup | None:
    """A vehicle's MG attack (``None``: no MG can fire): no top (AA) MG while buttoned, an MG without * only into
    the front arc (LNL-VEH-1, LNL-VEH-4); −2 FP after an assault move (LNL-VASSAULT-2); +1 at a moving target
    (LNL-OPFIRE-7); −1 with smoke in the firing or target hex (LNL-SMOKE-3)."""
    usable = usable_mgs(state, firer, target)
    if not usable:
        return None
    sight = los(state, firer, target, level)
    mods = [Modifier(value=-1, reason=t("hindrance in the line of sight"), rule_id="LNL-LOS-3")] * sight.hindrances
    if firer.has("assault_move"):
        mods.append(Modifier(value=-2, reason=t("fired after an assault move"), rule_id="LNL-VASSAULT-2"))
    if opfire:
        mods.append(Modifier(value=1, reason=t("the target is moving"), rule_id="LNL-OPFIRE-7"))
    if state.smoke(target) or (firer.hex is not None and state.smoke(firer.hex)):
        mods.append(Modifier(value=-1, reason=t("smoke in the firing or target hex"), rule_id="LNL-SMOKE-3"))
    fp = sum(mg.fp for mg in usable)
    return FireSetup(
        firers=(firer,),
        used=(),
        target=target,
        level=level,
        fp=fp,
        parts=(Modifier(value=fp, reason=t("vehicle machine guns"), rule_id="LNL-VEH-4"),),
        attack_mods=tuple(mods),
        defence_mods=tuple(defence_mods(state, target, list(victims), None)),
        victims=victims,
        vehicle=None,
        opfire=opfire,
    )


def shot_text(shot: Shot) -> Text:
    """The to-hit number and modifiers, for hints."""
    return t("to hit {n} or less on 2D6", n=shot.number - sum(m.value for m in shot.mods))
