"""What the square-tile editor window needs from SAS: the tile editor model, its tools and names (SAS-BRD).

The window is a UI plug-in (``app/ui/editor/tiles.py``, registered as ``"square-tiles"``); it never imports
this package. The SAS editor plug-in hands it :data:`KIT` (see ``SasEditing.tile_editor_kit``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from app.core.i18n import Text, t
from app.core.style import load_style
from app.core.view import Style
from app.systems.sas.pieces import STYLE_FILE
from app.systems.sas.tiles.checks import LEGEND, Square, parse_square
from app.systems.sas.tiles.editor import (
    EDGE_KINDS,
    EDGE_NAMES,
    MARK_KINDS,
    MARK_NAMES,
    TERRAIN_NAMES,
    TILE_KINDS,
    EdgeRef,
    TileEditor,
    describe_square,
    library_schema,
    stroke_edges,
)
from app.systems.sas.tiles.library import mark_fields


@dataclass(frozen=True)
class TileEditorKit:
    """The tile editor's model and vocabulary, as the square-tile editor window uses them.

    Attributes:
        widget: The UI plug-in that edits these libraries.
        editor: The model class (``new()``, ``open(path, as_copy=...)``).
        legend: Row character -> terrain name.
        terrain_names: Terrain name -> English display name.
        edge_kinds: Edge features a player can draw; ``edge_names`` their display names.
        mark_kinds: Marks placed with one click; ``mark_names`` the display names of every mark.
        tile_kinds: Kinds of tile ("map", small tiles).
        mark_fields: The fields a mark of a kind takes.
        parse_square: Square name ("B3") -> (x, y).
        describe_square: What a square of a tile side holds, as one line.
        library_schema: The JSON Schema of library files.
        stroke_edges: The square sides a drawn stroke follows.
        style: How the tile's marks are drawn (the SAS style).
        extra_edge_tools: Edge tools beyond one per edge kind: (tool, label).
        line_tools: Lines dragged across squares (patrol lines), by colour: (colour, label).
    """

    widget: str
    editor: type[TileEditor]
    legend: Mapping[str, str]
    terrain_names: Mapping[str, str]
    edge_kinds: tuple[str, ...]
    edge_names: Mapping[str, str]
    mark_kinds: tuple[str, ...]
    mark_names: Mapping[str, str]
    tile_kinds: tuple[str, ...]
    mark_fields: Callable[[str], frozenset[str]]
    parse_square: Callable[[str], Square]
    describe_square: Callable[[TileEditor, int, Any, Square], Text]
    library_schema: Callable[[], dict[str, Any]]
    stroke_edges: Callable[[list[tuple[float, float]], int, int], list[EdgeRef]]
    style: Style
    extra_edge_tools: tuple[tuple[str, Text], ...]
    line_tools: tuple[tuple[str, Text], ...]


KIT = TileEditorKit(
    widget="square-tiles",
    editor=TileEditor,
    legend=LEGEND,
    terrain_names=TERRAIN_NAMES,
    edge_kinds=EDGE_KINDS,
    edge_names=EDGE_NAMES,
    mark_kinds=MARK_KINDS,
    mark_names=MARK_NAMES,
    tile_kinds=TILE_KINDS,
    mark_fields=mark_fields,
    parse_square=parse_square,
    describe_square=describe_square,
    library_schema=library_schema,
    stroke_edges=stroke_edges,
    style=load_style(STYLE_FILE),
    extra_edge_tools=(("grapple", t("High wall with grapple point")),),  # SAS-TER-13
    line_tools=(("black", t("Black patrol line (drag)")), ("white", t("White patrol line (drag)"))),  # SAS-BRD-5
)
"""The SAS tile editor kit."""
