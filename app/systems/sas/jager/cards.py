"""Resolving a Jäger hunter card: which half applies, what the hunter may target, and the card's effect.

Rulebook chapter: §29 (SAS-JGR-6 sentry turn, patrolman turn and meter advance, resolved like the regular events;
SAS-JGR-7 stalker waypoint; SAS-JGR-8 cat; SAS-JGR-9 twig; SAS-JGR-10 door lock; SAS-JGR-11 blood stain; SAS-JGR-12
Kettenkrad hunter; SAS-JGR-13 the battle half: spawns and the infantry hunter upgrade). Like an event card, the
card's stealth half is used in the Stealth section and its battle half in the Battle section. Waypoints and cats
never go on a convoy route (the mission's ``convoys``), and waypoints never on water (SAS-JGR-7, SAS-JGR-8).
"""

from __future__ import annotations

from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.systems.sas.axis.eventphase import battle_half, stealth_half
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.jager import units as jager_units
from app.systems.sas.messages import HunterTarget
from app.systems.sas.state import HunterMarker, SasState
from app.systems.sas.tables import BattleHalf, HunterBattleHalf, HunterCard, HunterStealthHalf, StealthHalf

Cell = tuple[int, int]
MIRRORED = ("sentry_turn", "patrolman_turn", "alarm_advance")  # SAS-JGR-6
REGULAR_INFANTRY = ("rifle", "smg")  # SAS-JGR-13 (6): any regular infantry but an officer
TARGETS = {
    "waypoint": "square",
    "cat": "square",
    "twig": "operator",
    "door_lock": "door",
    "blood_stain": "corpse",
    "upgrade": "unit",
}


def half(state: SasState, card_id: str) -> HunterStealthHalf | HunterBattleHalf:
    """The half of the hunter card used in the current section."""
    card: HunterCard = state.rt.hunter_cards[card_id]
    return card.stealth if state.section == "stealth" else card.battle


def card_text(state: SasState, card_id: str) -> Text:
    """The text of the half in use, in the player's language."""
    used = half(state, card_id)
    return localized(used.text_en or used.type, used.text_zh or None)


def targets(state: SasState, card_id: str) -> list[Command]:
    """Every target the hunter may name for the card's half ([] when it needs none, or none exists)."""
    used = half(state, card_id)
    kind = TARGETS.get(used.type)
    rt = state.rt
    cells = sorted(rt.map_cells, key=lambda c: (c[1], c[0]))
    if kind == "square":
        banned = convoy_squares(state)  # SAS-JGR-7, SAS-JGR-8: never on a convoy route
        if used.type == "waypoint":  # SAS-JGR-7: nor on water
            banned |= {c for c in cells if rt.tables.terrain.squares[rt.grid.terrain(c)].swim}
        return [HunterTarget(side="axis", square=c) for c in cells if c not in banned]
    if kind == "operator":
        twigged = {m.operator for m in jager_markers.markers(state, "twig")}
        return [HunterTarget(side="axis", operator=o.id) for o in state.active_ops() if o.id not in twigged]
    if kind == "door":
        return [
            HunterTarget(side="axis", square=a, other=b)
            for a, b in jager_markers.door_edges(state)
            if not jager_markers.locked(state, a, b)
        ]
    if kind == "corpse":
        stained = {m.loc for m in jager_markers.markers(state, "blood")}
        corpses = sorted({o.loc for o in state.objects if o.kind == "corpse" and o.loc is not None} - stained)
        return [HunterTarget(side="axis", square=c) for c in corpses]
    if kind == "unit":
        hunted = state.hunter.hunters if state.hunter is not None else ()
        return [
            HunterTarget(side="axis", unit=u.id)
            for u in state.units
            if u.kind in REGULAR_INFANTRY and u.role != "officer" and u.id not in hunted
        ]
    return []


def convoy_squares(state: SasState) -> set[Cell]:
    """The squares of the mission's convoy routes, the dashed lines printed on the map (SAS-AVEH-17): no waypoint or
    cat goes there (SAS-JGR-7, SAS-JGR-8, D-JGR-10)."""
    return {c for convoy in state.rt.convoys.values() for c in convoy.route}


def needs_target(state: SasState, card_id: str) -> bool:
    """Whether the half in use asks the hunter for a target."""
    return half(state, card_id).type in TARGETS


def resolve(ctx: Ctx, card_id: str, target: HunterTarget | None) -> None:
    """Resolve the hunter card's half in use, at ``target`` when it needs one (SAS-JGR-6, SAS-JGR-7, SAS-JGR-8,
    SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13)."""
    used = half(ctx.state, card_id)
    if isinstance(used, HunterStealthHalf):
        _stealth(ctx, used, target)
    else:
        _battle(ctx, used, target)


def _stealth(ctx: Ctx, used: HunterStealthHalf, target: HunterTarget | None) -> None:
    if used.type in MIRRORED:  # SAS-JGR-6: exactly like the regular events
        stealth_half(ctx, StealthHalf(type=used.type, colour=used.colour, rotation=used.rotation, times=used.times))
    elif used.type == "spawn_kettenkrad":
        jager_units.spawn_hunter_vehicle(ctx, "kettenkrad", used.colour or "black")
    elif target is not None and used.type == "waypoint" and target.square is not None:
        _waypoint(ctx, used.number, target.square)
    elif target is not None and used.type == "cat" and target.square is not None:
        _put(ctx, HunterMarker("", "cat", target.square), "SAS-JGR-8", t("the cat"))
    elif target is not None and used.type == "twig" and target.operator is not None:
        loc = ctx.state.op(target.operator).loc
        assert loc is not None
        _put(ctx, HunterMarker("", "twig", loc, operator=target.operator), "SAS-JGR-9", t("a twig"))
    elif target is not None and used.type == "door_lock" and target.square is not None:
        lock = HunterMarker("", "lock", target.square, other=target.other)
        _put(ctx, lock, "SAS-JGR-10", t("a door lock"))
    elif target is not None and used.type == "blood_stain" and target.square is not None:
        _put(ctx, HunterMarker("", "blood", target.square), "SAS-JGR-11", t("a blood stain"))


def _battle(ctx: Ctx, used: HunterBattleHalf, target: HunterTarget | None) -> None:
    colour = used.colour or "black"
    if used.type == "spawn":  # SAS-JGR-13 (1): exactly like the regular event
        battle_half(ctx, BattleHalf(type="spawn", colour=colour, count=used.count))
    elif used.type == "spawn_sniper":
        jager_units.spawn_hunter_infantry(ctx, "sniper", colour)
    elif used.type == "spawn_grenadier":
        jager_units.spawn_hunter_infantry(ctx, "grenadier", colour)
    elif used.type in ("spawn_hmg_kubelwagen", "spawn_kettenkrad"):
        jager_units.spawn_hunter_vehicle(ctx, used.type.removeprefix("spawn_"), colour)
    elif target is not None and target.unit is not None and ctx.state.unit(target.unit) is not None:
        jager_units.enlist(ctx, target.unit)
        unit = ctx.state.unit(target.unit)
        assert unit is not None
        ctx.emit(
            "hunter_upgrade",
            t("{unit} becomes a hunter: the hunter moves it in the Axis Advance phase.", unit=ctx.name(unit.id)),
            "SAS-JGR-13",
            (unit.loc,),
            instruction=t("Put the infantry hunter upgrade marker on {unit}.", unit=ctx.name(unit.id)),
        )


def _put(ctx: Ctx, marker: HunterMarker, rule: str, what: Text) -> None:
    placed = jager_markers.add_marker(ctx, marker)
    where = ctx.label(placed.loc)
    if placed.kind == "lock":
        where = f"{where}|{ctx.label(placed.other)}"
    ctx.emit(
        "hunter_marker",
        t("The hunter puts {what} at {sq}.", what=what, sq=where),
        rule,
        (placed.loc,),
        instruction=t("Put the marker for {what} at {sq}.", what=what, sq=where),
    )


def _waypoint(ctx: Ctx, number: int, at: Cell) -> None:
    """Place waypoint ``number``, or move it there: its stalker walks to it again (SAS-JGR-7)."""
    for old in [m for m in jager_markers.markers(ctx.state, "waypoint") if m.number == number]:
        jager_markers.remove_marker(ctx, old.id)
    jager_markers.add_marker(ctx, HunterMarker("", "waypoint", at, number=number))
    ctx.emit(
        "waypoint_placed",
        t("The hunter puts waypoint {n} at {sq}.", n=number, sq=ctx.label(at)),
        "SAS-JGR-7",
        (at,),
        instruction=t("Put waypoint marker {n} at {sq}.", n=number, sq=ctx.label(at)),
    )
    stalker = ctx.state.unit(jager_units.stalker_id(number))
    if stalker is not None and stalker.role == "guard" and stalker.loc != at:
        ctx.state = ctx.state.with_unit(stalker.id, role="stalker", post=None)
        ctx.emit(
            "stalker_called",
            t("Stalker {n} leaves its post for the new waypoint.", n=number),
            "SAS-JGR-7",
            (stalker.loc,),
        )
