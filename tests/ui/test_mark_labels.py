"""Printed labels on the board follow the window's language: SAS room names carry ``label_zh`` in the tile library."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtGui import QImage, QPainter

import app.ui.marks as marks_module
from app.systems.sas.tiles.library import load_tile_library
from app.ui.marks import MarkPainter
from app.ui.theme import Theme

TILES = Path(__file__).resolve().parents[2] / "resources" / "tiles"


def _room_marks() -> list[Any]:
    library = load_tile_library(TILES / "sas_core.json")
    found = []
    for tile in library.tiles:
        for side in library.tile_sides(tile.id):
            grid = library.tile_grid(tile.id, side)
            found += [m for ms in grid.marks.values() for m in ms if m.kind == "room"]
    return found


def test_every_bundled_room_name_has_a_chinese_name() -> None:
    rooms = _room_marks()
    assert rooms, "the core tile library prints room names"
    for mark in rooms:
        props = dict(mark.props)
        assert props.get("label") and props.get("label_zh"), props


@pytest.mark.parametrize(("lang", "expected"), [("en", "Parlour"), ("zh_CN", "客厅")])
def test_a_room_name_is_painted_in_the_window_language(
    qapp: Any, monkeypatch: pytest.MonkeyPatch, lang: str, expected: str
) -> None:
    parlour = next(m for m in _room_marks() if dict(m.props)["label"] == "Parlour")
    painted: list[str] = []
    monkeypatch.setattr(marks_module, "draw_text", lambda _p, _at, text, *_a, **_k: painted.append(text))
    cell = SimpleNamespace(loc=(0, 0), centre=marks_module.QPointF(10, 10))
    style = SimpleNamespace(glyphs={"room": {"shape": "frame", "text": "@label"}}, marks={})
    geo = SimpleNamespace(cell_size=40.0, style=style, board=SimpleNamespace(marks={(0, 0): (parlour,)}))
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        MarkPainter(painter, geo, Theme({}), lang).paint([cell])
    finally:
        painter.end()
    assert painted == [expected]
