"""The Typhoon editor plug-in: map brushes, places, set-up areas, counters and the live checks."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from app.core.i18n import t
from app.scenario.editor.checking import CheckResult, check_document
from app.scenario.editor.document import Document
from app.scenario.editor.plugin import Spot, editor_of, in_folder
from app.systems.typhoon import SYSTEM
from app.systems.typhoon.editing import PLUGIN, TyphoonEditing

ROOT = Path(__file__).resolve().parents[3]
CAMPAIGN = ROOT / "scenarios" / "typhoon" / "typhoon_campaign.json"
SYSTEMS = {"typhoon": SYSTEM}


@cache
def _campaign_text() -> str:
    return CAMPAIGN.read_text(encoding="utf-8")


def campaign() -> tuple[Document, TyphoonEditing]:
    """The bundled campaign as an editor document, with the plug-in bound to its folder."""
    plugin = in_folder(PLUGIN, CAMPAIGN.parent)
    assert isinstance(plugin, TyphoonEditing)
    return Document(json.loads(_campaign_text()), CAMPAIGN), plugin


def check(doc: Document, plugin: TyphoonEditing, path: Path | None = CAMPAIGN) -> CheckResult:
    """The editor's live check of the document."""
    return check_document(doc.data, path, SYSTEMS, plugin)


def stroke(doc: Document, plugin: TyphoonEditing, tool: str, labels: list[str]) -> None:
    """One drag of ``tool`` across hexes (one undo step), as the editor sends it."""
    with doc.transaction(t("Place {what}", what=tool)) as tx:
        for label in labels:
            plugin.place(tx, tool, Spot(label, label), None)


def messages(result: CheckResult) -> list[tuple[str, str]]:
    """(severity, English message) of every finding."""
    return [(f.severity, f.message.render()) for f in result.findings]


def test_the_system_offers_the_plugin_and_a_clean_new_document() -> None:
    """The new document loads without errors, and its palette has map brushes, places and counters."""
    assert editor_of(SYSTEM) is PLUGIN
    doc = PLUGIN.new_document()
    result = check_document(doc, None, SYSTEMS, PLUGIN)
    assert result.errors == [] and result.playable
    ids = {e.id for e in PLUGIN.palette(doc)}
    assert {"terrain:swamp", "side:major_river", "line:railways", "mark:supply_soviet", "new:axis:hq"} <= ids
    assert len(PLUGIN.placed(doc, result.runtime)) == 4 + 8


def test_terrain_brush_copies_the_board_file_into_the_document_and_undo_restores_it() -> None:
    """TY-MAP-7: painting a hex of a scenario that names a board file inlines that map; undo brings the name
    back."""
    doc, plugin = campaign()
    stroke(doc, plugin, "terrain:swamp", ["1010", "1011"])
    board = doc.data["board"]
    assert board["terrain"]["1010"] == board["terrain"]["1011"] == "swamp" and board["columns"] == 28
    assert check(doc, plugin).errors == []
    doc.undo()
    assert doc.data["board"] == "resources:boards/typhoon_1941.json"


def test_hexside_brush_marks_and_erases_the_sides_a_drag_crosses() -> None:
    """TY-MAP-1: dragging a river brush from hex to hex puts a river on each hexside crossed; the eraser clears
    them; a jump between hexes that do not touch marks nothing."""
    doc, plugin = campaign()
    stroke(doc, plugin, "side:major_river", ["2020", "2021", "2121"])
    sides = doc.data["board"]["hexsides"]
    added = [s for s in sides if "2021" in (s["a"], s["b"]) and s["kind"] == "major_river"]
    assert len(added) == 2
    stroke(doc, plugin, "side:-", ["2020", "2021"])
    assert not [s for s in doc.data["board"]["hexsides"] if {s["a"], s["b"]} == {"2020", "2021"}]
    before = len(doc.data["board"]["hexsides"])
    stroke(doc, plugin, "side:river", ["2020", "2525"])
    assert len(doc.data["board"]["hexsides"]) == before
    assert check(doc, plugin).errors == []


def test_road_and_railway_brushes_draw_paths_and_the_eraser_removes_them() -> None:
    """TY-MAP-4, TY-MOV-5: a road drag becomes one road path through every hex dragged; erasing a hex removes
    every road and railway through it."""
    doc, plugin = campaign()
    board_file = ROOT / "resources" / "boards" / "typhoon_1941.json"
    roads = len(json.loads(board_file.read_text(encoding="utf-8"))["board"]["roads"])
    stroke(doc, plugin, "line:roads", ["2001", "2002", "2003"])
    assert doc.data["board"]["roads"][-1] == ["2001", "2002", "2003"] and len(doc.data["board"]["roads"]) == roads + 1
    stroke(doc, plugin, "line:-", ["2002"])
    assert all("2002" not in path for path in doc.data["board"]["roads"])
    assert check(doc, plugin).errors == []


def test_places_and_set_up_areas() -> None:
    """TY-MAP-2, TY-MAP-3: a supply source, town and fortified hex are added once; a set-up area brush adds
    hexes to an army's area, and an empty set-up hex is a warning (TY-SETUP-2)."""
    doc, plugin = campaign()
    areas = {e.id for e in plugin.palette(doc.data) if e.id.startswith("area:")}
    assert (
        len(areas) == 21 + 3 + 1 and {"area:setup_13A", "area:setup_5A", "area:-"} <= areas
    )  # 5A, 10A, 1S arrive later
    with doc.transaction(t("x")) as tx:
        made = plugin.place(tx, "mark:supply_axis", Spot("1313", "1313"), None)
        again = plugin.place(tx, "mark:supply_axis", Spot("1313", "1313"), None)
    assert made is not None and again is None
    assert doc.data["board"]["marks"][made[-1]] == {"at": "1313", "kind": "supply_source", "side": "axis"}
    stroke(doc, plugin, "area:setup_9A", ["2020"])
    assert "2020" in doc.data["board"]["areas"]["setup_9A"]
    assert ("warning", "Set-up area setup_9A: hexes without a counter: 2020") in messages(check(doc, plugin))
    stroke(doc, plugin, "area:-", ["2020"])
    assert "2020" not in doc.data["board"]["areas"]["setup_9A"]


def test_counters_come_from_the_box_flip_and_go_back() -> None:
    """TY-SETUP-4, TY-UNIT-4: a counter waiting in the Available Reinforcements box is placed from the palette,
    flips to its reduced side, and returns to the box when deleted."""
    doc, plugin = campaign()
    entry = next(e for e in plugin.palette(doc.data) if e.id == "unit:sov-rifle-312")
    with doc.transaction(t("x")) as tx:
        path = plugin.place(tx, entry.id, Spot("2020", "2020"), None)
    assert path is not None and doc.data["setup"][path[1]] == {"unit": "sov-rifle-312", "at": "2020"}
    item = next(p for p in plugin.placed(doc.data, None) if p.path == path)
    with doc.transaction(t("x")) as tx:
        plugin.turn(tx, item, "flip")
    assert doc.data["setup"][path[1]]["reduced"] is True
    with doc.transaction(t("x")) as tx:
        plugin.move(tx, item, Spot("2020", "2020"), Spot("2021", "2021"), None)
        plugin.delete(tx, item)
    assert doc.data["setup"][path[1]] == {"unit": "sov-rifle-312", "at": "reserve"}


def test_a_new_hq_gets_its_card_and_edits_like_any_counter() -> None:
    """TY-HQ-1, TY-CARD-1: a new HQ is an inline counter with a command range and its own HQ card."""
    doc = Document(PLUGIN.new_document())
    with doc.transaction(t("x")) as tx:
        path = PLUGIN.place(tx, "new:soviet:hq", Spot("1108", "1108"), None)
    assert path is not None
    unit = doc.data["units"][path[1]]
    assert unit["command_range"] == 3 and unit["side"] == "soviet"
    assert {"id": unit["id"], "side": "soviet", "kind": "hq", "hq": unit["id"]} in doc.data["cards"]
    assert PLUGIN.locate(doc.data, path) == "1108"
    assert check_document(doc.data, None, SYSTEMS, PLUGIN).errors == []


def _with(data: dict[str, Any], **changes: Any) -> Document:
    doc = Document(copy.deepcopy(data))
    for key, value in changes.items():
        doc.data[key] = value
    return doc


def test_live_checks_find_stacking_closed_hexes_and_missing_sources() -> None:
    """TY-STK-1, TY-STK-2, TY-MOV-12, TY-MAP-3: three counters in a hex, both sides in one hex, a counter in
    a lake and a side without a supply source are errors."""
    base = PLUGIN.new_document()
    setup = [dict(p, at="0304") if p["unit"] in ("ger-pz-2", "ger-inf-1") else p for p in base["setup"]]
    found = messages(check_document(_with(base, setup=setup).data, None, SYSTEMS, PLUGIN))
    assert ("error", "3 counters in hex 0304: at most two may stack") in found
    setup = [dict(p, at="0304") if p["unit"] == "sov-inf-1" else p for p in base["setup"]]
    found = messages(check_document(_with(base, setup=setup).data, None, SYSTEMS, PLUGIN))
    assert ("error", "Axis and Soviet counters share hex 0304") in found
    board = copy.deepcopy(base["board"])
    board["terrain"]["0704"] = "lake"
    board["marks"] = [m for m in board["marks"] if m.get("side") != "soviet"]
    found = messages(check_document(_with(base, board=board).data, None, SYSTEMS, PLUGIN))
    assert ("error", "1 Inf stands in a hex no unit may enter (lake)") in found
    assert ("error", "The soviet side has no supply source") in found


def test_live_checks_warn_of_hqs_without_cards_and_unreachable_victory() -> None:
    """TY-HQ-2, TY-VIC-1, TY-VIC-2: an HQ without a card and a victory threshold above the map's large-city
    hexes are warnings."""
    base = PLUGIN.new_document()
    cards = [c for c in base["cards"] if c.get("hq") != "ger-hq-1"]
    victory = dict(base["victory"], final_cities=3)
    found = messages(check_document(_with(base, cards=cards, victory=victory).data, None, SYSTEMS, PLUGIN))
    assert ("warning", "HQ 1 HQ has no command card") in found
    assert ("warning", "Victory needs 3 large-city hexes but only 1 are counted") in found


def test_setup_form_holds_the_turn_track_and_options() -> None:
    """TY-MAP-6, TY-CMD-4, TY-REIN-2, TY-MAP-5: the form has each turn's cards and reinforcements, the victory
    numbers, every optional rule, and the map's size once the document has its own map."""
    doc, plugin = campaign()
    paths = {f.path for f in plugin.setup_fields(doc.data)}
    assert ("turns", 11, "su_com") in paths and ("turns", 0, "ger_reinf") in paths
    assert ("victory", "final_cities") in paths and ("options", "guards_conversion") in paths
    assert ("board", "columns") not in paths
    stroke(doc, plugin, "terrain:clear", ["0101"])
    assert ("board", "columns") in {f.path for f in plugin.setup_fields(doc.data)}
