"""The squad game's editor draws the set-up zones it paints: a tint in each side's colour and a key (pytest-qt)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QColor

from app.__main__ import LazySystems
from app.systems.lnl.view import style
from app.ui.app import AppShell
from app.ui.counters import loc_key
from app.ui.editor.window import EditorWindow

pytestmark = pytest.mark.usefixtures("adjutant_data_dir")


@pytest.fixture
def editor(qtbot: Any) -> Iterator[EditorWindow]:
    shell = AppShell(LazySystems())
    window = shell.open_editor("lnl")
    assert window is not None
    window.resize(1400, 900)
    qtbot.waitExposed(window)
    yield window
    window.controller.doc.mark_saved()
    window.close()
    if shell.start_page is not None:
        shell.start_page.close()


def _zones(editor: EditorWindow) -> dict[Any, tuple[QColor, QColor | None]]:
    fills: dict[Any, tuple[QColor, QColor | None]] = editor.scene.layers["zones"].fills
    return fills


def test_painted_zones_are_tinted_per_side_with_a_key(editor: EditorWindow) -> None:
    """LNL-SETUP-1: each force's set-up zone is tinted in its side's colour; painting a hex into the Axis zone
    moves its tint; the status bar keys both zones by the forces' names."""
    c = editor.controller
    data = c.doc.data
    allied_start = data["forces"][0]["setup_zone"][0]
    editor.refresh()
    tints = _zones(editor)
    allied = QColor(style().sides["allies"]).darker(130).rgb()  # each zone hex is edged in its side's colour
    axis = QColor(style().sides["axis"]).darker(130).rgb()
    start = loc_key(editor._labels[allied_start])
    assert tints[start][0].alpha() < 255 and tints[start][1] is not None
    assert tints[start][1] is not None and tints[start][1].rgb() == allied
    assert {edge.rgb() for _, edge in tints.values() if edge is not None} == {allied, axis}
    key = editor.zone_key.text()
    assert "■" in key and data["forces"][0]["name"]["en"] in key and data["forces"][1]["name"]["en"] in key
    c.set_tool("zone:axis")
    c.click(editor.spot(editor._labels[allied_start]))
    editor.refresh()
    edge = _zones(editor)[start][1]
    assert edge is not None and edge.rgb() == axis
    c.set_tool("zone:none")
    c.click(editor.spot(editor._labels[allied_start]))
    editor.refresh()
    assert start not in _zones(editor)
