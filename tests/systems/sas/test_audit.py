"""SAS audit against the rulebook (2026-11-27): each test pins one place where the engine differed from the seed.

Positions are built by hand (tests/systems/sas/board.py) and played through ``SYSTEM.apply`` with typed dice and
cards; docs/sas-decisions.md, "Audit against the rulebook, 2026-11-27", lists the fixes.
"""

from __future__ import annotations

from typing import Any

from app.systems.sas import SYSTEM
from app.systems.sas.messages import RunAxisStep
from app.systems.sas.mission import SentryPoint
from app.systems.sas.state import SasState

from .board import op, runtime, state, unit, with_defaults

OPEN = ["." * 14] * 14


def _axis(st: SasState, dice: tuple[int, ...] = (), cards: list[str] | None = None) -> tuple[SasState, list[Any]]:
    return with_defaults(SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input(dice, cards)))


def test_sas_end_5_end_phase_alarm_exposes_the_operator_nearest_an_alert_unit() -> None:
    """SAS-END-5, SAS-END-1: the alert rifleman advances the meter to 0 in the End phase. The alarm exposes the
    operator nearest an *alert* unit (Jock, 3 squares from it), measured before the alarm flips the other units:
    Paddy, next to an unalert sentry, stays hidden, and nobody is asked to designate anyone."""
    ops = [op("jock", (6, 12)), op("paddy", (1, 1))]
    units = [unit("a", "rifle", (6, 9), "N", alert=True), unit("b", "rifle", (1, 2), "N")]
    st = state(runtime(OPEN), ops, units, phase="end", meter=1)
    after, events = _axis(st)
    assert (after.meter, after.section) == (0, "battle")
    assert after.op("jock").exposed and not after.op("paddy").exposed
    assert [e.rule_id for e in events if e.kind == "operator_exposed"] == ["SAS-END-5"]
    assert not [e for e in events if e.kind == "designated"]


def test_sas_end_5_ties_expose_every_nearest_operator() -> None:
    """SAS-END-5: two operators equally near the alert unit (3 squares) are both exposed by the End-phase alarm."""
    ops = [op("jock", (3, 6)), op("paddy", (9, 6))]
    st = state(runtime(OPEN), ops, [unit("a", "rifle", (6, 6), "N", alert=True)], phase="end", meter=1)
    after, _ = _axis(st)
    assert after.section == "battle"
    assert after.op("jock").exposed and after.op("paddy").exposed


def _officer(section: str) -> SasState:
    """An alert officer facing east; exposed Paddy 3 squares west behind a high wall (no shot), exposed Jock 5
    squares north in the open (a shot if the officer faces north)."""
    rt = runtime(["." * 12] * 12, edges=[((4, 6), "W", "high_wall")])
    ops = [op("paddy", (3, 6), exposed=True), op("jock", (6, 1), exposed=True)]
    officer = unit("o", "officer", (6, 6), "E", role="officer", alert=True)
    return state(rt, ops, [officer], phase="advance", section=section)


def test_sas_adv_1_stealth_officer_turns_toward_the_nearest_exposed_operator() -> None:
    """SAS-ADV-1: in the Stealth section an alert officer does not move, he turns toward the nearest exposed
    operator (Paddy, west), even though he could shoot Jock by facing north."""
    after, events = _axis(_officer("stealth"))
    assert after.unit("o").facing == "W"
    assert [e.rule_id for e in events if e.kind == "unit_turned"] == ["SAS-ADV-1"]


def test_sas_advb_4_battle_officer_turns_for_an_attack_first() -> None:
    """SAS-ADVB-4, SAS-ADVB-3: in the Battle section the officer uses the sentries' priorities: no attack on the
    nearest (the wall), so he turns to attack another exposed operator (Jock, north)."""
    after, events = _axis(_officer("battle"))
    assert after.unit("o").facing == "N"
    assert [e.rule_id for e in events if e.kind == "unit_turned"] == ["SAS-ADVB-4"]


def test_sas_evtb_3_only_sentries_on_their_sentry_points_sweep() -> None:
    """SAS-EVTB-3: card E03's battle half makes the black sentries on their sentry points sweep clockwise. A black
    sentry that has left its point on B3 (it advanced, SAS-ADVB-3) does not sweep: Jock, south of it, stays hidden.
    A sentry on its point G7 turns east, then south, and spots Jock."""
    board = ["." * 20] * 20
    ops = [op("jock", (6, 10)), op("paddy", (19, 19), exposed=True)]
    points = {(6, 6): SentryPoint((6, 6), "black", ("N", "E"), "N"), (2, 2): SentryPoint((2, 2), "black", ("N",), "N")}
    for post, facing, seen in (((2, 2), "N", False), ((6, 6), "S", True)):
        sentry = unit("a", "rifle", (6, 6), "N", alert=True, post=post)
        st = state(runtime(board, sentry_points=points), ops, [sentry], phase="event", section="battle")
        after, _ = _axis(st, cards=["E03"])
        assert (after.unit("a").facing, after.op("jock").exposed) == (facing, seen)


def _sentry_and_vehicle(role: str) -> SasState:
    """Battle: an alert black sentry on its point, Jock exposed 6 squares south of it; an alert half-track far away
    facing east, Jock out of its sight."""
    rt = runtime(["." * 20] * 20, sentry_points={(3, 3): SentryPoint((3, 3), "black", ("N", "E"), "N")})
    units = [unit("s", "rifle", (3, 3), "N", alert=True), unit("h1", "halftrack", (16, 17), "E", role=role, alert=True)]
    return state(rt, [op("jock", (3, 9), exposed=True)], units, phase="advance", section="battle")


def _advance_phase(st: SasState) -> SasState:
    while st.phase == "advance":
        st, _ = _axis(st)
    return st


def test_sas_advb_3_sentry_leaves_its_point_when_only_a_waiting_guard_vehicle_remains() -> None:
    """SAS-ADVB-3, SAS-AVEH-23: a guard half-track that has not seen an exposed operator stays put, so no Axis unit
    advances toward the operators: the sentry leaves its point and advances to a best attack position against Jock
    (4 squares from him, no cover)."""
    st, events = _axis(_sentry_and_vehicle("guard"))
    assert [e.rule_id for e in events if e.kind == "sentry_leaves"] == ["SAS-ADVB-3"]
    after = _advance_phase(st)
    assert after.unit("h1").loc == (16, 17)
    assert after.unit("s").loc == (1, 5)


def test_sas_advb_3_sentry_stays_while_an_assault_vehicle_advances() -> None:
    """SAS-ADVB-3, SAS-AVEH-24, SAS-ADVB-5: an assault half-track drives at Jock first, so an Axis unit is advancing:
    the sentry stays on its point and only turns toward Jock."""
    after = _advance_phase(_sentry_and_vehicle("assault"))
    assert after.unit("h1").loc != (16, 17)
    assert (after.unit("s").loc, after.unit("s").facing) == ((3, 3), "S")


def test_sas_brd_1_tile_names_are_painted_in_both_languages() -> None:
    """SAS-BRD-1: each placed tile's outline carries its printed name and side in both languages, so the Chinese
    window paints "补给站/B" on the depot tile rather than the id "depot/B"; the outline keeps its id."""
    from pathlib import Path

    from app.scenario.catalog import open_session

    mission = Path(__file__).parents[3] / "scenarios" / "sas" / "convoy_ambush.json"
    board = open_session(mission, {"sas": SYSTEM}).state.rt.board
    assert "depot/B" in [name for name, _ in board.tile_outlines]
    title = board.tile_names["depot/B"]
    assert (title.render("en"), title.render("zh_CN")) == ("Depot/B", "补给站/B")
    assert set(board.tile_names) == {name for name, _ in board.tile_outlines}


def test_sas_msn_3_a_map_of_fewer_than_8_tiles_is_played_without_the_willys() -> None:
    """SAS-MSN-3: the editor warns when a map of fewer than 8 tiles (the 6-tile convoy ambush) brings a Willys; the
    9-tile Willys raid is not warned."""
    from app.__main__ import LazySystems
    from app.scenario.editor.checking import check_document
    from app.scenario.editor.files import open_document
    from app.scenario.resources import SCENARIOS
    from app.systems.sas.editing import PLUGIN

    def warned(doc: Any) -> list[str]:
        result = check_document(doc.data, None, LazySystems(), PLUGIN)
        assert result.playable
        return [f.path for f in result.findings if f.message.render().startswith("SAS-MSN-3")]

    raid = open_document(SCENARIOS / "sas" / "raid_airfield_willys.json")
    assert warned(raid) == []
    ambush = open_document(SCENARIOS / "sas" / "convoy_ambush.json")
    assert warned(ambush) == []
    ambush.set(("operator_vehicles",), [{"kind": "willys", "crew": {"driver": "jock"}}])
    assert warned(ambush) == ["$.operator_vehicles"]


def test_sas_alarm_5_a_new_operator_is_exposed_at_once_when_the_last_one_dies() -> None:
    """SAS-ALARM-5, SAS-ALARM-4, SAS-AATK-1: in the Battle Attack phase the first SMG kills exposed Jock (1 HP, rolls
    6, 6). No operator is exposed any more, so the players designate another at once (Paddy by default, D-ALARM-1),
    and the second SMG, which sees Paddy 3 squares away, attacks him in the same phase (rolls 6, 6: 2 HP)."""
    ops = [op("jock", (6, 9), exposed=True, hp=1), op("paddy", (9, 9))]
    units = [unit("a", "smg", (6, 6), "S", alert=True), unit("b", "smg", (9, 6), "S", alert=True)]
    st = state(runtime(OPEN), ops, units, phase="attack", section="battle")
    after, events = _axis(st, (6, 6))
    assert after.op("jock").status == "dead"
    assert after.op("paddy").exposed and after.phase == "attack"
    exposing = [e.kind for e in events if e.kind in ("designated", "operator_exposed")]
    assert exposing == ["designated", "operator_exposed"]
    after, events = _axis(after, (6, 6))
    assert after.op("paddy").hp == 5 - 2
    assert [e.rule_id for e in events if e.kind == "axis_attack"] == ["SAS-AATK-2"]
