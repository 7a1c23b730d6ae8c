"""Fire at the Typhoon: reactions when it enters a tile, the Axis Attack phase, its damage.

Rulebook chapters: §24 (SAS-SUP-11: on a tile the Typhoon enters, every Axis unit not inside a building sees it and
makes a reaction attack when it first enters their tile; every ground-to-air attack -3, so SMG infantry can never
hit; SAS-SUP-12: in the Axis Attack phase units on its tile fire at it only when they have nothing else to attack,
and never advance for it; SAS-SUP-15: each time it first enters a new tile every AA gun on the map reacts, and in the
Attack phase all AA guns fire again while it is on the map; SAS-SUP-14 its HP), SAS-KS-3 (the flak truck fires like
an AA gun, at air units only), SAS-BLAST-7 (blast weapons never attack air units), SAS-AATK-4 (the -3) and §11
(SAS-REACT-2: reactions come after the action, SAS-REACT-6: a unit killed first does not react, SAS-REACT-7: units
that never react). A roll that cannot succeed is not made: the event says why (D-AIR-8). No range or cover modifier
applies to fire at the Typhoon (D-AIR-7).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.core.i18n import Text, localized, t
from app.core.ruling import Modifier, Ruling
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.state import SasState, TyphoonState, UnitState
from app.systems.sas.support.airspace import current_tile, indoors, on_map, on_tile, stats, where

Cell = tuple[int, int]


@dataclass(frozen=True)
class Gun:
    """One attack a unit makes at an air unit: its dice and target, and what fires when it is not the unit's own
    attack (a vehicle's weapon; the units a mortar team reacts as)."""

    dice: int
    target: int
    what: Text | None = None


def is_flak(state: SasState, unit: UnitState) -> bool:
    """An AA gun or a flak truck: it fires only at air units, and at every tile the Typhoon enters (SAS-SUP-15,
    SAS-KS-3)."""
    infantry = state.rt.tables.units.get(unit.kind)
    if infantry is not None:
        return bool(infantry.air_only)
    vehicle = state.rt.tables.vehicle(unit.kind)
    return vehicle is not None and any(w.kind == "air" for w in vehicle.weapons)


def guns(state: SasState, unit: UnitState, *, reaction: bool) -> list[Gun]:
    """What the unit fires at an air unit: an AA gun's or flak truck's air weapon; infantry its own attack (a reaction
    as the units it reacts as, none when it never reacts, SAS-REACT-7, SAS-UNIT-8); a vehicle each gun (a reaction
    with the guns that react). Blast weapons — mortars, howitzers, Panzerfausts, grenades — never (SAS-BLAST-7); nor a
    flamethrower or a dog's bite, which reach only the ground next to them (D-AIR-9)."""
    tables = state.rt.tables
    stats_ = tables.units.get(unit.kind)
    if stats_ is not None and (stats_.flame or stats_.melee):
        return []
    if stats_ is not None:
        if stats_.air_only or (not reaction and stats_.dice > 0):
            return [Gun(stats_.dice, stats_.target)]
        if not reaction:
            return []
        crew = tables.units[stats_.react_as] if stats_.react_as else stats_
        if crew.dice <= 0:
            return []
        what = localized(crew.name_en, crew.name_zh) if crew is not stats_ else None
        return [Gun(crew.dice, crew.target, what)] * stats_.reactions
    vehicle = tables.vehicle(unit.kind)
    out = []
    for weapon in vehicle.weapons if vehicle is not None else ():
        usable = weapon.kind == "gun" and weapon.dice > 0 and (weapon.reactions or not reaction)
        if weapon.kind == "air" or usable:
            out.append(Gun(weapon.dice, weapon.target, localized(weapon.name_en, weapon.name_zh or None)))
    return out


def _ready(unit: UnitState) -> bool:
    """Alert and free to act (not held in Nancy's garrote, SAS-NANCY-9)."""
    return unit.alert and unit.mode != "strangled"


def _flak_rule(state: SasState, unit: UnitState) -> str:
    return "SAS-SUP-15" if unit.kind in state.rt.tables.units else "SAS-KS-3"


def _by_distance(state: SasState, units: list[UnitState]) -> list[UnitState]:
    here = where(state) or (0, 0)
    return sorted(units, key=lambda u: (min(combat.dist(c, here) for c in u.cells), u.id))


def react(ctx: Ctx, tile: int) -> None:
    """The Typhoon has entered ``tile``: every AA gun and flak truck on the map reacts, then every Axis unit on the
    tile not inside a building, nearest the Typhoon first (SAS-SUP-11, SAS-SUP-15, SAS-KS-3, D-AIR-9)."""
    state = ctx.state
    units = [u for u in state.map_units() if _ready(u)]
    flak = sorted((u for u in units if is_flak(state, u)), key=lambda u: u.id)
    here = [u for u in units if not is_flak(state, u) and on_tile(state, u, tile)]
    for unit in [u for u in here if indoors(state, u)]:
        text = t("{unit} is inside a building: it has no LOS to the Typhoon.", unit=ctx.name(unit.id))
        ctx.emit("no_air_los", text, "SAS-SUP-11", (unit.loc,))
    for unit in flak:
        fire(ctx, unit.id, reaction=True, rule=_flak_rule(state, unit))
    for unit in _by_distance(state, [u for u in here if not indoors(state, u)]):
        fire(ctx, unit.id, reaction=True, rule="SAS-SUP-11")


def attackers(state: SasState) -> list[UnitState]:
    """Units that fire at the Typhoon in the Axis Attack phase, after every attack on an operator: all AA guns and
    flak trucks, then the units on its tile, not inside a building, that had nothing else to attack (SAS-SUP-12,
    SAS-SUP-15, SAS-AATK-1)."""
    tile = current_tile(state)
    if tile is None:
        return []
    todo = [u for u in state.map_units() if u.id not in state.done and _ready(u)]
    flak = sorted((u for u in todo if is_flak(state, u) and guns(state, u, reaction=False)), key=lambda u: u.id)
    here = [
        u
        for u in todo
        if not is_flak(state, u)
        and on_tile(state, u, tile)
        and not indoors(state, u)
        and guns(state, u, reaction=False)
    ]
    return flak + _by_distance(state, here)


def attack_step(ctx: Ctx) -> bool:
    """The next unit of the Axis Attack phase fires at the Typhoon; False when none is left."""
    todo = attackers(ctx.state)
    if not todo:
        return False
    unit = todo[0]
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    if is_flak(ctx.state, unit):
        fire(ctx, unit.id, reaction=False, rule=_flak_rule(ctx.state, unit))
        return True
    text = t("{unit} has nothing else to attack: it fires at the Typhoon over its tile.", unit=ctx.name(unit.id))
    ctx.emit("air_target", text, "SAS-SUP-12", (unit.loc,))
    fire(ctx, unit.id, reaction=False, rule="SAS-SUP-12")
    return True


def fire(ctx: Ctx, unit_id: str, *, reaction: bool, rule: str) -> None:
    """Each of the unit's attacks at the Typhoon while it flies over the map."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    shots = guns(ctx.state, unit, reaction=reaction)
    for n, gun in enumerate(shots, 1):
        if not on_map(ctx.state) or ctx.state.unit(unit_id) is None:
            return
        _roll(ctx, unit, gun, (n, len(shots)), reaction=reaction, rule=rule)


def _roll(ctx: Ctx, unit: UnitState, gun: Gun, n: tuple[int, int], *, reaction: bool, rule: str) -> None:
    """One ground-to-air attack: the unit's dice at its target, -3 (SAS-SUP-11, SAS-AATK-4)."""
    plane = stats()
    mods = [Modifier(value=plane.ground_fire, reason=t("ground fire at an air unit"), rule_id="SAS-SUP-11")]
    title = t("{unit} fires at the Typhoon", unit=ctx.name(unit.id))
    if gun.what is not None:
        title = t("{unit} fires at the Typhoon with {what}", unit=ctx.name(unit.id), what=gun.what)
    if n[1] > 1:
        title = t("{title} ({n} of {of})", title=title, n=n[0], of=n[1])
    if reaction:
        title = t("{title} (reaction)", title=title)
    at = (unit.loc, where(ctx.state))
    kind = "air_reaction" if reaction else "air_attack"
    need = gun.target - plane.ground_fire
    if need > 6:  # SAS-SUP-11: e.g. SMG infantry, 4+, would need a 7 (D-AIR-8)
        result = t("it would need a {need} on a die: it cannot hit, no roll", need=need)
        ruling = Ruling(title=title, rule_id=rule, target=gun.target, modifiers=tuple(mods), result=result)
        ctx.emit(kind, t("{title}: {result}.", title=title, result=result), rule, at, ruling=ruling)
        return
    dice = combat.roll(ctx, gun.dice, gun.target, mods, title)
    hits = sum(1 for d in dice if d.success)
    result = t("{n} hit(s)", n=hits)
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=gun.target, modifiers=tuple(mods), result=result)
    ctx.emit(kind, t("{title}: {result}.", title=title, result=result), rule, at, ruling=ruling)
    damage(ctx, hits, rule)


def damage(ctx: Ctx, hits: int, rule: str) -> None:
    """Each success costs the Typhoon 1 HP; at 0 it is shot down and removed (SAS-SUP-14, OQ-48)."""
    if hits <= 0 or not on_map(ctx.state):
        return
    hp = stats().hp
    plane = ctx.state.typhoon
    total = plane.damage + hits
    at = (where(ctx.state),)
    if total >= hp:
        ctx.state = replace(ctx.state, typhoon=TyphoonState(status="down", damage=hp, left_by=plane.left_by))
        ctx.emit(
            "typhoon_down",
            t("The Typhoon is shot down!"),
            rule,
            at,
            instruction=t("Remove the Typhoon from the board: it is lost for the rest of the mission."),
        )
        return
    ctx.state = replace(ctx.state, typhoon=replace(plane, damage=total))
    ctx.emit(
        "typhoon_damaged",
        t("The Typhoon loses {n} HP ({hp} left).", n=hits, hp=hp - total),
        rule,
        at,
        instruction=t("Put {n} damage marker(s) on the Typhoon's sheet.", n=hits),
    )
