"""SAS rule tests on a board with a spawn tile, a patrol line and a hut with doors, with explicit dice: guards,
spawn tiles, units entering from them, alarms in the Advance and Patrol phases, a blocked doorway.

Each test writes its board as a tile library (a 12×12 map tile and a black spawn tile) and its position as data (a
mission's ``position`` section), then drives the real rules through ``Session.submit``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.core.session import Session
from app.systems.sas import SYSTEM
from app.systems.sas.messages import RunAxisStep
from app.systems.sas.mission import SasMission
from tests.support.positions import OPEN, sas_mission

from .test_rule_coverage_2 import MISSIONS, _phases

SPAWN_MARKS = [
    {"kind": "spawn", "at": f"{column}{row}", "colour": "black", "row": "front" if row == 1 else "back"}
    for row in (1, 2)
    for column in "ABC"
]
LINE = [
    {"kind": "patrol_line", "line": "w1", "colour": "white", "path": [f"{c}6" for c in "ABCDEFGHIJKL"]},
    {"kind": "patrol_start", "at": "A6", "line": "w1", "colour": "white", "arrows": ["E"]},
    {"kind": "patrol_start", "at": "L6", "line": "w1", "colour": "white", "arrows": ["W"]},
]


def _tile(tile_id: str, kind: str, rows: list[str], edges: list[Any], marks: list[Any]) -> dict[str, Any]:
    size = [len(rows[0]), len(rows)]
    side = {"rows": rows, "edges": edges, "marks": marks}
    return {"id": tile_id, "kind": kind, "name_en": tile_id, "name_zh": tile_id, "size": size, "sides": {"A": side}}


def _board_session(
    folder: Path, position: dict[str, Any], rows: list[str] = OPEN, edges: list[Any] = (), marks: list[Any] = ()
) -> Session:
    """A session on a 12×12 map tile (``rows``, ``edges``, ``marks`` as in a tile library) with a black spawn tile
    below columns E to G (front row E13 to G13, back row E14 to G14), from ``position``; the tile library is written
    to ``folder``."""
    tiles = [
        _tile("position", "map", list(rows), list(edges), list(marks)),
        _tile("spawn", "spawn", ["..."] * 2, [], SPAWN_MARKS),
    ]
    library = {"format": "adjutant-tiles", "schema_version": 1, "id": "positions", "name": "Positions", "tiles": tiles}
    (folder / "tiles.json").write_text(json.dumps(library), encoding="utf-8")
    mission = sas_mission(position)
    mission["board"]["extras"] = [{"tile": "spawn", "side": "A", "at": [4, 12]}]
    return Session(SYSTEM, SasMission.model_validate(mission), folder=folder)


def test_sas_brd_7_guards_stand_on_the_guard_marks() -> None:
    """SAS-BRD-7: the tutorial's map tiles print four guard marks; with tile guards on, an SMG guard stands on each,
    facing as printed (the farm's guard on D6 of the tile, map square D9, faces N); with them off there is none."""
    data = json.loads((MISSIONS / "tutorial_assassination.json").read_text("utf-8"))
    guarded = Session(SYSTEM, SasMission.model_validate({**data, "tile_guards": True}), folder=MISSIONS)
    guards = [u for u in guarded.state.units if u.role == "guard"]
    assert len(guards) == 4 and {u.kind for u in guards} == {"smg"}
    farm = next(u for u in guards if u.loc == (3, 8))
    assert farm.facing == "N" and not farm.alert
    plain = Session(SYSTEM, SasMission.model_validate({**data, "tile_guards": False}), folder=MISSIONS)
    assert not [u for u in plain.state.units if u.role == "guard"]


def test_sas_brd_8_spawned_units_go_to_spawn_tiles_of_the_cards_colour(tmp_path: Path) -> None:
    """SAS-BRD-8, SAS-EVT-5: event card E07 (Stealth: 2 black units) puts two units on the black spawn tile's front
    spots, still on the tile; E11 (1 white unit) finds no white spawn tile and places nobody."""
    jock = {"operators": [{"id": "jock", "at": "A1"}], "phase": "event"}
    black = _board_session(tmp_path, {**jock, "deck": {"cards": ["E07"]}})
    assert {(s.loc, s.row) for s in black.state.rt.spawn_spots} == {
        ((x, y), "front" if y == 12 else "back") for x in (4, 5, 6) for y in (12, 13)
    }
    black.submit(RunAxisStep(side="axis", dice=None))
    spawned = [u for u in black.state.units if u.role == "spawned"]
    assert sorted(u.loc for u in spawned) == [(4, 12), (5, 12)]
    assert all(u.on_spawn and u.colour == "black" and not u.alert for u in spawned)
    white = _board_session(tmp_path, {**jock, "deck": {"cards": ["E11"]}})
    events = white.submit(RunAxisStep(side="axis", dice=None))
    assert not [u for u in white.state.units if u.role == "spawned"]
    assert any(e.kind == "spawn_full" for e in events)


def _spawned_advance(folder: Path, at: str) -> tuple[int, int]:
    """Battle, Axis Advance: an alert rifleman on spawn-tile spot ``at`` closes on exposed Jock on F2; where he ends."""
    position = {
        "section": "battle",
        "phase": "advance",
        "operators": [{"id": "jock", "at": "F2", "exposed": True}],
        "units": [
            {"id": "b", "kind": "rifle", "role": "spawned", "colour": "black", "at": at, "facing": "N", "alert": True}
        ],
    }
    session = _board_session(folder, position)
    assert session.state.unit("b").on_spawn
    session.submit(RunAxisStep(side="axis", dice=None))
    unit = session.state.unit("b")
    assert not unit.on_spawn
    return unit.loc


def test_sas_advb_2_spawned_units_enter_from_their_spots_back_row_through_the_front(tmp_path: Path) -> None:
    """SAS-ADVB-2: a rifleman (move 4) on a front-row spot enters the map diagonally and ends 4 rows in (row 9); one
    on the back row first steps onto the front row and ends a row short (row 10)."""
    front = _spawned_advance(tmp_path, "E13")
    back = _spawned_advance(tmp_path, "E14")
    assert front[1] == 12 - 4 and back[1] == 13 - 4
    assert front[0] != 4  # entered diagonally


def test_sas_adv_3_alarm_in_the_advance_phase_switches_to_the_battle_rules(tmp_path: Path) -> None:
    """SAS-ADV-3: meter 1; the alert sentry advancing on exposed Jock sets off a landmine on B6 (4 successes): the
    meter reaches 0 and the alarm sounds in the Advance phase. Every unit is alert, the spawn-tile unit included,
    and the phase goes on by the Battle rules: the far sentry only turns (SAS-ADVB-3) and the spawned rifleman
    enters the map, while the dead sentry does not move again."""
    position = {
        "phase": "advance",
        "meter": 1,
        "operators": [{"id": "jock", "at": "F2", "exposed": True}],
        "units": [
            {"id": "a", "kind": "rifle", "role": "sentry", "at": "F10", "facing": "N", "alert": True},
            {"id": "b", "kind": "rifle", "role": "spawned", "colour": "black", "at": "E13", "facing": "N"},
            {"id": "far", "kind": "rifle", "role": "sentry", "at": "L12", "facing": "E"},
        ],
        "objects": [{"id": "mine", "kind": "landmine", "at": "B6"}],
    }
    session = _board_session(tmp_path, position)
    events = session.submit(RunAxisStep(side="axis", dice=(6, 6, 6, 6)))
    state = session.state
    assert ("alarm_raised", "SAS-ALARM-1") in [(e.kind, e.rule_id) for e in events]
    assert (state.section, state.phase) == ("battle", "advance") and state.unit("a") is None
    assert state.unit("b").alert and state.unit("far").alert and state.unit("far").facing == "E"
    events = list(_axis_steps_until(session, "event"))
    assert ("unit_turned", "SAS-ADVB-3") in [(e.kind, e.rule_id) for e in events]
    far = session.state.unit("far")
    assert far.loc == (11, 11) and far.facing != "E"  # turned, not moved
    assert not session.state.unit("b").on_spawn


def _axis_steps_until(session: Session, phase: str) -> list[Any]:
    """Play Axis steps until ``phase`` begins; the events."""
    events: list[Any] = []
    while session.state.phase != phase:
        events += session.submit(RunAxisStep(side="axis", dice=None))
    return events


DOORWAY = [*OPEN[:5], "....B.......", *OPEN[6:]]
DOORS = [
    {"at": "D6", "side": "E", "kind": "door"},
    {"at": "E6", "side": "E", "kind": "door"},
    {"at": "E6", "side": "N", "kind": "building_wall"},
    {"at": "E6", "side": "S", "kind": "building_wall"},
]


def test_sas_pat_6_an_operator_in_the_doorway_stops_the_patrolman(tmp_path: Path) -> None:
    """SAS-PAT-6: the white patrolman walks his line east from A6; Jock stands in the doorway of the hut on E6,
    hidden by its door. The patrolman stops on D6 before the door, flips to alert and shouts; Jock is exposed."""
    position = {"phase": "patrol", "patrol_marker": "white", "operators": [{"id": "jock", "at": "E6", "facing": "W"}]}
    session = _board_session(tmp_path, position, DOORWAY, DOORS, LINE)
    patrolman = next(u for u in session.state.units if u.role == "patrolman")
    assert not session.state.op("jock").exposed
    events = session.submit(RunAxisStep(side="axis", dice=None))
    after = session.state.unit(patrolman.id)
    assert after.loc == (3, 5) and after.alert and session.state.op("jock").exposed
    assert ("operator_exposed", "SAS-PAT-6") in [(e.kind, e.rule_id) for e in events]
    assert any(e.kind == "unit_shouted" for e in events)


def test_sas_pat_7_alarm_in_the_patrol_phase_then_the_attack_phase(tmp_path: Path) -> None:
    """SAS-PAT-7: meter 1; the patrolman steps on a landmine on C6 (4 successes kill him), the meter reaches 0: the
    alarm flips the far sentry to alert keeping its facing (E), an operator is designated exposed, and the next phase
    is the Axis Attack phase of the Battle section."""
    position = {
        "phase": "patrol",
        "patrol_marker": "white",
        "meter": 1,
        "operators": [{"id": "jock", "at": "A1", "facing": "W"}],
        "units": [{"id": "far", "kind": "rifle", "role": "sentry", "at": "L12", "facing": "E"}],
        "objects": [{"id": "mine", "kind": "landmine", "at": "C6"}],
    }
    session = _board_session(tmp_path, position, marks=LINE)
    events = session.submit(RunAxisStep(side="axis", dice=(6, 6, 6, 6)))
    far = session.state.unit("far")
    assert session.state.section == "battle" and far.alert and far.facing == "E"
    assert session.state.op("jock").exposed
    assert _phases(list(events))[0] == "Axis Attack phase"
