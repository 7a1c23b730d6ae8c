"""What a game system tells the editor: palettes, placing and moving things, set-up fields, rule checks.

Each system that can be edited has a module ``app/systems/<id>/editing.py`` exporting ``PLUGIN``, an object
of the :class:`EditorPlugin` protocol. The editor (model and UI) never asks which system it edits: it asks
the plug-in. Systems import this module, never the reverse (DESIGN §2).

A system offers its plug-in by declaring :class:`app.core.capabilities.HasEditor` (``HasEditor[EditorPlugin]``;
:func:`editor_of` finds it). A plug-in may itself declare the optional capabilities listed in
:data:`PLUGIN_CAPABILITIES` — :class:`FolderAware` (paths in the document are relative to its folder) and
:class:`HasTileLibrary` (the document lays its board from a tile library the tile editor can edit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, Self, cast, runtime_checkable

from pydantic import BaseModel

from app.core.capabilities import HasEditor, capability
from app.core.i18n import Text
from app.core.system import GameSystem
from app.scenario.editor.document import JsonPath, Transaction, get_at
from app.scenario.editor.fields import FieldSpec

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    """One problem of the document.

    Attributes:
        severity: ``"error"`` (the file cannot be played) or ``"warning"`` (it can, but breaks a rule of thumb).
        path: JSON path of the culprit, e.g. ``$.extra_units[0].at``.
        message: What is wrong.
        where: Board location label (``E7``, ``0405``) where it shows, if any.
    """

    severity: Severity
    path: str
    message: Text
    where: str | None = None


@dataclass(frozen=True)
class PaletteEntry:
    """Something the user can put on the board: a tile, a unit, a marker, a terrain to paint.

    Attributes:
        id: Stable id the plug-in understands (``tile:farm``, ``unit:smg``, ``terrain:forest``).
        group: Palette section (``Tiles``, ``Units``, ``Terrain``).
        label: Display name.
        paint: True for brushes (terrain): clicking or dragging paints every location passed.
    """

    id: str
    group: Text
    label: Text
    paint: bool = False


@dataclass(frozen=True)
class Spot:
    """A board location as the editor sees it: the topology's location and its printed label."""

    loc: Any
    label: str


@dataclass(frozen=True)
class Placed:
    """A thing placed by the document (unit, leader, tile) and where it is.

    Attributes:
        path: JSON path of its object in the document.
        label: Display name.
        at: Label of its anchor location.
        cells: Labels of every location it covers (what a click selects).
        kind: ``unit``, ``tile``, ``marker`` … (for the palette and the inspector).
    """

    path: JsonPath
    label: Text
    at: str
    cells: tuple[str, ...]
    kind: str


class EditorPlugin(Protocol):
    """A game system's editing tools (see module docstring)."""

    system_id: str

    def new_document(self) -> dict[str, Any]:
        """A small valid scenario to start from."""
        ...

    def palette(self, data: dict[str, Any]) -> list[PaletteEntry]:
        """Everything that can be placed or painted."""
        ...

    def place(self, tx: Transaction, entry_id: str, spot: Spot, runtime: Any) -> JsonPath | None:
        """Put a palette entry at ``spot``; returns the path of the new object (None when nothing changed)."""
        ...

    def placed(self, data: dict[str, Any], runtime: Any) -> list[Placed]:
        """Every placed thing, top-most last."""
        ...

    def move(self, tx: Transaction, item: Placed, start: Spot, end: Spot, runtime: Any) -> None:
        """Move ``item`` as a drag from ``start`` to ``end`` would (tiles snap to whole squares)."""
        ...

    def turn(self, tx: Transaction, item: Placed, how: Literal["rotate", "flip"]) -> None:
        """Rotate clockwise (units: facing; tiles: 90°), or flip (tiles: the other side)."""
        ...

    def delete(self, tx: Transaction, item: Placed) -> None:
        """Remove ``item`` and whatever refers to it."""
        ...

    def setup_fields(self, data: dict[str, Any]) -> list[FieldSpec]:
        """The system's set-up form (stealth, deck, hand sizes, …)."""
        ...

    def checks(self, model: BaseModel, runtime: Any, state: Any) -> list[Finding]:
        """Rules-aware checks of a document that loads (warnings and errors)."""
        ...

    def locate(self, data: dict[str, Any], path: JsonPath) -> str | None:
        """The board location label a JSON path points at, if any."""
        ...


@runtime_checkable
class FolderAware(Protocol):
    """A plug-in that must know where the document lives (relative paths in it start there)."""

    def with_folder(self, folder: Path | None) -> Self:
        """The same tools (a plug-in of the same class) for a document kept in ``folder`` (``None``: not saved)."""
        ...


@runtime_checkable
class HasTileLibrary(Protocol):
    """A plug-in whose documents lay their board from a tile library (the editor offers the tile editor)."""

    def tile_library(self, data: dict[str, Any]) -> tuple[Path, bool] | None:
        """The document's tile library file and whether it is bundled (read only); None if it cannot be found."""
        ...

    def use_tile_library(self, tx: Transaction, ref: str) -> None:
        """Point the document at the library ``ref`` (a path relative to the document's folder)."""
        ...


@runtime_checkable
class HasTileEditor(HasTileLibrary, Protocol):
    """A plug-in whose players can edit their tile libraries in a tile editor window.

    Attributes:
        tile_editor_kit: What the tile editor window needs: its ``widget`` name in ``app.ui.plugins``, the Qt-free
            tile editor model (``editor``) and its vocabulary; opaque to the mission editor.
    """

    tile_editor_kit: Any


PLUGIN_CAPABILITIES: tuple[type, ...] = (FolderAware, HasTileLibrary, HasTileEditor)
"""Every capability an editor plug-in may declare (by subclassing it)."""


def editor_of(system: GameSystem) -> EditorPlugin | None:
    """The editor plug-in of ``system`` (:class:`~app.core.capabilities.HasEditor`), or None if it has none."""
    editor = capability(system, HasEditor)
    if editor is None:
        return None
    plugin: EditorPlugin = editor.editor_plugin()
    return plugin


def in_folder(plugin: EditorPlugin, folder: Path | None) -> EditorPlugin:
    """``plugin`` told where the document lives (:class:`FolderAware`); other plug-ins need not know."""
    aware = capability(plugin, FolderAware)
    if aware is None:
        return plugin
    return cast(EditorPlugin, aware.with_folder(folder))  # the same plug-in class, bound to the folder


_TOKEN = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def parse_json_path(text: str) -> JsonPath:
    """``$.armies[0].units[3].at`` -> ``("armies", 0, "units", 3, "at")`` (unknown notation: ``()``)."""
    if not text.startswith("$"):
        return ()
    return tuple(int(m.group(2)) if m.group(2) is not None else m.group(1) for m in _TOKEN.finditer(text[1:]))


def nearest_label(data: dict[str, Any], path: JsonPath) -> str | None:
    """The ``at`` label (a string) of the object at ``path`` or its closest ancestor that has one."""
    for end in range(len(path), -1, -1):
        node = get_at(data, path[:end], None)
        if isinstance(node, dict) and isinstance(node.get("at"), str):
            return str(node["at"])
        if isinstance(node, str) and end == len(path) and path and path[-1] == "at":
            return node
    return None
