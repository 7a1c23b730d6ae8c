"""The scenario editor's squad-game tools (set-up: LNL-SETUP-1, LNL-SETUP-2, LNL-STACK-1, LNL-STACK-2, LNL-STACK-3,
LNL-STACK-4, LNL-MOVE-2, LNL-SW-1).

Brushes paint the geomorphic boards hex by hex — terrain, ground level 0–3, building storeys — and the set-up
zones and victory hexes; counters of each nation are placed for a side and support weapons are handed to the
top unit of a hex; set-up markers (Spotted on a storey, smoke) toggle per hex (the loader checks the storey).
The set-up form holds the turn limit, the initiative, the victory conditions, the force names and the optional
rules. Checks (:mod:`app.systems.lnl.editing_checks`): stacking, vehicles and big guns
where they may not stand, units outside their set-up zone, victory counts no one can reach.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from app.core.i18n import Text, localized, t
from app.scenario.editor.document import JsonPath, Transaction, get_at
from app.scenario.editor.fields import FieldSpec
from app.scenario.editor.plugin import Finding, FolderAware, PaletteEntry, Placed, Spot, nearest_label
from app.systems.lnl.board_edit import board_hex, edit_hex, local_label, map_label
from app.systems.lnl.editing_checks import findings
from app.systems.lnl.scenario import SIDES, LnlScenario
from app.systems.lnl.tables import Options, terrains, unit_types
from app.systems.lnl.view import MARKER_NAMES

NATION_OF_SIDE = {"allies": "us", "axis": "de"}
LEVELS = (0, 1, 2, 3)
STOREYS = (1, 2, 3)
SETUP_MARKERS = (("spotted", 0), ("spotted", 1), ("spotted", 2), ("smoke1", 0), ("smoke2", 0))
OPTION_LABELS = {
    "hero_on_odd": "Heroes appear on an odd die (the text); off: on an even die (v5.1)",
    "melee_simultaneous": "Both melee sides roll at once (published rules)",
    "round_each_secondary": "Round each secondary firer's half up (v5.1)",
    "turret_from_to_hit": "Read turret hits from the to-hit roll",
    "crew_single_roll": "One crew roll after a vehicle is destroyed",
}


def _blank_board() -> dict[str, Any]:
    return {
        "id": "new_board",
        "name": {"en": "New board", "zh_CN": "新地图"},
        "columns": 12,
        "rows": 10,
        "default_terrain": "open",
        "hexes": {},
        "hexsides": [],
    }


def _force(side: str, en: str, zh: str, unit: str, at: str) -> dict[str, Any]:
    return {"side": side, "name": {"en": en, "zh_CN": zh}, "setup_zone": [at], "units": [{"type": unit, "at": at}]}


class LnlEditing(FolderAware):
    """The :class:`~app.scenario.editor.plugin.EditorPlugin` of the squad game; board files are read relative to
    the document's folder (FolderAware)."""

    system_id = "lnl"

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def with_folder(self, folder: Path | None) -> LnlEditing:
        """The same tools for a scenario kept in ``folder``."""
        return LnlEditing(folder)

    def new_document(self) -> dict[str, Any]:
        """One blank 12×10 board, a US squad at the south edge and a German squad at the north edge."""
        return {
            "format": "adjutant-scenario",
            "system": "lnl",
            "schema_version": 1,
            "id": "new_scenario",
            "title": {"en": "New scenario", "zh_CN": "新剧本"},
            "board_defs": [_blank_board()],
            "boards": [{"board": "new_board", "name": "A"}],
            "forces": [
                _force("allies", "US platoon", "美军排", "us_squad", "0610"),
                _force("axis", "German platoon", "德军排", "de_squad", "0601"),
            ],
            "turns": 6,
            "initiative": "axis",
            "victory": {"hexes": ["0605"], "attacker": "allies", "needed": 1},
        }

    def palette(self, data: dict[str, Any]) -> list[PaletteEntry]:
        """Terrain, level and storey brushes; zone and victory brushes; each side's counters; support weapons."""
        ground = t("Terrain")
        entries = [PaletteEntry(f"terrain:{tid}", ground, kind.name, paint=True) for tid, kind in terrains().items()]
        entries += [PaletteEntry(f"level:{n}", t("Ground level"), t("Level {n}", n=n), paint=True) for n in LEVELS]
        storeys = t("Building storeys")
        names = {n: t("One storey") if n == 1 else t("{n} storeys", n=n) for n in STOREYS}
        entries += [PaletteEntry(f"storeys:{n}", storeys, names[n], paint=True) for n in STOREYS]
        zones = t("Set-up and victory")
        entries += [
            PaletteEntry("zone:allies", zones, t("Allied set-up zone"), paint=True),
            PaletteEntry("zone:axis", zones, t("Axis set-up zone"), paint=True),
            PaletteEntry("zone:none", zones, t("No set-up zone"), paint=True),
            PaletteEntry("victory", zones, t("Victory hex (on/off)")),
        ]
        for side in SIDES:
            group = _force_name(data, side)
            for type_id, unit in unit_types().items():
                if unit.cls != "sw" and unit.nation == NATION_OF_SIDE[side]:
                    entries.append(PaletteEntry(f"unit:{side}:{type_id}", group, unit.name))
        weapons = t("Support weapons (given to the top unit)")
        entries += [PaletteEntry(f"weapon:{w}", weapons, u.name) for w, u in unit_types().items() if u.cls == "sw"]
        marks = t("Set-up markers (on/off)")
        return entries + [PaletteEntry(f"marker:{k}:{n}", marks, _marker_name(k, n)) for k, n in SETUP_MARKERS]

    def place(self, tx: Transaction, entry_id: str, spot: Spot, runtime: Any) -> JsonPath | None:
        """Paint a hex, a zone or a victory hex, add a counter for a side, or hand a weapon to a unit."""
        kind, _, rest = entry_id.partition(":")
        if kind in ("terrain", "level", "storeys"):
            where = board_hex(tx.get(()), spot.label, self.folder)
            if where is None:
                return None
            field = {"terrain": "terrain", "level": "elevation", "storeys": "storeys"}[kind]
            value: Any = rest if kind == "terrain" else int(rest)
            return edit_hex(tx, where, self.folder, {field: value})
        if kind == "zone":
            return self._zone(tx, rest, spot.label)
        if kind == "victory":
            return self._victory(tx, spot.label)
        if kind == "unit":
            side, _, type_id = rest.partition(":")
            index = SIDES.index(side)
            added = tx.append(("forces", index, "units"), {"type": type_id, "at": spot.label})
            return ("forces", index, "units", added)
        if kind == "weapon":
            return self._arm(tx, rest, spot.label)
        if kind == "marker":
            return self._marker(tx, rest, spot.label)
        return None

    def _marker(self, tx: Transaction, entry: str, label: str) -> JsonPath:
        """Put a set-up marker on ``label`` (a Spotted marker on one storey), or take it off (LNL-SETUP-1)."""
        kind, _, level = entry.partition(":")
        data = tx.get(())
        marker: dict[str, Any] = {"at": label, "kind": kind} | ({"level": int(level)} if int(level) else {})
        old = list(tx.get(("markers",), []))
        kept = [
            x
            for x in old
            if not (
                map_label(data, str(x.get("at")), self.folder) == label
                and x.get("kind") == kind
                and int(x.get("level", 0)) == int(level)
            )
        ]
        tx.set(("markers",), kept if len(kept) < len(old) else [*old, marker])
        return ("markers",)

    def _zone(self, tx: Transaction, side: str, label: str) -> JsonPath:
        """Put ``label`` in ``side``'s set-up zone (and out of the other's); ``none`` takes it out of both."""
        data = tx.get(())
        for index, force in enumerate(tx.get(("forces",), [])):
            zone = [z for z in force.get("setup_zone", []) if map_label(data, z, self.folder) != label]
            if force.get("side") == side:
                zone.append(label)
            tx.set(("forces", index, "setup_zone"), zone)
        return ("forces",)

    def _victory(self, tx: Transaction, label: str) -> JsonPath:
        """Make ``label`` a victory hex, or no longer one."""
        data = tx.get(())
        hexes = list(tx.get(("victory", "hexes"), []))
        kept = [h for h in hexes if map_label(data, h, self.folder) != label]
        tx.set(("victory", "hexes"), kept if len(kept) < len(hexes) else [*hexes, label])
        return ("victory", "hexes")

    def _arm(self, tx: Transaction, weapon: str, label: str) -> JsonPath | None:
        top = [p for p in self.placed(tx.get(()), None) if label in p.cells]
        if not top:
            return None
        path = top[-1].path
        weapons = list(tx.get((*path, "weapons"), []))
        tx.set((*path, "weapons"), [*weapons, weapon])
        return path

    def placed(self, data: dict[str, Any], runtime: Any) -> list[Placed]:
        """Every counter of both forces, at its map label."""
        items: list[Placed] = []
        types = unit_types()
        for f, force in enumerate(get_at(data, ("forces",), [])):
            for u, unit in enumerate(force.get("units", []) if isinstance(force, dict) else []):
                if not isinstance(unit, dict) or not isinstance(unit.get("at"), str):
                    continue
                at = map_label(data, unit["at"], self.folder)
                known = types.get(str(unit.get("type")))
                name = known.name if known is not None else localized(str(unit.get("type")))
                items.append(Placed(("forces", f, "units", u), name, at, (at,), "unit"))
        for i, marker in enumerate(get_at(data, ("markers",), [])):
            if isinstance(marker, dict) and isinstance(marker.get("at"), str) and marker.get("kind") in MARKER_NAMES:
                at = map_label(data, marker["at"], self.folder)
                name = _marker_name(str(marker["kind"]), int(marker.get("level", 0)))
                items.append(Placed(("markers", i), name, at, (at,), "marker"))
        return items

    def move(self, tx: Transaction, item: Placed, start: Spot, end: Spot, runtime: Any) -> None:
        """A counter goes to the hex under the mouse (on the ground floor); a marker keeps its storey."""
        tx.set((*item.path, "at"), end.label)
        if item.kind == "unit":
            tx.delete((*item.path, "level"))

    def turn(self, tx: Transaction, item: Placed, how: Literal["rotate", "flip"]) -> None:
        """Rotate: a vehicle's or weapon team's front turns one hexside clockwise; flip: Good order ↔ Shaken (a
        marker neither turns nor flips)."""
        if item.kind == "marker":
            return
        if how == "rotate":
            facing = int(tx.get((*item.path, "facing"), 0))
            tx.set((*item.path, "facing"), (facing - 1) % 6)
        else:
            shaken = tx.get((*item.path, "status"), "good") == "shaken"
            tx.set((*item.path, "status"), "good" if shaken else "shaken")

    def delete(self, tx: Transaction, item: Placed) -> None:
        """Remove the counter (and what it carries)."""
        tx.remove(item.path[:-1], int(item.path[-1]))

    def setup_fields(self, data: dict[str, Any]) -> list[FieldSpec]:
        """Turn limit, initiative, victory, force names, optional rules."""
        fields = [
            FieldSpec(("turns",), t("Turn limit"), "int", minimum=1, maximum=30),
            FieldSpec(("initiative",), t("Initiative before turn 1"), "choice", SIDES),
            FieldSpec(("victory", "attacker"), t("Attacker (must take the victory hexes)"), "choice", SIDES),
            FieldSpec(("victory", "needed"), t("Victory hexes the attacker needs"), "int", minimum=0, maximum=50),
        ]
        for i, _force_data in enumerate(get_at(data, ("forces",), [])):
            head = t("Force {number}", number=i + 1)
            fields += [
                FieldSpec(("forces", i, "name", "en"), t("{force}: name", force=head), "text"),
                FieldSpec(
                    ("forces", i, "name", "zh_CN"), t("{force}: name (Chinese)", force=head), "text", optional=True
                ),
            ]
        for name in OPTION_LABELS:  # noqa: PLC0206 (t(TABLE[key]) lets the message extractor find the labels)
            default = Options.model_fields[name].default
            fields.append(FieldSpec(("rules", name), t(OPTION_LABELS[name]), "bool", default=default))
        return fields

    def checks(self, model: BaseModel, runtime: Any, state: Any) -> list[Finding]:
        """Stacking, terrain a counter may not stand in, set-up zones, victory counts."""
        assert isinstance(model, LnlScenario)
        return findings(model, runtime)

    def locate(self, data: dict[str, Any], path: JsonPath) -> str | None:
        """A board hex's map label, a zone or victory hex, or the ``at`` of a counter (as the map prints it)."""
        if len(path) >= 4 and path[0] == "board_defs" and path[2] == "hexes" and isinstance(path[3], str):
            return local_label(data, int(path[1]), path[3])
        value = get_at(data, path, None)
        if isinstance(value, str) and ("setup_zone" in path or "hexes" in path):
            return map_label(data, value, self.folder)
        found = nearest_label(data, path)
        return map_label(data, found, self.folder) if found is not None else None


def _marker_name(kind: str, level: int) -> Text:
    """A set-up marker's name in the palette (an upper storey's Spotted marker names it)."""
    name = MARKER_NAMES[kind]
    return t("{marker} (storey {level})", marker=name, level=level) if level else name


def _force_name(data: dict[str, Any], side: str) -> Any:
    for force in get_at(data, ("forces",), []):
        if isinstance(force, dict) and force.get("side") == side and isinstance(force.get("name"), dict):
            name = force["name"]
            return localized(str(name.get("en") or side), name.get("zh_CN"))
    return localized(side)


PLUGIN = LnlEditing()
