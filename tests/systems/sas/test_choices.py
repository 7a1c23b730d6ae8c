"""Choices the rules give the SAS player, offered as decisions since rules version 3 (issue 14, app.core.flow).

Each choice stops the command where the rules ask it (nothing of the command applies yet); the SAS player's answer
(``Decide``) runs it again from its start with the same dice. The default answer — taken by fast play and by old
saves — is the engine's earlier solo ruling (docs/sas-decisions.md D-ALARM-1, D-MARK-1, D-FACE-1, D-PICK-1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.core.errors import IllegalCommandError, SaveError
from app.core.saves import from_save, to_save
from app.core.system import state_digest
from app.systems.sas import SYSTEM
from app.systems.sas.messages import Attack, Decide, EndActivation, Exfiltrate, Move, PickUp, RunAxisStep, Sprint, Throw
from app.systems.sas.state import ObjectState, PendingChoice, SasState
from tests.support.positions import sas_session, sas_state

from .board import activate, op, runtime, state, unit
from .test_mark import _patrol_example

OPEN = ["." * 12] * 12
SENTRY = {"kind": "rifle", "role": "sentry", "colour": "black"}


def _apply(st: SasState, cmd: Any, dice: tuple[int, ...] | None = ()) -> tuple[SasState, list[Any]]:
    after, events = SYSTEM.apply(st, cmd.with_table_input(dice, None))
    return after, list(events)


def _choice(st: SasState) -> PendingChoice:
    assert isinstance(st.pending, PendingChoice)
    return st.pending


def _two_operators() -> dict[str, Any]:
    """Jock (A7, team first) and Paddy (K7) equally near the only sentry (F12); Jock is being activated."""
    return {
        "operators": [{"id": "jock", "at": "A7", "facing": "E"}, {"id": "paddy", "at": "K7", "facing": "W"}],
        "units": [{**SENTRY, "id": "s", "at": "F12", "facing": "S"}],
        "activation": {"operator": "jock", "ap": 4},
    }


def test_sas_alarm_4_the_players_choose_which_operator_is_exposed() -> None:
    """SAS-ALARM-4 (seed: "玩家必须指定一名特勤员"): Jock's grenade sounds the alarm without exposing him
    (SAS-ALARM-3), nobody is exposed, so the players designate one. The Throw stops at the question (still Stealth,
    nothing applied); the options are the operators on the map in team order, the default the one nearest an Axis
    unit, team order on ties (D-ALARM-1: Jock). The players expose Paddy instead."""
    st = sas_state(_two_operators())
    throw = Throw(side="sas", operator="jock", to=(0, 1))
    paused, events = _apply(st, throw, (1, 1, 1, 1))
    choice = _choice(paused).choice
    assert paused.section == "stealth" and paused.op("jock").items == st.op("jock").items
    assert [e.kind for e in events] == ["choice"] and SYSTEM.active_side(paused) == "sas"
    assert (choice.kind, choice.rule_id, choice.options, choice.default) == (
        "expose",
        "SAS-ALARM-4",
        ("jock", "paddy"),
        0,
    )
    decision = SYSTEM.view(paused, "sas").decision
    assert decision is not None and decision.side == "sas" and decision.rule_id == "SAS-ALARM-4"
    assert [o.label.render() for o in decision.options] == ["Expose Jock Lewes", "Expose Paddy Mayne"]
    assert SYSTEM.legal_commands(paused) == [Decide(side="sas", answer="jock"), Decide(side="sas", answer="paddy")]
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(paused, EndActivation(side="sas"))
    after, events = SYSTEM.apply(paused, Decide(side="sas", answer="paddy"))
    assert after.pending is None and after.section == "battle"
    assert after.op("paddy").exposed and not after.op("jock").exposed
    assert any(e.kind == "designated" and e.rule_id == "SAS-ALARM-4" for e in events)
    default, _ = SYSTEM.apply(paused, Decide(side="sas", answer="jock"))
    assert default.op("jock").exposed and not default.op("paddy").exposed


def test_sas_alarm_5_a_lone_candidate_is_designated_without_a_question() -> None:
    """SAS-ALARM-5, SAS-ALARM-4: with one operator on the map there is nothing to choose — a forced choice is no
    choice: the grenade's alarm exposes Jock at once."""
    position = {**_two_operators(), "operators": [{"id": "jock", "at": "A7", "facing": "E"}]}
    after, _ = _apply(sas_state(position), Throw(side="sas", operator="jock", to=(0, 1)), (1, 1, 1, 1))
    assert after.pending is None and after.op("jock").exposed


def test_sas_alarm_5_when_the_exposed_operator_leaves_the_players_designate_another() -> None:
    """SAS-ALARM-5 (seed: "任何时候,只要所有暴露特勤员都已阵亡或离场,则玩家必须立即指定另一名可用特勤员"): in the Battle
    section exposed Jock leaves the map from the entry/exit square; Paddy and Johnny remain, so the players choose who
    is exposed now. The default is the one nearest an Axis unit (D-ALARM-1: Johnny, 2 squares from the sentry)."""
    rt = runtime(OPEN, entry_exit=[(0, 11)])
    ops = [op("jock", (0, 11), exposed=True), op("paddy", (6, 6)), op("johnny", (9, 2))]
    st = activate(state(rt, ops, [unit("s", "rifle", (11, 0), "S", alert=True)], section="battle"), "jock")
    paused, _ = _apply(st, Exfiltrate(side="sas", operator="jock"), None)
    choice = _choice(paused).choice
    assert (choice.options, choice.default) == (("paddy", "johnny"), 1) and paused.op("jock").on_map
    after, _ = SYSTEM.apply(paused, Decide(side="sas", answer="paddy"))
    assert not after.op("jock").on_map and after.op("paddy").exposed and not after.op("johnny").exposed


def test_sas_mark_3_the_player_picks_the_moment_of_the_marked_attack() -> None:
    """SAS-MARK-3 (seed: "特勤员可以选择攻击"): the marked white patrolman walks north up column C; on his 3rd square
    (C8) Jock first could shoot. The default fires there (D-MARK-1); the player waits one square and fires at C7 with a
    natural 6 (+2 marked): the corpse lies at C7. Waiting at every moment keeps the mark for later (SAS-MARK-7)."""
    st = _patrol_example()
    paused, _ = _apply(st, RunAxisStep(side="axis"), (6,))
    choice = _choice(paused).choice
    assert (choice.kind, choice.rule_id, choice.options, choice.default) == ("mark", "SAS-MARK-3", ("fire", "wait"), 0)
    assert paused.unit("wp") is not None and paused.unit("wp").loc == (2, 11)  # nothing of the step applied yet
    again, _ = SYSTEM.apply(paused, Decide(side="sas", answer="wait"))
    assert _choice(again).answers == ("wait",)
    after, events = SYSTEM.apply(again, Decide(side="sas", answer="fire"))
    assert after.unit("wp") is None and next(o.loc for o in after.objects if o.kind == "corpse") == (2, 7)
    assert [e.at for e in events if e.kind == "unit_moved"][-1] == ((2, 8), (2, 7))
    default, _ = SYSTEM.apply(paused, Decide(side="sas", answer="fire"))
    assert next(o.loc for o in default.objects if o.kind == "corpse") == (2, 8)
    held, _ = SYSTEM.apply(st, RunAxisStep(side="axis"))  # no die is rolled if he never fires
    while isinstance(held.pending, PendingChoice):
        held, _ = SYSTEM.apply(held, Decide(side="sas", answer="wait"))
    assert held.unit("wp") is not None and held.op("jock").mark == "wp"


def test_sas_gen_8_the_players_choose_the_facing_toward_a_diagonal() -> None:
    """SAS-GEN-8, SAS-GEN-9, OQ-4: Jock's pistol misses the sentry at F6 from C3, on its exact diagonal (natural 1).
    The sentry, facing south, turns toward him (SAS-ATK-9): north and west both hold C3 in their arc, so the players
    choose; the default is the shorter turn, west (D-FACE-1). They turn it north."""
    sentry = unit("s", "rifle", (5, 5), "S")
    st = activate(state(runtime(OPEN), [op("jock", (2, 2), facing="S")], [sentry]), "jock")
    shot = Attack(side="sas", operator="jock", weapon="pistol", target="s")
    paused, _ = _apply(st, shot, (1,))
    choice = _choice(paused).choice
    assert (choice.kind, choice.rule_id, choice.options, choice.default) == ("facing", "SAS-GEN-8", ("N", "W"), 1)
    assert choice.subject == "s" and paused.unit("s").facing == "S"
    after, _ = SYSTEM.apply(paused, Decide(side="sas", answer="N"))
    assert after.pending is None and after.unit("s").facing == "N" and after.unit("s").alert
    default, _ = SYSTEM.apply(paused, Decide(side="sas", answer="W"))
    assert default.unit("s").facing == "W"


def test_sas_gen_8_a_unit_already_facing_the_diagonal_keeps_its_facing() -> None:
    """SAS-GEN-8 (D-FACE-1, D-FACE-2): facing north, the sentry already holds C3 (north-west, on the diagonal) in its
    arc: it does not turn, and nobody is asked."""
    sentry = unit("s", "rifle", (5, 5), "N")
    st = activate(state(runtime(OPEN), [op("jock", (2, 2), facing="S")], [sentry]), "jock")
    after, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"), (1,))
    assert after.pending is None and after.unit("s").facing == "N"


def test_sas_pick_1_picking_up_a_fuel_barrel_is_its_own_step() -> None:
    """SAS-PICK-1 (seed: "先移动/冲跑至含有道具或物体的方格中,然后再宣告拾取"), SAS-OBJ-6, OQ-65: the Move onto
    the fuel barrel's square (1 AP) leaves Jock standing on it; the activation then waits for the Pick Up (0 AP), the
    only thing he may do there: ending the activation or moving on is refused. The decision shows it."""
    st = activate(state(runtime(OPEN), [op("jock", (5, 5))], []), "jock")
    st = replace(st, objects=(ObjectState("b", "fuel_barrel", (5, 4)),))
    there, _ = _apply(st, Move(side="sas", operator="jock", to=(5, 4)), None)
    assert there.op("jock").loc == (5, 4) and there.op("jock").carrying is None and there.activation.ap == 3
    assert SYSTEM.legal_commands(there) == [PickUp(side="sas", operator="jock")]
    decision = SYSTEM.view(there, "sas").decision
    assert (
        decision is not None
        and decision.rule_id == "SAS-PICK-1"
        and decision.commands == [PickUp(side="sas", operator="jock")]
    )
    for refused in (EndActivation(side="sas"), Move(side="sas", operator="jock", to=(5, 3))):
        with pytest.raises(IllegalCommandError) as err:
            SYSTEM.apply(there, refused)
        assert err.value.rule_id == "SAS-PICK-1"
    after, events = _apply(there, PickUp(side="sas", operator="jock"), None)
    assert after.op("jock").carrying == "b" and after.activation.ap == 3
    assert [e.rule_id for e in events if e.kind == "picked_up"] == ["SAS-PICK-1"]
    assert SYSTEM.view(after, "sas").decision is None


def test_sas_pick_1_the_unit_that_saw_the_move_reacts_after_the_pick_up() -> None:
    """SAS-PICK-1 with SAS-REACT-3, SAS-SEEN-2: the sentry at F1 facing south sees Jock step onto the barrel at F4 and
    flips to alert; an alerted unit reacts after the operator's next action, and the Pick Up is that action: its
    reaction attack (natural 1: a miss) follows the Pick Up, not some later action."""
    st = activate(state(runtime(OPEN), [op("jock", (5, 4))], [unit("s", "rifle", (5, 0), "S")]), "jock")
    st = replace(st, objects=(ObjectState("b", "fuel_barrel", (5, 3)),))
    there, events = _apply(st, Move(side="sas", operator="jock", to=(5, 3)), None)
    assert there.unit("s").alert and there.op("jock").exposed and there.activation.pending == ("s",)
    assert not any(e.kind == "reaction_attack" for e in events)
    after, events = _apply(there, PickUp(side="sas", operator="jock"), (1,))
    assert after.op("jock").carrying == "b"
    assert [e.kind for e in events if e.kind in ("picked_up", "reaction_attack")] == ["picked_up", "reaction_attack"]


def test_sas_pick_1_a_sprint_may_end_on_the_barrel_then_the_pick_up() -> None:
    """SAS-PICK-1 (seed: move *or sprint* into the square, then declare the pick-up), OQ-65: a 2-square sprint ends on
    the fuel barrel two squares away; the Pick Up follows as its own step."""
    st = activate(state(runtime(OPEN), [op("jock", (5, 6))], []), "jock")
    st = replace(st, objects=(ObjectState("b", "fuel_barrel", (5, 4)),))
    sprint = Sprint(side="sas", operator="jock", path=((5, 5), (5, 4)))
    assert sprint in SYSTEM.legal_commands(st)
    there, _ = _apply(st, sprint, None)
    assert there.op("jock").loc == (5, 4) and SYSTEM.legal_commands(there) == [PickUp(side="sas", operator="jock")]
    after, _ = _apply(there, PickUp(side="sas", operator="jock"), None)
    assert after.op("jock").carrying == "b"


def test_sas_pick_1_an_item_and_an_object_may_be_picked_up_together_or_alone() -> None:
    """SAS-PICK-1 (seed: "道具与物体存在于同一格中,则可以被同时拾取" — they *may* be taken together): on a square with a
    used trap and a corpse Jock picks up both, or only the trap (the corpse stays, he carries nothing and may still
    sprint), or only the corpse."""
    st = activate(state(runtime(OPEN), [op("jock", (5, 5))], []), "jock")
    st = replace(st, objects=(ObjectState("t", "trap_used", (5, 5)), ObjectState("c", "corpse", (5, 5))))
    picks = [c for c in SYSTEM.legal_commands(st) if isinstance(c, PickUp)]
    assert [c.what for c in picks] == [None, "item", "object"]
    assert [SYSTEM.describe(st, c).label.render().strip() for c in picks] == [
        "Pick up",
        "Pick up: Only the used trap",
        "Pick up: Only the object",
    ]
    trap, _ = _apply(st, picks[1], None)
    assert trap.op("jock").item_count("trap") == 1 and trap.op("jock").carrying is None
    assert [o.id for o in trap.objects_at((5, 5))] == ["c"]
    corpse, _ = _apply(st, picks[2], None)
    assert corpse.op("jock").carrying == "c" and [o.id for o in corpse.objects_at((5, 5))] == ["t"]
    both, _ = _apply(st, picks[0], None)
    assert both.op("jock").carrying == "c" and both.op("jock").item_count("trap") == 1


def _designation_game() -> tuple[Any, Any]:
    """A session in which Jock's grenade sounds the alarm and the players designate Jock (the default)."""
    session = sas_session(_two_operators())
    session.submit(Throw(side="sas", operator="jock", to=(0, 1)))
    return session, session.folder


def test_sas_alarm_4_a_rules_version_2_save_replays_with_the_old_ruling() -> None:
    """Rules version 3 asks what version 2 decided itself (SAS-ALARM-4): a version 2 save has no answer in its log.
    Replayed, the default (the version 2 ruling) is taken and the saved game comes out the same; a save whose
    players had exposed Paddy cannot be told apart from the log, so it is refused, naming both versions."""
    session, folder = _designation_game()
    session.submit(Decide(side="sas", answer="jock"))
    save = to_save(session)
    old = save.model_copy(
        update={"system_version": "2", "commands": [c for c in save.commands if c["kind"] != "decide"]}
    )
    replayed = from_save(old, {"sas": SYSTEM}, origin=folder)
    assert state_digest(SYSTEM, replayed.state) == state_digest(SYSTEM, session.state)
    assert replayed.commands[-1] == Decide(side="sas", answer="jock")
    other, _ = _designation_game()
    other.submit(Decide(side="sas", answer="paddy"))
    same = from_save(to_save(other), {"sas": SYSTEM}, origin=folder)  # a version 3 save keeps its answers
    assert state_digest(SYSTEM, same.state) == state_digest(SYSTEM, other.state) and same.state.op("paddy").exposed
    changed = to_save(other)
    changed = changed.model_copy(
        update={"system_version": "2", "commands": [c for c in changed.commands if c["kind"] != "decide"]}
    )
    with pytest.raises(SaveError, match=f"rules version 2, this build has version {SYSTEM.info.version}"):
        from_save(changed, {"sas": SYSTEM}, origin=folder)
