"""More SAS rule tests with explicit dice: set-up, the Axis Advance, Event, Attack and End phases.

Each test builds a small position (tests/systems/sas/board.py), applies real commands through ``SYSTEM.apply``
with typed dice and asserts the effect of the rule it cites.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.systems.sas import SYSTEM
from app.systems.sas.messages import RunAxisStep
from app.systems.sas.state import SasState

from .board import op, runtime, state, unit, with_defaults

OPEN = ["." * 12] * 12


def _apply(st: SasState, cmd: Any, dice: tuple[int, ...] = ()) -> tuple[SasState, list[Any]]:
    after, events = with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, None)))
    return after, list(events)


# --- Axis attacks, cover and the End phase ------------------------------------------------------------------------


def _axis(st: SasState, dice: tuple[int, ...]) -> tuple[SasState, list[Any]]:
    return _apply(st, RunAxisStep(side="axis"), dice)


def _attack_modifiers(events: list[Any]) -> list[tuple[int, str]]:
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    return [(m.value, m.rule_id) for m in ruling.modifiers]


@pytest.mark.parametrize(("kind", "cover"), [("low_wall", -2), ("hedge", -1)])
def test_sas_ter_6_cover_between_operator_and_attacker(kind: str, cover: int) -> None:
    """SAS-TER-6, SAS-TER-7, SAS-TER-8, SAS-GEN-3, SAS-GEN-4: an SMG 3 squares away fires 2 dice at 4+ over the
    low cover next to Paddy (low wall hard cover -2, hedge soft cover -1, short range +1); each success costs
    Paddy 1 HP."""
    rt = runtime(OPEN, edges=[((6, 6), "N", kind)])
    smg = unit("s", "smg", (6, 3), "S", alert=True)
    st = state(rt, [op("paddy", (6, 6), exposed=True, hp=9)], [smg], phase="attack", section="battle")
    after, events = _axis(st, (6, 6))
    assert sorted(_attack_modifiers(events)) == sorted([(1, "SAS-AATK-4"), (cover, "SAS-AATK-5")])
    assert after.op("paddy").hp == 7


def test_sas_aatk_6_no_cover_against_an_adjacent_attacker() -> None:
    """SAS-AATK-6: the same low wall gives no cover when the SMG stands right behind it, next to Paddy."""
    rt = runtime(OPEN, edges=[((6, 6), "N", "low_wall")])
    smg = unit("s", "smg", (6, 5), "S", alert=True)
    st = state(rt, [op("paddy", (6, 6), exposed=True, hp=9)], [smg], phase="attack", section="battle")
    _, events = _axis(st, (6, 6))
    assert _attack_modifiers(events) == [(1, "SAS-AATK-4")]


def test_sas_end_2_meter_advances_once_and_exposure_stays_with_alert_units() -> None:
    """SAS-END-2, SAS-END-3: in the Stealth End phase an exposed operator and an alert unit advance the meter
    by 1 only, and the operator stays exposed while the alert unit is on the map."""
    units = [unit("a", "rifle", (9, 1), "N", alert=True), unit("b", "rifle", (1, 1), "N", alert=True)]
    ops = [op("jock", (6, 9), exposed=True), op("paddy", (2, 9), exposed=True)]
    st = state(runtime(OPEN), ops, units, phase="end")
    after, _ = _axis(st, ())
    assert after.meter == st.meter - 1
    assert after.op("jock").exposed and after.op("paddy").exposed


def test_sas_end_1_exposure_ends_without_alert_units() -> None:
    """SAS-END-1 (step 3), SAS-SEEN-5: with no alert unit on the map the exposed operator turns back to his
    normal token (after the meter advanced by 1)."""
    st = state(runtime(OPEN), [op("jock", (6, 9), exposed=True)], [unit("a", "rifle", (9, 1), "N")], phase="end")
    after, _ = _axis(st, ())
    assert after.meter == st.meter - 1 and not after.op("jock").exposed


def test_sas_end_7_battle_exposure_is_permanent() -> None:
    """SAS-END-7, SAS-ALARM-5: in the Battle section's End phase an exposed operator stays exposed even with no
    alert unit left."""
    st = state(runtime(OPEN), [op("jock", (6, 9), exposed=True)], [], phase="end", section="battle")
    after, _ = _axis(st, ())
    assert after.op("jock").exposed


# --- set-up from a mission file and the turn ------------------------------------------------------------------------


def _tutorial() -> Any:
    from pathlib import Path

    from app.scenario.catalog import open_session

    path = Path(__file__).parents[3] / "scenarios" / "sas" / "tutorial_assassination.json"
    return open_session(path, {"sas": SYSTEM}, seed=1)


def test_sas_setup_5_sentries_and_patrolmen_from_the_mission() -> None:
    """SAS-SETUP-3, SAS-SETUP-4, SAS-SETUP-5, SAS-UNIT-4, SAS-UNIT-1: the tutorial's tiles put a rifleman of the
    point's colour on every sentry point, facing its solid arrow, and one on each patrol line's start; the
    officer stands where the mission page puts him."""
    st = _tutorial().state
    by_loc = {u.loc: u for u in st.units}
    for loc, point in st.rt.sentry_points.items():
        sentry = by_loc[loc]
        assert (sentry.kind, sentry.role, sentry.colour, sentry.facing) == (
            "rifle",
            "sentry",
            point.colour,
            point.solid,
        )
    for line in st.rt.lines.values():
        walkers = [u for u in st.units if u.role == "patrolman" and u.line == line.id]
        assert len(walkers) == 1 and walkers[0].colour == line.colour
        assert (walkers[0].loc, walkers[0].facing) in line.starts
    officer = st.unit("officer")
    assert officer is not None and officer.role == "officer" and st.rt.label(officer.loc) == "F5"


def test_sas_setup_6_meter_and_first_phase() -> None:
    """SAS-SETUP-6, SAS-METER-1, SAS-TURN-1, SAS-SETUP-7, SAS-BRD-9: the meter starts at the mission's value for
    its difficulty (normal: 6), play opens with the Stealth section's Operator phase, the deck is the mission's
    core deck and the team starts on the entry/exit tile."""
    session = _tutorial()
    st = session.state
    assert st.meter == st.rt.mission.stealth[st.rt.mission.difficulty] == 6
    assert (st.section, st.phase, st.turn) == ("stealth", "operator", 1)
    assert len(st.deck) == 24 and set(st.deck) <= {c.id for c in st.rt.cards.values()}
    assert all(o.loc in st.rt.entry_exit for o in st.operators)


def test_sas_op_1_each_operator_once_per_phase() -> None:
    """SAS-OP-1: in the Operator phase each operator may be activated once, in any order."""
    from app.systems.sas.messages import ActivateOperator, EndActivation

    session = _tutorial()
    assert {c.operator for c in session.legal_commands() if isinstance(c, ActivateOperator)} == {"jock", "paddy"}
    session.submit(ActivateOperator(side="sas", operator="paddy"))
    session.submit(EndActivation(side="sas"))
    assert {c.operator for c in session.legal_commands() if isinstance(c, ActivateOperator)} == {"jock"}


# --- Axis Advance phase -----------------------------------------------------------------------------------------------


def _run_phase(st: SasState, cards: list[str] | None = None) -> tuple[SasState, list[Any]]:
    """Run the Axis steps of the current phase until the next phase starts."""
    phase, seen = st.phase, []
    while st.phase == phase:
        st, events = SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input((), cards))
        cards, seen = None, [*seen, *events]
    return st, seen


def _facings_to(frm: tuple[int, int], to: tuple[int, int]) -> set[str]:
    """The orthogonal facings that look most directly at ``to`` (two on an exact diagonal)."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    across, down = ("E" if dx > 0 else "W"), ("S" if dy > 0 else "N")
    if abs(dx) == abs(dy):
        return {across, down}
    return {across} if abs(dx) > abs(dy) else {down}


def _advancers() -> list[Any]:
    return [
        unit("pm", "rifle", (6, 1), "N", role="patrolman", alert=True),
        unit("se", "rifle", (12, 12), "N", role="sentry", alert=True),
        unit("of", "officer", (1, 12), "N", role="officer", alert=True),
        unit("g", "smg", (6, 4), "N", role="guard", alert=True),
    ]


def test_sas_adv_1_alert_units_advance_on_the_exposed_operator() -> None:
    """SAS-ADV-1, SAS-ADV-4, SAS-ADV-5, SAS-ADV-6, SAS-ADV-7, SAS-ADVB-4, SAS-UNIT-3: in the Stealth section the
    alert patrolman and guard, far away, spend all 4 MP closing on the exposed operator; the sentry, nearer,
    stops as soon as he is within its short range; all end facing him. The officer keeps his square and only
    turns toward him."""
    jock = (6, 12)
    st = state(runtime(["." * 14] * 14), [op("jock", jock, exposed=True)], _advancers(), phase="advance")
    after, _ = _run_phase(st)

    def moved(uid: str) -> tuple[int, int]:
        before, now = st.unit(uid), after.unit(uid)
        assert before is not None and now is not None
        assert now.facing in _facings_to(now.loc, jock)
        steps = max(abs(now.loc[0] - before.loc[0]), abs(now.loc[1] - before.loc[1]))
        return steps, max(abs(now.loc[0] - jock[0]), abs(now.loc[1] - jock[1]))

    assert moved("pm")[0] == 4 and moved("g")[0] == 4
    steps, distance = moved("se")
    assert 0 < steps < 4 and distance <= 4
    officer = after.unit("of")
    assert officer is not None and officer.loc == (1, 12) and officer.facing == "E"


def test_sas_adv_2_no_exposed_operator_no_advance() -> None:
    """SAS-ADV-2, SAS-SEEN-5: with no operator exposed, alert units stay where they are."""
    st = state(runtime(["." * 14] * 14), [op("jock", (6, 12))], _advancers(), phase="advance")
    after, _ = _run_phase(st)
    assert [(u.loc, u.facing) for u in after.units] == [(u.loc, u.facing) for u in st.units]


def test_sas_advb_3_battle_sentries_stay_and_turn() -> None:
    """SAS-ADVB-3, SAS-ADVB-1: in the Battle section the sentry stays on its point and turns to the exposed
    operator, while the patrolman and the SMG guard advance."""
    jock = (6, 12)
    st = state(runtime(["." * 14] * 14), [op("jock", jock, exposed=True)], _advancers(), phase="advance")
    st = state(st.rt, list(st.operators), list(st.units), phase="advance", section="battle")
    after, _ = _run_phase(st)
    sentry = after.unit("se")
    assert sentry is not None and sentry.loc == (12, 12) and sentry.facing == "W"
    assert all(after.unit(u).loc != st.unit(u).loc for u in ("pm", "g"))  # type: ignore[union-attr]


# --- Event phase ------------------------------------------------------------------------------------------------------


def _event_board() -> Any:
    from app.systems.sas.mission import PatrolLine, SentryPoint

    line = PatrolLine(
        id="l", colour="white", path=((3, 3), (3, 4), (3, 5), (3, 6)), starts=(((3, 3), "S"), ((3, 6), "N")), loop=False
    )
    point = SentryPoint(loc=(10, 10), colour="black", arrows=("N", "W"), solid="N")
    return runtime(["." * 14] * 14, lines={"l": line}, sentry_points={(10, 10): point})


def _event_units() -> list[Any]:
    return [
        unit("pm", "rifle", (3, 4), "S", role="patrolman", colour="white", line="l"),
        unit("se", "rifle", (10, 10), "N", role="sentry", colour="black", post=(10, 10)),
    ]


def test_sas_evt_3_patrolman_turn() -> None:
    """SAS-EVT-3: card E03's stealth half turns the white patrolmen round on their lines (S to N)."""
    st = state(_event_board(), [op("jock", (10, 4))], _event_units(), phase="event")
    after, _ = _run_phase(st, ["E03"])
    assert after.unit("pm").facing == "N"  # type: ignore[union-attr]


def test_sas_evt_4_a_turning_patrolman_spots_the_operator() -> None:
    """SAS-EVT-4, SAS-SEEN-2: turning round, the patrolman sees Jock behind him: it turns alert and Jock is
    exposed."""
    st = state(_event_board(), [op("jock", (3, 1))], _event_units(), phase="event")
    after, _ = _run_phase(st, ["E03"])
    assert after.unit("pm").alert and after.op("jock").exposed  # type: ignore[union-attr]


def test_sas_evtb_3_sentry_sweep_finds_the_exposed_operator() -> None:
    """SAS-EVTB-1, SAS-EVTB-3: in the Battle section card E03's battle half is used: the black sentry sweeps
    clockwise until it sees exposed Jock behind it, and the white patrolman does not turn."""
    st = state(_event_board(), [op("jock", (10, 13), exposed=True)], _event_units(), phase="event", section="battle")
    after, _ = _run_phase(st, ["E03"])
    sentry = after.unit("se")
    assert sentry is not None and sentry.facing == "S" and sentry.loc == (10, 10)
    assert after.unit("pm").facing == "S"  # type: ignore[union-attr]


# --- the alarm ---------------------------------------------------------------------------------------------------


def test_sas_evt_9_alarm_in_the_event_phase() -> None:
    """SAS-EVT-9, SAS-EVT-6, SAS-TURN-3, SAS-ALARM-2, SAS-ALARM-4: card E05's alarm advance takes the meter from 1
    to 0: the alarm sounds, every Axis unit turns alert keeping its facing, an operator is exposed and play goes
    on in the Battle section."""
    units = [unit("a", "rifle", (2, 2), "W"), unit("b", "rifle", (9, 9), "N")]
    st = state(runtime(["." * 14] * 14), [op("jock", (6, 12))], units, phase="event", meter=1)
    after, _ = SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input((), ["E05"]))
    assert (after.meter, after.section) == (0, "battle")
    assert [(u.alert, u.facing) for u in after.units] == [(True, "W"), (True, "N")]
    assert after.op("jock").exposed


def test_sas_end_5_alarm_in_the_end_phase_exposes_the_nearest_operator() -> None:
    """SAS-END-5, SAS-END-1: an alert unit on the map advances the meter from 1 to 0 in the End phase; the alarm
    exposes the operator nearest an alert unit (Jock), not the other one, and the Battle section begins."""
    ops = [op("jock", (6, 12)), op("paddy", (1, 1))]
    st = state(runtime(["." * 14] * 14), ops, [unit("a", "rifle", (6, 9), "N", alert=True)], phase="end", meter=1)
    after, _ = _axis(st, ())
    assert (after.meter, after.section) == (0, "battle")
    assert after.op("jock").exposed and not after.op("paddy").exposed


# --- the Patrol phase ------------------------------------------------------------------------------------------------


def test_sas_pat_2_nearest_patrolman_first_and_spotting_stops_him() -> None:
    """SAS-PAT-1, SAS-PAT-2, SAS-PAT-3, SAS-PAT-5: with the white marker both white patrolmen walk their lines;
    the one nearest the operators moves first, sees Jock after one square, stops, alerts and exposes him; the
    other walks its 4 squares facing the way it goes."""
    from dataclasses import replace

    from app.systems.sas.mission import PatrolLine

    far = PatrolLine(id="a", colour="white", path=tuple((x, 2) for x in range(10)), starts=(((0, 2), "E"),), loop=False)
    near = PatrolLine(
        id="b", colour="white", path=tuple((x, 10) for x in range(10)), starts=(((0, 10), "E"),), loop=False
    )
    units = [
        unit("far", "rifle", (0, 2), "E", role="patrolman", colour="white", line="a"),
        unit("near", "rifle", (0, 10), "E", role="patrolman", colour="white", line="b"),
    ]
    rt = runtime(["." * 14] * 14, lines={"a": far, "b": near})
    st = replace(state(rt, [op("jock", (5, 13))], units, phase="patrol"), patrol_marker="white")
    after, events = _run_phase(st)
    moved = [e.rule_id for e in events if e.kind in ("unit_moved", "unit_alerted")]
    assert moved[0] == "SAS-PAT-5"  # the near patrolman's spotting comes before any other move
    assert after.unit("near").loc == (1, 10) and after.unit("near").alert  # type: ignore[union-attr]
    assert after.op("jock").exposed
    assert after.unit("far").loc == (4, 2) and after.unit("far").facing == "E"  # type: ignore[union-attr]


def test_sas_pat_8_end_of_a_line() -> None:
    """SAS-PAT-8: a patrolman reaching the end of a line that does not loop stops there facing off its end."""
    from dataclasses import replace

    from app.systems.sas.mission import PatrolLine

    line = PatrolLine(id="a", colour="white", path=tuple((x, 2) for x in range(4)), starts=(((0, 2), "E"),), loop=False)
    walker = unit("p", "rifle", (1, 2), "E", role="patrolman", colour="white", line="a")
    rt = runtime(["." * 14] * 14, lines={"a": line})
    st = replace(state(rt, [op("jock", (12, 13))], [walker], phase="patrol"), patrol_marker="white")
    after, _ = _run_phase(st)
    assert (after.unit("p").loc, after.unit("p").facing) == ((3, 2), "E")  # type: ignore[union-attr]
