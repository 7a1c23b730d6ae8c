"""Presenting commands: labels in both languages, the acting group, the target and, for attacks, the exact
distribution of damage points before the dice are rolled (TR-HIT-1, TR-CA-4)."""

from __future__ import annotations

import app.systems.third_reich.allocation as alloc_rules
import app.systems.third_reich.events as card_events
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.view import CommandInfo, CommandOption
from app.systems.third_reich.combat import enemies, hit_odds
from app.systems.third_reich.messages import (
    Ambush,
    AssignHit,
    Attack,
    DevelopCard,
    DiscardCard,
    FinishCard,
    Mobilize,
    MobilizeYugoslav,
    Move,
    NoAmbush,
    Pass,
    PlayCard,
    Reassign,
    Retreat,
    ReturnUnit,
    TakeCard,
    UseBanked,
    UseEvent,
)
from app.systems.third_reich.mobilise import cost
from app.systems.third_reich.names import group_name, nation_name, unit_name
from app.systems.third_reich.state import State

BY = {"sv": t("strategy value"), "event": t("event"), "blitz": t("Blitzkrieg"), "air_op": t("air operation")}


def odds_text(dist: list[float]) -> str:
    """``0: 12.5%, 1: 40.0%, …`` (damage points)."""
    return ", ".join(f"{k}: {p * 100:.1f}%" for k, p in enumerate(dist) if p >= 0.0005)


def describe(state: State, command: Command) -> CommandInfo:
    """How to present ``command``."""
    if isinstance(command, Move):
        return _move(state, command)
    if isinstance(command, Attack):
        return _attack(state, command)
    if isinstance(command, Mobilize):
        unit = state.unit(command.unit)
        label = t("Mobilize {unit} in {area}", unit=unit_name(state, command.unit), area=state.rt.name(command.area))
        price = cost(state, unit)
        return CommandInfo(
            label=label,
            group="mobilize",
            target=command.area,
            cost=f"{price} SV",
            costs=(("SV", price),),
            hint=t("Placed used [TR-MOB-1]"),
            group_title=t("Mobilize"),
        )
    if isinstance(command, UseEvent):
        return _event(state, command)
    if isinstance(command, MobilizeYugoslav):
        if not command.unit:
            return CommandInfo(label=t("Mobilize no more Yugoslav units"), group="phase")
        name, area = unit_name(state, command.unit), state.rt.name(command.area)
        label = t("Mobilize {unit} in {area}", unit=name, area=area)
        hint = t("Supply event, placed used [TR-YUG-1]")
        return CommandInfo(label=label, group="mobilize", target=command.area, hint=hint, group_title=t("Mobilize"))
    if isinstance(command, DevelopCard):
        name = state.rt.cards[command.card].name.text()
        label = t("{event}: take {card} face down", event=card_events.card_of(state).name.text(), card=name)
        return CommandInfo(label=label, group="event", hint=t("Hidden development [TR-OPT-1]"), group_title=t("Event"))
    if isinstance(command, ReturnUnit | Reassign | AssignHit | Retreat):
        return _answer(state, command)
    return _card_command(state, command)


def _answer(state: State, command: ReturnUnit | Reassign | AssignHit | Retreat) -> CommandInfo:
    """End-of-turn returns, hand-overs, damage allocation and retreats."""
    if isinstance(command, ReturnUnit):
        if not command.unit:
            return CommandInfo(label=t("Return no more units"), group="phase")
        unit = state.unit(command.unit)
        label = t("Return {unit} in {area} to the pool", unit=unit_name(state, unit.id), area=state.rt.name(unit.loc))
        return CommandInfo(label=label, group="return", actor=unit.id, hint=t("End of turn [TR-SEQ-5]"))
    if isinstance(command, Reassign):
        if not command.area:
            return CommandInfo(label=t("Hand over no more areas"), group="phase")
        label = t(
            "Hand {area} over to {nation}",
            area=state.rt.name(command.area),
            nation=nation_name(state, command.nation),
        )
        return CommandInfo(label=label, group="control", target=command.area, group_title=t("Hand over an area"))
    if isinstance(command, AssignHit):
        step = state.pending()
        assert step is not None and step.kind == "damage"
        label = alloc_rules.label(state, step, command)
        hint = t("Used units first; no unit beyond its elimination threshold [TR-ALLOC-2] [TR-ALLOC-4]")
        return CommandInfo(label=label, group="damage", actor=command.unit or None, hint=hint)
    who = unit_name(state, command.unit)
    if command.to == "pool":
        return CommandInfo(label=t("{unit} goes to the pool", unit=who), group="retreat", actor=command.unit)
    label = t("{unit} retreats to {area}", unit=who, area=state.rt.name(command.to))
    return CommandInfo(label=label, group="retreat", actor=command.unit, target=command.to)


def _card_command(state: State, command: Command) -> CommandInfo:
    if isinstance(command, Ambush) and not command.card:
        return CommandInfo(label=t("Counterattack with jets"), group="ambush", hint=t("Double damage [TR-OPT-9]"))
    if isinstance(command, PlayCard | TakeCard | Ambush | DiscardCard):
        card = state.rt.cards[command.card]
        name = t("{card} ({sv})", card=card.name.text(), sv=card.sv)
        if isinstance(command, PlayCard):
            return CommandInfo(label=t("Play {card}", card=name), group="card", group_title=t("Play a card"))
        if isinstance(command, DiscardCard):
            return CommandInfo(label=t("Discard {card}", card=name), group="hand", hint=t("Raid [TR-OPT-3]"))
        if isinstance(command, TakeCard):
            return CommandInfo(label=t("Take {card} into the hand", card=name), group="hand")
        return CommandInfo(label=t("Ambush with {card}", card=name), group="ambush", hint=t("Double damage [TR-CA-4]"))
    texts: dict[type, Text] = {
        UseBanked: t("Spend the banked Ambush value"),
        Pass: t("Pass"),
        FinishCard: t("Finish the card"),
        NoAmbush: t("No ambush"),
    }
    return CommandInfo(label=texts.get(type(command), t("Continue")), group="phase")


def _move(state: State, command: Move) -> CommandInfo:
    to = state.rt.name(command.to)
    who = group_name(state, command.units)
    if command.mode == "sea":
        label = t("{group}: sea move to {area}", group=who, area=to)
    elif command.mode == "air":
        label = t("{group}: air move to {area}", group=who, area=to)
    else:
        label = t("{group}: move to {area}", group=who, area=to)
    option = CommandOption("by", t("Paid by"), command.by, BY[command.by])
    return CommandInfo(
        label=t("{label} ({by})", label=label, by=BY[command.by]),
        title=label,
        group="move",
        actor=command.units[0],
        actors=command.units,
        target=command.to,
        options=(option,),
        cost="1 SV" if command.by == "sv" else "",
        group_title=t("Move"),
    )


def _attack(state: State, command: Attack) -> CommandInfo:
    group = tuple(state.unit(u) for u in command.units)
    dist = hit_odds(state, group * (2 if command.twice else 1), command.air)
    who = group_name(state, command.units)
    where = state.rt.name(command.target)
    if command.air:
        label = t("{group}: air attack on {area}", group=who, area=where)
    else:
        label = t("{group}: attack in {area}", group=who, area=where)
    if command.twice:
        label = t("{label}, twice (points summed)", label=label)
    defenders = len(enemies(state, command.target, state.unit_side(group[0]) or "axis"))
    dice = len(dist) - 1
    hint = t("{n} dice against {d} units. Damage points {dist} [TR-HIT-1]", n=dice, d=defenders, dist=odds_text(dist))
    option = CommandOption("by", t("Paid by"), command.by, BY[command.by])
    return CommandInfo(
        label=t("{label} ({by})", label=label, by=BY[command.by]),
        title=label,
        group="attack",
        actor=command.units[0],
        actors=command.units,
        target=command.target,
        hint=hint,
        odds=1.0 - dist[0],
        options=(option,),
        cost="1 SV" if command.by == "sv" else "",
        group_title=t("Attack"),
    )


def _event(state: State, command: UseEvent) -> CommandInfo:
    card = card_events.card_of(state)
    name = card.name.text()
    if command.choice.startswith("unit:"):
        design = command.choice.removeprefix("unit:")
        unit = next(u for u in state.units if u.design == design)  # a counter of that design, as printed
        label = t("{event}: take {unit}", event=name, unit=unit_name(state, unit.id))
    elif command.choice in state.rt.cards:
        label = t("{event}: take {card}", event=name, card=state.rt.cards[command.choice].name.text())
    elif command.choice:
        label = t("{event}: {nation}", event=name, nation=nation_name(state, command.choice))
    elif command.units:
        who = group_name(state, command.units)
        label = t("{event}: {group} to {area}", event=name, group=who, area=state.rt.name(command.to))
    else:
        label = t("Carry out {event}", event=name)
    return CommandInfo(
        label=label,
        group="event",
        actor=command.units[0] if command.units else None,
        actors=command.units,
        target=command.to or None,
        group_title=t("Event"),
    )
