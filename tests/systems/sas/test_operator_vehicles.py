"""Operator vehicles (SAS-OVEH-1, SAS-OVEH-2, SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-8,
SAS-OVEH-9, SAS-OVEH-10, SAS-OVEH-11, SAS-OVEH-12, SAS-OVEH-13, SAS-SUP-5) with explicit dice, starting with the
rulebook's worked example."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.core.errors import IllegalCommandError
from app.scenario.catalog import load_scenario, open_session
from app.systems.sas import SYSTEM
from app.systems.sas.messages import (
    Deploy,
    EndActivation,
    EndPhase,
    FootDown,
    Move,
    Repair,
    RunAxisStep,
    Sprint,
    VehicleAttack,
    VehicleMark,
    VehicleMove,
)
from app.systems.sas.mission import OperatorVehiclePlacement, SasMission
from app.systems.sas.state import OperatorState, OperatorVehicleState
from app.systems.sas.vehicles import ovehicle

from .board import activate, op, runtime, state, unit, with_defaults

OPEN = ["." * 14] * 14


def _apply(st, cmd, dice=()):
    return with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, None)))


def _willys(anchor=(2, 9), facing="N", **kw):
    return OperatorVehicleState("willys", "willys", anchor, facing, ap=2, **kw)


def _end(st, steps):
    legs = ovehicle.plan(st, st.op_vehicle("willys"), steps, 4)
    return None if isinstance(legs, str) else legs[-1].key


def _example():
    """The Willys (driver Jock, front gunner Paddy) south-west of three alert SMG infantry, in the Battle section."""
    rt = runtime(OPEN)
    crew = [op("jock", None, aboard="willys", seat="driver"), op("paddy", None, aboard="willys", seat="front_gunner")]
    smgs = [unit(u, "smg", loc, "W", alert=True) for u, loc in (("middle", (10, 9)), ("a", (10, 10)), ("b", (11, 8)))]
    return state(rt, crew, smgs, section="battle", op_vehicles=(_willys(),))


def test_sas_oveh_worked_example_move_attack_sweep_reaction_foot_down():
    """SAS-OVEH-3, SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-10 worked example: Move & Attack (1 AP): forward turn
    right (1 MP) then 3 squares (3 MP); the twin Vickers roll 4 dice at 4+ against the middle SMG at short range with
    the two SMG next to it in LOS: 3, 4, 2, 1 +1 = 4, 5, 3, 2, two successes kill two of them (sweep). The surviving
    alert SMG, in whose LOS the Willys is, reacts: 2D6 4, 3 +1 short range = 5, 4, two hits: the Willys loses 2 HP. The
    second and last action, Foot down!, drives 5 squares straight ahead and runs over the last SMG."""
    st = _example()
    steps = ("turn_right", "forward", "forward", "forward")
    attack = VehicleAttack(side="sas", vehicle="willys", target="middle", weapon="vickers_k", steps=steps)
    offered = [c for c in SYSTEM.legal_commands(st, "sas") if isinstance(c, VehicleAttack) and c.target == "middle"]
    assert any(c.move_first and _end(st, c.steps) == (7, 8, "E") for c in offered)
    st, events = _apply(st, attack, dice=(3, 4, 2, 1, 4, 3))
    willys = st.op_vehicle("willys")
    assert willys is not None and (willys.anchor, willys.facing, willys.ap) == ((7, 8), "E", 1)
    shot = next(e.ruling for e in events if e.kind == "attack")
    assert [d.natural for d in shot.dice] == [3, 4, 2, 1] and [d.modified for d in shot.dice] == [4, 5, 3, 2]
    assert shot.target == 4 and [m.rule_id for m in shot.modifiers] == ["SAS-ATK-2"]
    assert st.unit("middle") is None and st.unit("a") is None and st.unit("b") is not None
    reaction = next(e.ruling for e in events if e.kind == "reaction_attack")
    assert [d.modified for d in reaction.dice] == [5, 4] and [m.value for m in reaction.modifiers] == [1]
    assert willys.damage == 2
    st, events = _apply(st, FootDown(side="sas", vehicle="willys", squares=5))
    willys = st.op_vehicle("willys")
    assert willys is not None and willys.anchor == (12, 8) and willys.ap == 0
    assert st.unit("b") is None and any(e.kind == "run_over" and e.rule_id == "SAS-OVEH-7" for e in events)
    assert any(o.kind == "corpse" and o.loc == (11, 8) for o in st.objects)


def _st(rows=OPEN, ops=(), units=(), vehicles=None, edges=(), **kw):
    rt = runtime(rows, edges=list(edges))
    return state(rt, list(ops), list(units), op_vehicles=tuple(vehicles or (_willys(),)), **kw)


def _crew(*seats):
    names = ("jock", "paddy", "david", "johnny")
    return [op(n, None, aboard="willys", seat=s) for n, s in zip(names, seats, strict=False)]


def _legal(st):
    return SYSTEM.legal_commands(st, "sas")


def test_sas_oveh_1_boarding_by_move_takes_a_free_seat():
    """SAS-OVEH-1: an operator boards by moving into a square of the vehicle with a free seat; his token goes to
    the sheet (no square); the first free seat by default, or the one he names."""
    st = activate(_st(ops=[op("jock", (3, 9))]), "jock")
    offered = {(c.to, c.seat) for c in _legal(st) if isinstance(c, Move) and c.to in ((2, 9), (2, 10))}
    assert ((2, 9), "driver") in offered and ((2, 10), "rear_gunner") in offered
    after, events = _apply(st, Move(side="sas", operator="jock", to=(2, 9)))
    jock = after.op("jock")
    assert (jock.loc, jock.aboard, jock.seat) == (None, "willys", "driver") and after.activation is None
    assert any(e.kind == "boarded" and e.instruction is not None for e in events)
    st2 = activate(_st(ops=[op("jock", (3, 9))]), "jock")
    after, _ = _apply(st2, Move(side="sas", operator="jock", to=(2, 10), seat="front_gunner"))
    assert after.op("jock").seat == "front_gunner"


def test_sas_oveh_1_no_free_seat_refused_and_sprint_boards():
    """SAS-OVEH-1: a Sprint whose last square is the vehicle's boards it; with every seat taken (the support
    Willys' own driver and gunner, two passengers) boarding is refused and not offered (SAS-SUP-5)."""
    st = activate(_st(ops=[*_crew("driver", "front_gunner", "rear_gunner"), op("johnny", (3, 9))]), "johnny")
    after, _ = _apply(st, Sprint(side="sas", operator="johnny", path=((4, 9), (3, 10), (2, 10)), seat="passenger"))
    assert after.op("johnny").seat == "passenger" and after.op("johnny").loc is None
    support = OperatorVehicleState("willys", "support_willys", (2, 9), "N", ap=2)
    riders = [
        op("jock", None, aboard="willys", seat="passenger_1"),
        op("paddy", None, aboard="willys", seat="passenger_2"),
    ]
    st = activate(_st(ops=[*riders, op("david", (3, 9))], vehicles=[support]), "david")
    assert not any(isinstance(c, Move | Sprint) and c.seat for c in _legal(st))
    with pytest.raises(IllegalCommandError, match="free seat"):
        _apply(st, Move(side="sas", operator="david", to=(2, 9)))


def test_sas_oveh_2_vehicles_act_first_with_two_actions():
    """SAS-OVEH-2 / OQ-43: the vehicle acts before any operator is activated, 2 actions per turn; once an operator
    is activated it can no longer act; its actions come back in the next Operator phase."""
    st = _st(ops=[*_crew("driver"), op("paddy", (8, 8))])
    assert any(isinstance(c, VehicleMove) for c in _legal(st))
    st, _ = _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    st, _ = _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    assert st.op_vehicle("willys").ap == 0 and not any(isinstance(c, VehicleMove) for c in _legal(st))
    st = _st(ops=[*_crew("driver"), op("paddy", (8, 8))])
    st = activate(st, "paddy")
    st, _ = _apply(st, EndActivation(side="sas"))
    with pytest.raises(IllegalCommandError, match="before any operator"):
        _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    after, _ = _apply(replace(st, phase="end", done=frozenset({"phase"})), RunAxisStep(side="axis"))
    assert after.phase == "operator" and after.op_vehicle("willys").ap == 2


def test_sas_oveh_3_move_needs_a_driver_and_4_mp():
    """SAS-OVEH-3: Move needs an operator in the driver seat; 4 MP, 1 per forward step or turn, 2 in reverse;
    forest costs 2 to enter (SAS-AVEH-3)."""
    st = _st(ops=_crew("front_gunner"))
    with pytest.raises(IllegalCommandError, match="driver"):
        _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    st = _st(ops=_crew("driver"))
    with pytest.raises(IllegalCommandError, match="5 MP"):
        _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("reverse", "reverse", "forward")))
    after, _ = _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("reverse", "reverse")))
    assert after.op_vehicle("willys").anchor == (2, 11)
    forest = ["." * 14] * 7 + ["..T..........."] + ["." * 14] * 6
    st = _st(rows=forest, ops=_crew("driver"))
    with pytest.raises(IllegalCommandError, match="5 MP"):
        _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward", "forward", "forward", "forward")))


def test_sas_oveh_4_foot_down_straight_onto_regular_squares():
    """SAS-OVEH-4 / OQ-44: Foot down! goes up to 5 squares straight ahead, only onto regular squares: it ends
    before a forest; only the Willys has it."""
    forest = ["..T..........."] + ["." * 14] * 13
    st = _st(rows=forest, ops=_crew("driver"))
    offered = sorted(c.squares for c in _legal(st) if isinstance(c, FootDown))
    assert offered == [1, 2, 3, 4, 5, 6, 7][: len(offered)] and max(offered) == 5
    st = _st(rows=["." * 14] * 4 + ["..T..........."] + ["." * 14] * 9, ops=_crew("driver"))
    assert max(c.squares for c in _legal(st) if isinstance(c, FootDown)) == 4
    with pytest.raises(IllegalCommandError):
        _apply(st, FootDown(side="sas", vehicle="willys", squares=5))
    truck = OperatorVehicleState("truck", "truck", (4, 4), "N", ap=2)
    st = _st(ops=[op("jock", None, aboard="truck", seat="driver")], vehicles=[truck])
    with pytest.raises(IllegalCommandError, match="Willys"):
        _apply(st, FootDown(side="sas", vehicle="truck", squares=1))


def test_sas_oveh_5_one_roll_whichever_gunners_and_needs_a_gunner():
    """SAS-OVEH-5: with both gunner seats occupied the Willys still makes one roll of its 4 dice; without a gunner
    it cannot attack. The ruling lists the target number 4 and the short-range +1."""
    target = unit("r", "rifle", (2, 5), "S", alert=False)
    st = _st(ops=_crew("driver"), units=[target])
    with pytest.raises(IllegalCommandError, match="gunner"):
        _apply(st, VehicleAttack(side="sas", vehicle="willys", target="r"))
    st = _st(ops=_crew("driver", "front_gunner", "rear_gunner"), units=[target])
    after, events = _apply(st, VehicleAttack(side="sas", vehicle="willys", target="r"), dice=(1, 1, 1, 3))
    shots = [e.ruling for e in events if e.kind == "attack"]
    assert len(shots) == 1 and len(shots[0].dice) == 4 and after.unit("r") is None


def test_sas_oveh_5_gunner_arcs_and_vehicle_los():
    """SAS-OVEH-5 / SAS-AVEH-7: the front gunner fires into the front 90° arc only; a unit beside the jeep is out of
    it. Another Axis unit on the line blocks it (SAS-LOS-1)."""
    beside = unit("s", "rifle", (4, 9), "W")
    st = _st(ops=_crew("driver", "front_gunner"), units=[beside])
    assert not any(isinstance(c, VehicleAttack) and not c.steps for c in _legal(st))
    st = _st(
        ops=_crew("driver", "front_gunner"), units=[unit("far", "rifle", (2, 3), "S"), unit("n", "rifle", (2, 6), "S")]
    )
    with pytest.raises(IllegalCommandError, match=r"blocks|unit"):
        _apply(st, VehicleAttack(side="sas", vehicle="willys", target="far"))


def test_sas_oveh_5_marked_attack_by_a_vehicle_gets_no_plus_2():
    """SAS-OVEH-5 / SAS-MARK-2: the gunners mark a unit; the marked attack is made in the Axis Advance phase with
    the vehicle's dice and no +2; Mark ends the vehicle's actions."""
    st = _st(ops=_crew("driver", "front_gunner"), units=[unit("r", "rifle", (2, 3), "S")])
    st, events = _apply(st, VehicleMark(side="sas", vehicle="willys", target="r"))
    assert st.op_vehicle("willys").mark == "r" and st.op_vehicle("willys").ap == 0
    st, _ = _apply(st, EndPhase(side="sas"))
    st, events = _apply(replace(st, phase="advance"), RunAxisStep(side="axis"), dice=(3, 3, 3, 3))
    shot = next(e.ruling for e in events if e.kind == "attack")
    assert [m.rule_id for m in shot.modifiers] == [] and st.unit("r") is not None
    assert st.op_vehicle("willys").mark is None


def test_sas_sup_5_support_willys_cannot_mark():
    """SAS-SUP-5: the support Willys works like the Willys but has no Mark."""
    support = OperatorVehicleState("willys", "support_willys", (2, 9), "N", ap=2)
    st = _st(units=[unit("r", "rifle", (2, 3), "S")], vehicles=[support])
    assert not any(isinstance(c, VehicleMark) for c in _legal(st))
    assert any(isinstance(c, VehicleAttack) for c in _legal(st))
    with pytest.raises(IllegalCommandError, match="Mark"):
        _apply(st, VehicleMark(side="sas", vehicle="willys", target="r"))


def test_sas_oveh_8_vickers_through_a_building_wall_minus_2():
    """SAS-OVEH-8: the twin Vickers attack a unit inside a building through its wall, −2 (like Axis HMGs)."""
    rows = ["." * 14] * 3 + ["..B..........."] + ["." * 14] * 10
    st = _st(
        rows=rows,
        ops=_crew("driver", "front_gunner"),
        units=[unit("in", "rifle", (2, 3), "S")],
        edges=[((2, 3), "S", "building_wall")],
    )
    after, events = _apply(st, VehicleAttack(side="sas", vehicle="willys", target="in"), dice=(6, 1, 1, 1))
    shot = next(e.ruling for e in events if e.kind == "attack")
    assert sorted(m.value for m in shot.modifiers) == [-2] and next(d.modified for d in shot.dice) == 4
    assert after.unit("in") is None


def test_sas_oveh_7_sweep_only_adjacent_units_in_los():
    """SAS-OVEH-7 / SAS-EQ-2: extra successes go to units next to the first target (not farther ones)."""
    units = [unit("t", "rifle", (2, 4), "S"), unit("adj", "rifle", (3, 4), "S"), unit("far", "rifle", (5, 4), "S")]
    st = _st(ops=_crew("driver", "front_gunner"), units=units)
    after, _ = _apply(st, VehicleAttack(side="sas", vehicle="willys", target="t"), dice=(6, 6, 6, 6))
    assert after.unit("t") is None and after.unit("adj") is None and after.unit("far") is not None


def test_sas_oveh_9_deploy_then_full_ap_and_seat_change():
    """SAS-OVEH-9: Deploy (1 AP) puts an operator next to the vehicle; he is then activated with his full 4 AP
    this turn. Deploy also changes a crew member's seat."""
    st = _st(ops=_crew("driver", "front_gunner"))
    st, _ = _apply(st, Deploy(side="sas", vehicle="willys", operator="paddy", seat="rear_gunner"))
    assert st.op("paddy").seat == "rear_gunner" and st.op_vehicle("willys").ap == 1
    st, events = _apply(st, Deploy(side="sas", vehicle="willys", operator="paddy", to=(3, 9)))
    assert st.op("paddy").loc == (3, 9) and st.op("paddy").aboard is None
    assert any(e.kind == "deployed" and e.instruction for e in events)
    st = activate(st, "paddy")
    assert st.activation.ap == 4


def test_sas_setup_8_crew_stays_aboard_until_the_willys_enters():
    """SAS-SETUP-8: before it enters the map the Willys' crew stays on its sheet; it enters with a Move."""
    rt = runtime(OPEN)
    rt.map_cells = frozenset(c for c in rt.map_cells if c[1] < 12)
    waiting = _willys(anchor=(2, 12), entered=False)
    st = state(rt, _crew("driver", "front_gunner"), [], op_vehicles=(waiting,))
    assert not any(isinstance(c, Deploy) and c.to for c in _legal(st))
    with pytest.raises(IllegalCommandError, match="enters"):
        _apply(st, Deploy(side="sas", vehicle="willys", operator="paddy", to=(3, 12)))
    st, events = _apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    assert st.op_vehicle("willys").entered and any(e.kind == "vehicle_entered" for e in events)


def test_sas_oveh_9_repair_up_to_the_repair_box():
    """SAS-OVEH-9: Repair (2 AP, someone aboard) gives +1 HP, never above the HP box with the repair symbol."""
    st = _st(ops=_crew("passenger"), vehicles=[_willys(damage=3)])
    st, _ = _apply(st, Repair(side="sas", vehicle="willys"))
    assert st.op_vehicle("willys").damage == 2 and st.op_vehicle("willys").ap == 0
    st = _st(ops=_crew("passenger"), vehicles=[_willys(damage=2)])
    assert not any(isinstance(c, Repair) for c in _legal(st))
    with pytest.raises(IllegalCommandError, match="above 3 HP"):
        _apply(st, Repair(side="sas", vehicle="willys"))


def _end_phase(st):
    return SYSTEM.apply(replace(st, phase="end", done=frozenset()), RunAxisStep(side="axis"))


def test_sas_oveh_10_willys_on_the_map_advances_the_meter_in_the_end_phase():
    """SAS-OVEH-10 / SAS-END-1: a Willys on the map in the Stealth End phase advances the meter by 1 (at most +1
    with the other sources); a truck does not; a Willys still waiting to enter does not."""
    st, _ = _end_phase(_st(ops=_crew("driver"), meter=5))
    assert st.meter == 4
    truck = OperatorVehicleState("truck", "truck", (4, 4), "N")
    st, _ = _end_phase(_st(ops=[op("jock", (9, 9))], vehicles=[truck], meter=5))
    assert st.meter == 5
    st, _ = _end_phase(_st(ops=[op("jock", (9, 9))], vehicles=[_willys(entered=False)], meter=5))
    assert st.meter == 5
    st, _ = _end_phase(
        _st(ops=[op("jock", (9, 9), exposed=True)], units=[unit("a", "rifle", (0, 0), "N", alert=True)], meter=5)
    )
    assert st.meter == 4


def test_sas_oveh_10_alarm_exposes_everyone_in_the_willys():
    """SAS-OVEH-10: when the alarm sounds, every operator in the Willys is exposed (here the Willys' own End-phase
    meter step sounds it: only its crew is exposed)."""
    st, _events = _end_phase(
        _st(
            ops=[*_crew("driver", "front_gunner"), op("david", (12, 12))],
            meter=1,
            units=[unit("a", "rifle", (0, 0), "N")],
        )
    )
    assert st.section == "battle"
    assert st.op("jock").exposed and st.op("paddy").exposed and not st.op("david").exposed


def test_sas_oveh_10_boarding_in_battle_exposes():
    """SAS-OVEH-10: an operator who boards the Willys during the Battle section is exposed at once."""
    st = activate(_st(ops=[op("jock", (3, 9)), op("paddy", (12, 12), exposed=True)], section="battle"), "jock")
    after, _ = _apply(st, Move(side="sas", operator="jock", to=(2, 9)))
    assert after.op("jock").exposed


def test_sas_oveh_10_engine_noise_alerts_units_in_range():
    """SAS-OVEH-10 / SAS-NOISE-7: after it drives, units within its noise range (proposed 4) turn toward it and
    flip to alert; farther ones do not; the rowing boat is silent (SAS-OVEH-13)."""
    near, far = unit("near", "rifle", (6, 8), "E"), unit("far", "rifle", (10, 2), "E")
    st, _ = _apply(
        _st(ops=_crew("driver"), units=[near, far]), VehicleMove(side="sas", vehicle="willys", steps=("forward",))
    )
    assert st.unit("near").alert and st.unit("near").facing == "W" and not st.unit("far").alert
    water = ["~" * 14] * 14
    boat = OperatorVehicleState("boat", "rowing_boat", (2, 9), "N", ap=2)
    rower = op("jock", None, aboard="boat", seat="driver")
    st = _st(rows=water, ops=[rower], units=[unit("n", "rifle", (4, 8), "E")], vehicles=[boat])
    st, _ = _apply(st, VehicleMove(side="sas", vehicle="boat", steps=("forward",)))
    assert st.op_vehicle("boat").anchor == (2, 8) and not st.unit("n").alert


def test_sas_oveh_10_no_cover_modifier_and_only_when_occupied():
    """SAS-OVEH-10 / OQ-45: Axis attacks on a vehicle ignore cover (a low wall gives no −2) but keep short range
    +1; an empty vehicle is never attacked; at 0 HP it is destroyed and everyone aboard dies."""
    walled = [((2, 8), "N", "low_wall")]
    shooter = unit("s", "smg", (2, 6), "S", alert=True)
    st = _st(
        ops=[*_crew("driver"), op("paddy", (12, 12))],
        units=[shooter],
        edges=walled,
        section="battle",
        vehicles=[_willys(damage=3)],
    )
    st = st.with_op("jock", exposed=True)
    st = replace(st, phase="attack")
    after, events = SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input((4, 6), None))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert [m.value for m in ruling.modifiers] == [1]
    assert after.op_vehicle("willys") is None and after.op("jock").status == "dead"
    assert any(e.kind == "vehicle_destroyed" for e in events)
    empty = _st(ops=[op("paddy", (12, 12), exposed=True)], units=[shooter], section="battle")
    assert not any(
        e.kind == "axis_attack" for e in SYSTEM.apply(replace(empty, phase="attack"), RunAxisStep(side="axis"))[1]
    )


def test_sas_sup_5_support_willys_always_exposed_is_attacked_and_passengers_only_deploy():
    """SAS-SUP-5: the support Willys always counts as exposed: alert units attack it in the Attack phase even with no
    exposed operator; only its passengers may Deploy (its own driver and gunner never leave)."""
    support = OperatorVehicleState("willys", "support_willys", (2, 9), "N", ap=2)
    rider = op("jock", None, aboard="willys", seat="passenger_1")
    st = _st(ops=[rider], units=[unit("s", "smg", (2, 6), "S", alert=True)], vehicles=[support], section="battle")
    deploys = [c for c in _legal(st) if isinstance(c, Deploy)]
    assert deploys and all(c.operator == "jock" for c in deploys)
    assert {c.seat for c in deploys if c.seat} == {"passenger_2"}
    after, _events = SYSTEM.apply(replace(st, phase="attack"), RunAxisStep(side="axis").with_table_input((5, 5), None))
    assert after.op_vehicle("willys").damage == 2


def test_sas_oveh_12_truck_turns_for_2_mp():
    """SAS-OVEH-12: the truck turns for 2 MP (like Axis trucks)."""
    truck = OperatorVehicleState("truck", "truck", (4, 6), "N", ap=2)
    st = _st(ops=[op("jock", None, aboard="truck", seat="driver")], vehicles=[truck])
    with pytest.raises(IllegalCommandError, match="5 MP"):
        _apply(st, VehicleMove(side="sas", vehicle="truck", steps=("turn_right", "turn_left", "forward")))
    after, _ = _apply(st, VehicleMove(side="sas", vehicle="truck", steps=("turn_right", "turn_left")))
    assert after.op_vehicle("truck").facing == "N"


def test_sas_oveh_13_boat_on_water_low_and_any_direction():
    """SAS-OVEH-13: the rowing boat moves on water only; it does not block LOS; low cover blocks LOS to it; its
    gunner fires his own gun in any direction."""
    rows = ["." * 14] * 6 + ["~" * 14] * 8
    boat = OperatorVehicleState("boat", "rowing_boat", (2, 8), "N", ap=2)
    crew = [op("jock", None, aboard="boat", seat="driver"), op("paddy", None, aboard="boat", seat="gunner")]
    behind = unit("b", "rifle", (2, 12), "N", alert=False)
    st = _st(rows=rows, ops=crew, units=[behind], vehicles=[boat])
    with pytest.raises(IllegalCommandError, match="terrain"):
        _apply(st, VehicleMove(side="sas", vehicle="boat", steps=("forward", "forward", "forward")))
    after, _events = _apply(st, VehicleAttack(side="sas", vehicle="boat", target="b", weapon="sten"), dice=(6, 1, 1))
    assert after.unit("b") is None and after.op("paddy").ammo_left("sten") == 4
    assert ovehicle.blocking_cells(st) == frozenset()
    walled = _st(
        rows=rows,
        ops=crew,
        units=[unit("w", "rifle", (2, 3), "S", alert=True)],
        vehicles=[boat],
        edges=[((2, 6), "S", "low_wall")],
    )
    assert not ovehicle.sees(walled, walled.unit("w"), walled.op_vehicle("boat"))


def test_sas_aveh_4_axis_vehicles_pass_through_operator_vehicles():
    """SAS-AVEH-4: Axis vehicles may pass through operator vehicles (not end on them)."""
    from app.systems.sas.vehicles.motion import traffic

    st = _st(ops=_crew("driver"), units=[unit("k", "kubelwagen", (6, 6), "W")])
    cars = traffic(st, "k")
    assert (2, 9) in cars.units and cars.can_enter([(2, 9)]) and not cars.can_end([(2, 9)])


def test_sas_msn_1_mission_goes_on_while_the_team_is_aboard():
    """SAS-OVEH-1 / SAS-MSN-1: operators aboard a vehicle are still in play: the mission does not end."""
    st, _ = SYSTEM.apply(_st(ops=_crew("driver")), EndPhase(side="sas"))
    assert not st.over


FOLDER = Path(__file__).parents[3] / "scenarios" / "sas"


def test_sas_setup_8_willys_mission_starts_on_the_entry_tile_vehicle_spot():
    """SAS-SETUP-8 / SAS-OVEH-11: the bundled Willys mission puts the jeep on the entry/exit tile's vehicle spot,
    not yet entered, Jock in the driver seat and Paddy at the front gun; the others stand on the entry squares."""
    st = open_session(FOLDER / "raid_airfield_willys.json", {"sas": SYSTEM}, seed=1).state
    willys = st.op_vehicle("willys")
    assert willys is not None and not willys.entered and willys.facing == "N" and willys.ap == 2
    assert all(c not in st.rt.map_cells for c in willys.cells) and set(willys.cells) <= {
        loc for loc, marks in st.rt.board.marks.items() if any(m.kind == "vehicle_spot" for m in marks)
    }
    assert {(o.id, o.seat) for o in st.crew("willys")} == {("jock", "driver"), ("paddy", "front_gunner")}
    assert st.op("david").loc in st.rt.entry_exit and st.op("jock").loc is None


def test_sas_msn_3_willys_removed_on_fewer_than_8_tiles():
    """SAS-MSN-3: on a map of fewer than 8 tiles the Willys is removed; its crew starts on the entry/exit tile."""
    _system, model = load_scenario(FOLDER / "demolition_fuel_depot.json", {"sas": SYSTEM})
    model = model.model_copy(
        update={"operator_vehicles": [OperatorVehiclePlacement(kind="willys", crew={"driver": "jock"})]}
    )
    rt = SYSTEM.load_scenario(model, FOLDER)
    st = SYSTEM.initial_state(rt, 1)
    assert st.op_vehicles == () and st.op("jock").loc in rt.entry_exit


def test_sas_setup_8_a_willys_needs_a_driver():
    """SAS-SETUP-8: a mission whose Willys has no operator in its driver seat is refused."""
    with pytest.raises(ValueError, match="driver"):
        _system, model = load_scenario(FOLDER / "raid_airfield_willys.json", {"sas": SYSTEM})
        SasMission.model_validate(
            {**model.model_dump(), "operator_vehicles": [{"kind": "willys", "crew": {"passenger": "jock"}}]}
        )


def test_sas_sup_1_a_support_unit_gunner_cannot_mark():
    """SAS-SUP-1: support units may use vehicles but never Mark, not even in the Willys."""
    fighter = OperatorState("res1", None, "N", 3, kind="resistance", support=True, aboard="willys", seat="front_gunner")
    st = _st(ops=[*_crew("driver"), fighter], units=[unit("r", "rifle", (2, 3), "S")])
    assert any(isinstance(c, VehicleAttack) for c in _legal(st))
    assert not any(isinstance(c, VehicleMark) for c in _legal(st))
    with pytest.raises(IllegalCommandError, match="Support units"):
        _apply(st, VehicleMark(side="sas", vehicle="willys", target="r"))


def test_sas_sup_5_alert_units_advance_on_the_support_willys():
    """SAS-SUP-5: the support Willys always counts as exposed: an alert guard advances to a best attack position
    against it (short range, a square of it in sight) with no exposed operator on the map."""
    support = OperatorVehicleState("willys", "support_willys", (2, 9), "N")
    guard = unit("g", "smg", (10, 9), "N", alert=True, role="guard")
    st = _st(ops=[op("jock", None, aboard="willys", seat="passenger_1")], units=[guard], vehicles=[support])
    st, events = SYSTEM.apply(replace(st, phase="advance", section="battle"), RunAxisStep(side="axis"))
    moved = st.unit("g")
    assert moved is not None and ovehicle.distance(st.op_vehicle("willys"), moved.loc) <= 4
    assert ovehicle.sees(st, moved, st.op_vehicle("willys"))
    assert any(e.kind == "unit_moved" and "best attack position" in e.text.render() for e in events)


def test_sas_oveh_3_drives_to_one_square_are_one_template_asking_the_route():
    """SAS-OVEH-3: every route the Willys may drive to a square is one template titled by the square; the route is
    the only question, and each drive carries its AP cost as data."""
    from app.core.command_templates import group_templates

    st = _st(ops=[*_crew("driver"), op("paddy", (8, 8))])
    items = [(c, SYSTEM.describe(st, c)) for c in _legal(st) if isinstance(c, VehicleMove)]
    templates = group_templates(items)
    assert len(templates) < len(items)
    several = next(tpl for tpl in templates if len(tpl.choices) > 1)
    question = several.question()
    assert question is not None and question.name == "route" and len(question.values) == len(several.choices)
    assert all(info.costs == (("AP", 1),) for _, info in items)
