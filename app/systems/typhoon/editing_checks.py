"""The Typhoon editor's live checks of a scenario that loads (TY-STK-1, TY-STK-2, TY-MAP-2, TY-MAP-3, TY-SETUP-2,
TY-MOV-12, TY-HQ-2, TY-VIC-1, TY-VIC-2).

Errors: a counter on a hex no unit may enter, more than two counters in a hex, both sides in one hex, a side
without a supply source. Warnings: a set-up hex left empty, a counter outside its army's set-up area, an HQ
without a command card, Moscow or key hexes that are not large cities, victory thresholds beyond the map's
large-city hexes.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from pydantic import BaseModel

from app.core.i18n import t
from app.scenario.boards import HexMapSpec
from app.scenario.editor.plugin import Finding
from app.systems.typhoon.runtime import Hex, Runtime
from app.systems.typhoon.scenario import SIDES, TyphoonScenario

CLOSED = frozenset({"lake", "all_sea", "prohibited"})
BOXES = ("reserve", "guards", "withdrawn")


def all_checks(model: BaseModel, runtime: Any) -> list[Finding]:
    """Every rules-aware problem of a scenario that loads."""
    assert isinstance(model, TyphoonScenario) and isinstance(runtime, Runtime)
    return [
        *_closed_hexes(runtime),
        *_stacking(runtime),
        *_sources(runtime),
        *_areas(runtime),
        *_hq_cards(runtime),
        *_cities(runtime),
    ]


def _on_map(rt: Runtime) -> list[tuple[int, str, Hex]]:
    return [(i, p.unit, rt.hex(p.at)) for i, p in enumerate(rt.model.setup) if p.at not in BOXES]


def _closed_hexes(rt: Runtime) -> list[Finding]:
    found: list[Finding] = []
    for i, uid, h in _on_map(rt):
        terrain = rt.facts.terrain.get(h, "clear")
        if terrain in CLOSED:
            message = t("{unit} stands in a hex no unit may enter ({terrain})", unit=rt.unit_name(uid), terrain=terrain)
            found.append(Finding("error", f"$.setup[{i}].at", message, rt.label(h)))
    return found


def _stacking(rt: Runtime) -> list[Finding]:
    here: dict[Hex, list[tuple[int, str]]] = defaultdict(list)
    for i, uid, h in _on_map(rt):
        here[h].append((i, uid))
    found: list[Finding] = []
    for h, items in here.items():
        label, first = rt.label(h), items[-1][0]
        if len(items) > 2:
            message = t("{count} counters in hex {hex}: at most two may stack", count=len(items), hex=label)
            found.append(Finding("error", f"$.setup[{first}].at", message, label))
        if len({rt.units[uid].side for _i, uid in items}) > 1:
            message = t("Axis and Soviet counters share hex {hex}", hex=label)
            found.append(Finding("error", f"$.setup[{first}].at", message, label))
    return found


def _sources(rt: Runtime) -> list[Finding]:
    return [
        Finding("error", "$.board", t("The {side} side has no supply source", side=side))
        for side in SIDES
        if not rt.sources.get(side)
    ]


def _areas(rt: Runtime) -> list[Finding]:
    spec = rt.board.spec
    areas = spec.areas if isinstance(spec, HexMapSpec) else {}
    occupied = {h for _i, _u, h in _on_map(rt)}
    found: list[Finding] = []
    for name, labels in areas.items():
        empty = [x for x in labels if rt.hex(x) not in occupied]
        if empty:
            message = t("Set-up area {area}: hexes without a counter: {hexes}", area=name, hexes=", ".join(empty))
            found.append(Finding("warning", f"$.board.areas.{name}", message, empty[0]))
    for i, uid, h in _on_map(rt):
        area = areas.get(f"setup_{rt.units[uid].army}")
        if area is not None and rt.label(h) not in area:
            message = t(
                "{unit} starts outside the set-up area of {army}", unit=rt.unit_name(uid), army=rt.units[uid].army
            )
            found.append(Finding("warning", f"$.setup[{i}].at", message, rt.label(h)))
    return found


def _hq_cards(rt: Runtime) -> list[Finding]:
    carded = {c.hq for c in rt.cards.values() if c.hq is not None}
    return [
        Finding("warning", "$.cards", t("HQ {unit} has no command card", unit=rt.unit_name(uid)))
        for uid, spec in rt.units.items()
        if spec.command_range is not None and uid not in carded
    ]


def _cities(rt: Runtime) -> list[Finding]:
    found: list[Finding] = []
    for key, hexes in (("moscow", rt.moscow), ("victory.key_hexes", rt.key_hexes)):
        for h in sorted(hexes - rt.facts.cities):
            message = t("{hex} is listed in {field} but is not a large-city hex", hex=rt.label(h), field=key)
            found.append(Finding("warning", f"$.{key}", message, rt.label(h)))
    victory, count = rt.model.victory, len(rt.victory_cities)
    needs = [("final_cities", victory.final_cities)]
    if victory.sudden_death_turn is not None:
        needs.append(("sudden_death_cities", victory.sudden_death_cities))
    for field, need in needs:
        if need > count:
            message = t("Victory needs {need} large-city hexes but only {count} are counted", need=need, count=count)
            found.append(Finding("warning", f"$.victory.{field}", message))
    return found
