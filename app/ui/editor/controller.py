"""EditorController: one document being edited, its live check, its preview view, the tool and the selection.

The controller is the editor's only link to the model (``app.scenario.editor``) and to the system's
plug-in; widgets call its methods and redraw on its signals. Every change goes through a document
transaction, so it is one undo step; after each change the document is checked again exactly as the
loaders would read it, and the board shows the preview of the last version that loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from PySide6.QtCore import QObject, Signal

from app.core.capabilities import capability
from app.core.i18n import Text, t
from app.core.session import Session
from app.core.system import GameSystem
from app.core.view import GameView
from app.scenario.editor.checking import CheckResult, check_document
from app.scenario.editor.document import MISSING, Document, JsonPath, json_path_text
from app.scenario.editor.fields import FieldSpec, FieldValueError, parse_field
from app.scenario.editor.files import open_document, save_document
from app.scenario.editor.plugin import (
    EditorPlugin,
    Finding,
    HasTileEditor,
    HasTileLibrary,
    Placed,
    Spot,
    in_folder,
    parse_json_path,
)

PluginFinder = Callable[[str], EditorPlugin | None]


class EditorController(QObject):
    """Holds the document and applies the user's edits through the system's plug-in."""

    changed = Signal()  # the document, its check or the preview changed
    selection_changed = Signal(object)  # JSON path of the selected thing, or None
    tool_changed = Signal(object)  # palette entry id, or None for the select tool
    refused = Signal(object)  # Text: why an action did nothing

    def __init__(self, systems: Mapping[str, GameSystem], plugin_for: PluginFinder, parent: Any = None) -> None:
        super().__init__(parent)
        self.systems, self.plugin_for = systems, plugin_for
        self.doc = Document({})
        self.plugin: EditorPlugin | None = None
        self.result = CheckResult()
        self.preview: GameView | None = None
        self.selected: JsonPath | None = None
        self.tool: str | None = None

    # --- documents ----------------------------------------------------------------------------------
    def new(self, system_id: str) -> None:
        """Start a new document of ``system_id`` from the plug-in's small valid scenario."""
        plugin = self.plugin_for(system_id)
        if plugin is None:
            raise ValueError(f"no editor for system {system_id!r}")
        self._adopt(Document(plugin.new_document()), plugin)

    def open(self, path: Path) -> None:
        """Open a scenario file (raises ScenarioError when it is not a JSON object, ValueError for no editor)."""
        doc = open_document(path)
        system_id = str(doc.data.get("system", ""))
        plugin = self.plugin_for(system_id)
        if plugin is None:
            raise ValueError(f"no editor for system {system_id!r}")
        self._adopt(doc, plugin)

    def _bound(self, plugin: EditorPlugin) -> EditorPlugin:
        """The plug-in told where the document lives (relative paths in it, such as a tile library, start there)."""
        return in_folder(plugin, self.doc.path.parent if self.doc.path else None)

    def _adopt(self, doc: Document, plugin: EditorPlugin) -> None:
        self.doc, self.preview = doc, None
        self.plugin = self._bound(plugin)
        self.selected, self.tool = None, None
        doc.subscribe(lambda _doc: self.recheck())
        self.recheck()
        self.selection_changed.emit(None)
        self.tool_changed.emit(None)

    def save(self, path: Path | None = None) -> Path:
        """Write the canonical file (to ``path`` or the document's own); returns where it went."""
        where = save_document(self.doc, self.systems, path)
        if self.plugin is not None:
            self.plugin = self._bound(self.plugin)
        return where

    # --- tile libraries (systems with tiled boards) ---------------------------------------------------
    def tile_library(self) -> tuple[Path, bool] | None:
        """The document's tile library file and whether it is bundled; None when the system has no tiles."""
        tiles = capability(self.plugin, HasTileLibrary)
        return tiles.tile_library(self.doc.data) if tiles is not None else None

    def tile_kit(self) -> Any:
        """The system's tile editor kit (``HasTileEditor``); None when its players cannot edit tiles."""
        editing = capability(self.plugin, HasTileEditor)
        return editing.tile_editor_kit if editing is not None else None

    def use_tile_library(self, path: Path) -> Text | None:
        """Point the document at the library saved at ``path``; returns why not (nothing changes then).

        A mission refers to its files by paths relative to its own folder (``adjutant validate`` refuses
        anything else), so the library must be saved in the mission's folder or a folder inside it.
        """
        tiles = capability(self.plugin, HasTileLibrary)
        if tiles is None:
            return t("This system has no tiles.")
        if self.doc.path is None:
            return t("Save the mission first, then save its tile library in the mission's folder.")
        folder = self.doc.path.parent.resolve()
        try:
            ref = path.resolve().relative_to(folder).as_posix()
        except ValueError:
            return t("A mission can only use a tile library in its own folder ({folder}).", folder=str(folder))
        current = self.tile_library()
        if current is not None and current[0].resolve() == path.resolve():
            self.recheck()  # same file, new tiles: the palette and the board change
            return None
        with self.doc.transaction(t("Use tile library {name}", name=path.name)) as tx:
            tiles.use_tile_library(tx, ref)
        return None

    @property
    def system_id(self) -> str:
        """The edited system's id."""
        return self.plugin.system_id if self.plugin is not None else ""

    # --- checking and preview -----------------------------------------------------------------------
    def recheck(self) -> None:
        """Check the document again and rebuild the preview when it loads."""
        self.result = check_document(self.doc.data, self.doc.path, self.systems, self.plugin)
        if self.result.state is not None:
            self.preview = self.systems[self.system_id].view(self.result.state, None)
        if self.selected is not None and self.doc.get(self.selected, None) is None:
            self.select(None)
        self.changed.emit()

    @property
    def preview_is_current(self) -> bool:
        """Whether the board shows the document as it is now (False: the last version that loaded)."""
        return self.result.state is not None

    def board_items(self) -> list[Placed]:
        """Everything the document places on the board (top-most last)."""
        if self.plugin is None:
            return []
        return self.plugin.placed(self.doc.data, self.result.runtime)

    def item_at(self, label: str) -> Placed | None:
        """The top-most placed thing covering ``label``."""
        return next((p for p in reversed(self.board_items()) if label in p.cells), None)

    def item(self, path: JsonPath | None) -> Placed | None:
        """The placed thing at ``path``."""
        return next((p for p in self.board_items() if p.path == path), None) if path is not None else None

    # --- tool and selection -------------------------------------------------------------------------
    def set_tool(self, entry_id: str | None) -> None:
        """Choose a palette entry (None: select and move)."""
        self.tool = entry_id
        self.tool_changed.emit(entry_id)

    def tool_paints(self) -> bool:
        """Whether the current tool is a brush (dragging paints every location passed)."""
        if self.plugin is None or self.tool is None:
            return False
        return any(e.id == self.tool and e.paint for e in self.plugin.palette(self.doc.data))

    def select(self, path: JsonPath | None) -> None:
        """Select the thing at ``path`` (None: nothing)."""
        self.selected = path
        self.selection_changed.emit(path)

    def select_finding(self, finding: Finding) -> str | None:
        """Select the culprit of a finding; returns its board location label, if any."""
        path = parse_json_path(finding.path)
        items = self.board_items()
        for end in range(len(path), 0, -1):  # the placed thing at the path or its nearest ancestor
            hit = next((p for p in items if p.path == path[:end]), None)
            if hit is not None:
                self.select(hit.path)
                return finding.where or hit.at
        if finding.where is not None and (hit := self.item_at(finding.where)) is not None:
            self.select(hit.path)
        return finding.where

    # --- edits ---------------------------------------------------------------------------------------
    def click(self, spot: Spot) -> None:
        """A click on the board: place the current palette entry, or select what is there."""
        if self.tool is None:
            hit = self.item_at(spot.label)
            self.select(hit.path if hit is not None else None)
            return
        self.paint([spot])

    def paint(self, spots: list[Spot]) -> None:
        """Place (or paint) the current palette entry on every spot, as one undo step."""
        if self.plugin is None or self.tool is None or not spots:
            return
        plugin, tool, made = self.plugin, self.tool, None
        with self.doc.transaction(t("Place {what}", what=self._entry_label(tool))) as tx:
            for spot in spots:
                made = plugin.place(tx, tool, spot, self.result.runtime) or made
        if made is not None:
            self.select(made)
        else:
            self.refused.emit(
                t("Nothing was placed there: {what} does not fit that spot.", what=self._entry_label(tool))
            )

    def _entry_label(self, entry_id: str) -> Text:
        assert self.plugin is not None
        entry = next((e for e in self.plugin.palette(self.doc.data) if e.id == entry_id), None)
        return entry.label if entry is not None else t("Item")

    def drag(self, start: Spot, end: Spot) -> None:
        """Move what lies under ``start`` as the drag to ``end`` says (units to the square; tiles by the drag)."""
        item = self.item(self.selected) if self.selected is not None else None
        if item is None or start.label not in item.cells:
            item = self.item_at(start.label)
        if item is None or self.plugin is None or start.label == end.label:
            return
        plugin = self.plugin
        with self.doc.transaction(t("Move {what}", what=item.label)) as tx:
            plugin.move(tx, item, start, end, self.result.runtime)
        self.select(item.path)

    def turn(self, how: Literal["rotate", "flip"]) -> None:
        """Rotate or flip the selected thing."""
        item = self.item(self.selected)
        if item is None or self.plugin is None:
            self.refused.emit(t("Select something on the board first."))
            return
        plugin = self.plugin
        label = t("Rotate {what}", what=item.label) if how == "rotate" else t("Flip {what}", what=item.label)
        with self.doc.transaction(label) as tx:
            plugin.turn(tx, item, how)

    def delete(self) -> None:
        """Delete the selected thing."""
        item = self.item(self.selected)
        if item is None or self.plugin is None:
            self.refused.emit(t("Select something on the board first."))
            return
        plugin = self.plugin
        with self.doc.transaction(t("Delete {what}", what=item.label)) as tx:
            plugin.delete(tx, item)
        self.select(None)

    def set_field(self, spec: FieldSpec, raw: Any) -> Text | None:
        """Set a form field from what the user entered; returns why it was refused (nothing changes then)."""
        try:
            value = parse_field(spec, raw)
        except FieldValueError as exc:
            return exc.text
        with self.doc.transaction(t("Change {field}", field=spec.label)) as tx:
            if value is MISSING:
                tx.delete(spec.path)
            else:
                tx.set(spec.path, value)
        return None

    def undo(self) -> None:
        """Take back the last edit."""
        self.doc.undo()

    def redo(self) -> None:
        """Apply the edit taken back again."""
        self.doc.redo()

    # --- playtest ------------------------------------------------------------------------------------
    def playtest_session(self, seed: int = 1, mode: str = "digital") -> Session:
        """A new game session on the document as it is now (raises ValueError when it does not load)."""
        if not self.result.playable or self.result.model is None:
            first = self.result.errors[0] if self.result.errors else None
            why = f"{first.path}: {first.message.render()}" if first is not None else "the document does not load"
            raise ValueError(why)
        system = self.systems[self.system_id]
        folder = self.doc.path.parent if self.doc.path else Path.cwd()
        return Session(system, self.result.model, seed=seed, mode=mode, folder=folder, runtime=self.result.runtime)  # type: ignore[arg-type]

    def describe_path(self, path: JsonPath) -> str:
        """The JSON path in the loader's notation (for messages)."""
        return json_path_text(path)
