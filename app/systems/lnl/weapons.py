"""Support weapon management: pick up, drop, destroy, exchange, set up or stow, repair, capture (LNL-SW-4,
LNL-SW-5, LNL-SW-6, LNL-SW-7, LNL-SW-9, LNL-MEDIC-1).

Rally Phase (LNL-SW-4): a GO squad, half-squad, crew or SMC may pick up, give to a friend in its hex, drop or
destroy a SW; a GO squad or half-squad with no enemy in its hex may set up or stow a tripod weapon; a carrier of
a jammed SW may try to repair it (authored: data/tables.json ``sw_repair``). Each unit handles weapons once a
Rally Phase (docs/lnl-decisions.md: this keeps the phase finite).
Operations Phase (LNL-SW-5): a GO squad or leader may drop a SW at any time of its impulse without using its
action; any unit able to use SWs, of either side, picks one up in its hex for 2 MP: during its move, or as its
action (it is then marked Moved).
"""

from __future__ import annotations

from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.ruling import DieResult, Ruling
from app.systems.lnl.forces import cls, may_act
from app.systems.lnl.messages import Ctx
from app.systems.lnl.movement import unit_mp
from app.systems.lnl.state import State, Unit, Weapon
from app.systems.lnl.tables import tables
from app.systems.lnl.view_names import unit_name

CARRY = {"squad": 2, "half_squad": 1, "crew": 1, "leader": 1, "hero": 1, "scout": 1}
PICK_UP_MP = 2
RALLY_KEY = "sw:"
WAITING = ("pick_up", "repair", "set_up", "stow")


def room(state: State, unit: Unit) -> int:
    """How many more SWs the unit may carry (LNL-SW-1; medics none, LNL-MEDIC-1)."""
    return CARRY.get(cls(state, unit), 0) - len(unit.weapons)


def lying(state: State, unit: Unit) -> list[str]:
    """Types of the SWs lying in the unit's hex (one entry per type)."""
    return sorted({w.type for h, w in state.dropped if h == unit.hex})


def _enemy_in_hex(state: State, unit: Unit) -> bool:
    return unit.hex is not None and any(u.side != unit.side for u in state.at(unit.hex))


def _kinds(unit: Unit) -> list[str]:
    return sorted({w.type for w in unit.weapons})


def _rally_options(state: State, unit: Unit) -> list[Command]:
    side, found = unit.side, []
    found += [m.HandleWeapon(side=side, unit=unit.id, action="pick_up", weapon=k) for k in lying(state, unit)]
    for w in unit.weapons:
        if w.jammed:
            found.append(m.HandleWeapon(side=side, unit=unit.id, action="repair", weapon=w.type))
    for kind in _kinds(unit):
        found += [m.HandleWeapon(side=side, unit=unit.id, action=a, weapon=kind) for a in ("drop", "destroy")]
        assert unit.hex is not None
        friends = [u for u in state.at(unit.hex, side, unit.level) if u.id != unit.id and not u.shaken]
        found += [
            m.HandleWeapon(side=side, unit=unit.id, action="give", weapon=kind, to=u.id)
            for u in friends
            if room(state, u) > 0
        ]
    if cls(state, unit) in ("squad", "half_squad") and not _enemy_in_hex(state, unit):
        for w in unit.weapons:
            if state.runtime.unit_type(w.type).tripod:
                action: m.WeaponAction = "set_up" if w.stowed else "stow"
                found.append(m.HandleWeapon(side=side, unit=unit.id, action=action, weapon=w.type))
    return [c for c in found if c.action != "pick_up" or room(state, unit) > 0]


def rally_weapon_commands(state: State) -> list[Command]:
    """The rallying side's SW options (LNL-SW-4): its GO carriers that have not handled weapons this phase."""
    found: list[Command] = []
    for unit in state.on_map(state.active):
        if unit.shaken or unit.id in _handled(state) or cls(state, unit) not in CARRY:
            continue
        found += _rally_options(state, unit)
    return found


def _handled(state: State) -> set[str]:
    return {x.removeprefix(RALLY_KEY) for x in state.rallied if x.startswith(RALLY_KEY)}


def rally_waits(state: State) -> bool:
    """Whether the rallying side has a weapon to pick up, repair, set up or stow (its rally step is then not
    skipped; dropping, destroying and giving alone do not hold it up)."""
    return any(isinstance(c, m.HandleWeapon) and c.action in WAITING for c in rally_weapon_commands(state))


def ops_weapon_commands(state: State) -> list[Command]:
    """Operations Phase SW options (LNL-SW-5): drops by GO squads and leaders, pick-ups for 2 MP."""
    side, found = state.active, []
    move = state.moving
    for unit in state.on_map(side):
        if move is not None:
            if not move.done and unit.id in move.units and move.mp - move.spent >= PICK_UP_MP:
                found += _pick_ups(state, unit)
            continue
        if not unit.shaken and cls(state, unit) in ("squad", "leader"):
            found += [m.HandleWeapon(side=side, unit=unit.id, action="drop", weapon=k) for k in _kinds(unit)]
        if may_act(state, unit) and unit_mp(state, unit) >= PICK_UP_MP:
            found += _pick_ups(state, unit)
    return found


def _pick_ups(state: State, unit: Unit) -> list[Command]:
    if room(state, unit) <= 0:
        return []
    return [m.HandleWeapon(side=unit.side, unit=unit.id, action="pick_up", weapon=k) for k in lying(state, unit)]


def handle(state: State, ctx: Ctx, command: m.HandleWeapon) -> State:
    """Carry out a SW action and say what happened (the rule behind it)."""
    unit = state.get(command.unit)
    rule = "LNL-SW-4" if state.phase == "rally" else "LNL-SW-5"
    if command.action == "repair":
        state = repair(state, ctx, unit, command.weapon)
    elif command.action == "pick_up":
        state = _pick_up(state, ctx, unit, command.weapon, rule)
    else:
        state = _let_go(state, ctx, command, rule)
    if state.phase == "rally":
        state = replace(state, rallied=(*state.rallied, RALLY_KEY + unit.id))
    return state


def _pick_up(state: State, ctx: Ctx, unit: Unit, kind: str, rule: str) -> State:
    assert unit.hex is not None
    index = next(i for i, (h, w) in enumerate(state.dropped) if h == unit.hex and w.type == kind)
    weapon = state.dropped[index][1]
    dropped = state.dropped[:index] + state.dropped[index + 1 :]
    state = replace(state, dropped=dropped).with_unit(replace(unit, weapons=(*unit.weapons, weapon)))
    text = t("{unit} picks up {sw}.", unit=unit_name(state, unit), sw=state.runtime.unit_type(kind).name)
    if weapon.owner_side and weapon.owner_side != unit.side:
        ctx.say("weapon", text, "LNL-SW-6", at=(unit.hex,), instruction=_captured_note())
    else:
        ctx.say("weapon", text, rule, at=(unit.hex,))
    move = state.moving
    if state.phase == "operations" and move is not None:
        return replace(state, moving=replace(move, spent=move.spent + PICK_UP_MP))
    if state.phase == "operations":
        return state.with_unit(state.get(unit.id).marked("moved"))
    return state


def _captured_note() -> Text:
    return t("A captured weapon: it is discarded after a fire attack that forces no damage check.")


def _let_go(state: State, ctx: Ctx, command: m.HandleWeapon, rule: str) -> State:
    """Drop, destroy, give, set up or stow."""
    unit = state.get(command.unit)
    weapon = next(w for w in unit.weapons if w.type == command.weapon)
    assert unit.hex is not None
    rest = list(unit.weapons)
    rest.remove(weapon)
    name = state.runtime.unit_type(weapon.type).name
    who = unit_name(state, unit)
    if command.action in ("set_up", "stow"):
        turned = replace(weapon, stowed=command.action == "stow")
        state = state.with_unit(replace(unit, weapons=(*rest, turned)))
        words = (
            t("{unit} stows {sw}.", unit=who, sw=name)
            if turned.stowed
            else t("{unit} sets up {sw}.", unit=who, sw=name)
        )
        ctx.say("weapon", words, "LNL-SW-9", at=(unit.hex,))
        return state
    state = state.with_unit(replace(unit, weapons=tuple(rest)))
    if command.action == "drop":
        ctx.say("weapon", t("{unit} drops {sw}.", unit=who, sw=name), rule, at=(unit.hex,))
        return replace(state, dropped=(*state.dropped, (unit.hex, weapon)))
    if command.action == "give" and command.to is not None:
        friend = state.get(command.to)
        state = state.with_unit(replace(friend, weapons=(*friend.weapons, weapon)))
        words = t("{unit} hands {sw} to {other}.", unit=who, sw=name, other=unit_name(state, friend))
        ctx.say("weapon", words, rule, at=(unit.hex,))
        return state
    ctx.say("weapon", t("{unit} destroys {sw}.", unit=who, sw=name), rule, at=(unit.hex,))
    return state


def repair(state: State, ctx: Ctx, unit: Unit, kind: str) -> State:
    """Roll 1D6 to repair a jammed SW: low enough repairs it, high enough breaks it for good (authored values,
    data/tables.json ``sw_repair``; jams: LNL-SW-7)."""
    weapon = next(w for w in unit.weapons if w.type == kind and w.jammed)
    rules = tables().sw_repair
    (die,) = ctx.roller.roll(1, t("repair {sw}", sw=state.runtime.unit_type(kind).name))
    fixed, broken = die <= rules.fixed_max, die >= rules.broken_min
    rest = list(unit.weapons)
    rest.remove(weapon)
    if fixed:
        rest.append(replace(weapon, jammed=False))
    elif not broken:
        rest.append(weapon)
    name = state.runtime.unit_type(kind).name
    result = t("repaired") if fixed else t("broken: removed from play") if broken else t("still jammed")
    ruling = Ruling(
        title=t("{unit} tries to repair {sw}", unit=unit_name(state, unit), sw=name),
        rule_id="LNL-SW-7",
        dice=(DieResult(natural=die, modified=die, success=fixed),),
        target=rules.fixed_max,
        result=result,
        notes=(
            t(
                "1D6: {fixed} or less repairs it, {broken} or more breaks it",
                fixed=rules.fixed_max,
                broken=rules.broken_min,
            ),
        ),
    )
    ctx.say("repair", ruling.title, "LNL-SW-7", ruling, at=(unit.hex,) if unit.hex else ())
    return state.with_unit(replace(unit, weapons=tuple(rest)))


def discard_captured(state: State, ctx: Ctx, firers: tuple[Unit, ...], used: tuple[tuple[str, Weapon], ...]) -> State:
    """After a fire attack that forced no damage check, captured SWs that fired are discarded (LNL-SW-6)."""
    for unit in firers:
        current = state.unit(unit.id)
        if current is None:
            continue
        gone = [w for uid, w in used if uid == unit.id and w.owner_side and w.owner_side != unit.side]
        if not gone:
            continue
        kept = list(current.weapons)
        for w in gone:
            match = next((x for x in kept if x.type == w.type), None)
            if match is not None:
                kept.remove(match)
                sw = state.runtime.unit_type(w.type).name
                ctx.say("weapon", t("The captured {sw} is discarded: no damage check forced.", sw=sw), "LNL-SW-6")
        state = state.with_unit(replace(current, weapons=tuple(kept)))
    return state
