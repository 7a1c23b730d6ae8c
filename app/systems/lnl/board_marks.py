"""What the map prints about heights (LNL-SETUP-2, LNL-LOS-4, LNL-STACK-4): a mark in every hex whose ground is
not level 0 (``▲2``: a hill of level 2; ``▼1``: a gully) or whose building has more than one storey (``3F``).

The mark's kind is its ground level (``hill_one``, ``hill_two``, ``hill_three``, ``plain`` for a tall building
on level 0, ``gully`` below it); the window draws each kind with its glyph in ``data/style.json`` — a brown wash darker
with every level and the printed note — so a player reads the heights off the board itself, as off a printed
geomorphic map's contour colours and storey numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.systems.lnl.tables import terrains


def mark_kind(elevation: int) -> str:
    """The mark kind of a hex with ground ``elevation`` (levels above 3 share level 3's glyph)."""
    return "gully" if elevation < 0 else ("plain", "hill_one", "hill_two", "hill_three")[min(elevation, 3)]


def height_text(elevation: int, storeys: int) -> str:
    """The printed note: ground level (``▲2``/``▼1``) and building storeys above one (``2F``), or ``""``."""
    parts = []
    if elevation:
        parts.append(f"▲{elevation}" if elevation > 0 else f"▼{-elevation}")
    if storeys > 1:
        parts.append(f"{storeys}F")
    return " ".join(parts)


def level_marks(
    cells: Mapping[Any, tuple[str, Any, int]], labels: Mapping[Any, str], kinds: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Marks (``HexMarkSpec`` data) for the hexes of laid boards.

    Args:
        cells: Map cell -> (board-local label, the board's hex spec or ``None``, placement index).
        labels: Map cell -> map label.
        kinds: Map label -> terrain id.
    """
    known = terrains()
    marks = []
    for cell, (_local, spec, _index) in sorted(cells.items()):
        elevation = spec.elevation if spec is not None else 0
        storeys = spec.storeys if spec is not None and spec.storeys else 1
        building = known[kinds[labels[cell]]].building if kinds[labels[cell]] in known else False
        text = height_text(elevation, storeys if building else 1)
        if text:
            marks.append({"at": labels[cell], "kind": mark_kind(elevation), "name_en": text, "name_zh": text})
    return marks
