"""Line of sight with elevation (LNL-LOS-1, LNL-LOS-2, LNL-LOS-3, LNL-LOS-4, LNL-LOS-5, LNL-LOS-6, LNL-SMOKE-3).

:func:`trace` is the one function fire, spotting, opportunity fire, the bot and the window's LOS tool use. The
line runs from the centre of the firing hex to the centre of the target hex (``app.geometry.los.trace``); the
start and target hexes do not count (LNL-LOS-2); units never block (LNL-LOS-5).

Elevation (LNL-LOS-4, the text gives no rule: docs/lnl-decisions.md): the eye is at the ground level of its hex
plus its building storey; the line's height falls or rises evenly from eye to target. An intermediate hex
whose ground is above the line blocks (higher ground); otherwise its terrain acts only if its obstacle top
(ground + the terrain's height, a building's height per storey) is above the line: blocking terrain blocks,
hindering terrain (and smoke) hinders. So a unit on a hill sees over low terrain far from its target, but not
into a hex right behind a wood ("blind hex"). Each hindrance hex counts once and three of them block
(LNL-LOS-3). A line running exactly along a hexside takes the weaker of the two hexes (LNL-LOS-6).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, cast

from app.core.i18n import Text, t
from app.geometry.hexgrid import Hex
from app.geometry.los import trace as grid_trace
from app.systems.lnl.board import Runtime
from app.systems.lnl.tables import tables

Effect = Literal["clear", "hinder", "block"]
_RANK = {"clear": 0, "hinder": 1, "block": 2}
EPS = 1e-9


@dataclass(frozen=True)
class LosStep:
    """One hex (or hexside pair) the line crosses, for the profile drawing.

    Attributes:
        hexes: The hex crossed, or the two hexes a line along a hexside runs between.
        at: Fraction of the way from the firer (0) to the target (1).
        line: Height of the line there (levels).
        ground: Ground level of the hex.
        top: Obstacle top (ground + terrain height).
        effect: What it does to the line.
        reason: Why, for the player.
        rule_id: The rule applied.
    """

    hexes: tuple[Hex, ...]
    at: float
    line: float
    ground: int
    top: int
    effect: Effect
    reason: Text
    rule_id: str


@dataclass(frozen=True)
class LosResult:
    """The outcome of :func:`trace`.

    Attributes:
        origin: Firing hex. target: Target hex.
        eye: Height of the firer's eye (ground + storey). aim: Height of the target.
        steps: Every hex the line crosses, in order (the profile).
        hindrances: Hindrance hexes counted (LNL-LOS-3), each once.
        clear: Whether the target can be seen.
        blocked_at: The hex that blocks, if any.
        rule_id: The rule behind the block (or "LNL-LOS-1" when clear).
        reason: Why it is blocked, for the player.
    """

    origin: Hex
    target: Hex
    eye: int
    aim: int
    steps: tuple[LosStep, ...]
    hindrances: int
    clear: bool
    blocked_at: Hex | None
    rule_id: str
    reason: Text | None


def height(runtime: Runtime, h: Hex, storey: int = 0) -> int:
    """The height of a unit on ``storey`` of hex ``h``: its ground level plus the storey (LNL-LOS-4)."""
    return runtime.level(h) + storey


def _top(runtime: Runtime, h: Hex) -> int:
    terrain = runtime.terrain(h)
    per = runtime.storeys.get(h, 1) if terrain.building else 1
    return runtime.level(h) + terrain.height * per


CLEAR = t("clear")


def _judge(runtime: Runtime, h: Hex, line: float, smoke: frozenset[Hex]) -> tuple[Effect, Text, str]:
    terrain = runtime.terrain(h)
    ground = runtime.level(h)
    if ground <= line + EPS and (terrain.los == "clear" or _top(runtime, h) <= line + EPS) and h not in smoke:
        return "clear", CLEAR, "LNL-LOS-1"
    label = runtime.grid.label(h)
    if ground > line + EPS:
        return "block", t("higher ground in {hex}", hex=label), "LNL-LOS-4"
    if terrain.los != "clear" and _top(runtime, h) > line + EPS:
        word = t("{terrain} in {hex}", terrain=terrain.name, hex=label)
        return terrain.los, word, "LNL-LOS-3" if terrain.los == "hinder" else "LNL-LOS-1"
    if h in smoke:
        return "hinder", t("smoke in {hex}", hex=label), "LNL-SMOKE-3"
    return "clear", CLEAR, "LNL-LOS-1"


def _fraction(runtime: Runtime, a: Hex, b: Hex, h: Hex) -> float:
    grid = runtime.grid
    (ax, ay), (bx, by), (hx, hy) = grid.centre(a), grid.centre(b), grid.centre(h)
    dx, dy = bx - ax, by - ay
    return ((hx - ax) * dx + (hy - ay) * dy) / (dx * dx + dy * dy)


def trace(
    runtime: Runtime,
    from_hex: Hex,
    to_hex: Hex,
    *,
    from_storey: int = 0,
    to_storey: int = 0,
    smoke: frozenset[Hex] = frozenset(),
) -> LosResult:
    """Line of sight from a unit on ``from_storey`` of ``from_hex`` to ``to_storey`` of ``to_hex``.

    Args:
        runtime: The map.
        from_hex: Firing or spotting hex.
        to_hex: Target hex.
        from_storey: Building storey of the firer (0 = ground floor).
        to_storey: Building storey of the target.
        smoke: Hexes with smoke (each an extra hindrance when crossed, LNL-SMOKE-3).

    Returns:
        The profile, the hindrances counted and the blocking hex with its rule ID (cached: the map never changes).
    """
    return _cached(runtime, from_hex, to_hex, from_storey, to_storey, smoke)


@lru_cache(maxsize=20000)
def _cached(  # noqa: PLR0917 - the cache key is positional
    runtime: Runtime, from_hex: Hex, to_hex: Hex, from_storey: int, to_storey: int, smoke: frozenset[Hex]
) -> LosResult:
    return _trace(runtime, from_hex, to_hex, from_storey=from_storey, to_storey=to_storey, smoke=smoke)


def _trace(
    runtime: Runtime,
    from_hex: Hex,
    to_hex: Hex,
    *,
    from_storey: int = 0,
    to_storey: int = 0,
    smoke: frozenset[Hex] = frozenset(),
) -> LosResult:
    """The uncached :func:`trace`."""
    eye, aim = height(runtime, from_hex, from_storey), height(runtime, to_hex, to_storey)
    steps: list[LosStep] = []
    if from_hex != to_hex:
        for crossing in grid_trace(runtime.grid, from_hex, to_hex).crossings:
            hexes = tuple(cast(Hex, h) for h in crossing.locs if h not in (from_hex, to_hex))  # LNL-LOS-2
            if crossing.kind == "corner" or not hexes or (crossing.kind == "edge" and not crossing.along):
                continue
            steps.append(_step(runtime, from_hex, to_hex, hexes, (eye, aim), smoke=smoke))
    return _verdict(runtime, from_hex, to_hex, (eye, aim), steps)


def _step(
    runtime: Runtime, a: Hex, b: Hex, hexes: tuple[Hex, ...], levels: tuple[int, int], *, smoke: frozenset[Hex]
) -> LosStep:
    """Judge one crossing; along a hexside the weaker hex counts (LNL-LOS-6)."""
    at = sum(_fraction(runtime, a, b, h) for h in hexes) / len(hexes)
    line = levels[0] + (levels[1] - levels[0]) * at
    judged = [(_judge(runtime, h, line, smoke), h) for h in hexes]
    (effect, reason, rule_id), h = min(judged, key=lambda j: _RANK[j[0][0]])
    if len(hexes) > 1 and effect != "clear":
        rule_id = "LNL-LOS-6"
    return LosStep(hexes, at, line, runtime.level(h), _top(runtime, h), effect, reason, rule_id)


def _verdict(runtime: Runtime, a: Hex, b: Hex, levels: tuple[int, int], steps: list[LosStep]) -> LosResult:
    hindrances = 0
    for step in steps:
        if step.effect == "block":
            return LosResult(a, b, *levels, tuple(steps), hindrances, False, step.hexes[0], step.rule_id, step.reason)
        if step.effect == "hinder":
            hindrances += 1
            if hindrances >= tables().hindrances_block:
                why = t("{n} hindrances (the last: {what})", n=hindrances, what=step.reason)
                return LosResult(a, b, *levels, tuple(steps), hindrances, False, step.hexes[0], "LNL-LOS-3", why)
    del runtime
    return LosResult(a, b, *levels, tuple(steps), hindrances, True, None, "LNL-LOS-1", None)
