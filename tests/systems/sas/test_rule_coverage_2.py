"""SAS rule tests for the rules not yet cited elsewhere, with explicit dice.

Each test sets its position up as data (a mission's ``position`` section on a one-tile board drawn from text rows,
tests/support/positions.py, or on a bundled mission), drives the real rules (``SYSTEM.apply`` with typed dice,
``SYSTEM.legal_commands``, ``Session.submit``) and asserts the effect of the rule it cites.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from app.core.session import Session
from app.systems.sas import SYSTEM
from app.systems.sas.board.vision import sees_op
from app.systems.sas.messages import Attack, EndPhase, Move, RunAxisStep, Sprint, Throw
from app.systems.sas.state import SasState
from tests.support.positions import OPEN, sas_session, sas_state, with_position
from tests.systems.sas.board import with_defaults

MISSIONS = Path(__file__).parents[3] / "scenarios" / "sas"

JOCK = {"operators": [{"id": "jock", "at": "A7", "facing": "E"}], "activation": {"operator": "jock", "ap": 4}}
SENTRY = {"id": "p", "kind": "rifle", "role": "sentry", "at": "F7", "facing": "W"}


def _apply(st: SasState, cmd: Any, dice: tuple[int, ...] = ()) -> tuple[SasState, list[Any]]:
    after, events = with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, None)))
    return after, list(events)


def _moves(st: SasState) -> set[tuple[int, int]]:
    """The squares Jock may Move to."""
    return {c.to for c in SYSTEM.legal_commands(st) if isinstance(c, Move)}


def _row(feature: str) -> list[str]:
    """The open board with ``feature`` (a legend character) on B7, between Jock (A7) and the sentry (F7)."""
    return [*OPEN[:6], "." + feature + "." * 10, *OPEN[7:]]


def _jock_and_sentry(rows: list[str] = OPEN, **position: Any) -> SasState:
    """Jock on A7 being activated, a rifle sentry on F7 facing him, 5 squares away."""
    units = [SENTRY, *position.pop("units", [])]
    return sas_state({**JOCK, "units": units, **position}, rows)


# --- board and terrain ----------------------------------------------------------------------------------------------


def test_sas_ter_1_regular_squares_change_neither_movement_nor_sight() -> None:
    """SAS-TER-1: on regular squares a Move costs 1 AP in any of the 8 directions and the sentry 5 squares away
    sees Jock."""
    st = _jock_and_sentry()
    assert _moves(st) == {(0, 5), (1, 5), (1, 6), (1, 7), (0, 7)}
    assert sees_op(st, st.unit("p"), st.op("jock"))
    after, _ = _apply(st, Move(side="sas", operator="jock", to=(1, 6)))
    assert after.activation is not None and after.activation.ap == 3


def test_sas_brd_3_the_four_square_types() -> None:
    """SAS-BRD-3: the board's squares are regular, water, forest or rock: regular and forest squares may be
    entered by a Move, water and rock not (SAS-TER-2, SAS-TER-4); a forest square hides Jock from the sentry."""
    kinds = {".": "regular", "~": "water", "T": "forest", "R": "rock"}
    for char, kind in kinds.items():
        st = _jock_and_sentry(_row(char))
        assert st.rt.grid.terrain((1, 6)) == kind
        assert ((1, 6) in _moves(st)) is (kind in ("regular", "forest")), kind
    forest = _jock_and_sentry(_row("T"))
    assert not sees_op(forest, forest.unit("p"), forest.op("jock"))


def test_sas_brd_6_units_move_in_eight_directions_and_face_a_side() -> None:
    """SAS-BRD-6: Jock may step diagonally; standing he faces one of the four sides: a diagonal step keeps his
    facing, and a position facing a diagonal is refused."""
    st = sas_state(JOCK)
    assert {(1, 5), (1, 7)} <= _moves(st)
    after, _ = _apply(st, Move(side="sas", operator="jock", to=(1, 5)))
    assert after.op("jock").loc == (1, 5) and after.op("jock").facing == "E"
    with pytest.raises(ValidationError, match="'N', 'E', 'S' or 'W'"):
        sas_state({"operators": [{"id": "jock", "at": "A7", "facing": "NE"}]})


def test_sas_ter_14_supply_dump_blocks_movement_and_sight() -> None:
    """SAS-TER-14: a supply dump on B7 may not be entered and hides Jock from the sentry behind it."""
    st = _jock_and_sentry(_row("D"))
    assert st.rt.grid.terrain((1, 6)) == "supply_dump"
    assert (1, 6) not in _moves(st)
    assert not sees_op(st, st.unit("p"), st.op("jock"))


def test_sas_ter_16_active_blast_template_blocks_sight_and_infantry_until_the_end_phase() -> None:
    """SAS-TER-16, SAS-END-6: an active blast template on B7 blocks Jock's Move into it and the sentry's sight of
    him; the End phase removes it."""
    st = _jock_and_sentry(blasts=["B7"])
    assert st.templates == ((1, 6),)
    assert (1, 6) not in _moves(st)
    assert not sees_op(st, st.unit("p"), st.op("jock"))
    end = sas_state({"section": "battle", "phase": "end", "operators": [{"id": "jock", "at": "A1"}], "blasts": ["B7"]})
    after, events = _apply(end, RunAxisStep(side="axis"))
    assert after.templates == () and any(e.kind == "templates_removed" for e in events)


def test_sas_ter_17_a_vehicle_token_blocks_sight() -> None:
    """SAS-TER-17: an Axis truck standing across row 7 (C7 to D10) blocks the sentry's sight of Jock."""
    truck = {"id": "truck", "kind": "truck", "role": "guard", "at": "C7", "facing": "N"}
    st = _jock_and_sentry(units=[truck])
    assert (2, 6) in st.unit("truck").cells
    assert not sees_op(st, st.unit("p"), st.op("jock"))
    clear = _jock_and_sentry()
    assert sees_op(clear, clear.unit("p"), clear.op("jock"))


def test_sas_los_6_every_square_entered_is_checked() -> None:
    """SAS-LOS-6: forest screens Jock on A6 and A8 from the sentry on H7, but A7 lies in its sight; a Sprint from
    A6 through A7 to A8 ends hidden, yet he was seen on A7: exposed, the sentry alerted."""
    rows = [*OPEN]
    for y in (4, 5, 7, 8):
        rows[y] = "...T" + "." * 8
    st = sas_state(
        {
            "operators": [{"id": "jock", "at": "A5", "facing": "S"}],
            "units": [{**SENTRY, "at": "H7"}],
            "activation": {"operator": "jock", "ap": 4},
        },
        rows,
    )
    after, events = _apply(st, Sprint(side="sas", operator="jock", path=((0, 5), (0, 6), (0, 7))))
    assert after.op("jock").loc == (0, 7)
    assert not sees_op(after, after.unit("p"), after.op("jock"))  # hidden where he stopped
    assert after.op("jock").exposed and after.unit("p").alert
    kinds = [e.kind for e in events]
    last_step = len(kinds) - 1 - kinds[::-1].index("operator_moved")
    assert kinds.count("operator_moved") == 3 and kinds.index("operator_exposed") < last_step  # seen on A7
    hidden, _ = _apply(st, Move(side="sas", operator="jock", to=(0, 5)))
    assert not hidden.op("jock").exposed and not hidden.unit("p").alert


def test_sas_end_6_battle_end_phase_clears_corpses_templates_and_marks() -> None:
    """SAS-END-6: the Battle-section End phase removes all corpses, removes the blast templates and returns the
    mark tokens; then turn 2 begins."""
    end = sas_state(
        {
            "section": "battle",
            "phase": "end",
            "operators": [{"id": "jock", "at": "A1", "mark": "p", "mark_weapon": "pistol"}],
            "units": [{**SENTRY, "alert": True}],
            "objects": [{"id": "corpse1", "kind": "corpse", "at": "C3"}],
            "blasts": ["J10"],
        }
    )
    assert end.objects and end.templates and end.op("jock").mark == "p"
    after, events = _apply(end, RunAxisStep(side="axis"))
    assert after.objects == () and after.templates == ()
    assert after.op("jock").mark is None and after.op("jock").mark_weapon is None
    kinds = [e.kind for e in events]
    assert kinds[0] == "corpses_removed" and {"marks_returned", "templates_removed"} <= set(kinds)
    assert (after.phase, after.turn) == ("operator", 2)


def test_sas_los_8_camo_net_scuba_and_cigarette_change_visibility() -> None:
    """SAS-LOS-8, SAS-EQ-12, SAS-EQ-15, SAS-EVT-8: the sentry on E2 looking south sees Jock standing in the forest on
    E7, but not with a camo net there (beside the forest, on F7, the net does not hide him); he sees Jock in the
    water on E4, but not in scuba gear; a sentry smoking a cigarette sees nobody."""
    rows = [*OPEN]
    rows[3] = "~" * 12
    rows[6] = "....T......."

    def seen(jock: dict[str, Any], **sentry: Any) -> bool:
        units = [{**SENTRY, "at": "E2", "facing": "S", **sentry}]
        position = {"operators": [{"id": "jock", "facing": "N", **jock}], "units": units}
        st = sas_state(position, rows)
        return sees_op(st, st.unit("p"), st.op("jock"))

    net = {"camo_net": 1}
    assert seen({"at": "E7"}) and not seen({"at": "E7", "items": net}) and seen({"at": "F7", "items": net})
    assert seen({"at": "E4"}) and not seen({"at": "E4", "scuba": True})
    assert not seen({"at": "E7"}, cigarette=True)


def _blind_throw(dice: tuple[int, ...]) -> list[Any]:
    """Jock on A7 facing E throws a grenade at F7, out of his sight behind the forest on E7: the scatter roll (2D6,
    then 1D6 when it scatters) and the grenade's 4 attack rolls are ``dice``. The events."""
    rows = [*OPEN]
    rows[6] = "....T......."
    st = sas_state(JOCK, rows)
    return _apply(st, Throw(side="sas", operator="jock", to=(5, 6)), dice)[1]


def test_sas_blast_1_the_template_centre_is_7() -> None:
    """SAS-BLAST-1, SAS-BLAST-3: a scatter roll of 7 (3+4) leaves the template's centre on the aimed square F7,
    covering it and its 8 neighbours; 6 (3+3) is the position ahead along the thrower's facing: with 1 on the
    distance die the template moves 1 square east, to G7; 11 (5+6) is behind him: 1 square west, to E7."""
    for dice, centre in (((3, 4), (5, 6)), ((3, 3, 1), (6, 6)), ((5, 6, 2), (4, 6))):
        events = _blind_throw((*dice, 1, 1, 1, 1))
        scatter = next(e for e in events if e.kind == "scatter")
        assert scatter.at == ((5, 6), centre)
        blast = next(e for e in events if e.kind == "blast")
        assert set(blast.at) == {(centre[0] + dx, centre[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def test_sas_gen_9_axis_ties_broken_by_fixed_rules() -> None:
    """SAS-GEN-9 (D-ALARM-1 in docs/sas-decisions.md, the default answer since the players choose in rules version 3,
    D-CHOICE-2): Jock's grenade sounds the alarm without exposing him (SAS-ALARM-3); Jock and Paddy are equally near the
    only sentry, so by default the operator first in team order is designated exposed, whoever threw."""
    sentry = {**SENTRY, "at": "F12", "facing": "S"}
    ops = {"jock": {"id": "jock", "at": "A7", "facing": "E"}, "paddy": {"id": "paddy", "at": "K7", "facing": "W"}}
    for first, second in (("jock", "paddy"), ("paddy", "jock")):
        activation = {"operator": "jock", "ap": 4}
        position = {"operators": [ops[first], ops[second]], "units": [sentry], "activation": activation}
        st = sas_state(position)
        assert st.rt.mission.operators == [first, second]
        after, events = _apply(st, Throw(side="sas", operator="jock", to=(0, 1)), (1, 1, 1, 1))
        assert after.section == "battle" and any(e.kind == "designated" for e in events)
        assert after.op(first).exposed and not after.op(second).exposed


# --- the turn -------------------------------------------------------------------------------------------------------


def _axis_steps(session: Session) -> list[Any]:
    """Play the automated Axis until a player must act; the events."""
    events: list[Any] = []
    while any(isinstance(c, RunAxisStep) for c in session.legal_commands()):
        events += session.submit(RunAxisStep(side="axis", dice=None))
    return events


def _phases(events: list[Any]) -> list[str]:
    """The phases the events start, in order."""
    return [e.text.args["phase"].msg for e in events if e.kind == "phase_started"]


def _next_turn(session: Session) -> list[str]:
    """End the Operator phase and play the Axis phases: the phases started, up to the next Operator phase."""
    return _phases([*session.submit(EndPhase(side="sas", dice=())), *_axis_steps(session)])


def test_sas_turn_2_phases_of_each_section_in_order() -> None:
    """SAS-TURN-2: a Stealth turn runs Operator, Axis Advance, Event, Axis Patrol, Axis Attack and End phases; a
    Battle turn the same without the Patrol phase."""
    far = {"operators": [{"id": "jock", "at": "A1", "facing": "E"}]}
    stealth = sas_session(far)
    assert stealth.state.phase == "operator"
    assert _next_turn(stealth) == [
        "Axis Advance phase",
        "Event phase",
        "Axis Patrol phase",
        "Axis Attack phase",
        "End phase",
        "Operator phase",
    ]
    battle = sas_session({**far, "section": "battle"})
    battle_phases = ["Axis Advance phase", "Event phase", "Axis Attack phase", "End phase", "Operator phase"]
    assert _next_turn(battle) == battle_phases
    assert (stealth.state.turn, battle.state.turn) == (2, 2)


def test_sas_setup_9_the_first_event_card_gets_the_black_patrol_marker() -> None:
    """SAS-SETUP-9, SAS-EVT-1: no patrol marker lies out before the game; the first event card drawn gets it black
    side up, the second card turns it to white."""
    session = sas_session({"operators": [{"id": "jock", "at": "A1", "facing": "E"}]})
    assert session.state.patrol_marker is None
    _next_turn(session)
    assert session.state.patrol_marker == "black"
    _next_turn(session)
    assert session.state.patrol_marker == "white"


def test_sas_turn_4_jager_mode_adds_a_hunter_phase_after_the_end_phase() -> None:
    """SAS-TURN-4, SAS-JGR-3: in Jäger mode the End phase of turn 2 is followed by the Hunter phase (the hunter
    draws or plays a card), and only then does turn 3 begin."""
    session = with_position(MISSIONS / "jager_fuel_depot.json", {"phase": "end", "turn": 2, "hunter": {"stalkers": 4}})
    events = session.submit(RunAxisStep(side="axis", dice=None))
    assert _phases(list(events)) == ["Hunter phase"]
    assert (session.state.phase, session.state.turn) == ("hunter", 2)
    kinds = {c.kind for c in session.legal_commands()}
    assert "hunter_draw" in kinds and "activate" not in kinds
    draw = next(c for c in session.legal_commands() if c.kind == "hunter_draw")
    session.submit(draw)
    assert (session.state.phase, session.state.turn) == ("operator", 3)


# --- being seen, reactions and Axis attacks -------------------------------------------------------------------------


def test_sas_seen_1_a_unit_reacts_to_a_corpse_appearing_in_its_sight() -> None:
    """SAS-SEEN-1, SAS-OBJ-4: Jock shoots the sentry on C7 (pistol, roll 6); the unalert sentry on J7 sees the
    corpse fall in its sight and flips to alert and shouts, though it never saw Jock."""
    rows = [*OPEN]
    rows[5] = rows[7] = ".T" + "." * 10
    st = sas_state(
        {
            **JOCK,
            "units": [
                {"id": "v", "kind": "rifle", "role": "sentry", "at": "C7", "facing": "N"},
                {"id": "w", "kind": "rifle", "role": "sentry", "at": "J7", "facing": "W"},
            ],
        },
        rows,
    )
    assert not st.unit("w").alert
    after, events = _apply(st, Attack(side="sas", operator="jock", target="v", weapon="pistol"), (6,))
    assert after.unit("v") is None and after.unit("w").alert and not after.op("jock").exposed
    assert ("unit_alerted", "SAS-OBJ-4") in [(e.kind, e.rule_id) for e in events]


def _react(move_to: tuple[int, int] | None) -> tuple[SasState, Any]:
    """Battle: exposed Jock on A7 shoots at the alert sentry on D7 and misses (1), stepping to ``move_to`` after
    the shot if given; the sentry reacts and misses (1). The state and the reaction's ruling."""
    rows = [*OPEN]
    rows[5] = rows[7] = ".T" + "." * 10
    position = {
        "section": "battle",
        "operators": [{"id": "jock", "at": "A7", "facing": "E", "exposed": True}],
        "units": [{**SENTRY, "at": "D7", "alert": True}],
        "activation": {"operator": "jock", "ap": 4},
    }
    first = move_to is None
    attack = Attack(side="sas", operator="jock", target="p", weapon="pistol", move_to=move_to, move_first=first)
    after, events = _apply(sas_state(position, rows), attack, (1, 1))
    return after, next(e.ruling for e in events if e.kind == "reaction_attack")


def test_sas_react_4_out_of_sight_at_the_end_only_minus_two() -> None:
    """SAS-REACT-4: staying in sight at 3 squares the sentry's reaction gets +1 for short range; if Jock's Move &
    Attack ends behind the forest (A6) the reaction is still made, with only the -2 for outside LOS."""
    _, ruling = _react(None)
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(1, "SAS-AATK-4")]
    hidden, ruling = _react((0, 5))
    assert hidden.op("jock").loc == (0, 5) and not sees_op(hidden, hidden.unit("p"), hidden.op("jock"))
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(-2, "SAS-REACT-4")]
    assert ruling.target == 3 and hidden.op("jock").hp == 4


def test_sas_aatk_8_attacks_on_an_occupied_vehicle_hit_the_vehicle() -> None:
    """SAS-AATK-8, SAS-OVEH-10: the alert sentry attacks the operators' truck carrying exposed Jock and Paddy; the
    hit (roll 6) damages the truck, not its crew."""
    seats = {"driver": "jock", "passenger_1": "paddy"}
    truck = [{"kind": "truck", "id": "lorry", "at": "E5", "facing": "E", "crew": seats}]
    crew = [
        {"id": "jock", "aboard": "lorry", "seat": "driver", "exposed": True},
        {"id": "paddy", "aboard": "lorry", "seat": "passenger_1"},
    ]
    st = sas_state(
        {
            "section": "battle",
            "phase": "attack",
            "operators": crew,
            "vehicles": [{"id": "lorry", "at": "E5", "facing": "E", "entered": True}],
            "units": [{**SENTRY, "at": "E10", "facing": "N", "alert": True}],
        },
        operator_vehicles=truck,
    )
    after, events = _apply(st, RunAxisStep(side="axis"), (6,))
    assert after.op_vehicle("lorry").damage == 1
    assert (after.op("jock").hp, after.op("paddy").hp) == (st.op("jock").hp, st.op("paddy").hp)
    assert any(e.kind == "vehicle_hit" for e in events) and not any(e.kind == "operator_hit" for e in events)
