"""SAS rule tests for the rules not yet cited elsewhere, with explicit dice.

Each test sets its position up as data (a mission's ``position`` section on a one-tile board drawn from text rows,
tests/support/positions.py, or on a bundled mission), drives the real rules (``SYSTEM.apply`` with typed dice,
``SYSTEM.legal_commands``, ``Session.submit``) and asserts the effect of the rule it cites.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from app.systems.sas import SYSTEM
from app.systems.sas.board.vision import sees_op
from app.systems.sas.messages import Move, RunAxisStep, Sprint
from app.systems.sas.state import SasState
from tests.support.positions import OPEN, sas_state

JOCK = {"operators": [{"id": "jock", "at": "A7", "facing": "E"}], "activation": {"operator": "jock", "ap": 4}}
SENTRY = {"id": "p", "kind": "rifle", "role": "sentry", "at": "F7", "facing": "W"}


def _apply(st: SasState, cmd: Any, dice: tuple[int, ...] = ()) -> tuple[SasState, list[Any]]:
    after, events = SYSTEM.apply(st, cmd.with_table_input(dice, None))
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
    assert kinds.index("operator_exposed") < len(kinds) - 1  # seen on the way, before the last step
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
