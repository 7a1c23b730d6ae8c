"""The battlefield (rulebook chapter 1): sections, own side and rear hexes (CCA-BOARD-1, CCA-BOARD-2, CCA-BOARD-3,
CCA-RETREAT-3).

The board's sections are named as seen by the player seated at the bottom edge; the top player sits
opposite, so his left flank is the board's right (CCA-BOARD-2). A hex cut by a dotted line lies in two
sections (CCA-BOARD-3). "Toward its own side" means one row nearer the owner's baseline (Q16).
"""

from __future__ import annotations

from functools import cache

from app.geometry.hexgrid import HexGrid
from app.systems.cca.scenario import Runtime

Hex = tuple[int, int]
SECTIONS = ("left", "centre", "right")
_MIRROR = {"left": "right", "centre": "centre", "right": "left"}


def rear_step(side: str) -> int:
    """Row change of one step toward ``side``'s baseline (bottom: +1, top: -1)."""
    return 1 if side == "bottom" else -1


def rear_hexes(grid: HexGrid, h: Hex, side: str) -> tuple[Hex, ...]:
    """The (up to two) hexes one row nearer ``side``'s baseline, whether on the board or not (CCA-RETREAT-3)."""
    q, r = h
    if side == "bottom":
        return ((q - 1, r + 1), (q, r + 1))
    return ((q, r - 1), (q + 1, r - 1))


def baseline_row(grid: HexGrid, side: str) -> int:
    """Row index of ``side``'s baseline."""
    return grid.rows - 1 if side == "bottom" else 0


def on_baseline(grid: HexGrid, h: Hex, side: str) -> bool:
    """Whether ``h`` lies on ``side``'s baseline (CCA-LEVADE-6)."""
    return h[1] == baseline_row(grid, side)


@cache
def _sections(runtime: Runtime) -> dict[Hex, frozenset[str]]:
    found: dict[Hex, set[str]] = {}
    for name, hexes in runtime.board.sections.items():
        for h in hexes:
            found.setdefault(h, set()).add(str(name))  # type: ignore[arg-type]
    return {h: frozenset(names) for h, names in found.items()}


def sections_of(runtime: Runtime, h: Hex, side: str) -> frozenset[str]:
    """The sections ``h`` belongs to as seen by ``side`` (two for a dotted-line hex, CCA-BOARD-3)."""
    names = _sections(runtime).get(h, frozenset())
    return names if side == "bottom" else frozenset(_MIRROR.get(n, n) for n in names)
