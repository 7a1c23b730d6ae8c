"""The expansion vehicles with explicit dice: howitzers fired as mortars (Panzer III SAS-UNIT-13, heavy armoured car
SAS-HM-4, Stummel SAS-KS-4), guns through one wall (armoured car SAS-HM-3, HMG Kübelwagen SAS-JGR-18, Stummel
SAS-KS-4, flamethrower half-track SAS-HD-6), the flamethrower half-track (SAS-HD-1..4, SAS-HD-6, OQ-67), the flak
truck on patrol or guard (SAS-KS-3), the mechanical failure card (SAS-HM-1) and the troop transport truck (SAS-HM-2);
docs/sas-decisions.md D-XVEH-1..n."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.core.messages import Event
from app.systems.sas import SYSTEM, combat
from app.systems.sas import vehicle_motion as vm
from app.systems.sas.messages import Move, RunAxisStep
from app.systems.sas.state import SasState

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
