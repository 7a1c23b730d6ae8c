"""The mission editor's SAS tools (§2 board, §5 setup, §31 missions: SAS-BRD-1, SAS-BRD-2, SAS-BRD-3, SAS-BRD-4,
SAS-BRD-5, SAS-BRD-6, SAS-BRD-7, SAS-BRD-8, SAS-BRD-9, SAS-BRD-10, SAS-BRD-11, SAS-BRD-12, SAS-MSN-1, SAS-MSN-2,
SAS-MSN-3, SAS-MSN-4).

Tiles from the mission's library are laid, moved, rotated and flipped on whole squares; guards, officers,
sentries, fuel barrels and destroy targets are placed by square; the set-up form holds the team, the
stealth meter per difficulty, the event deck and window, the turn limit and the victory levels. Sentry points,
patrol lines, spawn spots and the entry/exit squares are printed on the tiles (their arrows and lines are
checked with the tile library); a mission chooses which tiles carry them. Rules-aware checks are in
:mod:`app.systems.sas.editing_checks`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from app.core.i18n import Text, localized, t
from app.geometry.square import column_letters
from app.scenario.editor.document import JsonPath, Transaction, get_at
from app.scenario.editor.fields import FieldSpec
from app.scenario.editor.plugin import (
    Finding,
    FolderAware,
    HasTileEditor,
    PaletteEntry,
    Placed,
    Spot,
    nearest_label,
)
from app.scenario.resources import ResourceError, resolve_ref
from app.systems.sas.editing_checks import mission_checks
from app.systems.sas.tables import tables
from app.systems.sas.tiles.kit import KIT
from app.systems.sas.tiles.library import TileLibrary, load_tile_library

CORE_LIBRARY = "resources:tiles/sas_core.json"
ROLE_ZH = {"guard": "守卫", "officer": "军官", "sentry": "哨兵", "patrolman": "巡逻兵"}
FACINGS = ("N", "E", "S", "W")
DIFFICULTIES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
UNITS: dict[str, tuple[str, str, Text]] = {  # palette id -> (stat kind, role, name)
    "guard": ("smg", "guard", t("SMG guard")),
    "officer": ("officer", "officer", t("Officer")),
    "sentry": ("rifle", "sentry", t("Sentry")),
}


def _units() -> dict[str, tuple[str, str, Text]]:
    """The palette's units: the tile roles, then each special infantry type of the stat table as a guard
    (SAS-UNIT-5, SAS-UNIT-12, SAS-KS-1, SAS-KS-2, SAS-HD-5, SAS-HD-7)."""
    special = {
        u.id: (u.id, "guard", localized(u.name_en, u.name_zh))
        for u in tables().units.values()
        if u.id not in ("rifle", "smg", "officer")
    }
    return {**UNITS, **special}


def label_of(x: int, y: int) -> str:
    """The printed name of board square ``(x, y)`` (``A1`` is the top-left square)."""
    return f"{column_letters(x)}{y + 1}"


def library_of(data: dict[str, Any], folder: Path | None = None) -> TileLibrary | None:
    """The mission's tile library (None when it cannot be loaded)."""
    ref = get_at(data, ("board", "library"), CORE_LIBRARY)
    try:
        return load_tile_library(resolve_ref(str(ref), folder))
    except (ResourceError, ValueError):
        return None


class SasEditing(FolderAware, HasTileEditor):
    """The :class:`~app.scenario.editor.plugin.EditorPlugin` of SAS: Rogue Regiment; a mission's tile library
    path is relative to its folder, and the tile editor edits that library."""

    system_id = "sas"
    tile_editor_kit = KIT  # HasTileEditor: players encode the tiles of their copy (SAS-BRD)

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder  # the mission's folder: a library path in the mission is relative to it

    def with_folder(self, folder: Path | None) -> SasEditing:
        """The same tools for a mission kept in ``folder``."""
        return SasEditing(folder)

    def tile_library(self, data: dict[str, Any]) -> tuple[Path, bool] | None:
        """The file of the mission's tile library, and whether it is bundled with the app (read only)."""
        ref = str(get_at(data, ("board", "library"), CORE_LIBRARY))
        try:
            return resolve_ref(ref, self.folder), ref.startswith("resources:")
        except (ResourceError, ValueError):
            return None

    def use_tile_library(self, tx: Transaction, ref: str) -> None:
        """Lay the mission's tiles from another library (a player's own tiles, SAS-BRD-1)."""
        tx.set(("board", "library"), ref)

    def new_document(self) -> dict[str, Any]:
        """One map tile below the entry/exit tile, a one-man team: small, valid, ready to grow."""
        return {
            "format": "adjutant-scenario",
            "system": "sas",
            "schema_version": 1,
            "id": "new_mission",
            "title": {"en": "New mission", "zh_CN": "新任务"},
            "board": {
                "kind": "tiled",
                "library": CORE_LIBRARY,
                "tiles": [{"tile": "farm", "side": "A", "at": [0, 3]}],
                "extras": [{"tile": "entry_exit", "side": "A", "at": [2, 0]}],
            },
            "operators": ["jock"],
            "stealth": {"easy": 7, "normal": 6, "hard": 5},
            "difficulty": "normal",
            "event_deck": {"name": "core"},
            "victory": [{"level": "major", "objectives": [], "exfiltrated": 1}],
            "turn_limit": 12,
        }

    def palette(self, data: dict[str, Any]) -> list[PaletteEntry]:
        """Every tile of the library, the unit roles, and the square markers."""
        entries: list[PaletteEntry] = []
        library = library_of(data, self.folder)
        for tile in library.tiles if library is not None else []:
            group = t("Map tiles") if tile.kind == "map" else t("Small tiles")
            entries.append(PaletteEntry(f"tile:{tile.id}", group, localized(tile.name_en, tile.name_zh)))
        entries += [PaletteEntry(f"unit:{key}", t("Units"), name) for key, (_k, _r, name) in _units().items()]
        entries.append(PaletteEntry("marker:target", t("Markers"), t("Destroy target")))
        entries.append(PaletteEntry("marker:kill", t("Markers"), t("Kill objective (click a unit)")))
        entries.append(PaletteEntry("marker:barrel", t("Markers"), t("Fuel barrel")))
        return entries

    def place(self, tx: Transaction, entry_id: str, spot: Spot, runtime: Any) -> JsonPath | None:
        """Lay a tile centred on ``spot``, or put a unit or marker on ``spot``."""
        kind, _, key = entry_id.partition(":")
        if kind == "tile":
            return self._place_tile(tx, key, spot)
        if kind == "unit" and key in _units():
            unit_kind, role, _name = _units()[key]
            unit: dict[str, Any] = {"kind": unit_kind, "role": role, "at": spot.label, "facing": "S"}
            if role == "sentry":
                unit["colour"] = "black"
            return ("extra_units", tx.append(("extra_units",), unit))
        if entry_id == "marker:barrel":
            return ("fuel_barrels", tx.append(("fuel_barrels",), spot.label))
        if entry_id == "marker:target":
            return self._place_target(tx, spot)
        if entry_id == "marker:kill":
            return self._place_kill(tx, spot, runtime)
        return None

    def _place_kill(self, tx: Transaction, spot: Spot, runtime: Any) -> JsonPath | None:
        """A kill objective on the Axis unit standing on ``spot`` at setup (SAS-BRD-12 ⑤)."""
        unit = next((u for u in getattr(runtime, "initial_units", ()) if u.loc == spot.loc), None)
        objectives = tx.get(("objectives",), [])
        if unit is None or any(unit.id in o.get("units", []) for o in objectives if isinstance(o, dict)):
            return None
        ids = {o.get("id") for o in objectives if isinstance(o, dict)}
        number = next(n for n in range(1, len(ids) + 2) if f"kill_{n}" not in ids)
        objective = {
            "id": f"kill_{number}",
            "kind": "kill",
            "title": {
                "en": f"Kill the {unit.role} at {spot.label}",
                "zh_CN": f"击杀{spot.label}的{ROLE_ZH.get(unit.role, unit.role)}",
            },
            "units": [unit.id],
        }
        return ("objectives", tx.append(("objectives",), objective))

    def _place_tile(self, tx: Transaction, tile_id: str, spot: Spot) -> JsonPath | None:
        library = library_of(tx.get(()), self.folder)
        if library is None or not isinstance(spot.loc, tuple):
            return None
        spec = library.tile(tile_id)
        kind = spec.kind
        group = "tiles" if kind == "map" else "extras"
        if group == "tiles" and any(p.get("tile") == tile_id for p in tx.get(("board", "tiles"), [])):
            return None  # a map tile is placed at most once (SAS-BRD-1)
        width, height = spec.size  # the tile lands centred under the cursor, not hanging from its corner
        x, y = max(0, spot.loc[0] - (width - 1) // 2), max(0, spot.loc[1] - (height - 1) // 2)
        placement: dict[str, Any] = {"tile": tile_id, "side": "A", "at": [x, y]}
        if kind == "supply_dump":
            placement["on_map"] = True
        return ("board", group, tx.append(("board", group), placement))

    def _place_target(self, tx: Transaction, spot: Spot) -> JsonPath:
        ids = {o.get("id") for o in tx.get(("objectives",), [])}
        number = next(n for n in range(1, len(ids) + 2) if f"target_{n}" not in ids)
        objective = {
            "id": f"target_{number}",
            "kind": "destroy",
            "title": {"en": f"Destroy target {number}", "zh_CN": f"摧毁目标{number}"},
            "at": [spot.label],
        }
        path = ("objectives", tx.append(("objectives",), objective))
        levels = tx.get(("victory",), [])
        major = next((v for v, level in enumerate(levels) if level.get("level") == "major"), 0 if levels else None)
        if major is not None:  # a new target counts for the major victory (SAS-MSN-1); the form can move it
            tx.set(("victory", major, "objectives"), [*levels[major].get("objectives", []), objective["id"]])
        return path

    def placed(self, data: dict[str, Any], runtime: Any) -> list[Placed]:
        """Tiles first (below), then markers and units (on top)."""
        items = self._tiles(data)
        for i, label in enumerate(data.get("fuel_barrels", [])):
            items.append(Placed(("fuel_barrels", i), t("Fuel barrel"), label, (label,), "marker"))
        for i, objective in enumerate(data.get("objectives", [])):
            for j, label in enumerate(objective.get("at", []) if isinstance(objective, dict) else []):
                name = localized(str(objective.get("id", "")))
                items.append(Placed(("objectives", i, "at", j), name, label, (label,), "target"))
        where = {u.id: runtime.label(u.loc) for u in getattr(runtime, "initial_units", ())}
        for i, objective in enumerate(data.get("objectives", [])):
            if isinstance(objective, dict) and objective.get("kind") == "kill":
                cells = tuple(where[u] for u in objective.get("units", []) if u in where)
                if cells:
                    name = localized(str(objective.get("id", "")))
                    items.append(Placed(("objectives", i), name, cells[0], cells, "kill"))
        for i, unit in enumerate(data.get("extra_units", [])):
            if isinstance(unit, dict) and isinstance(unit.get("at"), str):
                special = _units().get(str(unit.get("kind")))
                name = special[2] if special else UNITS.get(str(unit.get("role")), ("", "", t("Unit")))[2]
                items.append(Placed(("extra_units", i), name, unit["at"], (unit["at"],), "unit"))
        return items

    def _tiles(self, data: dict[str, Any]) -> list[Placed]:
        library = library_of(data, self.folder)
        items: list[Placed] = []
        for group in ("tiles", "extras"):
            for i, placed in enumerate(get_at(data, ("board", group), [])):
                try:
                    tile = library.tile(placed["tile"]) if library is not None else None
                    x, y = placed["at"]
                except (KeyError, TypeError, ValueError):
                    continue
                w, h = tile.size if tile is not None else (1, 1)
                if placed.get("rotation", 0) in (90, 270):
                    w, h = h, w
                cells = tuple(label_of(x + dx, y + dy) for dy in range(h) for dx in range(w))
                name = localized(f"{tile.name_en if tile else placed['tile']} ({placed.get('side', 'A')})")
                items.append(Placed(("board", group, i), name, label_of(x, y), cells, "tile"))
        return items

    def move(self, tx: Transaction, item: Placed, start: Spot, end: Spot, runtime: Any) -> None:
        """Units and markers go to ``end``; tiles shift by the drag, snapped to whole squares."""
        if item.kind != "tile":
            target = (*item.path, "at") if item.kind == "unit" else item.path
            tx.set(target, end.label)
            return
        x, y = tx.get((*item.path, "at"))
        dx, dy = end.loc[0] - start.loc[0], end.loc[1] - start.loc[1]
        tx.set((*item.path, "at"), [max(0, x + dx), max(0, y + dy)])

    def turn(self, tx: Transaction, item: Placed, how: Literal["rotate", "flip"]) -> None:
        """Tiles: 90° clockwise, or the other side up; units: face the next direction clockwise."""
        if item.kind == "tile":
            if how == "flip":
                tx.set((*item.path, "side"), "B" if tx.get((*item.path, "side")) == "A" else "A")
            else:
                tx.set((*item.path, "rotation"), (tx.get((*item.path, "rotation"), 0) + 90) % 360)
        elif item.kind == "unit":
            facing = tx.get((*item.path, "facing"), "N")
            tx.set((*item.path, "facing"), FACINGS[(FACINGS.index(facing) + 1) % 4] if facing in FACINGS else "N")

    def delete(self, tx: Transaction, item: Placed) -> None:
        """Remove the thing; a kill objective, or a destroy objective left without squares, goes with its mentions
        in the victory levels."""
        if item.kind == "kill":
            self._drop_objective(tx, int(item.path[1]))
            return
        tx.remove(item.path[:-1], int(item.path[-1]))
        if item.kind == "target" and not tx.get(item.path[:-1]):
            self._drop_objective(tx, int(item.path[1]))

    @staticmethod
    def _drop_objective(tx: Transaction, index: int) -> None:
        objective_id = tx.get(("objectives", index, "id"))
        tx.remove(("objectives",), index)
        for v, level in enumerate(tx.get(("victory",), [])):
            if objective_id in level.get("objectives", []):
                tx.set(("victory", v, "objectives"), [o for o in level["objectives"] if o != objective_id])

    def setup_fields(self, data: dict[str, Any]) -> list[FieldSpec]:
        """Team, stealth per difficulty, deck and window, turn limit, tile forces and victory levels."""
        tab = tables()
        operators = tuple(sorted(tab.operators))
        fields = [
            FieldSpec(("operators",), t("Team"), "multi", operators),
            FieldSpec(("recommended_operators",), t("Recommended operators"), "multi", operators),
        ]
        for level in DIFFICULTIES:  # noqa: PLC0206 (t(TABLE[key]) lets the message extractor find the names)
            label = t("Stealth meter ({difficulty})", difficulty=t(DIFFICULTIES[level]))
            fields.append(
                FieldSpec(("stealth", level), label, "int", minimum=1, maximum=20, optional=level != "normal")
            )
        fields += [
            FieldSpec(("difficulty",), t("Difficulty"), "choice", tuple(data.get("stealth", {}) or ("normal",))),
            FieldSpec(("event_deck", "name"), t("Event deck"), "choice", tuple(sorted(tab.decks))),
            FieldSpec(("event_window", 0), t("Event window A"), "int", minimum=1, maximum=40),
            FieldSpec(("event_window", 1), t("Event window B"), "int", minimum=1, maximum=40),
            FieldSpec(("turn_limit",), t("Turn limit"), "int", minimum=1, maximum=99, optional=True),
            FieldSpec(("tile_guards",), t("Guards on the tiles' guard marks"), "bool"),
            FieldSpec(("tile_officers",), t("Officers on the tiles' officer marks"), "bool"),
        ]
        return fields + self._victory_fields(data)

    def _victory_fields(self, data: dict[str, Any]) -> list[FieldSpec]:
        ids = tuple(str(o.get("id")) for o in data.get("objectives", []) if isinstance(o, dict))
        fields: list[FieldSpec] = []
        for i, level in enumerate(data.get("victory", [])):
            name = t("Major victory") if level.get("level") == "major" else t("Minor victory")
            fields.append(FieldSpec(("victory", i, "objectives"), t("{level}: objectives", level=name), "multi", ids))
            label = t("{level}: operators out", level=name)
            fields.append(FieldSpec(("victory", i, "exfiltrated"), label, "int", minimum=0, maximum=4))
        if len(data.get("victory", [])) < 4:  # SAS-MSN-1: a mission may have major and minor victories
            add = t("Add a victory level")
            fields.append(
                FieldSpec(
                    ("victory", len(data.get("victory", [])), "level"), add, "choice", ("major", "minor"), optional=True
                )
            )
        return fields

    def checks(self, model: BaseModel, runtime: Any, state: Any) -> list[Finding]:
        """SAS-MSN sizing, stacking, impassable squares, reachable objectives, patrol start choices."""
        return mission_checks(runtime, state)

    def locate(self, data: dict[str, Any], path: JsonPath) -> str | None:
        """Tiles: their top-left square; everything else: its ``at`` square."""
        if len(path) >= 3 and path[0] == "board" and path[1] in ("tiles", "extras"):
            at = get_at(data, (*path[:3], "at"), None)
            if isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at):
                return label_of(at[0], at[1])
        if len(path) >= 2 and path[0] in ("fuel_barrels",):
            value = get_at(data, path[:2], None)
            return value if isinstance(value, str) else None
        if len(path) >= 4 and path[0] == "objectives" and path[2] == "at":
            value = get_at(data, path[:4], None)
            return value if isinstance(value, str) else None
        return nearest_label(data, path)


PLUGIN = SasEditing()
