"""The scenario editor's Commands & Colors: Ancients tools (chapter 2, Setup: CCA-SETUP-1, CCA-SETUP-2, CCA-SETUP-3,
CCA-BOARD-4).

Terrain tiles are painted on hexes of the standard board; units (by class) and leaders are placed per side;
the set-up form holds each army's name, colour, side (top or bottom), Command (hand size) and banners to
win, the first player and the special-rule switches. Checks: units on impassable terrain (CCA-TERRAIN),
a leader with no friendly unit in reach, and banner counts no side can reach (CCA-VICTORY-1).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from app.core.i18n import Text, localized, t
from app.scenario.editor.document import JsonPath, Transaction, get_at
from app.scenario.editor.fields import FieldSpec
from app.scenario.editor.plugin import Finding, PaletteEntry, Placed, Spot, nearest_label
from app.systems.cca.scenario import SIDES, CcaScenario, Runtime, SpecialRules
from app.systems.cca.tables import class_name, terrains, unit_classes

STANDARD_BOARD = "resources:boards/cca_standard.json"
SWITCHES = {  # the scenario's special-rule switches (docs/cca-decisions.md Q1, Q2, Q5)
    "cap_two_way": "Terrain caps also limit attacks into forest, broken ground and fords (Q1)",
    "broken_mounted_may_battle": "Mounted units may battle the turn they enter broken ground (Q2)",
    "ignored_swords_reroll": "Elephant swords the target ignores still add a die (Q5)",
}
CLEAR = "clear"
SIDE_NAMES = (("bottom", t("bottom edge")), ("top", t("top edge")))  # the form's choices in words


def _army(side: str, name_en: str, name_zh: str, colour: str, row: str) -> dict[str, Any]:
    return {
        "side": side,
        "name": {"en": name_en, "zh_CN": name_zh},
        "colour": colour,
        "command": 5,
        "banners": 1,
        "units": [{"cls": "MI", "at": f"07{row}"}],
        "leaders": [],
    }


class CcaEditing:
    """The :class:`~app.scenario.editor.plugin.EditorPlugin` of Commands & Colors: Ancients."""

    system_id = "cca"

    def new_document(self) -> dict[str, Any]:
        """The standard board with no terrain and one medium infantry unit a side."""
        return {
            "format": "adjutant-scenario",
            "system": "cca",
            "schema_version": 1,
            "id": "new_battle",
            "title": {"en": "New battle", "zh_CN": "新战役"},
            "board": {"ref": STANDARD_BOARD, "terrain": {}, "hexsides": []},
            "armies": [
                _army("bottom", "Bottom army", "下方军队", "#a33a3a", "09"),
                _army("top", "Top army", "上方军队", "#3a5aa3", "01"),
            ],
            "first_player": "bottom",
        }

    def palette(self, data: dict[str, Any]) -> list[PaletteEntry]:
        """Terrain brushes, then every unit class and a leader for each side."""
        entries = [
            PaletteEntry(f"terrain:{spec.id}", t("Terrain"), spec.name, paint=True)
            for spec in terrains().values()
            if spec.id != "seacoast"
        ]
        for index, army in enumerate(get_at(data, ("armies",), [])):
            name = army.get("name", {}) if isinstance(army, dict) else {}
            group = localized(str(name.get("en") or army.get("side")), name.get("zh_CN"))
            entries += [PaletteEntry(f"unit:{index}:{code}", group, cls.name) for code, cls in unit_classes().items()]
            entries.append(PaletteEntry(f"leader:{index}", group, t("Leader")))
        return entries

    def place(self, tx: Transaction, entry_id: str, spot: Spot, runtime: Any) -> JsonPath | None:
        """Paint a terrain tile, or add a unit or leader to an army."""
        kind, _, rest = entry_id.partition(":")
        if kind == "terrain":
            path: JsonPath = ("board", "terrain", spot.label)
            if rest == CLEAR:
                tx.delete(path)
            else:
                tx.set(path, rest)
            return None
        index_text, _, code = rest.partition(":")
        index = int(index_text)
        if kind == "unit":
            return ("armies", index, "units", tx.append(("armies", index, "units"), {"cls": code, "at": spot.label}))
        if kind == "leader":
            leader = {"at": spot.label}  # unnamed until the inspector's name fields are filled in
            return ("armies", index, "leaders", tx.append(("armies", index, "leaders"), leader))
        return None

    def placed(self, data: dict[str, Any], runtime: Any) -> list[Placed]:
        """Units, then leaders (which ride on top)."""
        items: list[Placed] = []
        classes = unit_classes()
        for kind in ("units", "leaders"):
            for a, army in enumerate(get_at(data, ("armies",), [])):
                for i, obj in enumerate(army.get(kind, []) if isinstance(army, dict) else []):
                    if not isinstance(obj, dict) or not isinstance(obj.get("at"), str):
                        continue
                    cls = classes.get(str(obj.get("cls")))
                    name = cls.name if cls is not None else _leader_label(obj.get("name"))
                    items.append(Placed(("armies", a, kind, i), name, obj["at"], (obj["at"],), kind[:-1]))
        return items

    def move(self, tx: Transaction, item: Placed, start: Spot, end: Spot, runtime: Any) -> None:
        """Units and leaders go to the hex under the mouse."""
        tx.set((*item.path, "at"), end.label)

    def turn(self, tx: Transaction, item: Placed, how: Literal["rotate", "flip"]) -> None:
        """Blocks have no facing: nothing to turn."""

    def delete(self, tx: Transaction, item: Placed) -> None:
        """Remove the unit or leader."""
        tx.remove(item.path[:-1], int(item.path[-1]))

    def setup_fields(self, data: dict[str, Any]) -> list[FieldSpec]:
        """Each army's War Council (CCA-SETUP-2), the first player (CCA-SETUP-3), the special rules."""
        fields: list[FieldSpec] = []
        for i, _army_data in enumerate(get_at(data, ("armies",), [])):
            head = t("Army {number}", number=i + 1)
            fields += [
                FieldSpec(("armies", i, "name", "en"), t("{army}: name", army=head), "text"),
                FieldSpec(
                    ("armies", i, "name", "zh_CN"), t("{army}: name (Chinese)", army=head), "text", optional=True
                ),
                FieldSpec(
                    ("armies", i, "side"), t("{army}: side", army=head), "choice", SIDES, choice_names=SIDE_NAMES
                ),
                FieldSpec(("armies", i, "colour"), t("{army}: colour", army=head), "text", pattern=r"#[0-9a-fA-F]{6}"),
                FieldSpec(("armies", i, "command"), t("{army}: hand size", army=head), "int", minimum=2, maximum=8),
                FieldSpec(
                    ("armies", i, "banners"), t("{army}: banners to win", army=head), "int", minimum=1, maximum=20
                ),
            ]
        first = [(side, t("the army at the {edge}", edge=name)) for side, name in SIDE_NAMES]
        fields.append(FieldSpec(("first_player",), t("First player"), "choice", SIDES, choice_names=tuple(first)))
        for name in SWITCHES:  # noqa: PLC0206 (t(TABLE[key]) lets the message extractor find the labels)
            default = SpecialRules.model_fields[name].default
            fields.append(FieldSpec(("rules", name), t(SWITCHES[name]), "bool", default=default))
        return fields

    def checks(self, model: BaseModel, runtime: Any, state: Any) -> list[Finding]:
        """Impassable terrain under units, lonely leaders, banner counts out of reach."""
        assert isinstance(model, CcaScenario) and isinstance(runtime, Runtime)
        return [*_impassable(model, runtime), *_lonely_leaders(model, runtime), *_banners(model)]

    def locate(self, data: dict[str, Any], path: JsonPath) -> str | None:
        """A terrain entry's hex, or the ``at`` hex of a unit or leader."""
        if len(path) >= 3 and path[:2] == ("board", "terrain") and isinstance(path[2], str):
            return path[2]
        return nearest_label(data, path)


def _leader_label(name: Any) -> Text:
    """ "Leader Antipater" in the reader's language; the name may be one plain string or English and Chinese."""
    if isinstance(name, str) and name:
        return t("Leader {name}", name=localized(name))
    if isinstance(name, dict) and name.get("en"):
        chinese = name.get("zh_CN")
        return t("Leader {name}", name=localized(str(name["en"]), chinese if isinstance(chinese, str) else None))
    return t("Leader")


def _impassable(model: CcaScenario, runtime: Runtime) -> list[Finding]:
    found: list[Finding] = []
    table = terrains()
    for a, army in enumerate(model.armies):
        for i, unit in enumerate(army.units):
            terrain = runtime.grid.terrain(runtime.grid.from_label(unit.at))
            if terrain in table and table[terrain].impassable:
                message = t(
                    "{unit} at {hex} stands on impassable {terrain}",
                    unit=class_name(unit.cls),
                    hex=unit.at,
                    terrain=table[terrain].name,
                )
                found.append(Finding("error", f"$.armies[{a}].units[{i}].at", message, unit.at))
    return found


def _lonely_leaders(model: CcaScenario, runtime: Runtime) -> list[Finding]:
    found: list[Finding] = []
    grid = runtime.grid
    for a, army in enumerate(model.armies):
        hexes = [grid.from_label(u.at) for u in army.units]
        for i, leader in enumerate(army.leaders):
            here = grid.from_label(leader.at)
            if not any(grid.distance(here, h) <= 1 for h in hexes):
                message = t("The leader at {hex} has no friendly unit beside him", hex=leader.at)
                found.append(Finding("warning", f"$.armies[{a}].leaders[{i}].at", message, leader.at))
    return found


def _banners(model: CcaScenario) -> list[Finding]:
    found: list[Finding] = []
    for a, army in enumerate(model.armies):
        enemy = next(x for x in model.armies if x is not army)
        reachable = len(enemy.units) + len(enemy.leaders)
        if army.banners > reachable:
            message = t(
                "The {side} army needs {banners} banners but the enemy has only {count} units and leaders to lose",
                side=army.name.text(),
                banners=army.banners,
                count=reachable,
            )
            found.append(Finding("warning", f"$.armies[{a}].banners", message))
    return found


PLUGIN = CcaEditing()
