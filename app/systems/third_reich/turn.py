"""Sequence of play (rulebook §5, §6, §14: TR-SEQ-1, TR-SEQ-2, TR-SEQ-3, TR-SEQ-4, TR-SEQ-5, TR-RND-1, TR-RND-2,
TR-RND-3, TR-RND-4, TR-SV-1, TR-SV-2, TR-AIROP-1, TR-AIROP-2, TR-AIROP-3, TR-CARD-6, TR-SETUP-6, TR-VIC-1,
TR-VIC-2, TR-VIC-3, TR-VIC-4, TR-CTRL-5)."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.core.messages import Event
from app.systems.third_reich.control import friendly, reassignments, resources, settle_control
from app.systems.third_reich.messages import GameEnded, Happened, Reassign, ReturnUnit
from app.systems.third_reich.mobilise import recover, us_round_recovery
from app.systems.third_reich.names import nation_name, side_name, unit_name
from app.systems.third_reich.nations import poland_check
from app.systems.third_reich.scenario import SIDES
from app.systems.third_reich.state import POOL, Hands, Pending, State, Unit, other

RETURNING = ("GE", "IT", "UK", "SU", "US")
"""Nations whose units may go back to the pool at the end of a turn (TR-SEQ-5 ③)."""


def initiative(state: State) -> str:
    """The side with more resources plays first; the Axis on a tie (TR-SEQ-2)."""
    return "axis" if resources(state, "axis") >= resources(state, "allied") else "allied"


def hand_size(state: State, side: str) -> int:
    """Cards to choose: the resource count, or the scenario's first-turn hands (TR-SEQ-1, TR-SETUP-6)."""
    if state.turn == state.rt.model.turns.first:
        return state.rt.model.turns.first_hands[side]  # type: ignore[index]
    return resources(state, side)


def begin_turn(state: State) -> tuple[State, list[Event]]:
    """Hand selection and initiative (TR-SEQ-1, TR-SEQ-2): a deck no bigger than the hand is taken whole."""
    first = initiative(state)
    state = replace(state, first=first, active=first, passes=0, play=None, sea_used=(), stack=())
    steps = []
    for side in SIDES:
        size, hands = hand_size(state, side), state.hands_of(side)
        if size >= len(hands.deck):
            state = state.with_hands(side, replace(hands, deck=(), hand=(*hands.hand, *hands.deck)))
        elif size > 0:
            steps.append(Pending("hand", side, count=size))
    state = replace(state, stack=tuple(steps))
    text = t("Turn {turn}: the {side} play first.", turn=state.turn, side=side_name(first))
    return state, [Happened(text=text, rule_id="TR-SEQ-2")]


def flip_after_blitz(state: State, card_over: bool = False) -> State:
    """Turn the units that sea-moved in the first Blitzkrieg action to their used face once the second action is
    over, or the card is (TR-QA-3, TR-SEAMOV-4); units the enemy sent off the map stay as they are."""
    play = state.play
    if play is None or not play.unflipped or (not card_over and (state.stack or play.blitz_left > 0)):
        return state
    on_map = state.rt.map.contains
    flipped = {u: replace(state.unit(u), used=True) for u in play.unflipped if on_map(state.unit(u).loc)}
    return replace(state.with_units(flipped), play=replace(play, unflipped=()))


def end_round(state: State, passed: bool) -> tuple[State, list[Event]]:
    """Control changes (TR-CTRL-5), Poland's surrender (TR-POL-1), then each player (the one whose round it was
    first) may hand areas over (TR-CTRL-6); two passes in a row end the turn (TR-SEQ-4)."""
    state = settle_control(flip_after_blitz(state, card_over=True))
    state, events = poland_check(state)
    if state.active == "allied":
        state, more = us_round_recovery(state)
        events += more
    action = "pass" if passed else ""
    order = (state.active, other(state.active))
    steps = tuple(Pending("reassign", s, action=action) for s in order if hand_overs(state, s))
    if steps and not state.over:
        return replace(state, play=None, stack=steps), events
    state, more = finish_round(state, passed)
    return state, events + more


def hand_overs(state: State, side: str, done: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(area, nation) pairs ``side`` may still hand over at this round's end, each area once (TR-CTRL-6)."""
    return [(a, n) for a, n in reassignments(state, side) if a not in done]


def hand_over(state: State, step: Pending, command: Reassign) -> tuple[State, list[Event]]:
    """Hand one area over, or (``area`` empty) no more; the round finishes after the last player's answer."""
    events: list[Event] = []
    if command.area:
        area, nation = state.rt.name(command.area), nation_name(state, command.nation)
        state = state.with_control({command.area: command.nation})
        text = t("{area} is handed over to {nation}.", area=area, nation=nation)
        events.append(Happened(text=text, rule_id="TR-CTRL-6"))
        step = replace(step, units=(*step.units, command.area))
        if hand_overs(state, step.side, step.units):
            return replace(state, stack=(step, *state.stack[1:])), events
    state = replace(state, stack=state.stack[1:])
    if state.stack:
        return state, events
    state, more = finish_round(state, passed=step.action == "pass")
    return state, events + more


def finish_round(state: State, passed: bool) -> tuple[State, list[Event]]:
    """The next player's round, or the end of the turn after two passes in a row (TR-SEQ-4)."""
    events: list[Event] = []
    banked = list(state.banked)
    banked[SIDES.index(state.active)] = 0
    passes = state.passes + 1 if passed else 0
    state = replace(state, play=None, sea_used=(), passes=passes, banked=(banked[0], banked[1]))
    if passes >= 2:
        more_state, more = end_turn(state)
        return more_state, events + more
    return replace(state, active=other(state.active)), events


def end_turn(state: State) -> tuple[State, list[Event]]:
    """Victory, recovery in initiative order, then each player in that order may return units to the pool; the
    turn then finishes (TR-SEQ-5)."""
    state, events = victory(state)
    if state.over:
        return state, events
    order = (state.first, other(state.first))
    for side in order:
        state, more = recover(state, side, "TR-REC-1", yugoslavia=True)
        events += more
    steps = tuple(Pending("return", side) for side in order if returnable(state, side))
    if steps:
        return replace(state, stack=steps), events
    state, more = finish_turn(state)
    return state, events + more


def returnable(state: State, side: str) -> list[Unit]:
    """Units ``side`` may return to the pool at the end of the turn, one per design, face and area: on-map units
    of Germany, Italy, Britain, the USSR and the USA, but never the last of the side's units in an area bearing
    their nation's symbol (TR-SEQ-5 ③, OQ-TR-25)."""
    found: dict[tuple[str, str, bool], Unit] = {}
    for unit in state.units:
        if unit.nation not in RETURNING or state.unit_side(unit) != side or not state.rt.map.contains(unit.loc):
            continue
        if state.rt.area(unit.loc).nation == unit.nation:
            mine = sum(1 for u in state.in_area(unit.loc) if state.unit_side(u) == side)
            if mine <= 1:
                continue
        found.setdefault((unit.design, unit.loc, unit.used), unit)
    return list(found.values())


def return_unit(state: State, step: Pending, command: ReturnUnit) -> tuple[State, list[Event]]:
    """Return one unit to the pool, or end ``step``'s returns (``unit`` empty); the turn finishes after the last
    player's returns (TR-SEQ-5)."""
    events: list[Event] = []
    if command.unit:
        unit = state.unit(command.unit)
        name, area = unit_name(state, unit.id), state.rt.name(unit.loc)
        state = state.with_units({unit.id: replace(unit, loc=state.pool_of(unit), used=False)})
        if state.pool_of(unit) == POOL:
            text, rule = t("{unit} returns from {area} to the pool.", unit=name, area=area), "TR-SEQ-5"
        else:
            text, rule = t("{unit} leaves {area} and the game.", unit=name, area=area), "TR-FT-1"
        events.append(Happened(text=text, rule_id=rule))
        if returnable(state, step.side):
            return state, events
    state = replace(state, stack=state.stack[1:])
    if state.stack:
        return state, events
    state, more = finish_turn(state)
    return state, events + more


def finish_turn(state: State) -> tuple[State, list[Event]]:
    """Decks re-formed, the turn marker advances, the next turn begins (TR-SEQ-5 ④ ⑤)."""
    for side in SIDES:
        hands = state.hands_of(side)
        state = state.with_hands(side, Hands(deck=(*hands.deck, *hands.hand, *hands.discard)))
    return begin_turn(replace(state, turn=state.turn + 1, face_down=()))


def victory(state: State) -> tuple[State, list[Event]]:
    """Strategic victory at the end of any turn, game victory at the end of the last (TR-VIC-1, TR-VIC-2,
    TR-VIC-3, TR-VIC-4)."""
    vic = state.rt.model.victory
    axis = resources(state, "axis")
    if resources(state, "axis", bonus=True) >= vic.axis_strategic:
        return _won(state, "axis", "strategic", "TR-VIC-1")
    if axis <= vic.allied_strategic:
        return _won(state, "allied", "strategic", "TR-VIC-2")
    if state.turn < state.rt.model.turns.last:
        return state, []
    berlin = state.rt.role("berlin")
    areas = sum(1 for a, _ in state.control if not state.rt.is_sea(a) and friendly(state, a, "axis"))
    holds = vic.final_berlin and berlin is not None and friendly(state, berlin, "axis")
    if holds or axis >= vic.final_resources or areas >= vic.final_areas:
        return _won(state, "axis", "game", "TR-VIC-3")
    return _won(state, "allied", "game", "TR-VIC-4")


def _won(state: State, side: str, level: str, rule: str) -> tuple[State, list[Event]]:
    state = replace(state, over=True, winner=side, reason=level, stack=(), play=None)
    if level == "strategic":
        text = t("The {side} win a strategic victory.", side=side_name(side))
    else:
        text = t("The {side} win the game at the end of the last turn.", side=side_name(side))
    return state, [GameEnded(text=text, rule_id=rule, winner=side)]
