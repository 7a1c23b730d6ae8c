"""Jäger (hunter) mode: setup, the Hunter phase, the event card the hunter may replace, every hunter card effect, the
hunter's units and victory (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9,
SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14, SAS-JGR-15). Cards are typed as at the table; dice are
explicit where a roll is made."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.axis import alerts
from app.systems.sas.context import Ctx
from app.systems.sas.messages import (
    DiscardHunterCards,
    DrawHunterCard,
    EndPhase,
    FaceUnit,
    HunterMove,
    HunterTarget,
    Move,
    PickLock,
    PlaceStalker,
    PlayHunterCard,
    RemoveTwig,
    ReplaceEvent,
    RunAxisStep,
)
from app.systems.sas.mission import PatrolLine, SentryPoint
from app.systems.sas.state import HunterMarker, HunterState, ObjectState
from app.systems.sas.tables import hunter_decks

from .board import activate, op, runtime, state, unit

MISSION = Path(__file__).parents[3] / "scenarios" / "sas" / "jager_fuel_depot.json"
OPEN = ["." * 12] * 12
DECK = tuple(c.id for c in hunter_decks()["jager"])


def _apply(st, cmd, dice=(), cards=()):
    return SYSTEM.apply(st, cmd.with_table_input(dice, cards))


def _jager(rows=OPEN, edges=(), hunter=None, **kw):
    """A crafted Jäger position: the hunter is set up, holds ``hand`` and has the rest of the deck to draw."""
    rt = runtime(rows, edges=list(edges), **kw.pop("rt", {}))
    rt.hunter_cards = {c.id: c for c in hunter_decks()["jager"]}
    hand = kw.pop("hand", ())
    base = hunter or HunterState(deck=tuple(c for c in DECK if c not in hand), hand=tuple(hand), ready=True)
    return state(rt, kw.pop("ops", []), kw.pop("units", []), hunter=base, **kw)


def _legal(st, side=None):
    return list(SYSTEM.legal_commands(st, side))


# --- setup (SAS-JGR-2) -------------------------------------------------------------------------------------------
def test_sas_jgr_2_setup_easy_meter_and_four_stalkers_on_empty_spawn_spots():
    """SAS-JGR-2 / OQ-51: the stealth meter starts on Easy (8 for this mission); the hunter places stalkers 1..4 on
    empty spawn-tile spots before the first Operator phase, then holds 0 cards; the SAS player acts only then."""
    session = open_session(MISSION, {"sas": SYSTEM}, seed=1)
    st = session.state
    assert st.meter == 8 and st.hunter is not None and not st.hunter.ready
    assert session.active_side() == "axis" and _legal(st, "sas") == []
    for number in (1, 2, 3, 4):
        options = session.legal_commands()
        assert all(isinstance(c, PlaceStalker) and c.number == number for c in options)
        assert all(c.at in st.rt.spawn_cells for c in options)
        session.submit(options[-1])
    st = session.state
    assert st.hunter.ready and st.hunter.hand == () and len(st.hunter.deck) == 20
    stalkers = [u for u in st.units if u.role == "stalker"]
    assert sorted(u.id for u in stalkers) == ["stalker_1", "stalker_2", "stalker_3", "stalker_4"]
    assert all(u.on_spawn and u.kind == "smg" for u in stalkers)
    assert session.active_side() == "sas"


def test_sas_jgr_2_a_stalker_goes_on_an_empty_spawn_spot_only():
    """SAS-JGR-2: a map square, or a spot already taken, is refused."""
    session = open_session(MISSION, {"sas": SYSTEM}, seed=1)
    first = session.legal_commands()[0]
    session.submit(first)
    with pytest.raises(IllegalCommandError) as err:
        session.submit(PlaceStalker(side="axis", number=2, at=first.at))
    assert err.value.rule_id == "SAS-JGR-2"
    with pytest.raises(IllegalCommandError):
        session.submit(PlaceStalker(side="axis", number=2, at=(12, 12)))


def test_oq_51_starting_hand_is_dealt_after_the_stalkers_at_the_table():
    """OQ-51: a mission may deal a starting hand; at the table the hunter types the cards he drew."""
    session = open_session(MISSION, {"sas": SYSTEM}, seed=1)
    jager = session.state.rt.mission.jager
    session.state.rt.mission = session.state.rt.mission.model_copy(
        update={"jager": jager.model_copy(update={"starting_hand": 2})}
    )
    st = session.state
    for number in (1, 2, 3):
        st, _ = _apply(st, next(c for c in _legal(st) if c.number == number))
    st, events = _apply(st, _legal(st)[0], cards=("J07", "J20"))
    assert st.hunter.hand == ("J07", "J20") and "J07" not in st.hunter.deck
    assert any(e.rule_id == "SAS-JGR-2" and "2 card(s)" in e.text.render() for e in events)


# --- the Hunter phase (SAS-JGR-3, SAS-JGR-4) ----------------------------------------------------------------------
def test_sas_jgr_3_a_hunter_phase_follows_every_end_phase():
    """SAS-JGR-3: after the End phase the hunter (the "axis" side) chooses one option; then the next turn begins."""
    st = _jager(ops=[op("jock", (0, 11))], phase="end", hand=("J01",))
    st, _ = _apply(st, RunAxisStep(side="axis"))
    assert st.phase == "hunter" and st.turn == 1
    assert SYSTEM.active_side(st) == "axis"
    legal = _legal(st)
    assert legal == [
        PlayHunterCard(side="axis", card="J01"),
        DrawHunterCard(side="axis"),
    ]
    st, _ = _apply(st, legal[0])
    assert st.phase == "operator" and st.turn == 2 and st.hunter.played == "J01" and st.hunter.hand == ()


def test_sas_jgr_4_hand_limit_four_no_draw():
    """SAS-JGR-3, SAS-JGR-4: with 4 cards he may play one or discard two and draw one (6 pairs), never draw."""
    st = _jager(ops=[op("jock", (0, 11))], phase="hunter", hand=("J01", "J02", "J03", "J04"))
    legal = _legal(st)
    assert not any(isinstance(c, DrawHunterCard) for c in legal)
    assert len([c for c in legal if isinstance(c, PlayHunterCard)]) == 4
    assert len([c for c in legal if isinstance(c, DiscardHunterCards)]) == 6
    with pytest.raises(IllegalCommandError) as err:
        _apply(st, DrawHunterCard(side="axis"))
    assert err.value.rule_id == "SAS-JGR-4"


def test_sas_jgr_3_discard_two_and_draw_one():
    """SAS-JGR-3 option 3: two cards go to his discard pile and he draws one (typed at the table)."""
    st = _jager(ops=[op("jock", (0, 11))], phase="hunter", hand=("J01", "J02", "J03", "J04"))
    st, _ = _apply(st, DiscardHunterCards(side="axis", discard=("J01", "J03")), cards=("J10",))
    assert st.hunter.hand == ("J02", "J04", "J10")
    assert st.hunter.discard == ("J01", "J03") and "J10" not in st.hunter.deck
    with pytest.raises(IllegalCommandError):
        _apply(replace(st, phase="hunter", done=frozenset()), DiscardHunterCards(side="axis", discard=("J01", "J02")))


def test_d_jgr_2_an_exhausted_hunter_deck_is_reshuffled_from_his_discards():
    """D-JGR-2: drawing from an empty hunter deck reshuffles his discard pile."""
    hunter = HunterState(deck=(), hand=("J01",), discard=("J05", "J06"), ready=True)
    st = _jager(ops=[op("jock", (0, 11))], phase="hunter", hunter=hunter)
    st, events = _apply(st, DrawHunterCard(side="axis"), cards=("J06",))
    assert st.hunter.hand == ("J01", "J06") and st.hunter.deck == ("J05",) and st.hunter.discard == ()
    assert any(e.kind == "hunter_reshuffled" for e in events)


def test_d_jgr_8_no_hunter_phase_after_the_last_turn():
    """D-JGR-8: after the mission's last End phase no card could ever be used: the mission simply ends."""
    st = _jager(ops=[op("jock", (0, 11))], phase="end", hand=("J01",), turn=12)
    st, _ = _apply(st, RunAxisStep(side="axis"))
    assert st.over


# --- the Event phase (SAS-JGR-5, SAS-JGR-6) -----------------------------------------------------------------------
def _event_state(**kw):
    points = {(5, 5): SentryPoint((5, 5), "black", ("N", "E"), "E")}
    hunter = HunterState(deck=DECK[2:], played="J19", ready=True)  # J19: raise the alert / HMG Kübelwagen
    sentry = unit("s", "rifle", (5, 5), "E", post=(5, 5))
    return _jager(
        ops=[op("jock", (11, 0))], units=[sentry], phase="event", hunter=hunter, rt={"sentry_points": points}, **kw
    )


def test_sas_jgr_5_the_hunter_replaces_the_revealed_event_card():
    """SAS-JGR-5, SAS-JGR-6: E01 (black sentries turn clockwise) is revealed; the hunter replaces it with J19, whose
    stealth half raises the alert like the regular event: the meter advances and the sentry does not turn."""
    st = _event_state()
    st, _ = _apply(st, RunAxisStep(side="axis"), cards=("E01",))
    assert st.hunter.revealed == "E01" and st.patrol_marker == "black"
    assert _legal(st) == [ReplaceEvent(side="axis", use=True), ReplaceEvent(side="axis", use=False)]
    st, events = _apply(st, ReplaceEvent(side="axis", use=True))
    assert st.meter == 5 and st.unit("s").facing == "E"
    assert st.hunter.discard == ("J19",) and st.hunter.played is None and st.phase == "end"
    assert any(e.rule_id == "SAS-JGR-5" for e in events)


def test_sas_jgr_5_not_replaced_the_hunter_card_is_discarded():
    """SAS-JGR-5: declining, the hunter card is discarded and the regular card resolves (the sentry turns N)."""
    st = _event_state()
    st, _ = _apply(st, RunAxisStep(side="axis"), cards=("E01",))
    st, _ = _apply(st, ReplaceEvent(side="axis", use=False))
    assert st.meter == 6 and st.unit("s").facing == "N"
    assert st.hunter.discard == ("J19",) and st.hunter.played is None


def test_sas_jgr_5_without_a_face_down_card_the_event_phase_is_automated():
    """SAS-JGR-5: no hunter card waits: the Event phase resolves its card at once."""
    st = replace(_event_state(), hunter=HunterState(deck=DECK, ready=True))
    st, _ = _apply(st, RunAxisStep(side="axis"), cards=("E01",))
    assert st.unit("s").facing == "N" and st.phase == "end"


def test_sas_jgr_13_battle_half_spawns_a_sniper_hunter_and_two_alert_smg():
    """SAS-JGR-13 (2): in the Battle section J02's right half places 1 sniper hunter and 2 alert SMG infantry on the
    white spawn points; the sniper is the hunter's to move."""
    from app.systems.sas.mission import SpawnSpot

    spots = tuple(SpawnSpot((x, 0), "white", "front") for x in range(4))
    hunter = HunterState(deck=DECK[3:], played="J02", ready=True)
    st = _jager(
        ops=[op("jock", (11, 11), exposed=True)],
        phase="event",
        section="battle",
        hunter=hunter,
        rt={"spawn_spots": spots},
    )
    st, _ = _apply(st, RunAxisStep(side="axis"), cards=("E01",))
    st, _ = _apply(st, ReplaceEvent(side="axis", use=True))
    kinds = sorted(u.kind for u in st.units)
    assert kinds == ["smg", "smg", "sniper"] and all(u.alert for u in st.units)
    sniper = next(u for u in st.units if u.kind == "sniper")
    assert st.hunter.hunters == (sniper.id,) and sniper.loc == (0, 0)


# --- stalker waypoints (SAS-JGR-7, OQ-52) -------------------------------------------------------------------------
def _waypoint_state(**kw):
    stalker = unit("stalker_1", "smg", (0, 5), "E", role="stalker", colour=None)
    units = kw.pop("units", [stalker])
    hunter = HunterState(deck=DECK, ready=True, stalkers=4, markers=(HunterMarker("w1", "waypoint", (3, 5), number=1),))
    return _jager(ops=[op("jock", (11, 11))], units=units, phase="advance", hunter=hunter, **kw)


def test_sas_jgr_7_stalker_walks_to_its_waypoint_then_stands_guard():
    """SAS-JGR-7 / OQ-52: in the Axis Advance phase the unalert stalker walks with all its MP to waypoint 1; there it
    becomes a guard, and the hunter chooses its facing."""
    st = _waypoint_state()
    st, _ = _apply(st, RunAxisStep(side="axis"))
    stalker = st.unit("stalker_1")
    assert stalker.loc == (3, 5) and stalker.role == "guard" and stalker.post == (3, 5)
    assert _legal(st) == [FaceUnit(side="axis", unit="stalker_1", facing=f) for f in ("N", "E", "S", "W")]
    st, _ = _apply(st, FaceUnit(side="axis", unit="stalker_1", facing="S"))
    assert st.unit("stalker_1").facing == "S" and st.hunter.facing is None


def test_sas_jgr_7_a_far_waypoint_takes_several_advance_phases():
    """SAS-JGR-7: 4 MP a phase; the stalker stays a stalker until it arrives."""
    st = replace(
        _waypoint_state(),
        hunter=replace(_waypoint_state().hunter, markers=(HunterMarker("w1", "waypoint", (10, 5), number=1),)),
    )
    st, _ = _apply(st, RunAxisStep(side="axis"))
    assert st.unit("stalker_1").loc == (4, 5) and st.unit("stalker_1").role == "stalker"


def test_sas_jgr_7_moving_the_waypoint_calls_the_guard_back():
    """SAS-JGR-7: another waypoint card with the same number moves the marker; the stalker stops being a guard."""
    st = _waypoint_state(units=[unit("stalker_1", "smg", (3, 5), "S", role="guard", post=(3, 5), colour=None)])
    hunter = replace(st.hunter, played="J05")  # J05: waypoint 1
    st = replace(st, phase="event", hunter=hunter)
    st, _ = _apply(st, RunAxisStep(side="axis"), cards=("E01",))
    st, _ = _apply(st, ReplaceEvent(side="axis", use=True))
    assert HunterTarget(side="axis", square=(8, 8)) in _legal(st)
    st, _ = _apply(st, HunterTarget(side="axis", square=(8, 8)))
    assert [m.loc for m in st.hunter.markers if m.kind == "waypoint"] == [(8, 8)]
    assert st.unit("stalker_1").role == "stalker"


def test_sas_jgr_7_no_waypoint_on_water():
    """SAS-JGR-7: a waypoint goes anywhere but water."""
    rows = ["~" + "." * 11] + ["." * 12] * 11
    st = _waypoint_state(rows=rows)
    hunter = replace(st.hunter, resolving="J01")
    st = replace(st, phase="event", hunter=hunter)
    squares = {c.square for c in _legal(st)}
    assert (0, 0) not in squares and (1, 0) in squares and len(squares) == 143


# --- cat (SAS-JGR-8) ----------------------------------------------------------------------------------------------
def _cat_state(crouched=True):
    hunter = HunterState(deck=DECK, ready=True, markers=(HunterMarker("cat1", "cat", (5, 5)),))
    near = unit("near", "rifle", (8, 5), "E")  # 3 squares from the cat
    far = unit("far", "rifle", (10, 5), "E")  # 5 squares from the cat
    rows = [row if y not in (7, 8) else "..TT........" for y, row in enumerate(OPEN)]  # forest hides him crouched
    return _jager(rows=rows, ops=[op("jock", (2, 8), crouched=crouched)], units=[near, far], hunter=hunter)


def test_sas_jgr_8_cat_startled_within_2_turns_units_within_4_without_alert():
    """SAS-JGR-8: Jock, crouched in the forest, steps to 2 squares of the cat: the rifleman 3 squares from it turns
    to face it (W) without flipping to alert; the one 5 squares away does not; the cat is removed."""
    st = activate(_cat_state(), "jock")
    st, events = _apply(st, Move(side="sas", operator="jock", to=(3, 7)))
    assert st.hunter.markers_of("cat") == ()
    unit_near, unit_far = st.unit("near"), st.unit("far")
    assert unit_near.facing == "W" and not unit_near.alert
    assert unit_far.facing == "E" and not unit_far.alert
    assert any(e.rule_id == "SAS-JGR-8" for e in events)


def test_sas_jgr_8_a_unit_the_cat_turned_spots_a_standing_operator():
    """SAS-JGR-8 / SAS-SEEN-2: the cat itself alerts no one, but a unit it turned sees Jock standing in the forest
    (half visible) and reacts as usual."""
    st = activate(_cat_state(crouched=False), "jock")
    st, _ = _apply(st, Move(side="sas", operator="jock", to=(3, 7)))
    assert st.unit("near").facing == "W" and st.unit("near").alert and st.op("jock").exposed


def test_sas_jgr_8_cat_not_startled_three_squares_away():
    """SAS-JGR-8: a move ending 3 squares from the cat does not startle it."""
    st = activate(_cat_state(), "jock")
    st, _ = _apply(st, Move(side="sas", operator="jock", to=(2, 7)))
    assert len(st.hunter.markers_of("cat")) == 1 and st.unit("near").facing == "E"


def test_sas_jgr_8_a_startled_patrolman_faces_his_line_again_at_his_next_move():
    """SAS-JGR-8 / SAS-PAT-4: a patrolman the cat turned would be stuck facing off his line; at his next move he turns
    back along it and walks on."""
    path = tuple((x, 5) for x in range(6, 12))
    line = PatrolLine("l1", "black", path, (((6, 5), "E"),), False)
    patrol = unit("p", "rifle", (6, 5), "W", role="patrolman", line="l1")
    hunter = HunterState(deck=DECK, ready=True, startled=("p",))
    st = _jager(
        ops=[op("jock", (0, 11))],
        units=[patrol],
        hunter=hunter,
        phase="patrol",
        patrol_marker="black",
        rt={"lines": {"l1": line}},
    )
    st, events = _apply(st, RunAxisStep(side="axis"))
    moved = st.unit("p")
    assert moved.loc == (10, 5) and moved.facing == "E" and st.hunter.startled == ()
    assert any(e.rule_id == "SAS-JGR-8" for e in events)


# --- twig (SAS-JGR-9) ---------------------------------------------------------------------------------------------
def _twig_state():
    hunter = HunterState(deck=DECK, ready=True, markers=(HunterMarker("twig1", "twig", (2, 2), operator="jock"),))
    units = [unit("in4", "rifle", (6, 2), "E"), unit("out5", "rifle", (7, 8), "E")]
    return activate(_jager(ops=[op("jock", (2, 2))], units=units, hunter=hunter), "jock")


def test_sas_jgr_9_twig_snaps_on_his_next_move_alerting_within_4_squares():
    """SAS-JGR-9: Jock moves off the twig: the rifleman 4 squares away flips to alert keeping his facing (like a
    shout); the one 5+ squares away does not; the twig is removed; the meter does not move."""
    st = _twig_state()
    st, events = _apply(st, Move(side="sas", operator="jock", to=(2, 3)))
    assert st.unit("in4").alert and st.unit("in4").facing == "E"
    assert not st.unit("out5").alert
    assert st.hunter.markers_of("twig") == () and st.meter == 6
    assert any(e.kind == "twig_snapped" and e.rule_id == "SAS-JGR-9" for e in events)


def test_sas_jgr_9_clearing_the_twig_costs_4_ap():
    """SAS-JGR-9: spending 4 AP removes the twig silently; with less than 4 AP left he cannot."""
    st = _twig_state()
    assert RemoveTwig(side="sas", operator="jock") in _legal(st)
    after, _ = _apply(st, RemoveTwig(side="sas", operator="jock"))
    assert after.hunter.markers_of("twig") == () and after.activation.ap == 0
    assert not after.unit("in4").alert
    tired = replace(st, activation=replace(st.activation, ap=3))
    assert RemoveTwig(side="sas", operator="jock") not in _legal(tired)


# --- door lock (SAS-JGR-10) ---------------------------------------------------------------------------------------
def _lock_state(units=()):
    edges = [((3, y), "E", "door" if y == 3 else "building_wall") for y in range(12)]
    hunter = HunterState(deck=DECK, ready=True, markers=(HunterMarker("lock1", "lock", (3, 3), other=(4, 3)),))
    return _jager(edges=edges, ops=[op("jock", (3, 3))], units=list(units), hunter=hunter)


def test_sas_jgr_10_a_locked_door_stops_operators_until_picked_for_4_ap():
    """SAS-JGR-10: the step through the locked door is refused; picking the lock (4 AP) removes the marker."""
    st = activate(_lock_state(), "jock")
    assert Move(side="sas", operator="jock", to=(4, 3)) not in _legal(st)
    with pytest.raises(IllegalCommandError) as err:
        _apply(st, Move(side="sas", operator="jock", to=(4, 3)))
    assert "SAS-JGR-10" in str(err.value)
    st, events = _apply(st, PickLock(side="sas", operator="jock", lock="lock1"))
    assert st.hunter.markers_of("lock") == () and any(e.rule_id == "SAS-JGR-10" for e in events)


def test_sas_jgr_10_an_axis_unit_passing_through_unlocks_the_door():
    """SAS-JGR-10: an alert guard advancing through the locked door (toward exposed Jock) removes the lock."""
    guard = unit("g", "smg", (5, 3), "W", alert=True)
    st = _lock_state(units=[guard])
    st = replace(st.with_op("jock", loc=(0, 3), exposed=True), phase="advance")
    st, events = _apply(st, RunAxisStep(side="axis"))
    assert st.unit("g").loc[0] <= 3 and st.hunter.markers_of("lock") == ()  # it went through the door
    assert any(e.kind == "door_unlocked" for e in events)


# --- blood stain (SAS-JGR-11) -------------------------------------------------------------------------------------
def test_sas_jgr_11_blood_is_seen_as_a_corpse_and_fades_over_two_end_phases():
    """SAS-JGR-11 / SAS-OBJ-4: a sentry seeing the blood stain (no corpse left there) flips to alert as for a
    corpse; in that turn's End phase the stain turns small, in the next it is removed."""
    hunter = HunterState(deck=DECK, ready=True, markers=(HunterMarker("b1", "blood", (5, 2)),))
    st = _jager(ops=[op("jock", (11, 11))], units=[unit("s", "rifle", (5, 6), "N")], hunter=hunter)
    ctx = Ctx(st, Roller(st.dice))
    alerts.detect(ctx)
    assert ctx.state.unit("s").alert
    quiet = replace(st, phase="end")
    after, _ = _apply(quiet, RunAxisStep(side="axis"))
    assert [m.small for m in after.hunter.markers_of("blood")] == [True]
    again, _ = _apply(replace(after, phase="end", done=frozenset()), RunAxisStep(side="axis"))
    assert again.hunter.markers_of("blood") == ()


def test_sas_jgr_11_blood_stain_goes_on_a_corpse_and_stays_when_it_is_moved():
    """SAS-JGR-11: only corpses are targets; the stain stays where it was put."""
    corpse = ObjectState("c1", "corpse", (4, 4))
    hunter = HunterState(deck=DECK, ready=True, resolving="J13")  # J13: blood stain
    st = replace(_jager(ops=[op("jock", (11, 11))], hunter=hunter, phase="event"), objects=(corpse,))
    assert _legal(st) == [HunterTarget(side="axis", square=(4, 4))]
    st, _ = _apply(st, HunterTarget(side="axis", square=(4, 4)))
    st = st.with_object(replace(corpse, loc=None))
    assert st.corpse_cells() == ((4, 4),)


# --- hunter units (SAS-JGR-13, SAS-JGR-14) ------------------------------------------------------------------------
def test_sas_jgr_13_upgrade_any_regular_infantry_but_an_officer():
    """SAS-JGR-13 (6): the upgrade goes on rifle or SMG infantry, never an officer."""
    units = [
        unit("r", "rifle", (1, 1), "N"),
        unit("g", "smg", (2, 2), "N"),
        unit("o", "officer", (3, 3), "N", role="officer"),
    ]
    hunter = HunterState(deck=DECK, ready=True, resolving="J04")  # J04: battle half = upgrade
    st = _jager(ops=[op("jock", (11, 11), exposed=True)], units=units, hunter=hunter, phase="event", section="battle")
    assert {c.unit for c in _legal(st)} == {"r", "g"}
    st, _ = _apply(st, HunterTarget(side="axis", unit="g"))
    assert st.hunter.hunters == ("g",)


def test_sas_jgr_14_the_hunter_moves_his_units_anywhere_within_their_mp():
    """SAS-JGR-14: in the Axis Advance phase the hunter picks any square the upgraded SMG reaches with its 4 MP
    (staying included), then turns it; the automated advance leaves it alone."""
    hunter = HunterState(deck=DECK, ready=True, hunters=("g",))
    st = _jager(
        ops=[op("jock", (11, 11), exposed=True)],
        units=[unit("g", "smg", (2, 2), "N", alert=True)],
        hunter=hunter,
        phase="advance",
        section="battle",
    )
    legal = _legal(st)
    assert all(isinstance(c, HunterMove) for c in legal)
    assert {c.to for c in legal} == {(x, y) for x in range(7) for y in range(7)}
    st, _ = _apply(st, HunterMove(side="axis", unit="g", to=(6, 0)))
    assert st.unit("g").loc == (6, 0) and _legal(st)[0] == FaceUnit(side="axis", unit="g", facing="N")
    st, _ = _apply(st, FaceUnit(side="axis", unit="g", facing="E"))
    assert st.unit("g").facing == "E" and st.unit("g").loc == (6, 0)
    with pytest.raises(IllegalCommandError):
        _apply(replace(st, done=frozenset(), phase="advance"), HunterMove(side="axis", unit="g", to=(11, 0)))


# --- victory (SAS-JGR-15) ------------------------------------------------------------------------------------------
def test_sas_jgr_15_the_hunter_wins_unless_the_operators_win():
    """SAS-JGR-15: anything less than a minor victory is the hunter's win."""
    st = replace(_jager(ops=[op("jock", (11, 11))]), over=True, ended_by="the last turn of the mission is over")
    result = SYSTEM.outcome(st)
    assert result.winner == "axis" and result.level.render() == "The hunter wins"


def test_sas_jgr_3_the_sas_side_has_no_command_while_the_hunter_decides():
    """SAS-JGR-3: in the Hunter phase only the hunter (axis) acts; an SAS command is refused."""
    st = _jager(ops=[op("jock", (0, 11))], phase="hunter", hand=("J01",))
    assert _legal(st, "sas") == []
    with pytest.raises(IllegalCommandError):
        _apply(st, EndPhase(side="sas"))


def test_sas_jgr_14_a_hunter_vehicle_moves_to_poses_within_its_mp():
    """SAS-JGR-14 with SAS-AVEH-2, SAS-AVEH-3 (D-JGR-5): the Kettenkrad (6 MP) drives 4 squares north and then 1 into
    the forest row for 2 MP; a further square is out of reach; its move sets its facing, no turn follows."""
    rows = ["." * 12] * 5 + ["....TTTT...."] + ["." * 12] * 6
    hunter = HunterState(deck=DECK, ready=True, hunters=("k",))
    kettenkrad = unit("k", "kettenkrad", (5, 10), "N", alert=True)
    st = _jager(
        rows=rows,
        ops=[op("jock", (11, 0), exposed=True)],
        units=[kettenkrad],
        hunter=hunter,
        phase="advance",
        section="battle",
    )
    legal = _legal(st)
    assert HunterMove(side="axis", unit="k", to=(5, 5), facing="N") in legal
    assert HunterMove(side="axis", unit="k", to=(5, 4), facing="N") not in legal
    st, _ = _apply(st, HunterMove(side="axis", unit="k", to=(5, 5), facing="N"))
    assert st.unit("k").loc == (5, 5) and st.unit("k").facing == "N" and st.hunter.facing is None


def test_sas_jgr_3_no_hunter_phase_when_he_has_nothing_to_do():
    """SAS-JGR-3: with no card in hand and none left to draw he has no option: the next turn begins."""
    hunter = HunterState(deck=(), ready=True)
    st = _jager(ops=[op("jock", (0, 11))], phase="end", hunter=hunter)
    st, _ = _apply(st, RunAxisStep(side="axis"))
    assert st.phase == "operator" and st.turn == 2


def test_sas_jgr_3_the_face_down_card_and_the_hand_are_hidden_from_the_sas_side():
    """SAS-JGR-3, SAS-JGR-5: the SAS player sees how many cards the hunter holds and that one lies face down, not
    which."""
    hunter = HunterState(deck=DECK[3:], hand=("J01", "J02"), played="J03", ready=True)
    st = _jager(ops=[op("jock", (0, 11))], hunter=hunter)
    sas = next(p for p in SYSTEM.view(st, "sas").panels if p.title.render() == "Hunter")
    axis = next(p for p in SYSTEM.view(st, "axis").panels if p.title.render() == "Hunter")
    assert sas.items == () and {k.render(): v for k, v in sas.rows}["Cards in hand"] == "2"
    assert "J03" not in str([v for _k, v in sas.rows])
    assert len(axis.items) == 2 and {k.render(): v for k, v in axis.rows}["Played face down"] == "J03"


def test_sas_jgr_commands_are_described_for_the_ui():
    """The hunter's commands have labels naming the card, square, operator or unit."""
    st = _jager(ops=[op("jock", (0, 11))], phase="hunter", hand=("J01",))
    labels = [SYSTEM.describe(st, c).label.render() for c in _legal(st)]
    assert labels[0].startswith("Play J01 face down") and labels[1] == "Draw a hunter card"


def test_sas_jgr_5_the_replace_decision_is_the_hunters_in_every_view():
    """SAS-JGR-5 on the core flow: the revealed event card waits for the hunter; every view carries his decision and
    keeping the regular card is the default (fast play never spends his card). The SAS side sees that he decides,
    not the options, which would name his face-down card (SAS-JGR-3)."""
    st = _event_state()
    st, _ = _apply(st, RunAxisStep(side="axis"), cards=("E01",))
    decision = SYSTEM.view(st, "axis").decision
    assert decision is not None and decision == SYSTEM.view(st, None).decision
    assert decision.side == "axis" and decision.rule_id == "SAS-JGR-5"
    both = [ReplaceEvent(side="axis", use=True), ReplaceEvent(side="axis", use=False)]
    assert decision.commands == _legal(st) == both
    assert decision.default_command() == ReplaceEvent(side="axis", use=False)
    assert "E01" in decision.prompt.render("en")
    seen = SYSTEM.view(st, "sas").decision
    assert seen is not None and seen.side == "axis" and seen.prompt == decision.prompt and seen.options == ()


def test_sas_jgr_2_placing_stalkers_is_a_board_action_not_a_pending_decision():
    """SAS-JGR-2: the hunter places his stalkers on the board (legal commands), not through a decision prompt."""
    session = open_session(MISSION, {"sas": SYSTEM}, seed=1)
    assert session.active_side() == "axis" and session.legal_commands()
    assert session.view("sas").decision is None
