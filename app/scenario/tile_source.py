"""What the board assembly needs from a tile library (a system declaring ``app.core.capabilities.HasTiles``
reads its libraries into one).

Kept apart from :mod:`app.scenario.boards_tiled` (pydantic models, geometry) so the catalog can name these types
without loading the board models.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeAlias

if TYPE_CHECKING:
    from app.geometry.hextiles import HexTile
    from app.geometry.tiles import TileGrid

GeometryTile: TypeAlias = "TileGrid | HexTile"
"""A tile side as geometry: square tiles or hex tiles."""


class TileSource(Protocol):
    """A tile library as the board assembly sees it (a system's library model implements it).

    A library may also offer ``tile_title(tile_id, side) -> Text``: the tile's printed name and side in both
    languages, which the window paints on the tile instead of ``tile_id/side``.

    Attributes:
        id: Library id, for messages.
    """

    id: str

    def tile_kind(self, tile_id: str) -> str:
        """``"map"`` for a map tile; any other kind is a small tile (spawn, entry/exit, supply dump…).

        Raises:
            KeyError: The library has no such tile.
        """
        ...

    def tile_sides(self, tile_id: str) -> Collection[str]:
        """The printed sides of a tile ("A", "B")."""
        ...

    def tile_grid(self, tile_id: str, side: str) -> GeometryTile:
        """The unrotated geometry of one side of a tile."""
        ...


TileLoader = Callable[[Path], "TileSource"]
"""Reads (and validates) a tile library file."""
