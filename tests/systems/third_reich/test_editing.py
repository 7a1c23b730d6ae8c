"""The Third Reich editor plug-in: placing units, painting area facts, the set-up form and the live checks
(TR-MAP-1, TR-MAP-2, TR-MAP-3, TR-SETUP-2, TR-CARD-5, TR-AREA-3, TR-AREA-5, TR-STACK-1)."""

from __future__ import annotations

from typing import Any

from app.__main__ import LazySystems
from app.core.i18n import t
from app.scenario.editor.checking import check_document
from app.scenario.editor.document import Document
from app.scenario.editor.plugin import Spot
from app.systems.third_reich.editing import PLUGIN

SYSTEMS = LazySystems()


def _findings(doc: Document) -> list[tuple[str, str, str | None]]:
    result = check_document(doc.data, None, SYSTEMS, PLUGIN)
    return [(f.severity, f.path, f.where) for f in result.findings]


def _place(doc: Document, entry: str, area: str) -> Any:
    with doc.transaction(t("Place")) as tx:
        return PLUGIN.place(tx, entry, Spot(area, area), None)


def test_the_new_document_is_playable() -> None:
    result = check_document(PLUGIN.new_document(), None, SYSTEMS, PLUGIN)
    assert result.playable and not result.findings


def test_a_second_unit_of_a_design_joins_its_placement_tr_setup_2() -> None:
    """TR-SETUP-2: units are printed per area as `[nation] [unit] x [n]`: one placement with a count."""
    doc = Document(PLUGIN.new_document())
    assert _place(doc, "unit:ge_lf", "berlin") == ("setup", 0)
    assert _place(doc, "unit:ge_lf", "hamburg") == ("setup", 2)
    assert doc.data["setup"][0] == {"unit": "ge_lf", "at": "berlin", "count": 2}
    item = next(p for p in PLUGIN.placed(doc.data, None) if p.path == ("setup", 2))
    with doc.transaction(t("Flip")) as tx:
        PLUGIN.turn(tx, item, "flip")
        PLUGIN.move(tx, item, Spot("hamburg", "hamburg"), Spot("ruhr", "ruhr"), None)
    assert doc.data["setup"][2] == {"unit": "ge_lf", "at": "ruhr", "used": True}
    with doc.transaction(t("Delete")) as tx:
        PLUGIN.delete(tx, item)
    assert len(doc.data["setup"]) == 2


def test_brushes_paint_resources_nationality_and_the_boundary_tr_map_2() -> None:
    """TR-MAP-2: resource symbols, nationality symbols; TR-MINOR-1: the side of the boundary."""
    doc = Document(PLUGIN.new_document())
    for entry in ("resource:black_white", "nation:GE", "boundary:north"):
        _place(doc, entry, "vienna")
    assert doc.data["areas"]["vienna"] == {"resource": "black_white", "nation": "GE", "north_of_boundary": True}
    for entry in ("resource:none", "nation:", "boundary:south"):
        _place(doc, entry, "vienna")
    assert doc.data["areas"]["vienna"] == {}
    assert not _findings(doc)


def test_units_in_the_wrong_kind_of_area_are_errors() -> None:
    """TR-MAP-1: land units stand in land areas, ships in sea areas."""
    doc = Document(PLUGIN.new_document())
    doc.set(("setup", 0, "at"), "north_sea")
    assert _findings(doc) == [("error", "$.setup[0].at", "North Sea")]


def test_closed_areas_tr_area_3_tr_area_5() -> None:
    """TR-AREA-3: no Allied unit in the Baltic; TR-AREA-5: nobody in the Black Sea."""
    doc = Document(PLUGIN.new_document())
    doc.data["counters"].append(
        {"id": "uk_nf", "nation": "UK", "type": "NF", "attack": 3, "durability": 3, "movement": 3}
    )
    doc.data["special"] = {"baltic_sea": "baltic_sea", "black_sea": "black_sea"}
    _place(doc, "unit:uk_nf", "baltic_sea")
    _place(doc, "unit:uk_nf", "black_sea")
    assert _findings(doc) == [("error", "$.setup[2].at", "Baltic Sea"), ("error", "$.setup[3].at", "Black Sea")]


def test_stacking_over_the_limit_is_a_warning_tr_stack_1() -> None:
    """TR-STACK-1: at most 10 land units of a player in a land area."""
    doc = Document(PLUGIN.new_document())
    doc.set(("setup", 0, "count"), 11)
    assert _findings(doc) == [("warning", "$.setup", "Berlin")]


def test_special_areas_must_be_of_the_right_kind_tr_map_1() -> None:
    doc = Document(PLUGIN.new_document())
    doc.data["special"] = {"berlin": "north_sea", "north_atlantic": "london"}
    assert sorted(_findings(doc)) == [
        ("error", "$.special.berlin", "North Sea"),
        ("error", "$.special.north_atlantic", "London"),
    ]


def test_deck_sizes_other_than_the_rules_are_a_warning_tr_card_5() -> None:
    """TR-CARD-5: a full Axis deck holds eight value-2 cards and eight of value 3 or 4."""
    doc = Document(PLUGIN.new_document())
    for n in range(15):
        card = {"id": f"ax_{n}", "side": "axis", "name": {"en": "Supply"}, "sv": 2, "event": "supply"}
        doc.data["cards"].append(card)
    assert _findings(doc) == [("warning", "$.cards", None)]


def test_the_set_up_form_edits_every_card_value_within_two_to_four() -> None:
    """TR-CARD-2: strategy values 2, 3 or 4."""
    fields = {f.path: f for f in PLUGIN.setup_fields(PLUGIN.new_document())}
    assert (fields[("cards", 0, "sv")].minimum, fields[("cards", 0, "sv")].maximum) == (2, 4)
    assert fields[("options",)].kind == "multi" and "hand_floor" in fields[("options",)].choices
    doc = Document(PLUGIN.new_document())
    doc.set(("options",), list(fields[("options",)].choices))  # every option offered is one the engine accepts
    assert not _findings(doc)
    assert PLUGIN.locate(PLUGIN.new_document(), ("setup", 1, "count")) == "london"


def _messages(doc: Document, lang: str) -> list[str]:
    result = check_document(doc.data, None, SYSTEMS, PLUGIN)
    return [f.message.render(lang) for f in result.findings]


def test_editor_texts_name_units_sides_and_areas_in_chinese_tr_stack_1() -> None:
    """TR-STACK-1, TR-AREA-3, TR-MAP-1: the checks, the palette, the placed units and the set-up form read the
    nation's, the side's, the area's and the card's names in Chinese, never the file's ids ("ge_lf", "axis",
    "GE", "ax_supply")."""
    doc = Document(PLUGIN.new_document())
    doc.set(("setup", 0, "count"), 11)
    assert _messages(doc, "zh_CN") == ["柏林有11个轴心陆军单位：上限为10"]
    assert _messages(doc, "en") == ["11 Axis land units in Berlin: the limit is 10"]
    doc.set(("setup", 0, "count"), 1)
    doc.set(("setup", 0, "at"), "north_sea")
    assert _messages(doc, "zh_CN") == ["德国步兵 3-2-2不能配置在北海"]
    ship = {"id": "uk_nf", "nation": "UK", "type": "NF", "attack": 3, "durability": 3, "movement": 3}
    doc.data["counters"].append(ship)
    doc.data["special"] = {"baltic_sea": "baltic_sea"}
    doc.set(("setup", 0, "at"), "berlin")
    _place(doc, "unit:uk_nf", "baltic_sea")
    assert _messages(doc, "zh_CN") == ["同盟军单位不能进入波罗的海"]
    palette = [e.label.render("zh_CN") for e in PLUGIN.palette(doc.data) if e.id.startswith("unit:")]
    assert palette[0] == "德国步兵 3-2-2" and not any(label.isascii() for label in palette)
    placed = [p.label.render("zh_CN") for p in PLUGIN.placed(doc.data, None)]
    assert placed[0] == "1 × 德国步兵 3-2-2"
    assert PLUGIN.placed(doc.data, None)[0].label.render("en") == "1 × GE LF 3-2-2"
    doc.set(("entry_track", "positions"), {"GE": 0})
    special = Document(PLUGIN.new_document())
    special.data["special"] = {"north_atlantic": "london"}
    assert _messages(special, "zh_CN") == ["特殊区域“北大西洋”必须是海域"]
    labels = [f.label.render("zh_CN") for f in PLUGIN.setup_fields(doc.data)]
    assert "德国参战标记所在格" in labels and "补给：战略值" in labels


def test_the_form_names_every_optional_rule_and_pile_tr_opt_4() -> None:
    """TR-OPT-4, TR-CARD-5: the set-up form lists the optional rules and a card's starting pile by name (the
    Chinese window read 'hand_floor' and 'development'); the file keeps the values."""
    fields = {f.path: f for f in PLUGIN.setup_fields(PLUGIN.new_document())}
    options = fields[("options",)]
    assert all("_" not in options.choice_label(o, lang) for o in options.choices for lang in ("en", "zh_CN"))
    assert options.choice_label("hand_floor", "zh_CN") == "手牌下限（16.3）"
    pile = fields[("cards", 0, "start")]
    assert pile.choices == ("deck", "development", "removed")
    assert [pile.choice_label(p, "zh_CN") for p in pile.choices] == ["牌库", "开发池", "移出游戏"]
