"""Counterattack with ★Ambush★ cards (rulebook §10, §17.2: TR-CA-1, TR-CA-2, TR-CA-3, TR-CA-4, TR-CA-5, TR-CA-6,
TR-CA-7, TR-CA-8, TR-CA-9, TR-CA-10, TR-CA-11, TR-CA-12, TR-CA-13, TR-RET-4, TR-SUB-5, TR-QA-4, TR-QA-5).

Whenever a group acts (a move, an attack, an air attack) the other player may answer with an Ambush card if he
has unused units able to attack in the group's area (its destination for a move). The question is a pending
decision of that player (``app.core.flow``), private because it shows his hand; declining is the default.
"""

from __future__ import annotations

import json
from dataclasses import replace

import app.systems.third_reich.allocation as alloc_rules
import app.systems.third_reich.discards as discard_rules
import app.systems.third_reich.events as card_events
import app.systems.third_reich.yugoslavia as yugo_rules
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Command, Event
from app.systems.third_reich.combat import can_attack_here, enemies, resolve, soviet_winter
from app.systems.third_reich.damage import retreat_options
from app.systems.third_reich.messages import (
    COMMANDS,
    Ambush,
    Attack,
    Happened,
    Move,
    NoAmbush,
    Reassign,
    Retreat,
    ReturnUnit,
    TakeCard,
    UseEvent,
)
from app.systems.third_reich.movement import move_group
from app.systems.third_reich.names import unit_name
from app.systems.third_reich.nations import violate
from app.systems.third_reich.scenario import SIDES
from app.systems.third_reich.state import POOL, Pending, State, Unit, other
from app.systems.third_reich.turn import end_round, hand_overs, returnable


def ambush_cards(state: State, side: str) -> list[str]:
    """★Ambush★ cards in ``side``'s hand (TR-CARD-3)."""
    return sorted({c for c in state.hands_of(side).hand if state.rt.cards[c].event == "ambush"})


def ambushers(state: State, side: str, area: str, air: bool) -> tuple[Unit, ...]:
    """Unused units of ``side`` in ``area`` able to counterattack: not submarines, able to attack there; only
    units with air strength against an air attack (TR-CA-3, TR-CA-10, TR-CA-11, TR-CA-12, TR-SUB-5)."""
    found = []
    for unit in state.in_area(area):
        if unit.used or state.unit_side(unit) != side or state.cls(unit) == "submarine":
            continue
        if air and (state.design(unit).air <= 0 or soviet_winter(state, area)):
            continue
        if air or can_attack_here(state, unit, side):
            found.append(unit)
    return tuple(found)


def jets(state: State, side: str, area: str, air: bool) -> tuple[Unit, ...]:
    """Jets among the ambushers: with the optional rule they counterattack without an Ambush card (TR-OPT-9)."""
    if not state.rt.option("jets"):
        return ()
    return tuple(u for u in ambushers(state, side, area, air) if state.design(u).jet)


def _offer(state: State, command: Move | Attack, side: str, area: str, origin: str = "") -> State | None:
    """Push the Ambush question if the enemy can ask it."""
    enemy = other(side)
    air = isinstance(command, Attack) and command.air
    carded = bool(ambush_cards(state, enemy)) and bool(ambushers(state, enemy, area, air))
    if not carded and not jets(state, enemy, area, air):
        return None
    if all(state.cls(state.unit(u)) == "submarine" for u in command.units):
        return None  # submarines take no damage from an Ambush (TR-CA-11): there is nothing to ask
    step = Pending("ambush", enemy, action=command.model_dump_json(), area=area, units=command.units, origin=origin)
    return replace(state, stack=(step, *state.stack))


def before_bombing(
    state: State, command: UseEvent, side: str, roller: Roller, after: str = ""
) -> tuple[State, list[Event]]:
    """Strategic Bombing may be counterattacked where the enemy has units able to answer an air attack among the
    bombers (TR-QA-6): one question per such area, in turn (areas after ``after``); then the raid is flown by
    the bombers still unused (those the counterattacks damaged are not)."""
    enemy = other(side)
    cards = bool(ambush_cards(state, enemy))
    areas = sorted({u.loc for u in card_events.raiders(state, side, wolf=False)})
    for area in (a for a in areas if a > after):
        if (cards and ambushers(state, enemy, area, air=True)) or jets(state, enemy, area, air=True):
            units = tuple(u.id for u in card_events.raiders(state, side, wolf=False) if u.loc == area)
            step = Pending("ambush", enemy, action=command.model_dump_json(), area=area, units=units)
            return replace(state, stack=(step, *state.stack)), []
    return card_events.raid(state, side, roller, "strategic_bombing")


def after_move(state: State, command: Move, side: str) -> tuple[State, list[Event]]:
    """Move the group, then let the enemy in the destination answer (TR-CA-5)."""
    origin = state.unit(command.units[0]).loc
    state, events = move_group(state, command, side)
    offered = _offer(state, command, side, command.to, origin)
    return (offered or state), events


def after_attack_declared(state: State, command: Attack, side: str, roller: Roller) -> tuple[State, list[Event]]:
    """Before an attack is rolled, the enemy in the attackers' area may counterattack first (TR-CA-8)."""
    offered = _offer(state, command, side, state.unit(command.units[0]).loc)
    if offered is not None:
        return offered, []
    return carry_attack(state, command, side, roller, command.units)


def carry_attack(
    state: State, command: Attack, side: str, roller: Roller, units: tuple[str, ...]
) -> tuple[State, list[Event]]:
    """Roll the attack of ``units`` (those the counterattack did not damage, TR-CA-8); an air operation then
    ends the round (TR-AIROP-2)."""
    events: list[Event] = []
    attackers = tuple(state.unit(u) for u in units)
    if attackers:
        targets = enemies(state, command.target, side)
        times = 2 if command.twice else 1  # two attacks declared together: one roll each, points summed (TR-QA-2)
        state, fought = resolve(state, attackers, targets, side, roller, air=command.air, times=times)
        events += fought
    if command.by == "air_op":
        state, more = close_air_operation(state)
        events += more
    return state, events


def close_air_operation(state: State) -> tuple[State, list[Event]]:
    """An air operation ends the round (TR-AIROP-2, TR-AIROP-3) — once the retreats it caused are decided."""
    if state.stack:
        return replace(state, closing=True), []
    return end_round(state, passed=False)


def step_options(state: State, step: Pending) -> list[Command]:
    """The answers to a pending decision: a card to take into the hand (TR-SEQ-1), the allocation of damage
    (TR-ALLOC-1), a retreat (TR-RET-1), or the Ambush question."""
    if step.kind == "hand":
        return [TakeCard(side=step.side, card=c) for c in sorted(set(state.hands_of(step.side).deck))]
    if step.kind == "damage":
        return alloc_rules.options(state, step)
    if step.kind == "discard":
        return discard_rules.options(state, step)
    if step.kind == "yugoslavia":
        return yugo_rules.options(state, step)
    if step.kind == "reassign":
        offers = hand_overs(state, step.side, step.units)
        return [Reassign(side=step.side), *(Reassign(side=step.side, area=a, nation=n) for a, n in offers)]
    if step.kind == "return":
        units = returnable(state, step.side)
        return [ReturnUnit(side=step.side), *(ReturnUnit(side=step.side, unit=u.id) for u in units)]
    if step.kind == "retreat":
        unit = state.unit(step.units[0])
        areas = retreat_options(state, unit, step.origin or None)
        own = [a for a in areas if state.controlling_side(a) == step.side]
        ordered = [*own, POOL, *(a for a in areas if a not in own)]  # the default: the best friendly area, else pool
        return [Retreat(side=step.side, unit=unit.id, to=a) for a in ordered]
    return ambush_options(state, step)


def retreat(state: State, step: Pending, command: Retreat) -> tuple[State, list[Event]]:
    """Move the unit to the chosen area (entering a neutral one is a violation, TR-VIOL-4) or to the pool."""
    unit = state.unit(command.unit)
    state = replace(state, stack=state.stack[1:])
    name = unit_name(state, unit.id)
    if command.to == POOL:
        state = state.with_units({unit.id: replace(unit, loc=state.pool_of(unit), used=False)})
        if state.pool_of(unit) != POOL:
            return state, [Happened(text=t("{unit} leaves the game.", unit=name), rule_id="TR-FT-1")]
        return state, [Happened(text=t("{unit} goes to the pool.", unit=name), rule_id="TR-RET-3")]
    state = state.with_units({unit.id: replace(unit, loc=command.to)})
    state, events = violate(state, command.to, step.side, (unit,))
    text = t("{unit} retreats to {area}.", unit=name, area=state.rt.name(command.to))
    return state, [Happened(text=text, rule_id="TR-RET-1"), *events]


def ambush_options(state: State, step: Pending) -> list[Command]:
    """Decline (the default), play one of the Ambush cards, or (optional jets) counterattack with jets alone."""
    found: list[Command] = [NoAmbush(side=step.side)]
    if ambushers(state, step.side, step.area, _air(step)):
        found += [Ambush(side=step.side, card=c) for c in ambush_cards(state, step.side)]
    if jets(state, step.side, step.area, _air(step)):
        found.append(Ambush(side=step.side, card=""))
    return found


def _air(step: Pending) -> bool:
    """Whether the counterattack answers an air attack or Strategic Bombing (only air strength counts)."""
    action = COMMANDS.parse(json.loads(step.action))
    return isinstance(action, UseEvent) or (isinstance(action, Attack) and action.air)


def decide(state: State, step: Pending, command: Command, roller: Roller) -> tuple[State, list[Event]]:
    """Resolve the Ambush question, then the action it interrupted (TR-CA-6, TR-CA-7, TR-CA-8, TR-CA-13); when the
    counterattack's damage waits for the allocating player, the action goes on once he has allocated it."""
    action = COMMANDS.parse(json.loads(step.action))
    assert isinstance(action, Move | Attack | UseEvent)
    state = replace(state, stack=state.stack[1:])
    events: list[Event] = []
    before = {u: state.unit(u) for u in action.units}
    if isinstance(command, Ambush):
        if command.card and command.card not in ambush_cards(state, step.side):
            raise IllegalCommandError(t("That card is not an Ambush card in your hand."), "TR-CA-1")
        if isinstance(action, Attack):  # an attacking group takes the ambush on its used side (TR-QA-4, TR-CA-7)
            state = state.with_units({u: replace(state.unit(u), used=True) for u in action.units})
        before = {u: state.unit(u) for u in action.units}
        state, events = _counterattack(state, step, command.card, _air(step), roller)
        waiting = state.pending()
        if waiting is not None and waiting.kind == "damage" and waiting.action:
            return state, events
    state, more = resume(state, action, before, roller, step.area)
    return state, events + more


def resume(
    state: State, action: Move | Attack | UseEvent, before: dict[str, Unit], roller: Roller, area: str
) -> tuple[State, list[Event]]:
    """Carry on the action a counterattack in ``area`` interrupted: only the units it did not damage attack
    (TR-CA-8); an air operation then ends the round (TR-AIROP-2); Strategic Bombing asks in its next area, then
    raids (TR-QA-6)."""
    if isinstance(action, UseEvent):
        return before_bombing(state, action, action.side, roller, after=area)
    retreating = {u for step_ in state.stack if step_.kind == "retreat" for u in step_.units}
    undamaged = tuple(u for u in action.units if state.unit(u) == before[u] and u not in retreating)
    if isinstance(action, Attack):
        return carry_attack(state, action, action.side, roller, undamaged)
    if action.by == "air_op":
        return close_air_operation(state)
    return state, []


def _counterattack(state: State, step: Pending, card: str, air: bool, roller: Roller) -> tuple[State, list[Event]]:
    """Double damage on the target group only; submarines take none; a moving group may retreat only whence it
    came (TR-CA-4, TR-CA-6, TR-CA-11, TR-RET-4); the card's value is banked for the next round (TR-CA-13). Without
    a card (``""``) only jets counterattack and nothing is banked (TR-OPT-9)."""
    side = step.side
    if not card:
        return _resolve_counterattack(state, step, jets(state, side, step.area, air), air, roller)
    hands = state.hands_of(side)
    rest = list(hands.hand)
    rest.remove(card)
    state = state.with_hands(side, replace(hands, hand=tuple(rest), discard=(*hands.discard, card)))
    banked = list(state.banked)
    banked[SIDES.index(side)] += state.rt.cards[card].sv
    state = replace(state, banked=(banked[0], banked[1]))
    return _resolve_counterattack(state, step, ambushers(state, side, step.area, air), air, roller)


def _resolve_counterattack(
    state: State, step: Pending, attackers: tuple[Unit, ...], air: bool, roller: Roller
) -> tuple[State, list[Event]]:
    side = step.side
    targets = tuple(u for u in (state.unit(i) for i in step.units) if state.cls(u) != "submarine")
    state, fought = resolve(
        state, attackers, targets, side, roller, air=air, double=True, retreat_to=step.origin or None, then=step.action
    )
    note = Happened(text=t("Ambush! The counterattack deals double damage."), rule_id="TR-CA-4")
    return state, [note, *fought]
