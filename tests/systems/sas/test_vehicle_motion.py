"""Axis vehicle movement (SAS-AVEH-2, SAS-AVEH-3, SAS-AVEH-4, SAS-AVEH-5, SAS-AVEH-6; decisions D-AVEH-2, D-AVEH-3,
D-AVEH-4, D-AVEH-5, D-AVEH-6): single moves and their MP, terrain under a several-square token, passing units, the map's
edge, shortest paths and driving a route."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.systems.sas.state import OperatorState, SasState, UnitState
from app.systems.sas.vehicles import motion as vm

from .board import op, runtime, state, unit

OPEN = ["." * 10] * 10


def _moves(
    rows: list[str],
    vehicle: UnitState,
    edges: Sequence[tuple[tuple[int, int], str, str]] = (),
    units: Sequence[UnitState] = (),
    ops: Sequence[OperatorState] = (),
) -> tuple[dict[str, tuple[vm.Key, int]], SasState]:
    rt = runtime(rows, list(edges))
    st = state(rt, list(ops), [vehicle, *units])
    return vm.legal_moves(st, vehicle), st


def test_sas_aveh_2_halftrack_example_costs_forest_ahead_diagonal_clear_reverse_into_forest() -> None:
    """SAS-AVEH-2, SAS-AVEH-3, the half-track example: its forward squares hold one forest square (2 MP); its two
    diagonal squares ahead-right are regular (1 MP); reversing into forest costs 2 MP, not 4."""
    rows = [
        "..T.......",
        "..........",
        "..........",
        "..........",
        "..........",
        "...T......",
        "..........",
    ]
    halftrack = unit("h1", "halftrack", (2, 1), "N", role="guard")  # squares C2-D5, facing north
    moves, _st = _moves(rows, halftrack)
    assert moves["forward"] == ((2, 0, "N"), 2)  # C1 is forest
    assert moves["forward_right"] == ((3, 0, "N"), 1)  # D1, E1 regular
    assert moves["reverse"] == ((2, 2, "N"), 2)  # D6 is forest: 2 MP, not 4
    assert moves["reverse_left"] == ((1, 2, "N"), 2)


def test_sas_aveh_2_forward_one_reverse_two_turns_one_trucks_two() -> None:
    """SAS-AVEH-2: 1 MP forward (straight, diagonal, turn), 2 MP in reverse; a truck's turn costs 2 MP."""
    bike = unit("m1", "motorcycle", (4, 4), "N", role="guard")
    moves, _ = _moves(OPEN, bike)
    assert {m: c for m, (_k, c) in moves.items()} == {
        "forward": 1,
        "forward_left": 1,
        "forward_right": 1,
        "turn_left": 1,
        "turn_right": 1,
        "reverse": 2,
        "reverse_left": 2,
        "reverse_right": 2,
        "reverse_turn_left": 2,
        "reverse_turn_right": 2,
    }
    truck = unit("t1", "truck", (4, 3), "N", role="guard")
    moves, _ = _moves(OPEN, truck)
    assert moves["turn_right"][1] == 2 and moves["turn_left"][1] == 2 and moves["forward"][1] == 1


def test_sas_aveh_3_leaving_forest_costs_the_normal_amount() -> None:
    """SAS-AVEH-3: a motorcycle standing in forest drives out onto regular ground for 1 MP."""
    rows = ["..........", "..........", "..TT......", "..TT......", ".........."]
    bike = unit("m1", "motorcycle", (2, 2), "N", role="guard")
    moves, _ = _moves(rows, bike)
    assert moves["forward"][1] == 1
    assert moves["reverse"][1] == 2


def test_sas_aveh_3_buildings_walls_block_hedges_cost_two() -> None:
    """SAS-AVEH-3: a building square ahead blocks; a low wall across the front blocks; a hedge costs 2 MP."""
    rows = ["..........", "...B......", "..........", "..........", ".........."]
    bike = unit("m1", "motorcycle", (2, 2), "N", role="guard")
    moves, _ = _moves(rows, bike)
    assert "forward" not in moves and "forward_right" not in moves
    assert moves["forward_left"][1] == 1
    walled, _ = _moves(OPEN, bike, edges=[((2, 2), "N", "low_wall")])
    assert "forward" not in walled
    hedged, _ = _moves(OPEN, bike, edges=[((2, 2), "N", "hedge"), ((3, 2), "N", "hedge")])
    assert hedged["forward"][1] == 2


def test_d_aveh_2_a_wall_running_between_the_columns_ahead_blocks() -> None:
    """D-AVEH-2: a wall between the two squares the token's front moves onto would lie under the token."""
    bike = unit("m1", "motorcycle", (2, 2), "N", role="guard")
    moves, _ = _moves(OPEN, bike, edges=[((2, 1), "E", "low_wall")])
    assert "forward" not in moves


def test_d_aveh_2_diagonal_step_is_blocked_only_if_both_ways_round_are() -> None:
    """D-AVEH-2 (OQ-9 for the whole token): a diagonal step past one rock corner square is allowed; with rock on
    both ways round it is blocked."""
    bike = unit("m1", "motorcycle", (2, 2), "N", role="guard")  # C3, D3, C4, D4
    one = ["..........", "..........", "..........", "....R.....", ".........."]  # E4: the shifted-right way
    moves, _ = _moves(one, bike)
    assert moves["forward_right"] == ((3, 1, "N"), 1)
    both = ["..........", "..R.......", "..........", "....R.....", ".........."]  # C2 and E4
    moves, _ = _moves(both, bike)
    assert "forward_right" not in moves


def test_sas_aveh_4_passes_axis_units_but_never_ends_on_them() -> None:
    """SAS-AVEH-4: a vehicle may drive through an Axis unit's square but not end there."""
    bike = unit("m1", "motorcycle", (2, 4), "N", role="guard")
    rifle = unit("r1", "rifle", (2, 3), "N")
    moves, st = _moves(OPEN, bike, units=[rifle])
    assert "forward" in moves
    reach = vm.search(st, bike, 3)
    ends = vm.end_poses(st, bike, reach)
    assert (2, 3, "N") in reach.cost and (2, 2, "N") in reach.cost
    assert (2, 3, "N") not in ends and (2, 2, "N") not in ends
    assert (2, 1, "N") in ends  # driven through, ending beyond him


def test_d_aveh_3_operators_and_barrels_stop_a_vehicle() -> None:
    """D-AVEH-3: an Axis vehicle never drives into an operator's square (only convoys run them over)."""
    bike = unit("m1", "motorcycle", (2, 4), "N", role="guard")
    moves, _ = _moves(OPEN, bike, ops=[op("jock", (3, 3))])
    assert "forward" not in moves and "forward_left" in moves


def test_sas_aveh_5_partly_off_the_map_but_not_wholly() -> None:
    """SAS-AVEH-5, D-AVEH-4: a vehicle on the map may stick out of it, never leave it wholly by moving."""
    bike = unit("m1", "motorcycle", (0, 4), "N", role="guard")
    moves, _ = _moves(OPEN, bike)
    assert moves["forward_left"] == ((-1, 3, "N"), 1)  # half off the west edge
    edge = unit("m2", "motorcycle", (-1, 4), "N", role="guard")  # A5..A6 on the map, the rest off
    moves, _ = _moves(OPEN, edge)
    assert "forward_left" not in moves  # would be wholly off


def test_sas_aveh_6_shortest_path_counts_reverse_and_forest() -> None:
    """SAS-AVEH-6: backing 2 squares (4 MP) beats turning round in the open; a forest strip costs 2 a square."""
    bike = unit("m1", "motorcycle", (4, 4), "N", role="guard")
    rt = runtime(OPEN)
    st = state(rt, [], [bike])
    reach = vm.search(st, bike, 10)
    assert reach.cost[(4, 6, "N")] == 4
    assert [s.move.id for s in reach.path((4, 6, "N"))] == ["reverse", "reverse"]
    forest = ["..........", "..........", "TTTTTTTTTT", "..........", "..........", "..........", ".........."]
    rt = runtime(forest)
    bike = unit("m1", "motorcycle", (4, 5), "N", role="guard")
    st = state(rt, [], [bike])
    reach = vm.search(st, bike, 10)
    assert reach.cost[(4, 1, "N")] == 1 + 2 + 1 + 1  # C5 row, forest, out, on


def test_sas_aveh_2_truck_with_one_mp_left_before_a_turn_stops() -> None:
    """SAS-AVEH-2 / convoy example: a truck needs 2 MP to turn; with 1 MP left before a needed turn it stops."""
    route = tuple((x, 5) for x in range(7)) + tuple((6, y) for y in range(6, 10))
    rows = ["." * 12] * 10
    rt = runtime(rows)
    x, y, facing = vm.entry_key(route, 2)
    truck = unit("t1", "truck", (x, y), facing, role="convoy")
    st = state(rt, [], [truck])
    steps = vm.drive(st, truck, route, 8)
    assert [s.move.id for s in steps] == ["forward"] * 7  # the 8th MP cannot pay for the turn
    moved = replace(truck, loc=steps[-1].key[:2], facing=steps[-1].key[2])
    more = vm.drive(replace(st, units=(moved,)), moved, route, 8)
    assert more[0].move.id == "turn_right" and more[0].cost == 2


def test_drive_follows_a_bend_and_leaves_the_map() -> None:
    """SAS-AVEH-14, SAS-AVEH-15, D-AVEH-6: a motorcycle enters across the west edge, turns right at the bend, and once
    past the route's end drives on until wholly off the map."""
    rows = ["." * 10] * 7
    route = tuple((x, 2) for x in range(5)) + tuple((4, y) for y in range(3, 7))
    rt = runtime(rows)
    x, y, facing = vm.entry_key(route, 2)
    assert (x, y, facing) == (-1, 1, "E")
    bike = unit("m1", "motorcycle", (x, y), facing, role="patrol")
    st = state(rt, [], [bike])
    steps = vm.drive(st, bike, route, 30)
    ids = [s.move.id for s in steps]
    assert ids == ["forward"] * 5 + ["turn_right"] + ["forward"] * 5
    assert vm.wholly_off(rt, "motorcycle", steps[-1].key)


def test_search_from_off_the_map_enters_and_stays_on() -> None:
    """D-AVEH-4: a vehicle waiting wholly off the map may drive onto it; once on, it never leaves it wholly."""
    rt = runtime(OPEN)
    bike = unit("m1", "motorcycle", (-1, 4), "E", role="assault")
    st = state(rt, [], [bike])
    reach = vm.search(st, bike, 6)
    ends = [k for k in vm.end_poses(st, bike, reach) if k != reach.start]
    assert ends and all(not vm.wholly_off(rt, "motorcycle", k) for k in ends)
