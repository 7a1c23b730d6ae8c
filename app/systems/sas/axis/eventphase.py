"""The Event phase and the Axis Patrol phase.

Rulebook chapters: §14 Event phase (SAS-EVT-1, SAS-EVT-2, SAS-EVT-3, SAS-EVT-4, SAS-EVT-5, SAS-EVT-6, SAS-EVT-7,
SAS-EVT-8 stealth half, SAS-EVTB-1, SAS-EVTB-2, SAS-EVTB-3 battle half, SAS-DECK-1, SAS-DECK-2, SAS-DECK-3, SAS-DECK-4,
SAS-DECK-5, SAS-DECK-6) and §15 Patrol phase (SAS-PAT-1, SAS-PAT-2, SAS-PAT-3, SAS-PAT-4, SAS-PAT-5, SAS-PAT-6,
SAS-PAT-7, SAS-PAT-8). Cards are drawn with ``Roller.pick`` so a table-mode player types the card he drew; in digital
mode the pick is uniform over the cards left, which is a shuffled deck. Patrol-line ends follow OQ-27 (stop and wait for
a turn event); looping lines continue.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import localized, t
from app.systems.sas.axis import alerts
from app.systems.sas.axis.deck import announce_special, draw_card
from app.systems.sas.board.facing import facing_toward, rotate, sweep_direction
from app.systems.sas.board.vision import sees_op, undercover
from app.systems.sas.combat import attacks as combat
from app.systems.sas.combat.blasts import detonate_bombs
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.names import colour_name, facing_name
from app.systems.sas.operators import items, marks
from app.systems.sas.state import SasState, UnitState
from app.systems.sas.support import air
from app.systems.sas.tables import BattleHalf, StealthHalf
from app.systems.sas.vehicles import breakdown
from app.systems.sas.vehicles import roles as vehicle_roles

Cell = tuple[int, int]
MARKER_SIDES = {"black": t("black side up"), "white": t("white side up"), None: t("not used in the battle section")}


def draw(ctx: Ctx) -> None:
    """Draw a card, resolve its half for the section, then any bomb card (SAS-EVT-1, SAS-EVTB-1, SAS-DECK-4)."""
    section = ctx.state.section
    card_id = reveal(ctx)
    resolve_card(ctx, card_id, section)
    after_card(ctx)


def resolve_card(ctx: Ctx, card_id: str, section: str) -> None:
    """Resolve the half of event card ``card_id`` for ``section``, if it has one (SAS-EVT-2, SAS-EVT-3, SAS-EVT-4,
    SAS-EVT-5, SAS-EVT-6, SAS-EVT-7, SAS-EVTB-2, SAS-EVTB-3)."""
    card = ctx.state.rt.cards[card_id]
    if section == "stealth" and card.stealth is not None:
        stealth_half(ctx, card.stealth)
    elif section == "battle" and card.battle is not None:
        battle_half(ctx, card.battle)


def reveal(ctx: Ctx) -> str:
    """Turn over the top card and place the patrol marker on it (SAS-EVT-1); marked attacks may follow before the
    card is resolved (SAS-MARK-3). Returns the card's id."""
    state = ctx.state
    card_id = draw_card(ctx)  # SAS-DECK-2, SAS-DECK-6: the event window's piles, reshuffle when exhausted
    marker = None
    if state.section == "stealth":
        marker = "black" if state.patrol_marker in (None, "white") else "white"
    ctx.state = replace(ctx.state, patrol_marker=marker or state.patrol_marker)
    label = ctx.state.rt.cards[card_id].label()
    ctx.emit(
        "card_drawn",
        t("Event card {card} drawn.", card=label),
        "SAS-EVT-1",
        instruction=t("Draw event card {card}; patrol marker: {marker}.", card=label, marker=MARKER_SIDES[marker]),
    )
    announce_special(ctx, card_id)
    vehicle_roles.arrive(ctx, card_id)  # a convoy or spawned vehicles (SAS-AVEH-17, SAS-AVEH-22)
    marks.fire(ctx)  # after the draw, before the card's effects (SAS-MARK-3)
    return card_id


def after_card(ctx: Ctx) -> None:
    """The card is resolved: bomb cards on top go off (SAS-DECK-4), the Typhoon card moves up and on top the Typhoon
    arrives (SAS-SUP-8, SAS-DECK-5)."""
    detonate_bombs(ctx)
    air.card_check(ctx)


def stealth_half(ctx: Ctx, half: StealthHalf) -> None:
    """Resolve the stealth half (SAS-EVT-2, SAS-EVT-3, SAS-EVT-4, SAS-EVT-5, SAS-EVT-6, SAS-EVT-7)."""
    if half.type == "sentry_turn":
        for unit in _colour(ctx.state, half.colour, "sentry"):
            _turn_sentry(ctx, unit, half.rotation or "cw", half.times)
    elif half.type == "patrolman_turn":
        for unit in _colour(ctx.state, half.colour, "patrolman"):
            _about_turn(ctx, unit, half.rotation or "cw")
    elif half.type == "spawn":
        spawn(ctx, half.colour or "black", half.count, alert=False)
    elif half.type == "alarm_advance":
        alerts.advance_meter(ctx, "SAS-EVT-6")
    elif half.type == "mechanical_failure":  # Heavy Metal (SAS-HM-1)
        breakdown.take_marker(ctx)
    elif ctx.state.cigarette is None and ctx.state.team_ops():
        holder = ctx.state.team_ops()[0].id  # D-EVT-1: the first operator of the team takes it (no support unit)
        ctx.state = replace(ctx.state, cigarette=f"op:{holder}")
        ctx.emit("cigarette", t("{op} takes the cigarette marker.", op=ctx.name(holder)), "SAS-EVT-7")


def battle_half(ctx: Ctx, half: BattleHalf) -> None:
    """Resolve the battle half (SAS-EVTB-2, SAS-EVTB-3)."""
    if half.type == "mechanical_failure":  # Heavy Metal (SAS-HM-1)
        breakdown.take_marker(ctx)
        return
    assert half.colour is not None
    if half.type == "spawn":
        spawn(ctx, half.colour, half.count, alert=True, kinds=half.kinds)
        return
    for unit in _colour(ctx.state, half.colour, "sentry"):
        on_point = unit.loc == unit.post if unit.post is not None else unit.loc in ctx.state.rt.sentry_points
        if not on_point:
            continue  # only sentries on their sentry points sweep, not those that left to advance (SAS-EVTB-3)
        if any(sees_op(ctx.state, unit, o) for o in ctx.state.active_ops()):
            continue
        for facing in [rotate(unit.facing, half.rotation or "cw", i) for i in (1, 2, 3, 4)]:
            if _look(ctx, unit.id, facing, "SAS-EVTB-3"):
                break


def _colour(state: SasState, colour: str | None, role: str) -> list[UnitState]:
    """Units of the card's colour and role that can turn: not smoking (SAS-EVT-8), not talking to Nancy nor held in
    her garrote (SAS-NANCY-7, SAS-NANCY-9, D-NANCY-6)."""
    return [u for u in state.map_units() if u.role == role and u.colour == colour and not u.cigarette and not u.mode]


def _look(ctx: Ctx, unit_id: str, facing: str, rule: str) -> bool:
    """Turn to ``facing``; if it now sees an operator or a corpse it stops, alerts and shouts (SAS-EVT-4)."""
    assert ctx.state.unit(unit_id) is not None
    combat.set_facing(ctx, unit_id, facing, rule)
    return alerts.spot(ctx, unit_id, rule, t(" (spotted something while turning)"))


def _turn_sentry(ctx: Ctx, unit: UnitState, rotation: str, times: int) -> None:
    """Turn to the next arrow of the sentry point in the card's direction, once or twice (SAS-EVT-2)."""
    point = ctx.state.rt.sentry_points.get(unit.loc)
    if point is None:
        return
    facing = unit.facing
    for _ in range(times):
        for step in range(1, 5):
            facing_next = rotate(facing, rotation, step)
            if facing_next in point.arrows:
                break
        for passing in sweep_direction(facing, facing_next, rotation):
            if _look(ctx, unit.id, passing, "SAS-EVT-2"):
                return
        facing = facing_next


def _about_turn(ctx: Ctx, unit: UnitState, rotation: str) -> None:
    """Turn to face the other way along the patrol line, sweeping in the card's direction (SAS-EVT-3)."""
    line = ctx.state.rt.lines.get(unit.line or "")
    if line is None or unit.loc not in line.path:
        return
    heading = -unit.heading
    ctx.state = ctx.state.with_unit(unit.id, heading=heading)
    nxt = _next_square(line.path, line.loop, line.path.index(unit.loc), heading)
    if nxt is None:
        return
    wanted = facing_toward(unit.loc, nxt, unit.facing)
    for passing in sweep_direction(unit.facing, wanted, rotation) if wanted != unit.facing else []:
        if _look(ctx, unit.id, passing, "SAS-EVT-3"):
            return


def _next_square(path: tuple[Cell, ...], loop: bool, index: int, heading: int) -> Cell | None:
    nxt = index + heading
    if loop:
        return path[nxt % len(path)]
    return path[nxt] if 0 <= nxt < len(path) else None


def spawn(ctx: Ctx, colour: str, count: int, alert: bool, kinds: tuple[str, ...] = ()) -> list[str]:
    """Place SMG infantry — or the units the card shows, in order (a mortar team, an HMG team, a sniper, a Jäger
    sniper hunter...) — on free spawn spots of that colour, nearest the map first (SAS-EVT-5, SAS-EVTB-2, SAS-UNIT-5,
    SAS-JGR-13, OQ-5, OQ-62); returns the new units' ids."""
    kinds = kinds or ("smg",) * count
    spots = [s for s in ctx.state.rt.spawn_spots if s.colour in (colour, "mixed")]
    free = [s for s in spots if ctx.state.unit_at(s.loc) is None and ctx.state.op_at(s.loc) is None]
    placed = []
    for spot, kind in zip(free, kinds, strict=False):
        ctx.state, uid = ctx.state.new_id(kind)
        facing = facing_toward(spot.loc, (ctx.state.rt.grid.width // 2, ctx.state.rt.grid.height // 2))
        on_spawn = spot.loc in ctx.state.rt.spawn_cells
        unit = UnitState(uid, kind, "spawned", colour, spot.loc, facing, alert=alert, on_spawn=on_spawn)
        ctx.state = replace(ctx.state, units=(*ctx.state.units, unit))
        placed.append(uid)
        stats = ctx.state.rt.tables.units[kind]
        what = localized(stats.name_en, stats.name_zh)
        ctx.emit(
            "unit_spawned",
            t("{what} arrives at {sq}.", what=what, sq=ctx.label(spot.loc)),
            "SAS-EVT-5",
            (spot.loc,),
            instruction=t("Place a {what} token at {sq}.", what=what, sq=ctx.label(spot.loc)),
        )
    if not free:
        ctx.emit(
            "spawn_full",
            t("The {colour} spawn tiles are full: nothing happens.", colour=colour_name(colour)),
            "SAS-EVT-5",
        )
    return placed


def patrollers(state: SasState) -> list[UnitState]:
    """Patrolmen of the marker's colour still to move, closest to the operators first (SAS-PAT-1, SAS-PAT-2, SAS-PAT-4);
    not one talking to Nancy or held in her garrote (SAS-NANCY-7, SAS-NANCY-9, D-NANCY-6)."""
    if state.section != "stealth" or state.patrol_marker is None:
        return []
    anyone_exposed = any(o.exposed for o in state.active_ops())
    waiting = [
        u
        for u in state.map_units()
        if u.role == "patrolman"
        and u.colour == state.patrol_marker
        and u.id not in state.done
        and not u.cigarette
        and u.mode not in ("talking", "strangled")
        and not (u.alert and anyone_exposed)
    ]
    ops = [o.loc for o in state.active_ops() if o.loc is not None]
    return sorted(waiting, key=lambda u: (min((combat.dist(u.loc, o) for o in ops), default=0), u.id))


def patrol_step(ctx: Ctx) -> bool:
    """Move the next patrolman up to 4 squares along its line (SAS-PAT-1, SAS-PAT-2, SAS-PAT-3, SAS-PAT-4, SAS-PAT-5,
    SAS-PAT-6)."""
    waiting = patrollers(ctx.state)
    if not waiting:
        return False
    unit = waiting[0]
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    line = ctx.state.rt.lines.get(unit.line or "")
    if line is None or unit.loc not in line.path:
        return True
    index = line.path.index(unit.loc)
    first = _next_square(line.path, line.loop, index, unit.heading)
    if first is not None and jager_markers.startled(ctx.state, unit.id):
        unit = _face_line_again(ctx, unit, first)
    if first is None or facing_toward(unit.loc, first, unit.facing) != unit.facing:
        ctx.emit(
            "patrol_blocked", t("{unit} is not facing along its line and stays.", unit=ctx.name(unit.id)), "SAS-PAT-4"
        )
        return True
    walked = _walk(ctx, unit, line.path, line.loop, index)
    jager_markers.axis_moved(ctx, unit.id, walked)  # doors he passed, cats (SAS-JGR-8, SAS-JGR-10)
    return True


def _face_line_again(ctx: Ctx, unit: UnitState, first: Cell) -> UnitState:
    """A patrolman a cat turned faces along his line again as he starts his next move (SAS-JGR-8)."""
    jager_markers.settle_startled(ctx, unit.id)
    facing = facing_toward(unit.loc, first, unit.facing)
    if facing == unit.facing:
        return unit
    text = t(
        "{unit} turns back along his patrol line, facing {facing}.", unit=ctx.name(unit.id), facing=facing_name(facing)
    )
    combat.set_facing(ctx, unit.id, facing, "SAS-JGR-8", text)
    turned = ctx.state.unit(unit.id)
    assert turned is not None
    return turned


def _walk(ctx: Ctx, unit: UnitState, path: tuple[Cell, ...], loop: bool, index: int) -> list[Cell]:
    """Walk up to the unit's Move along the line; returns the squares passed, the start square first."""
    moves = ctx.state.rt.tables.units[unit.kind].move
    last_free = start = here = unit.loc
    walked = [here]
    for _ in range(moves):
        nxt = _next_square(path, loop, index, unit.heading)
        if nxt is None or _door_blocked(ctx, unit.id, here, nxt):
            break
        index = path.index(nxt) if not loop else (index + unit.heading) % len(path)
        after = _next_square(path, loop, index, unit.heading)
        facing = facing_toward(nxt, after, unit.facing) if after else facing_toward(here, nxt, unit.facing)
        ctx.state = ctx.state.with_unit(unit.id, loc=nxt, facing=facing)
        here = nxt
        walked.append(nxt)
        if not ctx.state.others_at(nxt, unit.id) and ctx.state.op_at(nxt) is None:  # ends empty (SAS-AVEH-4)
            last_free = nxt
            if _interrupts(ctx, nxt):
                _emit_walk(ctx, unit.id, start)
                start = nxt
                if items.stepped_on(ctx, unit.id) or _marked(ctx, unit.id):
                    return walked  # killed on the way (SAS-EQ-4, SAS-EQ-8, SAS-MARK-3)
                if _stopped(ctx, unit):
                    break
        if _spots_something(ctx, unit.id):
            break
    if here != last_free:
        ctx.state = ctx.state.with_unit(unit.id, loc=last_free)
    _emit_walk(ctx, unit.id, start, always=start == unit.loc)
    return walked


def _stopped(ctx: Ctx, unit: UnitState) -> bool:
    """A patrolman attacked on the way (and still alive) is alert and facing his attacker: he stops (SAS-ATK-9)."""
    now = ctx.state.unit(unit.id)
    return now is not None and now.alert and not unit.alert


def _door_blocked(ctx: Ctx, unit_id: str, here: Cell, nxt: Cell) -> bool:
    """An operator standing in the doorway ahead stops the patrolman and is exposed (SAS-PAT-6)."""
    op = ctx.state.op_at(nxt)
    if op is None or not any(f.kind == "door" for f in ctx.state.rt.grid.edge_between(here, nxt)):
        return False
    if undercover(ctx.state, op):  # units pass her as if she were one of them (SAS-NANCY-3)
        return False
    alerts.expose(ctx, op.id, "SAS-PAT-6")
    alerts.alert(ctx, unit_id, "SAS-PAT-6", t(" (an operator blocks the doorway)"))
    alerts.shout(ctx, unit_id)
    return True


def _interrupts(ctx: Ctx, loc: Cell) -> bool:
    """Whether something may happen when a patrolman enters ``loc``: a trap or mine, or a marked attack."""
    devices = any(o.kind in ("trap", "landmine") for o in ctx.state.objects_at(loc))
    return devices or marks.any_marks(ctx.state)


def _marked(ctx: Ctx, unit_id: str) -> bool:
    """Marked attacks mid-walk (SAS-MARK-3); True when the walking unit was killed."""
    marks.fire(ctx)
    return ctx.state.unit(unit_id) is None


def _emit_walk(ctx: Ctx, unit_id: str, start: Cell, always: bool = False) -> None:
    moved = ctx.state.unit(unit_id)
    if moved is None or (moved.loc == start and not always):
        return
    ctx.emit(
        "unit_moved",
        t(
            "{unit} patrols to {sq}, facing {facing}.",
            unit=ctx.name_at(unit_id, start),
            sq=ctx.label(moved.loc),
            facing=facing_name(moved.facing),
        ),
        "SAS-PAT-1",
        (start, moved.loc),
        instruction=t(
            "Move {unit} along its line to {sq}, facing {facing}.",
            unit=ctx.name_at(unit_id, start),
            sq=ctx.label(moved.loc),
            facing=facing_name(moved.facing),
        ),
    )


def _spots_something(ctx: Ctx, unit_id: str) -> bool:
    """A patrolman who sees an operator or a corpse stops, alerts and shouts (SAS-PAT-5)."""
    return alerts.spot(ctx, unit_id, "SAS-PAT-5", t(" (spotted something on patrol)"))
