"""Close combat (rulebook chapter 10): CCA-CC-1, CCA-CC-2, CCA-CC-3, CCA-CC-4, CCA-HIT-1, CCA-HIT-2, CCA-HIT-3,
CCA-HIT-4, CCA-HIT-5, CCA-HIT-6, CCA-HIT-7, CCA-HIT-8, CCA-BACK-1, CCA-BACK-2, CCA-BACK-3, CCA-BACK-4, CCA-BACK-5,
CCA-BACK-6, CCA-WAR-1, CCA-WAR-2, CCA-WAR-3, CCA-CAMEL-1, CCA-CAMEL-2, CCA-CAMEL-3, CCA-CHARIOT-1, CCA-CHARIOT-2,
CCA-ELEPHANT-1, CCA-ELEPHANT-2, CCA-ELEPHANT-3, CCA-ELEPHANT-4, CCA-ELEPHANT-5, CCA-ELEPHANT-6, and attacks on lone
leaders (CCA-LEADER-6).

A close combat is a chain of tasks: the defender may evade (chapter 12), the attacker rolls, hits and
flags are applied, then either momentum advance (chapter 12) or battle back follows.
"""

from __future__ import annotations

from dataclasses import replace

from app.core import flow
from app.core.i18n import t
from app.core.ruling import Ruling
from app.systems.cca.battledice import Strike, roll, score
from app.systems.cca.combat import lose_blocks, protected, refresh_warriors
from app.systems.cca.leaders import eliminate_leader, leader_near, lone
from app.systems.cca.messages import Ctx
from app.systems.cca.ranged import queue_flags
from app.systems.cca.state import TASKS, Hex, Leader, State, Task, Unit
from app.systems.cca.tables import cards, class_name
from app.systems.cca.terrain import DiceCount, close_dice, terrain_at

CAVALRY_OR_CHARIOT = ("cavalry", "chariot")
BONUS, VACATED, NO_MOMENTUM, NO_BACK = 1, 2, 4, 8


def close_targets(state: State, unit: Unit) -> list[Hex]:
    """Adjacent enemy units and lone enemy leaders (CCA-CC-1, CCA-LEADER-6) that ``unit`` would roll at least one
    die against: an attack of zero or fewer dice is not offered (CCA-DICECOUNT-1, CCA-CAMP-4)."""
    near = set(state.runtime.grid.neighbours(unit.hex))
    found = [u.hex for u in state.units if u.side != unit.side and u.hex in near]
    found += [x.hex for x in state.leaders if x.side != unit.side and x.hex in near and lone(state, x)]
    return [h for h in found if _dice_at(state, unit, h) > 0]


def _dice_at(state: State, attacker: Unit, target_hex: Hex) -> int:
    """How many dice ``attacker`` would roll in a close combat against the piece at ``target_hex``
    (CCA-DICECOUNT-1); 0 or fewer: it may not attack it."""
    target = state.unit_at(target_hex)
    if target is not None:
        return attack_dice(state, attacker, target).count
    leader = state.leader_at(target_hex)
    return 0 if leader is None else attack_dice(state, attacker, leader).count


def strike_for(state: State, attacker: Unit, target: Unit | Leader, evading: bool = False) -> Strike:
    """How the attacker's dice score against ``target`` (Table E, CCA-HIT-1, CCA-HIT-2, CCA-HIT-3, CCA-HIT-4, CCA-HIT-5,
    CCA-HIT-6)."""
    rules = state.runtime.model.rules
    if isinstance(target, Leader):
        return Strike("close", None)
    by_cav = attacker.spec.subtype in CAVALRY_OR_CHARIOT
    ignore_colour = 1 if by_cav and target.spec.subtype in ("camel", "elephant") else 0
    if evading:  # only the evader's symbol hits; camels still shrug off one blue from horses (CCA-CAMEL-2 [INTERP])
        return Strike("evade", target.spec.hit_face, ignore_colour=ignore_colour)
    ignore_swords = target.spec.ignores_sword_hits
    if protected(state, target, attacker.hex, attacker.hex):
        ignore_swords += terrain_at(state, target.hex).cc_ignore_swords
    return Strike(
        "close",
        target.spec.hit_face,
        swords_hit=attacker.spec.swords_hit,
        helmets_hit=not attacker.spec.elephant and leader_near(state, attacker),
        ignore_swords=ignore_swords,
        ignore_colour=ignore_colour,
        chain=attacker.spec.elephant,
        chain_ignored=rules.ignored_swords_reroll,
    )


def attack_dice(
    state: State, attacker: Unit, target: Unit | Leader, battle_back: bool = False, first_strike: bool = False
) -> DiceCount:
    """Dice for a close-combat roll, with the card bonus on the active side's attacks (CCA-DICECOUNT-1)."""
    bonus = (
        cards()[state.turn.card or "two_centre"].cc_bonus if attacker.side == state.active and not battle_back else 0
    )
    return close_dice(
        state,
        attacker,
        target,
        battle_back=battle_back and not first_strike,
        first_strike=first_strike,
        card_bonus=bonus,
    )


def may_first_strike(state: State, defender: Unit) -> bool:
    """Whether the attacked unit's owner holds First Strike (it is played out of turn, CCA-CARD-4, D14)."""
    return defender.side != state.active and any(cards()[c].tactic == "first_strike" for c in state.hand(defender.side))


def evade_allowed(attacker: Unit, defender: Unit) -> bool:
    """Whether ``defender`` may evade ``attacker`` (CCA-EVADE-2, CCA-EVADE-3)."""
    rule = defender.spec.evade
    heavy_mounted = attacker.spec.code in ("HC", "HCH", "EL")
    foot = attacker.spec.category == "foot"
    return (
        rule == "always"
        or (rule == "vs_foot_and_heavy_mounted" and (foot or heavy_mounted))
        or (rule == "vs_foot_and_elephants" and (foot or attacker.spec.elephant))
    )


def declare(state: State, ctx: Ctx, attacker: Unit, target_hex: Hex, bonus: bool) -> State:
    """Declare a close combat (CCA-CC-2 step 1): a lone leader is attacked at once; an eligible unit may evade."""
    defender = state.unit_at(target_hex)
    state = refresh_warriors(state, attacker, defender)
    attacker = state.unit(attacker.id) or attacker
    if defender is None:
        leader = state.leader_at(target_hex)
        assert leader is not None
        return _attack_leader(state, ctx, attacker, leader)
    defender = state.unit(defender.id) or defender
    flag = BONUS if bonus else 0
    kind = "evade" if evade_allowed(attacker, defender) else "first_strike" if may_first_strike(state, defender) else ""
    if kind:
        task = Task(kind, defender.side, defender.id, other=attacker.id, extra=flag, origin=defender.hex)
        return flow.push(TASKS, state, task)
    return attack(state, ctx, attacker.id, defender.id, flag)


def _attack_leader(state: State, ctx: Ctx, attacker: Unit, leader: Leader) -> State:
    """A lone leader attacked in close combat: the unit rolls its normal dice for this battle, the card's extra
    die included as in fire at a lone leader (CCA-LEADER-6, CCA-TERRAIN-1); one helmet kills, else he evades."""
    count = attack_dice(state, attacker, leader)
    strike = Strike("close", None)
    result = score(roll(ctx.roller, count.count, strike, t("close combat")), strike)
    title = t("{cls} attacks leader {name}", cls=class_name(attacker.cls), name=state.leader_name(leader))
    ruling = Ruling(
        title=title,
        rule_id="CCA-LEADER-6",
        dice=result.dice,
        modifiers=count.modifiers,
        result=t("hit") if result.hits else t("missed: he must evade"),
    )
    ctx.say("rolled", title, "CCA-LEADER-6", ruling, (attacker.hex, leader.hex))
    if result.hits:
        return eliminate_leader(state, ctx, leader, "CCA-LEADER-6")
    return flow.push(TASKS, state, Task("leader_evade", leader.side, leader.id))


def attack(  # noqa: PLR0917
    state: State, ctx: Ctx, attacker_id: str, defender_id: str, flags: int, evaded_from: Hex | None = None
) -> State:
    """The attacker rolls against a standing or evading defender (CCA-CC-2 steps 3–6, CCA-EVADE-5)."""
    attacker, defender = state.unit(attacker_id), state.unit(defender_id)
    if attacker is None or defender is None:
        return state
    origin = evaded_from or defender.hex
    count = attack_dice(state, attacker, replace(defender, hex=origin))
    strike = strike_for(state, attacker, defender, evading=evaded_from is not None)
    result = score(roll(ctx.roller, count.count, strike, t("close combat")), strike)
    title = t("{a} battles {d}", a=class_name(attacker.cls), d=class_name(defender.cls))
    ruling = Ruling(
        title=title,
        rule_id="CCA-CC-2",
        dice=result.dice,
        modifiers=count.modifiers,
        result=t("{h} hit(s), {f} flag(s)", h=result.hits, f=result.flags),
        notes=result.notes,
    )
    ctx.say("rolled", title, "CCA-CC-2", ruling, (attacker.hex, origin))
    rest, state = flow.set_aside(TASKS, state)
    state = lose_blocks(state, ctx, defender.id, result.hits, "CCA-HIT-7")
    if evaded_from is not None:
        state = _war_machine_gone(state, ctx, defender.id)
        return flow.resume(TASKS, state, rest)
    state = queue_flags(state, ctx, defender.id, result.flags, "close", attacker.hex, attacker.cls)
    after = Task("after_attack", attacker.side, attacker.id, other=defender.id, extra=flags, origin=origin)
    return flow.resume(TASKS, state, rest, after)


def _war_machine_gone(state: State, ctx: Ctx, unit_id: str) -> State:
    """An evading war machine that survives is removed without a banner (CCA-EVADE-7)."""
    unit = state.unit(unit_id)
    if unit is None or not unit.spec.war_machine:
        return state
    ctx.say("removed", t("The war machine is abandoned (no banner)."), "CCA-EVADE-7", at=(unit.hex,))
    return state.without(unit.id)


def battle_back(state: State, ctx: Ctx, defender_id: str, attacker_id: str, first: bool = False) -> State:
    """The defender battles back, resolved like an attack; no evade, no momentum (CCA-BACK-1, CCA-BACK-2, CCA-BACK-3,
    CCA-BACK-4, CCA-BACK-5, CCA-BACK-6).

    With ``first`` it is a First Strike, rolled before the attacker with the same dice (CCA-CARD-4, D14).
    """
    defender, attacker = state.unit(defender_id), state.unit(attacker_id)
    if defender is None or attacker is None:
        return state
    count = attack_dice(state, defender, attacker, battle_back=True, first_strike=first)
    strike = strike_for(state, defender, attacker)
    result = score(roll(ctx.roller, count.count, strike, t("First Strike") if first else t("battle back")), strike)
    names = {"d": class_name(defender.cls), "a": class_name(attacker.cls)}
    title = t("{d} strikes first against {a}", **names) if first else t("{d} battles back against {a}", **names)
    ruling = Ruling(
        title=title,
        rule_id="CCA-CARD-4" if first else "CCA-BACK-4",
        dice=result.dice,
        modifiers=count.modifiers,
        result=t("{h} hit(s), {f} flag(s)", h=result.hits, f=result.flags),
        notes=result.notes,
    )
    ctx.say("rolled", title, ruling.rule_id, ruling, (defender.hex, attacker.hex))
    rest, state = flow.set_aside(TASKS, state)
    state = lose_blocks(state, ctx, attacker.id, result.hits, "CCA-HIT-7")
    state = queue_flags(state, ctx, attacker.id, result.flags, "close", defender.hex, defender.cls)
    return flow.resume(TASKS, state, rest)


def may_battle_back(state: State, defender_id: str, attacker_id: str, origin: Hex | None) -> bool:
    """A surviving defender still in its hex, next to the attacker, may battle back (CCA-BACK-1, CCA-BACK-2,
    CCA-BACK-3)."""
    defender, attacker = state.unit(defender_id), state.unit(attacker_id)
    if defender is None or attacker is None or defender.hex != origin:
        return False
    return (
        attacker.hex in state.runtime.grid.neighbours(defender.hex)
        and attack_dice(state, defender, attacker, True).count > 0
    )


__all__ = [
    "BONUS",
    "NO_BACK",
    "NO_MOMENTUM",
    "VACATED",
    "attack",
    "battle_back",
    "close_targets",
    "declare",
    "may_battle_back",
    "may_first_strike",
]
