"""A player's round: play a card, an air operation or pass, and the actions a card pays for (rulebook §6, §7:
TR-RND-1, TR-RND-2, TR-RND-3, TR-RND-4, TR-SV-1, TR-SV-2, TR-EVT-2, TR-EVT-3, TR-GRP-3, TR-GRP-4, TR-ACT-1,
TR-AIROP-1, TR-AIROP-2, TR-AIROP-3, TR-SEQ-4, TR-CARD-4, TR-CA-13)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TypeVar

import app.systems.third_reich.events as card_events
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Command, Event
from app.systems.third_reich.ambush import after_attack_declared, after_move, before_bombing
from app.systems.third_reich.combat import attack_targets, check_attack, overfly
from app.systems.third_reich.messages import (
    Attack,
    DevelopCard,
    FinishCard,
    Happened,
    Mobilize,
    Move,
    Pass,
    PlayCard,
    UseBanked,
    UseEvent,
)
from app.systems.third_reich.mobilise import cost, mobilize, placements
from app.systems.third_reich.movement import (
    air_destinations,
    check_move,
    may_leave,
    normal_destinations,
    sea_destinations,
)
from app.systems.third_reich.names import side_name
from app.systems.third_reich.state import POOL, Play, State, Unit
from app.systems.third_reich.turn import end_round, flip_after_blitz

C = TypeVar("C", bound=Command)


# --- groups ------------------------------------------------------------------------------------------------------
def groups(state: State, side: str, among: tuple[str, ...] | None = None) -> list[tuple[Unit, ...]]:
    """Candidate groups the commands offer, per area: everyone, everyone but the weakest, each class, and the
    strongest unit of each class alone (any group of unused units in one area is accepted when submitted,
    TR-GRP-1; the offer is kept small so that a position's legal commands stay in the hundreds)."""
    return list(state.memo(("groups", side, among), lambda: _groups(state, side, among)))


def _groups(state: State, side: str, among: tuple[str, ...] | None) -> tuple[tuple[Unit, ...], ...]:
    by_area: dict[str, list[Unit]] = {}
    chosen = None if among is None else frozenset(among)
    for unit in state.units:
        if unit.used or state.unit_side(unit) != side or not state.rt.map.contains(unit.loc):
            continue
        if chosen is None or unit.id in chosen:
            by_area.setdefault(unit.loc, []).append(unit)
    return tuple(group for area, units in by_area.items() for group in _area_groups(state, area, tuple(units)))


def _area_groups(state: State, area: str, units: tuple[Unit, ...]) -> tuple[tuple[Unit, ...], ...]:
    """The offered groups of one area's units: they depend on the units alone, so they are kept per scenario."""
    return state.rt.derived(("groups", area, units), lambda: _shapes(state, area, units))


def _shapes(state: State, area: str, units: tuple[Unit, ...]) -> tuple[tuple[Unit, ...], ...]:
    home = [u for u in units if u.nation == state.rt.area(area).nation] or units
    weakest = min(home, key=lambda u: (state.design(u).attack, u.id))  # stays behind (TR-MOV-4)
    shapes = [list(units), [u for u in units if u is not weakest]]
    shapes += [[u for u in units if state.cls(u) == c] for c in ("land", "air", "naval", "submarine")]
    strongest = sorted(units, key=lambda u: (-state.design(u).attack - state.design(u).air, u.id))
    shapes += [[next(u for u in strongest if state.cls(u) == c)] for c in sorted({state.cls(u) for u in units})]
    found: dict[frozenset[str], tuple[Unit, ...]] = {}
    for shape in shapes:
        if shape:
            found.setdefault(frozenset(u.id for u in shape), tuple(shape))
    return tuple(found.values())


def group_actions(state: State, side: str, group: tuple[Unit, ...], by: str) -> list[Command]:
    """Moves and attacks ``group`` may make, paid by ``by``."""
    return list(_group_actions(state, side, group, by))


def _group_actions(state: State, side: str, group: tuple[Unit, ...], by: str) -> Iterator[Command]:
    """The commands of :func:`group_actions`, one at a time (moves first), so a caller may stop at the first."""
    ids = tuple(u.id for u in group)
    area = group[0].loc
    air_only = all(state.design(u).type == "AF" for u in group)
    if by != "air_op" and may_leave(state, area, group, side):
        for to in normal_destinations(state, group, side):
            yield _made(state, Move, side=side, units=ids, to=to, by=by)
        for to, sea in sea_destinations(state, group, side):
            yield _made(state, Move, side=side, units=ids, to=to, mode="sea", via=sea, by=by)
    if air_only and may_leave(state, area, group, side):
        for to in air_destinations(state, group, side):
            yield _made(state, Move, side=side, units=ids, to=to, mode="air", by=by)
    targets = attack_targets(state, group, side, False) if by != "air_op" else []
    attacks = [_made(state, Attack, side=side, units=ids, target=a, by=by) for a in targets]
    for target in attack_targets(state, group, side, True):
        attacks.append(_made(state, Attack, side=side, units=ids, target=target, air=True, by=by))
    yield from attacks
    if by == "blitz" and state.play is not None and state.play.blitz_left >= 2:
        yield from (a.model_copy(update={"twice": True}) for a in attacks)  # both declared together (TR-QA-1)


def _made(state: State, kind: type[C], **fields: object) -> C:
    """A command the engine lists, made once per scenario: commands are immutable, and validating each anew was
    most of the cost of listing a position's commands."""
    return state.rt.derived((kind.__name__, *sorted(fields.items())), lambda: kind.model_validate(fields))


# --- legal commands ----------------------------------------------------------------------------------------------
def legal(state: State, side: str) -> list[Command]:
    """Every command of ``side`` in its round (no decision pending)."""
    if state.play is None:
        found: list[Command] = []
        if state.banked[_index(side)] > 0:  # the round after an Ambush: its value or an air operation (TR-CA-13)
            found.append(UseBanked(side=side))
        else:
            found += [PlayCard(side=side, card=c) for c in sorted(set(state.hands_of(side).hand))]
        found += air_operations(state, side)
        return [*found, Pass(side=side)]
    return [*play_actions(state, side), FinishCard(side=side)]


def _index(side: str) -> int:
    return 0 if side == "axis" else 1


def air_operations(state: State, side: str) -> list[Command]:
    """Air moves and air attacks without a card (TR-AIROP-1)."""
    return list(_air_operations(state, side))


def _air_operations(state: State, side: str) -> Iterator[Command]:
    for group in groups(state, side):
        if all(state.design(u).air > 0 for u in group):
            yield from _group_actions(state, side, group, "air_op")


def play_actions(state: State, side: str) -> list[Command]:
    """What the card in play still pays for: strategy-value actions, the event, Blitzkrieg follow-ups."""
    return list(_play_actions(state, side))


def has_play_action(state: State, side: str) -> bool:
    """Whether the card in play still pays for anything (its legal commands are more than "finish the card");
    stops at the first action found, so a replay never lists them all."""
    return next(_play_actions(state, side), None) is not None


def _play_actions(state: State, side: str) -> Iterator[Command]:
    play = state.play
    assert play is not None
    if play.sv_open and play.sv_left > 0:
        busy = {*play.acted, *play.blitz}  # one action per strategy-value use; event groups not after (TR-GRP-4)
        free = tuple(u.id for u in state.units if u.id not in busy) if busy else None
        for group in groups(state, side, free):
            yield from _group_actions(state, side, group, "sv")
        yield from _mobilizations(state, side, play.sv_left)
    if play.blitz_left > 0:  # any group for the first Blitzkrieg action, then that group (TR-EVT-2, TR-EVT-3)
        for group in groups(state, side, play.blitz or None):
            yield from _group_actions(state, side, group, "blitz")
    if play.card and not play.event_done:
        yield from card_events.options(state, side, groups(state, side), offered=True)


def mobilizations(state: State, side: str, sv_left: int) -> list[Command]:
    """One unit of each design in the pool, to each area it may be placed in (TR-MOB-1, TR-MOB-2)."""
    return list(_mobilizations(state, side, sv_left))


def _mobilizations(state: State, side: str, sv_left: int) -> Iterator[Command]:
    seen: set[str] = set()
    for unit in state.units:
        if unit.loc != POOL or unit.design in seen or state.unit_side(unit) != side or cost(state, unit) > sv_left:
            continue
        seen.add(unit.design)
        yield from (_made(state, Mobilize, side=side, unit=unit.id, area=a) for a in placements(state, unit, side))


def must_pass(state: State, side: str) -> bool:
    """No card, no banked value and no air operation: the player passes by himself (TR-SEQ-4)."""
    if state.hands_of(side).hand or state.banked[_index(side)] != 0:
        return False
    return next(_air_operations(state, side), None) is None


# --- applying ----------------------------------------------------------------------------------------------------
def apply_round(state: State, command: Command, side: str, roller: Roller) -> tuple[State, list[Event]]:
    """Apply a round command of ``side`` (no decision pending)."""
    if isinstance(command, PlayCard):
        return _play(state, command, side)
    if isinstance(command, UseBanked):
        if state.play is not None or state.banked[_index(side)] <= 0:
            raise IllegalCommandError(t("No banked strategy value to spend."), "TR-CA-13")
        play = Play(card="", sv_left=state.banked[_index(side)], event_done=True)
        return replace(state, play=play), [Happened(text=t("Banked Ambush value is spent."), rule_id="TR-CA-13")]
    if isinstance(command, Pass):
        if state.play is not None:
            raise IllegalCommandError(t("A card is in play: finish it instead."), "TR-RND-1")
        state, events = end_round(state, passed=True)
        return state, [Happened(text=t("The {side} pass.", side=side_name(side)), rule_id="TR-SEQ-4"), *events]
    if isinstance(command, FinishCard):
        if state.play is None:
            raise IllegalCommandError(t("No card is in play."), "TR-RND-1")
        return end_round(state, passed=False)
    return _apply_action(state, command, side, roller)


def _apply_action(state: State, command: Command, side: str, roller: Roller) -> tuple[State, list[Event]]:
    """Actions paid by the card in play or taken as an air operation."""
    if isinstance(command, Move | Attack):
        return _group_action(state, command, side, roller)
    if isinstance(command, Mobilize):
        state, play = _sv_begins(state)
        state, price, events = mobilize(state, command, side, play.sv_left)
        return replace(state, play=replace(play, sv_left=play.sv_left - price)), events
    if isinstance(command, UseEvent | DevelopCard):
        return _event(state, command, side, roller)
    raise IllegalCommandError(t("Not a command of this round."), "TR-RND-1")


def _play(state: State, command: PlayCard, side: str) -> tuple[State, list[Event]]:
    """Play one card from the hand (TR-RND-2); it goes to the discard (TR-RND-4)."""
    hands = state.hands_of(side)
    if state.play is not None or command.card not in hands.hand:
        raise IllegalCommandError(t("That card cannot be played now."), "TR-RND-2")
    if state.banked[_index(side)] > 0:
        reason = t("After an Ambush, this round spends its banked value or makes an air operation: no card is played.")
        raise IllegalCommandError(reason, "TR-CA-13")
    rest = list(hands.hand)
    rest.remove(command.card)
    state = state.with_hands(side, replace(hands, hand=tuple(rest), discard=(*hands.discard, command.card)))
    card = state.rt.cards[command.card]
    state = replace(state, play=Play(card=card.id, sv_left=card.sv, event_done=card.event in ("none", "ambush")))
    text = t("Card played: {card} (strategy value {sv}).", card=card.name.text(), sv=card.sv)
    return state, [Happened(text=text, rule_id="TR-RND-1")]


def _need_sv(state: State) -> Play:
    play = state.play
    if play is None or not play.sv_open or play.sv_left <= 0:
        raise IllegalCommandError(t("No strategy value left to spend."), "TR-SV-1")
    return play


def _group_action(state: State, command: Move | Attack, side: str, roller: Roller) -> tuple[State, list[Event]]:
    """Pay for a group action (TR-SV-1, TR-SV-2, TR-EVT-3, TR-AIROP-1), then carry it out (with the enemy's
    chance to counterattack, TR-CA-1)."""
    state = _pay(state, command, side)
    if isinstance(command, Move):
        check_move(state, command, side)
        return after_move(state, command, side)
    group = check_attack(state, command, side)
    state, passed = overfly(state, group, side, command.target) if command.air else (state, [])
    state, events = after_attack_declared(state, command, side, roller)
    return state, [*passed, *events]


def _pay(state: State, command: Move | Attack, side: str) -> State:
    air = command.mode == "air" if isinstance(command, Move) else command.air
    if command.by == "air_op":
        if state.play is not None or not air:
            reason = t("An air operation is an air move or an air attack without a card.")
            raise IllegalCommandError(reason, "TR-AIROP-1")
        return state
    twice = isinstance(command, Attack) and command.twice
    if command.by == "blitz":
        play = state.play
        actions = 2 if twice else 1
        if play is None or play.blitz_left < actions or not set(command.units) <= set(play.blitz or command.units):
            raise IllegalCommandError(t("Only the Blitzkrieg group may act again."), "TR-EVT-3")
        group = play.blitz or command.units  # the first Blitzkrieg action names the group (TR-EVT-2)
        return replace(state, play=replace(play, blitz=group, blitz_left=play.blitz_left - actions))
    if twice:
        raise IllegalCommandError(t("Only Blitzkrieg declares two attacks together."), "TR-QA-2")
    if command.by != "sv":
        raise IllegalCommandError(t("Event actions go through the event."), "TR-EVT-1")
    state, play = _sv_begins(state)
    if set(command.units) & set(play.acted):
        raise IllegalCommandError(t("A unit acts once per strategy-value use."), "TR-SV-2")
    if set(command.units) & set(play.blitz):
        raise IllegalCommandError(t("Units that acted through the event cannot act by strategy value."), "TR-GRP-4")
    return replace(state, play=replace(play, sv_left=play.sv_left - 1, acted=(*play.acted, *command.units)))


def _sv_begins(state: State) -> tuple[State, Play]:
    """Spending strategy value after a Blitzkrieg event ends the event's remaining action: the two are never
    interleaved (TR-RND-3); units kept unused by its sea move turn used now (TR-QA-3)."""
    play = _need_sv(state)
    if play.blitz_left == 0:
        return state, play
    state = flip_after_blitz(replace(state, play=replace(play, blitz_left=0)), card_over=True)
    assert state.play is not None
    return state, state.play


def _event(state: State, command: UseEvent | DevelopCard, side: str, roller: Roller) -> tuple[State, list[Event]]:
    """Carry out the event; strategy value spent before it closes (TR-RND-3). A card developed in secret is the
    Development event's choice (TR-OPT-1)."""
    card_events.check(state, command, side)
    if isinstance(command, DevelopCard):
        command = UseEvent(side=side, choice=command.card)
    play = state.play
    assert play is not None
    sv_used = play.sv_left < state.rt.cards[play.card].sv
    acted = command.units or play.blitz  # units that act through the event do not then act by strategy value
    play = replace(play, event_done=True, sv_open=play.sv_open and not sv_used, blitz=acted)
    state = replace(state, play=play)
    if state.rt.cards[play.card].event == "strategic_bombing":
        return before_bombing(state, command, side, roller)  # the enemy may counterattack first (TR-QA-6)
    return card_events.carry_out(state, command, side, roller)
