"""TileEditorWindow: encode the tiles of a physical copy (size, terrain, edge features, printed marks).

The window edits one tile library (a system's tile editor model, handed over with the system's tile editor kit:
see ``app.scenario.editor.plugin.HasTileEditor``; it never imports a system): the list of tiles on the
left with New / Copy / Delete and the A/B side, the tools (terrain brushes, edge features drawn along square
sides, marks, patrol lines dragged across squares), the tile side on the board, the selected square's marks
in the inspector (fields from the library schema, checked as you type) and the library's problems, located on
their squares. Saving emits :attr:`TileEditorWindow.library_saved` so the mission editor can use the file.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Literal, cast

from PySide6.QtCore import QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeySequence, QPainterPath, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QGraphicsPathItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app.core.datafile import DataFileError
from app.core.i18n import Text, t
from app.core.view import GameView
from app.scenario.editor.document import EditError
from app.scenario.editor.fields import FieldSpec, FieldValueError, fields_from_schema, parse_field
from app.scenario.editor.plugin import Finding, PaletteEntry, parse_json_path
from app.ui.board_scene import BoardScene
from app.ui.editor.board import EditorBoardView
from app.ui.editor.docks import FormDock, PaletteDock, ProblemsDock
from app.ui.lang import translator

tr = translator("Editor")
SELECTED = (QColor(255, 196, 0, 70), QColor(230, 140, 0))
PROBLEM = (QColor(211, 47, 47, 60), QColor(211, 47, 47))
PREVIEW = (QColor(30, 136, 229, 70), QColor(30, 136, 229))
TILE_FIELDS = {"id": "Tile id", "name_en": "English name", "name_zh": "Chinese name", "kind": "Kind"}


def _(text: str) -> str:
    return text


def tile_palette(kit: Any) -> list[PaletteEntry]:
    """Every tool of the tile editor, grouped as in the palette."""
    terrain, edges, marks = t("Terrain"), t("Edges (drag along square sides)"), t("Marks")
    out = [
        PaletteEntry(f"terrain:{char}", terrain, t(kit.terrain_names.get(name, name)), paint=True)
        for char, name in kit.legend.items()
    ]
    out += [PaletteEntry(f"edge:{kind}", edges, t(kit.edge_names[kind])) for kind in kit.edge_kinds]
    out += [PaletteEntry(f"edge:{kind}", edges, label) for kind, label in kit.extra_edge_tools]
    out += [PaletteEntry("edge:erase", edges, t("Erase edges"))]
    out += [PaletteEntry(f"mark:{kind}", marks, t(kit.mark_names[kind])) for kind in kit.mark_kinds]
    out += [PaletteEntry(f"patrol:{colour}", marks, label, paint=True) for colour, label in kit.line_tools]
    out += [PaletteEntry("erase:marks", marks, t("Erase marks"))]
    return out


class NewTileDialog(QDialog):
    """Id, names, size and kind of a new tile."""

    def __init__(self, taken: set[str], kinds: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("NewTileDialog")
        self.setWindowTitle(tr("New tile"))
        form = QFormLayout(self)
        number = len(taken) + 1
        while f"tile_{number}" in taken:
            number += 1
        self.tile_id = QLineEdit(f"tile_{number}", self)
        self.name_en = QLineEdit(f"Tile {number}", self)
        self.name_zh = QLineEdit(f"地图板{number}", self)
        self.width_box, self.height_box = QSpinBox(self), QSpinBox(self)
        for box in (self.width_box, self.height_box):
            box.setRange(1, 26)
            box.setValue(8)
        self.kind = QComboBox(self)
        self.kind.addItems(list(kinds))
        for label, widget in (
            (tr("Id"), self.tile_id),
            (tr("English name"), self.name_en),
            (tr("Chinese name"), self.name_zh),
            (tr("Width (squares)"), self.width_box),
            (tr("Height (squares)"), self.height_box),
            (tr("Kind"), self.kind),
        ):
            form.addRow(label, widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, Any]:
        """What was entered, as :meth:`TileEditorWindow.new_tile` takes it."""
        return {
            "tile_id": self.tile_id.text().strip(),
            "size": (self.width_box.value(), self.height_box.value()),
            "name_en": self.name_en.text().strip(),
            "name_zh": self.name_zh.text().strip(),
            "kind": self.kind.currentText(),
        }


class TileEditorWindow(QMainWindow):
    """Edits one tile library (see the module docstring)."""

    library_saved = Signal(object)  # Path
    closed = Signal()

    def __init__(self, kit: Any, editor: Any = None, lang: str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TileEditorWindow")
        self.lang = lang
        self.kit = kit  # the system's tile editor kit (model class, legend, tools, names)
        self.editor = editor or kit.editor.new()
        self.index: int | None = None
        self.side: Literal["A", "B"] = "A"
        self.tool: str | None = None
        self.selected: tuple[int, int] | None = None
        self.findings: list[Finding] = []
        self.default_folder: Path | None = None  # where Save as starts (the mission's folder)
        self.scene = BoardScene(parent=self)
        self.scene.set_language(lang)
        self.board = EditorBoardView(self.scene, self)
        self._stroke_item: QGraphicsPathItem | None = None
        self._build()
        self._connect()
        self.retranslate()
        self.resize(1300, 900)
        self._watch(self.editor)
        self.choose_tile(0 if self.editor.tiles else None)

    # --- construction -------------------------------------------------------------------------------
    def _build(self) -> None:
        self.setCentralWidget(self.board)
        self._build_tile_list()
        self.palette = PaletteDock(self)
        self.palette.set_entries(tile_palette(self.kit), self.lang, None)
        self.tile_form = FormDock("TileForm", self._set_field, self)
        self.inspector = FormDock("TileInspector", self._set_field, self)
        self.problems = ProblemsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.tiles_dock)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.palette)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.tile_form)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.problems)
        self.resizeDocks([self.tiles_dock, self.tile_form], [240, 340], Qt.Orientation.Horizontal)
        self.resizeDocks([self.tiles_dock, self.palette], [250, 600], Qt.Orientation.Vertical)
        self.turn_button = self.inspector.add_button("turn_mark", self.turn_selected)
        self.erase_button = self.inspector.add_button("erase_marks", self.erase_selected)
        self.actions_by_name: dict[str, QAction] = {}
        self.toolbar = QToolBar(self)
        self.toolbar.setObjectName("TileToolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(self.toolbar)
        for name, keys, handler in (
            ("open", ("Ctrl+O",), self.open_dialog),
            ("save", ("Ctrl+S",), self.save),
            ("save_as", ("Ctrl+Shift+S",), self.save_as),
            ("undo", ("Ctrl+Z",), self.editor_undo),
            ("redo", ("Ctrl+Shift+Z", "Ctrl+Y"), self.editor_redo),
            ("turn", ("R",), self.turn_selected),
            ("erase", ("Del", "Backspace"), self.erase_selected),
            ("fit", ("F",), self.board.fit),
            ("close", ("Ctrl+W",), self.close),
        ):
            action = QAction(self)
            action.setObjectName(f"tiles_{name}")
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.triggered.connect(lambda _=False, h=handler: h())
            self.addAction(action)
            self.actions_by_name[name] = action
            if name != "close":
                self.toolbar.addAction(action)
        self.status = QLabel(self)
        self.statusBar().addWidget(self.status, 1)

    def _build_tile_list(self) -> None:
        """The Tiles dock: the library's tiles, New / Copy / Delete, and the side shown."""
        self.tiles_dock = QDockWidget(self)
        self.tiles_dock.setObjectName("TileList")
        body = QWidget(self.tiles_dock)
        column = QVBoxLayout(body)
        self.tile_list = QListWidget(body)
        self.tile_list.setObjectName("tile_list")
        column.addWidget(self.tile_list, 1)
        row = QHBoxLayout()
        self.new_button, self.copy_button, self.delete_button = (QPushButton(body) for _ in range(3))
        for name, button in (("new_tile", self.new_button), ("copy_tile", self.copy_button)):
            button.setObjectName(name)
            row.addWidget(button)
        self.delete_button.setObjectName("delete_tile")
        row.addWidget(self.delete_button)
        column.addLayout(row)
        self.side_box = QComboBox(body)
        self.side_box.setObjectName("side_box")
        self.side_box.addItems(["A", "B"])
        self.side_label = QLabel(body)
        side_row = QHBoxLayout()
        side_row.addWidget(self.side_label)
        side_row.addWidget(self.side_box, 1)
        column.addLayout(side_row)
        self.tiles_dock.setWidget(body)

    def _connect(self) -> None:
        self.tile_list.currentRowChanged.connect(lambda row: self.choose_tile(row if row >= 0 else None))
        self.new_button.clicked.connect(lambda _=False: self.new_tile_dialog())
        self.copy_button.clicked.connect(lambda _=False: self.copy_tile())
        self.delete_button.clicked.connect(lambda _=False: self.delete_tile())
        self.side_box.currentTextChanged.connect(self._on_side_changed)
        self.palette.tool_chosen.connect(self.set_tool)
        self.problems.finding_activated.connect(self.show_finding)
        self.board.spot_clicked.connect(self._on_board_spot_clicked)
        self.board.paint_moved.connect(self._preview_squares)
        self.board.paint_finished.connect(self._on_board_paint_finished)
        self.board.stroke_moved.connect(self._preview_stroke)
        self.board.stroke_finished.connect(self._on_board_stroke_finished)
        self.board.location_hovered.connect(self._on_board_location_hovered)

    def retranslate(self) -> None:
        """Every visible string in the current language."""
        texts = {
            "open": _("Open library…"),
            "save": _("Save"),
            "save_as": _("Save as…"),
            "undo": _("Undo"),
            "redo": _("Redo"),
            "turn": _("Turn mark"),
            "erase": _("Erase marks"),
            "fit": _("Fit board"),
            "close": _("Close tile editor"),
        }
        for name, text in texts.items():
            self.actions_by_name[name].setText(tr(text))
        self.new_button.setText(tr("New tile…"))
        self.copy_button.setText(tr("Copy"))
        self.delete_button.setText(tr("Delete"))
        self.side_label.setText(tr("Side"))
        self.turn_button.setText(tr("Turn mark"))
        self.erase_button.setText(tr("Erase marks"))
        self.tiles_dock.setWindowTitle(tr("Tiles"))
        self.palette.setWindowTitle(tr("Tools"))
        self.tile_form.setWindowTitle(tr("Tile"))
        self.inspector.setWindowTitle(tr("Square"))
        self.problems.setWindowTitle(tr("Problems"))
        self.toolbar.setWindowTitle(tr("Tile editor toolbar"))
        self._update_title()

    # --- documents ----------------------------------------------------------------------------------
    def _watch(self, editor: Any) -> None:
        editor.doc.subscribe(lambda _doc: self.refresh())

    def set_editor(self, editor: Any) -> None:
        """Edit another library."""
        self.editor = editor
        self._watch(editor)
        self.choose_tile(0 if editor.tiles else None)

    def open_path(self, path: Path, *, as_copy: bool = False) -> bool:
        """Open a library file (``as_copy``: saving asks for a new file, e.g. for the bundled library)."""
        try:
            editor = self.kit.editor.open(path, as_copy=as_copy)
        except (EditError, ValueError, OSError, DataFileError) as exc:
            QMessageBox.warning(self, tr("Cannot open this library"), f"{path}\n\n{exc}")
            return False
        self.set_editor(editor)
        return True

    def open_dialog(self) -> None:
        """Choose a library file."""
        if not self._discard_ok():
            return
        name, _ = QFileDialog.getOpenFileName(self, tr("Open tile library"), "", tr("Tile libraries (*.json)"))
        if name:
            self.open_path(Path(name))

    def save(self) -> bool:
        """Save to the library's file (asking for one the first time)."""
        return self.save_as() if self.editor.doc.path is None else self.write(None)

    def save_as(self) -> bool:
        """Save to a new file."""
        start = str(self.default_folder / "my_tiles.json") if self.default_folder is not None else ""
        name, _ = QFileDialog.getSaveFileName(self, tr("Save tile library as"), start, tr("Tile libraries (*.json)"))
        return bool(name) and self.write(Path(name))

    def write(self, path: Path | None) -> bool:
        """Write the library; tells the mission editor where it went."""
        try:
            where = self.editor.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, tr("Cannot save"), str(exc))
            return False
        self.statusBar().showMessage(tr("Saved {0}").format(where), 6000)
        self.library_saved.emit(where)
        self._update_title()
        return True

    def _discard_ok(self) -> bool:
        if not self.editor.doc.dirty:
            return True
        answer = QMessageBox.question(
            self,
            tr("Unsaved changes"),
            tr("The tile library has unsaved changes. Discard them?"),
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard

    # --- tiles --------------------------------------------------------------------------------------
    def choose_tile(self, index: int | None, side: Literal["A", "B"] | None = None) -> None:
        """Show tile ``index`` (and ``side``) on the board."""
        self.index = index if index is not None and 0 <= index < len(self.editor.tiles) else None
        if side is not None:
            self.side = side
        self.selected = None
        self.refresh()
        QTimer.singleShot(0, self.board.fit)

    def new_tile_dialog(self) -> None:
        """Ask for a new tile's id, names and size, and add it."""
        dialog = NewTileDialog({str(tile.get("id")) for tile in self.editor.tiles}, self.kit.tile_kinds, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.new_tile(**dialog.values())

    def new_tile(
        self, tile_id: str, size: tuple[int, int], *, name_en: str = "", name_zh: str = "", kind: str = "map"
    ) -> bool:
        """Add a blank tile and show it."""
        try:
            index = self.editor.add_tile(
                tile_id, size, name_en=name_en or tile_id, name_zh=name_zh or tile_id, kind=kind
            )
        except EditError as exc:
            self._refuse(t("Cannot add the tile: {why}", why=str(exc)))
            return False
        self.choose_tile(index, "A")
        return True

    def copy_tile(self) -> None:
        """Copy the current tile under a fresh id (to encode a variant)."""
        if self.index is None:
            return
        base = str(self.editor.tile(self.index).get("id"))
        taken = {str(tile.get("id")) for tile in self.editor.tiles}
        number = 2
        while f"{base}_{number}" in taken:
            number += 1
        self.choose_tile(self.editor.copy_tile(self.index, f"{base}_{number}"))

    def delete_tile(self) -> None:
        """Delete the current tile (undoable)."""
        if self.index is None:
            return
        index = self.index
        self.editor.remove_tile(index)
        self.choose_tile(min(index, len(self.editor.tiles) - 1) if self.editor.tiles else None)

    def _on_side_changed(self, text: str) -> None:
        if text in ("A", "B") and text != self.side:
            self.choose_tile(self.index, cast(Literal["A", "B"], text))

    # --- refresh ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the library."""
        if self.index is not None and self.index >= len(self.editor.tiles):
            self.index = len(self.editor.tiles) - 1 if self.editor.tiles else None
        names = [
            f"{tile.get('id')} — {tile.get('name_zh' if self.lang == 'zh_CN' else 'name_en')}"
            for tile in self.editor.tiles
        ]
        if [self.tile_list.item(i).text() for i in range(self.tile_list.count())] != names:
            self.tile_list.blockSignals(True)
            self.tile_list.clear()
            self.tile_list.addItems(names)
            self.tile_list.blockSignals(False)
        self.tile_list.blockSignals(True)
        self.tile_list.setCurrentRow(-1 if self.index is None else self.index)
        self.tile_list.blockSignals(False)
        self.side_box.blockSignals(True)
        self.side_box.setCurrentText(self.side)
        self.side_box.blockSignals(False)
        self.findings = self.editor.findings()
        self.problems.show_findings(self.findings, self.lang, t("No problems: the tiles can be used in missions."))
        schema = self.kit.library_schema()
        data = self.editor.doc.data
        library_labels = {"id": t("Library id"), "name": t("Library name")}
        general = [
            replace(f, label=library_labels[str(f.path[0])])
            for f in fields_from_schema(schema, data, ())
            if f.path[0] in library_labels
        ]
        if self.index is not None:
            self._draw_side()
            tile_fields = fields_from_schema(schema, data, ("tiles", self.index))
            general += [
                replace(f, label=t(TILE_FIELDS[str(f.path[-1])])) for f in tile_fields if f.path[-1] in TILE_FIELDS
            ]
        self.tile_form.form.set_fields(general, data, self.lang)
        self._refresh_selection()
        self.actions_by_name["undo"].setEnabled(self.editor.doc.can_undo)
        self.actions_by_name["redo"].setEnabled(self.editor.doc.can_redo)
        for button in (self.copy_button, self.delete_button):
            button.setEnabled(self.index is not None)
        self._update_title()

    def _draw_side(self) -> None:
        assert self.index is not None
        self.scene.sync(GameView(board=self.editor.preview(self.index, self.side), counters=(), style=self.kit.style))
        prefix = f"$.tiles[{self.index}].sides.{self.side}"
        fills = {}
        for finding in self.findings:
            if finding.where and finding.path.startswith(prefix):
                fills[self.kit.parse_square(finding.where)] = PROBLEM
        self.scene.set_layer("view", fills)

    def _refresh_selection(self) -> None:
        if self.index is None or self.selected is None:
            self.inspector.caption.setText(tr("Select a square to see and edit its marks."))
            self.inspector.form.set_fields([], self.editor.doc.data, self.lang)
            self.scene.set_layer("targets", {})
            return
        marks = self.editor.marks_at(self.index, self.side, self.selected)
        self.inspector.caption.setText(
            self.kit.describe_square(self.editor, self.index, self.side, self.selected).render(self.lang)
        )
        schema = self.kit.library_schema()
        specs: list[FieldSpec] = []
        for m in marks:
            path = ("tiles", self.index, "sides", self.side, "marks", m)
            mark = self.editor.doc.get(path)
            wanted = self.kit.mark_fields(str(mark.get("kind")))
            kind_name = t(self.kit.mark_names.get(str(mark.get("kind")), str(mark.get("kind"))))
            specs += [
                replace(f, label=t("{mark}: {field}", mark=kind_name, field=f.label))
                for f in fields_from_schema(schema, self.editor.doc.data, path)
                if f.path[-1] in wanted
            ]
        self.inspector.form.set_fields(specs, self.editor.doc.data, self.lang)
        self.scene.set_layer("targets", {self.selected: SELECTED})

    def _update_title(self) -> None:
        doc = self.editor.doc
        name = doc.path.name if doc.path else tr("untitled")
        self.setWindowTitle(f"{'*' if doc.dirty else ''}{name} — {tr('Tile editor')} — Adjutant")

    # --- tools and board ------------------------------------------------------------------------------
    def set_tool(self, entry: str | None) -> None:
        """Choose a tool (None: select squares)."""
        self.tool = entry
        self.board.painting = bool(entry) and entry.startswith(("terrain:", "patrol:"))  # type: ignore[union-attr]
        self.board.stroking = bool(entry) and entry.startswith("edge:")  # type: ignore[union-attr]
        self.palette.mark(entry)
        cursor = Qt.CursorShape.ArrowCursor if entry is None else Qt.CursorShape.CrossCursor
        self.board.viewport().setCursor(cursor)
        self.board.setFocus()

    def _refuse(self, text: Text) -> None:
        self.statusBar().showMessage(text.render(self.lang), 8000)

    def _on_board_spot_clicked(self, loc: Any) -> None:
        if self.index is None or not isinstance(loc, tuple):
            return
        square = (int(loc[0]), int(loc[1]))
        width, height = self.editor.size(self.index)
        if not (0 <= square[0] < width and 0 <= square[1] < height):
            return
        self.selected = square  # an edit below redraws everything; a plain click only the selection
        tool = self.tool or ""
        try:
            if tool.startswith("mark:"):
                self.editor.add_mark(self.index, self.side, tool.split(":", 1)[1], square)
                return
            if tool == "erase:marks" and self.editor.remove_marks(self.index, self.side, square):
                return
        except EditError as exc:
            self._refuse(t("{why}", why=str(exc)))
        self._refresh_selection()

    def _preview_squares(self, locs: list[Any]) -> None:
        self.scene.set_layer("hover", dict.fromkeys(locs, PREVIEW))

    def _on_board_paint_finished(self, locs: list[Any]) -> None:
        self.scene.set_layer("hover", {})
        if self.index is None:
            return
        width, height = self.editor.size(self.index)
        squares = [(int(x), int(y)) for x, y in locs if 0 <= x < width and 0 <= y < height]
        tool = self.tool or ""
        try:
            if tool.startswith("terrain:") and squares:
                self.editor.paint(self.index, self.side, squares, tool.split(":", 1)[1])
            elif tool.startswith("patrol:"):
                self.editor.draw_patrol(self.index, self.side, squares, tool.split(":", 1)[1])
        except EditError as exc:
            self._refuse(t("{why}", why=str(exc)))

    def edge_refs(self, points: list[tuple[float, float]]) -> list[Any]:
        """The square sides a stroke through scene ``points`` draws on."""
        if self.index is None:
            return []
        width, height = self.editor.size(self.index)
        return list(self.kit.stroke_edges(points, width, height))

    def _preview_stroke(self, points: list[tuple[float, float]]) -> None:
        path = QPainterPath()
        for ref in self.edge_refs(points):
            a, b = _edge_line(ref)
            path.moveTo(a)
            path.lineTo(b)
        if self._stroke_item is None:
            self._stroke_item = QGraphicsPathItem()
            pen = QPen(QColor(30, 136, 229), 0.12)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            self._stroke_item.setPen(pen)
            self._stroke_item.setZValue(1000)
            self.scene.addItem(self._stroke_item)
        self._stroke_item.setPath(path)

    def _on_board_stroke_finished(self, points: list[tuple[float, float]]) -> None:
        if self._stroke_item is not None:
            self._stroke_item.setPath(QPainterPath())
        refs = self.edge_refs(points)
        if self.index is None or not refs:
            return
        what = (self.tool or "").split(":", 1)[-1]
        try:
            if what == "erase":
                self.editor.set_edges(self.index, self.side, refs, None)
            elif what == "grapple":
                self.editor.set_edges(self.index, self.side, refs, "high_wall", grapple=True)
            else:
                self.editor.set_edges(self.index, self.side, refs, what)
        except EditError as exc:
            self._refuse(t("{why}", why=str(exc)))

    def _on_board_location_hovered(self, loc: Any) -> None:
        if self.index is None or not isinstance(loc, tuple):
            self.status.setText("")
            return
        width, height = self.editor.size(self.index)
        if 0 <= loc[0] < width and 0 <= loc[1] < height:
            line = self.kit.describe_square(self.editor, self.index, self.side, (loc[0], loc[1]))
            self.status.setText(line.render(self.lang))

    # --- selection actions ----------------------------------------------------------------------------
    def turn_selected(self) -> None:
        """Turn the selected square's first mark that has a facing a quarter clockwise."""
        if self.index is None or self.selected is None:
            self._refuse(t("Select a square with a mark first."))
            return
        for m in self.editor.marks_at(self.index, self.side, self.selected):
            try:
                self.editor.turn_mark(self.index, self.side, m)
                return
            except EditError:
                continue
        self._refuse(t("Nothing on this square can be turned."))

    def erase_selected(self) -> None:
        """Remove the selected square's marks."""
        if self.index is not None and self.selected is not None:
            self.editor.remove_marks(self.index, self.side, self.selected)

    def editor_undo(self) -> None:
        """Take back the last edit."""
        self.editor.doc.undo()

    def editor_redo(self) -> None:
        """Apply the undone edit again."""
        self.editor.doc.redo()

    def _set_field(self, spec: FieldSpec, raw: Any) -> Text | None:
        try:
            value = parse_field(spec, raw)
        except FieldValueError as exc:
            return exc.text
        try:
            with self.editor.doc.transaction(t("Change {field}", field=spec.label)) as tx:
                tx.set(spec.path, value)
        except EditError as exc:
            return t("{why}", why=str(exc))
        return None

    def show_finding(self, finding: Finding) -> None:
        """Show the tile side and square a problem is about."""
        path = parse_json_path(finding.path)
        if len(path) >= 2 and path[0] == "tiles" and isinstance(path[1], int):
            side = path[3] if len(path) >= 4 and path[2] == "sides" and path[3] in ("A", "B") else self.side
            self.choose_tile(path[1], cast(Literal["A", "B"], side))
        if finding.where:
            self.selected = self.kit.parse_square(finding.where)
            self._refresh_selection()
            self.board.centerOn(self.scene.centre_of(self.selected))

    def set_language(self, lang: str) -> None:
        """Switch the texts to ``lang``."""
        self.lang = lang
        self.scene.set_language(lang)
        self.palette.set_entries(tile_palette(self.kit), lang, self.tool)
        self.retranslate()
        self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._discard_ok():
            event.ignore()
            return
        self.closed.emit()
        super().closeEvent(event)


def _edge_line(ref: Any) -> tuple[QPointF, QPointF]:
    x, y = ref.square
    corners = {
        "N": ((x, y), (x + 1, y)),
        "S": ((x, y + 1), (x + 1, y + 1)),
        "W": ((x, y), (x, y + 1)),
        "E": ((x + 1, y), (x + 1, y + 1)),
    }[ref.side]
    return QPointF(*corners[0]), QPointF(*corners[1])


__all__ = ["TileEditorWindow", "tile_palette"]
