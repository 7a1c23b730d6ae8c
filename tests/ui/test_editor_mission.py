"""scenarios/sas/editor_mill_road.json is built only with the editor: this test builds it again, step by step,
through the editor window's controller (the calls its palette, board and forms make), and compares the bytes.

To rebuild the bundled file after changing the steps: ``ADJUTANT_WRITE_EDITOR_MISSION=1 make test
PYTEST_ARGS="tests/ui/test_editor_mission.py"``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from app.__main__ import LazySystems
from app.scenario.catalog import open_session
from app.scenario.editor.plugin import Spot
from app.systems.sas.tiles.library import load_tile_library
from app.ui.editor.window import EditorWindow

BUNDLED = Path(__file__).resolve().parents[2] / "scenarios" / "sas" / "editor_mill_road.json"
pytestmark = pytest.mark.usefixtures("adjutant_data_dir")

CORE_TILES = Path(__file__).resolve().parents[2] / "resources" / "tiles" / "sas_core.json"


def _spot(editor: EditorWindow, x: int, y: int) -> Spot:
    return editor.spot((x, y))


def _set(editor: EditorWindow, path: tuple[Any, ...], value: Any) -> None:
    spec = next(f for f in [*editor.setup_fields(), *editor.inspector.form.specs] if f.path == path)
    assert editor.controller.set_field(spec, value) is None, path


def _place(editor: EditorWindow, entry: str, x: int, y: int) -> None:
    editor.controller.set_tool(entry)
    editor.controller.click(_spot(editor, x, y))


def _lay(editor: EditorWindow, tile: str, x: int, y: int) -> None:
    """Lay ``tile`` with its top-left square on (x, y): the click goes where its centre lands (a tile is laid
    centred under the cursor)."""
    width, height = load_tile_library(CORE_TILES).tile(tile).size
    _place(editor, f"tile:{tile}", x + (width - 1) // 2, y + (height - 1) // 2)


def build(editor: EditorWindow) -> None:
    """The editing session that made the bundled mission."""
    c = editor.controller
    c.new("sas")
    editor.refresh()
    for tile, x, y in (("woods", 8, 3), ("village", 0, 11), ("railyard", 8, 11), ("spawn_2", 16, 12)):
        _lay(editor, tile, x, y)
    _set(editor, ("id",), "sas_editor_mill_road")
    _set(editor, ("title", "en"), "The Mill Road (made in the editor)")
    _set(editor, ("title", "zh_CN"), "磨坊路（编辑器制作）")
    _set(
        editor,
        ("description", "en"),
        "A demolition built only with Adjutant's editor: blow up the "
        "cottage at the west end of the village and get both operators out. "
        "Guards watch the road; a sentry covers the woods.",
    )
    _set(
        editor,
        ("description", "zh_CN"),
        "完全用Adjutant编辑器制作的爆破任务：炸毁村庄西端的小屋，并让两名特勤员撤离。守卫看守道路，一名哨兵监视树林。",
    )
    _set(editor, ("operators",), ["jock", "paddy"])
    _set(editor, ("recommended_operators",), ["jock", "paddy"])
    _set(editor, ("stealth", "easy"), 7)
    _set(editor, ("stealth", "hard"), 5)
    _set(editor, ("turn_limit",), 14)
    for entry, x, y in (("unit:guard", 5, 9), ("unit:guard", 11, 13), ("unit:sentry", 12, 6), ("unit:officer", 3, 14)):
        _place(editor, entry, x, y)
    c.set_tool(None)
    c.click(_spot(editor, 12, 6))
    c.turn("rotate")  # the sentry looks west over the woods
    _place(editor, "marker:target", 2, 16)
    _set(editor, ("victory", 0, "objectives"), ["target_1"])
    _set(editor, ("victory", 0, "exfiltrated"), 2)


def test_the_bundled_editor_mission_is_what_the_editor_builds(qtbot: Any, tmp_path: Path) -> None:
    systems = LazySystems()
    editor = EditorWindow(systems, systems.editor_plugin)
    qtbot.addWidget(editor)
    build(editor)
    c = editor.controller
    assert c.result.playable, [(f.path, f.message.render()) for f in c.result.findings]
    assert not c.result.findings, [(f.path, f.message.render()) for f in c.result.findings]
    made = c.save(tmp_path / "mill_road.json").read_text(encoding="utf-8")
    if os.environ.get("ADJUTANT_WRITE_EDITOR_MISSION"):
        BUNDLED.write_text(made, encoding="utf-8")
    assert BUNDLED.read_text(encoding="utf-8") == made
    session = open_session(BUNDLED, systems)
    assert session.legal_commands()  # and it plays
    c.doc.mark_saved()


def test_kill_objectives_and_victory_levels_are_made_in_the_editor(qtbot: Any) -> None:
    """SAS-BRD-12 ⑤ kill objectives on a unit; SAS-MSN-1 a minor victory level added from the set-up form."""
    systems = LazySystems()
    editor = EditorWindow(systems, systems.editor_plugin)
    qtbot.addWidget(editor)
    build(editor)
    c = editor.controller
    _place(editor, "marker:kill", 3, 14)  # the officer placed at D15
    kill = c.doc.get(("objectives", 1))
    assert kill["kind"] == "kill" and kill["units"] == ["officer_3_14"] and c.selected == ("objectives", 1)
    _place(editor, "marker:kill", 0, 0)  # nobody there: refused, nothing changes
    assert len(c.doc.get(("objectives",))) == 2
    _set(editor, ("victory", 1, "level"), "minor")
    _set(editor, ("victory", 1, "objectives"), ["kill_1"])
    _set(editor, ("victory", 1, "exfiltrated"), 1)
    assert c.result.playable, [(f.path, f.message.render()) for f in c.result.findings]
    session = c.playtest_session()
    assert session.legal_commands()
    c.select(("objectives", 1))
    c.delete()  # the kill objective goes, and the victory level forgets it
    assert c.doc.get(("victory", 1, "objectives")) == [] and len(c.doc.get(("objectives",))) == 1
    c.doc.mark_saved()
