"""Nancy (Fearless): disguise, talk, garrote, suspicion (SAS-NANCY-1, SAS-NANCY-2, SAS-NANCY-3, SAS-NANCY-4,
SAS-NANCY-5, SAS-NANCY-6, SAS-NANCY-7, SAS-NANCY-8, SAS-NANCY-9, SAS-NANCY-10, SAS-NANCY-11, OQ-22, OQ-49) and the rat
bomb (SAS-EQ-17).

Dice are explicit: ``_apply`` feeds the table-mode dice and cards, so a missing roll raises instead of drawing one.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.core.errors import IllegalCommandError
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.board.vision import in_sight, sees_op
from app.systems.sas.messages import (
    AbortGarrote,
    Attack,
    ChangeClothes,
    Crouch,
    EndActivation,
    EndPhase,
    Move,
    Place,
    Reveal,
    RunAxisStep,
    Talk,
)
from app.systems.sas.mission import PatrolLine
from app.systems.sas.state import SasState

from .board import activate, op, runtime, state, unit

OPEN = ["." * 12] * 12


def _apply(st, cmd, dice=(), cards=None):
    return SYSTEM.apply(st, cmd.with_table_input(dice, cards))


def nancy(loc, **kw):
    """Nancy in her civilian disguise (SAS-NANCY-1, SAS-NANCY-2) with her 3 talk tokens (SAS-NANCY-6)."""
    return op("nancy", loc, disguised=kw.pop("disguised", True), talks=kw.pop("talks", 3), **kw)


def _axis_phases(st: SasState, card: str = "E01") -> tuple[SasState, list]:
    """End the Operator phase and play every Axis step up to the next Operator phase; ``card`` is drawn."""
    st, events = _apply(st, EndPhase(side="sas"))
    events = list(events)
    while st.phase != "operator" and not st.over:
        st, more = _apply(st, RunAxisStep(side="axis"), cards=(card,) if st.phase == "event" else ())
        events += more
    return st, events


def _kinds(st: SasState) -> set[str]:
    return {c.kind for c in SYSTEM.legal_commands(st)}


# --- SAS-NANCY-2, SAS-NANCY-3: changing clothes and what she may do in disguise
# ---------------------------------------------


def test_sas_nancy_2_changing_clothes_costs_4_ap_both_ways():
    """SAS-NANCY-2: putting the disguise on costs 4 AP (the whole activation); with fewer AP it is refused."""
    rt = runtime(OPEN)
    st = activate(state(rt, [nancy((5, 5), disguised=False)], []), "nancy")
    cmd = ChangeClothes(side="sas", operator="nancy")
    assert cmd in SYSTEM.legal_commands(st) and SYSTEM.describe(st, cmd).cost == "4 AP"
    assert str(SYSTEM.describe(st, cmd).label.render("en")) == "Put on the civilian disguise"
    after, events = _apply(st, cmd)
    assert after.op("nancy").disguised and after.activation.ap == 0
    assert any(e.kind == "changed_clothes" and e.rule_id == "SAS-NANCY-2" and e.instruction for e in events)
    short = replace(st, activation=replace(st.activation, ap=3))
    assert cmd not in SYSTEM.legal_commands(short)
    with pytest.raises(IllegalCommandError):
        _apply(short, cmd)


def test_sas_nancy_1_only_nancy_has_a_disguise_side():
    """SAS-NANCY-1: Jock's board has no civilian-disguise side."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (5, 5))], []), "jock")
    assert "change_clothes" not in _kinds(st)
    with pytest.raises(IllegalCommandError) as refused:
        _apply(st, ChangeClothes(side="sas", operator="jock"))
    assert refused.value.rule_id == "SAS-NANCY-1"


def test_sas_nancy_3_legal_list_is_exactly_her_disguised_actions_with_costs():
    """SAS-NANCY-3 / SAS-ACT-2: undercover she may Move, garrote (the only weapon), Reveal, Talk and change clothes;
    no crouch, sprint, climb, aim, pistol, grenade or bomb. The UI shows each with its AP cost."""
    rt = runtime(OPEN)
    units = [unit("s", "rifle", (5, 4), "N"), unit("t", "rifle", (6, 5), "N")]
    st = activate(state(rt, [nancy((5, 5))], units), "nancy")
    legal = SYSTEM.legal_commands(st)
    assert {c.kind for c in legal} == {"move", "attack", "reveal", "talk", "change_clothes", "end_activation"}
    assert {c.weapon for c in legal if isinstance(c, Attack)} == {"garrote"}
    costs = {c.kind: SYSTEM.describe(st, c).cost for c in legal}
    assert costs == {
        "move": "1 AP",
        "attack": "1 AP",
        "reveal": "0 AP",
        "talk": "1 AP",
        "change_clothes": "4 AP",
        "end_activation": "",
    }
    talk = next(c for c in legal if isinstance(c, Talk))
    assert str(SYSTEM.describe(st, talk).label.render("en")).startswith("Talk to")
    garrote = next(c for c in legal if isinstance(c, Attack))
    assert "6+" in SYSTEM.describe(st, garrote).hint.render("en")


def test_sas_nancy_3_after_reveal_she_regains_her_moves_but_not_her_equipment():
    """SAS-NANCY-5: revealed she may crouch and sprint again, yet the pistol and her grenade stay unusable until she
    changes back (4 AP)."""
    rt = runtime(OPEN)
    st = activate(state(rt, [nancy((5, 5))], [unit("s", "rifle", (5, 1), "N")]), "nancy")
    after, events = _apply(st, Reveal(side="sas", operator="nancy"))
    kinds = _kinds(after)
    assert {"crouch", "sprint", "change_clothes"} <= kinds and "throw" not in kinds
    assert not any(isinstance(c, Attack) and c.weapon == "pistol" for c in SYSTEM.legal_commands(after))
    with pytest.raises(IllegalCommandError) as refused:
        _apply(after, Attack(side="sas", operator="nancy", weapon="pistol", target="s"))
    assert refused.value.rule_id == "SAS-NANCY-5"
    assert any(e.rule_id == "SAS-NANCY-5" for e in events)


def test_sas_nancy_3_refused_actions_cite_the_rule():
    """SAS-NANCY-3: a Crouch submitted while undercover is refused with the rule ID."""
    rt = runtime(OPEN)
    st = activate(state(rt, [nancy((5, 5))], []), "nancy")
    with pytest.raises(IllegalCommandError) as refused:
        _apply(st, Crouch(side="sas", operator="nancy"))
    assert refused.value.rule_id == "SAS-NANCY-3"


def test_sas_nancy_3_no_forest_and_no_low_wall_in_disguise():
    """SAS-NANCY-3: she enters no forest square and crosses no low wall; undressed, Nancy may do both."""
    rows = ["." * 12] * 5 + [".....T......"] + ["." * 12] * 6
    rt = runtime(rows, [((5, 4), "N", "low_wall")])
    st = activate(state(rt, [nancy((5, 4))], []), "nancy")
    moves = {c.to for c in SYSTEM.legal_commands(st) if isinstance(c, Move)}
    assert (5, 5) not in moves and (5, 3) not in moves and (4, 4) in moves
    with pytest.raises(IllegalCommandError):
        _apply(st, Move(side="sas", operator="nancy", to=(5, 5)))
    plain = activate(state(rt, [nancy((5, 4), disguised=False)], []), "nancy")
    assert {(5, 5), (5, 3)} <= {c.to for c in SYSTEM.legal_commands(plain) if isinstance(c, Move)}


def test_sas_nancy_3_moves_freely_in_axis_los_without_being_detected():
    """SAS-NANCY-3: undercover she walks straight into a sentry's view: not exposed, the sentry stays unalert."""
    rt = runtime(OPEN)
    st = activate(state(rt, [nancy((5, 8))], [unit("s", "rifle", (5, 2), "S")]), "nancy")
    after, _ = _apply(st, Move(side="sas", operator="nancy", to=(5, 7)))
    assert in_sight(after, after.unit("s"), after.op("nancy"))
    assert not sees_op(after, after.unit("s"), after.op("nancy"))
    assert not after.op("nancy").exposed and not after.unit("s").alert


def test_sas_nancy_3_she_passes_through_an_axis_square_and_must_end_in_an_empty_one():
    """SAS-NANCY-3 (D-NANCY-2): she may step onto a sentry's square if she can still end in an empty square; there
    she may only move on, and cannot end her activation. With 1 AP left the step is refused."""
    rt = runtime(OPEN)
    st = activate(state(rt, [nancy((5, 6))], [unit("s", "rifle", (5, 5), "N")]), "nancy")
    through = Move(side="sas", operator="nancy", to=(5, 5))
    assert through in SYSTEM.legal_commands(st)
    on_it, _ = _apply(st, through)
    assert on_it.op("nancy").loc == (5, 5) and on_it.unit("s").loc == (5, 5)
    assert _kinds(on_it) == {"move"}
    with pytest.raises(IllegalCommandError) as refused:
        _apply(on_it, EndActivation(side="sas"))
    assert refused.value.rule_id == "SAS-NANCY-3"
    with pytest.raises(IllegalCommandError):
        _apply(on_it, Reveal(side="sas", operator="nancy"))
    beyond, _ = _apply(on_it, Move(side="sas", operator="nancy", to=(5, 4)))
    assert beyond.op("nancy").loc == (5, 4) and "end_activation" in _kinds(beyond)
    last = replace(st, activation=replace(st.activation, ap=1))
    assert through not in SYSTEM.legal_commands(last)
    with pytest.raises(IllegalCommandError):
        _apply(last, through)


def test_sas_nancy_3_a_patrolman_walks_through_her_square():
    """SAS-NANCY-3: Axis units move through her square as if she were one of them: the patrolman walks its 4
    squares past her, sees nothing and ends beyond her."""
    path = tuple((x, 5) for x in range(1, 11))
    rt = runtime(OPEN, lines={"b": PatrolLine("b", "black", path, ((path[0], "E"),), False)})
    patrol = unit("bp", "rifle", (1, 5), "E", role="patrolman", line="b")
    st = state(rt, [nancy((3, 5))], [patrol], phase="patrol", patrol_marker="black")
    after, _ = _apply(st, RunAxisStep(side="axis"))
    assert after.unit("bp").loc == (5, 5) and not after.unit("bp").alert and not after.op("nancy").exposed


# --- SAS-NANCY-4, SAS-NANCY-7: suspicion in the End phase, with the rulebook's two worked examples
# ------------------------------


def _example_board(sentry_at=(2, 11), sentry_facing="N"):
    """A black patrolman walking east from (2, 5) and a white sentry (by default at (2, 11) looking north)."""
    path = tuple((x, 5) for x in range(2, 11))
    rt = runtime(OPEN, lines={"b": PatrolLine("b", "black", path, ((path[0], "E"),), False)})
    patrol = unit("bp", "rifle", (2, 5), "E", role="patrolman", line="b")
    sentry = unit("ws", "rifle", sentry_at, sentry_facing, colour="white")
    return rt, patrol, sentry


def test_sas_nancy_4_example_black_patrolman_moves_away_no_suspicion():
    """SAS-NANCY-4 (worked example): disguised Nancy crosses the white sentry's and the black patrolman's LOS and ends
    the Operator phase in the patrolman's peripheral vision; in the Patrol phase he walks on, so at the End phase
    she is in no Axis LOS and the meter does not move."""
    rt, patrol, sentry = _example_board((11, 9), "W")
    st = activate(state(rt, [nancy((5, 9))], [patrol, sentry]), "nancy")
    for to in ((4, 8), (3, 7), (2, 6)):
        st, _ = _apply(st, Move(side="sas", operator="nancy", to=to))
        if to == (3, 7):
            assert in_sight(st, st.unit("ws"), st.op("nancy"))  # crossing the white sentry's LOS
    assert in_sight(st, st.unit("bp"), st.op("nancy"))  # the patrolman's peripheral square
    st, _ = _apply(st, EndActivation(side="sas"))
    after, events = _axis_phases(st)
    assert after.unit("bp").loc == (6, 5)
    assert after.meter == 6 and not any(e.kind == "suspicion" for e in events)


def test_sas_nancy_4_in_axis_los_at_the_end_phase_advances_the_meter():
    """SAS-NANCY-4: the same board but Nancy stays in the white sentry's LOS: +1 in the End phase."""
    rt, patrol, sentry = _example_board()
    st = activate(state(rt, [nancy((4, 8))], [patrol, sentry]), "nancy")
    st, _ = _apply(st, Move(side="sas", operator="nancy", to=(3, 7)))
    st, _ = _apply(st, Move(side="sas", operator="nancy", to=(2, 7)))
    st, _ = _apply(st, EndActivation(side="sas"))
    after, events = _axis_phases(st)
    assert after.meter == 5
    assert [e.rule_id for e in events if e.kind == "meter_advanced"] == ["SAS-NANCY-4"]


def test_sas_nancy_7_example_talking_to_the_patrolman_no_suspicion_in_the_sentrys_los():
    """SAS-NANCY-6, SAS-NANCY-7 (worked example): Nancy moves 3 squares next to the black patrolman and talks (1 AP); he
    turns to face her. At the End phase she stands in the white sentry's LOS, yet the meter does not advance."""
    rt, patrol, sentry = _example_board()
    st = activate(state(rt, [nancy((5, 8))], [patrol, sentry]), "nancy")
    for to in ((4, 8), (3, 7), (2, 6)):
        st, _ = _apply(st, Move(side="sas", operator="nancy", to=to))
    talk = Talk(side="sas", operator="nancy", target="bp")
    st, events = _apply(st, talk)
    assert st.activation.ap == 0 and st.op("nancy").talks == 2 and st.op("nancy").talking == "bp"
    assert st.unit("bp").facing == "S" and any(e.rule_id == "SAS-NANCY-6" and e.instruction for e in events)
    st, _ = _apply(st, EndActivation(side="sas"))
    after, events = _axis_phases(st)
    assert in_sight(after, after.unit("ws"), after.op("nancy"))
    assert after.meter == 6 and not any(e.kind == "suspicion" for e in events)
    assert after.unit("bp").loc == (2, 5)  # a patrolman talking does not walk (D-NANCY-6)


def test_sas_nancy_4_priority_it_is_the_end_phases_one_increase():
    """SAS-NANCY-4 / SAS-END-2 / OQ-22: with an alert unit on the map too, the meter still advances by 1 only, and
    the increase is Nancy's."""
    rt = runtime(OPEN)
    units = [unit("s", "rifle", (5, 2), "S"), unit("a", "rifle", (11, 11), "E", alert=True)]
    st = state(rt, [nancy((5, 6))], units, phase="end")
    after, events = _apply(st, RunAxisStep(side="axis"))
    assert after.meter == 5
    assert [e.rule_id for e in events if e.kind == "meter_advanced"] == ["SAS-NANCY-4"]


def test_oq_22_alarm_from_suspicion_exposes_nancy():
    """OQ-22 / SAS-NANCY-8: at meter 1 her suspicion sounds the alarm; in the sentry's LOS she is exposed."""
    rt = runtime(OPEN)
    st = state(rt, [nancy((5, 6))], [unit("s", "rifle", (5, 2), "S")], phase="end", meter=1)
    after, events = _apply(st, RunAxisStep(side="axis"))
    assert after.section == "battle" and after.op("nancy").exposed
    assert any(e.kind == "alarm_raised" for e in events)


# --- SAS-NANCY-5: Reveal --------------------------------------------------------------------------------------------


def test_sas_nancy_5_reveal_while_disguised_exposes_and_alerts_the_nearest_unit():
    """SAS-NANCY-5: Reveal (0 AP): her exposed token, the nearest Axis unit flips to alert; she stays in her
    civilian clothes."""
    rt = runtime(OPEN)
    units = [unit("near", "rifle", (5, 3), "N"), unit("far", "rifle", (11, 11), "N")]
    st = activate(state(rt, [nancy((5, 6))], units), "nancy")
    after, _ = _apply(st, Reveal(side="sas", operator="nancy"))
    assert after.op("nancy").exposed and after.op("nancy").disguised and after.activation.ap == 4
    assert after.unit("near").alert and not after.unit("far").alert


# --- SAS-NANCY-6, SAS-NANCY-7: Talk
# ----------------------------------------------------------------------------------------------


def test_sas_nancy_6_talk_only_orthogonally_adjacent_unalert_infantry():
    """SAS-NANCY-6: not diagonally, not to an alert unit, not without a token; the token is spent."""
    rt = runtime(OPEN)
    units = [unit("diag", "rifle", (6, 6), "N"), unit("alert", "rifle", (4, 5), "N", alert=True)]
    st = activate(state(rt, [nancy((5, 5))], units), "nancy")
    assert not any(isinstance(c, Talk) for c in SYSTEM.legal_commands(st))
    for target in ("diag", "alert"):
        with pytest.raises(IllegalCommandError) as refused:
            _apply(st, Talk(side="sas", operator="nancy", target=target))
        assert refused.value.rule_id == "SAS-NANCY-6"
    units = [unit("u", "rifle", (5, 4), "N")]
    none_left = activate(state(rt, [nancy((5, 5), talks=0)], units), "nancy")
    assert "talk" not in _kinds(none_left)


def test_sas_nancy_7_the_talking_units_los_is_suspended():
    """SAS-NANCY-7: the unit she talks to turns to face her and sees nothing: Jock in front of it is not spotted."""
    rt = runtime(OPEN)
    units = [unit("u", "rifle", (5, 4), "N")]
    st = activate(state(rt, [nancy((5, 3)), op("jock", (5, 9))], units), "nancy")
    st, _ = _apply(st, Talk(side="sas", operator="nancy", target="u"))
    assert st.unit("u").facing == "N" and st.unit("u").mode == "talking"
    st, _ = _apply(st, EndActivation(side="sas"))
    st = activate(st, "jock")
    after, _ = _apply(st, Move(side="sas", operator="jock", to=(5, 8)))
    assert not after.op("jock").exposed and not after.unit("u").alert


def test_sas_nancy_7_talk_ends_when_she_walks_away_and_the_unit_keeps_facing():
    """SAS-NANCY-7: moving away ends the talk; the unit keeps facing where she stood."""
    rt = runtime(OPEN)
    st = activate(state(rt, [nancy((5, 6))], [unit("u", "rifle", (5, 5), "N")]), "nancy")
    st, _ = _apply(st, Talk(side="sas", operator="nancy", target="u"))
    assert st.unit("u").facing == "S"
    after, events = _apply(st, Move(side="sas", operator="nancy", to=(6, 7)))
    assert after.op("nancy").talking is None and after.unit("u").mode == "" and after.unit("u").facing == "S"
    assert any(e.kind == "talk_ended" and e.rule_id == "SAS-NANCY-7" for e in events)


def test_sas_nancy_7_a_gunshot_alerts_the_talker_and_turns_it_toward_the_shot():
    """SAS-NANCY-7: the talking unit still hears: Jock's pistol (noise 6) flips it to alert facing the shot; the
    talk ends."""
    rt = runtime(OPEN)
    units = [unit("u", "rifle", (5, 5), "N"), unit("v", "rifle", (10, 2), "N")]
    st = activate(state(rt, [nancy((5, 6)), op("jock", (10, 5), facing="N")], units), "nancy")
    st, _ = _apply(st, Talk(side="sas", operator="nancy", target="u"))
    st, _ = _apply(st, EndActivation(side="sas"))
    st = activate(st, "jock")
    after, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="v"), dice=(6,))
    assert after.unit("u").alert and after.unit("u").facing == "E" and after.op("nancy").talking is None


def test_sas_nancy_7_a_shout_alerts_the_talker_and_turns_it_back_to_its_facing():
    """SAS-NANCY-7: hearing a shout, the talking unit flips to alert and turns back to its facing before the talk."""
    rt = runtime(OPEN)
    units = [unit("u", "rifle", (5, 5), "N"), unit("w", "rifle", (9, 5), "E")]
    st = activate(state(rt, [nancy((5, 6)), op("jock", (11, 8))], units), "nancy")
    st, _ = _apply(st, Talk(side="sas", operator="nancy", target="u"))
    assert st.unit("u").facing == "S"
    st, _ = _apply(st, EndActivation(side="sas"))
    st = activate(st, "jock")
    after, _ = _apply(st, Move(side="sas", operator="jock", to=(11, 7)))  # w sees Jock and shouts
    assert after.op("jock").exposed and after.unit("w").alert
    assert after.unit("u").alert and after.unit("u").facing == "N" and after.op("nancy").talking is None


def test_sas_nancy_8_alarm_while_talking_exposes_her():
    """SAS-NANCY-8: the alarm ends the disguise; in Axis LOS when it sounds — even talking — she is exposed."""
    rt = runtime(OPEN)
    units = [unit("u", "rifle", (1, 1), "N"), unit("v", "rifle", (10, 4), "N")]
    st = activate(state(rt, [nancy((1, 2)), op("jock", (10, 9))], units, meter=1), "nancy")
    st, _ = _apply(st, Talk(side="sas", operator="nancy", target="u"))
    st, _ = _apply(st, EndActivation(side="sas"))
    st = activate(st, "jock")
    after, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="v"), dice=(6,))
    assert after.section == "battle"
    assert after.op("nancy").exposed and after.op("nancy").talking is None
    assert any(e.kind == "operator_exposed" and e.rule_id == "SAS-NANCY-8" for e in events)


def test_sas_nancy_8_alarm_out_of_sight_ends_the_disguise_without_exposing():
    """SAS-NANCY-8: out of every LOS she is not exposed, but from now on the Axis see her like anyone."""
    rt = runtime(OPEN)
    units = [unit("v", "rifle", (10, 2), "N")]
    st = activate(state(rt, [nancy((1, 10)), op("jock", (10, 5))], units, meter=1), "jock")
    after, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="v"), dice=(6,))
    assert after.section == "battle" and not after.op("nancy").exposed
    assert any(e.kind == "disguise_failed" for e in events)


# --- SAS-NANCY-9, SAS-NANCY-10, SAS-NANCY-11: the garrote
# -------------------------------------------------------------------------------------


def _behind():
    """Nancy directly behind a rifleman facing north (SAS-KNIFE-5)."""
    rt = runtime(OPEN)
    return rt, [unit("v", "rifle", (5, 5), "N")]


def test_sas_nancy_9_garrote_needs_6_then_5_then_4():
    """SAS-NANCY-9 / OQ-49: a 5 fails against 6+ (the victim is held), a 4 fails against 5+, a 4 kills against 4+:
    three Attack actions, 1 AP each."""
    rt, units = _behind()
    st = activate(state(rt, [nancy((5, 6))], units), "nancy")
    garrote = Attack(side="sas", operator="nancy", weapon="garrote", target="v")
    st, events = _apply(st, garrote, dice=(5,))
    ruling = next(e.ruling for e in events if e.ruling)
    assert ruling.target == 6 and ruling.rule_id == "SAS-NANCY-9"
    assert st.unit("v").mode == "strangled" and st.op("nancy").strangling == "v"
    assert _kinds(st) == {"attack", "abort_garrote", "end_activation"}
    st, events = _apply(st, garrote, dice=(4,))
    assert next(e.ruling for e in events if e.ruling).target == 5 and st.unit("v") is not None
    st, events = _apply(st, garrote, dice=(4,))
    assert next(e.ruling for e in events if e.ruling).target == 4
    assert st.unit("v") is None and any(o.kind == "corpse" and o.loc == (5, 5) for o in st.objects)
    assert st.op("nancy").strangling is None and st.activation.ap == 1


def test_sas_nancy_9_move_and_garrote_from_behind():
    """SAS-NANCY-9 / SAS-ATK-4: like the knife, a Move & Attack into the rear square; a 6 kills."""
    rt, units = _behind()
    st = activate(state(rt, [nancy((4, 7))], units), "nancy")
    cmd = Attack(side="sas", operator="nancy", weapon="garrote", target="v", move_to=(5, 6))
    assert cmd in SYSTEM.legal_commands(st)
    after, _ = _apply(st, cmd, dice=(6,))
    assert after.unit("v") is None and after.op("nancy").loc == (5, 6)
    side = Attack(side="sas", operator="nancy", weapon="garrote", target="v", move_to=(4, 6))
    assert side not in SYSTEM.legal_commands(st)


def test_sas_nancy_9_out_of_ap_the_victim_stays_held_and_next_turn_starts_again_at_6():
    """SAS-NANCY-9 / OQ-49: her last AP fails; the held victim neither turns, patrols nor sees in the Axis phases
    (Jock walks in front of it unseen); in her next activation the roll needs 6 again."""
    path = tuple((5, y) for y in range(5, -1, -1))
    rt = runtime(OPEN, lines={"b": PatrolLine("b", "black", path, ((path[0], "N"),), False)})
    victim = unit("v", "rifle", (5, 5), "N", role="patrolman", line="b")
    st = activate(state(rt, [nancy((5, 6)), op("jock", (4, 1))], [victim]), "nancy")
    st = replace(st, activation=replace(st.activation, ap=1))
    garrote = Attack(side="sas", operator="nancy", weapon="garrote", target="v")
    st, _ = _apply(st, garrote, dice=(1,))
    assert st.activation.ap == 0 and _kinds(st) == {"abort_garrote", "end_activation"}
    st, _ = _apply(st, EndActivation(side="sas"))
    st = activate(st, "jock")
    st, _ = _apply(st, Move(side="sas", operator="jock", to=(5, 1)))
    assert not st.op("jock").exposed
    st, _ = _apply(st, EndActivation(side="sas"))
    st, _ = _axis_phases(st, card="E04")  # black patrolmen about-turn, black marker: he does neither
    assert st.unit("v").loc == (5, 5) and st.unit("v").facing == "N" and st.unit("v").mode == "strangled"
    st = activate(st, "nancy")
    after, events = _apply(st, garrote, dice=(5,))
    assert next(e.ruling for e in events if e.ruling).target == 6 and after.unit("v").mode == "strangled"


def test_sas_nancy_9_a_held_victim_does_not_react_to_noise_but_the_alarm_flips_it():
    """SAS-NANCY-9 (D-NANCY-6): Jock's pistol shot near the held victim neither turns nor alerts it; his second shot
    sounds the alarm (meter 2, then 1, then 0), which flips every unit, the victim too, and it stays held."""
    rt, units = _behind()
    units = [*units, unit("t", "rifle", (9, 2), "N"), unit("t2", "rifle", (10, 2), "N")]
    st = activate(state(rt, [nancy((5, 6)), op("jock", (9, 6))], units, meter=2), "nancy")
    st, _ = _apply(st, Attack(side="sas", operator="nancy", weapon="garrote", target="v"), dice=(1,))
    st, _ = _apply(st, EndActivation(side="sas"))
    st = activate(st, "jock")
    st, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="t"), dice=(6,))
    assert st.meter == 1 and not st.unit("v").alert and st.unit("v").facing == "N" and st.unit("t2").alert
    after, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="t2"), dice=(6,))
    assert after.section == "battle" and after.unit("v").alert and after.unit("v").mode == "strangled"


def test_fearless_mission_sets_up_nancy_and_the_resistance():
    """SAS-NANCY-1, SAS-NANCY-6, SAS-SUP-1: the Fearless mission's team has Nancy with 3 talk tokens, in uniform, and
    two resistance fighters in the woods; the fuel objective accepts her rat bomb (SAS-EQ-17)."""
    path = Path(__file__).parents[3] / "scenarios" / "sas" / "fearless_village_garrison.json"
    st = open_session(path, {"sas": SYSTEM}).state
    assert st.op("nancy").talks == 3 and not st.op("nancy").disguised
    assert [st.rt.label(o.loc) for o in st.operators if o.support] == ["A11", "A12"]
    fuel = next(o for o in st.rt.mission.objectives if o.id == "fuel")
    assert "rat_bomb" in fuel.blasts


def test_sas_nancy_10_a_witness_alerts_and_exposes_her_and_she_may_finish():
    """SAS-NANCY-10: a sentry sees the victim: it flips to alert and Nancy is exposed; exposed, she may still finish
    the victim she holds, though she could not start a new assassination."""
    rt, units = _behind()
    units = [*units, unit("w", "rifle", (9, 5), "W"), unit("x", "rifle", (1, 9), "S")]
    st = activate(state(rt, [nancy((5, 6))], units), "nancy")
    garrote = Attack(side="sas", operator="nancy", weapon="garrote", target="v")
    st, events = _apply(st, garrote, dice=(2,))
    assert st.unit("w").alert and st.op("nancy").exposed
    assert any(e.kind == "operator_exposed" and e.rule_id == "SAS-NANCY-10" for e in events)
    assert garrote in SYSTEM.legal_commands(st) and not st.unit("x").alert
    after, _ = _apply(st, garrote, dice=(5, 1))  # 5+ now; then the alert witness's reaction attack misses
    assert after.unit("v") is None


def test_sas_nancy_11_giving_up_the_victim_turns_shouts_and_attacks():
    """SAS-NANCY-11: she lets go: the victim turns to face her, flips to alert and shouts (a unit within 4 hears);
    she is exposed and attacked at once (rifle 3+, +1 short range: a 2 hits)."""
    rt, units = _behind()
    units = [*units, unit("near", "rifle", (8, 2), "N")]
    st = activate(state(rt, [nancy((5, 6))], units), "nancy")
    st, _ = _apply(st, Attack(side="sas", operator="nancy", weapon="garrote", target="v"), dice=(3,))
    after, events = _apply(st, AbortGarrote(side="sas", operator="nancy"), dice=(2,))
    v = after.unit("v")
    assert v.facing == "S" and v.alert and v.mode == "" and after.op("nancy").strangling is None
    assert after.unit("near").alert and after.op("nancy").exposed
    attack = next(e for e in events if e.ruling and e.rule_id == "SAS-NANCY-11")
    assert attack.ruling.target == 3 and [m.value for m in attack.ruling.modifiers] == [1]
    assert after.op("nancy").hp == 3


def test_sas_nancy_9_exposed_nancy_cannot_start_a_garrote():
    """SAS-KNIFE-2 / SAS-NANCY-10: exposed, she may not start an assassination."""
    rt, units = _behind()
    st = activate(state(rt, [nancy((5, 6), exposed=True)], units), "nancy")
    with pytest.raises(IllegalCommandError):
        _apply(st, Attack(side="sas", operator="nancy", weapon="garrote", target="v"), dice=(6,))


# --- SAS-EQ-17: the rat bomb ------------------------------------------------------------------------------------------


def test_sas_eq_17_rat_bomb_works_like_a_lewes_bomb_with_its_own_card():
    """SAS-EQ-17: Nancy (in uniform) places her rat bomb with its card 2nd: in the next Event phase the rat-bomb card
    comes up and it goes off like a Lewes bomb, 6 rolls at 2+, killing the rifleman beside it."""
    rt = runtime(OPEN)
    st = activate(state(rt, [nancy((5, 7), disguised=False)], [unit("t", "rifle", (4, 5), "N")]), "nancy")
    cmd = Place(side="sas", operator="nancy", to=(5, 6), item="rat_bomb", position=2)
    assert cmd in SYSTEM.legal_commands(st)
    st, events = _apply(st, cmd)
    assert any(o.kind == "rat_bomb" and o.loc == (5, 6) for o in st.objects)
    assert st.op("nancy").item_count("rat_bomb") == 0 and any(e.rule_id == "SAS-EQ-17" for e in events)
    st = replace(st.with_op("nancy", loc=(9, 11)), phase="event", activation=None)
    after, events = _apply(st, RunAxisStep(side="axis"), dice=(2, 2, 2, 2, 2, 2), cards=("E01",))
    assert any(e.kind == "bomb_card" and e.rule_id == "SAS-EQ-17" for e in events)
    blast = next(e.ruling for e in events if e.kind == "blast")
    assert len(blast.dice) == 6 and blast.target == 2 and after.unit("t") is None
