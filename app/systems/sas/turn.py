"""Turn structure and the End phase; the end of the mission.

Rulebook chapters: §6 turn structure (SAS-TURN-1, SAS-TURN-2, SAS-TURN-3: the Stealth section's six phases, the Battle
section's five, where play continues after an alarm), §17 End phase (SAS-END-1, SAS-END-2, SAS-END-3, SAS-END-4,
SAS-END-5, SAS-END-6, SAS-END-7) and §31 victory (SAS-MSN-1, OQ-55: the mission ends when no operator is left on the map
or after the mission's last turn).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.systems.sas.axis import alerts, squads
from app.systems.sas.axis.advance import advancers
from app.systems.sas.axis.eventphase import draw, patrol_step, patrollers
from app.systems.sas.axis.phases import advance_step, attack_step, attackers
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.jager import mode as jager
from app.systems.sas.operators import disguise, marks
from app.systems.sas.state import HUNTER_PHASE, STEALTH_PHASES, SasState
from app.systems.sas.support import antiair
from app.systems.sas.vehicles import breakdown, cargo, ovehicle, ovehicle_actions
from app.systems.sas.vehicles import roles as vehicle_roles

PHASE_NAMES = {
    "operator": "Operator phase",
    "advance": "Axis Advance phase",
    "event": "Event phase",
    "patrol": "Axis Patrol phase",
    "attack": "Axis Attack phase",
    "end": "End phase",
    "hunter": "Hunter phase",
}
SECTION_NAMES = {"stealth": "Stealth", "battle": "Battle"}


def has_work(state: SasState) -> bool:
    """Whether the current Axis phase still has a step to play (or the Jäger hunter a decision to make)."""
    phase = state.phase
    if jager.has_work(state):
        return True
    if phase == "advance":
        return bool(vehicle_roles.advance_vehicles(state) or advancers(state))
    if phase == "patrol":
        return bool(vehicle_roles.patrol_vehicles(state) or patrollers(state))
    if phase == "attack":
        return bool(attackers(state)) or bool(squads.burn_pending(state)) or bool(antiair.attackers(state))
    return phase in ("event", "end") and "phase" not in state.done


def axis_step(ctx: Ctx) -> None:
    """Play one step of the automated Axis, then move on through empty phases."""
    phase = ctx.state.phase
    if phase in ("advance", "patrol"):
        marks.fire(ctx)  # SAS-MARK-3: at any moment of these phases (D-MARK-1)
    phase = ctx.state.phase
    # stalkers, then vehicles, then infantry (SAS-JGR-7, D-JGR-5, SAS-AVEH-1, SAS-AVEH-9, SAS-ADVB-5)
    if phase == "advance":
        if not jager.advance_step(ctx) and not vehicle_roles.advance_vehicle_step(ctx):
            advance_step(ctx)
    elif phase == "patrol":  # black marker: patrol vehicles first (SAS-PAT-1, SAS-AVEH-14)
        if not vehicle_roles.patrol_vehicle_step(ctx):
            patrol_step(ctx)
    elif phase == "attack":
        if not squads.burn_step(ctx) and not attack_step(ctx):  # fire markers burn first (SAS-HD-3, D-HD-3)
            antiair.attack_step(ctx)  # after every attack on an operator: fire at the Typhoon (SAS-SUP-12, SAS-SUP-15)
    elif phase == "event":
        if not jager.event_step(ctx):  # a face-down hunter card waits for the hunter (SAS-JGR-5)
            draw(ctx)
            ctx.state = replace(ctx.state, done=ctx.state.done | {"phase"})
    elif phase == "end":
        end_phase(ctx)
        ctx.state = replace(ctx.state, done=ctx.state.done | {"phase"})
    alerts.ensure_exposed(ctx)  # the last exposed operator died: another is designated at once (SAS-ALARM-5)
    unload_troops(ctx)  # before the next phase looks for work (SAS-HM-2)
    settle(ctx)


def unload_troops(ctx: Ctx) -> None:
    """Alert troop trucks on the map unload their infantry once the step or action that alerted them (or brought
    them on) is over; the new units look around at once (SAS-HM-2, D-XVEH-8)."""
    if cargo.unload_alerted(ctx):
        alerts.detect(ctx)


def next_phase(ctx: Ctx) -> None:
    """Go to the next phase of the section (SAS-TURN-2, SAS-TURN-3); after the End phase (and Jäger mode's Hunter phase,
    SAS-JGR-3) a new turn begins."""
    state = ctx.state
    order = (*STEALTH_PHASES, HUNTER_PHASE)
    index = order.index(state.phase)
    nxt = order[index + 1] if index + 1 < len(order) else "operator"
    if nxt == "patrol" and state.section == "battle":
        nxt = "attack"  # SAS-TURN-3: no Patrol phase in the Battle section
    if nxt == HUNTER_PHASE and not jager.hunter_phase_due(state):
        nxt = "operator"
    turn = state.turn + 1 if nxt == "operator" else state.turn
    ctx.state = replace(state, phase=nxt, turn=turn, done=frozenset(), activation=None)
    if nxt == "operator":
        ops = tuple(replace(o, activated=False) for o in ctx.state.operators)
        ctx.state = replace(ctx.state, operators=ops, reacted=frozenset())
        ovehicle_actions.new_turn(ctx)  # the vehicles' 2 actions, before any operator (SAS-OVEH-2)
    section = t(SECTION_NAMES[ctx.state.section])
    title = t("Turn {n}: {phase} ({section}).", n=turn, phase=t(PHASE_NAMES[nxt]), section=section)
    ctx.emit("phase_started", title, "SAS-TURN-2")


def settle(ctx: Ctx) -> None:
    """Leave finished Axis phases until someone must act; end the mission when it is over."""
    for _ in range(12):
        if check_over(ctx):
            return
        if ctx.state.phase == "operator" or has_work(ctx.state):
            return
        next_phase(ctx)


ENDINGS = {
    "no operator is left on the map": t("no operator is left on the map"),
    "the last turn of the mission is over": t("the last turn of the mission is over"),
}
"""Why a mission ended (``SasState.ended_by``) as the players read it, in their language."""


def ending(reason: str) -> Text | str:
    """``ended_by`` in the reader's language (a reason of an older save as it was written)."""
    return ENDINGS.get(reason, reason)


def check_over(ctx: Ctx) -> bool:
    """The mission ends when no operator is on the map, or after the last turn (SAS-MSN-1, OQ-55)."""
    state = ctx.state
    if state.over:
        return True
    limit = state.rt.mission.turn_limit
    reason = ""
    if not state.team_ops() and not any(not o.support for o in ovehicle.aboard_anywhere(state)):
        # support units do not keep a mission going (SAS-SUP-4); operators aboard a vehicle do (SAS-OVEH-1)
        reason = "no operator is left on the map"
    elif limit is not None and state.turn > limit:
        reason = "the last turn of the mission is over"
    if not reason:
        return False
    ctx.state = replace(state, over=True, ended_by=reason, activation=None)
    ctx.emit("game_ended", t("The mission ends: {why}.", why=ending(reason)), "SAS-MSN-1")
    return True


def end_phase(ctx: Ctx) -> None:
    """The End phase of either section (SAS-END-1, SAS-END-2, SAS-END-3, SAS-END-4, SAS-END-5, SAS-END-6, SAS-END-7;
    Nancy's suspicion check first, SAS-NANCY-4)."""
    if ctx.state.section == "stealth":
        _stealth_end(ctx)
    else:
        gone = [o.id for o in ctx.state.objects if o.kind == "corpse" and o.loc is not None]
        ctx.state = ctx.state.without_objects(gone)  # SAS-END-6 step 1
        if gone:
            ctx.emit(
                "corpses_removed", t("All corpses are removed."), "SAS-END-6", instruction=t("Remove all corpses.")
            )
    marks.return_marks(ctx)  # SAS-MARK-7
    breakdown.clear(ctx)  # SAS-HM-1
    _cleanup(ctx)
    jager_markers.end_phase(ctx)  # blood stains fade (SAS-JGR-11)


def _stealth_end(ctx: Ctx) -> None:
    state = ctx.state
    any_alert = any(u.alert for u in state.map_units())
    crews = ovehicle.aboard_anywhere(state)
    any_exposed = any(o.exposed for o in (*state.active_ops(), *crews))
    willys = [v for v in state.op_vehicles if v.entered and ovehicle.stats(state.rt, v.kind).meter]
    nearest = _nearest_alert(state)  # before an alarm flips every unit (SAS-END-5)
    suspected = disguise.suspicion(ctx)  # step 1, before the others and instead of them (SAS-NANCY-4, OQ-22)
    if any_alert or any_exposed or suspected or willys:  # a Willys on the map counts too (SAS-OVEH-10, SAS-SUP-5)
        if not suspected:
            rule = "SAS-OVEH-10" if willys and not (any_alert or any_exposed) else "SAS-END-1"
            alerts.advance_meter(ctx, rule, designate=not any_alert)  # at most +1 (SAS-END-2)
        if ctx.state.section == "battle" and any_alert:  # a Willys exposes its crew (SAS-OVEH-10); D-NANCY-5
            for op_id in nearest:
                alerts.expose(ctx, op_id, "SAS-END-5")
            alerts.ensure_exposed(ctx)
    if ctx.state.section == "stealth" and any_exposed and not any_alert:
        for op in (*ctx.state.active_ops(), *ovehicle.aboard_anywhere(ctx.state)):
            ctx.state = ctx.state.with_op(op.id, exposed=False)
        ctx.emit(
            "unexposed",
            t("No alert Axis unit remains: exposed operators are hidden again."),
            "SAS-END-1",
            instruction=t("Replace every exposed token with the normal operator token."),
        )
    hidden = [
        o.id
        for o in ctx.state.objects
        if o.kind == "corpse" and o.loc is not None and ctx.state.rt.grid.terrain(o.loc) in ("forest", "building")
    ]
    if hidden:
        ctx.state = ctx.state.without_objects(hidden)
        ctx.emit("corpses_removed", t("Corpses in buildings and forests are removed."), "SAS-END-1")


def _nearest_alert(state: SasState) -> list[str]:
    """The operators on the map nearest an alert unit, all of them on ties: those an End-phase alarm raised by the
    alert units exposes (SAS-END-5). Measured before the alarm flips the other units."""
    units = [c for u in state.map_units() if u.alert for c in u.cells]
    ops = [o for o in state.active_ops() if o.loc is not None]
    if not units or not ops:
        return []
    near = {o.id: min(max(abs(o.loc[0] - c[0]), abs(o.loc[1] - c[1])) for c in units) for o in ops}  # type: ignore[index]
    best = min(near.values())
    return [op_id for op_id, d in near.items() if d == best]


def _cleanup(ctx: Ctx) -> None:
    """Templates go, cigarettes on units go; a smoker who sees an operator exposes him (SAS-END-1, SAS-EVT-8)."""
    if ctx.state.templates:
        ctx.state = replace(ctx.state, templates=())
        ctx.emit("templates_removed", t("Blast templates are removed."), "SAS-END-1")
    smokers = [u.id for u in ctx.state.units if u.cigarette]  # the event's marker and cigarette boxes' (SAS-EQ-20)
    if smokers:
        held = ctx.state.cigarette if ctx.state.cigarette and ctx.state.cigarette.startswith("op:") else None
        ctx.state = replace(ctx.state, cigarette=held).map_units_where(lambda u: u.id in smokers, cigarette=False)
        ctx.emit("cigarette_out", t("The cigarette marker is removed."), "SAS-END-1")
        alerts.detect(ctx)


def achieved(state: SasState) -> frozenset[str]:
    """Objectives achieved: destroy objectives by blasts, kill objectives once all their units are dead (SAS-MSN-1).

    A vehicle still waiting for the special card that brings it (SAS-AVEH-17, SAS-AVEH-22) is not dead, nor is a
    convoy vehicle that drove off the map alive (SAS-AVEH-17): both are simply not on the board."""
    waiting = {u.id for card, units in state.rt.arrivals.items() if card in state.deck for u in units}

    def dead(unit_id: str) -> bool:
        return state.unit(unit_id) is None and unit_id not in waiting and unit_id not in state.escaped

    killed = {o.id for o in state.rt.mission.objectives if o.kind == "kill" and all(dead(u) for u in o.units)}
    return state.achieved | killed
