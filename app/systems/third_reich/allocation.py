"""Damage allocation as a decision of the allocating player (rulebook §11.2: TR-ALLOC-1, TR-ALLOC-2, TR-ALLOC-4,
TR-ALLOC-5).

The player the priorities of TR-ALLOC-1 name allocates the damage points. Only his free choices are asked: a point
goes to a used target unit while one can still take it (TR-ALLOC-2), never beyond a unit's elimination threshold
(TR-ALLOC-4), and points no unit can take are lost (TR-ALLOC-5). When those limits leave a single allocation the
engine applies it at once; otherwise the allocating player gives the points one at a time, or takes the engine's
proposal for all that are left (the default, so fast play and the bot answer in one command).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.core.messages import Command, Event
from app.systems.third_reich.damage import allocate, apply_results, result, result_text, threshold
from app.systems.third_reich.messages import AssignHit, Happened
from app.systems.third_reich.names import listing, side_name, unit_name
from app.systems.third_reich.state import Pending, State, Unit


def recipients(state: State, targets: tuple[Unit, ...], given: dict[str, int]) -> list[Unit]:
    """The units that may take the next point: used units below their threshold first (TR-ALLOC-2), else unused
    units below theirs (TR-ALLOC-4); none once every unit is full (TR-ALLOC-5)."""
    room = [u for u in targets if given[u.id] < threshold(state, u)]
    used = [u for u in room if u.used]
    return used or room


def free_choice(state: State, targets: tuple[Unit, ...], points: int, given: dict[str, int] | None = None) -> bool:
    """Whether the limits leave the allocating player more than one way to give ``points`` to ``targets`` (on top
    of the points ``given`` already)."""
    had = given or {}
    for phase in (tuple(u for u in targets if u.used), tuple(u for u in targets if not u.used)):
        rooms = [threshold(state, u) - had.get(u.id, 0) for u in phase]
        room = sum(r for r in rooms if r > 0)
        here = min(points, room)
        if sum(1 for r in rooms if r > 0) > 1 and 0 < here < room:
            return True
        points -= here
    return False


def start(
    state: State, chooser: str, targets: tuple[Unit, ...], points: int, *, retreat_to: str | None, then: str = ""
) -> tuple[State, list[Happened]]:
    """Allocate ``points`` at once when there is nothing to choose; otherwise put the allocating player's
    decision on the stack (``then``: the command a counterattack interrupted, carried on afterwards)."""
    by_attacker = chooser != state.unit_side(targets[0])
    if not free_choice(state, targets, points):
        return apply_results(state, allocate(state, points, targets, by_attacker), retreat_to)
    area = targets[0].loc
    step = Pending(
        "damage",
        chooser,
        count=points,
        action=then,
        area=area,
        units=tuple(u.id for u in targets),
        origin=retreat_to or "",
        given=tuple(0 for _ in targets),
    )
    where = state.rt.name(area)
    text = t("The {side} allocate {n} damage points in {area}.", side=side_name(chooser), n=points, area=where)
    return replace(state, stack=(step, *state.stack)), [Happened(text=text, rule_id="TR-ALLOC-1")]


def _targets(state: State, step: Pending) -> tuple[Unit, ...]:
    return tuple(state.unit(u) for u in step.units)


def _given(step: Pending) -> dict[str, int]:
    return dict(zip(step.units, step.given, strict=True))


def proposal(state: State, step: Pending) -> dict[str, int]:
    """The engine's allocation of the points left on top of those given (the default answer)."""
    by_attacker = step.side != state.unit_side(state.unit(step.units[0]))
    return allocate(state, step.count, _targets(state, step), by_attacker, _given(step))


def options(state: State, step: Pending) -> list[Command]:
    """Take the proposal for every point left (the default), or give the next point to one unit: one offer for
    units alike (same counter, same face, same points so far), as they are interchangeable."""
    given = _given(step)
    alike: dict[tuple[str, bool, int], Unit] = {}
    for unit in recipients(state, _targets(state, step), given):
        alike.setdefault((unit.design, unit.used, given[unit.id]), unit)
    return [AssignHit(side=step.side), *(AssignHit(side=step.side, unit=u.id) for u in alike.values())]


def assign(state: State, step: Pending, command: AssignHit) -> tuple[State, list[Event], bool]:
    """Give one point (or all that are left, as proposed). Returns the state, the events, and whether the
    allocation is complete (the step is then off the stack and the results applied)."""
    given = _given(step)
    if not command.unit:
        given = proposal(state, step)
        left = 0
    else:
        given[command.unit] += 1
        left = step.count - 1
    rest = state.stack[1:]
    if left > 0 and free_choice(state, _targets(state, step), left, given):
        step = replace(step, count=left, given=tuple(given[u] for u in step.units))
        note = t("A damage point goes to {unit}.", unit=unit_name(state, command.unit))
        return replace(state, stack=(step, *rest)), [Happened(text=note, rule_id="TR-ALLOC-4")], False
    if left > 0:  # what is left is forced: apply it as proposed
        given = proposal(state, replace(step, count=left, given=tuple(given[u] for u in step.units)))
    state, events = apply_results(replace(state, stack=rest), given, step.origin or None)
    summary = Happened(text=_summary(state, given), rule_id="TR-ALLOC-1")
    return state, [summary, *events], True


def _summary(state: State, given: dict[str, int]) -> Text:
    parts = [t("{unit}: {n}", unit=unit_name(state, u), n=n) for u, n in given.items() if n]
    return t("Damage points allocated: {parts}.", parts=listing(parts) if parts else "0")


def label(state: State, step: Pending, command: AssignHit) -> Text:
    """The button text: the proposal with each unit's result, or the next point to one unit."""
    if not command.unit:
        plan = proposal(state, step)
        parts = [_planned(state, u, n) for u, n in plan.items() if n]
        shown = listing(parts) if parts else "0"
        return t("Allocate the {n} points left as proposed: {parts}", n=step.count, parts=shown)
    now = _given(step)[command.unit]
    return t("Next point to {unit} ({n} so far)", unit=unit_name(state, command.unit), n=now)


def _planned(state: State, unit_id: str, points: int) -> Text:
    outcome = result_text(result(state, state.unit(unit_id), points))
    return t("{unit}: {n} points ({result})", unit=unit_name(state, unit_id), n=points, result=outcome)
