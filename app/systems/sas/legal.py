"""Legal commands: every action the rules allow the operator being activated, and the phase commands.

Rulebook chapters: §7 (SAS-OP-1, SAS-OP-2, SAS-ACT-1, SAS-ACT-2: what each operator may do now, with its AP left) and §8
(SAS-ATK-1, SAS-KNIFE-1, SAS-AIM-1, SAS-BLIND-1, SAS-MARK-1: targets in range and LOS) and §21 items (SAS-EQ-4,
SAS-EQ-5, SAS-EQ-6, SAS-EQ-7, SAS-EQ-8, SAS-EQ-9, SAS-EQ-10, SAS-EQ-11, SAS-EQ-12, SAS-EQ-13). Generated from the same
checks ``apply`` uses, so the UI only offers what the rules accept. The Axis side has exactly one command when it acts:
RunAxisStep.
"""

from __future__ import annotations

from typing import Literal, cast

import app.systems.sas.choices as choices_rules
from app.core.dice import Roller
from app.core.messages import Command
from app.systems.sas.board.facing import facing_toward
from app.systems.sas.board.movement import empty, step_class
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.jager import mode as jager
from app.systems.sas.messages import (
    AbortGarrote,
    ActivateOperator,
    Aim,
    Attack,
    BlindFire,
    ChangeClothes,
    Climb,
    Crouch,
    EndActivation,
    EndPhase,
    Exfiltrate,
    Mark,
    Move,
    PickLock,
    PickUp,
    Place,
    Recover,
    RemoveTwig,
    Reveal,
    RunAxisStep,
    Sprint,
    Stand,
    Talk,
    Throw,
    UseCigarette,
    UseFailureMarker,
    UseMedpack,
)
from app.systems.sas.operators import barrel, disguise, rabbit
from app.systems.sas.operators.items import grenades
from app.systems.sas.operators.operator import (
    OCCUPIED,
    assassinable,
    barrel_to_take,
    knife_problem,
    posture_allows,
    sharing,
    sprint_problem,
    step_ok,
    strangling_victim,
    through_problem,
)
from app.systems.sas.operators.scuba import arms, geared, moved
from app.systems.sas.state import OperatorState, PendingChoice, SasState
from app.systems.sas.support import air
from app.systems.sas.vehicles import breakdown, ovehicle_legal

Cell = tuple[int, int]
KNIFE_MARK_REACH = 5  # D-MARK-2
Facing = Literal["N", "E", "S", "W"]
FACINGS: tuple[Facing, ...] = ("N", "E", "S", "W")


def acting_side(state: SasState) -> str:
    """The side to act: the SAS player in the Operator phase and whenever an operator's roll waits for the
    rabbit's foot decision, even in an Axis phase (SAS-EQ-11); the Jäger hunter whenever he owes a decision
    (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11,
    SAS-JGR-12, SAS-JGR-13, SAS-JGR-14); the Axis otherwise (SAS-TURN-2)."""
    if state.pending is not None:
        return "sas"
    if jager.decision(state) is not None:
        return "axis"
    return "sas" if state.phase == "operator" else "axis"


def legal(state: SasState, side: str | None) -> list[Command]:
    """Every command ``side`` may give now."""
    if state.over:
        return []
    acting = acting_side(state)
    if side is not None and side != acting:
        return []
    if isinstance(state.pending, PendingChoice):  # SAS-GEN-9: a choice the rules leave to the players
        return choices_rules.commands(state)
    if state.pending is not None:
        return rabbit.choices(state)  # SAS-EQ-11, in any phase
    if acting == "axis":
        return jager.choices(state) or [RunAxisStep(side="axis")]
    if state.activation is None:
        if flying := air.first_commands(state):  # the Typhoon acts first (SAS-SUP-8, SAS-SUP-9)
            return flying
        ready = [o for o in state.active_ops() if not o.activated]
        vehicles = ovehicle_legal.vehicle_commands(state)  # they act first (SAS-OVEH-2)
        calls = air.call_commands(state)  # SAS-SUP-6
        ready_ops = (ActivateOperator(side="sas", operator=o.id) for o in ready)
        return [*vehicles, *ready_ops, *calls, EndPhase(side="sas")]
    op = state.op(state.activation.operator)
    if barrel.waiting(state) is not None:  # he moved onto the fuel barrel to pick it up (SAS-PICK-1, OQ-65)
        return barrel.pick_ups(state, op)
    if op.on_map and sharing(state, op):  # on her way through an Axis unit's square she moves on (SAS-NANCY-3)
        return [c for c in operator_actions(state, op) if isinstance(c, Move)]
    return [*operator_actions(state, op), EndActivation(side="sas")]


def _allowed(state: SasState, op: OperatorState, action: str, ap: int) -> bool:
    row = state.rt.tables.actions[action]
    return posture_allows(row, op, state) and ap >= row.ap


def operator_actions(state: SasState, op: OperatorState) -> list[Command]:
    """The active operator's legal actions."""
    assert state.activation is not None and op.loc is not None
    ap = state.activation.ap
    ctx = Ctx(state, Roller(state.dice))
    out: list[Command] = []
    victim = strangling_victim(state, op)
    if victim is not None:  # she rolls the garrote again or gives up (SAS-NANCY-9, SAS-NANCY-11)
        held = [Attack(side="sas", operator=op.id, weapon="garrote", target=victim)]
        return [*(held if _allowed(state, op, "attack", ap) else []), AbortGarrote(side="sas", operator=op.id)]
    around = list(state.rt.grid.neighbours(op.loc))
    steps = [c for c in around if step_ok(ctx, op, c, "open") is None]
    if _allowed(state, op, "move", ap):
        takes = [c for c in around if c not in steps]
        takes = [c for c in takes if step_ok(ctx, op, c, "open", barrel=True) is None]  # OQ-65
        passes = [c for c in around if step_ok(ctx, op, c, "open") == OCCUPIED and through_problem(ctx, op, c) is None]
        out += [Move(side="sas", operator=op.id, to=c) for c in [*steps, *takes, *passes]]
    if _allowed(state, op, "climb", ap):
        climbs = [c for c in state.rt.grid.neighbours(op.loc) if step_ok(ctx, op, c, "climb") is None]
        out += [Climb(side="sas", operator=op.id, to=c) for c in climbs]
    if _allowed(state, op, "sprint", ap):
        out += [Sprint(side="sas", operator=op.id, path=p) for p in sprints(ctx, op)]
    out += ovehicle_legal.boardings(ctx, op, _allowed(state, op, "move", ap), _allowed(state, op, "sprint", ap))
    out += _posture_and_misc(state, op, ap)
    attack = "stand_attack" if op.crouched else "attack"
    if _allowed(state, op, attack, ap):
        out += attacks(ctx, op, steps)
    if _allowed(state, op, "aim", ap):
        out += [Aim(side="sas", operator=op.id, target=u) for u in _gun_targets(ctx, op, op.loc, any_weapon=True)]
    if _allowed(state, op, "place", ap):
        out += places(state, op, steps)
    out += item_actions(ctx, op, ap)
    out += nancy_actions(state, op, ap)
    return out


def nancy_actions(state: SasState, op: OperatorState, ap: int) -> list[Command]:
    """Change clothes and Talk (SAS-NANCY-2, SAS-NANCY-6)."""
    assert op.loc is not None
    out: list[Command] = []
    if state.rt.tables.board(op.board_id).disguise and _allowed(state, op, "change_clothes", ap):
        out.append(ChangeClothes(side="sas", operator=op.id))
    if op.talks and _allowed(state, op, "talk", ap):
        units = [u for u in state.map_units() if combat.dist(u.loc, op.loc) == 1]
        out += [
            Talk(side="sas", operator=op.id, target=u.id) for u in units if not disguise.talk_problem(state, op, u.id)
        ]
    return out


def item_actions(ctx: Ctx, op: OperatorState, ap: int) -> list[Command]:
    """Blind Fire, Throw, Mark and the medpack (SAS-BLIND-1, SAS-EQ-6, SAS-EQ-7, SAS-MARK-1, SAS-EQ-13)."""
    state = ctx.state
    assert op.loc is not None
    out: list[Command] = []
    if _allowed(state, op, "blind_fire", ap):
        for weapon in _guns(state, op):
            targets = _gun_targets(ctx, op, op.loc, False, weapon, blind=True)
            out += [BlindFire(side="sas", operator=op.id, weapon=weapon, target=u) for u in targets]
    throw = "stand_throw" if op.crouched else "throw"
    if grenades(op) and _allowed(state, op, throw, ap):
        out += [Throw.model_construct(side="sas", operator=op.id, to=c) for c in _grenade_squares(state, op.loc)]
        if not op.crouched:
            out += move_throws(ctx, op)
    if _allowed(state, op, "mark", ap):
        out += marks_for(state, op)
    if op.item_count("medpack") and _allowed(state, op, "medpack", ap):
        full = state.rt.tables.operators
        near = [o for o in state.team_ops() if combat.dist(o.loc, op.loc) <= 1 and o.hp < full[o.id].hp]  # type: ignore[arg-type]
        out += [UseMedpack(side="sas", operator=op.id, patient=o.id) for o in near]
    return out


def move_throws(ctx: Ctx, op: OperatorState) -> list[Command]:
    """Move & Throw (SAS-ATK-4 with the grenade, a one-use weapon, SAS-EQ-6): the move before or after the throw.
    Listed only at squares whose template would cover an Axis unit or a fuel barrel (D-EQ-4); any square in range
    may be submitted."""
    state = ctx.state
    assert op.loc is not None
    marks = {c for u in state.map_units() for c in u.cells}
    marks |= {o.loc for o in state.objects if o.kind == "fuel_barrel" and o.loc}
    worth = {(c[0] + dx, c[1] + dy) for c in marks for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    steps = [c for c in state.rt.grid.neighbours(op.loc) if step_ok(ctx, op, c, "open") is None]
    out: list[Command] = []
    for at, first in [(op.loc, False), *((s, True) for s in steps)]:
        for c in _grenade_squares(state, at):
            if c not in worth:
                continue
            moves = [at] if first else steps
            out += [Throw.model_construct(side="sas", operator=op.id, to=c, move_to=m, move_first=first) for m in moves]
    return out


def _guns(state: SasState, op: OperatorState) -> list[str]:
    weapons = state.rt.tables.weapons
    return [w for w in arms(state, op) if weapons[w].kind == "gun"]


def _grenade_squares(state: SasState, at: Cell) -> list[Cell]:
    """Squares within the grenade's range, in LOS or not (SAS-EQ-6, SAS-EQ-7)."""
    reach = state.rt.tables.items["grenade"].long
    cells = [(at[0] + dx, at[1] + dy) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)]
    return [c for c in cells if c != at and c in state.rt.map_cells]


def marks_for(state: SasState, op: OperatorState) -> list[Command]:
    """Mark any Axis unit with a usable gun, in any facing; the knife only units within 5 squares (one move and a
    step, D-MARK-2); a grenade marks a square (SAS-MARK-1, SAS-MARK-5, SAS-MARK-6). Built unvalidated: every field is
    made here."""
    assert op.loc is not None
    weapons = state.rt.tables.weapons
    usable = [w for w in arms(state, op) if (op.ammo_left(w) is None or op.ammo_left(w))]
    guns = [w for w in usable if weapons[w].kind == "gun"]
    knives = [w for w in usable if weapons[w].kind == "knife"]
    out: list[Command] = []
    for unit in state.units:
        near = combat.dist(unit.loc, op.loc) <= KNIFE_MARK_REACH and assassinable(state, unit)
        for weapon in guns + knives if near else guns:
            out += [
                Mark.model_construct(side="sas", operator=op.id, target=unit.id, weapon=weapon, facing=f)
                for f in FACINGS
            ]
    if grenades(op) and not op.scuba:  # in the water only the speargun (SAS-EQ-16)
        for c in _grenade_squares(state, op.loc):
            facing = cast(Facing, facing_toward(op.loc, c, op.facing))
            out.append(Mark.model_construct(side="sas", operator=op.id, square=c, weapon="grenade", facing=facing))
    return out


def _posture_and_misc(state: SasState, op: OperatorState, ap: int) -> list[Command]:
    out: list[Command] = []
    assert op.loc is not None
    if op.crouched and _allowed(state, op, "stand", ap):
        out.append(Stand(side="sas", operator=op.id))
    if not op.crouched and _allowed(state, op, "crouch", ap):
        out.append(Crouch(side="sas", operator=op.id))
    here = {o.kind for o in state.objects_at(op.loc)}
    item, thing = "trap_used" in here, "corpse" in here and not op.crouched and not op.carrying
    if (item or thing) and _allowed(state, op, "pick_up", ap):
        out.append(PickUp(side="sas", operator=op.id))
        if item and thing:  # together, or either alone (SAS-PICK-1)
            out += [PickUp(side="sas", operator=op.id, what="item"), PickUp(side="sas", operator=op.id, what="object")]
    cap = state.rt.tables.board(op.board_id).recovery
    if op.hp < cap and _allowed(state, op, "recover", ap):
        out.append(Recover(side="sas", operator=op.id))
    if not op.exposed and _allowed(state, op, "reveal", ap):
        out.append(Reveal(side="sas", operator=op.id))
    if state.cigarette == f"op:{op.id}" or op.item_count("cigarette_box"):
        out += [UseCigarette(side="sas", operator=op.id, target=u.id) for u in state.map_units() if not u.alert]
    out += [UseFailureMarker(side="sas", operator=op.id, target=u.id) for u in breakdown.targets(state, op)]
    if op.loc in state.rt.entry_exit and _allowed(state, op, "exfiltrate", ap):
        out.append(Exfiltrate(side="sas", operator=op.id))
    if any(m.operator == op.id for m in jager_markers.markers(state, "twig")) and _allowed(
        state, op, "remove_twig", ap
    ):
        out.append(RemoveTwig(side="sas", operator=op.id))  # SAS-JGR-9
    if _allowed(state, op, "pick_lock", ap):
        out += [PickLock(side="sas", operator=op.id, lock=m.id) for m in jager_markers.locks_at(state, op.loc)]
    return out


def sprints(ctx: Ctx, op: OperatorState) -> list[tuple[Cell, ...]]:
    """One legal sprint path per reachable square (the first found, shortest; D-OP-2)."""
    assert op.loc is not None
    found: dict[Cell, tuple[Cell, ...]] = {}
    frontier: list[tuple[Cell, ...]] = [()]
    swims = geared(op)
    for _ in range(3):
        nxt = []
        for path in frontier:
            here = path[-1] if path else op.loc
            for c in ctx.state.rt.grid.neighbours(here):
                cell: Cell = c
                if cell == op.loc or cell in path or step_class(ctx.state.rt, here, cell, swim=swims) != "open":
                    continue
                new = (*path, cell)
                nxt.append(new)
                if cell not in found and sprint_problem(ctx, op, new) is None:
                    found[cell] = new
        frontier = nxt
    return [
        p
        for c, p in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        if len(p) > 1 or empty(ctx.state, c) or barrel_to_take(ctx, op, c)
    ]


def _gun_targets(
    ctx: Ctx, op: OperatorState, at: Cell, any_weapon: bool, weapon: str | None = None, *, blind: bool = False
) -> list[str]:
    """Targets in range and LOS; a normal attack is made standing, Blind Fire crouched (SAS-LOS-10, OQ-64)."""
    state = ctx.state
    guns = [weapon] if weapon else _guns(state, op)
    there = moved(state, op, at)
    c2 = Ctx(ctx.state.with_op(op.id, loc=at, crouched=blind, scuba=there.scuba), ctx.roller)
    out = [
        u.id
        for u in state.map_units()
        if any(combat.unit_attack_problem(c2, op.id, w, u, blind=blind)[1] is None for w in guns)
    ]
    barrels = [o for o in state.objects if o.kind == "fuel_barrel" and o.loc is not None]
    out += [o.id for o in barrels if any(combat.attack_problem(c2, op.id, w, o.loc, blind=blind) is None for w in guns)]  # type: ignore[arg-type]
    return out


def attacks(ctx: Ctx, op: OperatorState, steps: list[Cell]) -> list[Command]:
    """Attack and Move & Attack (move before; or after from here), knife from behind (SAS-ATK-1, SAS-ATK-4,
    SAS-KNIFE-1)."""
    assert op.loc is not None
    if op.crouched:  # Move & Attack is not among a crouched operator's actions (SAS-ACT-2); Stand & Attack is
        steps = []
    out: list[Command] = []
    here = arms(ctx.state, op)
    weapons = list(here)  # and those he can use once out of (or into) the water
    for s in steps:
        weapons += [w for w in arms(ctx.state, moved(ctx.state, op, s)) if w not in weapons]
    for weapon in weapons:
        kind = ctx.state.rt.tables.weapons[weapon].kind
        if kind in ("knife", "garrote"):  # from behind (SAS-KNIFE-1, SAS-NANCY-9)
            problem = knife_problem if kind == "knife" else disguise.garrote_problem
            for at in [op.loc, *steps]:
                for unit in ctx.state.map_units():
                    if problem(ctx, op, unit.id, at) is None:
                        move = None if at == op.loc else at
                        out.append(Attack(side="sas", operator=op.id, weapon=weapon, target=unit.id, move_to=move))
            continue
        for target in _gun_targets(ctx, op, op.loc, False, weapon) if weapon in here else []:
            out.append(Attack(side="sas", operator=op.id, weapon=weapon, target=target))
            out += [
                Attack(side="sas", operator=op.id, weapon=weapon, target=target, move_to=s, move_first=False)
                for s in steps
            ]
        for s in steps:
            if weapon not in arms(ctx.state, moved(ctx.state, op, s)):
                continue
            for target in _gun_targets(ctx, op, s, False, weapon):
                out.append(Attack(side="sas", operator=op.id, weapon=weapon, target=target, move_to=s))
    return out


def places(state: SasState, op: OperatorState, steps: list[Cell]) -> list[Command]:
    """Place the carried corpse, or a Lewes or rat bomb (any deck position 1–20), in an adjacent square (SAS-PLACE-1,
    SAS-EQ-17)."""
    assert op.loc is not None
    around = list(state.rt.grid.neighbours(op.loc))
    out: list[Command] = []
    carried = state.obj(op.carrying) if op.carrying else None
    if carried is not None:
        barrel = carried.kind == "fuel_barrel"
        spots = [c for c in around if not barrel or (empty(state, c) and c not in state.templates)]
        out += [Place(side="sas", operator=op.id, to=c) for c in spots]
    for bomb in ("lewes_bomb", "rat_bomb"):  # SAS-EQ-5, SAS-EQ-17
        if op.item_count(bomb) and not op.crouched:
            for c in around:
                out += [Place(side="sas", operator=op.id, to=c, item=bomb, position=n) for n in range(1, 21)]
    for device in ("landmine", "trap"):
        if op.item_count(device):
            free = [c for c in around if state.unit_at(c) is None and state.op_at(c) is None]
            out += [Place(side="sas", operator=op.id, to=c, item=device) for c in free]
    return out
