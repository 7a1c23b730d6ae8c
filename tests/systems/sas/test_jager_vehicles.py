"""Jäger vehicles on main's vehicle rules: the Kettenkrad unloading its 2 Panzerfaust hunters (SAS-JGR-16), the assault
boat landing its 6 SMG infantry (SAS-JGR-17), hunter vehicles driven by the hunter with the vehicle movement rules and
automated in the other phases (SAS-JGR-14, SAS-AVEH-2, SAS-AVEH-3, SAS-AVEH-4, SAS-AVEH-5, SAS-AVEH-6, SAS-AVEH-7,
SAS-AVEH-8, SAS-AVEH-9, SAS-AVEH-10), convoy routes barred to waypoints and cats (SAS-JGR-7, SAS-JGR-8), and the
rabbit's-foot decision before the hunter's (SAS-EQ-11). Dice are explicit where a roll is made."""

from __future__ import annotations

from dataclasses import replace

from app.core.dice import Roller
from app.systems.sas import SYSTEM
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.messages import HunterMove, HunterTarget, RunAxisStep, UseRabbitsFoot
from app.systems.sas.mission import Convoy
from app.systems.sas.state import HunterMarker, HunterState, SasState
from app.systems.sas.tables import hunter_decks
from app.systems.sas.vehicles import motion as vm

from .board import op, runtime, state, unit, with_defaults

OPEN = ["." * 12] * 12
DECK = tuple(c.id for c in hunter_decks()["jager"])


def _apply(st, cmd, dice=()):
    return with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, ())))


def _axis(st, dice=()):
    return _apply(st, RunAxisStep(side="axis"), dice)


def _hunted(rows=OPEN, hunters=(), **kw):
    """A Jäger position in the Battle section's Advance phase; the hunter controls ``hunters``."""
    rt = runtime(rows)
    rt.hunter_cards = {c.id: c for c in hunter_decks()["jager"]}
    hunter = kw.pop("hunter", None) or HunterState(deck=DECK, ready=True, hunters=tuple(hunters))
    return state(rt, kw.pop("ops"), kw.pop("units"), hunter=hunter, phase="advance", section="battle", **kw)


def _kinds(st: SasState, kind: str) -> list[str]:
    return sorted(u.id for u in st.units if u.kind == kind)


# --- the Kettenkrad (SAS-JGR-16) -------------------------------------------------------------------------------------
def test_sas_jgr_16_an_automated_kettenkrad_stops_within_8_squares_and_unloads_behind_its_rear():
    """SAS-JGR-16 (solo mode, D-JGR-12): the alert Kettenkrad closes on exposed Jock 10 squares away by the vehicle
    advance rules; it stops as soon as it stands within 8 squares of him (2 squares on), flips to its empty side and
    puts its 2 Panzerfaust infantry on the two squares behind its rear, facing him; they do not move this phase."""
    kettenkrad = unit("k", "kettenkrad", (5, 10), "N", role="spawned", alert=True)
    st = state(runtime(OPEN), [op("jock", (5, 0), exposed=True)], [kettenkrad], phase="advance", section="battle")
    st, events = _axis(st)
    k = st.unit("k")
    assert k.loc == (5, 8) and k.mode == "empty"
    unloaded = next(e for e in events if e.kind == "vehicle_unloaded")
    assert unloaded.rule_id == "SAS-JGR-16"
    pzf = [st.unit(u) for u in _kinds(st, "panzerfaust")]
    assert sorted(u.loc for u in pzf) == [(5, 10), (6, 10)]
    assert all(u.facing == "N" and u.alert and u.role == "guard" for u in pzf)  # they stay put this phase


def test_sas_jgr_16_the_unloaded_kettenkrad_stays_where_it_is():
    """SAS-JGR-16: after unloading the Kettenkrad is stationary for the rest of the game."""
    kettenkrad = unit("k", "kettenkrad", (5, 8), "N", role="spawned", alert=True, mode="empty")
    st = state(runtime(OPEN), [op("jock", (5, 0), exposed=True)], [kettenkrad], phase="advance", section="battle")
    after, _events = _axis(st)
    assert after.unit("k").loc == (5, 8) and after.unit("k").facing == "N"


def test_sas_jgr_16_a_hunter_kettenkrad_unloads_where_the_hunter_stops_it_and_its_panzerfausts_are_hunters():
    """SAS-JGR-14, SAS-JGR-16 (D-JGR-12): the hunter drives his Kettenkrad 4 squares north (vehicle moves within its 6
    MP, by a shortest path), ending 6 squares from exposed Jock: it unloads there; the 2 Panzerfaust infantry join the
    hunter's units. Next Advance phase he moves them; the empty Kettenkrad is no longer his to move."""
    st = _hunted(
        hunters=("k",),
        ops=[op("jock", (5, 0), exposed=True)],
        units=[unit("k", "kettenkrad", (5, 11), "N", role="spawned", alert=True)],
    )
    st, events = _apply(st, HunterMove(side="axis", unit="k", to=(5, 7), facing="N"))
    assert st.unit("k").loc == (5, 7) and st.unit("k").mode == "empty"
    assert any(e.kind == "unit_moved" and e.rule_id == "SAS-JGR-14" for e in events)
    pzf = _kinds(st, "panzerfaust")
    assert len(pzf) == 2 and set(pzf) <= set(st.hunter.hunters)
    assert sorted(st.unit(u).loc for u in pzf) == [(5, 9), (6, 9)]
    nxt = replace(st, phase="advance", done=frozenset())
    movers = {c.unit for c in SYSTEM.legal_commands(nxt, "axis") if isinstance(c, HunterMove)}
    assert movers == set(pzf)


def test_sas_jgr_16_destroyed_before_unloading_both_panzerfaust_hunters_die():
    """SAS-JGR-16: 4 damage destroy the loaded Kettenkrad (4 HP): its 2 Panzerfaust hunters die with it, no unit
    is placed."""
    st = state(
        runtime(OPEN),
        [op("jock", (5, 0), exposed=True)],
        [unit("k", "kettenkrad", (5, 10), "N", role="spawned", alert=True)],
        section="battle",
    )
    ctx = Ctx(st, Roller(st.dice))
    combat.damage_unit(ctx, "k", 4, "SAS-ATK-3", blast=True)
    assert ctx.state.unit("k") is None and _kinds(ctx.state, "panzerfaust") == []
    lost = next(e for e in ctx.events if e.kind == "passengers_killed")
    assert lost.rule_id == "SAS-JGR-16" and "2 Panzerfaust infantry" in lost.text.render()


# --- the assault boat (SAS-JGR-17) -----------------------------------------------------------------------------------
RIVER = ["." * 12] * 4 + ["~" * 12] * 3 + ["." * 12] * 5


def test_sas_jgr_17_the_alert_boat_heads_for_the_nearest_exposed_operator_and_lands_6_smg():
    """SAS-JGR-17 (D-JGR-13): the alert assault boat (water only, 6 MP) drives east along the river toward exposed
    Jock beyond the south bank: two Advance phases of 6 squares land nobody. In the third it reaches a water pose as
    near him as any (3 squares) and unloads: 6 SMG infantry on land, the 5 squares next to the boat first (nearest
    Jock first), the sixth on the nearest square beyond; the empty boat then stays put."""
    river = ["." * 20] * 4 + ["~" * 20] * 3 + ["." * 20] * 5
    boat = unit("b", "assault_boat", (2, 4), "E", role="assault", alert=True)
    st = state(runtime(river), [op("jock", (19, 9), exposed=True)], [boat], section="battle")
    for anchor in ((8, 4), (14, 4)):
        st, events = _axis(replace(st, phase="advance", done=frozenset()))
        assert st.unit("b").loc == anchor and st.unit("b").mode == "" and _kinds(st, "smg") == []
        assert any(e.kind == "unit_moved" and e.rule_id == "SAS-JGR-17" for e in events)
    st, events = _axis(replace(st, phase="advance", done=frozenset()))
    boat = st.unit("b")
    assert boat.mode == "empty" and boat.loc == (16, 5) and boat.distance((19, 9)) == 3
    assert next(e for e in events if e.kind == "vehicle_unloaded").rule_id == "SAS-JGR-17"
    landed = sorted(st.unit(u).loc for u in _kinds(st, "smg"))
    assert landed == [(13, 7), (14, 7), (15, 7), (16, 7), (17, 7), (18, 8)]
    assert all(st.rt.grid.terrain(c) == "regular" for c in landed)
    still, _ = _axis(replace(st, phase="advance", done=frozenset()))
    assert still.unit("b").loc == (16, 5) and still.unit("b").facing == "E"


def test_sas_jgr_17_the_boat_reacts_only_while_it_carries_its_smg():
    """SAS-JGR-17: the boat's SMG squad fires (a reaction: 2 dice at 4+, short range +1: 4 and 1 -> 1 hit) while
    the infantry are aboard; the empty boat has no attack at all."""
    boat = unit("b", "assault_boat", (2, 5), "E", role="guard", alert=True)
    jock = op("jock", (6, 4), exposed=True)
    st = state(runtime(RIVER), [jock], [boat], section="battle")
    assert combat.vehicle_shots(st, boat, jock, reaction=True)
    ctx = Ctx(st, Roller(st.dice, (4, 1)))
    combat.axis_attack(ctx, "b", "jock", reaction=True)
    assert ctx.state.op("jock").hp == jock.hp - 1
    empty = replace(boat, mode="empty")
    assert combat.vehicle_shots(st, empty, jock, reaction=True) == []
    assert combat.vehicle_shots(st, empty, jock, reaction=False) == []


def test_sas_jgr_17_destroyed_before_unloading_all_six_smg_die():
    """SAS-JGR-17: the loaded boat destroyed (4 HP) takes its 6 SMG infantry with it."""
    st = state(runtime(RIVER), [op("jock", (6, 9))], [unit("b", "assault_boat", (2, 5), "E", role="guard")])
    ctx = Ctx(st, Roller(st.dice))
    combat.damage_unit(ctx, "b", 4, "SAS-ATK-3", blast=True)
    lost = next(e for e in ctx.events if e.kind == "passengers_killed")
    assert ctx.state.unit("b") is None and "6 SMG infantry" in lost.text.render() and lost.rule_id == "SAS-JGR-17"


# --- hunter vehicles with the vehicle rules (SAS-JGR-14, SAS-AVEH-2, SAS-AVEH-3, SAS-AVEH-4, SAS-AVEH-5, SAS-AVEH-6,
# SAS-AVEH-7, SAS-AVEH-8, SAS-AVEH-9, SAS-AVEH-10) -----------------------------------------
def test_sas_jgr_14_hunter_vehicle_poses_follow_the_vehicle_rules():
    """SAS-JGR-14 with SAS-AVEH-2, SAS-AVEH-3, SAS-AVEH-4, SAS-AVEH-5: the HMG Kübelwagen (8 MP) cannot drive into the
    rock row; it may reverse (2 MP a square) and turn; it never ends on another unit's square; staying is offered."""
    rows = ["." * 12] * 5 + ["RRRRRRRRRR.."] + ["." * 12] * 6
    st = _hunted(
        rows=rows,
        hunters=("h",),
        ops=[op("jock", (0, 0), exposed=True)],
        units=[unit("h", "hmg_kubelwagen", (2, 8), "N", role="spawned", alert=True), unit("s", "smg", (6, 8), "N")],
    )
    poses = {(c.to, c.facing) for c in SYSTEM.legal_commands(st, "axis") if isinstance(c, HunterMove)}
    assert ((2, 6), "N") in poses and ((2, 5), "N") not in poses and ((2, 4), "N") not in poses
    assert ((2, 9), "N") in poses and ((2, 8), "N") in poses
    assert any(f != "N" for _to, f in poses)
    assert all((6, 8) not in vm.cells_of("hmg_kubelwagen", (*to, f), st.rt) for to, f in poses)


def test_sas_jgr_14_the_automated_advance_leaves_hunter_vehicles_to_the_hunter():
    """SAS-JGR-14: in the Advance phase the hunter's alert HMG Kübelwagen waits for his move; the automated
    vehicle advance does not move it."""
    st = _hunted(
        hunters=("h",),
        ops=[op("jock", (5, 0), exposed=True)],
        units=[unit("h", "hmg_kubelwagen", (5, 11), "N", role="spawned", alert=True)],
    )
    assert SYSTEM.active_side(st) == "axis"
    assert all(isinstance(c, HunterMove) for c in SYSTEM.legal_commands(st, "axis"))
    st, _ = _apply(st, HunterMove(side="axis", unit="h", to=(5, 11), facing="N"))
    assert st.unit("h").loc == (5, 11) and st.phase != "advance"


def test_sas_jgr_14_in_the_attack_phase_a_hunter_hmg_kubelwagen_fires_like_any_vehicle():
    """SAS-JGR-14 with SAS-AVEH-10: outside the Advance phase hunter units follow the automated rules: the HMG
    Kübelwagen fires its HMG (3 dice at 3+, short range +1: 3, 2, 1 -> 4, 3, 2 -> 2 hits) at exposed Jock in
    its front arc."""
    st = _hunted(
        hunters=("h",),
        ops=[op("jock", (5, 4), exposed=True)],
        units=[unit("h", "hmg_kubelwagen", (5, 7), "N", role="spawned", alert=True)],
    )
    st = replace(st, phase="attack")
    after, events = _axis(st, dice=(3, 2, 1))
    attack = next(e for e in events if e.kind == "axis_attack")
    assert attack.rule_id == "SAS-AVEH-10" and after.op("jock").hp == st.op("jock").hp - 2


def test_sas_jgr_8_a_vehicle_driving_near_the_cat_startles_it():
    """SAS-JGR-8 (D-JGR-4): the hunter's Kettenkrad drives 3 squares north; its token passes within 2 squares of the
    cat: the cat is startled and the rifleman within 4 squares turns to face it."""
    cat = HunterMarker("cat_1", "cat", (8, 6))
    hunter = HunterState(deck=DECK, ready=True, hunters=("k",), markers=(cat,))
    st = _hunted(
        hunter=hunter,
        ops=[op("jock", (0, 0))],
        units=[unit("k", "kettenkrad", (5, 11), "N", role="spawned"), unit("r", "rifle", (10, 6), "E")],
    )
    st, events = _apply(st, HunterMove(side="axis", unit="k", to=(5, 8), facing="N"))
    assert any(e.kind == "cat_startled" for e in events)
    assert st.hunter.markers == () and st.unit("r").facing == "W"


# --- convoy routes (SAS-JGR-7, SAS-JGR-8)
# -------------------------------------------------------------------------------------
def test_sas_jgr_7_and_8_no_waypoint_or_cat_on_a_convoy_route():
    """SAS-JGR-7, SAS-JGR-8 (D-JGR-10): the squares of the mission's convoy route are never offered for a waypoint (J01)
    or the cat (J07); squares beside it are."""
    route = tuple((x, 6) for x in range(12))
    for card in ("J01", "J07"):
        st = _hunted(ops=[op("jock", (0, 0))], units=[])
        st.rt.convoys["c1"] = Convoy("c1", "C1", route, ("t1",))
        hunter = HunterState(deck=DECK, ready=True, resolving=card)
        st = replace(st, phase="event", section="stealth", hunter=hunter)
        squares = {c.square for c in SYSTEM.legal_commands(st, "axis") if isinstance(c, HunterTarget)}
        assert squares and not squares & set(route) and (3, 5) in squares and (3, 7) in squares


# --- the rabbit's foot before the hunter (SAS-EQ-11) --------------------------------------------------------------
def test_sas_eq_11_a_marked_shot_during_the_hunters_move_waits_for_the_sas_player_first():
    """SAS-EQ-11 with SAS-JGR-14: the hunter moves his upgraded SMG into Jock's marked pistol shot; the natural 1
    misses and Jock holds a rabbit's foot, so the SAS player decides before the hunter does anything else (the
    hunter has no command meanwhile). Turning the die into a 6 kills the SMG; the hunter has nothing left to turn."""
    jock = op("jock", (2, 9), facing="N", mark="g", mark_weapon="pistol", items=(("rabbits_foot", 1),), exposed=True)
    st = _hunted(hunters=("g",), ops=[jock], units=[unit("g", "smg", (2, 1), "S", alert=True)])
    paused, events = _apply(st, HunterMove(side="axis", unit="g", to=(2, 5)), dice=(1,))
    assert [e.kind for e in events][-1] == "lucky_roll"
    assert paused.pending is not None and SYSTEM.active_side(paused) == "sas"
    assert SYSTEM.legal_commands(paused, "axis") == []
    after, _ = SYSTEM.apply(paused, UseRabbitsFoot(side="sas", operator="jock", die=1))
    assert after.pending is None and after.unit("g") is None and after.hunter.facing is None
