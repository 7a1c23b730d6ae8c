"""Terrain (rulebook chapter 15) and the dice count (CCA-DICECOUNT-1).

Effects are read from ``data/terrain.json`` (Table F); this module only asks the table. Rule IDs:
CCA-TERRAIN-1, CCA-TERRAIN-2, CCA-FOREST-1, CCA-FOREST-2, CCA-FOREST-3, CCA-FOREST-4, CCA-HILL-1, CCA-HILL-2,
CCA-HILL-3, CCA-HILL-4, CCA-BROKEN-1, CCA-BROKEN-2, CCA-BROKEN-3, CCA-SEA-1, CCA-RIVER-1, CCA-RAMPART-1, CCA-RAMPART-2,
CCA-RAMPART-3, CCA-RAMPART-4, CCA-CAMP-1, CCA-CAMP-2, CCA-CAMP-3, CCA-CAMP-4, CCA-CAMP-5, CCA-FORD-1, CCA-FORD-2,
CCA-FORD-3, CCA-FORD-4, CCA-DICECOUNT-1, CCA-WAR-1, CCA-ELEPHANT-2, CCA-CAMEL-1, CCA-CHARIOT-2.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.i18n import Text, t
from app.core.ruling import Modifier
from app.systems.cca.state import Hex, Leader, State, Unit
from app.systems.cca.tables import TerrainSpec, UnitClass, terrain, unit_table


def terrain_at(state: State, h: Hex) -> TerrainSpec:
    """The terrain of hex ``h``."""
    return terrain(state.runtime.grid.terrain(h))


def may_enter(state: State, spec: UnitClass, h: Hex) -> bool:
    """Whether a unit of class ``spec`` may enter ``h`` at all (CCA-SEA-1, CCA-RIVER-1, CCA-BROKEN-1)."""
    if not state.runtime.grid.contains(h):
        return False
    ter = terrain_at(state, h)
    return not ter.impassable and spec.subtype not in ter.forbidden


def stops(state: State, spec: UnitClass, h: Hex) -> bool:
    """Whether entering ``h`` ends the move (CCA-FOREST-1, CCA-BROKEN-1, CCA-FORD-1)."""
    ter = terrain_at(state, h)
    return ter.stop == "all" or (ter.stop == "mounted" and spec.mounted)


def may_battle_after_entering(state: State, unit: Unit) -> bool:
    """Whether terrain entered this turn lets the unit battle (CCA-FOREST-2, CCA-BROKEN-2, CCA-FORD-2)."""
    if state.turn.moved_by(unit.id) == 0:
        return True
    ter = terrain_at(state, unit.hex)
    if ter.battle_on_entry == "listed":
        return unit.spec.battles_after_entering_forest
    if ter.battle_on_entry == "foot":
        return not unit.spec.mounted or state.runtime.model.rules.broken_mounted_may_battle
    return True


@dataclass(frozen=True)
class DiceCount:
    """How many dice a battle rolls, with every step explained."""

    count: int
    modifiers: tuple[Modifier, ...]


def _cap(found: list[tuple[int, Text, str]], value: int | None, reason: Text, rule: str) -> None:
    if value is not None:
        found.append((value, reason, rule))


def close_caps(state: State, attacker: Unit, target_hex: Hex) -> list[tuple[int, Text, str]]:
    """Every terrain maximum on a close-combat roll (CCA-FOREST-3, CCA-BROKEN-3, CCA-FORD-3, CCA-HILL-2, CCA-HILL-3,
    CCA-HILL-4)."""
    found: list[tuple[int, Text, str]] = []
    own, there = terrain_at(state, attacker.hex), terrain_at(state, target_hex)
    _cap(found, own.cc_cap, t("battling out of {terrain}", terrain=own.name), own.rule)
    if state.runtime.model.rules.cap_two_way:
        _cap(found, there.cc_cap, t("battling into {terrain}", terrain=there.name), there.rule)
    if own.hill:
        cap = own.cc_cap_from_in_mounted if attacker.spec.mounted else own.cc_cap_from_in_foot
        rule = "CCA-HILL-4" if attacker.spec.mounted else "CCA-HILL-3"
        _cap(found, cap, t("battling from a hill"), rule)
    elif there.hill:
        _cap(found, there.cc_cap_into_from_below, t("battling up onto a hill"), "CCA-HILL-2")
    return found


def ranged_caps(state: State, firer: Unit, target_hex: Hex) -> list[tuple[int, Text, str]]:
    """Every terrain maximum on ranged fire (CCA-FOREST-4, CCA-FORD-3)."""
    found: list[tuple[int, Text, str]] = []
    own, there = terrain_at(state, firer.hex), terrain_at(state, target_hex)
    _cap(found, there.ranged_cap_target_in, t("target in {terrain}", terrain=there.name), "CCA-FOREST-4")
    _cap(found, own.ranged_cap_firer_in, t("firing from {terrain}", terrain=own.name), "CCA-FORD-3")
    return found


def apply_steps(  # noqa: PLR0917
    base: int,
    base_reason: Text,
    base_rule: str,
    caps: list[tuple[int, Text, str]],
    state: State,
    unit: Unit,
    card_bonus: int,
) -> DiceCount:
    """Base dice → lowest cap → camp −1 → card dice (CCA-DICECOUNT-1)."""
    mods = [Modifier(value=base, reason=base_reason, rule_id=base_rule)]
    count = base
    if caps:
        cap, reason, rule = min(caps, key=lambda c: c[0])
        if cap < count:
            mods.append(
                Modifier(value=cap - count, reason=t("at most {cap}: {why}", cap=cap, why=reason), rule_id=rule)
            )
            count = cap
    ter = terrain_at(state, unit.hex)
    if ter.dice_modifier_in:
        mods.append(
            Modifier(value=ter.dice_modifier_in, reason=t("battling from a fortified camp"), rule_id="CCA-CAMP-4")
        )
        count += ter.dice_modifier_in
    if card_bonus and count > 0:
        mods.append(Modifier(value=card_bonus, reason=t("command card bonus (not capped)"), rule_id="CCA-TERRAIN-1"))
        count += card_bonus
    return DiceCount(max(0, count), tuple(mods))


def base_close_dice(
    attacker: Unit, target: Unit | Leader, battle_back: bool, first_strike: bool
) -> tuple[int, Text, str]:
    """Base close-combat dice for the class and situation (Table B)."""
    spec = attacker.spec
    if spec.elephant:
        key = target.cls if isinstance(target, Unit) else "leader"
        return unit_table().elephant_dice_vs[key], t("elephant mirrors the opponent"), "CCA-ELEPHANT-2"
    assert spec.cc_dice is not None and spec.cc_dice_battle_back is not None and spec.cc_dice_first_strike is not None
    if attacker.fresh:
        return spec.cc_dice + 1, t("full-strength warriors +1 die"), "CCA-WAR-1"
    if battle_back or first_strike:
        base = spec.cc_dice_battle_back if battle_back else spec.cc_dice_first_strike
        rule = {"CAM": "CCA-CAMEL-1", "HCH": "CCA-CHARIOT-2"}.get(spec.code, "CCA-BACK-5")
        return base, t("{cls} battling back", cls=spec.name), rule
    return spec.cc_dice, t("{cls} close combat", cls=spec.name), "CCA-CC-4"


def close_dice(
    state: State,
    attacker: Unit,
    target: Unit | Leader,
    *,
    battle_back: bool = False,
    first_strike: bool = False,
    card_bonus: int = 0,
    escape: bool = False,
) -> DiceCount:
    """Close-combat dice of ``attacker`` against ``target`` (CCA-DICECOUNT-1).

    During a leader escape the unit rolls its normal dice and the leader has no terrain protection
    (CCA-ESCAPE-2, Q17): no caps, no camp die, no card dice.
    """
    base, reason, rule = base_close_dice(attacker, target, battle_back, first_strike)
    if escape:
        return DiceCount(base, (Modifier(value=base, reason=reason, rule_id="CCA-ESCAPE-2"),))
    caps = close_caps(state, attacker, target.hex)
    return apply_steps(base, reason, rule, caps, state, attacker, card_bonus)
