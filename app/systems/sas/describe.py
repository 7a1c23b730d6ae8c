"""How to present SAS commands in the UI (labels, groups, costs, hints with rule IDs).

Rulebook chapter: §7.2 action table (SAS-ACT-1: the AP cost shown with each action, read from the same
action table the rules charge) and §8.1 (SAS-ATK-1, SAS-ATK-2, SAS-AIM-1: an attack's hit chance shown before the
player commits, computed from the same modifiers the attack will roll with) and §29 (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4,
SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14: the
Jäger hunter's commands say which card, square, operator or unit they mean).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import app.systems.sas.describe_steps as steps_of
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.core.ruling import Modifier
from app.core.view import CommandInfo
from app.systems.sas.choices import answer_label
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.jager.cards import half
from app.systems.sas.messages import (
    ACTION_LABELS,
    AIR_COMMANDS,
    HUNTER_COMMANDS,
    VEHICLE_ACTIONS,
    ActivateOperator,
    Attack,
    ChangeClothes,
    Decide,
    DiscardHunterCards,
    FaceUnit,
    HunterMove,
    HunterTarget,
    Mark,
    Move,
    PickLock,
    PickUp,
    Place,
    PlaceStalker,
    PlayHunterCard,
    ReplaceEvent,
    UseRabbitsFoot,
)
from app.systems.sas.names import facing_name, name_of
from app.systems.sas.operators import shooting
from app.systems.sas.operators.disguise import garrote_target
from app.systems.sas.operators.operator import ACTION_OF, action_id
from app.systems.sas.state import SasState, UnitState
from app.systems.sas.support import air
from app.systems.sas.vehicles import ovehicle_legal

PHASE_KINDS = ("end_activation", "end_phase", "axis_step", "activate")
GROUP_TITLES = {kind: t(label) for kind, label in ACTION_LABELS.items()}  # the command bar's kind names


def describe_command(state: SasState, command: Command) -> CommandInfo:
    """Label, group, actor, target, AP cost, options and (for attacks) the hit chance of a command."""
    if isinstance(command, HUNTER_COMMANDS):
        return _hunter_info(state, command)
    if isinstance(command, VEHICLE_ACTIONS) and (info := ovehicle_legal.describe(state, command)) is not None:
        return _vehicle_hint(state, command, info)
    if isinstance(command, AIR_COMMANDS):  # the Typhoon (SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10)
        return air.describe(state, command)
    target = _target_square(state, command)
    text = _label(state, command, target)
    title = _title(state, command, target, text)
    if isinstance(command, Mark):
        text = t("{text}, facing {facing}", text=text, facing=facing_name(command.facing))  # SAS-MARK-6
    hint, odds = _attack_hint(state, command) if isinstance(command, Attack) else (None, None)
    ap = _ap(state, command)
    return CommandInfo(
        text,
        "phase" if command.kind in PHASE_KINDS else command.kind,
        getattr(command, "operator", None),
        target,
        "" if ap is None else f"{ap} AP",
        hint,
        path=tuple(tuple(square) for square in getattr(command, "path", None) or ()),
        title=title,
        options=steps_of.options(state, command),
        costs=() if ap is None else (("AP", ap),),
        odds=odds,
        group_title=GROUP_TITLES.get(command.kind),
        default=isinstance(command, Move),  # a click on a square next to him moves him there (SAS-MOVE-1)
    )


def _title(state: SasState, command: Command, target: tuple[int, int] | None, label: Text) -> Text | None:
    """The command without its options, the title of its template; ``None`` when that is its label."""
    if isinstance(command, Mark):  # the facing is appended after
        return label
    bare = steps_of.bare(command)
    if bare is command and not (isinstance(command, Place) and command.item in steps_of.BOMBS):
        return None
    return _label(state, bare, target, bare=True)


def _vehicle_hint(state: SasState, command: Command, info: CommandInfo) -> CommandInfo:
    """A vehicle attack's hit chance, counted from where it will fire (SAS-OVEH-5, SAS-OVEH-8)."""
    roll = ovehicle_legal.attack_roll(state, command)
    if roll is None:
        return info
    rolls, need, mods, weapon = roll
    hint = t("{weapon}: {chance}", weapon=weapon, chance=_chance(rolls, need, mods))
    return replace(info, hint=hint, odds=_chance_value(rolls, need, mods))


def _answer(state: SasState, command: Command, action: Text) -> Text | None:
    """The label of an answer to a decision: a choice left to the players (SAS-GEN-9), the rabbit's foot (SAS-EQ-11)."""
    if isinstance(command, Decide):
        return answer_label(state, command)
    if isinstance(command, UseRabbitsFoot):
        owner = name_of(state, command.operator)
        return t("{action} ({owner}): die {n} becomes a 6", action=action, owner=owner, n=command.die)
    if isinstance(command, PickUp) and command.what is not None:  # SAS-PICK-1
        return t("{action}: {what}", action=action, what=steps_of.PICK_WHAT[command.what])
    return None


def _label(state: SasState, command: Command, target: tuple[int, int] | None, *, bare: bool = False) -> Text:
    """ "Move J2", "Attack Rifleman (H4) with Pistol, moving to K2 first"; ``bare``: without the options that
    the command's template asks for (the bomb card's deck position)."""
    action = t(ACTION_LABELS.get(command.kind, command.kind))
    where = state.rt.label(target) if target is not None else ""
    if isinstance(command, Place):
        return _place_label(state, command, action, where, bare=bare)
    if isinstance(command, ActivateOperator):  # SAS-OP-1: the phase command names whom it activates
        return t("Activate {operator}", operator=name_of(state, command.operator))
    if (answer := _answer(state, command, action)) is not None:
        return answer
    if isinstance(command, PickLock):
        lock = next((m for m in jager_markers.markers(state, "lock") if m.id == command.lock), None)
        if lock is not None:
            door = f"{state.rt.label(lock.loc)}|{state.rt.label(lock.other)}"
            return t("{action} of the door {door}", action=action, door=door)
    if (board := ovehicle_legal.boarding_label(state, command, action)) is not None:  # SAS-OVEH-1
        return board
    if isinstance(command, ChangeClothes):  # SAS-NANCY-2
        disguised = state.op(command.operator).disguised
        return t("Change back into uniform") if disguised else t("Put on the civilian disguise")
    ident = getattr(command, "target", None)
    if not isinstance(ident, str) or state.unit(ident) is None:
        return _with_move(state, command, t("{action} {where}", action=action, where=where))
    text = t("{action} {target} ({where})", action=action, target=name_of(state, ident), where=where)
    weapon = state.rt.tables.weapons.get(getattr(command, "weapon", ""))
    if weapon is not None:
        text = t("{text} with {weapon}", text=text, weapon=localized(weapon.name_en, weapon.name_zh))
    return _with_move(state, command, text)


def _with_move(state: SasState, command: Command, text: Text) -> Text:
    """The 1-square move of Move & Attack / Throw / Place, and whether it comes first (SAS-ATK-4, SAS-PLACE-1)."""
    step = getattr(command, "move_to", None)
    if step is None:
        return text
    order = t("first") if getattr(command, "move_first", True) else t("after")
    return t("{text}, moving to {square} {order}", text=text, square=state.rt.label(tuple(step)), order=order)


def _place_label(state: SasState, command: Place, action: Text, where: str, *, bare: bool = False) -> Text:
    """Place: what is placed, where, the Lewes bomb's deck position and any move (SAS-PLACE-1, SAS-DECK-4)."""
    if command.item == "lewes_bomb" and bare:
        text = t("{action} Lewes bomb at {where}", action=action, where=where)
    elif command.item == "rat_bomb" and bare:
        text = t("{action} rat bomb at {where}", action=action, where=where)
    elif command.item == "lewes_bomb":
        text = t(
            "{action} Lewes bomb at {where}, bomb card at deck position {n}",
            action=action,
            where=where,
            n=command.position,
        )
    elif command.item == "rat_bomb":  # SAS-EQ-17
        text = t(
            "{action} rat bomb at {where}, rat-bomb card at deck position {n}",
            action=action,
            where=where,
            n=command.position,
        )
    else:
        text = t("{action} the carried body at {where}", action=action, where=where)
    return _with_move(state, command, text)


def _hunter_info(state: SasState, command: Command) -> CommandInfo:
    """The Jäger hunter's commands (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8,
    SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14): what each does, where, and to which unit."""
    label = _hunter_label(state, command)
    unit = getattr(command, "unit", None)
    square = getattr(command, "at", None) or getattr(command, "to", None) or getattr(command, "square", None)
    if square is None and isinstance(command, HunterTarget) and command.operator is not None:
        square = state.op(command.operator).loc
    if square is None and isinstance(unit, str) and (found := state.unit(unit)) is not None:
        square = found.loc
    return CommandInfo(label, "hunter", unit, None if square is None else tuple(square))


def _hunter_label(state: SasState, command: Command) -> Text:
    hunter = state.hunter
    assert hunter is not None
    if isinstance(command, PlaceStalker):
        return t("Place stalker {n} at {sq}", n=command.number, sq=state.rt.label(command.at))
    if isinstance(command, PlayHunterCard):
        card = state.rt.hunter_cards[command.card]
        halves = [localized(h.text_en or h.type, h.text_zh or None) for h in (card.stealth, card.battle)]
        return t("Play {card} face down ({stealth} / {battle})", card=command.card, stealth=halves[0], battle=halves[1])
    if isinstance(command, DiscardHunterCards):
        return t("Discard {a} and {b}, draw one", a=command.discard[0], b=command.discard[1])
    if isinstance(command, ReplaceEvent):
        if command.use:
            return t(
                "Replace event card {card} with hunter card {hunter}",
                card=hunter.revealed or "",
                hunter=hunter.played or "",
            )
        return t(
            "Keep event card {card}; discard hunter card {hunter}",
            card=hunter.revealed or "",
            hunter=hunter.played or "",
        )
    if isinstance(command, HunterTarget):
        return _target_label(state, command)
    if isinstance(command, FaceUnit):
        return t("Turn {unit} to face {facing}", unit=name_of(state, command.unit), facing=facing_name(command.facing))
    if isinstance(command, HunterMove):
        unit = state.unit(command.unit)
        sq = state.rt.label(command.to)
        if unit is not None and unit.loc == tuple(command.to):
            return t("Keep {unit} at {sq}", unit=name_of(state, command.unit), sq=sq)
        return t("Move {unit} to {sq}", unit=name_of(state, command.unit), sq=sq)
    return t(ACTION_LABELS.get(command.kind, command.kind))


def _target_label(state: SasState, command: HunterTarget) -> Text:
    """ "Put waypoint 2 at K7", "Put the twig under Jock", "Lock the door F4|F5" (SAS-JGR-7, SAS-JGR-8, SAS-JGR-9,
    SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13)."""
    hunter = state.hunter
    assert hunter is not None and hunter.resolving is not None
    kind = half(state, hunter.resolving).type
    sq = state.rt.label(command.square)
    if kind == "waypoint":
        return t("Put waypoint {n} at {sq}", n=half(state, hunter.resolving).number, sq=sq)  # type: ignore[union-attr]
    if kind == "cat":
        return t("Put the cat at {sq}", sq=sq)
    if kind == "twig" and command.operator is not None:
        return t("Put the twig under {op}", op=name_of(state, command.operator))
    if kind == "door_lock":
        return t(
            "Lock the door {door}",
            door=f"{sq}|{state.rt.label(command.other)}",
        )
    if kind == "blood_stain":
        return t("Put a blood stain on the corpse at {sq}", sq=sq)
    return t("Make {unit} a hunter unit", unit=name_of(state, command.unit or ""))


def _target_square(state: SasState, command: Command) -> tuple[int, int] | None:
    ident = getattr(command, "target", None)
    unit = state.unit(ident) if isinstance(ident, str) else None
    if unit is not None and not unit.on_spawn:
        return _nearest_square(state, command, unit)
    path = getattr(command, "path", None)
    if path:
        return tuple(path[-1])
    square = getattr(command, "to", None) or getattr(command, "move_to", None) or getattr(command, "square", None)
    if square is not None:
        return tuple(square)
    ident = getattr(command, "target", None)
    unit = state.unit(ident) if isinstance(ident, str) else None
    if unit is not None and not unit.on_spawn:
        return unit.loc
    obj = state.obj(ident) if isinstance(ident, str) else None
    return obj.loc if obj is not None else None


def _nearest_square(state: SasState, command: Command, unit: UnitState) -> tuple[int, int]:
    """A unit's square; for a vehicle the square of its token nearest the operator, the one he aims at
    (SAS-AVEH-12, D-VDMG-1)."""
    op_id = getattr(command, "operator", None)
    at = state.op(op_id).loc if isinstance(op_id, str) and op_id in {o.id for o in state.operators} else None
    if not unit.is_vehicle or at is None:
        return unit.loc
    cells = [c for c in unit.cells if state.rt.grid.contains(c)] or [unit.loc]
    return min(cells, key=lambda c: (combat.dist(at, c), c[1], c[0]))


def _ap(state: SasState, command: Command) -> int | None:
    """AP cost from the action table (SAS-ACT-1), as the rules will charge it."""
    if type(command) not in ACTION_OF or state.activation is None:
        return None
    ctx = Ctx(state, Roller(state.dice))
    try:
        ap: int = state.rt.tables.actions[action_id(ctx, command)].ap
        return ap
    except (KeyError, IllegalCommandError):
        return None


def _attack_hint(state: SasState, command: Attack) -> tuple[Text | None, float | None]:
    """Chance of at least one success, with every modifier and its rule ID (SAS-ATK-1, SAS-ATK-2, SAS-AIM-1):
    the hint and the chance as a number."""
    weapon = state.rt.tables.weapons.get(command.weapon)
    op = state.op(command.operator)
    loc = _target_square(state, command)
    if weapon is not None and weapon.kind == "garrote":  # SAS-NANCY-9, OQ-49
        need = garrote_target(state, op.id)
        chance = round((7 - need) / 6 * 100)
        return t(
            "1 die at {target}+ (6+, one less per roll failed this activation): {chance}% chance to kill.",
            target=need,
            chance=chance,
        ), max(0, 7 - need) / 6
    if weapon is None or weapon.kind != "gun" or op.loc is None or loc is None:
        return None, None
    if command.move_to is not None and command.move_first:  # range counts from where he will shoot
        state = state.with_op(op.id, loc=tuple(command.move_to))
        op = state.op(op.id)
    ctx = Ctx(state, Roller(state.dice))
    unit = state.unit(command.target)
    if unit is not None and unit.is_vehicle:
        if shooting.futile(ctx, op.id, command.weapon, command.target):  # SAS-AVEH-12
            return t(
                "No effect: {unit} is armoured, only blast weapons damage it [SAS-AVEH-12].",
                unit=name_of(state, unit.id),
            ), 0.0
        loc = combat.unit_attack_problem(ctx, op.id, command.weapon, unit)[0]
    aimed = state.activation is not None and command.target in state.activation.aimed
    mods = combat.operator_mods(ctx, op.id, command.weapon, loc, aimed)
    hint, odds = _chance(weapon.rolls, weapon.target, mods), _chance_value(weapon.rolls, weapon.target, mods)
    stats = state.rt.tables.vehicle(unit.kind) if unit is not None else None
    if unit is None or stats is None:
        return hint, odds
    left = stats.hp - unit.damage
    return t(
        "{hint} Each success is 1 damage; {left} of {hp} HP left [SAS-AVEH-12].", hint=hint, left=left, hp=stats.hp
    ), odds


def _chance_value(rolls: int, target: int, mods: list[Modifier]) -> float:
    """The chance of at least one success of ``rolls`` dice at ``target``+ with these modifiers."""
    faces = max(0, min(6, 7 - (target - sum(m.value for m in mods))))
    return float(1 - Fraction(6 - faces, 6) ** rolls)


def _chance(rolls: int, target: int, mods: list[Modifier]) -> Text:
    """ "3 dice at 5+ (+1 short range (2) [SAS-ATK-2]): 61% chance of at least one success." """
    return t(
        "{rolls} dice at {target}+ ({mods}): {chance}% chance of at least one success.",
        rolls=rolls,
        target=target,
        mods=_modifier_list(mods),
        chance=round(_chance_value(rolls, target, mods) * 100),
    )


def _modifier_list(mods: list[Modifier]) -> Text:
    """ "+1 short range (4) [SAS-ATK-2], +2 aimed [SAS-AIM-1]" as one translatable Text."""
    if not mods:
        return t("no modifiers")
    items = {
        f"m{i}": t("{value} {reason} [{rule}]", value=f"{m.value:+d}", reason=m.reason, rule=m.rule_id)
        for i, m in enumerate(mods)
    }
    return Text(msg=", ".join("{" + key + "}" for key in items), args=dict(items))
