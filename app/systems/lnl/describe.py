"""How each command is shown: label, actors, target, cost and the exact odds before committing (CommandInfo)."""

from __future__ import annotations

import app.systems.lnl.messages as m
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.view import CommandInfo, CommandOption
from app.systems.lnl.fire import FireProblem
from app.systems.lnl.guns import planned
from app.systems.lnl.heavy import Shot, shot_text
from app.systems.lnl.melee_flow import strike_odds
from app.systems.lnl.overrun import overrun_mods, overrun_odds
from app.systems.lnl.sniper import sniper_odds
from app.systems.lnl.state import State
from app.systems.lnl.view_names import hex_name, side_name, unit_name, units_named

MODE_NAMES = {
    "normal": t("move"),
    "low_crawl": t("low crawl"),
    "stealth": t("stealth move"),
    "assault": t("assault move"),
}


def _who(state: State, ids: tuple[str, ...]) -> Text:
    units = [state.unit(i) for i in ids]
    named = [u for u in units if u is not None]
    if len(named) == 1:
        return unit_name(state, named[0])
    return t("{n} units", n=len(named))


def _fire_info(state: State, command: m.Fire | m.OpFire) -> CommandInfo:
    if isinstance(command, m.Fire):
        target, level, opfire = command.target, command.level, False
    else:
        moving = state.moving
        first = state.unit(moving.units[0]) if moving is not None and moving.units else None
        target = first.hex if first is not None and first.hex is not None else (0, 0)
        level, opfire = (first.level if first is not None else 0), True
    who, where = _who(state, command.units), hex_name(state, target, level)
    odds, hint = None, None
    try:
        attack = planned(state, command, target, level, opfire=opfire)
        if isinstance(attack, Shot):
            odds, hint = attack.odds(), t("{rule}: {how}", rule="LNL-HW-3", how=shot_text(attack))
        elif command.gun:
            odds, hint = attack.odds(), t("Vehicle machine guns: FP {fp} [LNL-VEH-4]", fp=attack.fp)
        else:
            odds = attack.odds()
            hint = t(
                "FP {fp}, attack +{a} against defence +{d} [LNL-FIRE-4]",
                fp=attack.fp,
                a=attack.attack_bonus,
                d=attack.defence_bonus,
            )
    except FireProblem as exc:
        hint = exc.reason
    verb = t("Opportunity fire") if opfire else t("Fire")
    if command.gun and command.vehicle:
        aimed = unit_name(state, state.get(command.vehicle))
        label = t("{verb} with the gun: {who} at {vehicle}", verb=verb, who=who, vehicle=aimed)
    elif command.gun:
        label = t("{verb} with the gun: {who} at {hex}", verb=verb, who=who, hex=where)
    else:
        label = t("{verb}: {who} at {hex}", verb=verb, who=who, hex=where)
    return CommandInfo(
        label=label,
        group="opfire" if opfire else "fire",
        actor=command.units[0],
        actors=command.units,
        target=target,
        hint=hint,
        odds=odds,
        group_title=verb,
    )


def _move_info(state: State, command: m.StartMove | m.MoveOn) -> CommandInfo:
    where = hex_name(state, command.to, command.level)
    if isinstance(command, m.StartMove):
        mode = MODE_NAMES[command.mode]
        option = CommandOption("mode", t("How"), command.mode, mode)
        label = t("{who}: {mode} to {hex}", who=_who(state, command.units), mode=mode, hex=where)
        return CommandInfo(
            label=label,
            group="move",
            actor=command.units[0],
            actors=command.units,
            target=command.to,
            title=t("{who}: move to {hex}", who=_who(state, command.units), hex=where),
            options=(option,),
            group_title=t("Move"),
            default=command.mode == "normal",
            hint=t("The stack moves together, hex by hex [LNL-MOVE-3]"),
        )
    ids = state.moving.units if state.moving is not None else ()
    return CommandInfo(
        label=t("Continue to {hex}", hex=where),
        group="move",
        actor=ids[0] if ids else None,
        actors=ids,
        target=command.to,
        group_title=t("Move"),
        default=True,
    )


def describe(state: State, command: Command) -> CommandInfo:
    """How to show ``command`` (labels in both languages through the catalog)."""
    if isinstance(command, m.Fire | m.OpFire):
        return _fire_info(state, command)
    if isinstance(command, m.StartMove | m.MoveOn):
        return _move_info(state, command)
    return _simple(state, command)


def _simple(state: State, command: Command) -> CommandInfo:
    if isinstance(command, m.Rally):
        name = unit_name(state, state.get(command.unit))
        label = t("Rally {unit} with the medic", unit=name) if command.medic else t("Rally {unit}", unit=name)
        return CommandInfo(label=label, group="rally", actor=command.unit, hint=t("2D6 ≤ morale [LNL-RALLY-3]"))
    if isinstance(command, m.Heal):
        return CommandInfo(
            label=t("Heal {unit}", unit=unit_name(state, state.get(command.unit))), group="rally", actor=command.medic
        )
    if isinstance(command, m.Combine):
        return CommandInfo(
            label=t("Combine two half-squads"), group="rally", actor=command.units[0], actors=command.units
        )
    if isinstance(command, m.Spot):
        return CommandInfo(
            label=t(
                "Spot {hex} with {unit}",
                hex=hex_name(state, command.target, command.level),
                unit=unit_name(state, state.get(command.unit)),
            ),
            group="spot",
            actor=command.unit,
            target=command.target,
            hint=t("1D6 + hindrances − LM, scouts −2 [LNL-SPOT-5]"),
        )
    if isinstance(command, m.LaySmoke):
        return CommandInfo(
            label=t("Smoke in {hex}", hex=hex_name(state, command.target)),
            group="smoke",
            actor=command.unit,
            target=command.target,
            odds=min(state.spec(state.get(command.unit)).smoke, 6) / 6,
            hint=t("1D6 ≤ smoke capability [LNL-SMOKE-1]"),
        )
    return _close_info(state, command)


def _close_info(state: State, command: Command) -> CommandInfo:
    """Melee, withdrawal, close assault and the sniper."""
    if isinstance(command, m.MeleeRound):
        return CommandInfo(
            label=t("Fight on in the melee in {hex}", hex=hex_name(state, command.hex)),
            group="melee",
            target=command.hex,
        )
    if isinstance(command, m.MeleeTargets):
        targets = [state.get(i) for i in command.targets]
        return CommandInfo(
            label=t("Attack {units} in the melee", units=units_named(state, targets)),
            group="melee",
            actors=command.targets,
            target=command.hex,
            odds=strike_odds(state, command)[0],
            hint=t("The attacker picks the defenders it attacks; odds against them only [LNL-MELEE-5]"),
        )
    if isinstance(command, m.Withdraw):
        return CommandInfo(
            label=t("Withdraw from melee to {hex}", hex=hex_name(state, command.to)),
            group="melee",
            actor=command.units[0],
            actors=command.units,
            target=command.to,
            hint=t("Morale check to leave [LNL-MOVE-9]"),
        )
    if isinstance(command, m.CloseAssault):
        vehicle = state.get(command.vehicle)
        return CommandInfo(
            label=t(
                "{unit} assaults {vehicle}",
                unit=unit_name(state, state.get(command.unit)),
                vehicle=unit_name(state, vehicle),
            ),
            group="assault",
            actor=command.unit,
            target=vehicle.hex,
            hint=t("Morale check, then FP + LM + AT weapon + 1D6 against lowest armour + 1D6 [LNL-INFVEH-4]"),
        )
    if isinstance(command, m.HandleWeapon | m.Snipe):
        return _weapon_info(state, command)
    if isinstance(command, m.Overrun):
        return _overrun_info(state, command)
    if isinstance(command, m.Hatches):
        vehicle = state.get(command.vehicle)
        words = t("{unit}: open the hatches", unit=unit_name(state, vehicle))
        if not vehicle.buttoned:
            words = t("{unit}: close the hatches", unit=unit_name(state, vehicle))
        return CommandInfo(label=words, group="hatches", actor=command.vehicle, hint=t("Once a turn, free [LNL-VEH-1]"))
    if isinstance(command, m.PlaceSniper):  # a command of the side: the sniper is off the map, nobody selects it
        return CommandInfo(
            label=t("Place the sniper in {hex}", hex=hex_name(state, command.at)),
            group="place_sniper",
            target=command.at,
            group_title=t("Place the sniper"),
            hint=t("Any hex without enemy units; it may fire at once [LNL-SNIPER-1]"),
        )
    return _phase_info(state, command)


WEAPON_VERBS = {
    "pick_up": t("{unit} picks up {sw}"),
    "drop": t("{unit} drops {sw}"),
    "destroy": t("{unit} destroys {sw}"),
    "give": t("{unit} hands {sw} to {other}"),
    "set_up": t("{unit} sets up {sw}"),
    "stow": t("{unit} stows {sw}"),
    "repair": t("{unit} tries to repair {sw}"),
}
WEAPON_HINTS = {
    "pick_up": t("Costs 2 MP in the Operations Phase [LNL-SW-5]"),
    "repair": t("1D6: low repairs it, a 6 breaks it [LNL-SW-7]"),
    "set_up": t("A tripod weapon fires only when set up [LNL-SW-9]"),
    "stow": t("A tripod weapon moves only when stowed [LNL-SW-9]"),
}


def _weapon_info(state: State, command: m.HandleWeapon | m.Snipe) -> CommandInfo:
    """Support weapon management and sniper shots."""
    unit = state.get(command.unit)
    if isinstance(command, m.Snipe):
        target = state.get(command.target)
        return CommandInfo(
            label=t("{sniper} fires at {unit}", sniper=unit_name(state, unit), unit=unit_name(state, target)),
            group="sniper",
            actor=command.unit,
            target=target.hex,
            odds=sniper_odds(state, unit, target),
            hint=t("2D6 on the sniper table, plus terrain and hindrances [LNL-SNIPER-3]"),
        )
    other = state.unit(command.to) if command.to else None
    words: dict[str, str | int | float | Text] = {
        "unit": unit_name(state, unit),
        "sw": state.runtime.unit_type(command.weapon).name,
        "other": unit_name(state, other) if other else "",
    }
    label = WEAPON_VERBS[command.action].model_copy(update={"args": words})
    rule = "LNL-SW-4" if state.phase == "rally" else "LNL-SW-5"
    hint = WEAPON_HINTS.get(command.action, t("Support weapons [{rule}]", rule=rule))
    return CommandInfo(label=label, group="weapon", actor=command.unit, target=unit.hex, hint=hint)


def _overrun_info(state: State, command: m.Overrun) -> CommandInfo:
    vehicle = state.get(command.vehicle)
    bonus = sum(x.value for x in overrun_mods(state, vehicle))
    return CommandInfo(
        label=t("{unit} overruns {hex}", unit=unit_name(state, vehicle), hex=hex_name(state, command.to)),
        group="assault",
        actor=command.vehicle,
        target=command.to,
        odds=overrun_odds(state, vehicle),
        hint=t("1D6 + {bonus} against 1D6, terrain ignored; hex cost + 4 MP [LNL-OVERRUN-3]", bonus=bonus),
    )


def _phase_info(state: State, command: Command) -> CommandInfo:
    texts = {
        m.RollInitiative: t("Roll for the initiative"),
        m.EndRally: t("End rallying"),
        m.HoldFire: t("Hold fire"),
        m.LetPass: t("Let the vehicle pass (no counter-attack)"),
        m.Stop: t("End the move"),
        m.Pass: t("Pass"),
    }
    label = texts.get(type(command), t("{side}: {kind}", side=side_name(state, command.side), kind=command.kind))
    return CommandInfo(label=label, group="phase")
