"""Table mode: what a command changed on the physical board, as a checklist of steps (DESIGN §8 "table mode").

The steps are read from the difference between the state before and after a command, so every rule that moves,
flips, mobilizes or removes a counter, changes an area's control, brings a nation into the war, moves an Entry
marker or advances the turn is covered the same way (TR-MOB-1, TR-DMG-4, TR-RET-1, TR-REC-1, TR-CTRL-5, TR-MARK-2,
TR-SEQ-5).
"""

from __future__ import annotations

from collections import Counter

from app.core.i18n import Text, t
from app.core.messages import Event
from app.systems.third_reich.messages import TableStep
from app.systems.third_reich.names import nation_name, side_name, unit_name
from app.systems.third_reich.state import DEVELOPMENT, POOL, REMOVED, State, Unit

Change = tuple[str, str, str, bool, bool]
"""A unit's design, where it was, where it is, and whether it was and is used."""


def table_steps(before: State, after: State) -> list[Event]:
    """The physical steps that turn the board of ``before`` into that of ``after``."""
    texts = [*_unit_steps(before, after), *_control_steps(before, after), *_marker_steps(before, after)]
    return [TableStep(text=text, instruction=text, rule_id="TR-GEN-1") for text in texts]


def _unit_steps(before: State, after: State) -> list[Text]:
    changes: Counter[Change] = Counter()
    sample: dict[Change, Unit] = {}
    for unit in after.units:
        old = before.unit(unit.id)
        if (old.loc, old.used) != (unit.loc, unit.used):
            key = (unit.design, old.loc, unit.loc, old.used, unit.used)
            changes[key] += 1
            sample.setdefault(key, unit)
    return [_unit_step(after, sample[key], key, count) for key, count in changes.items()]


def _unit_step(state: State, unit: Unit, change: Change, count: int) -> Text:
    _, src, dst, _, used = change
    what = unit_name(state, unit.id) if count == 1 else t("{n} × {unit}", n=count, unit=unit_name(state, unit.id))
    if src == dst:
        side = t("used") if used else t("unused")
        return t("Flip {what} in {area} to the {side} side.", what=what, area=state.rt.name(src), side=side)
    if dst == REMOVED:
        return t("Remove {what} ({area}) from the game.", what=what, area=_place(state, src))
    if dst == POOL:
        return t("Put {what} from {area} in the mobilization pool.", what=what, area=_place(state, src))
    face = t("used side up") if used else t("unused side up")
    src_name, dst_name = _place(state, src), _place(state, dst)
    return t("Move {what} from {src} to {dst}, {face}.", what=what, src=src_name, dst=dst_name, face=face)


def _place(state: State, loc: str) -> Text:
    if loc == POOL:
        return t("the mobilization pool")
    if loc == DEVELOPMENT:
        return t("the development pool")
    if loc == REMOVED:
        return t("out of play")
    return state.rt.name(loc)


def _control_steps(before: State, after: State) -> list[Text]:
    old = dict(before.control)
    return [
        t("Mark {area} as controlled by {nation}.", area=after.rt.name(area), nation=nation_name(after, nation))
        for area, nation in after.control
        if old.get(area) != nation
    ]


def _marker_steps(before: State, after: State) -> list[Text]:
    steps: list[Text] = []
    old_nations = {code: (side, status) for code, side, status in before.nations}
    for code, side, status in after.nations:
        if old_nations.get(code) != (side, status) and status == "belligerent":
            name = nation_name(after, code)
            steps.append(t("{nation} is now at war on the {side} side.", nation=name, side=side_name(side)))
    old_entry = dict(before.entry)
    for code, box in after.entry:
        if old_entry.get(code) != box:
            steps.append(t("Move the {nation} Entry marker to box {box}.", nation=nation_name(after, code), box=box))
    if after.turn != before.turn:
        steps.append(t("Advance the turn marker to turn {turn}.", turn=after.turn))
    return steps
