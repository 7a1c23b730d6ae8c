"""The expansion vehicles with explicit dice: howitzers fired as mortars (Panzer III SAS-UNIT-13, heavy armoured car
SAS-HM-4, Stummel SAS-KS-4), guns through one wall (armoured car SAS-HM-3, HMG Kübelwagen SAS-JGR-18, Stummel
SAS-KS-4, flamethrower half-track SAS-HD-6), the flamethrower half-track (SAS-HD-1, SAS-HD-2, SAS-HD-3, SAS-HD-4,
SAS-HD-6, OQ-67), the flak truck on patrol or guard (SAS-KS-3), the mechanical failure card (SAS-HM-1) and the troop
transport truck (SAS-HM-2); docs/sas-decisions.md D-XVEH-1, D-XVEH-2, D-XVEH-3, D-XVEH-4, D-XVEH-5, D-XVEH-6, D-XVEH-7,
D-XVEH-8, D-XVEH-9, D-XVEH-10."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from app.core.messages import Event
from app.scenario.catalog import open_session, validate_file
from app.systems.sas import SYSTEM
from app.systems.sas.axis import artillery
from app.systems.sas.combat import attacks as combat
from app.systems.sas.messages import Move, RunAxisStep, UseFailureMarker
from app.systems.sas.state import SasState
from app.systems.sas.tables import tables
from app.systems.sas.vehicles import motion as vm

from .board import activate, op, runtime, state, unit

OPEN = ["." * 24] * 12


def _apply(st: SasState, cmd: Any, dice: Sequence[int] = (), cards: Sequence[str] | None = None) -> Any:
    return SYSTEM.apply(st, cmd.with_table_input(tuple(dice), cards))


def _step(st: SasState, dice: Sequence[int] = (), cards: Sequence[str] | None = None) -> tuple[SasState, Any]:
    return _apply(st, RunAxisStep(side="axis"), dice, cards)


def _battle(rows: list[str], ops: list[Any], units: list[Any], edges: Any = (), **kw: Any) -> SasState:
    return state(runtime(rows, list(edges)), ops, units, section="battle", phase=kw.pop("phase", "attack"), **kw)


def _kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def _tank(loc: tuple[int, int] = (12, 5), facing: str = "E", **kw: Any) -> Any:
    return unit("tank", "panzer3", loc, facing, alert=True, **kw)


# --- howitzers (SAS-UNIT-13, SAS-HM-4, SAS-KS-4) ----------------------------------------------------------------


def test_sas_unit_13_panzer_iii_howitzer_hits_anywhere_on_the_map_without_los() -> None:
    """SAS-UNIT-13: Paddy is exposed behind the Panzer III (it sees only to its front), 11 squares away: its turret
    howitzer still fires, as a mortar: template's 7 on him, its 6 along the tank's facing (east, OQ-42); large
    scatter 3+4 = 7 stays; 3 rolls at 3+ (3, 2, 6) -> Paddy loses 2 HP. The HMG cannot see him: no gun attack."""
    st = _battle(OPEN, [op("paddy", (0, 5), exposed=True, hp=9)], [_tank()])
    assert not combat.can_attack(st, st.unit("tank"), st.op("paddy"))
    after, events = _step(st, dice=(3, 4, 3, 2, 6))
    aimed = next(e for e in events if e.kind == "axis_blast_aimed")
    assert aimed.rule_id == "SAS-UNIT-13" and "A6" in aimed.instruction.render()
    assert "6 pointing east" in aimed.instruction.render()
    blast = next(e for e in events if e.kind == "axis_blast")
    assert blast.ruling.target == 3 and len(blast.ruling.dice) == 3 and blast.ruling.modifiers == ()
    assert after.op("paddy").hp == 7
    assert "axis_attack" not in _kinds(events) and after.phase != "attack"


def test_sas_unit_13_panzer_iii_fires_both_weapons_in_the_attack_phase_at_the_same_target() -> None:
    """SAS-UNIT-13 / D-XVEH-1: Paddy 6 squares in front of the tank: within 7 squares of the tank itself, which does
    not count ("another Axis unit"), so the howitzer fires first (scatter 7; 3, 3, 3 -> 3 hits), then the HMG at the
    same target (3 dice at 3+, long range: 3, 3, 1 -> 2 hits)."""
    st = _battle(OPEN, [op("paddy", (18, 5), exposed=True, hp=9)], [_tank()])
    after, events = _step(st, dice=(3, 4, 3, 3, 3))
    assert _kinds(events).count("axis_blast") == 1 and "axis_attack" not in _kinds(events)
    assert after.op("paddy").hp == 6 and after.phase == "attack"
    after, events = _step(after, dice=(3, 3, 1))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert ruling.rule_id == "SAS-AVEH-10" and "HMG" in ruling.title.render() and len(ruling.dice) == 3
    assert after.op("paddy").hp == 4 and "axis_blast" not in _kinds(events)


def test_sas_unit_13_howitzer_and_hmg_at_different_targets() -> None:
    """SAS-UNIT-13: Jock, in front of the tank, stands 2 squares from an SMG guard: not a howitzer target (7 squares
    of another Axis unit), so the howitzer fires at Paddy behind it (narrating why not Jock) while the HMG fires at
    Jock, the only operator it sees."""
    guard = unit("g", "smg", (17, 0), "N", alert=True)
    ops = [op("jock", (16, 2), exposed=True, hp=9), op("paddy", (0, 10), exposed=True, hp=9)]
    st = _battle(OPEN, ops, [_tank(), guard])
    after, events = _step(st, dice=(3, 4, 6, 6, 6))
    skipped = next(e for e in events if e.kind == "axis_blast_skipped")
    assert skipped.rule_id == "SAS-UNIT-13" and "Jock" in skipped.text.render()
    assert after.op("paddy").hp == 6 and after.op("jock").hp == 9
    hmg = None
    while after.phase == "attack":
        after, events = _step(after, dice=(4, 4, 4))
        hmg = next((e for e in events if e.kind == "axis_attack" and "HMG" in e.ruling.title.render()), hmg)
    assert hmg is not None and hmg.at[1] == (16, 2)


def test_sas_aatk_1_howitzer_fires_before_every_gun_and_rifle() -> None:
    """SAS-AATK-1 / SAS-UNIT-13: the SMG guard is nearer the exposed operators than the tank, yet the tank's howitzer
    fires first (at Paddy behind it: Jock stands 2 squares from the guard), then the guard at Jock, then the tank's
    HMG at Jock (nearest first among the other units)."""
    guard = unit("g", "smg", (22, 2), "W", alert=True)
    ops = [op("jock", (20, 2), exposed=True, hp=9), op("paddy", (0, 8), exposed=True, hp=9)]
    st = _battle(OPEN, ops, [_tank((12, 8)), guard])
    order: list[tuple[str, Any]] = []
    dice = iter([(3, 4, 1, 1, 1), (1, 1), (1, 1, 1)])
    while st.phase == "attack":
        st, events = _step(st, dice=next(dice))
        order += [(e.kind, e.at[0]) for e in events if e.kind in ("axis_blast", "axis_attack")]
    assert [kind for kind, _at in order] == ["axis_blast", "axis_attack", "axis_attack"]
    assert order[1][1] == (22, 2) and order[2][1] in st.unit("tank").cells


def test_sas_unit_13_reaction_uses_only_the_hmg() -> None:
    """SAS-UNIT-13: Jock walks into the alert tank's front arc: it reacts with its HMG only (3 dice at 3+, short range
    +1: 3, 1, 1 -> 1 hit), never its howitzer."""
    st = state(runtime(OPEN), [op("jock", (17, 2), exposed=True, hp=9)], [_tank()], section="battle")
    st = activate(st, "jock")
    after, events = _apply(st, Move(side="sas", operator="jock", to=(16, 3)), dice=(3, 1, 1))
    ruling = next(e.ruling for e in events if e.kind == "reaction_attack")
    assert ruling.rule_id == "SAS-AVEH-11" and "HMG" in ruling.title.render() and len(ruling.dice) == 3
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(1, "SAS-AATK-4")]
    assert not any(e.kind.startswith("axis_blast") for e in events) and after.op("jock").hp == 8


def test_sas_unit_13_panzer_iii_enters_forest_free_and_crosses_low_walls_and_crates() -> None:
    """SAS-UNIT-13 / SAS-AVEH-3: forest costs the Panzer III 1 MP (a half-track 2); a low wall ahead and a crate
    square do not block it (they block a half-track)."""
    rows = ["....", "TTCT", "....", "....", "....", "....", "....", "...."]
    edges = [((0, 2), "N", "low_wall"), ((1, 2), "N", "low_wall")]
    tank = unit("t", "panzer3", (0, 2), "N", role="guard")
    track = unit("t", "halftrack", (0, 2), "N", role="guard")
    for vehicle, expected in ((tank, ((0, 1, "N"), 1)), (track, None)):
        st = state(runtime(rows, edges), [], [vehicle])
        assert vm.legal_moves(st, vehicle).get("forward") == expected
    st = state(runtime(rows), [], [track])
    assert vm.legal_moves(st, track).get("forward") == ((0, 1, "N"), 2)  # forest, no wall: 2 MP for the half-track
    crate = unit("t", "panzer3", (1, 2), "N", role="guard")  # ahead: C2 crate and B2 forest
    st = state(runtime(rows), [], [crate])
    assert vm.legal_moves(st, crate).get("forward") == ((1, 1, "N"), 1)


def test_sas_hm_4_heavy_armoured_car_howitzer_only_in_its_front_arc_however_far() -> None:
    """SAS-HM-4: Jock behind the heavy armoured car, 3 squares away, is no target; Paddy 15 squares ahead beyond a
    rock wall that hides him is: no range or LOS limit in its front 90° (scatter 7; 3, 6, 2 -> 2 hits)."""
    rows = ["." * 24] * 12
    rows = [r[:6] + "R" + r[7:] for r in rows]
    car = unit("hac", "heavy_armoured_car", (5, 5), "W", alert=True)  # squares F5-I6, facing west
    ops = [op("jock", (11, 5), exposed=True, hp=9), op("paddy", (0, 3), exposed=True, hp=9)]
    st = _battle(["." * 24] * 12, ops[:1], [car])
    after, events = _step(st)
    assert "axis_blast" not in _kinds(events)
    ops[0] = replace(ops[0], loc=(23, 5))  # now behind the car, 2 squares from its rear
    st = state(runtime(rows), ops, [replace(car, loc=(18, 5))], section="battle", phase="attack")
    after, events = _step(st, dice=(3, 4, 3, 6, 2))
    aimed = next(e for e in events if e.kind == "axis_blast_aimed")
    assert aimed.rule_id == "SAS-HM-4" and "6 pointing west" in aimed.instruction.render()
    assert after.op("paddy").hp == 7 and after.op("jock").hp == 9


def test_sas_hm_4_no_target_within_7_squares_of_another_axis_unit() -> None:
    """SAS-HM-4: the only exposed operator in its arc stands 4 squares from an SMG guard: the howitzer does not
    fire, and nothing else of the car does (it has no gun)."""
    car = unit("hac", "heavy_armoured_car", (20, 5), "W", alert=True)
    st = _battle(OPEN, [op("paddy", (2, 5), exposed=True)], [car, unit("g", "smg", (2, 9), "N")])
    after, events = _step(st)
    assert not any(e.kind.startswith("axis_blast") for e in events) and after.phase != "attack"


# --- guns through one wall (SAS-AATK-7 with SAS-HM-3, SAS-JGR-18, SAS-KS-4, SAS-HD-6) ---------------------------

BUILDING = ["B" * 14] * 6 + ["." * 14] * 14


def _building(window: int | None = None) -> list[tuple[tuple[int, int], str, str]]:
    """Rows 0-5 are a building closed by a wall along its south side (a window at column ``window``)."""
    return [((x, 5), "S", "window" if x == window else "building_wall") for x in range(14)]


def _wall_shot(kind: str, loc: tuple[int, int], facing: str, dice: Sequence[int]) -> tuple[SasState, Any]:
    """Exposed Jock inside the building at F4, out of the vehicle's LOS; one Attack-phase step."""
    st = _battle(
        BUILDING, [op("jock", (5, 3), exposed=True, hp=9)], [unit("v", kind, loc, facing, alert=True)], _building()
    )
    return _step(st, dice=dice)


def test_sas_hm_3_armoured_car_cannon_through_one_wall_toward_its_front_at_minus_3() -> None:
    """SAS-HM-3 / SAS-AATK-7: the armoured car 4 squares from exposed Jock inside the building fires its cannon through
    the wall: -3, short range +1; rolls 6, 5, 3 -> 4, 3, 1 at 3+: 2 hits."""
    after, events = _wall_shot("armoured_car", (5, 7), "N", (6, 5, 3))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert ruling.rule_id == "SAS-AATK-7" and "Cannon" in ruling.title.render() and "wall" in ruling.title.render()
    assert sorted((m.value, m.rule_id) for m in ruling.modifiers) == [(-3, "SAS-AATK-7"), (1, "SAS-AATK-4")]
    assert after.op("jock").hp == 7


def test_sas_hm_3_armoured_car_never_fires_through_a_wall_behind_it() -> None:
    """SAS-HM-3: front LOS only, and the cannon fires through a wall only toward its front: backed up to the building
    it has no shot at Jock."""
    st = _battle(
        BUILDING, [op("jock", (5, 3), exposed=True)], [unit("v", "armoured_car", (6, 10), "S", alert=True)], _building()
    )
    assert not combat.can_attack(st, st.unit("v"), st.op("jock"))


def test_sas_jgr_18_hmg_kubelwagen_fires_through_one_wall_toward_its_front() -> None:
    """SAS-JGR-18: the HMG Kübelwagen 5 squares away fires its HMG through the wall: -3 (no short range); rolls
    6, 6, 5 -> 3, 3, 2: 2 hits."""
    after, events = _wall_shot("hmg_kubelwagen", (5, 8), "N", (6, 6, 5))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert ruling.rule_id == "SAS-AATK-7" and [(m.value, m.rule_id) for m in ruling.modifiers] == [(-3, "SAS-AATK-7")]
    assert after.op("jock").hp == 7


def test_sas_ks_4_stummel_hmg_through_a_wall_only_to_its_rear() -> None:
    """SAS-KS-4: the Stummel backed up to the building fires its HMG through the wall into its rear arc (6, 6, 6 at
    -3: 3 hits, "rear arc"); facing the building it has no HMG shot (its HMG fires to the rear only) — Jock is within
    7 squares of nobody else, so its front howitzer fires instead (scatter 7, 3 rolls: 6, 1, 1 with -3: 1 hit)."""
    after, events = _wall_shot("stummel_halftrack", (6, 10), "S", (6, 6, 6))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert ruling.rule_id == "SAS-AATK-7" and any("rear" in n.render() for n in ruling.notes)
    assert after.op("jock").hp == 6 and "axis_blast" not in _kinds(events)
    after, events = _wall_shot("stummel_halftrack", (5, 7), "N", (3, 4, 6, 1, 1))
    assert "axis_attack" not in _kinds(events)
    blast = next(e for e in events if e.kind == "axis_blast")
    assert blast.rule_id == "SAS-KS-4" and [(m.value, m.rule_id) for m in blast.ruling.modifiers] == [(-3, "SAS-KS-4")]
    assert after.op("jock").hp == 8 and after.phase != "attack"


def test_sas_hd_6_flamethrower_half_track_hmg_through_one_wall_toward_its_front() -> None:
    """SAS-HD-6: its HMG fires through the wall toward its front (6, 6, 2 at -3 +1: 2 hits); its flamethrower does
    not (no LOS to Jock)."""
    after, events = _wall_shot("flamethrower_halftrack", (5, 7), "N", (6, 6, 2))
    rulings = [e.ruling for e in events if e.kind == "axis_attack"]
    assert len(rulings) == 1 and "HMG" in rulings[0].title.render() and rulings[0].rule_id == "SAS-AATK-7"
    assert after.op("jock").hp == 7 and not any(o.kind == "fire" for o in after.objects)


# --- the flamethrower half-track (SAS-HD-1, SAS-HD-2, SAS-HD-3, SAS-HD-4, SAS-HD-6, OQ-67)
# -------------------------------------------------

FOREST = ["." * 14] * 5 + ["....." + "T" + "." * 8] + ["." * 14] * 8


def _flamer(loc: tuple[int, int] = (5, 8)) -> Any:
    return unit("fht", "flamethrower_halftrack", loc, "N", alert=True)


def test_sas_hd_2_flamethrower_half_track_fires_both_weapons_soft_cover_does_not_count_against_the_flames() -> None:
    """SAS-HD-6 / SAS-HD-2: Jock exposed in a forest square 3 squares ahead. The HMG: short +1, forest -1 (3, 3, 3 at
    3+: 3 hits); the flamethrower (1 die at 2+, range 0/5, proposed): the forest gives no modifier (shown as 0,
    SAS-HD-2): rolls 2 -> 1 hit."""
    st = _battle(FOREST, [op("jock", (5, 5), exposed=True, hp=9)], [_flamer()])
    after, events = _step(st, dice=(3, 3, 3, 2))
    hmg, flame = (e.ruling for e in events if e.kind == "axis_attack")
    assert "HMG" in hmg.title.render() and sorted((m.value, m.rule_id) for m in hmg.modifiers) == [
        (-1, "SAS-AATK-5"),
        (1, "SAS-AATK-4"),
    ]
    assert "Flamethrower" in flame.title.render() and flame.rule_id == "SAS-HD-6" and flame.target == 2
    assert [(m.value, m.rule_id) for m in flame.modifiers] == [(0, "SAS-HD-2")]
    assert after.op("jock").hp == 5 and not any(o.kind == "fire" for o in after.objects)


def test_sas_hd_3_flamethrower_half_track_sets_a_fire_marker_in_the_operators_room() -> None:
    """SAS-HD-3: Jock on the inner window square, 2 squares ahead: the HMG (6, 6, 6: +1 short, -2 window: 3 hits) and
    the flamethrower (6 - 2 = 4 at 2+: 1 hit); besides its roll a fire marker goes in his room, for good."""
    st = _battle(BUILDING, [op("jock", (5, 5), exposed=True, hp=9)], [_flamer((5, 7))], _building(window=5))
    after, events = _step(st, dice=(6, 6, 6, 6))
    flame = [e.ruling for e in events if e.kind == "axis_attack"][1]
    assert [(m.value, m.rule_id) for m in flame.modifiers] == [(-2, "SAS-AATK-5")]
    fire = next(e for e in events if e.kind == "fire_marker")
    assert fire.rule_id == "SAS-HD-3" and "rest of the game" in fire.instruction.render()
    assert [o.loc for o in after.objects if o.kind == "fire"] == [(5, 5)] and after.op("jock").hp == 5


def test_sas_hd_4_flamethrower_half_track_spares_a_room_holding_another_axis_unit() -> None:
    """SAS-HD-4: an SMG guard stands in Jock's room: the flamethrower does not attack him; the HMG does (6, 6, 1)."""
    guard = unit("g", "smg", (1, 1), "N", alert=True)
    st = _battle(BUILDING, [op("jock", (5, 5), exposed=True, hp=9)], [_flamer((5, 7)), guard], _building(window=5))
    shots = combat.vehicle_shots(st, st.unit("fht"), st.op("jock"), reaction=False)
    assert [s.weapon.id for s in shots] == ["hmg"]


def test_sas_hd_6_flamethrower_range_is_5() -> None:
    """SAS-HD-6: range 0/5: Jock 6 squares ahead is in reach of the HMG only."""
    st = _battle(OPEN, [op("jock", (5, 2), exposed=True)], [_flamer()])
    assert [s.weapon.id for s in combat.vehicle_shots(st, st.unit("fht"), st.op("jock"), reaction=False)] == ["hmg"]
    st = st.with_op("jock", loc=(5, 3))
    assert [s.weapon.id for s in combat.vehicle_shots(st, st.unit("fht"), st.op("jock"), reaction=False)] == [
        "hmg",
        "flamethrower",
    ]


def test_sas_hd_1_oq_67_flamethrower_half_track_never_reacts() -> None:
    """SAS-HD-1 / OQ-67: a unit carrying a flamethrower makes no reaction attacks — the half-track's HMG neither:
    Jock walks into its front arc and no die is rolled."""
    st = state(runtime(OPEN), [op("jock", (6, 2), exposed=True)], [_flamer()], section="battle")
    st = activate(st, "jock")
    after, events = _apply(st, Move(side="sas", operator="jock", to=(5, 3)))
    refused = next(e for e in events if e.kind == "no_reaction")
    assert refused.rule_id == "SAS-HD-1" and "reaction_attack" not in _kinds(events)
    assert after.op("jock").hp == st.op("jock").hp


# --- mechanical failure (SAS-HM-1) -----------------------------------------------------------------------------

TUTORIAL = Path(__file__).parents[3] / "scenarios" / "sas" / "tutorial_assassination.json"


def _failure_card(section: str) -> SasState:
    rt = runtime(OPEN, cards={"HM1": tables().expansion_cards["HM1"]})
    ops = [op("jock", (2, 2), exposed=section == "battle"), op("paddy", (3, 2))]  # Battle: one exposed (SAS-ALARM-4)
    return state(rt, ops, [], section=section, phase="event", deck=("HM1",))


def test_sas_hm_1_the_card_gives_a_failure_marker_to_an_operators_item_slot() -> None:
    """SAS-HM-1 / D-XVEH-6: drawn in either section, the Mechanical failure card puts a failure marker in an item slot
    of the first operator of the team on the map."""
    for section in ("stealth", "battle"):
        after, events = _step(_failure_card(section), cards=["HM1"])
        taken = next(e for e in events if e.kind == "failure_marker_taken")
        assert taken.rule_id == "SAS-HM-1" and "item slot" in taken.instruction.render()
        held = [after.op(o).item_count("failure_marker") for o in ("jock", "paddy")]
        assert held == [1, 0]


def test_sas_hm_1_the_marker_goes_on_any_axis_vehicle_on_the_map_for_0_ap() -> None:
    """SAS-HM-1: at any moment of his activation Jock puts the marker on an Axis vehicle on the map — alert or not,
    not one waiting off the map, never on infantry; it costs no AP and the token leaves his board."""
    jock = op("jock", (2, 2), items=(("failure_marker", 1),))
    bike = unit("m", "motorcycle", (10, 6), "N", role="patrol")
    waiting = unit("w", "truck", (30, 6), "W", role="assault", on_spawn=True)
    st = activate(state(runtime(OPEN), [jock], [bike, waiting, unit("s", "smg", (5, 5), "N")]), "jock")
    offered = [c for c in SYSTEM.legal_commands(st) if isinstance(c, UseFailureMarker)]
    assert [c.target for c in offered] == ["m"]
    after, events = _apply(st, offered[0])
    assert after.unit("m").failed and after.activation.ap == st.activation.ap
    assert after.op("jock").item_count("failure_marker") == 0
    broke = next(e for e in events if e.kind == "mechanical_failure")
    assert broke.rule_id == "SAS-HM-1" and "equipment area" in broke.instruction.render()
    assert not any(isinstance(c, UseFailureMarker) for c in SYSTEM.legal_commands(after))


def test_sas_hm_1_the_failed_vehicle_does_not_move_but_still_fires_and_the_marker_goes_in_the_end_phase() -> None:
    """SAS-HM-1: the alert motorcycle with a failure marker does not advance toward exposed Jock, 6 squares ahead;
    in the Axis Attack phase it still fires (3, 3, 3 at 3+: 3 hits); the End phase removes the marker."""
    bike = unit("m", "motorcycle", (10, 8), "N", alert=True, failed=True)
    st = state(runtime(OPEN), [op("jock", (10, 2), exposed=True, hp=9)], [bike], section="battle", phase="advance")
    after, events = _step(st)
    stays = next(e for e in events if e.kind == "vehicle_stays")
    assert stays.rule_id == "SAS-HM-1" and after.unit("m").loc == (10, 8)
    fired = False
    while after.phase != "operator":
        after, events = _step(after, dice=(3, 3, 3) if after.phase == "attack" else ())
        fired = fired or any(e.kind == "axis_attack" for e in events)
        if any(e.kind == "failure_markers_removed" for e in events):
            assert not after.unit("m").failed
    assert fired and after.op("jock").hp == 6 and not after.unit("m").failed


def test_sas_hm_1_a_failed_patrol_vehicle_skips_its_black_patrol_drive() -> None:
    """SAS-HM-1: a patrol motorcycle with a failure marker stays put in the black Patrol phase."""
    rt = runtime(["." * 10] * 7)
    route = tuple((x, 2) for x in range(10))
    rt.routes["m"] = route
    bike = unit("m", "motorcycle", (4, 2), "E", role="patrol", line="m", failed=True)
    st = state(rt, [op("jock", (0, 6))], [bike], phase="patrol", patrol_marker="black")
    after, events = _step(st)
    assert after.unit("m").loc == (4, 2) and "SAS-HM-1" in [e.rule_id for e in events]


def test_sas_hm_1_missions_add_the_expansion_card_to_their_deck(tmp_path: Path) -> None:
    """SAS-HM-1 / SAS-DECK-1: a mission shuffles the Mechanical failure card into its deck by id
    (event_deck.expansion_cards); an unknown id is refused, naming the field."""
    data = json.loads(TUTORIAL.read_text("utf-8"))
    data["event_deck"] = {"name": "core", "expansion_cards": ["HM1"]}
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data), "utf-8")
    session = open_session(good, {"sas": SYSTEM}, seed=1)
    assert session.state.rt.cards["HM1"].battle.type == "mechanical_failure" and "HM1" in session.state.deck
    data["event_deck"]["expansion_cards"] = ["HM9"]
    good.write_text(json.dumps(data), "utf-8")
    error = validate_file(good, {"sas": SYSTEM})
    assert error is not None and "HM9" in error.problems[0].message
    assert error.problems[0].path.startswith("$.event_deck.expansion_cards")


# --- the troop transport truck (SAS-HM-2) ----------------------------------------------------------------------


def _truck(loc: tuple[int, int], facing: str, **kw: Any) -> Any:
    return unit("tt", "troop_truck", loc, facing, **kw)


def _dismounted(st: SasState) -> list[Any]:
    """The SMG infantry unloaded from the truck (there is no other SMG on these boards)."""
    return [u for u in st.units if u.kind == "smg"]


def test_sas_hm_2_alert_troop_truck_unloads_8_alert_smg_next_to_it_nearest_the_exposed_operator() -> None:
    """SAS-HM-2: Jock steps into the guard truck's front sight: it flips to alert and, once his move is over, to its
    empty side, placing 8 alert SMG infantry in the free squares next to it nearest him (the front row, then the
    squares along its sides nearest him; D-XVEH-8, D-JGR-13), facing him."""
    truck = _truck((10, 4), "S", role="guard")  # squares J2-K5, facing south
    st = activate(state(runtime(OPEN), [op("jock", (11, 9))], [truck]), "jock")
    after, events = _apply(st, Move(side="sas", operator="jock", to=(10, 8)))
    assert after.unit("tt").alert and after.unit("tt").mode == "empty"
    troops = _dismounted(after)
    assert len(troops) == 8 and all(u.kind == "smg" and u.alert and u.facing == "S" for u in troops)
    assert {u.loc for u in troops} == {(8, 5), (9, 5), (10, 5), (11, 5), (8, 4), (11, 4), (8, 3), (11, 3)}
    unloaded = next(e for e in events if e.kind == "vehicle_unloaded")
    assert unloaded.rule_id == "SAS-HM-2" and "empty side" in unloaded.instruction.render()
    assert "I6" in unloaded.instruction.render()
    assert not any(e.kind == "reaction_attack" for e in events)  # alerted now: they react after his next action


def test_sas_hm_2_the_alarm_unloads_a_truck_on_the_map_and_its_troops_advance() -> None:
    """SAS-HM-2 / SAS-EVT-6: the alarm sounds in the Event phase (meter 1, an alarm-advance card): the unalert guard
    truck is alert and unloads at once; in the Battle section's Advance phase the SMG advance, the truck stays."""
    truck = _truck((10, 4), "S", role="guard")
    st = state(runtime(OPEN), [op("jock", (10, 10), exposed=True, hp=9)], [truck], phase="event", meter=1)
    after, events = _step(st, cards=["E05"])
    assert after.section == "battle" and len(_dismounted(after)) == 8
    assert _kinds(events).index("alarm_raised") < _kinds(events).index("vehicle_unloaded")
    st = replace(after, phase="advance", done=frozenset())
    after, events = _step(st)
    assert after.unit("tt").loc == (10, 4) and any(e.kind == "unit_moved" for e in events)
    assert any(u.loc != v.loc for u, v in zip(_dismounted(after), _dismounted(st), strict=True))


def test_sas_hm_2_off_the_map_when_the_alarm_sounds_it_enters_next_advance_phase_then_unloads() -> None:
    """SAS-HM-2 / SAS-AVEH-24: an assault troop truck waiting off the east edge is alert after the alarm; it enters
    at the start of the next Advance phase, unloads its 8 SMG next to it — who may advance in that same phase — and
    stays there for the rest of the game."""
    x, y, facing = vm.entry_key(((23, 6), (22, 6)), 2)
    truck = _truck((x, y), facing, role="assault", alert=True, on_spawn=True)
    st = state(runtime(OPEN), [op("jock", (2, 6), exposed=True)], [truck], section="battle", phase="advance")
    after, events = _step(st)
    entered = after.unit("tt")
    assert entered is not None and not entered.on_spawn and entered.mode == "empty"
    assert _kinds(events).index("unit_moved") < _kinds(events).index("vehicle_unloaded")
    assert len(_dismounted(after)) == 8 and all(after.rt.map_cells >= {u.loc} for u in _dismounted(after))
    landed = {u.id: u.loc for u in _dismounted(after)}
    assert after.phase == "advance" and not set(landed) & after.done
    advanced, _ = _step(after)
    assert any(advanced.unit(uid).loc != loc for uid, loc in landed.items())
    later, _ = _step(replace(after, done=frozenset(), phase="advance"))
    assert later.unit("tt") == entered  # stationary from now on


def test_sas_hm_2_destroyed_before_unloading_its_smg_die_with_it() -> None:
    """SAS-HM-2 / SAS-AVEH-12: a Lewes-bomb blast destroys the unalert troop truck (6 successes on 6 HP): its 8 SMG
    infantry die with it; nobody is placed."""
    from app.core.dice import Roller
    from app.systems.sas.combat.blasts import blast
    from app.systems.sas.context import Ctx

    st = state(runtime(OPEN), [op("jock", (0, 11))], [_truck((10, 4), "S", role="guard")])
    ctx = Ctx(st, Roller(st.dice, (2, 2, 2, 2, 2, 2)))
    blast(ctx, (10, 3), 6, 2, what="A Lewes bomb", rule="SAS-EQ-5", source="lewes_bomb")
    assert ctx.state.unit("tt") is None
    lost = next(e for e in ctx.events if e.kind == "passengers_killed")
    assert lost.rule_id == "SAS-HM-2" and "8" in lost.text.render()
    assert not _dismounted(ctx.state)


def test_sas_hm_2_with_the_squares_next_to_it_blocked_the_rest_stand_one_ring_out() -> None:
    """SAS-HM-2 / D-JGR-13: rock on both sides leaves only 4 free squares next to the truck (2 ahead, 2 behind); the
    other 4 SMG stand on the next-nearest free squares, nearest Jock first."""
    rows = ["...." + "R" + ".." + "R" + "." * 16] * 12
    truck = _truck((5, 4), "N", role="guard")  # squares F5-G8 between rock columns E and H
    st = activate(state(runtime(rows), [op("jock", (5, 0))], [truck]), "jock")
    after, _ = _apply(st, Move(side="sas", operator="jock", to=(6, 1)))
    placed = {u.loc for u in _dismounted(after)}
    assert len(placed) == 8 and {(5, 3), (6, 3), (5, 8), (6, 8), (5, 2), (6, 2)} <= placed
    assert all(after.unit("tt").distance(c) <= 2 for c in placed)


# --- the flak truck on the map (SAS-KS-3) ----------------------------------------------------------------------


def _flak_patrol(**kw: Any) -> SasState:
    """A flak truck on a straight east-west route along row 4, on the map over E3-E4 facing east; Jock, exposed,
    behind it."""
    rt = runtime(["." * 20] * 8)
    rt.routes["f"] = tuple((x, 3) for x in range(20))
    flak = unit("f", "flak_truck", (4, 2), "E", role="patrol", line="f", **kw)
    return state(rt, [op("jock", (0, 7), exposed=True)], [flak], section="battle")


def test_sas_ks_3_alert_flak_truck_keeps_to_its_route_in_the_advance_phase_only() -> None:
    """SAS-KS-3: unalert, the patrol flak truck drives its route in the black Patrol phase (8 MP); once alert it
    drives on along the route — not toward exposed Jock — in the Axis Advance phase, and no longer in Patrol
    phases."""
    st = replace(_flak_patrol(), section="stealth", phase="patrol", patrol_marker="black")
    after, events = _step(st)
    assert after.unit("f").loc == (12, 2) and "SAS-AVEH-14" in [e.rule_id for e in events]
    alert = replace(_flak_patrol(alert=True), section="stealth", phase="patrol", patrol_marker="black")
    after, _ = _step(alert)
    assert after.unit("f").loc == (4, 2)
    after, events = _step(replace(alert, phase="advance"))
    moved = next(e for e in events if e.kind == "unit_moved")
    assert moved.rule_id == "SAS-KS-3" and after.unit("f").loc == (12, 2) and after.unit("f").facing == "E"


def test_sas_ks_3_guard_flak_truck_never_moves() -> None:
    """SAS-KS-3: an alert guard flak truck that sees exposed Jock stays put (a guard half-track would advance); it
    never attacks him either (air units only)."""
    flak = unit("f", "flak_truck", (4, 3), "E", role="guard", alert=True)
    st = state(runtime(["." * 20] * 8), [op("jock", (10, 3), exposed=True)], [flak], section="battle", phase="advance")
    after, _ = _step(st)
    assert after.unit("f") == flak and not combat.can_attack(st, flak, st.op("jock"))
    track = unit("f", "halftrack", (4, 3), "E", role="guard", alert=True)
    after, _ = _step(replace(st, units=(track,)))
    assert after.unit("f") != track


def test_d_xveh_3_heavy_armoured_car_advances_only_to_bring_its_howitzer_to_bear() -> None:
    """SAS-HM-4 / SAS-AVEH-9 / D-XVEH-3: armed only with its front howitzer, an alert heavy armoured car that can
    already fire at exposed Jock stays; with Jock behind it, it drives until he is in its front arc."""
    jock = op("jock", (2, 5), exposed=True)
    ahead = unit("hac", "heavy_armoured_car", (12, 5), "W", role="spawned", alert=True)
    st = state(runtime(OPEN), [jock], [ahead], section="battle", phase="advance")
    after, events = _step(st)
    stays = next(e for e in events if e.kind == "vehicle_stays")
    assert stays.rule_id == "SAS-HM-4" and after.unit("hac") == ahead
    behind = replace(ahead, facing="E")
    after, events = _step(replace(st, units=(behind,)))
    moved = after.unit("hac")
    assert moved is not None and moved != behind and "SAS-AVEH-9" in [e.rule_id for e in events]
    assert artillery.howitzer_ready(after, moved)


def test_d_xveh_3_assault_heavy_armoured_car_drives_onto_the_map_before_it_shells() -> None:
    """SAS-AVEH-24 / D-XVEH-3: waiting off the east edge, Jock already lies in its front arc, but a vehicle off the
    board cannot fire (D-AVEH-4): after the alarm it drives onto the map."""
    x, y, facing = vm.entry_key(((23, 6), (22, 6)), 2)
    car = unit("hac", "heavy_armoured_car", (x, y), facing, role="assault", alert=True, on_spawn=True)
    st = state(runtime(OPEN), [op("jock", (2, 6), exposed=True)], [car], section="battle", phase="advance")
    assert not artillery.howitzer_ready(st, car)
    after, _ = _step(st)
    entered = after.unit("hac")
    assert entered is not None and not entered.on_spawn and artillery.howitzer_ready(after, entered)


MISSION = Path(__file__).parents[3] / "scenarios" / "sas" / "heavy_metal_armoured_column.json"


def test_heavy_metal_mission_places_its_expansion_vehicles_and_card() -> None:
    """The Heavy Metal mission: a Panzer III guard, an armoured car patrol, a heavy armoured car waiting off the east
    edge, the Mechanical failure card in the deck and a reinforcement column (armoured car, troop truck) waiting for
    its card C1 (SAS-UNIT-13, SAS-HM-1, SAS-HM-2, SAS-HM-3, SAS-HM-4, SAS-AVEH-14, SAS-AVEH-15, SAS-AVEH-16,
    SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21, SAS-AVEH-22, SAS-AVEH-23, SAS-AVEH-24)."""
    st = open_session(MISSION, {"sas": SYSTEM}, seed=1).state
    kinds = {u.id: (u.kind, u.role) for u in st.units if u.is_vehicle}
    assert kinds == {
        "patrol_car": ("armoured_car", "patrol"),
        "chateau_panzer": ("panzer3", "guard"),
        "assault_hac": ("heavy_armoured_car", "assault"),
    }
    assert "HM1" in st.deck and st.rt.cards["HM1"].stealth.type == "mechanical_failure"
    assert [u.kind for u in st.rt.arrivals["C1"]] == ["armoured_car", "troop_truck"]


def test_sas_hm_1_a_failed_hunter_vehicle_is_not_moved_by_the_hunter() -> None:
    """SAS-HM-1 with SAS-JGR-14: the Jäger hunter cannot move his HMG Kübelwagen while it has a failure marker."""
    from app.systems.sas.jager import units as jager_units
    from app.systems.sas.state import HunterState

    car = unit("k", "hmg_kubelwagen", (10, 6), "N", role="spawned", alert=True)
    st = state(runtime(OPEN), [op("jock", (2, 2), exposed=True)], [car], section="battle", phase="advance")
    st = replace(st, hunter=HunterState(deck=(), hunters=("k",), ready=True))
    assert [u.id for u in jager_units.movers(st)] == ["k"]
    assert jager_units.movers(st.with_unit("k", failed=True)) == []


def test_sas_hm_4_d_integ_3_heavy_armoured_car_shells_the_occupied_willys_in_its_front_arc() -> None:
    """SAS-HM-4 / D-INTEG-3: the howitzer may aim at an exposed occupied operator vehicle as the mortar does — here
    the Willys (M1-M2) ahead of the heavy armoured car, the 7 on its nearest square; scatter 3+4 = 7 stays; 3 rolls at
    3+ (6, 6, 1) -> 2 damage to the Willys. Facing away, the car has no target."""
    from .test_operator_vehicles import _willys

    crew = op("jock", None, aboard="willys", seat="driver", exposed=True)
    car = unit("hac", "heavy_armoured_car", (20, 0), "W", alert=True)
    st = state(runtime(OPEN), [crew], [car], section="battle", phase="attack", op_vehicles=(_willys((12, 0), "N"),))
    assert artillery.howitzer_ready(st, car)
    after, events = _step(st, dice=(3, 4, 6, 6, 1))
    aimed = next(e for e in events if e.kind == "axis_blast_aimed")
    assert aimed.rule_id == "SAS-HM-4" and "Willys" in aimed.text.render()
    assert after.op_vehicle("willys").damage == 2
    away = replace(car, loc=(20, 1), facing="E")
    assert not artillery.howitzer_ready(replace(st, units=(away,)), away)
