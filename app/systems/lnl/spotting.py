"""Spotting and exposure (LNL-SPOT-1, LNL-SPOT-2, LNL-SPOT-3, LNL-SPOT-4, LNL-SPOT-5, LNL-SPOT-6, LNL-SPOT-7,
LNL-SCOUT-2, LNL-STEALTH-2, LNL-CRAWL-2, LNL-FIRE-1, LNL-VEH-1, LNL-VEH-3)."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.hexgrid import Hex
from app.systems.lnl.forces import best_leader, enemies_adjacent, is_vehicle, lm
from app.systems.lnl.los import LosResult, trace
from app.systems.lnl.messages import Ctx
from app.systems.lnl.state import State, Unit
from app.systems.lnl.view_names import hex_name, unit_name

EXPOSING = ("moved", "assault_move", "fired")
NO_SPOT = ("moved", "fired", "ops_complete", "low_crawl", "stealth", "assault_move")
THRESHOLD = {"hinder": 3, "block": 2}


def spotted_marker(level: int) -> str:
    """The Spotted marker of one storey of a hex: each building storey is spotted on its own (LNL-FIRE-1,
    LNL-SPOT-2); ``spotted`` is the ground floor's (and the whole hex's outside buildings)."""
    return "spotted" if level == 0 else f"spotted@{level}"


def los(state: State, firer: Unit, h: Hex, level: int = 0) -> LosResult:
    """LOS from a unit to ``level`` of hex ``h`` (the one function, :func:`app.systems.lnl.los.trace`)."""
    assert firer.hex is not None
    smoke = frozenset(x for x, m in state.hex_markers if m in ("smoke1", "smoke2"))
    return trace(state.runtime, firer.hex, h, from_storey=firer.level, to_storey=level, smoke=smoke)


def exposed(state: State, unit: Unit) -> bool:
    """Whether ``unit`` may be fired on (LNL-SPOT-1): in open terrain (a stealth mover only when spotted,
    LNL-STEALTH-2; a low crawler that entered open ground is exposed, LNL-CRAWL-2), in a Spotted hex, in a hex
    with a Moved, Assault Move, Fired or Melee marker, or adjacent to a GO enemy unit."""
    h = unit.hex
    if h is None:
        return False
    if state.hex_has(h, spotted_marker(unit.level)) or state.hex_has(h, "melee"):
        return True
    if any(u.has(m) for u in state.at(h, unit.side) for m in EXPOSING):
        return True
    if state.moving is not None and unit.id in state.moving.units and state.moving.mode == "normal":
        return True
    if enemies_adjacent(state, h, unit.side):
        return True
    return state.runtime.terrain(h).open and not unit.has("stealth")


def hex_exposed(state: State, h: Hex, side: str, level: int = 0) -> bool:
    """Whether any unit of ``side`` on ``level`` of ``h`` is exposed (LNL-SPOT-2: a Spotted marker counts for all)."""
    return any(exposed(state, u) for u in state.at(h, side, level)) or any(
        exposed(state, u) for u in state.at(h, side) if is_vehicle(state, u)
    )


def spot_problem(state: State, spotter: Unit, h: Hex, level: int = 0) -> str:
    """Why ``spotter`` may not try to spot ``h``, or "" (LNL-SPOT-3, LNL-SPOT-4, LNL-VEH-1)."""
    if spotter.shaken or any(spotter.has(m) for m in NO_SPOT):
        return "LNL-SPOT-4"
    if is_vehicle(state, spotter) and spotter.buttoned:
        return "LNL-SPOT-4"
    if state.spec(spotter).cls in ("medic",) or spotter.hex is None:
        return "LNL-SPOT-4"
    if not los(state, spotter, h, level).clear:
        return "LNL-SPOT-3"
    return ""


def worth_spotting(state: State, spotter: Unit, h: Hex, level: int = 0) -> bool:
    """A hex with hidden enemy units worth a spotting roll (any terrain that leaves them hidden: hindering,
    blocking, or cover that is neither, such as a stream, LNL-SPOT-6)."""
    return any(u.side != spotter.side and not exposed(state, u) for u in state.at(h, level=level))


def spot(state: State, ctx: Ctx, spotter: Unit, h: Hex, level: int = 0) -> State:
    """Roll to spot ``h``: 1D6 + 1 per hindrance − LM − 2 for a scout; spotted on ≤ 3 in hindering and ≤ 2 in
    blocking terrain (LNL-SPOT-5, LNL-SPOT-6; other cover that hides, such as a stream, reads as hindering:
    docs/lnl-decisions.md); the spotter is Ops Complete either way (LNL-SPOT-7)."""
    sight = los(state, spotter, h, level)
    (natural,) = ctx.roller.roll(1, t("spotting {hex}", hex=hex_name(state, h, level)))
    mods = [Modifier(value=1, reason=t("hindrance"), rule_id="LNL-SPOT-5")] * sight.hindrances
    assert spotter.hex is not None
    leader = best_leader(state, state.at(spotter.hex, spotter.side))
    if leader is not None:
        why = t("leader {name}", name=unit_name(state, leader))
        mods.append(Modifier(value=-lm(state, leader), reason=why, rule_id="LNL-SPOT-5"))
    if state.spec(spotter).cls == "scout":
        mods.append(Modifier(value=-2, reason=t("scout"), rule_id="LNL-SCOUT-2"))
    total = natural + sum(m.value for m in mods)
    terrain = state.runtime.terrain(h)
    need = THRESHOLD["block" if terrain.los == "block" or state.runtime.storeys.get(h) else "hinder"]
    found = total <= need
    result = t("spotted: a Spotted marker goes on the hex") if found else t("not spotted")
    ruling = Ruling(
        title=t("{unit} tries to spot {hex}", unit=unit_name(state, spotter), hex=hex_name(state, h, level)),
        rule_id="LNL-SPOT-6",
        dice=(DieResult(natural=natural, modified=total, success=found),),
        target=need,
        modifiers=tuple(mods),
        result=result,
    )
    ctx.say("spot", ruling.title, "LNL-SPOT-6", ruling, at=(h,))
    if found:
        state = state.mark_hex(h, spotted_marker(level))
    return state.with_unit(replace(spotter, markers=tuple(sorted({*spotter.markers, "ops_complete"}))))
