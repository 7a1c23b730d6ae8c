"""The editor's document model: reversible edits, undo/redo, canonical files (app/scenario/editor)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.__main__ import LazySystems
from app.core.i18n import t
from app.scenario.editor.canonical import canonical_text
from app.scenario.editor.document import MISSING, Document, EditError, InsertItem, RemoveItem, SetValue
from app.scenario.editor.files import document_text, open_document, save_document
from app.scenario.editor.plugin import Spot
from app.scenario.loading import read_json
from app.scenario.resources import SCENARIOS
from app.systems.sas.editing import PLUGIN as SAS

SYSTEMS = LazySystems()
BUNDLED = sorted(SCENARIOS.glob("*/*.json"))


def test_each_operation_is_undone_by_its_inverse() -> None:
    data: dict[str, Any] = {"a": 1, "list": [1, 2, 3], "nested": {"x": "y"}}
    before = json.loads(json.dumps(data))
    for op in (
        SetValue(("a",), 1, 5),
        SetValue(("new",), MISSING, {"k": [1]}),
        SetValue(("nested", "x"), "y", MISSING),
        InsertItem(("list",), 1, 9),
        RemoveItem(("list",), 2, 3),
    ):
        op.apply(data)
        assert data != before
        op.inverse().apply(data)
        assert data == before


def test_document_undo_redo_and_dirty() -> None:
    doc = Document({"id": "x", "items": []})
    seen: list[int] = []
    doc.subscribe(lambda d: seen.append(len(d.data["items"])))
    with doc.transaction(t("Add")) as tx:
        tx.append(("items",), {"at": "A1"})
        tx.append(("items",), {"at": "B2"})
    doc.set(("id",), "y")
    assert doc.dirty and doc.data == {"id": "y", "items": [{"at": "A1"}, {"at": "B2"}]}
    assert doc.undo() and doc.data["id"] == "x"
    assert doc.undo() and doc.data == {"id": "x", "items": []}
    assert not doc.dirty and not doc.undo()
    assert doc.redo() and doc.redo() and not doc.redo()
    assert doc.data["id"] == "y" and seen == [2, 2, 2, 0, 2, 2]


def test_failed_transaction_rolls_back_and_records_nothing() -> None:
    doc = Document({"items": [1]})
    with pytest.raises(EditError), doc.transaction(t("Broken")) as tx:
        tx.append(("items",), 2)
        tx.remove(("missing",), 0)
    assert doc.data == {"items": [1]} and not doc.can_undo


def test_a_new_edit_after_undo_clears_redo_and_the_saved_mark() -> None:
    doc = Document({"v": 0})
    doc.set(("v",), 1)
    doc.mark_saved()
    doc.undo()
    doc.set(("v",), 2)
    assert not doc.can_redo and doc.dirty


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_save_load_save_is_byte_identical(path: Path, tmp_path: Path) -> None:
    doc = open_document(path)
    first = save_document(doc, SYSTEMS, tmp_path / path.name).read_text("utf-8")
    assert read_json(tmp_path / path.name) == read_json(path)  # what the loader reads is unchanged
    again = open_document(tmp_path / path.name)
    assert document_text(again, SYSTEMS) == first and first.endswith("}\n")


def test_canonical_order_follows_the_schema_whatever_the_edit_order() -> None:
    schema = SYSTEMS["sas"].scenario_model().model_json_schema()
    data = SAS.new_document()
    shuffled = dict(reversed(list(data.items())))
    assert canonical_text(shuffled, schema) == canonical_text(data, schema)
    text = canonical_text(data, schema)
    assert text.index('"format"') < text.index('"id"') < text.index('"board"') < text.index('"victory"')
    assert '"at": [0, 3]' in text and "新任务" in text


EDITS = st.lists(
    st.tuples(
        st.sampled_from(
            ["guard", "officer", "sentry", "barrel", "target", "move", "rotate", "flip", "delete", "field"]
        ),
        st.integers(0, 7),
        st.integers(3, 10),
    ),
    min_size=1,
    max_size=12,
)


def _random_edit(doc: Document, action: str, x: int, y: int) -> None:
    spot = Spot((x, y), f"{'ABCDEFGH'[x]}{y + 1}")
    items = SAS.placed(doc.data, None)
    with doc.transaction(t("Random edit")) as tx:
        if action in ("guard", "officer", "sentry"):
            SAS.place(tx, f"unit:{action}", spot, None)
        elif action in ("barrel", "target"):
            SAS.place(tx, f"marker:{action}", spot, None)
        elif action == "field":
            tx.set(("turn_limit",), x + y)
        elif items:  # move/turn/delete need something placed (everything may be deleted already)
            item = items[(x + y) % len(items)]
            if action == "move":
                SAS.move(tx, item, Spot((0, 3), "A4"), spot, None)
            elif action == "delete":
                SAS.delete(tx, item)
            else:
                SAS.turn(tx, item, "rotate" if action == "rotate" else "flip")


@settings(max_examples=25)
@given(EDITS)
def test_random_edit_sequences_undo_redo_and_round_trip(edits: list[tuple[str, int, int]]) -> None:
    original = SAS.new_document()
    doc = Document(original)
    for edit in edits:
        _random_edit(doc, *edit)
    final = json.loads(json.dumps(doc.data))
    text = document_text(doc, SYSTEMS)
    assert json.loads(text) == final
    assert canonical_text(json.loads(text), SYSTEMS["sas"].scenario_model().model_json_schema()) == text
    while doc.undo():
        pass
    assert doc.data == original
    while doc.redo():
        pass
    assert doc.data == final
