"""The scenario editor's Operation Typhoon tools: the hex map and the order of battle (TY-MAP-2, TY-SETUP-2).

Palette: terrain brushes, hexside brushes (river, major river, bridge, prohibited; drag across the hexside),
road and railway brushes (drag along the path), places (town, large city, fortified hex, supply sources),
set-up area brushes, the counters waiting in a box, and new counters of each type. A placed counter flips to
its reduced side with "flip" and goes back to the Available Reinforcements box when deleted. The set-up form
holds the turn track, the victory conditions and the optional rules. Checks: :mod:`editing_checks`.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel

import app.systems.typhoon.editing_map as mapping
from app.core.i18n import Text, localized, t
from app.scenario.editor.document import JsonPath, Transaction, get_at
from app.scenario.editor.fields import FieldSpec
from app.scenario.editor.plugin import Finding, FolderAware, PaletteEntry, Placed, Spot, nearest_label
from app.scenario.resources import resolve_ref
from app.systems.typhoon.editing_checks import all_checks
from app.systems.typhoon.editing_new import NEW_COUNTERS, new_counter, new_document
from app.systems.typhoon.scenario import SIDES, Options

BOXES = ("reserve", "guards", "withdrawn")
OPTIONS = {  # the scenario's optional-rule switches (docs/typhoon-scenario-format.md, Options)
    "reserve_okh": "RESERVE and OKH cards (15.1)",
    "guards_conversion": "Guards conversion on turn 8 (15.2)",
    "card_ban": "Soviet card ban on turn 2 (15.3)",
    "soviet_offmap_supply": "Soviet supply from the east edge (15.4)",
    "guderian_dismissal": "Guderian may be dismissed (15.5)",
    "withdrawn_count_against_reinf": "Returning withdrawn units count against reinforcements",
}


def _read_json(path: Path) -> Any:
    """A JSON file's content, read again only when the file changes (the palette is asked for often)."""
    return _cached_json(path, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _cached_json(path: Path, stamp: int) -> Any:
    del stamp  # part of the cache key only
    return json.loads(path.read_text(encoding="utf-8"))


def _name(unit: dict[str, Any]) -> Text:
    return localized(str(unit.get("name_en") or unit.get("id")), unit.get("name_zh") or None)


class TyphoonEditing(FolderAware):
    """The :class:`~app.scenario.editor.plugin.EditorPlugin` of Operation Typhoon 1941."""

    system_id = "typhoon"

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self._stroke: mapping.Stroke | None = None

    def with_folder(self, folder: Path | None) -> Self:
        """The same tools for a document kept in ``folder`` (order-of-battle and board files are found there)."""
        return type(self)(folder)

    def new_document(self) -> dict[str, Any]:
        """A small map with a few counters a side, its cards and a three-turn track."""
        return new_document()

    # --- counters -----------------------------------------------------------------------------------
    def counters(self, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """Every counter of the document by id: the order-of-battle file's, then the document's own."""
        found: dict[str, dict[str, Any]] = {}
        ref = data.get("order_of_battle")
        if isinstance(ref, str):
            try:
                oob = _read_json(resolve_ref(ref, self.folder))
                found |= {str(u["id"]): u for u in oob.get("units", []) if isinstance(u, dict) and "id" in u}
            except (OSError, ValueError, KeyError):
                pass  # the live checks report an unreadable file
        found |= {str(u["id"]): u for u in data.get("units", []) if isinstance(u, dict) and "id" in u}
        return found

    def palette(self, data: dict[str, Any]) -> list[PaletteEntry]:
        """Map brushes and places, set-up areas, counters waiting in a box, new counters."""
        terrain, sides, lines, places = t("Terrain"), t("Hexsides"), t("Roads and railways"), t("Places")
        counters = self.counters(data)
        entries = [PaletteEntry(f"terrain:{x}", terrain, _TERRAIN_NAMES[x], paint=True) for x in mapping.TERRAINS]
        entries += [PaletteEntry(f"side:{x}", sides, _SIDE_NAMES[x], paint=True) for x in (*mapping.HEXSIDES, "-")]
        entries += [PaletteEntry(f"line:{x}", lines, _LINE_NAMES[x], paint=True) for x in ("roads", "railways", "-")]
        entries += [PaletteEntry(f"mark:{x}", places, _MARK_NAMES[x]) for x in mapping.MARKS]
        areas = sorted(self._board_areas(data) | {f"setup_{u['army']}" for u in counters.values() if u.get("army")})
        entries += [PaletteEntry(f"area:{x}", t("Set-up areas"), localized(x), paint=True) for x in areas]
        entries.append(PaletteEntry("area:-", t("Set-up areas"), t("Erase from set-up areas"), paint=True))
        for p in data.get("setup", []):
            unit = counters.get(str(p.get("unit")))
            if unit is not None and p.get("at") in BOXES:
                entries.append(PaletteEntry(f"unit:{unit['id']}", _SIDE_GROUPS[unit.get("side", "axis")], _name(unit)))
        for side in SIDES:
            for symbol in NEW_COUNTERS[side]:
                label = t("New {type}", type=_SYMBOL_NAMES[symbol])
                entries.append(PaletteEntry(f"new:{side}:{symbol}", _SIDE_GROUPS[side], label))
        return entries

    def _board_areas(self, data: dict[str, Any]) -> set[str]:
        board = data.get("board")
        if isinstance(board, str):
            try:
                board = _read_json(resolve_ref(board, self.folder)).get("board")
            except (OSError, ValueError):
                return set()
        return set(board.get("areas", {})) if isinstance(board, dict) else set()

    def place(self, tx: Transaction, entry_id: str, spot: Spot, runtime: Any) -> JsonPath | None:
        """Paint terrain, hexsides, roads, railways or areas; add a place; put a counter on the map."""
        kind, _, rest = entry_id.partition(":")
        if kind in ("terrain", "side", "line", "area", "mark"):
            return self._map_edit(tx, kind, rest, spot.label)
        if kind == "unit":
            return self._put(tx, rest, spot.label)
        if kind == "new":
            side, _, symbol = rest.partition(":")
            return new_counter(tx, side, symbol, spot.label)
        return None

    def _map_edit(self, tx: Transaction, kind: str, what: str, label: str) -> JsonPath | None:
        board = mapping.inline_board(tx, self.folder)
        if kind == "terrain":
            mapping.paint_terrain(tx, board, label, what)
        elif kind == "mark":
            return mapping.add_mark(tx, board, label, what)
        elif kind == "area":
            mapping.toggle_area(tx, board, label, None if what == "-" else what)
        elif kind == "line" and what == "-":
            mapping.erase_lines(tx, board, label)
        else:
            self._stroke, came = mapping.stroke_step(self._stroke, tx, label)
            if came is not None and kind == "side":
                mapping.mark_hexside(tx, board, came, label, None if what == "-" else what)
            elif came is not None:
                mapping.extend_line(tx, board, self._stroke, came, label, key=what)
        return None

    def _put(self, tx: Transaction, unit_id: str, label: str) -> JsonPath | None:
        for i, p in enumerate(tx.get(("setup",), [])):
            if p.get("unit") == unit_id:
                tx.set(("setup", i, "at"), label)
                return ("setup", i)
        return None

    def placed(self, data: dict[str, Any], runtime: Any) -> list[Placed]:
        """Places printed on an inline map, then the counters on the map (which sit on top)."""
        items: list[Placed] = []
        board = data.get("board")
        marks = board.get("marks", []) if isinstance(board, dict) else []
        for i, mark in enumerate(marks):
            if isinstance(mark, dict) and isinstance(mark.get("at"), str):
                label = _mark_label(mark)
                items.append(Placed(("board", "marks", i), label, mark["at"], (mark["at"],), "marker"))
        counters = self.counters(data)
        inline = {str(u.get("id")): j for j, u in enumerate(data.get("units", [])) if isinstance(u, dict)}
        for i, p in enumerate(data.get("setup", [])):
            at, uid = p.get("at"), str(p.get("unit"))
            if not isinstance(at, str) or at in BOXES:
                continue
            path: JsonPath = ("units", inline[uid]) if uid in inline else ("setup", i)
            items.append(Placed(path, _name(counters.get(uid, {"id": uid})), at, (at,), "unit"))
        return items

    def _placement(self, tx: Transaction, item: Placed) -> int | None:
        uid = tx.get((*item.path, "id")) if item.path[0] == "units" else tx.get((*item.path, "unit"))
        return next((i for i, p in enumerate(tx.get(("setup",), [])) if p.get("unit") == uid), None)

    def move(self, tx: Transaction, item: Placed, start: Spot, end: Spot, runtime: Any) -> None:
        """Counters and places go to the hex under the mouse."""
        if item.kind == "marker":
            tx.set((*item.path, "at"), end.label)
        elif (i := self._placement(tx, item)) is not None:
            tx.set(("setup", i, "at"), end.label)

    def turn(self, tx: Transaction, item: Placed, how: Literal["rotate", "flip"]) -> None:
        """Flip a counter to its other side (full or reduced); nothing rotates."""
        if how == "flip" and item.kind == "unit" and (i := self._placement(tx, item)) is not None:
            if tx.get(("setup", i, "reduced"), False):
                tx.delete(("setup", i, "reduced"))
            else:
                tx.set(("setup", i, "reduced"), True)

    def delete(self, tx: Transaction, item: Placed) -> None:
        """A counter goes back to the Available Reinforcements box; a place is removed from the map."""
        if item.kind == "marker":
            tx.remove(item.path[:-1], int(item.path[-1]))
        elif (i := self._placement(tx, item)) is not None:
            tx.set(("setup", i, "at"), "reserve")
            tx.delete(("setup", i, "reduced"))

    def setup_fields(self, data: dict[str, Any]) -> list[FieldSpec]:
        """The turn track (TY-MAP-6), the victory conditions (TY-VIC-1, TY-VIC-2) and the optional rules."""
        fields = [FieldSpec(("first_turn",), t("First turn"), "int", minimum=1, maximum=99, default=1)]
        if isinstance(data.get("board"), dict):  # a map of the document's own (TY-MAP-5: the play area)
            fields += [
                FieldSpec(("board", "name_en"), t("Map name"), "text", optional=True),
                FieldSpec(("board", "name_zh"), t("Map name (Chinese)"), "text", optional=True),
                FieldSpec(("board", "columns"), t("Map columns"), "int", minimum=1, maximum=200),
                FieldSpec(("board", "rows"), t("Map rows"), "int", minimum=1, maximum=200),
            ]
        for i, box in enumerate(get_at(data, ("turns",), [])):
            turn = box.get("turn", i + 1) if isinstance(box, dict) else i + 1
            for key, label in _TRACK.items():
                fields.append(
                    FieldSpec(
                        ("turns", i, key), t("Turn {turn}: {what}", turn=turn, what=label), "int", minimum=0, maximum=40
                    )
                )
            weather = ("clear", "mud", "freeze", "snow")
            fields.append(
                FieldSpec(
                    ("turns", i, "weather"), t("Turn {turn}: weather", turn=turn), "choice", weather, optional=True
                )
            )
        fields += _victory_fields()
        for name in OPTIONS:  # noqa: PLC0206 (t(TABLE[key]) lets the message extractor find the labels)
            fields.append(
                FieldSpec(("options", name), t(OPTIONS[name]), "bool", default=Options.model_fields[name].default)
            )
        return fields

    def checks(self, model: BaseModel, runtime: Any, state: Any) -> list[Finding]:
        """Counters on legal hexes, stacking, supply sources, set-up areas, HQ cards, cities and victory."""
        return all_checks(model, runtime)

    def locate(self, data: dict[str, Any], path: JsonPath) -> str | None:
        """The hex a terrain entry, hexside, place, placement or inline counter points at."""
        if len(path) >= 3 and path[:2] == ("board", "terrain") and isinstance(path[2], str):
            return path[2]
        if len(path) >= 3 and path[:2] == ("board", "hexsides"):
            side = get_at(data, path[:3], None)
            return str(side.get("a")) if isinstance(side, dict) else None
        if len(path) >= 2 and path[0] == "units":
            uid = get_at(data, (*path[:2], "id"), None)
            at = next((p.get("at") for p in data.get("setup", []) if p.get("unit") == uid), None)
            return at if isinstance(at, str) and at not in BOXES else None
        return nearest_label(data, path)


def _mark_label(mark: dict[str, Any]) -> Text:
    if mark.get("name_en"):
        return localized(str(mark["name_en"]), mark.get("name_zh") or None)
    key = "supply_" + str(mark.get("side")) if mark.get("kind") == "supply_source" else str(mark.get("kind"))
    return _MARK_NAMES.get(key, localized(key))


_TERRAIN_NAMES = {
    "clear": t("Clear"),
    "light_forest": t("Light forest"),
    "deep_forest": t("Deep forest"),
    "swamp": t("Swamp"),
    "lake": t("Lake"),
    "mountain": t("Mountain"),
    "large_city": t("Large city"),
    "all_sea": t("All-sea hex"),
    "prohibited": t("Prohibited hex"),
}
_SIDE_NAMES = {
    "river": t("River"),
    "major_river": t("Major river"),
    "bridge": t("Bridge"),
    "prohibited": t("Prohibited hexside"),
    "-": t("Erase hexside features"),
}
_LINE_NAMES = {"roads": t("Road"), "railways": t("Railway"), "-": t("Erase roads and railways")}
_MARK_NAMES = {
    "town": t("Town"),
    "large_city": t("Large city name"),
    "fortified": t("Fortified hex"),
    "supply_axis": t("Axis supply source"),
    "supply_soviet": t("Soviet supply source"),
}
_SIDE_GROUPS = {"axis": t("Axis counters"), "soviet": t("Soviet counters")}
_SYMBOL_NAMES = {
    "armour": t("armoured division"),
    "motorized": t("motorised division"),
    "infantry": t("infantry division"),
    "cavalry": t("cavalry division"),
    "security": t("security division"),
    "mountain": t("mountain division"),
    "hq": t("HQ"),
}
_TRACK = {"ger_com": t("GER Com"), "su_com": t("SU Com"), "ger_reinf": t("GER Reinf"), "su_reinf": t("SU Reinf")}

PLUGIN = TyphoonEditing()


def _victory_fields() -> list[FieldSpec]:
    """The victory conditions (TY-VIC-1, TY-VIC-2) and the Moscow garrison of the set-up form."""
    return [
        FieldSpec(
            ("victory", "sudden_death_turn"),
            t("Sudden-death turn"),
            "int",
            minimum=1,
            maximum=99,
            optional=True,
            default=10,
        ),
        FieldSpec(
            ("victory", "sudden_death_cities"),
            t("Sudden death: large-city hexes"),
            "int",
            minimum=0,
            maximum=99,
            default=10,
        ),
        FieldSpec(
            ("victory", "sudden_death_key"),
            t("Sudden death: Moscow or Tula hexes"),
            "int",
            minimum=0,
            maximum=99,
            default=2,
        ),
        FieldSpec(
            ("victory", "final_cities"), t("Last turn: large-city hexes"), "int", minimum=0, maximum=99, default=8
        ),
        FieldSpec(
            ("victory", "final_key"),
            t("Moscow or Tula hexes held at once"),
            "int",
            minimum=0,
            maximum=99,
            default=2,
        ),
        FieldSpec(("garrison_units",), t("Moscow garrison units per turn"), "int", minimum=0, maximum=20, default=4),
    ]
