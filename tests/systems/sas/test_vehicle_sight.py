"""Axis vehicle sight (SAS-AVEH-7, SAS-AVEH-8, SAS-UNIT-9, SAS-UNIT-10, SAS-UNIT-11): arcs from the front or rear edge,
8 rows counted from the token, no peripheral squares, terrain under the token, outer window squares, vehicles blocking
both sides.

Tokens: a motorcycle is 2×2 and a half-track 2×4 (data/vehicles.json, D-AVEH-1), placed by the front-left square.
"""

from __future__ import annotations

from dataclasses import replace

from app.geometry.gridtrace import square_template
from app.systems.sas import SYSTEM
from app.systems.sas.board.vision import (
    Eye,
    attack_line,
    eye_arc,
    eye_on,
    eyes,
    in_eye_arc,
    sees_corpse,
    sees_op,
    sees_square,
    vision,
    watchers,
)
from app.systems.sas.messages import Move
from app.systems.sas.state import ObjectState
from app.systems.sas.viewing import sight_reasons, vision_maps

from .board import activate, op, runtime, state, unit

OPEN = ["." * 14] * 20


def _with_vehicle(st, vehicle):  # type: ignore[no-untyped-def]
    """Put a vehicle on the board the way missions will: one more UnitState in the state."""
    return replace(st, units=(*st.units, vehicle))


def test_sas_aveh_8_front_eye_is_the_centre_of_the_front_edge():
    """SAS-AVEH-8: LOS starts at the centre of the token's front edge (and of the rear edge with a rear arc)."""
    moto = unit("m", "motorcycle", (5, 8), "N")
    (front,) = eyes(moto)
    assert front.arc == "front" and front.point == (11, 15) and front.facing == "N"
    track = unit("h", "halftrack", (5, 8), "N")
    assert [(e.arc, e.point, e.facing) for e in eyes(track)] == [("front", (11, 15), "N"), ("rear", (11, 23), "S")]
    assert eyes(unit("r", "rifle", (5, 8), "N")) == ()


def test_sas_aveh_7_ninety_degree_arc_eight_rows_from_the_token_no_peripheral():
    """SAS-AVEH-7, SAS-AVEH-8: row k in front of the token holds 2k squares (90° from the edge centre), rows 1..8
    counted from the first square in front; nothing to the left or right of the token, nothing behind a motorcycle."""
    st = state(runtime(OPEN), [], [unit("m", "motorcycle", (5, 10), "N")])
    moto = st.unit("m")
    (front,) = eyes(moto)
    rows: dict[int, list[int]] = {}
    for x, y in eye_arc(st.rt, front):
        rows.setdefault(10 - y, []).append(x)
    assert sorted(rows) == list(range(1, 9))
    assert sorted(rows[1]) == [5, 6] and sorted(rows[2]) == [4, 5, 6, 7] and len(rows[4]) == 8
    assert sees_square(st, moto, (5, 9)) == "full" and sees_square(st, moto, (5, 2)) == "full"  # rows 1 and 8
    assert sees_square(st, moto, (4, 9)) is None  # outside the arc in row 1
    assert sees_square(st, moto, (4, 10)) is None and sees_square(st, moto, (7, 10)) is None  # no peripheral
    assert sees_square(st, moto, (5, 12)) is None  # behind: front LOS only (SAS-UNIT-9)
    big = state(runtime(["." * 14] * 24), [], [unit("m", "motorcycle", (5, 12), "N")])
    assert sees_square(big, big.unit("m"), (5, 4)) == "full" and sees_square(big, big.unit("m"), (5, 3)) is None


def test_sas_unit_10_half_track_sees_front_and_rear():
    """SAS-UNIT-10 / SAS-AVEH-7: the half-track's rear arc starts behind its rear edge; a Kübelwagen has none."""
    st = state(runtime(OPEN), [], [unit("h", "halftrack", (5, 4), "N"), unit("k", "kubelwagen", (10, 4), "N")])
    track, kubel = st.unit("h"), st.unit("k")
    assert sees_square(st, track, (5, 3)) == "full" and sees_square(st, track, (6, 8)) == "full"  # row 1 behind
    assert sees_square(st, track, (5, 15)) == "full" and sees_square(st, track, (5, 16)) is None  # 8 rows behind
    assert sees_square(st, track, (4, 6)) is None  # beside the token
    assert sees_square(st, kubel, (10, 7)) is None and sees_square(st, kubel, (10, 3)) == "full"  # SAS-UNIT-11


def test_sas_aveh_8_terrain_under_the_token_never_blocks():
    """SAS-AVEH-8: forest and a hedge under the token do not block its LOS (an infantryman behind the same forest
    is blind past it)."""
    rows = ["." * 14] * 20
    rows = [r if y not in (10, 11) else ".....TT......." for y, r in enumerate(rows)]
    rt = runtime(rows, edges=[((5, 10), "S", "hedge")])
    st = state(rt, [], [unit("m", "motorcycle", (5, 10), "N"), unit("r", "rifle", (5, 12), "N")])
    assert sees_square(st, st.unit("m"), (5, 4)) == "full"
    assert sees_square(st, st.unit("r"), (5, 4)) is None


def test_sas_aveh_7_from_an_outer_window_square_no_los_into_the_building():
    """SAS-AVEH-7: a vehicle on an outer window square does not see into the building (an infantryman there does,
    SAS-TER-12); it sees an operator in an inner window square."""
    rows = ["BBBBBBBBBBBBBB"] * 4 + ["." * 14] * 16
    rt = runtime(rows, edges=[((5, 3), "S", "window")])
    moto = unit("m", "motorcycle", (5, 4), "N")
    st = state(rt, [op("jock", (5, 1)), op("paddy", (5, 3), crouched=True)], [moto, unit("r", "rifle", (4, 4), "N")])
    m, r = st.unit("m"), st.unit("r")
    assert sees_square(st, r, (5, 1)) == "full"
    assert sees_square(st, m, (5, 1)) is None and not sees_op(st, m, st.op("jock"))
    assert sees_square(st, m, (5, 3)) == "full" and sees_op(st, m, st.op("paddy"))  # the token is next to the window
    why = str(vision(st, m, explain=True)[(5, 1)][1])
    assert "SAS-AVEH-7" in why and "window" in why


def test_sas_aveh_8_a_wall_along_the_front_of_the_token_blocks():
    """SAS-AVEH-8: the line leaves the token through its front edge, so a wall along that edge blocks it."""
    rt = runtime(OPEN, edges=[((5, 10), "N", "high_wall")])
    st = state(rt, [], [unit("m", "motorcycle", (5, 10), "N")])
    assert sees_square(st, st.unit("m"), (5, 6)) is None
    assert sees_square(st, st.unit("m"), (6, 6)) == "full"


def test_sas_aveh_8_vehicles_block_los_for_both_sides_even_alert():
    """SAS-AVEH-8: a vehicle, even alert, blocks an Axis unit's sight (an alert rifleman does not, SAS-LOS-3) and an
    operator's attack line."""
    st = state(
        runtime(OPEN),
        [op("jock", (5, 5))],
        [unit("r", "rifle", (5, 12), "N", alert=True), unit("m", "motorcycle", (5, 7), "N", alert=True)],
    )
    assert not sees_op(st, st.unit("r"), st.op("jock"))
    why = str(vision(st, st.unit("r"), explain=True)[(5, 5)][1])
    assert "SAS-AVEH-8" in why
    blocked = attack_line(st, (5, 5), (5, 12))
    assert blocked is not None and "SAS-AVEH-8" in str(blocked)
    assert attack_line(st, (5, 5), (5, 8)) is None  # the vehicle's own squares do not hide it from a shot
    without = st.without_units(["m"])
    assert sees_op(without, without.unit("r"), without.op("jock"))


def test_sas_aveh_7_adjacent_forest_seen_fully_from_the_token():
    """SAS-TER-3 with SAS-AVEH-7: a crouched operator in a forest square next to the token is seen; one row further
    he is hidden (half visible)."""
    rows = ["." * 14] * 20
    near = [r if y != 8 else "......T......." for y, r in enumerate(rows)]
    st = state(runtime(near), [op("jock", (6, 8), crouched=True)], [])
    st = _with_vehicle(st, unit("h", "halftrack", (5, 9), "N"))
    track = st.unit("h")
    assert sees_op(st, track, st.op("jock"))
    assert sees_square(st, track, (6, 6)) is None  # the forest at row 1 blocks the line beyond it
    far = [r if y != 6 else "......T......." for y, r in enumerate(rows)]
    st = state(runtime(far), [op("paddy", (6, 6), crouched=True)], [unit("h", "halftrack", (5, 9), "N")])
    assert sees_square(st, st.unit("h"), (6, 6)) == "half" and not sees_op(st, st.unit("h"), st.op("paddy"))


def test_sas_aveh_11_eye_on_names_the_arc_that_sees():
    """SAS-AVEH-11: which arc sees an operator (a half-track behind it sees him with its rear arc)."""
    st = state(runtime(OPEN), [op("jock", (6, 15))], [unit("h", "halftrack", (5, 4), "N", alert=True)])
    eye = eye_on(st, st.unit("h"), st.op("jock"))
    assert eye is not None and eye.arc == "rear"
    st = state(runtime(OPEN), [op("jock", (6, 15))], [unit("m", "motorcycle", (5, 4), "N", alert=True)])
    assert eye_on(st, st.unit("m"), st.op("jock")) is None


def test_sas_seen_2_an_operator_walking_into_a_vehicles_arc_is_exposed():
    """SAS-SEEN-2 through a vehicle's eyes: Jock steps into the half-track's rear arc; he is exposed, the vehicle
    flips to alert and shouts."""
    st = state(runtime(OPEN), [op("jock", (3, 14))], [unit("h", "halftrack", (5, 4), "N")])
    st = activate(st, "jock")
    after, events = SYSTEM.apply(st, Move(side="sas", operator="jock", to=(4, 13)))
    assert after.op("jock").exposed and after.unit("h").alert
    assert watchers(after, after.op("jock")) == (after.unit("h"),)
    assert any(e.kind == "unit_shouted" for e in events)


def test_sas_obj_4_a_vehicle_sees_a_corpse_in_its_arc():
    """SAS-OBJ-4: an unalert vehicle that sees a corpse flips to alert (Stealth section)."""
    st = state(runtime(OPEN), [op("jock", (0, 19))], [unit("m", "motorcycle", (5, 10), "N")])
    st = st.with_object(ObjectState("c1", "corpse", (6, 5)))
    assert sees_corpse(st, st.unit("m"), (6, 5)) and not sees_corpse(st, st.unit("m"), (6, 12))


def test_sas_aveh_15_a_vehicle_wholly_off_the_map_sees_nothing():
    """SAS-AVEH-15: off-map vehicles see nothing; one partly on the map sees from its edge."""
    st = state(runtime(OPEN), [], [unit("m", "motorcycle", (5, 20), "N")])
    assert vision(st, st.unit("m")) == {}
    st = state(runtime(OPEN), [], [unit("m", "motorcycle", (5, 19), "N")])
    assert sees_square(st, st.unit("m"), (5, 15)) == "full"


def test_vision_map_explains_vehicle_squares_with_the_arc():
    """The hover explanation names the vehicle and the arc that sees the square (SAS-AVEH-7)."""
    st = state(runtime(OPEN), [], [unit("h", "halftrack", (5, 4), "N")])
    grades = vision_maps(st)
    assert grades[(5, 3)] == "full" and grades[(5, 10)] == "full"
    why = SYSTEM.view(st, None).highlights["why:sight"]
    assert why[(5, 10)].render() == "Half-Track (yellow border) on F5: rear arc, full: clear line [SAS-LOS-5]"
    assert why[(5, 10)].render("zh_CN") == "F5上的半履带车（黄边）：车尾LOS，全可视：LOS无阻挡 [SAS-LOS-5]"
    assert (4, 5) not in grades and (4, 5) not in why and sight_reasons(st, (4, 5)) is None


def test_eye_lines_are_the_far_half_of_a_centre_line():
    """The middle crossing of the line from the mirror square to the target is the corner at the edge centre
    (the construction eye_crossings relies on, SAS-AVEH-8)."""
    eye = Eye("front", (11, 15), "N", ())
    for x in range(-4, 16):
        for y in range(-2, 8):
            if not in_eye_arc(eye, (x, y)):
                continue
            template = square_template(x - (11 - x), y - (15 - y))
            kind, offsets, _along = template[len(template) // 2]
            assert len(template) % 2 == 1 and kind == "corner"
            corner = {(11 - x + dx, 15 - y + dy) for dx, dy in offsets}
            assert corner == {(5, 7), (6, 7), (5, 8), (6, 8)}


def test_sas_seen_3_a_vehicle_shouts_from_its_whole_token():
    """SAS-SEEN-3 with SAS-AVEH-2: the shout reaches units within 4 squares of any square of the token (this
    rifleman is 4 from the half-track's rear, 7 from its front-left square)."""
    rifle = unit("r", "rifle", (5, 11), "S")
    st = state(runtime(OPEN), [op("jock", (3, 1))], [unit("h", "halftrack", (5, 4), "N"), rifle])
    st = activate(st, "jock")
    after, events = SYSTEM.apply(st, Move(side="sas", operator="jock", to=(4, 1)))
    assert after.unit("h").alert and after.unit("r").alert
    assert any(e.kind == "unit_alerted" and e.rule_id == "SAS-SEEN-3" for e in events)
