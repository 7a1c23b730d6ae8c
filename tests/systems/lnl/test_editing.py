"""The squad game's editor plug-in (app/systems/lnl/editing.py, board_edit.py, editing_checks.py): painting
geomorphic boards (terrain, ground level, storeys), zones, victory hexes, counters and weapons, the set-up form,
and the checks (LNL-SETUP-1, LNL-SETUP-2, LNL-STACK-1, LNL-STACK-2, LNL-STACK-3, LNL-STACK-4, LNL-MOVE-2, LNL-SW-1)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from app.scenario.editor.document import Document
from app.scenario.editor.plugin import FolderAware, Spot
from app.scenario.loading import ScenarioError, read_json
from app.systems.lnl.board import Runtime, build_runtime
from app.systems.lnl.board_edit import board_hex, map_label
from app.systems.lnl.editing import PLUGIN, LnlEditing
from app.systems.lnl.scenario import LnlScenario

FOLDER = Path(__file__).resolve().parents[3] / "scenarios" / "lnl"
BUNDLED = ("saint_martin", "hill_140", "mill_bridge", "norman_valley", "church_sniper")


def _build(data: dict[str, Any], folder: Path | None = FOLDER) -> tuple[LnlScenario, Runtime]:
    model = LnlScenario.model_validate(data)
    return model, build_runtime(model, folder)


def _paint(plugin: LnlEditing, doc: Document, entry: str, *labels: str) -> list[Any]:
    made = []
    with doc.transaction(plugin.palette(doc.data)[0].label) as tx:
        for label in labels:
            made.append(plugin.place(tx, entry, Spot(None, label), None))
    return made


def _messages(data: dict[str, Any]) -> list[tuple[str, str]]:
    model, runtime = _build(data)
    return [(f.severity, f.message.render("en")) for f in PLUGIN.checks(model, runtime, None)]


def test_a_new_document_builds_and_has_a_blank_board() -> None:
    data = PLUGIN.new_document()
    model, runtime = _build(data, None)
    assert (runtime.grid.columns, runtime.grid.rows) == (12, 10) and model.turns == 6
    assert PLUGIN.checks(model, runtime, None) == []
    assert {e.id.split(":")[0] for e in PLUGIN.palette(data)} == {
        "terrain", "level", "storeys", "zone", "victory", "unit", "weapon", "marker"
    }  # fmt: skip


def test_painting_a_bundled_board_copies_it_into_the_scenario_first() -> None:
    """LNL-SETUP-2: terrain, level and storeys are set per hex; the board file itself is never changed."""
    plugin = LnlEditing(FOLDER)
    doc = Document(read_json(FOLDER / "saint_martin.json"))
    _paint(plugin, doc, "terrain:woods", "0101", "0201")
    _paint(plugin, doc, "level:2", "0101")
    assert doc.data["board_files"] == [] and doc.data["board_defs"][0]["id"] == "a_village"
    assert doc.data["board_defs"][0]["hexes"]["0101"] == {"terrain": "woods", "elevation": 2}
    _model, runtime = _build(doc.data)
    corner = runtime.grid.from_label("0101")
    assert runtime.grid.terrain(corner) == "woods" and runtime.level(corner) == 2
    assert read_json(FOLDER / "boards" / "a_village.json")["board"]["hexes"].get("0101") is None
    doc.undo()
    doc.undo()
    assert doc.data == read_json(FOLDER / "saint_martin.json")


def test_storeys_only_go_on_buildings_and_open_ground_is_left_out_of_the_file() -> None:
    """LNL-STACK-4: a stone house of three storeys; storeys on a field are refused; open ground is the default."""
    plugin = LnlEditing(FOLDER)
    doc = Document(PLUGIN.new_document())
    _paint(plugin, doc, "terrain:stone_building", "0505")
    assert _paint(plugin, doc, "storeys:3", "0505", "0605") == [("board_defs", 0, "hexes", "0505"), None]
    _model, runtime = _build(doc.data)
    assert runtime.storeys[runtime.grid.from_label("0505")] == 3
    _paint(plugin, doc, "terrain:open", "0505")
    assert doc.data["board_defs"][0]["hexes"] == {}  # open is the default terrain and storeys went with the house


def test_a_turned_board_maps_labels_both_ways() -> None:
    """LNL-SETUP-1: a board turned 180° prints its hex 0101 in the far corner of its rectangle."""
    data = PLUGIN.new_document()
    data["boards"] = [{"board": "new_board", "name": "A", "rotated": True}]
    where = board_hex(data, "1210", None)
    assert where is not None and (where.board, where.local) == ("new_board", "0101")
    assert map_label(data, "A:0101", None) == "1210" and map_label(data, "0307", None) == "0307"
    _model, runtime = _build(data, None)
    assert runtime.local["A:0101"] == runtime.grid.from_label("1210")


def test_counters_weapons_zones_and_victory_hexes() -> None:
    """LNL-SW-1: a weapon goes to the top counter of the hex; zones and victory hexes toggle per hex."""
    plugin = LnlEditing(None)
    doc = Document(PLUGIN.new_document())
    (unit,) = _paint(plugin, doc, "unit:allies:us_squad", "0309")
    _paint(plugin, doc, "weapon:us_bar", "0309")
    assert doc.data["forces"][0]["units"][-1] == {"type": "us_squad", "at": "0309", "weapons": ["us_bar"]}
    assert _paint(plugin, doc, "weapon:us_bar", "0808") == [None]  # nobody there to carry it
    _paint(plugin, doc, "zone:allies", "0309", "0409")
    _paint(plugin, doc, "zone:axis", "0409")
    assert doc.data["forces"][0]["setup_zone"] == ["0610", "0309"] and "0409" in doc.data["forces"][1]["setup_zone"]
    _paint(plugin, doc, "victory", "0101", "0605")
    assert doc.data["victory"]["hexes"] == ["0101"]  # 0605 was one already: toggled off
    item = next(p for p in plugin.placed(doc.data, None) if p.path == unit)
    with doc.transaction(item.label) as tx:
        plugin.turn(tx, item, "flip")
        plugin.turn(tx, item, "rotate")
        plugin.move(tx, item, Spot(None, "0309"), Spot(None, "0410"), None)
    assert doc.data["forces"][0]["units"][-1]["status"] == "shaken"
    assert doc.data["forces"][0]["units"][-1]["facing"] == 5 and doc.data["forces"][0]["units"][-1]["at"] == "0410"
    with doc.transaction(item.label) as tx:
        plugin.delete(tx, item)
    assert len(doc.data["forces"][0]["units"]) == 1


def test_the_set_up_form_covers_turns_initiative_victory_names_and_options() -> None:
    paths = {f.path for f in PLUGIN.setup_fields(PLUGIN.new_document())}
    assert {("turns",), ("initiative",), ("victory", "attacker"), ("victory", "needed")} <= paths
    assert ("forces", 1, "name", "zh_CN") in paths and ("rules", "hero_on_odd") in paths


def test_stacking_terrain_weapons_zones_and_victory_are_checked() -> None:
    """LNL-STACK-1, LNL-STACK-2, LNL-STACK-3, LNL-MOVE-2, LNL-SW-1: what a set-up may not do."""
    data = PLUGIN.new_document()
    data["board_defs"][0]["hexes"] = {"0303": {"terrain": "building"}, "0404": {"terrain": "water"}}
    allies = data["forces"][0]["units"]
    allies += [{"type": "us_squad", "at": "0610"}] * 3  # four squads in one hex
    allies += [{"type": "us_leader", "at": "0610"}] * 3  # three leaders
    allies += [{"type": "us_sherman", "at": "0303"}, {"type": "us_57mm", "at": "0303"}]
    allies += [{"type": "us_half", "at": "0710", "weapons": ["us_bar", "us_30cal"]}, {"type": "us_squad", "at": "0404"}]
    data["victory"]["needed"] = 3
    found = _messages(data)
    errors = [m for s, m in found if s == "error"]
    assert any("4 squad-equivalents" in m and "LNL-STACK-1" in m for m in errors)
    assert any("3 single-man counters" in m and "LNL-STACK-2" in m for m in errors)
    assert any("M4 Sherman cannot stand in Building (wood)" in m for m in errors)
    assert any("57mm AT gun team may not set up in a building (LNL-MOVE-2)" in m for m in errors)
    assert any("carries 2 support weapons; it may carry 1 (LNL-SW-1)" in m for m in errors)
    assert any("cannot stand in Water" in m for m in errors)
    assert any("needs 3 victory hexes" in m for m in errors)
    assert ("warning", "us_sherman at 0303 is outside its set-up zone") in found


def test_three_vehicles_in_a_hex_are_too_many() -> None:
    """LNL-STACK-3: at most two vehicles (or wrecks) per hex."""
    data = PLUGIN.new_document()
    data["forces"][0]["units"] += [{"type": "us_halftrack", "at": "0610"}] * 3
    assert any("LNL-STACK-3" in m for s, m in _messages(data) if s == "error")


def test_the_bundled_scenarios_check_clean() -> None:
    """Every bundled scenario sets its counters up inside its zones, within the stacking limits."""
    for name in BUNDLED:
        data = read_json(FOLDER / f"{name}.json")
        assert _messages(copy.deepcopy(data)) == [], name


def test_findings_point_at_the_board() -> None:
    plugin = LnlEditing(FOLDER)
    data = read_json(FOLDER / "hill_140.json")
    assert plugin.locate(data, ("forces", 0, "units", 0, "at")) == "1605"  # D:0405 on the map
    assert plugin.locate(data, ("victory", "hexes", 0)) == "0603"
    doc = Document(data)
    _paint(plugin, doc, "terrain:brush", "1301")
    assert plugin.locate(doc.data, ("board_defs", 0, "hexes", "0101")) == "1301"
    assert isinstance(plugin.with_folder(None), LnlEditing) and isinstance(plugin, FolderAware)


def test_set_up_markers_toggle_and_load() -> None:
    """LNL-SETUP-1, LNL-FIRE-1: the marker brushes put a Spotted marker on a storey and smoke on a hex; painting the
    same again takes it off; a marker moves (keeping its storey) and is deleted like a counter; a storey the hex
    lacks is refused by the loader at the marker's path."""
    plugin = LnlEditing(None)
    doc = Document(PLUGIN.new_document())
    doc.data["board_defs"][0]["hexes"] = {"0303": {"terrain": "building", "storeys": 2}}
    _paint(plugin, doc, "marker:spotted:1", "0303")
    _paint(plugin, doc, "marker:smoke1:0", "0404")
    assert doc.data["markers"] == [{"at": "0303", "kind": "spotted", "level": 1}, {"at": "0404", "kind": "smoke1"}]
    model, runtime = _build(doc.data, None)
    assert model.markers[0].state_marker() == "spotted@1" and runtime.model.markers[1].kind == "smoke1"
    items = [p for p in plugin.placed(doc.data, None) if p.kind == "marker"]
    assert [(p.at, p.label.render("en")) for p in items] == [("0303", "Spotted (storey 1)"), ("0404", "Smoke 1")]
    with doc.transaction(items[0].label) as tx:
        plugin.move(tx, items[0], Spot(None, "0303"), Spot(None, "0505"), None)
    assert doc.data["markers"][0] == {"at": "0505", "kind": "spotted", "level": 1}
    with pytest.raises(ScenarioError) as err:
        _build(doc.data, None)
    assert "$.markers[0].level" in str(err.value)
    with doc.transaction(items[0].label) as tx:
        plugin.delete(tx, items[0])
    _paint(plugin, doc, "marker:smoke1:0", "0404")
    assert doc.data["markers"] == []
