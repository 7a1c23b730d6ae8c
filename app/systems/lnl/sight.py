"""The line of sight the window's LOS tool draws (``HasLineOfSight``; LNL-LOS-1, LNL-LOS-2, LNL-LOS-3, LNL-LOS-4,
LNL-LOS-6, LNL-SMOKE-3).

It is :func:`app.systems.lnl.los.trace` — the function fire, spotting and opportunity fire use — with the state's
smoke and the dragged unit's storey, turned into the neutral :class:`~app.core.line_of_sight.LosReport`: the hexes
crossed in order, the obstacle top of each (ground level plus woods or storeys; the end hexes show their ground,
LNL-LOS-2), the eye line from the firer's eye to the target, the hindrances counted before the line is blocked,
and the blocking hex with its rule ID.
"""

from __future__ import annotations

from typing import Any

from app.core.i18n import Text, t
from app.core.line_of_sight import LosReport
from app.geometry.hexgrid import Hex
from app.systems.lnl.los import LosResult, trace
from app.systems.lnl.state import State

SMOKE = ("smoke1", "smoke2")


def _hex(state: State, loc: Any) -> Hex | None:
    """``loc`` as a hex of the map, or ``None`` when it is not one."""
    if not (isinstance(loc, tuple) and len(loc) == 2 and all(isinstance(v, int) for v in loc)):
        return None
    return loc if state.runtime.grid.contains(loc) else None


def _storey(state: State, unit: str | None, at: Hex) -> int:
    """The building storey of the dragged unit when it stands in the origin hex (else the ground floor)."""
    found = next((u for u in state.units if u.id == unit), None)
    return found.level if found is not None and found.hex == at else 0


def line_of_sight(state: State, origin: Any, target: Any, unit: str | None = None) -> LosReport | None:
    """The line from ``origin`` to ``target`` as fire sees it now, or ``None`` when either is off the map."""
    a, b = _hex(state, origin), _hex(state, target)
    if a is None or b is None:
        return None
    smoke = frozenset(h for h, marker in state.hex_markers if marker in SMOKE)
    result = trace(state.runtime, a, b, from_storey=_storey(state, unit, a), smoke=smoke)
    return report(state, result)


def report(state: State, result: LosResult) -> LosReport:
    """A traced line as the window's neutral report."""
    runtime = state.runtime
    steps = list(result.steps)
    cut = next((i for i, s in enumerate(steps) if s.hexes[0] == result.blocked_at), len(steps))
    hindrances = tuple(s.hexes[0] for s in steps[: cut + 1] if s.effect == "hinder")
    cells = (result.origin, *(s.hexes[0] for s in steps), result.target)
    if result.origin == result.target:
        cells = (result.origin,)
    ends = (float(runtime.level(result.origin)), float(runtime.level(result.target)))
    levels = (ends[0], *(float(s.top) for s in steps), ends[1])[: len(cells)]
    return LosReport(
        origin=result.origin,
        target=result.target,
        cells=cells,
        levels=levels,
        eyes=(float(result.eye), float(result.aim)),
        hindrances=hindrances,
        blocker=result.blocked_at,
        rule_id=result.rule_id,
        text=_sentence(state, result, len(hindrances)),
    )


def _sentence(state: State, result: LosResult, hindrances: int) -> Text:
    grid = state.runtime.grid
    ends = {"origin": grid.label(result.origin), "target": grid.label(result.target)}
    if not result.clear:
        why = result.reason if result.reason is not None else t("blocked")
        return t("{origin} to {target}: blocked by {why}", why=why, **ends)
    if hindrances:
        return t("{origin} to {target}: clear, {n} hindrance(s) (each −1 to fire)", n=hindrances, **ends)
    return t("{origin} to {target}: clear", **ends)
