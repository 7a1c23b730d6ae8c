"""Air support with explicit dice: calling the Hawker Typhoon, its card, its attack run, rockets and HMG, and the AA
guns, flak trucks and Axis units that fire at it (SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10, SAS-SUP-11,
SAS-SUP-12, SAS-SUP-13, SAS-SUP-14, SAS-SUP-15, SAS-DECK-5, SAS-BLAST-7, SAS-KS-3, OQ-47, OQ-48; docs/sas-decisions.md
D-AIR-1, D-AIR-2, D-AIR-3, D-AIR-4, D-AIR-5, D-AIR-6, D-AIR-7, D-AIR-8, D-AIR-9, D-AIR-10, D-AIR-11, D-AIR-12).

Missions: the Typhoon mission (2×2 tiles, entry/exit tile below the bottom edge: tiles A1 airfield, B1 depot, A2
woods, B2 crossroads; centres D6, L6, D14, L14) and, for runs over three tiles, the demolition mission (3×2 tiles).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from app.core.errors import IllegalCommandError
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.board.vision import sees_op
from app.systems.sas.messages import (
    ActivateOperator,
    Attack,
    CallTyphoon,
    EndPhase,
    RunAxisStep,
    TyphoonAttack,
    TyphoonMove,
    TyphoonPath,
)
from app.systems.sas.state import SasState, TyphoonState
from app.systems.sas.support import airspace

from .board import unit, with_defaults

FOLDER = Path(__file__).parents[3] / "scenarios" / "sas"
AIRFIELD = FOLDER / "fearless_flak_airfield.json"
DEMOLITION = FOLDER / "demolition_fuel_depot.json"
TUTORIAL = FOLDER / "tutorial_assassination.json"


@cache
def _opening(path: Path) -> SasState:
    state = open_session(path, {"sas": SYSTEM}, seed=1).state
    assert isinstance(state, SasState)
    return state


def _apply(st, cmd, dice=(), cards=None):
    return with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, cards)))


def _sq(st, label):
    return st.rt.cell(label)


def _mission(path=AIRFIELD, units=(), **kw) -> SasState:
    """The mission's opening position with only ``units`` on the map."""
    return replace(_opening(path), units=tuple(units), **kw)


def _flying(st: SasState, edge: str = "E", line: int = 0, step: int = -1, **kw) -> SasState:
    """The Typhoon on its attack run from ``edge`` over line ``line`` of tiles, ``step`` tiles in (-1: off the map)."""
    path = airspace.lines(st.rt, edge)[line]
    plane = TyphoonState(status="flying", edge=edge, path=path, step=step, ap=2, turn=st.turn, rockets=2)
    return replace(st, typhoon=replace(plane, **kw))


def _battle(st: SasState) -> SasState:
    st = replace(st, section="battle", units=tuple(replace(u, alert=True) for u in st.units))
    return st.with_op("jock", exposed=True)


def _kinds(events):
    return [e.kind for e in events]


# --- calling it: the card (SAS-SUP-6, SAS-SUP-7, SAS-DECK-5, OQ-47) ---------------------------------------------------


@pytest.mark.parametrize(("edge", "position"), [("E", 3), ("W", 3), ("S", 2), ("N", 4)])
def test_sas_sup_7_card_position_by_entry_edge(edge, position):
    """SAS-SUP-7 / SAS-DECK-5: the entry/exit tile lies below the bottom (south) edge. The rulebook's example: a
    Typhoon placed at the right edge enters by a side edge, so its card goes 3rd; the same edge 2nd, the opposite 4th.
    The Typhoon waits off the map at that edge."""
    st = _mission()
    assert airspace.home_edge(st.rt) == "S"
    after, events = _apply(st, CallTyphoon(side="sas", edge=edge))
    assert after.typhoon.status == "called" and after.typhoon.card == position and after.typhoon.edge == edge
    called = next(e for e in events if e.kind == "typhoon_called")
    assert called.rule_id == "SAS-SUP-7"
    assert f"position {position} from the top" in called.instruction.render("en")


def test_sas_sup_6_legal_only_when_the_mission_allows_it():
    """SAS-SUP-6: the mission page says whether the Typhoon is available: the tutorial has none, the Typhoon mission
    offers a call from each of the 4 edges in the Operator phase."""
    tutorial = _opening(TUTORIAL)
    assert not any(isinstance(c, CallTyphoon) for c in SYSTEM.legal_commands(tutorial))
    with pytest.raises(IllegalCommandError) as refused:
        _apply(tutorial, CallTyphoon(side="sas", edge="N"))
    assert refused.value.rule_id == "SAS-SUP-6"
    calls = [c for c in SYSTEM.legal_commands(_mission()) if isinstance(c, CallTyphoon)]
    assert sorted(c.edge for c in calls) == ["E", "N", "S", "W"]


def test_sas_sup_6_one_typhoon_card_at_a_time():
    """SAS-SUP-6, SAS-SUP-10: once its card is in the deck it cannot be called again until its run is over."""
    st, _ = _apply(_mission(), CallTyphoon(side="sas", edge="E"))
    assert not any(isinstance(c, CallTyphoon) for c in SYSTEM.legal_commands(st))
    with pytest.raises(IllegalCommandError) as refused:
        _apply(st, CallTyphoon(side="sas", edge="N"))
    assert refused.value.rule_id == "SAS-SUP-10"


def test_oq_47_card_reaches_the_top_after_p_minus_1_event_phases():
    """OQ-47 / SAS-SUP-8 (D-AIR-1): a card put 3rd moves up one place after each Event phase draw: 2nd after the first,
    on top after the second — then it is taken off the deck and the Typhoon arrives; the card is never drawn."""
    st = _mission(phase="event", typhoon=TyphoonState(status="called", edge="E", card=3))
    after, events = _apply(st, RunAxisStep(side="axis"))
    assert after.typhoon.status == "called" and after.typhoon.card == 2
    assert "typhoon_card" in _kinds(events)
    again = replace(after, phase="event", done=frozenset())
    after, events = _apply(again, RunAxisStep(side="axis"))
    assert after.typhoon.status == "arriving"
    top = next(e for e in events if e.kind == "typhoon_card" and e.rule_id == "SAS-SUP-8")
    assert "off the event deck" in top.instruction.render("en")
    assert sum(1 for e in events if e.kind == "card_drawn") == 1  # the regular card only


def test_sas_sup_8_path_chosen_first_thing_in_the_operator_phase():
    """SAS-SUP-8: when the card has reached the top, the Operator phase starts with choosing a line of tiles running
    away from the Typhoon's edge: from the east, the top row (B1, A1) or the bottom row (B2, A2); nobody else acts
    before. The Typhoon then waits off the east edge level with the first tile's centre."""
    st = _mission(typhoon=TyphoonState(status="arriving", edge="E"))
    legal = SYSTEM.legal_commands(st)
    assert legal == [TyphoonPath(side="sas", line=0), TyphoonPath(side="sas", line=1)]
    with pytest.raises(IllegalCommandError) as refused:
        _apply(st, ActivateOperator(side="sas", operator="jock"))
    assert refused.value.rule_id == "SAS-SUP-8"
    after, events = _apply(st, TyphoonPath(side="sas", line=1))
    rects = airspace.tiles(st.rt)
    assert [airspace.centre(rects[i]) for i in after.typhoon.path] == [_sq(st, "L14"), _sq(st, "D14")]
    assert after.typhoon.status == "flying" and after.typhoon.step == -1 and after.typhoon.rockets == 2
    assert airspace.where(after) == (16, 13)  # just off the east edge, level with L14
    path = next(e for e in events if e.kind == "typhoon_path")
    assert "off the east edge" in path.instruction.render("en") and "B2" in path.instruction.render("en")


def test_sas_sup_8_paths_from_the_bottom_edge_are_columns():
    """SAS-SUP-8: entering by the south edge the lines are the tile columns, flown bottom to top."""
    rt = _mission().rt
    rects = airspace.tiles(rt)
    columns = [[rt.label(airspace.centre(rects[i])) for i in line] for line in airspace.lines(rt, "S")]
    assert columns == [["D14", "D6"], ["L14", "L6"]]


# --- the attack run (SAS-SUP-9, SAS-SUP-10)
# ----------------------------------------------------------------------------


def test_sas_sup_9_first_move_to_the_first_tile_centre_sounds_the_alarm():
    """SAS-SUP-9 / SAS-SUP-6: the first Move takes the Typhoon from the east edge to the centre square of B1 (L6); as it
    enters the map the alarm sounds — every Axis unit alert, the Battle section, an operator designated exposed."""
    st = _flying(_mission(units=[unit("s", "rifle", (1, 14), "N")]))
    after, events = _apply(st, TyphoonMove(side="sas"))
    assert airspace.where(after) == _sq(st, "L6") and after.typhoon.step == 0
    assert after.section == "battle" and all(u.alert for u in after.units)
    assert any(o.exposed for o in after.team_ops())
    moved = next(e for e in events if e.kind == "typhoon_moved")
    assert moved.instruction.render("en") == "Typhoon: move to the centre of tile B1 (Depot) (square L6)."
    assert _kinds(events).index("typhoon_moved") < _kinds(events).index("alarm_raised")


def test_sas_sup_9_both_ap_must_be_spent_before_any_operator_acts():
    """SAS-SUP-9: 2 AP, both spent every turn, before the operators: after one Move neither an activation nor the end
    of the phase is allowed; after the second the operators act. Next turn it has 2 AP again."""
    st = _flying(_mission())
    once, _ = _apply(st, TyphoonMove(side="sas"))
    assert {c.kind for c in SYSTEM.legal_commands(once)} <= {"typhoon_move", "typhoon_attack"}
    for cmd in (ActivateOperator(side="sas", operator="jock"), EndPhase(side="sas")):
        with pytest.raises(IllegalCommandError) as refused:
            _apply(once, cmd)
        assert refused.value.rule_id == "SAS-SUP-9"
    twice, _ = _apply(once, TyphoonMove(side="sas"))
    assert airspace.ap_left(twice) == 0
    assert ActivateOperator(side="sas", operator="jock") in SYSTEM.legal_commands(twice)
    with pytest.raises(IllegalCommandError) as refused:
        _apply(twice, TyphoonMove(side="sas"))
    assert refused.value.rule_id == "SAS-SUP-9"
    next_turn = replace(twice, turn=twice.turn + 1)
    assert airspace.ap_left(next_turn) == 2 and airspace.must_act(next_turn)


def test_sas_sup_10_leaving_ends_the_run_and_replenishes_the_rockets():
    """SAS-SUP-9, SAS-SUP-10: moving off the last tile ends the run (the AP left are lost); the rockets are replenished;
    another run counts the card position from the edge it left by: west 2nd, north or south 3rd, east 4th."""
    st = _flying(_mission(), step=1, rockets=0)
    after, events = _apply(st, TyphoonMove(side="sas"))
    assert after.typhoon.status == "ready" and after.typhoon.left_by == "W" and after.typhoon.rockets == 2
    left = next(e for e in events if e.kind == "typhoon_left")
    assert left.rule_id == "SAS-SUP-10" and "2 rocket markers" in left.instruction.render("en")
    assert ActivateOperator(side="sas", operator="jock") in SYSTEM.legal_commands(after)
    positions = {e: _apply(after, CallTyphoon(side="sas", edge=e))[0].typhoon.card for e in "NESW"}
    assert positions == {"W": 2, "N": 3, "S": 3, "E": 4}


def test_sas_sup_10_worked_example_rocket_at_the_tank_then_move_then_hmg():
    """SAS-SUP-9, SAS-SUP-10, the rulebook's worked example, over three tiles from the east: action 1, Move & Attack,
    fires a rocket at the tank on the tile ahead, then moves onto it; action 2, Move & Attack, moves to the next tile's
    centre, then strafes SMG infantry on the tile after it. The rocket is a blast: it damages the armoured tank."""
    st = _mission(DEMOLITION, units=[unit("tank", "panzer3", (20, 3), "W"), unit("smg", "smg", (4, 2), "S")])
    st = _flying(_battle(st))
    assert [st.rt.label(airspace.centre(airspace.tiles(st.rt)[i])) for i in st.typhoon.path] == ["V6", "N6", "F6"]
    rocket = TyphoonAttack(side="sas", weapon="rocket", target="tank", attack_first=True)
    # scatter 3+4 = 7: on target; 4 rolls at 2+: 2, 2, 1, 6 -> 3 hits; the tank's HMG reacts: 6, 1, 2 at 3+ -3 -> 1
    after, events = _apply(st, rocket, dice=(3, 4, 2, 2, 1, 6, 6, 1, 2))
    kinds = _kinds(events)
    assert kinds.index("typhoon_rocket") < kinds.index("blast") < kinds.index("typhoon_moved")
    assert after.unit("tank").damage == 3 and after.typhoon.rockets == 1 and after.typhoon.damage == 1
    strafe = TyphoonAttack(side="sas", weapon="hmg", target="smg", attack_first=False)
    after, events = _apply(after, strafe, dice=(5, 1, 1, 1))  # HMG 4 dice at 4+: one success kills the SMG
    kinds = _kinds(events)
    assert kinds.index("typhoon_moved") < kinds.index("typhoon_hmg")
    assert airspace.where(after) == _sq(st, "N6") and after.unit("smg") is None
    assert airspace.ap_left(after) == 0


@pytest.mark.parametrize(
    ("target_at", "attack_first", "ok"),
    [("L7", True, True), ("D7", True, False), ("D7", False, True), ("L7", False, False)],
    ids=["ahead-before", "two-ahead-before", "next-after", "entered-after"],
)
def test_sas_sup_10_attacks_only_the_next_tile(target_at, attack_first, ok):
    """SAS-SUP-10: off the east edge the next tile is B1; attacking first it may hit a unit on B1 (L7) but not on A1
    (D7); attacking after its move onto B1, the next tile is A1: D7 yes, L7 no."""
    st = _flying(_battle(_mission(units=[unit("g", "smg", _opening(AIRFIELD).rt.cell(target_at), "N")])))
    cmd = TyphoonAttack(side="sas", weapon="hmg", target="g", attack_first=attack_first)
    assert (cmd in SYSTEM.legal_commands(st)) == ok
    if ok:
        after, _ = _apply(st, cmd, dice=(1, 1, 1, 1))
        assert after.typhoon.step == 0
    else:
        with pytest.raises(IllegalCommandError) as refused:
            _apply(st, cmd)
        assert refused.value.rule_id == "SAS-SUP-10"


def test_sas_sup_10_rocket_is_a_blind_grenade_with_small_scatter():
    """SAS-SUP-10 / SAS-BLAST-3, SAS-BLAST-5: the template's 7 on the target and its 6 along the flight (west); 2D6 =
    4+4 = 8 (FR: north-west of a westward flight), 1D6 = 3 -> 2 squares: from L7 to J5. Then 4 rolls at 2+ (like a
    grenade): 2, 2, 2, 1 -> 3 successes on the AA gun under it, armoured or not (3 HP: destroyed)."""
    st = _flying(_battle(_mission(units=[unit("g", "smg", (11, 6), "N"), unit("aa", "aa_gun", (9, 4), "N")])))
    after, events = _apply(st, TyphoonAttack(side="sas", weapon="rocket", target="g"), dice=(4, 4, 3, 2, 2, 2, 1))
    fired = next(e for e in events if e.kind == "typhoon_rocket")
    assert "its 6 pointing west" in fired.instruction.render("en")
    scatter = next(e for e in events if e.kind == "scatter")
    assert scatter.rule_id == "SAS-BLAST-3" and scatter.at == ((11, 6), (9, 4))
    blast = next(e for e in events if e.kind == "blast")
    assert blast.ruling.target == 2 and len(blast.ruling.dice) == 4 and blast.ruling.successes == 3
    assert after.unit("aa") is None and after.unit("g") is not None


def test_sas_sup_10_two_rockets_a_run():
    """SAS-SUP-10: 2 rockets a run; with none left only the HMG attacks are offered and a rocket is refused."""
    st = _flying(_battle(_mission(units=[unit("g", "smg", (11, 6), "N")])), rockets=0)
    legal = SYSTEM.legal_commands(st)
    assert not any(isinstance(c, TyphoonAttack) and c.weapon == "rocket" for c in legal)
    assert any(isinstance(c, TyphoonAttack) and c.weapon == "hmg" for c in legal)
    with pytest.raises(IllegalCommandError) as refused:
        _apply(st, TyphoonAttack(side="sas", weapon="rocket", target="g"))
    assert refused.value.rule_id == "SAS-SUP-10"


def test_sas_sup_10_hmg_sweeps_like_the_willys_and_spares_armour():
    """SAS-SUP-10 / SAS-OVEH-7 (D-AIR-6): 4 dice at 4+: 4, 5, 6, 1 -> 3 successes; one kills the target, the others
    sweep to units next to it; the AA gun beside it is armoured and takes none, the other SMG dies."""
    units = [unit("g", "smg", (11, 6), "N"), unit("aa", "aa_gun", (12, 6), "N"), unit("h", "smg", (10, 6), "N")]
    st = _flying(_battle(_mission(units=units)))
    after, events = _apply(st, TyphoonAttack(side="sas", weapon="hmg", target="g"), dice=(4, 5, 6, 1, 1, 1))
    strafe = next(e for e in events if e.kind == "typhoon_hmg")
    assert strafe.ruling.target == 4 and strafe.ruling.successes == 3
    assert after.unit("g") is None and after.unit("h") is None and after.unit("aa").damage == 0
    assert any(e.kind == "no_effect" and e.rule_id == "SAS-SUP-15" for e in events)


# --- fire at the Typhoon (SAS-SUP-11, SAS-SUP-12, SAS-SUP-15, SAS-BLAST-7, SAS-KS-3)
# -------------------------------------------------


def test_sas_sup_11_ground_fire_minus_3_smg_infantry_cannot_hit():
    """SAS-SUP-11: every attack from the ground at the Typhoon has -3: SMG infantry (4+) would need a 7 — no roll, no
    hit; a rifleman (3+) needs a natural 6."""
    units = [unit("g", "smg", (11, 6), "N"), unit("r", "rifle", (13, 6), "N")]
    st = _flying(_battle(_mission(units=units)))
    after, events = _apply(st, TyphoonMove(side="sas"), dice=(6,))
    smg = next(e for e in events if e.kind == "air_reaction" and "guard" in e.text.render("en"))
    assert smg.ruling.dice == () and smg.ruling.target == 4
    assert [(m.value, m.rule_id) for m in smg.ruling.modifiers] == [(-3, "SAS-SUP-11")]
    assert "cannot hit" in smg.text.render("en")
    rifle = next(e for e in events if e.kind == "air_reaction" and e.ruling.dice)
    assert rifle.ruling.dice[0].natural == 6 and rifle.ruling.dice[0].modified == 3 and rifle.ruling.successes == 1
    assert after.typhoon.damage == 1


def test_sas_sup_11_units_inside_buildings_have_no_los_to_it():
    """SAS-SUP-11: a rifleman inside the depot's building (N4) does not fire at the Typhoon over his tile."""
    st = _flying(_battle(_mission(units=[unit("r", "rifle", (13, 3), "N")])))
    assert st.rt.grid.terrain((13, 3)) == "building"
    after, events = _apply(st, TyphoonMove(side="sas"))
    assert "air_reaction" not in _kinds(events) and after.typhoon.damage == 0
    assert any(e.kind == "no_air_los" and e.rule_id == "SAS-SUP-11" for e in events)


def test_sas_sup_15_every_aa_gun_reacts_on_each_new_tile_needing_a_natural_5():
    """SAS-SUP-15: entering B1, both AA guns react, the one on A1 too: 2 dice each at 2+, -3: 4 misses, 5 and 6 hit."""
    units = [unit("aa1", "aa_gun", (6, 2), "N"), unit("aa2", "aa_gun", (14, 7), "N")]
    st = _flying(_battle(_mission(units=units)))
    after, events = _apply(st, TyphoonMove(side="sas"), dice=(4, 5, 6, 1))
    fire = [e for e in events if e.kind == "air_reaction"]
    assert [e.rule_id for e in fire] == ["SAS-SUP-15", "SAS-SUP-15"]
    assert [(d.natural, d.success) for d in fire[0].ruling.dice] == [(4, False), (5, True)]
    assert fire[0].ruling.target == 2 and fire[0].ruling.total_modifier == -3
    assert after.typhoon.damage == 2
    again, events = _apply(after, TyphoonMove(side="sas"), dice=(1, 1, 1, 1))  # onto A1: both react again
    assert sum(1 for e in events if e.kind == "air_reaction") == 2 and again.typhoon.damage == 2


def test_sas_ks_3_flak_truck_fires_at_the_typhoon_like_an_aa_gun():
    """SAS-KS-3: a flak truck reacts when the Typhoon enters a new tile, 2 dice at 2+ (proposed), -3."""
    st = _flying(_battle(_mission(units=[unit("flak", "flak_truck", (2, 14), "N")])))
    after, events = _apply(st, TyphoonMove(side="sas"), dice=(5, 2))
    fire = next(e for e in events if e.kind == "air_reaction")
    assert fire.rule_id == "SAS-KS-3" and fire.ruling.successes == 1 and after.typhoon.damage == 1


def test_sas_blast_7_blast_weapons_never_fire_at_air_units():
    """SAS-BLAST-7 / SAS-REACT-7: on the tile it enters, a Panzerfaust infantryman (blast only) does not fire; a mortar
    team reacts only as 2 SMG infantry, which cannot hit (no dice); the Panzer III reacts with its HMG only (3 dice at
    3+, -3), never its howitzer."""
    units = [
        unit("pf", "panzerfaust", (9, 2), "N"),
        unit("m", "mortar", (10, 2), "N"),
        unit("tank", "panzer3", (13, 7), "W"),
    ]
    st = _flying(_battle(_mission(units=units)))
    after, events = _apply(st, TyphoonMove(side="sas"), dice=(6, 6, 1))
    fire = [e for e in events if e.kind == "air_reaction"]
    shooters = [e.ruling.dice != () for e in fire]
    assert len(fire) == 3 and shooters.count(True) == 1  # the tank's HMG; the mortar's 2 SMG attacks cannot hit
    assert not any("Panzerfaust" in e.text.render("en") for e in fire)
    assert after.typhoon.damage == 2


def test_sas_sup_12_attack_phase_units_fire_at_it_only_with_nothing_else_to_attack():
    """SAS-SUP-12 / SAS-SUP-15 / SAS-AATK-1: over B1 in the Attack phase: the SMG that sees exposed Jock attacks him,
    not the Typhoon; then the AA gun fires at it (2 dice), then the rifleman on B1 with no target in sight (1 die)."""
    units = [
        unit("g", "smg", (9, 2), "E"),
        unit("r", "rifle", (15, 9), "S", role="guard"),
        unit("aa", "aa_gun", (6, 2), "N"),
    ]
    st = _battle(_mission(units=units, phase="attack")).with_op("jock", loc=(12, 2))
    st = _flying(st, step=0)
    st, events = _apply(st, RunAxisStep(side="axis"), dice=(1, 1))
    assert next(e for e in events if e.kind == "axis_attack").rule_id == "SAS-AATK-2"
    st, events = _apply(st, RunAxisStep(side="axis"), dice=(5, 1))
    assert next(e for e in events if e.kind == "air_attack").rule_id == "SAS-SUP-15"
    st, events = _apply(st, RunAxisStep(side="axis"), dice=(6,))
    assert [e.rule_id for e in events if e.kind in ("air_target", "air_attack")] == ["SAS-SUP-12", "SAS-SUP-12"]
    assert st.typhoon.damage == 2 and st.phase == "end"


def test_sas_sup_14_shot_down_it_is_removed_for_good():
    """SAS-SUP-14 (D-AIR-5): 4 HP (proposed); with 3 damage one more hit shoots it down: removed from the board, its
    attack run over, never called again."""
    st = _flying(_battle(_mission(units=[unit("aa", "aa_gun", (6, 2), "N")])), damage=3)
    after, events = _apply(st, TyphoonMove(side="sas"), dice=(6, 1))
    assert after.typhoon.status == "down" and "typhoon_down" in _kinds(events)
    assert not any(c.id == "typhoon" for c in SYSTEM.view(after, "sas").counters)
    assert not any(isinstance(c, CallTyphoon) for c in SYSTEM.legal_commands(after))


# --- AA guns on the ground (SAS-SUP-15) -------------------------------------------------------------------------


def test_sas_sup_15_aa_gun_has_no_ground_los_never_moves_but_hears():
    """SAS-SUP-15: an AA gun facing Jock in the open does not see him; it never advances; a noise alerts it; a pistol
    shot has no effect on it (armoured: only blasts damage it, so no dice are rolled, as for armoured vehicles,
    D-VDMG-1)."""
    st = _mission(units=[unit("aa", "aa_gun", (6, 2), "S", alert=True)]).with_op("jock", loc=(6, 5), exposed=True)
    assert not sees_op(st, st.unit("aa"), st.op("jock"))
    advance = replace(st, phase="advance", section="battle")
    assert SYSTEM.legal_commands(advance) == [RunAxisStep(side="axis")]
    moved, _ = _apply(advance, RunAxisStep(side="axis"))
    assert moved.unit("aa").loc == (6, 2)
    shooter = _apply(
        replace(st, units=(replace(st.unit("aa"), alert=False),)), ActivateOperator(side="sas", operator="jock")
    )[0]
    after, events = _apply(shooter, Attack(side="sas", operator="jock", weapon="pistol", target="aa"))
    assert after.unit("aa") is not None and after.unit("aa").damage == 0 and after.unit("aa").alert
    assert any(e.rule_id == "SAS-SUP-15" and not e.ruling.dice for e in events if e.ruling is not None)


# --- presentation and the mission ---------------------------------------------------------------------------------


def test_view_shows_the_typhoon_counter_its_sheet_and_its_card():
    """SAS-SUP-8, SAS-SUP-9, SAS-DECK-5: the Typhoon counter over its tile with its HP; the deck panel names the card's
    place."""
    called, _ = _apply(_mission(), CallTyphoon(side="sas", edge="E"))
    deck = next(p for p in SYSTEM.view(called, "sas").panels if p.title.render("en") == "Event deck")
    assert ("Typhoon card", "position 3 from the top") in [(k.render("en"), v.render("en")) for k, v in deck.rows[2:]]
    flying, _ = _apply(_flying(_mission()), TyphoonMove(side="sas"))
    counter = next(c for c in SYSTEM.view(flying, "sas").counters if c.id == "typhoon")
    assert counter.loc == _sq(flying, "L6") and counter.strength == "4" and counter.facing == "W"
    labels = [SYSTEM.describe(flying, c).label.render("en") for c in SYSTEM.legal_commands(flying)]
    assert "Typhoon: move to the centre of tile A1 (Airfield edge) (D6)" in labels


def test_mission_typhoon_and_aa_guns():
    """SAS-SUP-6 / SAS-SUP-15: the Typhoon mission allows the Typhoon and places its 2 AA guns as guards; killing both
    is an objective."""
    st = _opening(AIRFIELD)
    assert st.rt.mission.typhoon and st.typhoon.status == "ready"
    guns = [u for u in st.units if u.kind == "aa_gun"]
    assert [(u.id, u.role, st.rt.label(u.loc)) for u in guns] == [
        ("aa_airfield", "guard", "G3"),
        ("aa_depot", "guard", "O8"),
    ]


def test_oq_47_called_second_it_flies_at_the_start_of_the_next_turn():
    """OQ-47 (D-AIR-1), the whole flow: called in turn 1 from the south edge, its card goes 2nd; the turn-1 Event phase
    draws the top card and the Typhoon card is on top: taken off, the Typhoon arrives. Turn 2 opens with the choice of
    its column of tiles, and it flies before any operator."""
    st, _ = _apply(_opening(AIRFIELD), CallTyphoon(side="sas", edge="S"))
    st, _ = _apply(st, EndPhase(side="sas"))
    while st.phase != "operator":
        st, _ = _apply(st, RunAxisStep(side="axis"))
    assert st.turn == 2 and st.typhoon.status == "arriving"
    assert {c.kind for c in SYSTEM.legal_commands(st)} == {"typhoon_path"}
    st, _ = _apply(st, TyphoonPath(side="sas", line=0))
    st, events = with_defaults(SYSTEM.apply(st, TyphoonMove(side="sas")))  # the seeded dice
    assert airspace.where(st) == _sq(st, "D14") and st.section == "battle"
    assert "typhoon_entered" in _kinds(events)


def test_d_air_9_flamethrowers_and_dogs_never_fire_at_it():
    """D-AIR-9: in the Attack phase, with nothing else to attack, a rifleman on the Typhoon's tile fires at it (1 die
    at 3+, -3), but flamethrower infantry and a dog there do not: their flame and bite reach only the ground."""
    units = [
        unit("f", "flame_inf", (9, 9), "S", role="guard"),
        unit("d", "dog", (10, 9), "S", role="guard"),
        unit("r", "rifle", (15, 9), "S", role="guard"),
    ]
    st = _flying(_battle(_mission(units=units, phase="attack")), step=0)
    st, events = _apply(st, RunAxisStep(side="axis"), dice=(6,))
    fired = [e for e in events if e.kind == "air_attack"]
    assert len(fired) == 1 and "guard on P10" in fired[0].text.render("en") and st.typhoon.damage == 1
    assert st.phase == "end"
