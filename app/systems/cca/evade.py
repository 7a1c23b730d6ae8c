"""Special actions (rulebook chapter 12): evade, leader evade and escape, momentum advance, bonus close
combat. Rule IDs: CCA-EVADE-1, CCA-EVADE-2, CCA-EVADE-3, CCA-EVADE-4, CCA-EVADE-5, CCA-EVADE-6, CCA-EVADE-7,
CCA-EVADE-8, CCA-LEVADE-1, CCA-LEVADE-2, CCA-LEVADE-3, CCA-LEVADE-4, CCA-LEVADE-5, CCA-LEVADE-6, CCA-ESCAPE-1,
CCA-ESCAPE-2, CCA-ESCAPE-3, CCA-ESCAPE-4, CCA-ESCAPE-5, CCA-MOMENTUM-1, CCA-MOMENTUM-2, CCA-MOMENTUM-3, CCA-MOMENTUM-4,
CCA-MOMENTUM-5, CCA-BONUS-1, CCA-BONUS-2, CCA-BONUS-3, CCA-BONUS-4.
"""

from __future__ import annotations

from app.core.i18n import t
from app.core.ruling import Ruling
from app.systems.cca.battledice import Strike, roll, score
from app.systems.cca.board import on_baseline, rear_hexes
from app.systems.cca.combat import free_rear
from app.systems.cca.leaders import eliminate_leader, lone
from app.systems.cca.messages import Ctx
from app.systems.cca.state import Hex, Leader, State, Unit
from app.systems.cca.tables import class_name
from app.systems.cca.terrain import close_dice, terrain_at

Path = tuple[Hex, ...]


def evade_options(state: State, unit: Unit) -> dict[Hex, int]:
    """Evade destinations: 2 hexes toward its own side, 1 only if 2 cannot be made (CCA-EVADE-4)."""
    one: dict[Hex, int] = {}
    two: dict[Hex, int] = {}
    for first in free_rear(state, unit, unit.hex):
        if state.leader_at(first) is not None:  # a lone friendly leader ends the evade ([INTERP])
            one[first] = 1
            continue
        one[first] = 1
        for second in free_rear(state, unit, first):
            two[second] = 2
    return two or one


def leader_paths(state: State, leader: Leader) -> list[tuple[Path, bool]]:
    """A leader's evade paths of 1–3 hexes toward his side, or off his baseline (CCA-LEVADE-1, CCA-LEVADE-2,
    CCA-LEVADE-3, CCA-LEVADE-4, CCA-LEVADE-5, CCA-LEVADE-6).

    Paths through enemy units are offered beside clear ones: in the rulebook's figure 2 the leader could
    stop in the empty hex behind him but goes on through an enemy unit to reach a friend (CCA-ESCAPE-1, CCA-ESCAPE-2,
    CCA-ESCAPE-3, CCA-ESCAPE-4, CCA-ESCAPE-5). Only a lone enemy leader bars the way; an enemy unit (with or without a
    leader) is escaped through.
    """
    grid, found = state.runtime.grid, []
    frontier: list[Path] = [()]
    for _ in range(3):
        nxt: list[Path] = []
        for path in frontier:
            here = path[-1] if path else leader.hex
            if on_baseline(grid, here, leader.side):
                found.append((path, True))
                continue
            for h in rear_hexes(grid, here, leader.side):
                if not grid.contains(h) or terrain_at(state, h).impassable:
                    continue
                lead = state.leader_at(h)
                if lead is not None and lead.side != leader.side and lone(state, lead):
                    continue
                nxt.append((*path, h))
        frontier = nxt
        found += [(p, False) for p in nxt if _may_end(state, leader, p[-1])]
    return sorted(set(found))


def _may_end(state: State, leader: Leader, h: Hex) -> bool:
    unit, other = state.unit_at(h), state.leader_at(h)
    return other is None and (unit is None or unit.side == leader.side)


def _enemies(state: State, leader: Leader, path: Path) -> list[Unit]:
    found = []
    for h in path:
        unit = state.unit_at(h)
        if unit is not None and unit.side != leader.side:
            found.append(unit)
    return found


def leader_evade(state: State, ctx: Ctx, leader: Leader, path: Path, off_board: bool) -> State:
    """Move an evading leader; each enemy unit passed rolls its normal dice, a helmet kills (CCA-ESCAPE-2,
    CCA-ESCAPE-3)."""
    for enemy in _enemies(state, leader, path):
        count = close_dice(state, enemy, leader, escape=True)
        strike = Strike("leader", None)
        result = score(roll(ctx.roller, count.count, strike, t("leader escape")), strike)
        title = t("{cls} tries to stop leader {name}", cls=class_name(enemy.cls), name=state.leader_name(leader))
        ruling = Ruling(
            title=title,
            rule_id="CCA-ESCAPE-2",
            dice=result.dice,
            modifiers=count.modifiers,
            result=t("hit") if result.hits else t("escapes"),
        )
        ctx.say("escape", title, "CCA-ESCAPE-2", ruling, (enemy.hex,))
        if result.hits:
            return eliminate_leader(state, ctx, leader, "CCA-ESCAPE-3")
    if off_board:
        ctx.say(
            "left",
            t("Leader {name} leaves the battlefield (no banner).", name=state.leader_name(leader)),
            "CCA-LEVADE-6",
            at=(leader.hex,),
        )
        return state.without(leader.id)
    from dataclasses import replace

    ctx.say(
        "leader_evaded",
        t("Leader {name} evades.", name=state.leader_name(leader)),
        "CCA-LEVADE-1",
        at=(leader.hex, path[-1]),
    )
    return state.with_leader(replace(leader, hex=path[-1]))


def no_path(state: State, ctx: Ctx, leader: Leader) -> State:
    """A leader that cannot evade even 1 hex is lost (CCA-LEVADE-5)."""
    return eliminate_leader(state, ctx, leader, "CCA-LEVADE-5")


def bonus_allowed(state: State, unit: Unit) -> bool:
    """Who may make a bonus close combat after advancing, and where (CCA-BONUS-1, CCA-BONUS-4)."""
    rule = unit.spec.bonus_close_combat
    ok = rule == "always" or (rule == "with_leader" and state.attached_leader(unit) is not None)
    allowed = terrain_at(state, unit.hex).bonus_after_advance
    return ok and (allowed is None or unit.cls in allowed)
