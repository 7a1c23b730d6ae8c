"""Axis vehicles attacking and being attacked, with explicit dice and the rule IDs of every modifier.

SAS-AVEH-10 (attack like infantry through an arc), SAS-AATK-7 (HMG through one wall, -3; the seed's two motorcycle
examples), SAS-AVEH-11 (reactions only in LOS), SAS-AVEH-12 (damage markers, destruction, armour), SAS-AVEH-13
(unarmed), SAS-KNIFE-1 (no knife against a vehicle), SAS-EQ-2 (Sten sweep), SAS-EQ-4, SAS-EQ-8 (traps and mines).
"""

from __future__ import annotations

import pytest

from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.view import CommandInfo
from app.systems.sas import SYSTEM, turn
from app.systems.sas.combat import attacks as combat
from app.systems.sas.combat.blasts import blast
from app.systems.sas.context import Ctx
from app.systems.sas.describe import describe_command
from app.systems.sas.messages import Attack, Move, Throw
from app.systems.sas.mission import ObjectiveSpec
from app.systems.sas.operators.items import stepped_on
from app.systems.sas.state import ObjectState

from .board import activate, op, runtime, state, unit

OPEN = ["." * 14] * 20
BUILDING = ["B" * 14] * 6 + ["." * 14] * 14


def _apply(st, cmd, dice=()):  # type: ignore[no-untyped-def]
    return SYSTEM.apply(st, cmd.with_table_input(dice, None))


def _building(window: int | None = None, inner: list[tuple[tuple[int, int], str, str]] = ()):  # type: ignore[assignment,no-untyped-def]
    """Rows 0-5 are a building closed by a wall along its south side, with an optional window at column
    ``window``."""
    edges = [((x, 5), "S", "window" if x == window else "building_wall") for x in range(14)]
    return runtime(BUILDING, edges=[*edges, *inner])


def _ruling(ctx: Ctx, kind: str = "axis_attack"):  # type: ignore[no-untyped-def]
    return next(e.ruling for e in ctx.events if e.kind == kind and e.ruling)


def test_sas_aatk_7_motorcycle_hmg_through_a_wall_at_long_range():
    """Seed example (SAS-AATK-7, SAS-UNIT-9): the motorcycle 5 squares from exposed Jock, who is inside the building
    and not on an inner window square, so not in its LOS; it still fires at -3; rolls 3, 4, 5 -> 0, 1, 2: no damage."""
    rt = _building()
    st = state(rt, [op("jock", (5, 3), exposed=True)], [unit("m", "motorcycle", (5, 8), "N", alert=True)])
    assert combat.can_attack(st, st.unit("m"), st.op("jock"))
    ctx = Ctx(st, Roller(st.dice, (3, 4, 5)))
    combat.phase_attack(ctx, "m")
    ruling = _ruling(ctx)
    assert ruling.rule_id == "SAS-AATK-7" and ruling.target == 3
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(-3, "SAS-AATK-7")]
    assert [d.modified for d in ruling.dice] == [0, 1, 2]
    assert ctx.state.op("jock").hp == st.op("jock").hp


def test_sas_aatk_7_short_range_through_a_wall_is_minus_2_net():
    """SAS-AATK-7: with the short-range +1 the through-wall modifier nets -2 (rolls 5, 3, 5 at 3+: 2 hits)."""
    st = state(_building(), [op("jock", (5, 3), exposed=True)], [unit("m", "motorcycle", (5, 7), "N", alert=True)])
    ctx = Ctx(st, Roller(st.dice, (5, 3, 5)))
    combat.phase_attack(ctx, "m")
    ruling = _ruling(ctx)
    assert sorted((m.value, m.rule_id) for m in ruling.modifiers) == [(-3, "SAS-AATK-7"), (1, "SAS-AATK-4")]
    assert ctx.state.op("jock").hp == st.op("jock").hp - 2


def test_sas_aatk_7_inner_window_square_in_los_is_a_normal_attack():
    """Seed example (SAS-AATK-7, SAS-AVEH-10): 4 squares away, Jock on an inner window square is in the motorcycle's
    LOS: hard cover -2 and short range +1; rolls 4, 3, 4 -> 3, 2, 3: Jock loses 2 HP."""
    st = state(
        _building(window=5), [op("jock", (5, 5), exposed=True)], [unit("m", "motorcycle", (5, 9), "N", alert=True)]
    )
    ctx = Ctx(st, Roller(st.dice, (4, 3, 4)))
    combat.phase_attack(ctx, "m")
    ruling = _ruling(ctx)
    assert ruling.rule_id == "SAS-AVEH-10"
    assert sorted((m.value, m.rule_id) for m in ruling.modifiers) == [(-2, "SAS-AATK-5"), (1, "SAS-AATK-4")]
    assert [d.modified for d in ruling.dice] == [3, 2, 3]
    assert ctx.state.op("jock").hp == st.op("jock").hp - 2


def test_sas_aatk_7_never_through_two_walls_nor_at_a_hidden_operator():
    """SAS-AATK-7: one wall only; and the target must be an exposed operator inside a building."""
    inner = [((5, 3), "N", "building_wall")]
    st = state(
        _building(inner=inner), [op("jock", (5, 2), exposed=True)], [unit("m", "motorcycle", (5, 8), "N", alert=True)]
    )
    assert not combat.can_attack(st, st.unit("m"), st.op("jock"))
    st = state(_building(), [op("jock", (5, 3))], [unit("m", "motorcycle", (5, 8), "N", alert=True)])
    assert not combat.can_attack(st, st.unit("m"), st.op("jock"))


def test_sas_unit_9_motorcycle_fires_through_walls_only_to_its_front():
    """SAS-UNIT-9, SAS-UNIT-10: the motorcycle's HMG fires through a wall only to the front; the half-track's also
    through its rear arc (rolls 6, 6, 6 -> 3 hits at -3)."""
    jock = op("jock", (5, 5), exposed=True, hp=9)
    st = state(_building(), [jock], [unit("m", "motorcycle", (6, 11), "S", alert=True)])
    assert not combat.can_attack(st, st.unit("m"), st.op("jock"))
    st = state(_building(), [jock], [unit("h", "halftrack", (6, 13), "S", alert=True)])
    ctx = Ctx(st, Roller(st.dice, (6, 6, 6)))
    combat.phase_attack(ctx, "h")
    ruling = _ruling(ctx)
    assert ruling.rule_id == "SAS-AATK-7" and any("rear" in n.render() for n in ruling.notes)
    assert ctx.state.op("jock").hp == 6


def test_sas_aatk_7_through_wall_fire_only_in_the_attack_phase():
    """SAS-AATK-7 / SAS-AVEH-11: a reaction never goes through a wall (no reaction at all without LOS)."""
    st = state(_building(), [op("jock", (5, 3), exposed=True)], [unit("m", "motorcycle", (5, 8), "N", alert=True)])
    assert combat.vehicle_shots(st, st.unit("m"), st.op("jock"), reaction=True) == []
    ctx = Ctx(st, Roller(st.dice, ()))
    combat.axis_attack(ctx, "m", "jock", reaction=True)
    assert [e.rule_id for e in ctx.events] == ["SAS-AVEH-11"] and ctx.state.op("jock").hp == st.op("jock").hp


def test_sas_aatk_3_a_vehicle_prefers_the_target_with_fewer_cover_modifiers():
    """SAS-AATK-3 (OQ-66): an operator in the open 5 squares away beats a nearer one behind a wall (-3)."""
    ops = [op("jock", (4, 5), exposed=True), op("paddy", (9, 4), exposed=True)]
    rows = ["B" * 6 + "." * 8] * 6 + ["." * 14] * 14
    edges = [((x, 5), "S", "building_wall") for x in range(6)] + [((5, y), "E", "building_wall") for y in range(6)]
    st = state(runtime(rows, edges=edges), ops, [unit("m", "motorcycle", (6, 9), "N", alert=True)])
    assert [s.wall for s in combat.vehicle_shots(st, st.unit("m"), st.op("jock"), reaction=False)] == [True]
    ctx = Ctx(st, Roller(st.dice, (1, 1, 1)))
    combat.phase_attack(ctx, "m")
    assert _ruling(ctx).rule_id == "SAS-AVEH-10"
    assert [e.at[1] for e in ctx.events if e.kind == "axis_attack"] == [(9, 4)]


def test_sas_aveh_13_unarmed_vehicles_never_attack():
    """SAS-AVEH-13 / SAS-UNIT-11: a Kübelwagen or a truck that sees an exposed operator never attacks."""
    for kind in ("kubelwagen", "truck"):
        st = state(runtime(OPEN), [op("jock", (5, 4), exposed=True)], [unit("k", kind, (5, 8), "N", alert=True)])
        assert not combat.can_attack(st, st.unit("k"), st.op("jock"))
        ctx = Ctx(st, Roller(st.dice, ()))
        combat.axis_attack(ctx, "k", "jock", reaction=True)
        combat.phase_attack(ctx, "k")
        assert ctx.events == []


def test_sas_aveh_11_reacts_only_to_an_operator_in_its_los():
    """SAS-AVEH-11: Jock shoots the alert motorcycle from behind (pistol, 3 squares: 4 + 1 hits): it takes 1
    damage, does not swing round and cannot react; when he walks into its front arc it reacts with its HMG."""
    st = state(runtime(OPEN), [op("jock", (5, 14), exposed=True)], [unit("m", "motorcycle", (5, 10), "N", alert=True)])
    st = activate(st, "jock")
    st, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="m"), dice=(4,))
    moto = st.unit("m")
    assert moto is not None and moto.damage == 1 and moto.facing == "N"
    assert any(e.kind == "vehicle_damaged" and e.rule_id == "SAS-AVEH-12" for e in events)
    assert not any(e.kind == "reaction_attack" for e in events)
    st, events = _apply(st, Move(side="sas", operator="jock", to=(4, 13)))
    st, events = _apply(st, Move(side="sas", operator="jock", to=(4, 12)))
    assert not any(e.kind == "reaction_attack" for e in events)
    st = st.with_op("jock", loc=(4, 10))
    assert not combat.vehicle_shots(st, st.unit("m"), st.op("jock"), reaction=True)  # beside the token: no sight
    st = st.with_op("jock", loc=(4, 9))
    st, events = _apply(st, Move(side="sas", operator="jock", to=(4, 8)), dice=(3, 3, 1))
    ruling = next(e.ruling for e in events if e.kind == "reaction_attack")
    assert ruling.rule_id == "SAS-AVEH-11" and ruling.target == 3 and len(ruling.dice) == 3
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(1, "SAS-AATK-4")]


def test_sas_aveh_12_pistol_has_no_effect_on_the_armoured_half_track():
    """SAS-AVEH-12 / SAS-UNIT-10: the armoured half-track takes no damage from a pistol; no dice are rolled and
    the hint says so before the shot; the shot is still heard and the vehicle flips to alert."""
    st = state(runtime(OPEN), [op("jock", (5, 2))], [unit("h", "halftrack", (5, 8), "N")])
    st = activate(st, "jock")
    attack = Attack(side="sas", operator="jock", weapon="pistol", target="h")
    assert attack in SYSTEM.legal_commands(st)
    info: CommandInfo = describe_command(st, attack)
    assert info.hint is not None and "SAS-AVEH-12" in info.hint.render() and "No effect" in info.hint.render()
    after, events = _apply(st, attack)
    track = after.unit("h")
    assert track is not None and track.damage == 0 and track.alert
    ruling = next(e.ruling for e in events if e.kind == "attack")
    assert ruling.rule_id == "SAS-AVEH-12" and ruling.dice == ()


def test_sas_aveh_12_grenade_damages_the_armoured_half_track():
    """SAS-AVEH-12 / SAS-EQ-6: a grenade (4 rolls at 2+) is a blast weapon: rolls 2, 2, 3, 1 -> 3 damage markers on
    the half-track, one target however many of its squares the template covers."""
    st = state(runtime(OPEN), [op("jock", (5, 2))], [unit("h", "halftrack", (5, 8), "N")])
    st = activate(st, "jock")
    after, events = _apply(st, Throw(side="sas", operator="jock", to=(5, 8)), dice=(2, 2, 3, 1, 1, 1, 1))
    track = after.unit("h")
    assert track is not None and track.damage == 3
    damaged = next(e for e in events if e.kind == "vehicle_damaged")
    assert damaged.rule_id == "SAS-AVEH-12" and "3/5" in damaged.text.render()


def test_sas_aveh_12_destroyed_at_hp_removed_without_corpse_and_the_kill_objective_counts():
    """SAS-AVEH-12: the motorcycle (3 HP) under a Lewes-bomb-sized blast with 4 successes is destroyed by three and
    removed (no corpse); the fourth goes to the rifleman further from the centre (D-BLAST-1). A kill objective
    naming the vehicle is achieved."""
    rt = runtime(OPEN)
    spec = ObjectiveSpec.model_validate({"id": "moto", "kind": "kill", "title": {"en": "Moto"}, "units": ["m"]})
    rt.mission = rt.mission.model_copy(update={"objectives": [spec]})
    st = state(rt, [op("jock", (0, 19))], [unit("m", "motorcycle", (5, 8), "N"), unit("r", "rifle", (7, 9), "N")])
    ctx = Ctx(st, Roller(st.dice, (2, 2, 2, 2, 1, 1)))
    blast(ctx, (6, 8), 6, 2, what="A Lewes bomb", rule="SAS-EQ-5", source="lewes_bomb")
    assert ctx.state.unit("m") is None and ctx.state.unit("r") is None
    corpses = [o.loc for o in ctx.state.objects if o.kind == "corpse"]
    assert corpses == [(7, 9)]
    destroyed = next(e for e in ctx.events if e.kind == "vehicle_destroyed")
    assert destroyed.rule_id == "SAS-AVEH-12"
    assert "moto" in turn.achieved(ctx.state)


def test_sas_eq_2_sten_sweep_damages_the_vehicle_then_units_next_to_it():
    """SAS-EQ-2 with SAS-AVEH-12 (D-VDMG-2): every Sten success goes to the motorcycle until it is destroyed, the
    rest to units next to its token; at an armoured half-track the successes go to its neighbours."""
    units = [unit("m", "motorcycle", (5, 6), "N", alert=True), unit("s", "smg", (4, 6), "N", alert=True)]
    st = activate(state(runtime(OPEN), [op("paddy", (5, 2), hp=9)], units), "paddy")
    sten = Attack(side="sas", operator="paddy", weapon="sten", target="m")
    after, events = _apply(st, sten, dice=(6, 6, 3, 1, 1, 1, 1, 1))
    assert after.unit("m").damage == 2 and after.unit("s") is not None  # 3 + 1 misses the 5+: 2 successes
    after, events = _apply(st.with_unit("m", damage=1), sten, dice=(6, 6, 6))
    assert after.unit("m") is None and after.unit("s") is None  # 2 destroy the damaged motorcycle, 1 kills the SMG
    after, events = _apply(st, sten, dice=(6, 6, 6, 1, 1))
    assert after.unit("m") is None and after.unit("s") is not None  # 3 successes, 3 HP: none left for the SMG
    st = state(
        runtime(OPEN),
        [op("paddy", (5, 2), hp=9)],
        [unit("h", "halftrack", (5, 6), "N", alert=True), unit("s", "smg", (4, 6), "N", alert=True)],
    )
    st = activate(st, "paddy")
    after, events = _apply(st, Attack(side="sas", operator="paddy", weapon="sten", target="h"), dice=(6, 1, 1, 1, 1, 1))
    assert after.unit("h").damage == 0 and after.unit("s") is None  # the success goes to the SMG next to it
    assert any(e.kind == "no_effect" for e in events)


def test_sas_knife_1_no_assassination_of_a_vehicle():
    """SAS-KNIFE-1: only foot infantry can be knifed; a vehicle cannot, even from behind."""
    st = state(runtime(OPEN), [op("jock", (5, 11))], [unit("m", "motorcycle", (5, 8), "N")])
    st = activate(st, "jock")
    knives = [c for c in SYSTEM.legal_commands(st) if getattr(c, "weapon", "") == "knife"]
    assert knives == []
    with pytest.raises(IllegalCommandError) as err:
        _apply(st, Attack(side="sas", operator="jock", weapon="knife", target="m", move_to=(5, 10)))
    assert "SAS-KNIFE-1" in str(err.value)


def test_sas_eq_4_8_a_vehicle_sets_off_a_mine_under_its_token_but_not_a_trap():
    """SAS-EQ-8: a landmine under any square of the token goes off (4 rolls at 2+: rolls 2, 2, 1, 1 -> 2 damage);
    SAS-EQ-4: traps do not affect vehicles."""
    st = state(runtime(OPEN), [op("jock", (0, 19))], [unit("m", "motorcycle", (5, 8), "N")])
    st = st.with_object(ObjectState("t1", "trap", (5, 8))).with_object(ObjectState("l1", "landmine", (6, 9)))
    ctx = Ctx(st, Roller(st.dice, (2, 2, 1, 1)))
    assert not stepped_on(ctx, "m")
    assert ctx.state.unit("m").damage == 2
    assert ctx.state.obj("t1") is not None and ctx.state.obj("l1") is None


def test_attack_hint_counts_range_to_the_nearest_square_and_shows_hp_left():
    """SAS-ATK-2 with SAS-AVEH-12: range to a vehicle counts to its nearest square; the hint tells the HP left."""
    st = state(runtime(OPEN), [op("jock", (5, 2))], [unit("m", "motorcycle", (5, 6), "N", damage=1)])
    st = activate(st, "jock")
    info = describe_command(st, Attack(side="sas", operator="jock", weapon="pistol", target="m"))
    text = info.hint.render() if info.hint else ""
    assert "SAS-ATK-2" in text and "2 of 3 HP left" in text
