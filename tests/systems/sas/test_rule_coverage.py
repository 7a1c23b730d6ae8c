"""More SAS rule tests with explicit dice: operator actions, attack modifiers, noise, knife, reactions, tables.

Each test builds a small position (tests/systems/sas/board.py), applies real commands through ``SYSTEM.apply``
with typed dice and asserts the effect of the rule it cites.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.messages import (
    Aim,
    Attack,
    Climb,
    Crouch,
    Move,
    PickUp,
    Place,
    Recover,
    Reveal,
    Sprint,
    Stand,
)
from app.systems.sas.state import ObjectState, SasState

from .board import activate, op, runtime, state, unit, with_defaults

OPEN = ["." * 12] * 12


def _apply(st: SasState, cmd: Any, dice: tuple[int, ...] = ()) -> tuple[SasState, list[Any]]:
    after, events = with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, None)))
    return after, list(events)


def _ap(st: SasState) -> int:
    assert st.activation is not None
    return st.activation.ap


def _ruling(events: list[Any]) -> Any:
    return next(e.ruling for e in events if e.ruling)


def test_sas_sprint_1_three_squares_for_two_ap() -> None:
    """SAS-SPRINT-1, SAS-OP-2: a Sprint of 3 squares costs 2 of the activation's 4 AP."""
    st = activate(state(runtime(OPEN), [op("jock", (2, 9))], []), "jock")
    assert _ap(st) == 4
    after, _ = _apply(st, Sprint(side="sas", operator="jock", path=((2, 8), (3, 7), (3, 6))))
    assert after.op("jock").loc == (3, 6) and _ap(after) == 2


def test_sas_crouch_1_crouch_costs_one_stand_costs_nothing() -> None:
    """SAS-CROUCH-1, SAS-OP-3: Crouch costs 1 AP, Stand 0 AP (still an action of the activation)."""
    st = activate(state(runtime(OPEN), [op("jock", (2, 9))], []), "jock")
    crouched, _ = _apply(st, Crouch(side="sas", operator="jock"))
    assert crouched.op("jock").crouched and _ap(crouched) == 3
    standing, _ = _apply(crouched, Stand(side="sas", operator="jock"))
    assert not standing.op("jock").crouched and _ap(standing) == 3


def test_sas_crouch_2_crouched_operator_cannot_cross_a_low_wall() -> None:
    """SAS-CROUCH-2, SAS-TER-7: standing, the operator steps over a low wall for 1 AP; crouched he may not."""
    rt = runtime(OPEN, edges=[((2, 9), "N", "low_wall")])
    st = activate(state(rt, [op("jock", (2, 9))], []), "jock")
    over, _ = _apply(st, Move(side="sas", operator="jock", to=(2, 8)))
    assert over.op("jock").loc == (2, 8) and _ap(over) == 3
    crouched = st.with_op("jock", crouched=True)
    with pytest.raises(IllegalCommandError):
        _apply(crouched, Move(side="sas", operator="jock", to=(2, 8)))


def test_sas_climb_1_hedge_costs_two_ap() -> None:
    """SAS-CLIMB-1, SAS-TER-8: a hedge is crossed only by Climb, for 2 AP; a plain Move is refused."""
    rt = runtime(OPEN, edges=[((2, 9), "N", "hedge")])
    st = activate(state(rt, [op("jock", (2, 9))], []), "jock")
    with pytest.raises(IllegalCommandError):
        _apply(st, Move(side="sas", operator="jock", to=(2, 8)))
    over, _ = _apply(st, Climb(side="sas", operator="jock", to=(2, 8)))
    assert over.op("jock").loc == (2, 8) and _ap(over) == 2


def test_sas_recover_1_three_ap_for_one_hp_never_above_4() -> None:
    """SAS-RECOVER-1: Recover costs 3 AP for 1 HP; an operator at 4 HP (Paddy has 5) may not Recover."""
    st = activate(state(runtime(OPEN), [op("paddy", (2, 9), hp=2)], []), "paddy")
    after, _ = _apply(st, Recover(side="sas", operator="paddy"))
    assert after.op("paddy").hp == 3 and _ap(after) == 1
    with pytest.raises(IllegalCommandError) as err:
        _apply(st.with_op("paddy", hp=4), Recover(side="sas", operator="paddy"))
    assert err.value.rule_id == "SAS-RECOVER-1"


def test_sas_reveal_1_stealth_exposes_and_alerts_the_nearest_unit() -> None:
    """SAS-REVEAL-1: in the Stealth section Reveal costs 0 AP, exposes the operator and flips the nearest Axis
    unit to alert; a farther unit stays unalert."""
    units = [unit("near", "rifle", (2, 5), "N"), unit("far", "rifle", (9, 1), "N")]
    st = activate(state(runtime(OPEN), [op("jock", (2, 9))], units), "jock")
    after, _ = _apply(st, Reveal(side="sas", operator="jock"))
    assert after.op("jock").exposed and _ap(after) == 4
    assert after.unit("near").alert and not after.unit("far").alert


def test_sas_reveal_2_battle_only_exposes() -> None:
    """SAS-REVEAL-2: in the Battle section Reveal only exposes the operator (0 AP); nobody else changes."""
    units = [unit("near", "rifle", (2, 5), "N")]
    st = activate(state(runtime(OPEN), [op("jock", (2, 9))], units, section="battle"), "jock")
    after, _ = _apply(st, Reveal(side="sas", operator="jock"))
    assert after.op("jock").exposed and _ap(after) == 4
    assert after.unit("near") == st.unit("near")


def test_sas_pick_1_pick_up_costs_nothing() -> None:
    """SAS-PICK-1, SAS-OBJ-1: an operator on a corpse's square picks it up for 0 AP and carries it."""
    st = activate(state(runtime(OPEN), [op("jock", (2, 9))], []), "jock")
    st = st.__class__(**{**st.__dict__, "objects": (ObjectState("c1", "corpse", (2, 9)),)})
    after, _ = _apply(st, PickUp(side="sas", operator="jock"))
    assert _ap(after) == 4
    assert after.op("jock").carrying is not None
    assert not any(o.loc == (2, 9) for o in after.objects)


def test_sas_aim_1_aim_costs_one_ap_and_adds_2() -> None:
    """SAS-AIM-1, SAS-ATK-8: Aim costs 1 AP; the next attack on that unit gets +2 (long range: a 3 hits)."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6), facing="E")], [unit("p", "rifle", (6, 6), "N")]), "jock")
    aimed, _ = _apply(st, Aim(side="sas", operator="jock", target="p"))
    assert _ap(aimed) == 3
    after, events = _apply(aimed, Attack(side="sas", operator="jock", weapon="pistol", target="p"), dice=(3,))
    assert [m.value for m in _ruling(events).modifiers] == [2]
    assert after.unit("p") is None


def test_sas_aim_3_aim_and_short_range_add_up() -> None:
    """SAS-AIM-3, SAS-ATK-8: an aimed attack at short range gets +3 (the pistol hits on a natural 2)."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6), facing="E")], [unit("p", "rifle", (3, 6), "N")]), "jock")
    aimed, _ = _apply(st, Aim(side="sas", operator="jock", target="p"))
    after, events = _apply(aimed, Attack(side="sas", operator="jock", weapon="pistol", target="p"), dice=(2,))
    assert sum(m.value for m in _ruling(events).modifiers) == 3
    assert after.unit("p") is None


def test_sas_gen_6_diagonal_squares_count_one() -> None:
    """SAS-GEN-6, SAS-GEN-5: range counts squares without the attacker's own; a diagonal step counts 1, so a
    target 4 squares away diagonally is at short range (+1)."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 10), facing="N")], [unit("p", "rifle", (4, 6), "N")]), "jock")
    _, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="p"), dice=(4,))
    assert [m.rule_id for m in _ruling(events).modifiers] == ["SAS-ATK-2"]


def test_sas_atk_5_sten_spends_one_ammo_token_per_attack() -> None:
    """SAS-ATK-5, SAS-EQ-2: Paddy's Sten starts with 5 ammunition tokens and an attack spends one."""
    st = activate(state(runtime(OPEN), [op("paddy", (0, 6), facing="E")], [unit("p", "rifle", (3, 6), "N")]), "paddy")
    assert dict(st.op("paddy").ammo)["sten"] == 5
    after, _ = _apply(st, Attack(side="sas", operator="paddy", weapon="sten", target="p"), dice=(6, 1, 1))
    assert dict(after.op("paddy").ammo)["sten"] == 4


def test_sas_atk_7_axis_targets_get_no_cover() -> None:
    """SAS-ATK-7: an Axis unit behind a low wall gets no cover modifier against an operator's attack."""
    rt = runtime(OPEN, edges=[((5, 6), "W", "low_wall")])
    st = activate(state(rt, [op("jock", (0, 6), facing="E")], [unit("p", "rifle", (5, 6), "N")]), "jock")
    _, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="p"), dice=(5,))
    assert _ruling(events).modifiers == ()


def test_sas_noise_2_pistol_noise_is_a_radius_of_6() -> None:
    """SAS-NOISE-2, SAS-NOISE-3: the pistol's noise 6 turns a unit 6 squares away but not one 7 squares away. (The
    one 7 squares away stands beyond the 4 squares of the shout of the one that turns and sees Paddy, SAS-SEEN-3.)"""
    units = [
        unit("p", "rifle", (4, 6), "N"),
        unit("in", "rifle", (6, 0), "N", colour="white"),
        unit("out", "rifle", (7, 11), "E", colour="white"),
    ]
    st = activate(state(runtime(OPEN), [op("paddy", (0, 6), facing="E")], units), "paddy")
    after, _ = _apply(st, Attack(side="sas", operator="paddy", weapon="pistol", target="p"), dice=(6,))
    assert after.unit("in").alert
    assert not after.unit("out").alert and after.unit("out").facing == "E"


def test_sas_noise_5_sprinting_next_to_a_unit_alerts_it() -> None:
    """SAS-NOISE-5, SAS-SPRINT-2: a Sprint ending next to an unalert unit facing away flips it to alert and turns
    it to the operator; a Move to the same square does not."""
    target = unit("s", "rifle", (5, 5), "N")
    st = activate(state(runtime(OPEN), [op("jock", (5, 9))], [target]), "jock")
    sprinted, _ = _apply(st, Sprint(side="sas", operator="jock", path=((5, 8), (5, 7), (5, 6))))
    assert sprinted.unit("s").alert and sprinted.unit("s").facing == "S"
    walked = st
    for square in ((5, 8), (5, 7), (5, 6)):
        walked, _ = _apply(walked, Move(side="sas", operator="jock", to=square))
    assert not walked.unit("s").alert


# --- knife, reactions, being seen ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "allowed"), [("window", True), ("door", False)])
def test_sas_knife_3_through_a_window_not_through_a_door(kind: str, allowed: bool) -> None:
    """SAS-KNIFE-3: the knife kills through a window, never through a door."""
    rt = runtime(OPEN, edges=[((3, 6), "W", kind)])
    st = activate(state(rt, [op("jock", (2, 6))], [unit("p", "rifle", (3, 6), "E")]), "jock")
    knife = Attack(side="sas", operator="jock", weapon="knife", target="p")
    if allowed:
        after, _ = _apply(st, knife)
        assert after.unit("p") is None
    else:
        with pytest.raises(IllegalCommandError):
            _apply(st, knife)


def test_sas_knife_4_witnesses_turn_alert() -> None:
    """SAS-KNIFE-4, SAS-OBJ-2: a unit that sees the victim die turns alert; the victim leaves a corpse."""
    units = [unit("p", "rifle", (3, 6), "E"), unit("w", "rifle", (3, 9), "N", colour="white")]
    st = activate(state(runtime(OPEN), [op("jock", (2, 6))], units), "jock")
    after, _ = _apply(st, Attack(side="sas", operator="jock", weapon="knife", target="p"))
    assert after.unit("p") is None and any(o.kind == "corpse" and o.loc == (3, 6) for o in after.objects)
    assert after.unit("w").alert


def test_sas_react_6_one_reaction_per_unit_and_operator_per_activation() -> None:
    """SAS-REACT-6, SAS-REACT-2, SAS-SEEN-6: in the Battle section an alert rifleman reacts once to the first
    action Jock takes in its sight (after the action), not to his second."""
    st = activate(
        state(
            runtime(OPEN), [op("jock", (2, 6), hp=9)], [unit("r", "rifle", (2, 2), "S", alert=True)], section="battle"
        ),
        "jock",
    )
    first, events = _apply(st, Move(side="sas", operator="jock", to=(3, 6)), dice=(6,))
    kinds = [e.kind for e in events]
    assert "reaction_attack" in kinds and kinds.index("reaction_attack") > 0
    assert first.op("jock").exposed and first.op("jock").hp == 8
    second, events = _apply(first, Move(side="sas", operator="jock", to=(4, 6)))
    assert not any(e.kind == "reaction_attack" for e in events)
    assert second.op("jock").hp == 8


# --- more operator actions ------------------------------------------------------------------------------------------


def test_sas_ter_9_crate_needs_climb_and_walls_block() -> None:
    """SAS-TER-9, SAS-TER-10: a crate square is entered only by Climb (2 AP); a building wall cannot be crossed."""
    rows = ["." * 12] * 12
    rows = [r if y != 8 else "..C........." for y, r in enumerate(rows)]
    rt = runtime(rows, edges=[((5, 9), "N", "building_wall")])
    st = activate(state(rt, [op("jock", (2, 9)), op("paddy", (5, 9))], []), "jock")
    with pytest.raises(IllegalCommandError):
        _apply(st, Move(side="sas", operator="jock", to=(2, 8)))
    climbed, _ = _apply(st, Climb(side="sas", operator="jock", to=(2, 8)))
    assert climbed.op("jock").loc == (2, 8) and _ap(climbed) == 2
    walled = activate(state(rt, [op("paddy", (5, 9))], []), "paddy")
    with pytest.raises(IllegalCommandError):
        _apply(walled, Move(side="sas", operator="paddy", to=(5, 8)))


def test_sas_crouch_3_crouching_behind_low_cover_hides() -> None:
    """SAS-CROUCH-3, SAS-TER-5, SAS-LOS-5: behind a low wall a crouched operator is hidden from a sentry that sees
    him standing."""
    from app.systems.sas.board.vision import sees_op

    rt = runtime(OPEN, edges=[((2, 6), "N", "low_wall")])
    st = state(rt, [op("jock", (2, 6))], [unit("v", "rifle", (2, 1), "S")])
    assert sees_op(st, st.unit("v"), st.op("jock"))  # type: ignore[arg-type]
    hidden = st.with_op("jock", crouched=True)
    assert not sees_op(hidden, hidden.unit("v"), hidden.op("jock"))  # type: ignore[arg-type]


def test_sas_aim_2_aim_kept_through_move_and_attack() -> None:
    """SAS-AIM-2, SAS-ATK-4: after Aim, a Move & Attack on the same target (still in sight) keeps the +2."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6), facing="E")], [unit("p", "rifle", (7, 6), "N")]), "jock")
    aimed, _ = _apply(st, Aim(side="sas", operator="jock", target="p"))
    after, events = _apply(
        aimed, Attack(side="sas", operator="jock", weapon="pistol", target="p", move_to=(1, 6)), dice=(3,)
    )
    assert [m.value for m in _ruling(events).modifiers] == [2]
    assert after.unit("p") is None and _ap(after) == 2


def test_sas_eq_3_pistol_stats() -> None:
    """SAS-EQ-3, SAS-ATK-10, SAS-GEN-7: the pistol has short range 4, long range 8, hits on 5+ and never runs out
    of ammunition."""
    from app.systems.sas.tables import tables

    pistol = tables().weapons["pistol"]
    assert (pistol.short, pistol.long, pistol.target, pistol.ammo) == (4, 8, 5, None)


# --- tables ---------------------------------------------------------------------------------------------------------


def test_sas_unit_1_rifle_and_smg_stats() -> None:
    """SAS-UNIT-1, SAS-UNIT-2 (stat table): rifle infantry 1 die at 3+, SMG infantry 2 dice at 4+; both 1 HP,
    4 squares of movement, ranges 4/8."""
    from app.systems.sas.tables import tables

    rifle, smg = tables().units["rifle"], tables().units["smg"]
    assert (rifle.dice, rifle.target, smg.dice, smg.target) == (1, 3, 2, 4)
    assert {(u.hp, u.move, u.short, u.long) for u in (rifle, smg)} == {(1, 4, 4, 8)}


def test_sas_eq_18_sniper_rifle_and_knife_stats() -> None:
    """SAS-EQ-18, SAS-EQ-1: the sniper rifle reaches 16 squares (short 8) with 5 ammunition; the knife has attack
    value 1 (no roll), makes no noise and needs no ammunition."""
    from app.systems.sas.tables import tables

    sniper, knife = tables().weapons["sniper_rifle"], tables().weapons["knife"]
    assert (sniper.long, sniper.short, sniper.ammo) == (16, 8, 5)
    assert (knife.kind, knife.target, knife.ammo, knife.noise) == ("knife", 1, None, 0)


# --- noise ----------------------------------------------------------------------------------------------------------


def test_sas_atk_6_a_noisy_weapon_turns_listeners_a_knife_does_not() -> None:
    """SAS-ATK-6, SAS-GEN-8, SAS-NOISE-3: a pistol shot turns a rifleman 3 squares east of Jock to face the
    shot (west) and alerts him; the same kill with the silent knife leaves him as he was."""
    target = unit("p", "rifle", (3, 6), "E", role="patrolman")
    listener = unit("l", "rifle", (5, 3), "N", colour="white")
    st = activate(state(runtime(OPEN), [op("jock", (2, 6), facing="E")], [target, listener]), "jock")
    shot, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="p"), dice=(6,))
    assert shot.unit("l").alert and shot.unit("l").facing == "W"  # type: ignore[union-attr]
    knifed, _ = _apply(st, Attack(side="sas", operator="jock", weapon="knife", target="p"))
    assert knifed.unit("p") is None
    assert not knifed.unit("l").alert and knifed.unit("l").facing == "N"  # type: ignore[union-attr]


def test_sas_noise_6_units_on_spawn_tiles_do_not_hear() -> None:
    """SAS-NOISE-6: an SMG waiting on a spawn tile within the pistol's noise radius neither turns nor alerts."""
    units = [unit("p", "rifle", (4, 6), "N"), unit("s", "smg", (3, 3), "N", on_spawn=True)]
    st = activate(state(runtime(OPEN), [op("paddy", (0, 6), facing="E")], units), "paddy")
    after, _ = _apply(st, Attack(side="sas", operator="paddy", weapon="pistol", target="p"), dice=(6,))
    assert not after.unit("s").alert and after.unit("s").facing == "N"  # type: ignore[union-attr]


# --- placing objects ------------------------------------------------------------------------------------------------


def test_sas_place_2_a_corpse_placed_in_sight_alerts_a_trap_does_not() -> None:
    """SAS-PLACE-2, SAS-SEEN-4, SAS-OBJ-4, SAS-PLACE-1: out of the sentry's sight, Jock places the corpse he
    carries on a square the sentry sees: it turns alert; David placing a trap on the same square alerts nobody."""
    from dataclasses import replace

    sentry = unit("s", "rifle", (5, 4), "S")
    carrier = activate(state(runtime(OPEN), [op("jock", (9, 7), carrying="c1")], [sentry]), "jock")
    carrier = replace(carrier, objects=(ObjectState("c1", "corpse", None),))
    after, _ = _apply(carrier, Place(side="sas", operator="jock", to=(8, 8)))
    assert after.unit("s").alert and not after.op("jock").exposed  # type: ignore[union-attr]
    assert _ap(after) == 3
    trapper = activate(state(runtime(OPEN), [op("david", (9, 7))], [sentry]), "david")
    trapped, _ = _apply(trapper, Place(side="sas", operator="david", to=(8, 8), item="trap"))
    assert any(o.kind == "trap" and o.loc == (8, 8) for o in trapped.objects)
    assert not trapped.unit("s").alert  # type: ignore[union-attr]


def test_sas_place_3_placing_over_a_low_wall() -> None:
    """SAS-PLACE-3, SAS-EQ-4: David places his trap on the other side of a low wall."""
    rt = runtime(OPEN, edges=[((9, 7), "W", "low_wall")])
    st = activate(state(rt, [op("david", (9, 7))], []), "david")
    after, _ = _apply(st, Place(side="sas", operator="david", to=(8, 7), item="trap"))
    assert any(o.kind == "trap" and o.loc == (8, 7) for o in after.objects)


def test_sas_evt_8_the_cigarette_blinds_a_sentry() -> None:
    """SAS-EVT-8, SAS-EVT-7: Jock, holding the cigarette marker, gives it to the unalert sentry looking at him:
    the sentry no longer sees him and stays unalert; without the cigarette it would see him."""
    from dataclasses import replace

    from app.systems.sas.board.vision import sees_op
    from app.systems.sas.messages import UseCigarette

    base = state(runtime(OPEN), [op("jock", (5, 8))], [unit("s", "rifle", (5, 4), "S")])
    assert sees_op(base, base.unit("s"), base.op("jock"))  # type: ignore[arg-type]
    st = activate(replace(base, cigarette="op:jock"), "jock")
    after, _ = _apply(st, UseCigarette(side="sas", operator="jock", target="s"))
    sentry = after.unit("s")
    assert sentry is not None and sentry.cigarette and not sentry.alert
    assert not sees_op(after, sentry, after.op("jock")) and not after.op("jock").exposed


def test_sas_obj_6_a_fuel_barrel_hides_a_crouched_operator() -> None:
    """SAS-OBJ-6: a fuel barrel between a sentry and a crouched operator hides him like low cover."""
    from dataclasses import replace

    from app.systems.sas.board.vision import sees_op

    st = state(runtime(OPEN), [op("jock", (5, 8), crouched=True)], [unit("s", "rifle", (5, 4), "S")])
    assert sees_op(st, st.unit("s"), st.op("jock"))  # type: ignore[arg-type]
    hidden = replace(st, objects=(ObjectState("b", "fuel_barrel", (5, 7)),))
    assert not sees_op(hidden, hidden.unit("s"), hidden.op("jock"))  # type: ignore[arg-type]
