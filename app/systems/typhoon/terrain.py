"""Terrain effects (the TEC) and weather (rulebook §9, §10.3(3), §14.1).

TY-MOV-5, TY-MOV-7, TY-MOV-11, TY-MOV-12, TY-SHIFT-1, TY-SHIFT-3, TY-SHIFT-4, TY-WX-1, TY-WX-2, TY-WX-3, TY-WX-4,
TY-WX-5, TY-WX-7, TY-MAP-5.
"""

from __future__ import annotations

import functools

from app.core.i18n import Text, t
from app.core.ruling import Modifier
from app.systems.typhoon.runtime import Hex, Runtime
from app.systems.typhoon.tables import terrain_row


def base_terrain(runtime: Runtime, h: Hex, turn: int) -> str:
    """The hex's terrain as the rules read it: a large city is its own terrain (its own TEC row, however the map
    marks it); clear is light forest from turn 3 on (TY-WX-2)."""
    if h in runtime.facts.cities:
        return "large_city"
    terrain = runtime.facts.terrain.get(h, "clear")
    if terrain == "clear" and runtime.weather(turn) != "clear":
        return "light_forest"
    return terrain


def roads_work(runtime: Runtime, turn: int) -> bool:
    """Roads give their movement effects (not in mud or snow, TY-WX-3)."""
    return runtime.weather(turn) in ("clear", "freeze")


def open_hex(runtime: Runtime, h: Hex) -> bool:
    """A hex in play that units may enter at all (TY-MOV-12, TY-MAP-5)."""
    return h in runtime.facts.open_hexes


def crossable(runtime: Runtime, a: Hex, b: Hex) -> bool:
    """No prohibited hexside between ``a`` and ``b`` (TY-MOV-12)."""
    return "prohibited" not in runtime.facts.side_kinds(a, b)


def along_road(runtime: Runtime, a: Hex, b: Hex) -> bool:
    """A road joins ``a`` and ``b``."""
    return frozenset((a, b)) in runtime.facts.roads


@functools.lru_cache(maxsize=1 << 18)  # pure, and asked for every hexside of every route search
def enter_cost(runtime: Runtime, a: Hex, b: Hex, mech: bool, turn: int) -> int | None:
    """MP to enter ``b`` from ``a`` in normal movement, before ZOC (TY-MOV-4, TY-MOV-5, TY-MOV-7); ``None``: not
    allowed. A major river without bridge is handled by the caller (TY-MOV-8)."""
    parts = enter_parts(runtime, a, b, mech, turn)
    return None if parts is None else sum(mp for _, mp in parts)


@functools.lru_cache(maxsize=1 << 16)
def enter_parts(runtime: Runtime, a: Hex, b: Hex, mech: bool, turn: int) -> tuple[tuple[str, int], ...] | None:
    """What entering ``b`` from ``a`` costs, part by part: ``("road", 1)``, or the terrain the rules read
    (``("light_forest", 2)``) and ``("river", 1)`` for a river hexside crossed off the road; ``None``: not allowed."""
    if not open_hex(runtime, b) or not crossable(runtime, a, b):
        return None
    road = along_road(runtime, a, b)
    terrain = base_terrain(runtime, b, turn)
    if terrain == "mountain" and not road:
        return None
    if road and (roads_work(runtime, turn) or terrain == "mountain"):
        return (("road", 1),)
    row = terrain_row(terrain)
    cost = row.get("move_cost") or {"mech": 1, "non_mech": 1}
    parts = [(terrain, int(cost["mech" if mech else "non_mech"] or 1))]
    if runtime.facts.river(a, b) == "river":
        parts.append(("river", 1))
    return tuple(parts)


def terrain_shifts(runtime: Runtime, h: Hex, turn: int) -> list[Modifier]:
    """Left shifts for the defender's hex: its terrain, then one more for a town or a large city in it (TY-SHIFT-1,
    TY-SHIFT-3; a large city counts as a town on ground of its own, OQ-TY-1)."""
    raw = runtime.facts.terrain.get(h, "clear")
    terrain = base_terrain(runtime, h, turn)
    shifts = int(terrain_row(terrain).get("defender_left_shifts") or 0)
    found = []
    if shifts:
        rule = "TY-WX-2" if raw == "clear" and terrain == "light_forest" else "TY-SHIFT-1"
        found.append(
            Modifier(value=-shifts, reason=t("{terrain} (defender)", terrain=terrain_name(terrain)), rule_id=rule)
        )
    if h in runtime.facts.cities:
        found.append(Modifier(value=-1, reason=t("large city (defender)"), rule_id="TY-SHIFT-3"))
    elif h in runtime.facts.towns:
        found.append(Modifier(value=-1, reason=t("town (defender)"), rule_id="TY-SHIFT-3"))
    return found


def weather_shifts(runtime: Runtime, turn: int, attacker: str) -> list[Modifier]:
    """Weather shifts (TY-WX-4, TY-WX-5): mud and freeze one left; snow two toward the Soviets."""
    weather = runtime.weather(turn)
    if weather in ("mud", "freeze"):
        return [Modifier(value=-1, reason=weather_name(weather), rule_id="TY-WX-4")]
    if weather == "snow":
        value = 2 if attacker == "soviet" else -2
        return [Modifier(value=value, reason=t("snow favours the Soviets"), rule_id="TY-WX-5")]
    return []


TERRAIN_NAMES = {
    "clear": t("clear terrain"),
    "light_forest": t("light forest"),
    "deep_forest": t("deep forest"),
    "swamp": t("swamp"),
    "lake": t("lake"),
    "mountain": t("mountain"),
    "large_city": t("large city"),
    "all_sea": t("sea"),
    "prohibited": t("prohibited"),
}
WEATHER_NAMES = {"clear": t("clear weather"), "mud": t("mud"), "freeze": t("freeze"), "snow": t("snow")}


def terrain_name(terrain: str) -> Text:
    """A terrain id as translatable words."""
    return TERRAIN_NAMES.get(terrain, TERRAIN_NAMES["clear"])


def weather_name(weather: str) -> Text:
    """A weather id as a translatable word."""
    return WEATHER_NAMES.get(weather, WEATHER_NAMES["clear"])
