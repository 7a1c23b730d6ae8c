"""EditorWindow: the mission and scenario editor (palette, board, set-up, inspector, problems, playtest)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox, QToolBar, QVBoxLayout, QWidget

from app.core.system import GameSystem
from app.core.view import GameView
from app.scenario.editor.fields import FieldSpec, fields_from_schema
from app.scenario.editor.files import schema_for
from app.scenario.editor.plugin import Finding, Spot
from app.scenario.loading import ScenarioError
from app.ui.board_aids import legend_html
from app.ui.board_scene import BoardScene
from app.ui.editor.board import EditorBoardView
from app.ui.editor.controller import EditorController, PluginFinder
from app.ui.editor.docks import FormDock, PaletteDock, ProblemsDock
from app.ui.editor.smoke import GAMES as SMOKE_GAMES
from app.ui.editor.smoke import SmokeRun, start_smoke
from app.ui.interaction import grade_colour
from app.ui.lang import translator
from app.ui.plugins import widget_class

tr = translator("Editor")
SELECTED = (QColor(255, 196, 0, 70), QColor(230, 140, 0))
PREVIEW = (QColor(30, 136, 229, 70), QColor(30, 136, 229))
PROBLEM = (QColor(211, 47, 47, 60), QColor(211, 47, 47))
GENERAL_FIELDS = ("id", "title", "description")
ZONE_LAYER = "setup_zones"  # a view highlight layer the editor tints (location → side id) with a key


@dataclass(frozen=True)
class EditorAction:
    """One editor action: name, text, shortcuts and whether it sits in the toolbar."""

    name: str
    text: str
    shortcuts: tuple[str, ...]
    toolbar: bool = True


def _(text: str) -> str:
    return text


EDITOR_ACTIONS: tuple[EditorAction, ...] = (
    EditorAction("open", _("Open…"), ("Ctrl+O",)),
    EditorAction("save", _("Save"), ("Ctrl+S",)),
    EditorAction("save_as", _("Save as…"), ("Ctrl+Shift+S",), toolbar=False),
    EditorAction("undo", _("Undo"), ("Ctrl+Z",)),
    EditorAction("redo", _("Redo"), ("Ctrl+Shift+Z", "Ctrl+Y")),
    EditorAction("rotate", _("Rotate"), ("R",)),
    EditorAction("flip", _("Flip tile"), ("T",)),
    EditorAction("delete", _("Delete"), ("Del", "Backspace")),
    EditorAction("select_tool", _("Select / move"), ("Esc",), toolbar=False),
    EditorAction("fit", _("Fit board"), ("F",)),
    EditorAction("playtest", _("Playtest"), ("F5",)),
    EditorAction("smoke", _("Smoke test"), ("F6",)),
    EditorAction("tiles", _("Tile editor…"), ("Ctrl+Shift+T",)),
    EditorAction("close", _("Close editor"), ("Ctrl+W",), toolbar=False),
)


class EditorWindow(QMainWindow):
    """Edits one scenario document; the board shows the document as the game would start."""

    playtest_requested = Signal(object)  # Session
    closed = Signal()

    def __init__(
        self, systems: Mapping[str, GameSystem], plugin_for: PluginFinder, lang: str = "en", parent: Any = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("EditorWindow")
        self.lang = lang
        self.controller = EditorController(systems, plugin_for, self)
        self.scene = BoardScene(parent=self)
        self.scene.set_language(lang)
        self.board = EditorBoardView(self.scene, self)
        self.board.draggable = self._draggable
        self._labels: dict[str, Any] = {}
        self._board_obj: Any = None
        self.smoke_run: SmokeRun | None = None
        self.last_smoke: SmokeRun | None = None
        self.smoke_games = SMOKE_GAMES
        self.tile_window: Any = None
        self._smoke_timer = QTimer(self, interval=200)
        self._smoke_timer.timeout.connect(self._poll_smoke)
        self._build()
        self._connect()
        self.retranslate()
        self.resize(1500, 950)

    # --- construction -------------------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        self.banner = QLabel(central)
        self.banner.setObjectName("stale_banner")
        self.banner.setStyleSheet("background: #fdecea; color: #8c1d18; padding: 6px;")
        self.banner.hide()
        column.addWidget(self.banner)
        column.addWidget(self.board, 1)
        self.setCentralWidget(central)
        self.palette = PaletteDock(self)
        self.setup = FormDock("EditorSetup", self.controller.set_field, self)
        self.inspector = FormDock("EditorInspector", self.controller.set_field, self)
        self.problems = ProblemsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.palette)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.setup)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.problems)
        self.resizeDocks([self.palette, self.inspector], [230, 380], Qt.Orientation.Horizontal)
        self.resizeDocks([self.inspector, self.setup, self.problems], [300, 500, 150], Qt.Orientation.Vertical)
        self.actions_by_name: dict[str, QAction] = {}
        self.toolbar = QToolBar(self)
        self.toolbar.setObjectName("EditorToolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(self.toolbar)
        self.file_menu = self.menuBar().addMenu("")
        self.edit_menu = self.menuBar().addMenu("")
        for spec in EDITOR_ACTIONS:
            action = QAction(self)
            action.setObjectName(f"editor_{spec.name}")
            action.setShortcuts([QKeySequence(s) for s in spec.shortcuts])
            self.actions_by_name[spec.name] = action
            self.addAction(action)
            menu = (
                self.file_menu
                if spec.name in ("open", "save", "save_as", "playtest", "smoke", "tiles", "close")
                else None
            )
            (menu or self.edit_menu).addAction(action)
            if spec.toolbar:
                self.toolbar.addAction(action)
        self.new_menu = self.file_menu.addMenu("")
        self.file_menu.insertMenu(self.file_menu.actions()[0], self.new_menu)
        self.inspector.add_button("rotate_button", lambda: self.controller.turn("rotate"))
        self.inspector.add_button("flip_button", lambda: self.controller.turn("flip"))
        self.inspector.add_button("delete_button", self.controller.delete)
        self.status = QLabel(self)
        self.statusBar().addWidget(self.status, 1)
        self.zone_key = QLabel(self)
        self.zone_key.setObjectName("zone_key")
        self.statusBar().addPermanentWidget(self.zone_key)

    def _connect(self) -> None:
        c, a = self.controller, self.actions_by_name
        handlers: dict[str, Callable[[], Any]] = {
            "open": self.open_dialog,
            "save": self.save,
            "save_as": self.save_as,
            "undo": c.undo,
            "redo": c.redo,
            "rotate": lambda: c.turn("rotate"),
            "flip": lambda: c.turn("flip"),
            "delete": c.delete,
            "select_tool": lambda: c.set_tool(None),
            "fit": self.board.fit,
            "playtest": self.playtest,
            "smoke": self.smoke_test,
            "tiles": self.open_tile_editor,
            "close": self.close,
        }
        for name, handler in handlers.items():
            a[name].triggered.connect(lambda _=False, h=handler: h())
        c.changed.connect(self.refresh)
        c.selection_changed.connect(lambda _p: self._refresh_selection())
        c.tool_changed.connect(self._on_controller_tool_changed)
        c.refused.connect(lambda text: self.statusBar().showMessage(text.render(self.lang), 6000))
        self.palette.tool_chosen.connect(c.set_tool)
        self.palette.tool_chosen.connect(lambda _e: self.board.setFocus())  # R, T, Del go to the board, not the list
        self.problems.finding_activated.connect(self._on_problems_finding_activated)
        self.board.spot_clicked.connect(lambda loc: c.click(self.spot(loc)))
        self.board.drag_moved.connect(self._on_board_drag_moved)
        self.board.drag_finished.connect(self._on_board_drag_finished)
        self.board.paint_moved.connect(self._preview)
        self.board.paint_finished.connect(self._on_board_paint_finished)
        self.board.location_hovered.connect(self._on_board_location_hovered)

    def retranslate(self) -> None:
        """Every visible string in the current language."""
        for spec in EDITOR_ACTIONS:
            self.actions_by_name[spec.name].setText(tr(spec.text))
        self.file_menu.setTitle(tr("&File"))
        self.edit_menu.setTitle(tr("&Edit"))
        self.new_menu.setTitle(tr("New"))
        self.palette.setWindowTitle(tr("Palette"))
        self.setup.setWindowTitle(tr("Set-up"))
        self.inspector.setWindowTitle(tr("Inspector"))
        self.problems.setWindowTitle(tr("Problems"))
        self.toolbar.setWindowTitle(tr("Editor toolbar"))
        for name, text in (("rotate_button", "Rotate"), ("flip_button", "Flip tile"), ("delete_button", "Delete")):
            button = self.inspector.findChild(QWidget, name)
            if button is not None:
                button.setText(tr(text))  # type: ignore[attr-defined]

    def add_new_action(self, system_id: str, title: str) -> QAction:
        """A File → New entry for one system."""
        action = self.new_menu.addAction(title)
        action.setObjectName(f"editor_new_{system_id}")
        action.triggered.connect(lambda _=False, s=system_id: self.new_document(s))
        return action

    # --- documents ----------------------------------------------------------------------------------
    def new_document(self, system_id: str) -> None:
        """Start a new document of ``system_id`` (asking first if the current one has unsaved edits)."""
        if self._discard_ok():
            self.controller.new(system_id)
            QTimer.singleShot(0, self.board.fit)

    def open_path(self, path: Path) -> bool:
        """Open a scenario file for editing; a broken file is reported with its problems."""
        try:
            self.controller.open(path)
        except (ScenarioError, ValueError) as exc:
            QMessageBox.warning(self, tr("Cannot edit this file"), f"{path}\n\n{exc}")
            return False
        QTimer.singleShot(0, self.board.fit)
        return True

    def open_dialog(self) -> None:
        """Choose a scenario file to edit."""
        if not self._discard_ok():
            return
        name, _ = QFileDialog.getOpenFileName(self, tr("Open scenario"), "", tr("Scenario files (*.json)"))
        if name:
            self.open_path(Path(name))

    def save(self) -> bool:
        """Save to the document's file (asking for one the first time)."""
        if self.controller.doc.path is None:
            return self.save_as()
        return self._write(None)

    def save_as(self) -> bool:
        """Save to a new file."""
        name, _ = QFileDialog.getSaveFileName(self, tr("Save scenario as"), "", tr("Scenario files (*.json)"))
        return bool(name) and self._write(Path(name))

    def _write(self, path: Path | None) -> bool:
        try:
            where = self.controller.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, tr("Cannot save"), str(exc))
            return False
        self.statusBar().showMessage(tr("Saved {0}").format(where), 6000)
        self._update_title()
        return True

    def _discard_ok(self) -> bool:
        if not self.controller.doc.dirty or not self.controller.doc.data:
            return True
        answer = QMessageBox.question(
            self,
            tr("Unsaved changes"),
            tr("The document has unsaved changes. Discard them?"),
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard

    # --- refresh ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the board, the palette, the forms and the problems from the controller."""
        c = self.controller
        if c.preview is not None:
            self.scene.sync(c.preview)
            if self.scene.geo is not None and self.scene.geo.board is not self._board_obj:
                self._board_obj = self.scene.geo.board
                topo = self.scene.geo.topology
                self._labels = {topo.label(loc): loc for loc in topo.locations()}
            self._show_zones(c.preview)
        self.banner.setVisible(not c.preview_is_current)
        self.banner.setText(tr("The document does not load: the board shows the last version that did."))
        if c.plugin is not None:
            self.palette.set_entries(c.plugin.palette(c.doc.data), self.lang, c.tool)
            self.setup.form.set_fields(self.setup_fields(), c.doc.data, self.lang)
        self.problems.show_findings(c.result.findings, self.lang)
        self._show_problem_squares(c.result.findings)
        self._refresh_selection()
        self.actions_by_name["undo"].setEnabled(c.doc.can_undo)
        self.actions_by_name["redo"].setEnabled(c.doc.can_redo)
        self.actions_by_name["playtest"].setEnabled(c.result.playable)
        self.actions_by_name["smoke"].setEnabled(c.result.playable and self.smoke_run is None)
        self.actions_by_name["tiles"].setEnabled(c.tile_library() is not None)
        self._update_title()

    def setup_fields(self) -> list[FieldSpec]:
        """The set-up form: the document's id, title and description, then the system's own fields."""
        c = self.controller
        if c.plugin is None:
            return []
        schema = schema_for(c.doc.data, c.systems)
        general = [f for f in fields_from_schema(schema, c.doc.data, ()) if f.path[0] in GENERAL_FIELDS]
        return general + c.plugin.setup_fields(c.doc.data)

    def _refresh_selection(self) -> None:
        c = self.controller
        item = c.item(c.selected)
        if item is None:
            self.inspector.caption.setText(tr("Click a counter, tile or marker on the board to inspect it."))
            self.inspector.form.set_fields([], c.doc.data, self.lang)
            self.scene.set_layer("targets", {})
            return
        self.inspector.caption.setText(f"<b>{item.label.render(self.lang)}</b> — {item.at}")
        schema = schema_for(c.doc.data, c.systems)
        self.inspector.form.set_fields(fields_from_schema(schema, c.doc.data, item.path), c.doc.data, self.lang)
        self.scene.set_layer("targets", {self._labels[x]: SELECTED for x in item.cells if x in self._labels})

    def _show_zones(self, view: GameView) -> None:
        """Tint the set-up zones in their side's colour and print their key in the status bar."""
        theme = self.scene.theme
        fills: dict[Any, tuple[QColor, QColor | None]] = {}
        for loc, grade in view.highlights.get(ZONE_LAYER, {}).items():
            edge = grade_colour(theme, view, str(grade)).darker(130)
            fill = QColor(edge.lighter(130))
            fill.setAlpha(120)
            fills[loc] = (fill, edge)
        self.scene.set_layer("zones", fills)
        self.zone_key.setText(legend_html(view, [ZONE_LAYER], theme, self.lang) if fills else "")

    def _show_problem_squares(self, findings: list[Finding]) -> None:
        fills = {self._labels[f.where]: PROBLEM for f in findings if f.where in self._labels}
        self.scene.set_layer("view", fills)

    def _update_title(self) -> None:
        doc = self.controller.doc
        name = doc.path.name if doc.path else tr("untitled")
        self.setWindowTitle(f"{'*' if doc.dirty else ''}{name} — {tr('Editor')} — Adjutant")

    # --- board intents ------------------------------------------------------------------------------
    def spot(self, loc: Any) -> Spot:
        """The editor's view of a board location (its printed label from the board's topology)."""
        geo = self.scene.geo
        label = geo.topology.label(loc) if geo is not None else str(loc)
        return Spot(loc, label)

    def _draggable(self, loc: Any) -> bool:
        return self.controller.tool is None and self.controller.item_at(self.spot(loc).label) is not None

    def _preview(self, locs: list[Any]) -> None:
        self.scene.set_layer("hover", dict.fromkeys(locs, PREVIEW))

    def _on_board_drag_moved(self, start: Any, loc: Any) -> None:
        item = self.controller.item_at(self.spot(start).label)
        if item is None or item.kind != "tile" or not isinstance(loc, tuple) or not isinstance(start, tuple):
            self._preview([loc])
            return
        dx, dy = loc[0] - start[0], loc[1] - start[1]
        cells = [self._labels[c] for c in item.cells if c in self._labels]
        self._preview([(x + dx, y + dy) for x, y in cells])

    def _on_board_drag_finished(self, start: Any, end: Any) -> None:
        self._preview([])
        self.controller.drag(self.spot(start), self.spot(end))

    def _on_board_paint_finished(self, locs: list[Any]) -> None:
        self._preview([])
        self.controller.paint([self.spot(loc) for loc in locs])

    def _on_board_location_hovered(self, loc: Any) -> None:
        if loc is None:
            self.status.setText("")
            return
        spot = self.spot(loc)
        item = self.controller.item_at(spot.label)
        what = f" — {item.label.render(self.lang)}" if item is not None else ""
        self.status.setText(f"{spot.label}{what}")

    def _on_controller_tool_changed(self, entry: Any) -> None:
        self.board.painting = self.controller.tool_paints()
        self.palette.mark(entry)
        cursor = Qt.CursorShape.ArrowCursor if entry is None else Qt.CursorShape.CrossCursor
        self.board.viewport().setCursor(cursor)

    def _on_problems_finding_activated(self, finding: Finding) -> None:
        where = self.controller.select_finding(finding)
        if where in self._labels:
            self.board.centerOn(self.scene.centre_of(self._labels[where]))

    # --- playtest and smoke test --------------------------------------------------------------------
    def playtest(self) -> None:
        """Start a game on the document as it is now (the document stays open here)."""
        try:
            session = self.controller.playtest_session()
        except ValueError as exc:
            QMessageBox.information(self, tr("Cannot playtest yet"), str(exc))
            return
        self.playtest_requested.emit(session)

    def smoke_test(self) -> None:
        """Play random legal games on the document off the GUI thread and report crashes and dead ends."""
        c = self.controller
        if not c.result.playable or self.smoke_run is not None:
            return
        folder = c.doc.path.parent if c.doc.path else Path.cwd()
        system = c.systems[c.system_id]
        self.smoke_run, _thread = start_smoke(
            c.systems, system, c.result.model, c.result.runtime, folder=folder, games=self.smoke_games
        )
        self.actions_by_name["smoke"].setEnabled(False)
        self._smoke_timer.start()
        self._poll_smoke()

    def _poll_smoke(self) -> None:
        run = self.smoke_run
        if run is None:
            return
        counts = run.counts()
        text = tr("Smoke test: {0}/{1} games, {2} finished, {3} dead ends, {4} runaways, {5} crashes").format(
            len(run.reports), run.games, counts["finished"], counts["dead end"], counts["runaway"], counts["crash"]
        )
        self.status.setText(text + (f" — {run.error}" if run.error else ""))
        if run.done:
            self._smoke_timer.stop()
            self.smoke_run = None
            self.last_smoke = run
            self.actions_by_name["smoke"].setEnabled(self.controller.result.playable)
            self.statusBar().showMessage(text, 15000)

    # --- tiles ----------------------------------------------------------------------------------------
    def open_tile_editor(self) -> Any:
        """Edit the mission's tile library in the tile editor; saving it makes the mission use the saved file.

        The bundled library opens as a copy (saving asks for a new file), so a player's own tiles go in a
        library of their own next to their missions.
        """
        found, kit = self.controller.tile_library(), self.controller.tile_kit()
        if found is None or kit is None:
            self.statusBar().showMessage(tr("This system has no tiles to edit."), 6000)
            return None
        path, bundled = found
        if self.tile_window is None:
            self.tile_window = widget_class(kit.widget)(kit, lang=self.lang)
            doc_path = self.controller.doc.path
            self.tile_window.default_folder = doc_path.parent if doc_path is not None else None
            self.tile_window.library_saved.connect(self._on_tile_library_saved)
            self.tile_window.closed.connect(self._on_tile_window_closed)
            if not self.tile_window.open_path(path, as_copy=bundled):
                self.tile_window = None
                return None
        self.tile_window.show()
        self.tile_window.raise_()
        return self.tile_window

    def _on_tile_library_saved(self, path: Path) -> None:
        refused = self.controller.use_tile_library(Path(path))
        if refused is not None:
            QMessageBox.information(self, tr("The mission still uses its old tiles"), refused.render(self.lang))

    def _on_tile_window_closed(self) -> None:
        self.tile_window = None

    # --- lifetime -----------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch the editor's texts to ``lang``."""
        self.lang = lang
        self.scene.set_language(lang)
        self.retranslate()
        self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._discard_ok() or (self.tile_window is not None and not self.tile_window.close()):
            event.ignore()
            return
        if self.smoke_run is not None:
            self.smoke_run.cancelled = True
        self.closed.emit()
        super().closeEvent(event)
