"""Live validation of edited documents, schema-driven fields and the system plug-ins (SAS, C&C)."""

from __future__ import annotations

import pytest

from app.__main__ import LazySystems
from app.core.i18n import t
from app.scenario.editor.checking import check_document
from app.scenario.editor.document import MISSING, Document
from app.scenario.editor.fields import FieldSpec, FieldValueError, fields_from_schema, parse_field
from app.scenario.editor.files import open_document
from app.scenario.editor.plugin import Spot, parse_json_path
from app.scenario.resources import SCENARIOS
from app.systems.cca.editing import PLUGIN as CCA
from app.systems.sas.editing import PLUGIN as SAS
from app.systems.sas.editing_checks import expected_size

SYSTEMS = LazySystems()


def _messages(doc: Document, plugin: object) -> list[tuple[str, str, str | None]]:
    result = check_document(doc.data, None, SYSTEMS, plugin)  # type: ignore[arg-type]
    return [(f.severity, f.path, f.where) for f in result.findings]


def test_new_documents_are_playable() -> None:
    for plugin in (SAS, CCA):
        result = check_document(plugin.new_document(), None, SYSTEMS, plugin)
        assert result.playable and not result.findings


def test_schema_errors_come_from_the_loader_and_are_located() -> None:
    doc = Document(SAS.new_document())
    with doc.transaction(t("Place")) as tx:
        SAS.place(tx, "unit:guard", Spot((3, 5), "D6"), None)
    doc.set(("extra_units", 0, "facing"), "up")
    found = _messages(doc, SAS)
    assert ("error", "$.extra_units[0].facing", "D6") in found


def test_a_unit_off_the_board_is_an_error_at_its_path() -> None:
    doc = Document(SAS.new_document())
    with doc.transaction(t("Place")) as tx:
        SAS.place(tx, "unit:officer", Spot((30, 30), "AE31"), None)
    assert _messages(doc, SAS) == [("error", "$.extra_units[0].at", "AE31")]


def test_stacking_and_impassable_squares() -> None:
    doc = Document(SAS.new_document())
    doc.set(("board", "tiles", 0, "side"), "B")  # the orchard: a pond
    farm_water = _first_square(doc, "water")
    with doc.transaction(t("Place")) as tx:
        SAS.place(tx, "unit:guard", Spot((1, 4), "B5"), None)
        SAS.place(tx, "unit:officer", Spot((1, 4), "B5"), None)
        SAS.place(tx, "unit:guard", Spot(None, farm_water), None)
    found = _messages(doc, SAS)
    assert ("error", "$.extra_units[1]", "B5") in found
    assert ("error", "$.extra_units[2]", farm_water) in found


def _first_square(doc: Document, terrain: str) -> str:
    runtime = check_document(doc.data, None, SYSTEMS, SAS).runtime
    cell = next(c for c in sorted(runtime.grid.locations()) if runtime.grid.terrain(c) == terrain)
    return str(runtime.grid.label(cell))


def test_sizing_rules_sas_msn_4() -> None:
    assert expected_size(3) is None and expected_size(4) == (2, 6) and expected_size(9) == (4, 8)
    doc = open_document(SCENARIOS / "sas" / "tutorial_assassination.json")
    assert _messages(doc, SAS) == []
    doc.set(("operators",), ["jock"])
    doc.set(("stealth", "normal"), 8)
    found = _messages(doc, SAS)
    assert ("warning", "$.operators", None) in found and ("warning", "$.stealth.normal", None) in found


def test_an_objective_cut_off_from_the_entry_is_unreachable() -> None:
    doc = Document(SAS.new_document())
    with doc.transaction(t("Target")) as tx:
        SAS.place(tx, "marker:target", Spot((1, 4), "B5"), None)
    assert _messages(doc, SAS) == []
    doc.set(("board", "extras", 0, "at"), [12, 0])  # the entry/exit tile no longer touches the map
    assert ("warning", "$.objectives[0]", "B5") in _messages(doc, SAS)


def test_patrol_start_must_be_a_start_point() -> None:
    doc = open_document(SCENARIOS / "sas" / "tutorial_assassination.json")
    doc.set(("patrol_starts",), {"nowhere": "1,1"})
    assert ("error", "$.patrol_starts.nowhere", None) in _messages(doc, SAS)


def test_cca_impassable_terrain_and_banners() -> None:
    """CCA-BOARD-4, CCA-VICTORY-1: the checks name the unit's class and the army in the window's language (they
    read the class code "MI" and the side "bottom" in Chinese before)."""
    doc = Document(CCA.new_document())
    with doc.transaction(t("Paint")) as tx:
        CCA.place(tx, "terrain:river", Spot(None, "0709"), None)
    doc.set(("armies", 0, "banners"), 4)
    found = _messages(doc, CCA)
    assert ("error", "$.armies[0].units[0].at", "0709") in found
    assert ("warning", "$.armies[0].banners", None) in found
    texts = {f.message.render("zh_CN") for f in check_document(doc.data, None, SYSTEMS, CCA).findings}
    assert texts == {"0709的中装步兵位于不可通行的河流上", "下方军队需要4面旗帜，但敌方只有1个单位和将领可被消灭"}
    with doc.transaction(t("Erase")) as tx:
        CCA.place(tx, "terrain:clear", Spot(None, "0709"), None)
    assert doc.data["board"]["terrain"] == {}


def test_cca_units_leaders_move_and_delete() -> None:
    doc = Document(CCA.new_document())
    with doc.transaction(t("Place")) as tx:
        CCA.place(tx, "unit:1:HC", Spot(None, "0502"), None)
        CCA.place(tx, "leader:1", Spot(None, "0502"), None)
    items = CCA.placed(doc.data, None)
    assert [i.at for i in items] == ["0709", "0701", "0502", "0502"]
    with doc.transaction(t("Move")) as tx:
        CCA.move(tx, items[2], Spot(None, "0502"), Spot(None, "0603"), None)
        CCA.delete(tx, items[3])
    assert doc.data["armies"][1]["units"][1]["at"] == "0603" and doc.data["armies"][1]["leaders"] == []
    assert check_document(doc.data, None, SYSTEMS, CCA).playable


def test_fields_come_from_the_schema() -> None:
    doc = Document(SAS.new_document())
    with doc.transaction(t("Place")) as tx:
        SAS.place(tx, "unit:sentry", Spot((1, 4), "B5"), None)
    schema = SYSTEMS["sas"].scenario_model().model_json_schema()
    fields = {f.path[-1]: f for f in fields_from_schema(schema, doc.data, ("extra_units", 0))}
    assert fields["kind"].kind == "choice" and {"smg", "officer", "rifle", "mortar"} <= set(fields["kind"].choices)
    assert fields["facing"].choices == ("N", "E", "S", "W")
    assert fields["at"].pattern and fields["id"].optional
    with pytest.raises(FieldValueError):
        parse_field(fields["at"], "e7")
    assert parse_field(fields["at"], "E7") == "E7"
    assert parse_field(fields["id"], "") is MISSING


def test_parse_int_ranges_and_choices() -> None:
    spec = FieldSpec(("stealth", "normal"), t("Stealth"), "int", minimum=1, maximum=20)
    assert parse_field(spec, " 7 ") == 7
    for bad in ("0", "21", "seven", ""):
        with pytest.raises(FieldValueError):
            parse_field(spec, bad)
    choice = FieldSpec(("first_player",), t("First"), "choice", ("bottom", "top"))
    with pytest.raises(FieldValueError):
        parse_field(choice, "left")


def test_setup_fields_point_at_existing_values() -> None:
    for plugin in (SAS, CCA):
        doc = Document(plugin.new_document())
        paths = [f.path for f in plugin.setup_fields(doc.data)]
        assert paths and all(
            p[0] in doc.data
            or p[0] in ("event_window", "recommended_operators", "rules", "tile_guards", "tile_officers")
            for p in paths
        )


def test_parse_json_path() -> None:
    assert parse_json_path("$.armies[0].units[3].at") == ("armies", 0, "units", 3, "at")
    assert parse_json_path("$") == () and parse_json_path("nonsense") == ()


def test_an_objective_no_victory_level_uses_is_a_problem_sas_msn_1() -> None:
    """A destroy target placed counts for the major victory; taken out of every level, it is a warning."""
    doc = Document(SAS.new_document())
    with doc.transaction(t("Target")) as tx:
        SAS.place(tx, "marker:target", Spot((1, 4), "B5"), None)
    assert doc.data["victory"][0]["objectives"] == ["target_1"] and _messages(doc, SAS) == []
    doc.set(("victory", 0, "objectives"), [])
    assert ("warning", "$.objectives[0]", None) in _messages(doc, SAS)


def test_a_sentry_on_an_operators_start_square_is_an_error_sas_brd_2() -> None:
    """One counter a square (SAS-BRD-2): an Axis unit placed where an operator starts is refused."""
    doc = Document(SAS.new_document())
    runtime = check_document(doc.data, None, SYSTEMS, SAS).runtime
    first = SYSTEMS["sas"].initial_state(runtime, 1).operators[0]
    start = runtime.grid.label(first.loc)
    with doc.transaction(t("Place")) as tx:
        SAS.place(tx, "unit:guard", Spot(None, start), None)
    assert ("error", "$.extra_units[0]", start) in _messages(doc, SAS)
