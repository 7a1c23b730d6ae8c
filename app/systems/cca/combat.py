"""Battle results common to every roll (rulebook chapters 8, 10 "Score hits" and 11 "Bolster morale").

Removing blocks, eliminations and banners (CCA-HIT-7, CCA-VICTORY-2), the delayed loss of the warriors'
advantage (CCA-WAR-2), and the flags a unit may ignore (CCA-BOLSTER-1, CCA-BOLSTER-2, CCA-BOLSTER-3, CCA-BOLSTER-4,
CCA-BOLSTER-5, CCA-BOLSTER-6).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.systems.cca.board import rear_hexes
from app.systems.cca.leaders import casualty_check
from app.systems.cca.messages import Ctx
from app.systems.cca.state import Hex, State, Unit, other
from app.systems.cca.tables import class_name
from app.systems.cca.terrain import terrain_at
from app.systems.cca.view import side_name


def refresh_warriors(state: State, *units: Unit | None) -> State:
    """A warrior that lost a block loses its advantages now that it battles again (CCA-WAR-2)."""
    for unit in units:
        if unit is not None and unit.fresh and unit.blocks < unit.spec.blocks:
            state = state.with_unit(replace(unit, fresh=False))
    return state


def lose_blocks(state: State, ctx: Ctx, unit_id: str, hits: int, rule: str, *, check_leader: bool = True) -> State:
    """Remove up to ``hits`` blocks; the last one eliminates the unit and scores a banner (CCA-HIT-7)."""
    unit = state.unit(unit_id)
    if unit is None or hits <= 0:
        return state
    leader = state.attached_leader(unit)
    left = unit.blocks - hits
    if left > 0:
        ctx.say(
            "blocks_lost",
            t("{cls} loses {n} block(s), {left} left.", cls=class_name(unit.cls), n=hits, left=left),
            rule,
            at=(unit.hex,),
        )
        state = state.with_unit(replace(unit, blocks=left))
    else:
        ctx.say(
            "unit_eliminated",
            t(
                "{cls} is eliminated; {side} gains a banner.",
                cls=class_name(unit.cls),
                side=side_name(state, other(unit.side)),
            ),
            rule,
            at=(unit.hex,),
        )
        state = state.without(unit.id).add_banner(other(unit.side))
    if leader is not None and check_leader:
        state = casualty_check(state, ctx, leader, left <= 0)
    return state


def _support(state: State, unit: Unit) -> int:
    """Two adjacent friendly units (a lone leader counts as one) steady a unit (CCA-BOLSTER-3)."""
    if unit.spec.elephant:
        return 0
    near = set(state.runtime.grid.neighbours(unit.hex))
    friends = {u.hex for u in state.units if u.side == unit.side and u.hex in near}
    friends |= {x.hex for x in state.leaders if x.side == unit.side and x.hex in near}
    return 1 if len(friends) >= 2 else 0


def protected(state: State, unit: Unit, attacker_hex: Hex | None, entry_hex: Hex | None) -> bool:
    """Rampart/camp protection for a foot defender (CCA-RAMPART-1, CCA-CAMP-1)."""
    ter = terrain_at(state, unit.hex)
    if unit.spec.mounted or ter.protection == "none":
        return False
    if ter.protection == "all":
        return True
    grid = state.runtime.grid
    return entry_hex is not None and any(f.kind == "rampart_front" for f in grid.edge_features(unit.hex, entry_hex))


def ignorable_flags(
    state: State, unit: Unit, mode: str, entry_hex: Hex | None, by_cavalry: bool
) -> tuple[int, list[Text]]:
    """How many flags ``unit`` may ignore, and why (CCA-BOLSTER-1, CCA-BOLSTER-2, CCA-BOLSTER-3, CCA-BOLSTER-4,
    CCA-BOLSTER-5, CCA-BOLSTER-6); sources add up."""
    reasons: list[Text] = []
    count = 0
    if state.attached_leader(unit) is not None and not unit.spec.elephant:
        count += 1
        reasons.append(t("attached leader [CCA-BOLSTER-2]"))
    if _support(state, unit):
        count += 1
        reasons.append(t("supported by two friends [CCA-BOLSTER-3]"))
    ter = terrain_at(state, unit.hex)
    terrain_flags = ter.cc_ignore_flags if mode == "close" else ter.ranged_ignore_flags
    if terrain_flags and protected(state, unit, None, entry_hex):
        count += terrain_flags
        reasons.append(t("{terrain} [CCA-BOLSTER-4]", terrain=ter.name))
    if unit.fresh:
        count += 1
        reasons.append(t("full-strength warriors [CCA-BOLSTER-5]"))
    if unit.spec.elephant and by_cavalry and mode == "close":
        count += 1
        reasons.append(t("elephant vs cavalry/chariots [CCA-ELEPHANT-5]"))
    return count, reasons


def retreat_hexes(unit: Unit, flags: int, roller_cls: str | None) -> int:
    """Hexes to retreat for ``flags`` flags (CCA-RETREAT-1, CCA-RETREAT-9)."""
    per = unit.spec.retreat
    if roller_cls in ("CAM", "EL") and unit.spec.subtype in ("cavalry", "chariot"):
        per += 1
    return per * flags


def free_rear(state: State, unit: Unit, h: Hex) -> list[Hex]:
    """Rear hexes a retreating unit may step into (CCA-RETREAT-3, CCA-RETREAT-4, CCA-RETREAT-5, CCA-RETREAT-7)."""
    grid = state.runtime.grid
    found = []
    for nxt in rear_hexes(grid, h, unit.side):
        if not grid.contains(nxt) or terrain_at(state, nxt).impassable or state.unit_at(nxt) is not None:
            continue
        lead = state.leader_at(nxt)
        if lead is not None and (lead.side != unit.side or state.attached_leader(unit) is not None):
            continue
        found.append(nxt)
    return found
