"""The convoy strike (``scenarios/sas/operation_convoy_strike.json``) played through with no rule applied by hand.

The mission combines a convoy brought by its special card C1 (scout motorcycle, ammunition truck, rear motorcycle,
SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21), a patrol motorcycle (SAS-AVEH-14, SAS-AVEH-15,
SAS-AVEH-16), the Willys with its crew aboard on the entry/exit tile (SAS-SETUP-8, SAS-OVEH-2, SAS-OVEH-3, SAS-OVEH-4,
SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-8, SAS-OVEH-9, SAS-OVEH-10, SAS-MSN-3) and the Typhoon (SAS-SUP-6,
SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10, SAS-SUP-11, SAS-SUP-12, SAS-SUP-13, SAS-SUP-14). The scripted team is
``strike.Strike`` (its policy is stated there); seeds are fixed, so every game is the same on every run. Solo games use
the seeded dice and deck; the table game types every die and card, as a player at the table would (SAS-DECK-2,
SAS-EVT-1).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.core.i18n import Text
from app.core.messages import Event
from app.core.session import Session
from app.scenario.catalog import open_session
from app.scenario.loading import ScenarioError
from app.systems.sas import SYSTEM
from app.systems.sas.messages import VehicleAttack
from app.systems.sas.state import OperatorVehicleState, SasState, UnitState
from app.systems.sas.turn import achieved

from .board import op, runtime, state, unit
from .strike import TRUCK, Strike

FILE = Path(__file__).parents[3] / "scenarios" / "sas" / "operation_convoy_strike.json"
SQUARE = re.compile(r"(?<![A-Za-z0-9])[A-Z]{1,2}[0-9]{1,2}(?![0-9])")  # a square label, e.g. "N22"
AXIS_MOVES = ("unit_moved", "vehicle_stays", "vehicle_turned_round")  # with an SAS-AVEH rule: a vehicle's step
ROLLS = {  # event kind -> the rule of a Willys, Typhoon or anti-aircraft roll, or an Axis roll at the Willys
    "attack": "SAS-OVEH-5",
    "typhoon_hmg": "SAS-SUP-10",
    "blast": "SAS-SUP-10",
    "scatter": "SAS-BLAST-3",
    "air_reaction": "SAS-SUP-11",
    "air_attack": "SAS-SUP-12",
    "axis_attack": "SAS-AATK-2",
    "reaction_attack": "SAS-REACT-1",
}


def _session(seed: int, mode: str = "digital") -> Session:
    return open_session(FILE, {"sas": SYSTEM}, seed=seed, mode="table" if mode == "table" else "digital")


def _events(session: Session) -> list[Event]:
    return [e for entry in session.history for e in entry.events]


def _check_rulings(session: Session) -> None:
    """Every Axis vehicle step is an event with its SAS-AVEH rule and a table instruction; every roll of the Willys,
    the Typhoon, the units firing at it and the Axis at the Willys is an event with its rule and a ruling (its dice, or
    why no die is rolled)."""
    for event in _events(session):
        if event.kind in AXIS_MOVES and event.rule_id.startswith("SAS-AVEH"):
            assert event.instruction is not None and event.instruction.render("en"), event
        if event.kind in ROLLS and event.rule_id == ROLLS[event.kind]:
            assert event.ruling is not None, event
            assert event.ruling.dice or event.ruling.result.msg.endswith("no roll"), event  # a 7 needed: no roll
            assert event.ruling.rule_id == event.rule_id


def _sweeps(session: Session) -> int:
    """Units the Vickers' sweep reached: SAS-OVEH-7 events after the roll of a Willys attack made without a move (so
    none of them is a unit run over on the way)."""
    count = 0
    for entry in session.history:
        if isinstance(entry.command, VehicleAttack) and not entry.command.steps:
            kinds = list(entry.events)
            first = next(i for i, e in enumerate(kinds) if e.kind == "attack")
            count += sum(1 for e in kinds[first + 1 :] if e.rule_id == "SAS-OVEH-7")
    return count


# --- the mission file -------------------------------------------------------------------------------------------
def test_mission_setup_convoy_patrol_willys_and_typhoon():
    """SAS-MSN-3 / SAS-SETUP-8 / SAS-AVEH-14 / SAS-AVEH-17 / SAS-SUP-6: nine tiles keep the Willys, its crew is aboard
    on the entry/exit tile's vehicle spot (not entered), the patrol motorcycle waits off the map at its route's first
    square, the convoy is held back for card C1 (a blue scout leads), both routes are printed on the board, the kill
    objective names the truck the card brings, and the Typhoon may be called."""
    session = _session(1)
    st: SasState = session.state
    rt = st.rt
    assert len(rt.mission.board.tiles) == 9
    willys = st.op_vehicle("willys")
    assert willys is not None and not willys.entered and set(willys.cells) <= rt.entry_exit | {(15, 27), (15, 28)}
    assert rt.label(willys.anchor) == "P28" and willys.facing == "N"
    assert {(o.id, o.aboard, o.seat) for o in st.operators if o.aboard} == {
        ("jock", "willys", "driver"),
        ("paddy", "willys", "front_gunner"),
    }
    bike = st.unit("patrol_bike")
    assert bike is not None and bike.on_spawn and rt.label(rt.routes["patrol_bike"][0]) == "C8"
    assert [u.id for u in rt.arrivals["C1"]] == ["scout_bike", TRUCK, "rear_bike"]
    assert rt.arrivals["C1"][0].role == "scout" and st.unit(TRUCK) is None
    lines = {p[1] for marks in rt.board.marks.values() for m in marks for p in m.props if p[0] == "line"}
    assert {"route:patrol_bike", "route:ammo_convoy"} <= lines
    assert any(c.kind == "call_typhoon" for c in session.legal_commands())
    assert TRUCK in rt.mission.objectives[0].units and achieved(st) == frozenset()


def test_kill_objective_naming_a_unit_nobody_brings_names_the_field(tmp_path: Path):
    """SAS-MSN-1: a kill objective may name a vehicle a special card brings; a unit neither on the board at setup nor
    brought by a card is refused, the error naming the field."""
    data = json.loads(FILE.read_text(encoding="utf-8"))
    data["objectives"][0]["units"] = ["ghost_truck"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError, match=re.escape("$.objectives[0].units[0]")):
        open_session(bad, {"sas": SYSTEM})


# --- solo games -------------------------------------------------------------------------------------------------
def test_a_truck_still_waiting_for_its_card_is_not_destroyed():
    """SAS-MSN-1 / SAS-AVEH-17 / D-AVEH-18 (seed 1): before C1 comes up the truck is not on the board, yet its kill
    objective is open. Johnny and David leave, the Willys never moves (its crew cannot leave before it has entered,
    SAS-SETUP-8); the convoy comes and drives, the truck is never destroyed, and the mission is a defeat."""
    session = _session(1)
    assert session.state.unit(TRUCK) is None and TRUCK not in achieved(session.state)
    player = Strike(hunt=False)
    player.play(session)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "axis"
    assert TRUCK not in achieved(session.state)
    assert any(e.kind == "convoy_arrives" and e.rule_id == "SAS-AVEH-17" for e in _events(session))
    _check_rulings(session)


def test_convoy_driving_off_the_map_is_not_destroyed():
    """SAS-AVEH-17 / SAS-MSN-1 (seed 8): the Willys never moves; the convoy comes with card C1, drives down the
    village road and off the south edge. The truck has left the game alive: its kill objective is not achieved and
    the mission ends after turn 16 in defeat, with Johnny and David out."""
    session = _session(8)
    Strike(hunt=False).play(session)
    st: SasState = session.state
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "axis" and st.turn == 17
    assert TRUCK in st.escaped and TRUCK not in achieved(st)
    left = [e for e in _events(session) if e.kind == "vehicle_left"]
    assert {e.rule_id for e in left} == {"SAS-AVEH-17"} and all(e.instruction for e in left)
    convoy = [e for e in _events(session) if e.kind == "unit_moved" and e.rule_id == "SAS-AVEH-17"]
    patrol = [e for e in _events(session) if e.kind == "unit_moved" and e.rule_id == "SAS-AVEH-14"]
    assert convoy and patrol
    _check_rulings(session)


def test_willys_and_typhoon_game_plays_through_with_every_roll_explained():
    """SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6 / SAS-SUP-6, SAS-SUP-7, SAS-SUP-8 / SAS-AVEH-10, SAS-AVEH-17 / SAS-OVEH-10 /
    SAS-MSN-1 (seed 10): Johnny and David leave at once; C1 brings the convoy; the Willys dashes up the woods road with
    Foot down! and fires its Vickers (4 dice) at the truck; the Typhoon is called from the south edge. Since Axis
    vehicles fire on occupied operator vehicles too (D-INTEG-1), the convoy's motorcycle and three riflemen shoot the
    exposed jeep to pieces before the Typhoon's run: a defeat. The whole game runs with no rule applied by hand: every
    vehicle step and every roll is narrated with its rule, and every roll has its ruling."""
    session = _session(10)
    player = Strike(charge=10)
    player.play(session)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "axis"
    for kind in ("foot_down", "vehicle_attack", "call_typhoon"):
        assert player.used.get(kind), kind
    events = _events(session)
    assert any(e.kind == "vehicle_moved" and e.rule_id == "SAS-OVEH-4" for e in events)  # Foot down!
    assert any(e.kind == "attack" and e.rule_id == "SAS-OVEH-5" and len(e.ruling.dice) == 4 for e in events)
    assert any(e.kind == "convoy_arrives" for e in events) and any(e.kind == "typhoon_card" for e in events)
    assert any(e.kind == "axis_attack" and e.rule_id == "SAS-AVEH-10" for e in events)  # a vehicle fires at the jeep
    assert any(e.kind == "vehicle_destroyed" and e.rule_id == "SAS-OVEH-10" for e in events)
    _check_rulings(session)


def test_reckless_dash_loses_the_jeep():
    """SAS-OVEH-4, SAS-OVEH-10 / SAS-MSN-1 (seed 1): the Willys dashes in with Foot down! the moment the convoy shows,
    is seen and shot at; the jeep is destroyed with its crew before the truck is: a defeat."""
    session = _session(1)
    player = Strike(charge=99)
    player.play(session)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "axis"
    assert player.used.get("foot_down")
    assert any(e.kind == "vehicle_destroyed" and e.rule_id == "SAS-OVEH-10" for e in _events(session))
    _check_rulings(session)


# --- at the table -----------------------------------------------------------------------------------------------
def _luck(purpose: Text, count: int) -> list[int]:
    """Dice as typed at the table: the Axis (their titles start with the unit) roll 1s, a scatter's direction is
    3 + 4 (on target), every other roll — the Willys, the Typhoon, a blast — 6s."""
    if purpose.msg.startswith("{unit}"):
        return [1] * count
    if purpose.msg.endswith("direction (2D6)"):
        return [3, 4]
    return [6] * count


def _deal(state: SasState, options: tuple[str, ...]) -> str:
    """Cards as turned over at the table: the convoy's card C1 as soon as it can come up, else the first regular
    card offered (never the reinforcements)."""
    if "C1" in options:
        return "C1"
    return next((c for c in options if c != "S01"), options[0])


def test_table_mode_every_vehicle_move_scatter_and_spawn_says_what_to_do_on_the_board():
    """SAS-AVEH-14, SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-21 / SAS-SUP-9, SAS-SUP-10 / SAS-BLAST-3 / SAS-OVEH-3, SAS-OVEH-4
    (table mode, seed 2): every die and card is typed. C1 is turned over at the 5th Event phase (the first card of the
    window's second pile, SAS-DECK-2); the convoy lines up and drives, the patrol motorcycle drives its route, the
    Willys dashes and fires, the Typhoon comes and its rocket scatters. Every Axis vehicle move, scatter and spawn event
    tells the player what to do with the pieces, naming squares; the Willys' and the Typhoon's moves too."""
    session = _session(2, mode="table")
    player = Strike(charge=10, luck=_luck, deal=_deal)
    player.play(session)
    assert session.outcome() is not None
    assert all(c.dice is not None for c in session.commands)
    events = _events(session)
    kinds = {e.kind for e in events}
    assert {"convoy_arrives", "scatter", "typhoon_moved", "vehicle_moved", "unit_spawned"} <= kinds
    checked = 0
    for event in events:
        vehicle_step = event.kind in AXIS_MOVES and event.rule_id.startswith("SAS-AVEH")
        placed = event.kind in ("convoy_arrives", "unit_spawned", "scatter", "typhoon_moved", "vehicle_moved")
        if vehicle_step or placed:
            assert event.instruction is not None, event
            text = event.instruction.render("en")
            assert SQUARE.search(text), text
            assert SQUARE.search(event.instruction.render("zh_CN")), text
            checked += 1
    assert checked > 20
    convoy = [e.text.render("en") for e in events if e.kind == "unit_moved" and e.rule_id == "SAS-AVEH-17"]
    members = ("Motorcycle (blue border) on", "Truck (white border) on", "Motorcycle (white border) on")  # SAS-BRD-10
    assert all(any(text.startswith(member) for text in convoy) for member in members)
    assert achieved(session.state) == {TRUCK}
    _check_rulings(session)


# --- the Willys' Vickers against vehicles (a fix found by the mission) ---------------------------------------------
def _jeep_by(targets: list[UnitState]) -> SasState:
    crew = [op("jock", None, aboard="willys", seat="driver"), op("paddy", None, aboard="willys", seat="front_gunner")]
    willys = OperatorVehicleState("willys", "willys", (2, 9), "N", ap=2, entered=True)
    return state(runtime(["." * 14] * 14), crew, targets, section="battle", op_vehicles=(willys,))


def test_sas_aveh_12_vickers_successes_are_damage_markers_on_a_truck():
    """SAS-AVEH-12 / SAS-OVEH-5 / D-VDMG-2: each Vickers success is a damage marker on an Axis vehicle (a truck has
    6 HP); one success does not destroy it, and no corpse is left."""
    st = _jeep_by([unit("lorry", "truck", (2, 3), "E", role="guard")])
    attack = VehicleAttack(side="sas", vehicle="willys", target="lorry").with_table_input((6, 1, 1, 1), None)
    after, events = SYSTEM.apply(st, attack)
    lorry = after.unit("lorry")
    assert lorry is not None and lorry.damage == 1 and not after.objects
    assert [e.kind for e in events if e.rule_id == "SAS-AVEH-12"] == ["vehicle_damaged"]


def test_sas_aveh_12_vickers_cannot_hurt_a_half_track_its_successes_sweep_on():
    """SAS-AVEH-12 / SAS-OVEH-7 / D-VDMG-2: the Vickers does nothing to an armoured half-track; its successes go on, as
    a sweep, to the unit next to it (a truck, 2 damage markers)."""
    half_track = unit("ht", "halftrack", (6, 3), "E", role="guard")
    st = _jeep_by([half_track, unit("lorry", "truck", (2, 3), "E", role="guard")])
    attack = VehicleAttack(side="sas", vehicle="willys", target="ht").with_table_input((6, 6, 1, 1), None)
    after, events = SYSTEM.apply(st, attack)
    ht, lorry = after.unit("ht"), after.unit("lorry")
    assert ht is not None and ht.damage == 0 and lorry is not None and lorry.damage == 2
    assert [e.kind for e in events if e.rule_id == "SAS-AVEH-12"] == ["no_effect", "vehicle_damaged"]
