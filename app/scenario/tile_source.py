"""What the board assembly needs from a tile library, and the capability of a system that reads one.

Kept apart from :mod:`app.scenario.boards_tiled` (pydantic models, geometry) so the catalog can find the
system of a tile-library file by its declared capability without loading the board models.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeAlias, runtime_checkable

if TYPE_CHECKING:
    from pydantic import BaseModel

    from app.geometry.hextiles import HexTile
    from app.geometry.tiles import TileGrid

GeometryTile: TypeAlias = "TileGrid | HexTile"
"""A tile side as geometry: square tiles or hex tiles."""


class TileSource(Protocol):
    """A tile library as the board assembly sees it (a system's library model implements it).

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


@runtime_checkable
class HasTileLibrary(Protocol):
    """Capability of a game system whose boards are laid out from tile libraries.

    Attributes:
        tile_format: The ``format`` marker of its library files (``"adjutant-tiles"``).
    """

    tile_format: str

    def tile_library_model(self) -> type[BaseModel]:
        """The pydantic model of its library files (to validate a file and report every problem)."""
        ...

    def load_tile_library(self, path: Path) -> TileSource:
        """Read and validate a library file (raising ``app.scenario.boards_tiled.TileError`` on a bad one)."""
        ...
