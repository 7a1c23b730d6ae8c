"""Card events (rulebook §6.1.2 and the events the rules name: TR-EVT-1, TR-EVT-2, TR-EVT-3, TR-EVT-4, TR-SEA-2,
TR-SEAMOV-4, TR-SUB-7, TR-OPT-4, TR-OPT-5, TR-YUG-1). The card texts are not in the rulebook; what each event
does here is documented in docs/third-reich-scenario-format.md and docs/third-reich-decisions.md."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import app.systems.third_reich.yugoslavia as yugo_rules
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Command, Event
from app.core.ruling import DieResult, Modifier, Ruling
from app.systems.third_reich.combat import attack_targets, enemies, overfly, resolve
from app.systems.third_reich.control import area_value, capacity, closed, friendly, neighbours, uses_sea
from app.systems.third_reich.discards import develop_card, raid_discards
from app.systems.third_reich.messages import DevelopCard, Happened, Move, UseEvent
from app.systems.third_reich.mobilise import recover
from app.systems.third_reich.movement import (
    enemy_controls,
    group_area,
    may_leave,
    minor_blocked,
    move_group,
    sea_destinations,
    stack_ok,
)
from app.systems.third_reich.names import group_name, unit_name
from app.systems.third_reich.nations import diplomacy, diplomacy_targets, vichy_france, violate
from app.systems.third_reich.scenario import Card
from app.systems.third_reich.state import DEVELOPMENT, POOL, State, Unit, other


def card_of(state: State) -> Card:
    """The card in play."""
    assert state.play is not None
    return state.rt.cards[state.play.card]


def requirements_met(state: State, card: Card, side: str) -> bool:
    """The special areas the event needs are the side's (``params.requires``)."""
    return all((a := state.rt.role(r)) is not None and friendly(state, a, side) for r in card.params.requires)


def options(state: State, side: str, groups: list[tuple[Unit, ...]], offered: bool = False) -> list[Command]:
    """Every way to carry out the event of the card in play; ``offered``: the ones the command bar lists (a
    Strategic Movement is offered to front-line areas only, any friendly area is accepted)."""
    card = card_of(state)
    if not requirements_met(state, card, side):
        return []
    kind, p = card.event, card.params
    if kind == "development":
        return [_development(state, side, c) for c in development_choices(state, card, side)]
    if kind == "diplomacy":
        return [UseEvent(side=side, choice=c) for c in diplomacy_targets(state, side, p.nations)]
    if kind == "vichy_france":
        ok = side == "axis" and state.side_of("FR") == "allied" and state.status_of("FR") == "belligerent"
        return [UseEvent(side=side)] if ok else []
    if kind in ("supply", "wolfpack", "strategic_bombing") or (kind == "blitzkrieg" and _ready(state, side)):
        return [UseEvent(side=side)]
    small = _event_groups(state, groups, side, max(p.units, 1))
    if kind == "strategic_movement":
        return [
            UseEvent(side=side, units=_ids(g), to=a)
            for g in small
            for a in strategic_destinations(state, g, side)
            if not offered or _front(state, a, side)
        ]
    if kind == "sea_transport":
        return [
            UseEvent(side=side, units=_ids(g), to=a, via=s) for g in small for a, s in sea_destinations(state, g, side)
        ]
    if kind in ("sea_lion", "landing_airborne"):
        return [
            UseEvent(side=side, units=_ids(g), to=a, via=s) for g in small for a, s in landings(state, g, side, kind)
        ]
    if kind == "long_range_bombing":
        air = [g for g in groups if all(state.design(u).type == "AF" for u in g)]
        return [
            UseEvent(side=side, units=_ids(g), to=a) for g in air for a in attack_targets(state, g, side, True, p.range)
        ]
    return []


def _ready(state: State, side: str) -> bool:
    """Blitzkrieg needs a group: any unused unit of the side on the map (TR-EVT-2, TR-EVT-3)."""
    on_map = state.rt.map.contains
    return any(not u.used and on_map(u.loc) and state.unit_side(u) == side for u in state.units)


def _front(state: State, area: str, side: str) -> bool:
    return any(not friendly(state, n, side) for n in neighbours(state, area, side) if not state.rt.is_sea(n))


def _event_groups(state: State, groups: list[tuple[Unit, ...]], side: str, size: int) -> list[tuple[Unit, ...]]:
    """For a movement event: per area, the largest group of land units the card allows that may leave."""
    best: dict[str, tuple[Unit, ...]] = {}
    for group in groups:
        if len(group) > size or any(state.cls(u) != "land" for u in group):
            continue
        if may_leave(state, group[0].loc, group, side) and len(group) > len(best.get(group[0].loc, ())):
            best[group[0].loc] = group
    return list(best.values())


def _ids(group: tuple[Unit, ...]) -> tuple[str, ...]:
    return tuple(u.id for u in group)


def _development(state: State, side: str, choice: str) -> Command:
    """A card taken face down under hidden development is the side's secret choice (TR-OPT-1)."""
    if state.rt.option("hidden_development") and choice in state.rt.cards:
        return DevelopCard(side=side, card=choice)
    return UseEvent(side=side, choice=choice)


def development_choices(state: State, card: Card, side: str) -> list[str]:
    """Cards of allowed value in the development pool, and designs of the side's units there (TR-EVT-4)."""
    found = []
    if "card" in card.params.takes:
        cards = state.rt.cards
        found += [c for c in state.dev_cards if cards[c].side == side and cards[c].sv in card.params.sv]
    if "unit" in card.params.takes:
        jets = state.rt.option("jets")  # jets exist only with their optional rule (TR-OPT-9)
        designs = sorted(
            {
                u.design
                for u in state.units
                if u.loc == DEVELOPMENT and state.side_of(u.nation) == side and (jets or not state.design(u).jet)
            }
        )
        found += [f"unit:{d}" for d in designs]
    return found


def strategic_destinations(state: State, group: tuple[Unit, ...], side: str) -> list[str]:
    """Friendly land areas joined to the group's area by friendly land areas free of enemy control units."""
    start = group[0].loc
    seen, queue = {start}, deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(state, here, side):
            if there in seen or state.rt.is_sea(there) or not friendly(state, there, side):
                continue
            if closed(state, there, side) or enemy_controls(state, there, side):
                continue
            if any(minor_blocked(state, u, there) for u in group):
                continue
            seen.add(there)
            queue.append(there)
    seen.discard(start)
    return sorted(a for a in seen if stack_ok(state, a, group, side))


def landings(state: State, group: tuple[Unit, ...], side: str, kind: str) -> list[tuple[str, str]]:
    """(area, sea) pairs a landing may take: across one sea area with room for the group into an enemy land
    area; Sea Lion only into the London area; airborne units (AB) drop up to two areas away (TR-SEA-2)."""
    start = group[0].loc
    found: list[tuple[str, str]] = []
    if kind == "landing_airborne" and all(state.design(u).type == "AB" for u in group):
        near = {b for a in neighbours(state, start, side) for b in (a, *neighbours(state, a, side))}
        found += [(a, "") for a in sorted(near) if _landable(state, group, a, side)]
    if state.rt.is_sea(start):
        return found
    london = state.rt.role("london")
    for sea in neighbours(state, start, side):
        if not state.rt.is_sea(sea) or closed(state, sea, side) or capacity(state, sea, side) < len(group):
            continue
        for land in neighbours(state, sea, side):
            if land == start or not _landable(state, group, land, side):
                continue
            if kind == "sea_lion" and land != london:
                continue
            found.append((land, sea))
    return found


def _landable(state: State, group: tuple[Unit, ...], area: str, side: str) -> bool:
    if state.rt.is_sea(area) or closed(state, area, side) or friendly(state, area, side):
        return False
    return not any(minor_blocked(state, u, area) for u in group) and stack_ok(state, area, group, side)


# --- carrying an event out ---------------------------------------------------------------------------------------
def carry_out(state: State, command: UseEvent, side: str, roller: Roller) -> tuple[State, list[Event]]:
    """Apply the event of the card in play (checked against :func:`options` by the caller)."""
    card = card_of(state)
    kind = card.event
    if kind == "development":
        return _develop(state, command.choice, side)
    if kind == "diplomacy":
        return diplomacy(state, side, command.choice, card.params.steps)
    if kind == "vichy_france":
        return vichy_france(state)
    if kind == "supply":
        state, events = recover(state, side, "TR-REC-1", yugoslavia="YU" in card.params.nations)
        return (yugo_rules.offer(state, side, card.sv) if "YU" in card.params.nations else state), events
    if kind == "blitzkrieg":
        assert state.play is not None
        play = replace(state.play, blitz=(), blitz_left=2)  # the first Blitzkrieg action names the group
        note = Happened(text=t("Blitzkrieg: one group may act twice."), rule_id="TR-EVT-2")
        return replace(state, play=play), [note]
    if kind in ("wolfpack", "strategic_bombing"):
        return raid(state, side, roller, kind)
    if kind == "strategic_movement":
        units = tuple(state.unit(u) for u in command.units)
        state = state.with_units({u.id: replace(u, loc=command.to) for u in units})
        text = t("Strategic movement to {area}.", area=state.rt.name(command.to))
        return state, [Happened(text=text, rule_id="TR-EVT-1")]
    if kind == "sea_transport":
        move = Move(side=side, units=command.units, to=command.to, mode="sea", via=command.via, by="event")
        return move_group(state, move, side)
    if kind in ("sea_lion", "landing_airborne"):
        return _land(state, command, side, roller)
    return _long_range(state, command, side, roller, card.params.range)


def _develop(state: State, choice: str, side: str) -> tuple[State, list[Event]]:
    """Take a card into the discard (TR-EVT-4) or a unit into the mobilization pool (OQ-TR-26)."""
    if choice.startswith("unit:"):
        design = choice.removeprefix("unit:")
        unit = next(u for u in state.units if u.loc == DEVELOPMENT and u.design == design)
        state = state.with_units({unit.id: replace(unit, loc=POOL)})
        text = t("Development: {unit} joins the pool.", unit=unit_name(state, unit.id))
        return state, [Happened(text=text, rule_id="TR-EVT-4")]
    return develop_card(state, side, choice)


def _land(state: State, command: UseEvent, side: str, roller: Roller) -> tuple[State, list[Event]]:
    """Land the group (used) and let it attack the defenders at once."""
    units = tuple(state.unit(u) for u in command.units)
    state = state.with_units({u.id: replace(u, loc=command.to) for u in units})
    if command.via:
        state = uses_sea(state, [command.via], len(units))
    state, events = violate(state, command.to, side, units)
    events.insert(0, Happened(text=t("Landing in {area}.", area=state.rt.name(command.to)), rule_id="TR-SEA-2"))
    targets = enemies(state, command.to, side)
    landed = tuple(state.unit(u.id) for u in units)
    if targets:
        state, fought = resolve(state, landed, targets, side, roller)
        events += fought
    else:
        state = state.with_units({u.id: replace(u, used=True) for u in landed})
    return state, events


def _long_range(state: State, command: UseEvent, side: str, roller: Roller, bonus: int) -> tuple[State, list[Event]]:
    """An air attack with extra range (TR-AIRATK-2's exception)."""
    group_area(state, command.units, side)
    attackers = tuple(state.unit(u) for u in command.units)
    state, passed = overfly(state, attackers, side, command.to, bonus)
    state, events = resolve(state, attackers, enemies(state, command.to, side), side, roller, air=True)
    return state, [*passed, *events]


def raid(state: State, side: str, roller: Roller, kind: str) -> tuple[State, list[Event]]:
    """Wolfpack (submarines at sea) or Strategic Bombing (air units): each die at or under the unit's value
    makes the enemy discard a card at random (TR-SUB-7, TR-OPT-4, TR-OPT-5)."""
    wolf = kind == "wolfpack"
    found = raiders(state, side, wolf)
    if not found:
        return state, [Happened(text=t("No unit can take part in the raid."), rule_id="TR-EVT-1")]
    mods = [0 if wolf else bombing_modifier(state, u, side) for u in found]
    value = [state.design(u).attack if wolf else state.design(u).air for u in found]
    needs = ", ".join(str(v - m) for v, m in zip(value, mods, strict=True))
    who = group_name(state, tuple(u.id for u in found))
    purpose = t("raid by {units}, one die each; hits at or under {values}", units=who, values=needs)
    rolls = roller.roll(len(found), purpose)
    triples = zip(rolls, value, mods, strict=True)
    dice = tuple(DieResult(natural=r, modified=r + m, success=r + m <= v) for r, v, m in triples)
    state = state.with_units({u.id: replace(u, used=True) for u in found})
    hits = sum(1 for d in dice if d.success)
    state, lost = raid_discards(state, other(side), hits, roller)
    modifiers = tuple(
        Modifier(value=m, reason=t("bombing distance of {unit}", unit=unit_name(state, u.id)), rule_id="TR-OPT-5")
        for u, m in zip(found, mods, strict=True)
        if not wolf
    )
    ruling = Ruling(
        title=t("Raid"),
        rule_id="TR-SUB-7" if wolf else "TR-OPT-5",
        dice=dice,
        modifiers=modifiers,
        result=t("{hits} hits, {n} cards discarded", hits=hits, n=lost),
    )
    return state, [Happened(text=t("The enemy discards {n} cards.", n=lost), ruling=ruling, rule_id=ruling.rule_id)]


def raiders(state: State, side: str, wolf: bool) -> list[Unit]:
    """Unused submarines (Wolfpack) or air units (Strategic Bombing) of ``side`` on the map."""
    return [
        u
        for u in state.units
        if state.unit_side(u) == side
        and not u.used
        and state.rt.map.contains(u.loc)
        and (state.cls(u) == "submarine" if wolf else state.design(u).type == "AF")
    ]


def bombing_modifier(state: State, unit: Unit, side: str) -> int:
    """+1 with the optional flat modifier (TR-OPT-5); otherwise one per area beyond the first between the bomber
    and the nearest enemy resource area (the card text is not in the rulebook: our reading)."""
    if state.rt.option("flat_bombing_modifier"):
        return 1
    enemy = other(side)
    targets = [a for a, _ in state.control if state.controlling_side(a) == enemy and area_value(state, a, enemy)]
    topo = state.rt.map
    return max(min((topo.distance(unit.loc, a) for a in targets), default=1) - 1, 0)


def check(state: State, command: UseEvent | DevelopCard, side: str) -> None:
    """Refuse an event command that is not one of the event's options (TR-EVT-1)."""
    if state.play is None or state.play.event_done or not state.play.card:
        raise IllegalCommandError(t("No event to carry out."), "TR-EVT-1")
    groups: list[tuple[Unit, ...]] = []
    if isinstance(command, UseEvent) and command.units:
        group_area(state, command.units, side)
        groups = [tuple(state.unit(u) for u in command.units)]
    if command.key() not in {c.key() for c in options(state, side, groups)}:
        raise IllegalCommandError(t("The event cannot be carried out that way."), "TR-EVT-1")
