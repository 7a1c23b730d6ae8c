"""Setting up a position: the mission's ``position`` section applied to the state the setup rules built.

Rulebook chapter: §33 implementation notes (the state a position is made of), §5 setup (SAS-SETUP-6: the operators a
position places do not start on the entry/exit tile) and §6 turn structure (SAS-TURN-2). Every problem raises a
:class:`~app.scenario.loading.ScenarioValueError` naming the JSON path (``$.position.units[2].at``) and what is wrong,
so the catalog reports it like any other mission error.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from app.scenario.loading import ScenarioValueError
from app.systems.sas.position import (
    ActivationPosition,
    DeckPosition,
    HunterMarkerPosition,
    HunterPosition,
    OperatorPosition,
    SasPosition,
    TyphoonPosition,
    UnitPosition,
    VehiclePosition,
)
from app.systems.sas.state import (
    Activation,
    HunterMarker,
    ObjectState,
    OperatorState,
    SasRuntime,
    SasState,
    TyphoonState,
    UnitState,
)
from app.systems.sas.vehicles.motion import off_board

Cell = tuple[int, int]
ROOT = "$.position"
OFF = ("dead", "exfiltrated")


def positioned_operators(rt: SasRuntime) -> frozenset[str]:
    """Ids of the operators the position places itself: the setup leaves them off the entry/exit tile."""
    spec = rt.mission.position
    if spec is None:
        return frozenset()
    return frozenset(o.id for o in spec.operators if o.at is not None or o.aboard is not None or o.status in OFF)


def apply_position(rt: SasRuntime, state: SasState) -> SasState:
    """The state the setup built, changed as the mission's ``position`` says.

    Raises:
        ScenarioValueError: A square off the board, an unknown id or an inconsistent field, with its JSON path.
    """
    spec = rt.mission.position
    if spec is None:
        return state
    meter = state.meter if spec.meter is None else spec.meter
    state = replace(state, turn=spec.turn, section=spec.section, phase=spec.phase, meter=meter)
    if spec.phase == "hunter" and state.hunter is None:
        raise ScenarioValueError(f"{ROOT}.phase", "the Hunter phase needs Jäger mode (SAS-JGR-3)")
    state = _operators(rt, state, spec.operators)
    state = _units(rt, state, spec.units)
    state = _objects(rt, state, spec)
    state = _vehicles(rt, state, spec.vehicles)
    state = _globals(rt, state, spec)
    if spec.activation is not None:
        state = _activation(state, spec.activation)
    if spec.deck is not None:
        state = _deck(rt, state, spec.deck)
    if spec.typhoon is not None:
        state = _typhoon(rt, state, spec.typhoon)
    if spec.hunter is not None:
        state = _hunter(rt, state, spec.hunter)
    _check_references(state)
    return replace(state, next_id=max(state.next_id, _next_free(spec)))


def _changes(spec: BaseModel, renamed: dict[str, str]) -> dict[str, Any]:
    """The fields a position entry gives (null: keep the setup's value), under the state's field names."""
    given = {name: getattr(spec, name) for name in type(spec).model_fields if name != "id"}
    return {renamed.get(name, name): value for name, value in given.items() if value is not None}


def _cell(rt: SasRuntime, label: str | None, where: str) -> Cell | None:
    return None if label is None else rt.cell(label, where)


# --- operators ---------------------------------------------------------------------------------------------------
def _operators(rt: SasRuntime, state: SasState, specs: list[OperatorPosition]) -> SasState:
    ops = {o.id: o for o in state.operators}
    for i, spec in enumerate(specs):
        where = f"{ROOT}.operators[{i}]"
        base = ops.get(spec.id)
        if base is None:
            raise ScenarioValueError(f"{where}.id", f"{spec.id!r} is not in the team nor a support unit: {sorted(ops)}")
        ops[spec.id] = replace(base, **_operator_changes(rt, spec, base, where))
    return replace(state, operators=tuple(ops.values()))


def _operator_changes(rt: SasRuntime, spec: OperatorPosition, base: OperatorState, where: str) -> dict[str, Any]:
    if spec.aboard is not None and spec.aboard not in {v.id for v in rt.initial_vehicles}:
        raise ScenarioValueError(f"{where}.aboard", f"no operator vehicle {spec.aboard!r} in the mission")
    changes = _changes(spec, {"at": "loc"})
    if "loc" in changes:
        changes["loc"] = _cell(rt, spec.at, f"{where}.at")
        changes.setdefault("aboard", None)
        changes.setdefault("seat", None)
    if "mark_square" in changes:
        changes["mark_square"] = _cell(rt, spec.mark_square, f"{where}.mark_square")
    if spec.ammo is not None:
        changes["ammo"] = tuple({**dict(base.ammo), **spec.ammo}.items())
    if spec.items is not None:
        changes["items"] = tuple(sorted(spec.items.items()))
    if changes.get("status", base.status) in OFF or spec.aboard is not None:
        changes["loc"] = None
    return changes


# --- Axis units --------------------------------------------------------------------------------------------------
def _units(rt: SasRuntime, state: SasState, specs: list[UnitPosition]) -> SasState:
    units = {u.id: u for u in state.units}
    for i, spec in enumerate(specs):
        where = f"{ROOT}.units[{i}]"
        base = units.get(spec.id)
        if base is None:
            base = _new_unit(rt, spec, where)
        changes = _changes(spec, {"at": "loc"})
        for name in ("loc", "post"):
            if name in changes:
                changes[name] = _cell(rt, changes[name], f"{where}.{'at' if name == 'loc' else name}")
        if changes.get("loc", base.loc) is None:
            raise ScenarioValueError(f"{where}.at", "an Axis unit stands on a square")
        unit = replace(base, **changes)
        if spec.on_spawn is None:
            unit = replace(unit, on_spawn=off_board(rt, unit) if unit.is_vehicle else unit.loc in rt.spawn_cells)
        units[spec.id] = unit
    return replace(state, units=tuple(units.values()))


def _new_unit(rt: SasRuntime, spec: UnitPosition, where: str) -> UnitState:
    missing = [name for name in ("kind", "role", "at", "facing") if getattr(spec, name) is None]
    if missing:
        raise ScenarioValueError(where, f"no setup unit is called {spec.id!r}; a new unit needs {missing}")
    assert spec.kind is not None and spec.role is not None and spec.facing is not None
    loc = _cell(rt, spec.at, f"{where}.at")
    assert loc is not None
    return UnitState(spec.id, spec.kind, spec.role, None, loc, spec.facing)


# --- objects, operator vehicles, globals ---------------------------------------------------------------------------
def _objects(rt: SasRuntime, state: SasState, spec: SasPosition) -> SasState:
    known = {u.id for u in state.units} | {o.id for o in state.objects}
    for i, gone in enumerate(spec.removed):
        if gone not in known:
            raise ScenarioValueError(f"{ROOT}.removed[{i}]", f"no unit or object {gone!r} at setup")
    state = state.without_units(spec.removed).without_objects(spec.removed)
    for i, placed in enumerate(spec.objects):
        loc = _cell(rt, placed.at, f"{ROOT}.objects[{i}].at")
        state = state.with_object(ObjectState(placed.id, placed.kind, loc, placed.fuse))
    return state


def _vehicles(rt: SasRuntime, state: SasState, specs: list[VehiclePosition]) -> SasState:
    for i, spec in enumerate(specs):
        where = f"{ROOT}.vehicles[{i}]"
        if state.op_vehicle(spec.id) is None:
            known = [v.id for v in state.op_vehicles]
            raise ScenarioValueError(f"{where}.id", f"no operator vehicle {spec.id!r} in the mission: {known}")
        changes = _changes(spec, {"at": "anchor"})
        if "anchor" in changes:
            changes["anchor"] = _cell(rt, spec.at, f"{where}.at")
        state = state.with_op_vehicle(spec.id, **changes)
        vehicle = state.op_vehicle(spec.id)
        assert vehicle is not None
        if not all(rt.grid.contains(c) for c in vehicle.cells):
            raise ScenarioValueError(f"{where}.at", f"the {vehicle.kind} token would leave the board")
    return state


def _globals(rt: SasRuntime, state: SasState, spec: SasPosition) -> SasState:
    blasts = tuple(rt.cell(label, f"{ROOT}.blasts[{i}]") for i, label in enumerate(spec.blasts))
    objectives = {o.id for o in rt.mission.objectives}
    for i, objective in enumerate(spec.achieved):
        if objective not in objectives:
            raise ScenarioValueError(f"{ROOT}.achieved[{i}]", f"no objective {objective!r}: {sorted(objectives)}")
    units = {u.id for u in state.units}
    for i, unit_id in enumerate(spec.done):
        if unit_id not in units:
            raise ScenarioValueError(f"{ROOT}.done[{i}]", f"no unit {unit_id!r}")
    return replace(
        state,
        templates=blasts,
        done=frozenset(spec.done),
        patrol_marker=spec.patrol_marker,
        cigarette=spec.cigarette,
        achieved=frozenset(spec.achieved),
        escaped=frozenset(spec.escaped),
    )


def _activation(state: SasState, spec: ActivationPosition) -> SasState:
    where = f"{ROOT}.activation"
    if state.phase != "operator":
        raise ScenarioValueError(f"{where}", "an operator is activated only in the Operator phase (SAS-OP-1)")
    if not any(o.id == spec.operator and o.in_play for o in state.operators):
        raise ScenarioValueError(f"{where}.operator", f"{spec.operator!r} is not an operator in play")
    units = {u.id for u in state.units}
    for name in ("aimed", "alerted"):
        if unknown := [u for u in getattr(spec, name) if u not in units]:
            raise ScenarioValueError(f"{where}.{name}", f"no units {unknown}")
    activation = Activation(
        spec.operator, spec.ap, tuple(spec.aimed), tuple(spec.alerted), tuple(spec.spent), spec.garrote
    )
    return replace(state.with_op(spec.operator, activated=True), activation=activation)


def _deck(rt: SasRuntime, state: SasState, spec: DeckPosition) -> SasState:
    cards = state.deck if spec.cards is None else tuple(spec.cards)
    for name, ids in (("cards", cards), ("discard", spec.discard)):
        if unknown := [c for c in ids if c not in rt.cards]:
            raise ScenarioValueError(f"{ROOT}.deck.{name}", f"cards {unknown} are not in the mission's event deck")
    piles = state.piles if spec.piles is None else tuple(spec.piles)
    if piles and sum(piles) != len(cards):
        raise ScenarioValueError(f"{ROOT}.deck.piles", f"the piles hold {sum(piles)} cards, the deck {len(cards)}")
    return replace(state, deck=cards, discard=tuple(spec.discard), piles=piles, draws=spec.draws)


def _typhoon(rt: SasRuntime, state: SasState, spec: TyphoonPosition) -> SasState:
    if not rt.mission.typhoon:
        raise ScenarioValueError(f"{ROOT}.typhoon", "the mission does not allow the Typhoon (set 'typhoon')")
    fields = spec.model_dump()
    return replace(state, typhoon=TyphoonState(**{**fields, "path": tuple(fields["path"])}))


def _hunter(rt: SasRuntime, state: SasState, spec: HunterPosition) -> SasState:
    where = f"{ROOT}.hunter"
    if state.hunter is None:
        raise ScenarioValueError(where, "the hunter needs Jäger mode (set 'jager')")
    held = [*spec.hand, *spec.discard, *([spec.played] if spec.played else [])]
    deck = tuple(c for c in rt.hunter_cards if c not in held) if spec.deck is None else tuple(spec.deck)
    if unknown := [c for c in (*held, *deck) if c not in rt.hunter_cards]:
        raise ScenarioValueError(where, f"cards {unknown} are not in the hunter deck")
    return state.with_hunter(
        deck=deck,
        hand=tuple(spec.hand),
        discard=tuple(spec.discard),
        played=spec.played,
        stalkers=spec.stalkers,
        ready=spec.ready,
        markers=tuple(_marker(rt, m, f"{where}.markers[{i}]") for i, m in enumerate(spec.markers)),
        hunters=tuple(spec.hunters),
        startled=tuple(spec.startled),
    )


def _marker(rt: SasRuntime, spec: HunterMarkerPosition, where: str) -> HunterMarker:
    loc = rt.cell(spec.at, f"{where}.at")
    other = _cell(rt, spec.other, f"{where}.other")
    return HunterMarker(spec.id, spec.kind, loc, spec.number, other, spec.operator, spec.small)


def _check_references(state: SasState) -> None:
    """Ids an operator or the cigarette refers to name pieces of the position."""
    units, objects = {u.id for u in state.units}, {o.id for o in state.objects}
    for op in state.operators:
        for name, known in (("mark", units), ("talking", units), ("strangling", units), ("carrying", objects)):
            value = getattr(op, name)
            if value is not None and value not in known:
                raise ScenarioValueError(f"{ROOT}.operators", f"{op.id}: {name} {value!r} names no piece on the board")
    if state.cigarette is not None:
        kind, _, ident = state.cigarette.partition(":")
        known = {o.id for o in state.operators} if kind == "op" else units
        if ident not in known:
            raise ScenarioValueError(f"{ROOT}.cigarette", f"no {'operator' if kind == 'op' else 'unit'} {ident!r}")


def _next_free(spec: SasPosition) -> int:
    """A number above every number ending an id the position gives, so ids the rules make later never clash."""
    ids = [*(u.id for u in spec.units), *(o.id for o in spec.objects)]
    numbers = [int(m.group(1)) for i in ids if (m := re.search(r"(\d+)$", i))]
    return max(numbers, default=0) + 1
