"""Interplay between the SAS subsystems built apart: Axis vehicles against operator vehicles (SAS-OVEH-10 with
SAS-AVEH-9, SAS-AVEH-10, SAS-AVEH-11), with explicit dice."""

from __future__ import annotations

from dataclasses import replace

from app.systems.sas import SYSTEM
from app.systems.sas.messages import Move, RunAxisStep
from app.systems.sas.vehicles import ovehicle_fire

from .board import activate, op, unit
from .test_operator_vehicles import _crew, _st, _willys


def _axis(st, phase, dice=()):
    return SYSTEM.apply(replace(st, phase=phase), RunAxisStep(side="axis").with_table_input(dice, None))


def _manned(units, **kw):
    """The Willys (A9-A10 facing N) with Jock exposed in the driver seat, Battle section."""
    return _st(ops=_crew("driver"), units=units, section="battle", **kw).with_op("jock", exposed=True)


def test_sas_oveh_10_aveh_10_axis_vehicle_fires_at_the_occupied_willys_without_cover():
    """SAS-OVEH-10 / SAS-AVEH-10: an alert motorcycle whose front arc sees the Willys fires its HMG at it in the
    Attack phase: 3 dice at 3+, no cover modifier for the low wall beside it; at 6 squares no short range: 1, 2, 4 →
    1 hit, and the Willys loses 1 HP. At 4 squares short range +1 applies: 1, 2, 4 +1 = 2, 3, 5 → 2 hits."""
    wall = [((3, 9), "W", "low_wall"), ((3, 10), "W", "low_wall")]
    st = _manned([unit("m", "motorcycle", (8, 10), "W", alert=True)], edges=wall)
    after, events = _axis(st, "attack", (1, 2, 4))
    shot = next(e.ruling for e in events if e.kind == "axis_attack")
    assert shot.rule_id == "SAS-AVEH-10" and shot.modifiers == () and shot.target == 3
    assert after.op_vehicle("willys").damage == 1
    near = _manned([unit("m", "motorcycle", (6, 10), "W", alert=True)], edges=wall)
    after, events = _axis(near, "attack", (1, 2, 4))
    shot = next(e.ruling for e in events if e.kind == "axis_attack")
    assert [(m.value, m.rule_id) for m in shot.modifiers] == [(1, "SAS-AATK-4")]
    assert [d.modified for d in shot.dice] == [2, 3, 5] and after.op_vehicle("willys").damage == 2


def test_sas_oveh_10_an_empty_vehicle_is_never_a_target_of_axis_vehicles():
    """SAS-OVEH-10: with nobody aboard the Willys is neither seen nor attacked by an Axis vehicle."""
    st = _st(ops=[op("jock", (12, 12))], units=[unit("m", "motorcycle", (6, 10), "W", alert=True)], section="battle")
    assert not ovehicle_fire.can_attack(st, st.unit("m"), st.op_vehicle("willys"))
    _after, events = _axis(st, "attack")
    assert not any(e.kind == "axis_attack" for e in events)


def test_sas_aveh_7_only_through_an_arc_front_or_rear():
    """SAS-AVEH-7, SAS-AVEH-10: a motorcycle facing away has no shot at the Willys behind it; a half-track facing away
    fires its rear HMG through its rear arc."""
    away = _manned([unit("m", "motorcycle", (6, 10), "E", alert=True)])
    assert not ovehicle_fire.shots(away, away.unit("m"), away.op_vehicle("willys"), reaction=False)
    track = _manned([unit("h", "halftrack", (6, 10), "E", alert=True)])
    shots = ovehicle_fire.shots(track, track.unit("h"), track.op_vehicle("willys"), reaction=False)
    assert shots and {s.eye.arc for s in shots} == {"rear"}


def test_sas_aveh_11_axis_vehicle_reacts_to_an_operator_boarding_in_its_los():
    """SAS-AVEH-11 / SAS-OVEH-10: Jock boards the Willys in the motorcycle's front arc; the alert motorcycle
    reacts with its HMG at the now occupied Willys: 1, 3, 6 at 3+ → 2 hits, the Willys loses 2 HP."""
    st = activate(_st(ops=[op("jock", (1, 9))], units=[unit("m", "motorcycle", (8, 10), "W", alert=True)]), "jock")
    st = replace(st, section="battle")
    after, events = SYSTEM.apply(st, Move(side="sas", operator="jock", to=(2, 9)).with_table_input((1, 3, 6), None))
    reaction = next(e.ruling for e in events if e.kind == "reaction_attack")
    assert reaction.rule_id == "SAS-AVEH-11" and [d.success for d in reaction.dice] == [False, True, True]
    assert after.op_vehicle("willys").damage == 2


def test_sas_oveh_10_willys_destroyed_by_a_vehicle_kills_everyone_aboard():
    """SAS-OVEH-10: at 0 HP the Willys is destroyed and everyone aboard dies (1 HP left; 3 → 1 hit)."""
    st = _st(ops=_crew("driver", "front_gunner"), units=[unit("m", "motorcycle", (8, 10), "W", alert=True)])
    st = replace(st, section="battle", op_vehicles=(_willys(damage=4),)).with_op("jock", exposed=True)
    after, events = _axis(st, "attack", (3, 1, 1))
    assert after.op_vehicle("willys") is None
    assert after.op("jock").status == "dead" and after.op("paddy").status == "dead"
    assert any(e.kind == "vehicle_destroyed" and e.rule_id == "SAS-OVEH-10" for e in events)


def test_sas_aveh_9_alert_vehicle_advances_to_a_best_attack_position_against_the_willys():
    """SAS-AVEH-9 / SAS-OVEH-10: with only the occupied Willys exposed, an alert spawned motorcycle drives to a best
    attack position against it (a square of it in an arc's sight at short range)."""
    st = _manned([unit("m", "motorcycle", (11, 1), "S", alert=True, role="spawned")])
    after, events = _axis(st, "advance")
    moved = next(e for e in events if e.kind == "unit_moved" and e.rule_id == "SAS-AVEH-9")
    assert "best attack position" in moved.text.render()
    shots = ovehicle_fire.shots(after, after.unit("m"), after.op_vehicle("willys"), reaction=False)
    assert shots and all(s.range <= 4 for s in shots)


def test_sas_aveh_23_guard_vehicle_leaves_its_post_on_seeing_the_occupied_willys():
    """SAS-AVEH-23 / SAS-OVEH-10: a guard vehicle stays until it sees an exposed target; the occupied Willys in its
    front arc counts, so it leaves its post; one facing away stays."""
    st = _manned([unit("m", "motorcycle", (9, 9), "W", alert=True, role="guard")])
    _after, events = _axis(st, "advance")
    assert any(e.kind == "guard_released" for e in events)
    away = _manned([unit("m", "motorcycle", (9, 9), "E", alert=True, role="guard")])
    _after, events = _axis(away, "advance")
    assert not any(e.kind == "guard_released" for e in events)


# --- blasts and operator vehicles (SAS-UNIT-7, SAS-OVEH-10, SAS-OBJ-5, SAS-EQ-5, SAS-EQ-6; D-INTEG-3, D-INTEG-4)
# ------------------
def _mortar_at(loc=(0, 0)):
    return unit("m", "mortar", loc, "E", role="spawned", alert=True, mode="attack")


def _wide(ops, units, vehicles):
    from .board import runtime, state

    return state(runtime(["." * 24] * 12), ops, units, section="battle", phase="attack", op_vehicles=vehicles)


def test_sas_unit_7_mortar_fires_at_the_occupied_willys_seven_on_any_part():
    """SAS-UNIT-7 / SAS-OVEH-10 / D-INTEG-3: the only target is the Willys (M1-M2) with Jock exposed aboard; the
    template's 7 goes on its square nearest the mortar, M1; scatter 3+4 = 7 stays; 3 rolls at 3+ (3, 2, 6) → 2 hits
    on the Willys' HP, no modifier."""
    willys = _willys((12, 0), "N")
    st = _wide([op("jock", None, aboard="willys", seat="driver", exposed=True)], [_mortar_at()], (willys,))
    after, events = _axis(st, "attack", (3, 4, 3, 2, 6))
    aimed = next(e for e in events if e.kind == "axis_blast_aimed")
    assert aimed.rule_id == "SAS-UNIT-7" and "Willys" in aimed.text.render() and "M1" in aimed.instruction.render()
    blast = next(e for e in events if e.kind == "axis_blast")
    assert blast.ruling.modifiers == () and blast.ruling.target == 3
    assert after.op_vehicle("willys").damage == 2 and after.op("jock").hp == st.op("jock").hp


def test_sas_unit_7_successes_split_between_an_operator_and_a_vehicle_under_the_template():
    """SAS-UNIT-7 / D-MORTAR-3 / D-INTEG-3: the template on Paddy (L1, nearer than the Willys) also covers the
    Willys; 3 successes (3, 4, 5) go one by one to the target with the most HP left, the operator first on ties:
    Paddy 5 / Willys 5 → Paddy; 4 / 5 → Willys; 4 / 4 → Paddy: Paddy loses 2 HP, the Willys 1."""
    willys = _willys((12, 0), "N")
    crew = op("jock", None, aboard="willys", seat="driver", exposed=True)
    paddy = op("paddy", (11, 0), exposed=True)
    st = _wide([crew, paddy], [_mortar_at()], (willys,))
    after, _events = _axis(st, "attack", (3, 4, 3, 4, 5))
    assert st.op("paddy").hp == 5
    assert after.op("paddy").hp == 3 and after.op_vehicle("willys").damage == 1


def test_sas_unit_7_an_empty_vehicle_is_no_mortar_target():
    """SAS-OVEH-10: an empty Willys is not attacked: the mortar has no target and does not fire."""
    st = _wide([op("jock", (20, 10))], [_mortar_at()], (_willys((12, 0), "N"),))
    _after, events = _axis(st, "attack")
    assert not any(e.kind.startswith("axis_blast") for e in events)


def test_sas_eq_6_operator_blast_over_the_willys_spares_vehicle_and_crew_kills_friends_on_foot():
    """SAS-EQ-6 / SAS-OBJ-5 / D-INTEG-4: an operator's grenade (4 rolls at 2+: 2, 2, 1, 1 → 2 successes) over the
    Willys and an SMG: the successes go to the Axis unit only; the vehicle takes none and its crew (on the vehicle
    sheet, not under the template) lives; Paddy on foot under the template dies."""
    from app.core.dice import Roller
    from app.systems.sas.combat.blasts import blast
    from app.systems.sas.context import Ctx

    crew = op("jock", None, aboard="willys", seat="driver")
    st = _wide([crew, op("paddy", (4, 4))], [unit("s", "smg", (5, 5), "N", alert=True)], (_willys((3, 4), "N"),))
    ctx = Ctx(st, Roller(st.dice, (2, 2, 1, 1)))
    blast(ctx, (4, 5), 4, 2, what="A grenade", rule="SAS-EQ-6", source="grenade", persist=False)
    assert ctx.state.unit("s") is None
    assert ctx.state.op_vehicle("willys").damage == 0 and ctx.state.op("jock").status == "active"
    assert ctx.state.op("paddy").status == "dead"


# --- Nancy and support units in vehicles (SAS-NANCY-3, SAS-SUP-1) -------------------------------------------------
def test_sas_nancy_3_disguised_nancy_cannot_board_a_vehicle():
    """SAS-NANCY-3: in her disguise Nancy cannot use vehicles: no boarding Move is offered and one is refused with
    the rule ID; out of her disguise she boards."""
    import pytest

    from app.core.errors import IllegalCommandError

    st = activate(_st(ops=[op("nancy", (3, 9), disguised=True)]), "nancy")
    assert not [c for c in SYSTEM.legal_commands(st, "sas") if isinstance(c, Move) and c.to in ((2, 9), (2, 10))]
    with pytest.raises(IllegalCommandError, match="SAS-NANCY-3"):
        SYSTEM.apply(st, Move(side="sas", operator="nancy", to=(2, 9)))
    plain = activate(_st(ops=[op("nancy", (3, 9))]), "nancy")
    after, _events = SYSTEM.apply(plain, Move(side="sas", operator="nancy", to=(2, 9)))
    assert after.op("nancy").aboard == "willys"


def test_sas_sup_1_support_unit_boards_and_drives_but_never_marks():
    """SAS-SUP-1: a resistance fighter may use vehicles: he boards the Willys by moving into it (first free seat,
    the driver's) and drives it; the vehicle offers no Mark with him in a gunner seat."""
    from app.systems.sas.messages import VehicleMark, VehicleMove
    from app.systems.sas.state import OperatorState

    fighter = OperatorState("res1", (3, 9), "N", 3, kind="resistance", support=True)
    paddy = op("paddy", (12, 12))  # the team is still in play (SAS-MSN-1)
    st = activate(_st(ops=[paddy, fighter], units=[unit("r", "rifle", (2, 3), "S")]), "res1")
    after, _events = SYSTEM.apply(st, Move(side="sas", operator="res1", to=(2, 9)))
    assert (after.op("res1").aboard, after.op("res1").seat) == ("willys", "driver")
    gunner = _st(
        ops=[replace(fighter, loc=None, aboard="willys", seat="front_gunner")], units=[unit("r", "rifle", (2, 3), "S")]
    )
    assert not any(isinstance(c, VehicleMark) for c in SYSTEM.legal_commands(gunner, "sas"))
    driver = _st(ops=[paddy, replace(fighter, loc=None, aboard="willys", seat="driver")])
    moved, _events = SYSTEM.apply(driver, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    assert moved.op_vehicle("willys").anchor == (2, 8)


# --- Jäger twig and cat with operator vehicles (SAS-JGR-8, SAS-JGR-9; D-INTEG-6)
# -------------------------------------------
def _hunted(ops, units, markers):
    from app.systems.sas.state import HunterState

    from .test_jager import DECK, _jager

    hunter = HunterState(deck=DECK, ready=True, markers=tuple(markers))
    rows = ["." * 14] * 14
    return _jager(rows=rows, ops=ops, units=units, hunter=hunter, op_vehicles=(_willys(),))


def test_sas_jgr_9_boarding_is_a_move_the_twig_snaps():
    """SAS-JGR-9: Jock, with a twig under him at B9, boards the Willys (A9) — his next move: the twig snaps and the
    rifleman 4 squares away flips to alert, keeping his facing."""
    from app.systems.sas.state import HunterMarker

    twig = HunterMarker("twig1", "twig", (3, 9), operator="jock")
    st = activate(_hunted([op("jock", (3, 9))], [unit("r", "rifle", (7, 9), "E")], [twig]), "jock")
    after, events = SYSTEM.apply(st, Move(side="sas", operator="jock", to=(2, 9)))
    assert after.op("jock").aboard == "willys" and after.hunter.markers_of("twig") == ()
    assert after.unit("r").alert and after.unit("r").facing == "E"
    assert any(e.kind == "twig_snapped" and e.rule_id == "SAS-JGR-9" for e in events)


def test_sas_jgr_9_an_operator_aboard_a_moving_vehicle_snaps_his_twig():
    """SAS-JGR-9 / D-INTEG-6: a twig marker of Jock, who sits in the Willys' driver seat: the vehicle's Move moves
    him, so the twig snaps and the rifleman within 4 squares of it flips to alert."""
    from app.systems.sas.messages import VehicleMove
    from app.systems.sas.state import HunterMarker

    twig = HunterMarker("twig1", "twig", (2, 9), operator="jock")
    crew = op("jock", None, aboard="willys", seat="driver")
    st = _hunted([crew, op("paddy", (12, 12))], [unit("r", "rifle", (6, 9), "E")], [twig])
    after, events = SYSTEM.apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    assert after.hunter.markers_of("twig") == () and after.unit("r").alert
    assert any(e.kind == "twig_snapped" for e in events)


def test_sas_jgr_8_an_operator_vehicle_driving_within_2_squares_startles_the_cat():
    """SAS-JGR-8 / D-INTEG-6: the Willys drives 1 square north (A8-A9); the cat at A6 is then 2 squares from its
    front square: it is startled and removed; the rifleman 3 squares from the cat turns to face it (W)."""
    from app.systems.sas.messages import VehicleMove
    from app.systems.sas.state import HunterMarker

    cat = HunterMarker("cat1", "cat", (2, 6))
    crew = op("jock", None, aboard="willys", seat="driver")
    st = _hunted([crew, op("paddy", (12, 12))], [unit("r", "rifle", (5, 6), "E")], [cat])
    after, events = SYSTEM.apply(st, VehicleMove(side="sas", vehicle="willys", steps=("forward",)))
    assert after.hunter.markers_of("cat") == () and after.unit("r").facing == "W"
    assert any(e.kind == "cat_startled" and e.rule_id == "SAS-JGR-8" for e in events)


# --- convoys and operator vehicles (SAS-AVEH-4, SAS-AVEH-21; D-INTEG-7) -------------------------------------------
def _convoy_with_willys(dy):
    """The convoy example ready to drive, with the Willys (Jock driving) on the scout's route ``dy`` squares ahead."""
    from .test_vehicle_roles import _draw_convoy, _to_advance

    st = _to_advance(_draw_convoy())
    lead = st.unit("scout_bike")
    jock = replace(st.operators[0], loc=None, aboard="willys", seat="driver")
    willys = _willys((lead.loc[0], lead.loc[1] + dy), "N")
    return replace(st, operators=(jock,), op_vehicles=(willys,)), lead


def test_sas_aveh_4_21_convoy_passes_through_the_willys_on_its_path_and_crushes_no_one_aboard():
    """SAS-AVEH-4 / SAS-AVEH-21 / D-INTEG-7: the Willys stands on the route 4 squares ahead of the scout; the scout
    passes through it and ends its full 8 squares on, in empty squares; only operators on the path are run over, so
    the Willys and Jock aboard are unharmed."""
    st, lead = _convoy_with_willys(4)
    after, events = _axis(st, "advance")
    scout = after.unit("scout_bike")
    assert scout.loc == (lead.loc[0], lead.loc[1] + 8)
    assert not set(scout.cells) & set(after.op_vehicle("willys").cells)
    assert after.op_vehicle("willys").damage == 0 and after.op("jock").status == "active"
    assert not any(e.kind == "run_over" for e in events)


def test_sas_aveh_4_convoy_stops_short_when_it_would_end_on_the_willys():
    """SAS-AVEH-4: the Willys stands where the scout would end; it cannot end on it, so it stops short, never
    covering a square of the Willys."""
    st, lead = _convoy_with_willys(8)
    after, _events = _axis(st, "advance")
    scout = after.unit("scout_bike")
    assert scout.loc[1] - lead.loc[1] < 8
    assert not set(scout.cells) & set(after.op_vehicle("willys").cells)
