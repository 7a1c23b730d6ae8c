"""The SAS board: map tiles and small tiles laid out from an SAS tile library (SAS-BRD-1, SAS-MSN-3)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import Field

from app.core.defaults import new_list
from app.scenario.boards import Board, build_board
from app.scenario.boards_tiled import TiledBoardSpec, TilePlacementSpec
from app.systems.sas.tiles.library import load_tile_library

TILE_FORMAT = "adjutant-tiles"
"""The ``format`` marker of SAS tile-library files."""


class SasTilePlacement(TilePlacementSpec):
    """One SAS tile laid on the table: square tiles turn by quarter turns only."""

    rotation: Literal[0, 90, 180, 270] = Field(0, description="Clockwise rotation in degrees.")


class SasBoardSpec(TiledBoardSpec):
    """An SAS board assembled from tiles (``kind: "tiled"``, SAS-BRD-1)."""

    tiles: list[SasTilePlacement] = Field(  # type: ignore[assignment]
        min_length=1, description="Map tiles (they count for SAS-MSN-3)."
    )
    extras: list[SasTilePlacement] = Field(  # type: ignore[assignment]
        default_factory=new_list, description="Small tiles: spawn tiles, entry/exit tile, supply dumps (SAS-BRD-1)."
    )


def build_sas_board(spec: TiledBoardSpec, resolve: Callable[[str], Path]) -> Board:
    """Build an SAS board, reading its tiles with the SAS library format.

    Raises:
        app.scenario.boards.BoardError: The library, a tile or a side is missing, or the tiles do not fit.
    """
    return build_board(spec, resolve, load_tile_library)
