"""SAS core-box equipment with explicit dice: Move & Throw (SAS-ATK-4 with the grenade of SAS-EQ-6), the camo net
(SAS-EQ-12) and the rabbit's foot (SAS-EQ-11)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.messages import Crouch, Throw

from .board import activate, op, runtime, state, unit, with_defaults

OPEN = ["." * 12] * 12


def _apply(st, cmd, dice=(), cards=None):
    return with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, cards)))


def test_sas_atk_4_move_and_throw_move_first_costs_1_ap():
    """SAS-ATK-4 / SAS-EQ-6: the grenade is a one-use weapon, so it may be thrown as a Move & Attack. Jock steps
    from C11 to C10, then throws at C4 (6 away from C10, 7 from C11): rolls 2,2,1,1 kill both units; 1 AP."""
    rt = runtime(OPEN)
    units = [unit("a", "rifle", (2, 3), "N"), unit("b", "rifle", (3, 3), "N")]
    st = activate(state(rt, [op("jock", (2, 10))], units), "jock")
    cmd = Throw(side="sas", operator="jock", to=(2, 4), move_to=(2, 9))
    assert cmd in SYSTEM.legal_commands(st)
    assert Throw(side="sas", operator="jock", to=(2, 3)) not in SYSTEM.legal_commands(st)  # 7 away
    after, events = _apply(st, cmd, dice=(2, 2, 1, 1))
    assert after.op("jock").loc == (2, 9) and after.activation.ap == 3
    assert after.unit("a") is None and after.unit("b") is None
    kinds = [e.kind for e in events]
    assert kinds.index("operator_moved") < kinds.index("grenade")
    assert SYSTEM.describe(st, cmd).cost == "1 AP"


def test_sas_atk_4_move_and_throw_move_after():
    """SAS-ATK-4: throw first, then step back; the move is checked before the dice (an occupied square is refused)."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (2, 9))], [unit("a", "rifle", (2, 3), "N")]), "jock")
    cmd = Throw(side="sas", operator="jock", to=(2, 4), move_to=(2, 10), move_first=False)
    assert cmd in SYSTEM.legal_commands(st)
    after, events = _apply(st, cmd, dice=(5, 5, 5, 5))
    kinds = [e.kind for e in events]
    assert kinds.index("grenade") < kinds.index("operator_moved") and after.op("jock").loc == (2, 10)
    blocked = state(rt, [op("jock", (2, 9)), op("paddy", (2, 10))], [unit("a", "rifle", (2, 3), "N")])
    with pytest.raises(IllegalCommandError) as err:
        _apply(activate(blocked, "jock"), cmd)
    assert err.value.rule_id == "SAS-ATK-4"


def test_sas_act_2_no_move_and_throw_while_crouched():
    """SAS-ACT-2: Move & Attack is not in the crouched list; Stand & Throw is (1 AP)."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (2, 9))], [unit("a", "rifle", (2, 3), "N")]), "jock")
    st, _ = SYSTEM.apply(st, Crouch(side="sas", operator="jock"))
    cmd = Throw(side="sas", operator="jock", to=(2, 4), move_to=(2, 10), move_first=False)
    assert cmd not in SYSTEM.legal_commands(st)
    assert Throw(side="sas", operator="jock", to=(2, 4)) in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError) as err:
        _apply(st, cmd)
    assert err.value.rule_id == "SAS-ACT-2"


def _camo_board():
    rows = ["." * 10] * 4 + ["....T....."] + ["." * 10] * 5
    return runtime(rows)


def _netted(loc=(4, 4), **kw):
    items = (("camo_net", 1), ("grenade", 1))
    return op("jock", loc, items=items, **kw)


def test_sas_eq_12_camo_net_hides_a_standing_operator_in_forest():
    """SAS-EQ-12: Jock stands in the forest square E5 with a camo net; the rifleman 3 squares north looking south
    does not see him. Without the net, or carrying a corpse, or exposed, he is seen (SAS-TER-3: standing in forest
    is visible)."""
    from app.systems.sas.board.vision import sees_op

    st = state(_camo_board(), [_netted()], [unit("s", "rifle", (4, 1), "S")])
    sentry = st.unit("s")
    assert not sees_op(st, sentry, st.op("jock"))
    assert sees_op(st, sentry, op("jock", (4, 4)))
    assert sees_op(st, sentry, _netted(carrying="corpse1"))
    assert sees_op(st, sentry, _netted(exposed=True))
    assert sees_op(st, sentry, _netted(loc=(5, 4)))  # not in a forest square


def test_sas_eq_12_camo_net_seen_from_an_adjacent_square():
    """SAS-EQ-12 (D-EQ-5): an Axis unit next to him sees him (a unit entering an adjacent square)."""
    from app.systems.sas.board.vision import sees_op

    st = state(_camo_board(), [_netted()], [unit("s", "rifle", (4, 3), "S")])
    assert sees_op(st, st.unit("s"), st.op("jock"))


def test_sas_eq_12_attacking_lifts_the_camo_net():
    """SAS-EQ-12: when he attacks he can be seen: his pistol miss at the sentry 3 away (roll 1) exposes him to the
    other sentry watching the forest, and the net stays off once he is exposed."""
    from app.systems.sas.messages import Attack

    units = [unit("s", "rifle", (4, 1), "S"), unit("w", "rifle", (8, 4), "W")]
    st = activate(state(_camo_board(), [_netted()], units), "jock")
    moved, _ = SYSTEM.apply(st, Crouch(side="sas", operator="jock"))  # a free look: still unseen
    assert not moved.op("jock").exposed
    after, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"), dice=(1,))
    assert any(e.kind == "camo_lifted" and e.rule_id == "SAS-EQ-12" for e in events)
    assert after.op("jock").exposed and not after.op("jock").unveiled


def _lucky_jock(**kw):
    return op("jock", (2, 10), items=(("grenade", 1), ("rabbits_foot", 1)), **kw)


def test_sas_eq_11_rabbits_foot_turns_a_missed_shot_into_a_kill():
    """SAS-EQ-11: Jock's pistol at the sentry 6 away (5+) rolls 2: the roll waits; he uses his rabbit's foot on
    die 1, which becomes a 6: the sentry dies, the token is spent, the attack cost 1 AP once."""
    from app.systems.sas.messages import Attack, KeepRoll, UseRabbitsFoot

    rt = runtime(OPEN)
    st = activate(state(rt, [_lucky_jock()], [unit("s", "rifle", (2, 4), "E")]), "jock")
    paused, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"), dice=(2,))
    assert paused.pending is not None and paused.unit("s") is not None and paused.activation.ap == 4
    assert [e.kind for e in events] == ["lucky_roll"] and events[0].ruling.dice[0].natural == 2
    choices = SYSTEM.legal_commands(paused)
    use = UseRabbitsFoot(side="sas", operator="jock", die=1)
    assert set(choices) == {use, KeepRoll(side="sas", operator="jock")}
    assert SYSTEM.describe(paused, use).cost == "0 AP"
    with pytest.raises(IllegalCommandError) as err:
        SYSTEM.apply(paused, Crouch(side="sas", operator="jock"))
    assert err.value.rule_id == "SAS-EQ-11"
    after, events = SYSTEM.apply(paused, use)
    assert after.pending is None and after.unit("s") is None and after.activation.ap == 3
    assert after.op("jock").item_count("rabbits_foot") == 0
    assert events[0].kind == "rabbits_foot" and events[0].ruling.dice[0].natural == 6
    shot = next(e.ruling for e in events if e.kind == "attack")
    assert [d.natural for d in shot.dice] == [6] and shot.dice[0].success


def test_sas_eq_11_keep_the_roll_and_the_miss_stands():
    """SAS-EQ-11: keeping the roll resolves the miss: the sentry survives, turns and is alert (SAS-ATK-9)."""
    from app.systems.sas.messages import Attack, KeepRoll

    rt = runtime(OPEN)
    st = activate(state(rt, [_lucky_jock()], [unit("s", "rifle", (2, 4), "E")]), "jock")
    paused, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"), dice=(2,))
    after, _ = SYSTEM.apply(paused, KeepRoll(side="sas", operator="jock"))
    assert after.unit("s").alert and after.op("jock").item_count("rabbits_foot") == 1 and after.activation.ap == 3


def test_sas_eq_11_another_operators_foot_on_a_grenade_blast():
    """SAS-EQ-11: the foot may help another operator: Paddy's foot turns the 1 of Jock's grenade blast (4 rolls at
    2+) into a 6 — the second unit under the template dies too. Only failed dice are offered."""
    from app.systems.sas.messages import UseRabbitsFoot

    rt = runtime(OPEN)
    paddy = op("paddy", (5, 10), items=(("rabbits_foot", 1),))
    units = [unit("a", "rifle", (2, 5), "N"), unit("b", "rifle", (3, 5), "N")]
    st = activate(state(rt, [op("jock", (2, 10)), paddy], units), "jock")
    paused, _ = _apply(st, Throw(side="sas", operator="jock", to=(2, 5)), dice=(1, 1, 1, 3))
    offered = [c for c in SYSTEM.legal_commands(paused) if c.kind == "rabbits_foot"]
    assert [(c.operator, c.die) for c in offered] == [("paddy", 1), ("paddy", 2), ("paddy", 3)]
    after, _ = SYSTEM.apply(paused, UseRabbitsFoot(side="sas", operator="paddy", die=2))
    assert after.unit("a") is None and after.unit("b") is None
    assert after.op("paddy").item_count("rabbits_foot") == 0 and after.op("jock").item_count("grenade") == 0


def test_sas_eq_11_no_pause_when_a_six_would_not_help_or_no_foot():
    """SAS-EQ-11: a roll with no failed die, or with no rabbit's foot on the map, resolves at once."""
    from app.systems.sas.messages import Attack

    rt = runtime(OPEN)
    st = activate(state(rt, [_lucky_jock()], [unit("s", "rifle", (2, 4), "E")]), "jock")
    after, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"), dice=(5,))
    assert after.pending is None and after.unit("s") is None
    plain = activate(state(rt, [op("jock", (2, 10))], [unit("s", "rifle", (2, 4), "E")]), "jock")
    after, _ = _apply(plain, Attack(side="sas", operator="jock", weapon="pistol", target="s"), dice=(2,))
    assert after.pending is None and after.unit("s") is not None


def test_sas_eq_11_no_rabbits_foot_decision_without_a_roll_waiting():
    """SAS-EQ-11: Use the rabbit's foot / Keep the roll are refused, by rule, when no roll waits."""
    from app.systems.sas.messages import KeepRoll, UseRabbitsFoot

    st = activate(state(runtime(OPEN), [_lucky_jock()], []), "jock")
    for cmd in (UseRabbitsFoot(side="sas", operator="jock", die=1), KeepRoll(side="sas", operator="jock")):
        assert cmd not in SYSTEM.legal_commands(st)
        with pytest.raises(IllegalCommandError) as err:
            SYSTEM.apply(st, cmd)
        assert err.value.rule_id == "SAS-EQ-11"


def test_sas_eq_11_marked_attack_in_the_patrol_phase_waits_for_the_foot():
    """SAS-EQ-11 in an Axis phase: Jock's marked pistol shot at the white patrolman (natural 1 +2 marked +1 short = 4,
    5+ needed) misses; he holds a rabbit's foot, so the Axis step waits and the SAS player decides. Turning the die
    into a 6 kills the patrolman where he stands; the Axis step then goes on from there."""
    from app.systems.sas.messages import Mark, RunAxisStep, UseRabbitsFoot
    from app.systems.sas.mission import PatrolLine

    path = tuple((2, y) for y in range(11, -1, -1))
    rt = runtime(OPEN, lines={"w": PatrolLine("w", "white", path, ((path[0], "N"),), False)})
    patrol = unit("wp", "rifle", (2, 11), "N", role="patrolman", colour="white", line="w")
    st = activate(state(rt, [op("jock", (5, 11), items=(("rabbits_foot", 1),))], [patrol]), "jock")
    st, _ = _apply(st, Mark(side="sas", operator="jock", target="wp", weapon="pistol", facing="N"))
    from dataclasses import replace

    st = replace(st, phase="patrol", patrol_marker="white")
    assert SYSTEM.active_side(st) == "axis"
    paused, events = _apply(st, RunAxisStep(side="axis"), dice=(1,))
    assert paused.pending is not None and SYSTEM.active_side(paused) == "sas"
    assert [e.kind for e in events] == ["lucky_roll"]
    assert SYSTEM.legal_commands(paused, "axis") == []
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(paused, RunAxisStep(side="axis"))
    after, events = SYSTEM.apply(paused, UseRabbitsFoot(side="sas", operator="jock", die=1))
    assert after.pending is None and after.unit("wp") is None
    assert not after.op("jock").exposed and after.op("jock").item_count("rabbits_foot") == 0
    assert next(o for o in after.objects if o.kind == "corpse").loc == (2, 8)


def test_sas_eq_11_blind_throw_scatter_then_blast_three_decisions_in_one_command():
    """SAS-EQ-11 with SAS-EQ-7 / SAS-BLAST-3: any D6 of an operator's roll may become a 6. Jock's blind throw rolls
    2D6 = 1+2 for the scatter direction: Paddy's foot is offered on either die (both change the total); the roll is
    kept. The distance die 1 (1 square; a 6 would make it 3) waits too; kept. Then the blast (4 rolls at 2+) of
    1,1,1,1 waits again, and Paddy's foot turns die 4 into a 6. Three decisions, one command, the AP spent once."""
    from app.systems.sas.messages import KeepRoll, UseRabbitsFoot

    rows = ["." * 12] * 8 + ["..R" + "." * 9] + ["." * 12] * 3
    rt = runtime(rows)
    paddy = op("paddy", (9, 10), items=(("rabbits_foot", 1),))
    st = activate(state(rt, [op("jock", (2, 10)), paddy], [unit("u", "rifle", (5, 5), "N")]), "jock")
    first, events = _apply(st, Throw(side="sas", operator="jock", to=(2, 6)), dice=(1, 2))
    assert first.pending is not None and first.pending.target is None
    offered = sorted(c.die for c in SYSTEM.legal_commands(first) if c.kind == "rabbits_foot")
    assert offered == [1, 2] and events[0].ruling.dice[0].natural == 1
    distance, _ = _apply(first, KeepRoll(side="sas", operator="jock"), dice=(1,))
    assert distance.pending is not None and distance.pending.options == (1,)
    second, events = _apply(distance, KeepRoll(side="sas", operator="jock"), dice=(1, 1, 1, 1))
    assert second.pending is not None and second.pending.count == 4
    assert second.op("jock").item_count("grenade") == first.op("jock").item_count("grenade")  # nothing applied yet
    after, events = SYSTEM.apply(second, UseRabbitsFoot(side="sas", operator="paddy", die=4))
    assert after.pending is None and after.activation.ap == 3
    assert after.op("paddy").item_count("rabbits_foot") == 0 and after.op("jock").item_count("grenade") == 0
    blast = next(e.ruling for e in events if e.kind == "blast")
    assert [d.natural for d in blast.dice] == [1, 1, 1, 6]


def test_sas_eq_11_scatter_distance_die_offered_only_when_a_6_moves_it_further():
    """SAS-EQ-11 / SAS-BLAST-3: a small-scatter distance of 5 already gives 3 squares, as a 6 would: not offered.
    A distance of 1 (1 square) would become 3 squares: offered."""
    rows = ["." * 12] * 8 + ["..R" + "." * 9] + ["." * 12] * 3
    rt = runtime(rows)
    jock = op("jock", (2, 10), items=(("grenade", 1), ("rabbits_foot", 1)))
    st = activate(state(rt, [jock], []), "jock")
    after, _ = _apply(st, Throw(side="sas", operator="jock", to=(2, 6)), dice=(6, 6, 5, 2, 2, 2, 2))
    assert after.pending is None
    paused, _ = _apply(st, Throw(side="sas", operator="jock", to=(2, 6)), dice=(6, 6, 1))
    assert paused.pending is not None and paused.pending.count == 1 and paused.pending.options == (1,)


def test_sas_eq_11_lewes_bomb_blast_in_the_event_phase_waits_for_the_foot():
    """SAS-EQ-11: the blast roll of an operator's Lewes bomb going off in the Event phase is his roll too."""
    from app.core.dice import Roller
    from app.systems.sas.combat import blasts
    from app.systems.sas.combat.luck import LuckyRoll
    from app.systems.sas.context import Ctx
    from tests.support.positions import sas_state

    st = sas_state(
        {
            "phase": "event",
            "operators": [{"id": "jock", "at": "A12", "items": {"rabbits_foot": 1}}],
            "units": [{"id": "u", "kind": "rifle", "role": "sentry", "colour": "black", "at": "G7", "facing": "N"}],
            "objects": [{"id": "b1", "kind": "lewes_bomb", "at": "G6", "fuse": 1}],
        }
    )
    ctx = Ctx(st, Roller(st.dice, (1, 1, 1, 1, 1, 1)))
    with pytest.raises(LuckyRoll) as luck:
        blasts.detonate_bombs(ctx)
    assert luck.value.options == (1, 2, 3, 4, 5, 6) and luck.value.target == 2


def test_sas_eq_11_the_rabbits_foot_decision_is_in_every_view():
    """SAS-EQ-11 on the core flow: while the roll waits, every view (whoever looks) carries the SAS player's
    decision: its options are exactly the legal commands, worded, and keeping the roll is the default."""
    from app.systems.sas.messages import Attack, KeepRoll, UseRabbitsFoot

    rt = runtime(OPEN)
    st = activate(state(rt, [_lucky_jock()], [unit("s", "rifle", (2, 4), "E")]), "jock")
    paused, _ = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"), dice=(2,))
    decisions = [SYSTEM.view(paused, side).decision for side in (None, "sas", "axis")]
    decision = decisions[0]
    assert decision is not None and all(d == decision for d in decisions)
    assert decision.side == "sas" == SYSTEM.active_side(paused) and decision.rule_id == "SAS-EQ-11"
    assert decision.subject == "jock"
    assert decision.commands == list(SYSTEM.legal_commands(paused))
    keep = KeepRoll(side="sas", operator="jock")
    assert decision.commands == [UseRabbitsFoot(side="sas", operator="jock", die=1), keep]
    assert decision.default_command() == KeepRoll(side="sas", operator="jock")
    assert all(o.label.render("en") for o in decision.options)
    after, _ = SYSTEM.apply(paused, decision.default_command())
    assert SYSTEM.view(after, "sas").decision is None
