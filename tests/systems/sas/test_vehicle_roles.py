"""Axis vehicle roles in the turn (SAS-AVEH-1, SAS-AVEH-9, SAS-AVEH-14, SAS-AVEH-15, SAS-AVEH-16, SAS-AVEH-17,
SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21, SAS-AVEH-22, SAS-AVEH-23, SAS-AVEH-24, OQ-30, OQ-39) and the mission
schema for vehicles, with the rulebook's worked examples: the patrol motorcycle's cycle, the convoy at the truck's 8
squares, the truck's 2-MP turn."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.core.messages import Event
from app.scenario.catalog import open_session, validate_file
from app.systems.sas import SYSTEM
from app.systems.sas.messages import EndPhase, RunAxisStep
from app.systems.sas.mission import ConvoySpec
from app.systems.sas.names import name_of
from app.systems.sas.setup import place_vehicles
from app.systems.sas.state import ObjectState, SasState, UnitState
from app.systems.sas.tables import EventCard
from app.systems.sas.vehicles import motion as vm

from .board import mission, op, runtime, state, unit

CONVOY = Path(__file__).parents[3] / "scenarios" / "sas" / "convoy_ambush.json"


def _axis(st: SasState, **kw: Any) -> tuple[SasState, Sequence[Event]]:
    return SYSTEM.apply(st, RunAxisStep(side="axis", **kw))


def _rules(events: Sequence[Event]) -> list[str]:
    return [e.rule_id for e in events]


# --- the patrol motorcycle (SAS-AVEH-14, SAS-AVEH-15, SAS-AVEH-16)
# ------------------------------------------------------------
EXAMPLE_ROUTE = tuple((x, 2) for x in range(5)) + tuple((4, y) for y in range(3, 7))


def _patrol_example(**kw: Any) -> SasState:
    """A 10 x 7 open board; the route enters across the west edge at A3, bends south at E3, leaves at E7."""
    rt = runtime(["." * 10] * 7)
    rt.routes["m1"] = EXAMPLE_ROUTE
    x, y, facing = vm.entry_key(EXAMPLE_ROUTE, 2)
    bike = unit("m1", "motorcycle", (x, y), facing, role="patrol", line="m1", on_spawn=True)
    ops = kw.pop("ops", [op("jock", (0, 6))])
    return state(rt, ops, [bike, *kw.pop("units", [])], phase="patrol", patrol_marker="black", **kw)


def _black_patrol(st: SasState) -> SasState:
    return replace(st, phase="patrol", patrol_marker="black", done=frozenset(), section="stealth")


def test_sas_aveh_15_motorcycle_example_cycle() -> None:
    """SAS-AVEH-15, the rulebook example: the patrol motorcycle enters, drives 5 squares, turns right and drives the
    remaining 4 (10 MP), ending partly off the map; next black Patrol phase it moves 1 square to leave completely
    and turns round; the following black Patrol phase it re-enters, driving the route the other way."""
    st = _patrol_example()
    after, events = _axis(st)
    moved = [e for e in events if e.kind == "unit_moved"]
    assert len(moved) == 1 and moved[0].rule_id == "SAS-AVEH-14"
    assert moved[0].instruction is not None
    assert "5 square(s) forward, turn right to face south, 4 square(s) forward" in moved[0].instruction.render()
    assert "(10 MP)" in moved[0].text.render()
    bike = after.unit("m1")
    assert bike is not None and bike.facing == "S"
    on_map = [c for c in bike.cells if c in after.rt.map_cells]
    assert len(on_map) == 2  # partly off the map (SAS-AVEH-15)
    assert bike.on_spawn  # its front is off the map: it sees and hears nothing (D-AVEH-4)

    after2, events2 = _axis(_black_patrol(after))
    assert "SAS-AVEH-15" in _rules(events2)
    bike2 = after2.unit("m1")
    assert bike2 is not None and bike2.heading == -1 and bike2.facing == "N" and bike2.on_spawn
    assert vm.wholly_off(after2.rt, "motorcycle", vm.key_of(bike2))
    moved2 = next(e for e in events2 if e.kind == "unit_moved")
    assert "1 square(s) forward" in moved2.text.render()

    after3, events3 = _axis(_black_patrol(after2))
    bike3 = after3.unit("m1")
    assert bike3 is not None and not vm.wholly_off(after3.rt, "motorcycle", vm.key_of(bike3))
    assert any(c in EXAMPLE_ROUTE for c in bike3.cells)  # back on its route, driven the other way
    assert "SAS-AVEH-14" in _rules(events3)


def test_sas_aveh_14_patrol_vehicles_move_only_in_black_patrol_phases() -> None:
    """SAS-AVEH-14: a white patrol marker moves no patrol vehicle."""
    st = replace(_patrol_example(), patrol_marker="white")
    after, events = _axis(st)
    assert after.unit("m1") == st.unit("m1")
    assert "SAS-AVEH-14" not in _rules(events)


def test_sas_aveh_1_patrol_vehicle_moves_before_patrolmen() -> None:
    """SAS-AVEH-1, SAS-PAT-1: on a black marker the patrol vehicle drives first, before any patrolman."""
    rifle = unit("p1", "rifle", (0, 0), "E", role="patrolman", line="l1", colour="black")
    st = _patrol_example(units=[rifle])
    _after, events = _axis(st)
    assert next(e for e in events if e.kind == "unit_moved").rule_id == "SAS-AVEH-14"


def test_sas_aveh_16_patrol_vehicle_stops_on_seeing_an_operator_and_exposes_him() -> None:
    """SAS-AVEH-16: seeing an operator while driving, it stops, flips to alert; he is exposed."""
    st = _patrol_example(ops=[op("jock", (8, 2))])
    after, events = _axis(st)
    bike = after.unit("m1")
    assert bike is not None and bike.alert
    assert after.op("jock").exposed
    assert "SAS-AVEH-16" in _rules(events)
    assert bike.loc[0] < 4  # it stopped before the bend


def test_sas_aveh_16_patrol_vehicle_never_turns_for_noise_but_alerts() -> None:
    """SAS-AVEH-16: hearing an operator it flips to alert, keeping its facing."""
    from app.core.dice import Roller
    from app.systems.sas.axis import alerts
    from app.systems.sas.context import Ctx

    st = _patrol_example()
    bike = st.unit("m1")
    assert bike is not None
    placed = st.with_unit("m1", loc=(3, 3), facing="E", on_spawn=False)
    ctx = Ctx(placed, Roller(placed.dice))
    alerts.noise(ctx, (3, 6), 6, "SAS-NOISE-3")
    heard = ctx.state.unit("m1")
    assert heard is not None and heard.alert and heard.facing == "E"


def test_sas_aveh_15_off_map_vehicles_hear_nothing() -> None:
    """SAS-AVEH-15, SAS-BRD-14: a patrol vehicle waiting off the map is not alerted by noise."""
    from app.core.dice import Roller
    from app.systems.sas.axis import alerts
    from app.systems.sas.context import Ctx

    st = _patrol_example()
    ctx = Ctx(st, Roller(st.dice))
    alerts.noise(ctx, (0, 2), 8, "SAS-NOISE-3")
    waiting = ctx.state.unit("m1")
    assert waiting is not None and not waiting.alert


def test_sas_aveh_16_patrol_vehicles_ignore_patrolman_turn_events() -> None:
    """SAS-AVEH-16: an event turning the black patrolmen does not turn a patrol vehicle."""
    from app.core.dice import Roller
    from app.systems.sas.axis.eventphase import stealth_half
    from app.systems.sas.context import Ctx
    from app.systems.sas.tables import StealthHalf

    st = _patrol_example().with_unit("m1", loc=(3, 3), facing="E", on_spawn=False)
    ctx = Ctx(st, Roller(st.dice))
    stealth_half(ctx, StealthHalf(type="patrolman_turn", colour="black", rotation="cw"))
    assert ctx.state.unit("m1") == st.unit("m1")


# --- convoys (SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21)
# --------------------------------------------------------------------------
def _convoy_mission(tmp_path: Path, **changes: Any) -> Path:
    data = json.loads(CONVOY.read_text("utf-8"))
    data.update(changes)
    path = tmp_path / "convoy.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def _only_convoy(st: SasState) -> SasState:
    """The mission's state with only Jock, far from the woods track, and no other Axis unit."""
    jock = replace(st.operators[0], loc=(2, 17))
    return replace(st, operators=(jock,), units=(), phase="event", piles=())


def _draw_convoy() -> SasState:
    session = open_session(CONVOY, {"sas": SYSTEM}, seed=3)
    st = _only_convoy(session.state)
    after, events = _axis(st, cards=["C1"])
    assert "SAS-AVEH-17" in _rules(events)
    return after


def test_sas_aveh_17_convoy_lines_up_off_the_map_in_formation_when_its_card_is_drawn() -> None:
    """SAS-AVEH-17, the convoy example (A): the special card places the convoy at the map edge in formation order,
    off the map, 2 squares apart; the lead is the scout (blue border, SAS-AVEH-20)."""
    st = _draw_convoy()
    lead, truck, rear = (st.unit(i) for i in ("scout_bike", "supply_truck", "rear_bike"))
    assert lead is not None and truck is not None and rear is not None
    assert lead.role == "scout" and truck.role == "convoy" and rear.role == "convoy"
    assert all(u.on_spawn and u.facing == "S" for u in (lead, truck, rear))
    assert all(vm.wholly_off(st.rt, u.kind, vm.key_of(u)) for u in (lead, truck, rear))
    assert vm.gap(lead.cells, truck.cells) == vm.GAP and vm.gap(truck.cells, rear.cells) == vm.GAP


def _to_advance(st: SasState) -> SasState:
    """Play on to the next Axis Advance phase."""
    while st.phase != "operator":
        st, _ = _axis(st)
    st, _ = SYSTEM.apply(st, EndPhase(side="sas"))
    return st


def test_sas_aveh_18_convoy_moves_at_the_trucks_8_and_keeps_its_gaps() -> None:
    """SAS-AVEH-18, the convoy example (B/C): in each Axis Advance phase the convoy drives its route; the
    motorcycles move only 8 squares, the truck's speed, not their 10; no vehicle ends within 2 squares of another."""
    st = _to_advance(_draw_convoy())
    assert st.phase == "advance"
    before = {u.id: u.loc for u in st.units}
    moves = 0
    while st.phase == "advance":
        st, events = _axis(st)
        moves += sum(1 for e in events if e.kind == "unit_moved" and e.rule_id == "SAS-AVEH-17")
    assert moves == 3
    for uid in ("scout_bike", "supply_truck", "rear_bike"):
        now = st.unit(uid)
        assert now is not None and now.loc == (before[uid][0], before[uid][1] + 8)
    lead, truck, rear = (st.unit(i) for i in ("scout_bike", "supply_truck", "rear_bike"))
    assert lead is not None and truck is not None and rear is not None
    assert vm.gap(lead.cells, truck.cells) >= 3 and vm.gap(truck.cells, rear.cells) >= 3
    assert not lead.on_spawn  # on the map now


def test_sas_aveh_18_a_delayed_vehicle_never_catches_up() -> None:
    """SAS-AVEH-18: a vehicle held back by a unit ending in its way moves no further than the convoy's speed."""
    st = _to_advance(_draw_convoy())
    lead = st.unit("scout_bike")
    assert lead is not None
    blocker = unit("g1", "smg", (lead.loc[0], lead.loc[1] + 8), "N", role="guard")  # where the scout would end
    st = replace(st, units=(*st.units, blocker))
    st, events = _axis(st)
    first = st.unit("scout_bike")
    assert first is not None and first.loc[1] - lead.loc[1] < 8
    assert "SAS-AVEH-17" in _rules(events)


def test_sas_aveh_21_convoy_runs_over_an_operator_on_its_path() -> None:
    """SAS-AVEH-21: an operator on the convoy's path is run over and killed."""
    st = _to_advance(_draw_convoy())
    lead = st.unit("scout_bike")
    assert lead is not None
    victim = replace(st.operators[0], loc=(lead.loc[0], lead.loc[1] + 5))
    st = replace(st, operators=(victim,))
    after, events = _axis(st)
    assert "SAS-AVEH-21" in _rules(events)
    assert after.op("jock").status == "dead"


def test_sas_aveh_19_alert_convoy_vehicles_stay_on_their_route() -> None:
    """SAS-AVEH-19: an alert convoy vehicle keeps driving its route even with an operator exposed."""
    st = _to_advance(_draw_convoy())
    st = st.map_units_where(lambda u: True, alert=True)
    st = st.with_op("jock", exposed=True)
    before = st.unit("supply_truck")
    while st.phase == "advance":
        st, _ = _axis(st)
    truck = st.unit("supply_truck")
    assert before is not None and truck is not None
    assert truck.loc == (before.loc[0], before.loc[1] + 8)


def test_sas_aveh_20_scout_leaves_the_route_after_the_alarm() -> None:
    """SAS-AVEH-20: in the Battle section the scout advances toward the exposed operator instead of driving on."""
    st = _to_advance(_draw_convoy())
    st = replace(st, section="battle").map_units_where(lambda u: True, alert=True).with_op("jock", exposed=True)
    before = st.unit("scout_bike")
    seen: list[tuple[SasState, Event]] = []
    while st.phase == "advance":
        last = st
        st, events = _axis(st)
        seen += [(last, e) for e in events]
    scout_moves = [e for b, e in seen if e.kind == "unit_moved" and "scout_bike" in _names(b, e.text.render())]
    assert [e.rule_id for e in scout_moves] == ["SAS-AVEH-9"]
    truck_moves = [e for b, e in seen if e.kind == "unit_moved" and "supply_truck" in _names(b, e.text.render())]
    assert [e.rule_id for e in truck_moves] == ["SAS-AVEH-17"]  # the rest stay on the route
    scout = st.unit("scout_bike")
    assert before is not None and scout is not None and scout.loc != (before.loc[0], before.loc[1] + 8)


def test_sas_aveh_17_convoy_leaves_the_game_once_off_the_map() -> None:
    """SAS-AVEH-17: the convoy drives its route until it leaves the map; then it is gone."""
    st = _to_advance(_draw_convoy())
    for _ in range(8):
        while st.phase == "advance":
            st, _ = _axis(st)
        if not st.units:
            break
        st = _to_advance(st)
    assert not st.units


def test_sas_aveh_18_convoy_example_second_truck_slows_to_keep_the_gap() -> None:
    """SAS-AVEH-18 / SAS-AVEH-2, the convoy example (D): in the third Advance phase the first truck, 1 MP short of
    the 2 it needs for the turn ahead, stops after 7 squares; the second truck moves only 7 too, to keep a 2-square
    gap. No convoy vehicle ever ends within 2 squares of another, nor moves more than the truck's 8 MP."""
    rt = runtime(["." * 12] * 24)
    rt.cards = {**rt.cards, "C1": EventCard(id="C1", special=True)}
    route = [_label(5, y) for y in range(19)] + [_label(x, 18) for x in range(6, 12)]
    formation = [{"id": "bike", "kind": "motorcycle"}, {"id": "t1", "kind": "truck"}, {"id": "t2", "kind": "truck"}]
    spec = ConvoySpec.model_validate({"id": "c", "card": "C1", "edge": "N", "route": route, "formation": formation})
    rt.mission = mission().model_copy(update={"event_window": (0, 1), "convoys": [spec]})
    place_vehicles(rt)
    st = state(rt, [op("jock", (0, 23))], list(rt.arrivals["C1"]))
    moved: list[dict[str, int]] = []
    slowed: list[list[list[str]]] = []
    for _phase in range(3):
        st = replace(st, phase="advance", done=frozenset())
        mp: dict[str, int] = {}
        slow: list[str] = []
        while st.phase == "advance":
            last = st
            st, events = _axis(st)
            for e in events:
                if e.rule_id == "SAS-AVEH-17" and e.kind == "unit_moved":
                    (uid,) = _names(last, e.text.render())
                    mp[uid] = int(e.text.render().split(" MP)")[0].rsplit("(", 1)[1])
                slow += [_names(last, e.text.render()) for e in events if e.rule_id == "SAS-AVEH-18"]
        units = st.units
        assert all(vm.gap(a.cells, b.cells) >= vm.GAP for a in units for b in units if a.id < b.id)
        moved.append(mp)
        slowed.append(slow)
    assert moved[0] == moved[1] == {"bike": 8, "t1": 8, "t2": 8}
    assert moved[2]["t1"] == 7 and moved[2]["t2"] == 7
    assert slowed[2] and "t2" in slowed[2][0]


def _names(before: SasState, text: str) -> list[str]:
    """The units an event's text names, as they stood before it: a counter is named by what is printed on it and
    its square, never by its id."""
    return [
        u.id for u in before.units if re.search(re.escape(name_of(before, u.id).render()) + r"(?![0-9A-Za-z])", text)
    ]


def _label(x: int, y: int) -> str:
    return "ABCDEFGHIJKL"[x] + str(y + 1)


# --- guard, assault, spawned (SAS-AVEH-22, SAS-AVEH-23, SAS-AVEH-24)
# -----------------------------------------------------------
def test_sas_aveh_23_guard_vehicle_stays_put_when_alert_until_it_sees_an_exposed_operator() -> None:
    """SAS-AVEH-23, OQ-30: an alert guard vehicle keeps its square and facing while the exposed operator is out of
    its sight; once it sees him it acts as an alert vehicle and advances. (A motorcycle: front sight only; a
    half-track would see him behind it through its rear arc, SAS-UNIT-10.)"""
    rt = runtime(["." * 12] * 12)
    guard = unit("h1", "motorcycle", (5, 5), "N", role="guard", alert=True)
    behind = op("jock", (5, 11), exposed=True)  # behind it
    st = state(rt, [behind], [guard], phase="advance", section="battle")
    after, _ = _axis(st)
    assert after.unit("h1") == guard
    ahead = op("jock", (5, 0), exposed=True)  # in front, 5 squares: not at short range (4)
    assert guard.loc[1] - ahead.loc[1] == 5
    st = state(rt, [ahead], [guard], phase="advance", section="battle")
    after, events = _axis(st)
    moved = after.unit("h1")
    assert moved is not None and moved.mode == "released" and moved.loc != guard.loc
    assert "SAS-AVEH-23" in _rules(events) and "SAS-AVEH-9" in _rules(events)


def test_sas_aveh_24_assault_vehicle_waits_until_the_alarm_then_enters() -> None:
    """SAS-AVEH-24: an assault vehicle waits off the map edge; alert after the alarm it enters in the Advance phase."""
    rt = runtime(["." * 12] * 12)
    x, y, facing = vm.entry_key(((11, 6), (10, 6)), 2)
    bike = unit("a1", "motorcycle", (x, y), facing, role="assault", on_spawn=True)
    jock = op("jock", (2, 6), exposed=True)
    st = state(rt, [jock], [bike], phase="advance")
    after, _ = _axis(st)
    assert after.unit("a1") == bike  # Stealth, not alert: nothing
    st = state(rt, [jock], [replace(bike, alert=True)], phase="advance", section="battle")
    after, events = _axis(st)
    entered = after.unit("a1")
    assert entered is not None and not vm.wholly_off(rt, "motorcycle", vm.key_of(entered))
    assert "SAS-AVEH-9" in _rules(events)


def test_sas_aveh_22_spawned_vehicle_enters_from_its_spawn_tile_after_the_alarm() -> None:
    """SAS-AVEH-22: a vehicle on a spawn tile does nothing before the alarm; in the Battle section it drives onto
    the map in the Advance phase."""
    rows = ["." * 12] * 12
    rt = runtime(rows)
    rt.map_cells = frozenset(c for c in rt.map_cells if c[1] >= 2)  # rows 1-2 are a spawn tile
    rt.spawn_cells = frozenset(c for c in rt.grid.locations() if c[1] < 2)
    bike = unit("s1", "motorcycle", (4, 1), "S", role="spawned", on_spawn=True)
    jock = op("jock", (5, 10), exposed=True)
    st = state(rt, [jock], [replace(bike, alert=True)], phase="advance")
    after, _ = _axis(st)
    assert after.unit("s1") == replace(bike, alert=True)
    st = state(rt, [jock], [replace(bike, alert=True)], phase="advance", section="battle")
    after, _ = _axis(st)
    entered = after.unit("s1")
    assert entered is not None and not entered.on_spawn


def test_sas_aveh_22_special_card_brings_a_spawned_vehicle_alert_after_the_alarm() -> None:
    """SAS-AVEH-22, D-AVEH-16, D-AVEH-17: a special card places its vehicle on the spawn tile; drawn in the Battle
    section, the vehicle arrives alert."""
    rt = runtime(["." * 12] * 12)
    rt.cards = {**rt.cards, "C1": EventCard(id="C1", special=True)}
    rt.arrivals["C1"] = (unit("s1", "kubelwagen", (4, 1), "S", role="spawned", on_spawn=True),)
    st = state(rt, [op("jock", (5, 10), exposed=True)], [], phase="event", section="battle", deck=("C1",))
    after, events = _axis(st, cards=["C1"])
    car = after.unit("s1")
    assert car is not None and car.alert and car.loc == (4, 1)
    placed = next(e for e in events if e.rule_id == "SAS-AVEH-22")
    assert placed.instruction is not None and "front-left square on E2" in placed.instruction.render()


def test_sas_aveh_9_vehicles_advance_before_infantry_nearest_first() -> None:
    """SAS-AVEH-9, SAS-ADVB-5: alert vehicles move first, the one nearest the exposed operator first."""
    rt = runtime(["." * 14] * 14)
    near = unit("v_near", "motorcycle", (4, 6), "N", role="patrol", alert=True)
    far = unit("v_far", "motorcycle", (10, 12), "N", role="patrol", alert=True)
    rifle = unit("r1", "smg", (5, 1), "S", role="guard", alert=True)
    jock = op("jock", (4, 0), exposed=True)
    st = state(rt, [jock], [far, rifle, near], phase="advance", section="battle")
    order = []
    while st.phase == "advance":
        last = st
        st, events = _axis(st)
        order += [_names(last, e.text.render()) for e in events if e.kind in ("unit_moved", "vehicle_stays")]
    assert "v_near" in order[0] and "v_far" in order[1]


# --- landmines (OQ-39, SAS-AVEH-12) ----------------------------------------------------------------------
def test_oq_39_a_landmine_under_a_patrol_vehicle_damages_it() -> None:
    """OQ-39, SAS-AVEH-12: a mine on the route goes off under the vehicle; each success is a damage marker, and
    at its HP the vehicle is destroyed and removed."""
    mine = ObjectState("mine1", "landmine", (2, 2))
    st = replace(_patrol_example(), objects=(mine,))
    after, events = _axis(st, dice=(6, 6, 1, 1))
    bike = after.unit("m1")
    assert bike is not None and bike.damage == 2
    assert "SAS-EQ-8" in _rules(events) and any(e.kind == "vehicle_damaged" for e in events)
    after, events = _axis(st, dice=(6, 6, 6, 6))
    assert after.unit("m1") is None and any(e.kind == "vehicle_destroyed" for e in events)


# --- the mission file (SAS-BRD-10) ------------------------------------------------------------------------
def test_convoy_mission_places_its_vehicles() -> None:
    """SAS-BRD-10: the patrol motorcycle waits off the west edge, the guard half-track stands in the depot, the
    assault motorcycle waits off the east edge; the convoy waits for its card."""
    session = open_session(CONVOY, {"sas": SYSTEM})
    st = session.state
    patrol, guard, assault = (st.unit(i) for i in ("patrol_bike", "depot_halftrack", "assault_bike"))
    assert patrol is not None and patrol.on_spawn and patrol.facing == "E"
    assert guard is not None and not guard.on_spawn and guard.role == "guard" and guard.facing == "W"
    assert assault is not None and assault.on_spawn and assault.facing == "W"
    assert st.unit("supply_truck") is None and "C1" in st.rt.arrivals


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d["vehicles"][0]["route"].__setitem__(3, "Q9"), "$.vehicles[0].route[3]", "next to"),
        (lambda d: d["vehicles"][0]["route"].pop(0), "$.vehicles[0].route[0]", "map-edge"),
        (lambda d: d["convoys"][0].__setitem__("card", "E01"), "$.convoys[0].card", "special"),
        (lambda d: d["convoys"][0].__setitem__("edge", "W"), "$.convoys[0].edge", "W edge"),
        (lambda d: d.pop("event_window"), "$.convoys[0].card", "event window"),
        (lambda d: d["vehicles"][1].__setitem__("at", "Z18"), "$.vehicles[1].at", "fit"),
        (lambda d: d["vehicles"][2].__setitem__("at", "M10"), "$.vehicles[2].at", "edge"),
    ],
)
def test_vehicle_placement_errors_name_the_field(tmp_path: Path, change: Any, path: str, words: str) -> None:
    """Mission errors about vehicles name the JSON field (SAS-BRD-10)."""
    data = json.loads(CONVOY.read_text("utf-8"))
    change(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), "utf-8")
    error = validate_file(bad, {"sas": SYSTEM})
    assert error is not None
    assert [p.path for p in error.problems] == [path]
    assert words in error.problems[0].message


@pytest.mark.parametrize(
    ("vehicle", "words"),
    [
        ({"id": "x", "kind": "tank", "role": "guard", "at": "E5", "facing": "N"}, "unknown vehicle type"),
        ({"id": "x", "kind": "truck", "role": "guard", "at": "E5"}, "needs 'facing'"),
        ({"id": "x", "kind": "truck", "role": "guard", "at": "E5", "facing": "N", "route": ["A1", "A2"]}, "route"),
    ],
)
def test_vehicle_schema_errors(tmp_path: Path, vehicle: dict[str, Any], words: str) -> None:
    """The vehicle model refuses unknown types and missing or unused fields, naming them."""
    data = json.loads(CONVOY.read_text("utf-8"))
    data["vehicles"].append(vehicle)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), "utf-8")
    error = validate_file(bad, {"sas": SYSTEM})
    assert error is not None
    assert any(p.path.startswith("$.vehicles[3]") and words in p.message for p in error.problems)


def test_units_passing_vehicles_are_counted_on_every_square() -> None:
    """SAS-BRD-2 / SAS-AVEH-4: a vehicle's whole token is occupied (nobody ends on any of its squares)."""
    bike = unit("m1", "motorcycle", (3, 3), "N", role="guard")
    st = state(runtime(["." * 6] * 6), [], [bike])
    assert {st.unit_at(c) for c in ((3, 3), (4, 3), (3, 4), (4, 4))} == {bike}
    assert isinstance(bike, UnitState) and bike.is_vehicle


def test_sas_aveh_4_patrolman_passes_a_vehicle_but_never_ends_on_its_token() -> None:
    """SAS-AVEH-4 (infantry passing vehicles follow the same rule): the white patrolman walks 4 squares east along
    row 5 into a parked half-track lying across the line; he may walk through it only to an empty square, so he
    stops on the last empty square before the token."""
    from app.systems.sas.mission import PatrolLine

    path = tuple((x, 5) for x in range(12))
    rt = runtime(["." * 12] * 12, lines={"w": PatrolLine("w", "white", path, ((path[0], "E"),), False)})
    truck = unit("h1", "halftrack", (4, 4), "E", role="guard")  # facing east, 4 long: columns 1..4, rows 4..5
    assert (3, 5) in truck.cells and (4, 5) in truck.cells and (1, 5) in truck.cells
    walker = unit("wp", "rifle", (0, 5), "E", role="patrolman", colour="white", line="w")
    st = state(rt, [op("jock", (0, 11))], [walker, truck], phase="patrol", patrol_marker="white")
    after, _ = _axis(st)
    moved = after.unit("wp")
    assert moved is not None and moved.loc not in truck.cells
    assert moved.loc == (0, 5)
