"""Windows (rulebook §3, SAS-TER-12): sight through a window to and from its six window squares.

A window blocks sight between inside and outside except for the six squares touching it: three inner and three outer
window squares. A unit in a window square sees everything on the other side through the window (Jock next to the
window sees the whole room); a unit anywhere on one side sees the three window squares on the other side. So a line
that misses the window edge itself (it crosses the wall beside it) is judged along the way through the window: from
the viewer to the square behind the window on its side, or from the square beyond the window to the target
(docs/sas-decisions.md D-TER-12).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.systems.sas.state import SasRuntime

Cell = tuple[int, int]


@dataclass(frozen=True)
class Route:
    """The way through a window: the straight part still to judge and the window crossed.

    Attributes:
        start: Where the straight part starts (the viewer, or the square beyond the window).
        end: Where it ends (the square before the window, or the target).
        near: The square on the viewer's side of the window edge.
        far: The square on the target's side of the window edge.
        hides: Whether the window is low cover hiding the target (it stands in a window square on the far side and
            the viewer is not in one on the near side, SAS-LOS-5).
    """

    start: Cell
    end: Cell
    near: Cell
    far: Cell
    hides: bool


def touching(side: Cell, other: Cell) -> frozenset[Cell]:
    """The three squares on ``side``'s side touching the edge between ``side`` and ``other`` (SAS-TER-12)."""
    tx, ty = (0, 1) if side[1] == other[1] else (1, 0)
    return frozenset({side, (side[0] + tx, side[1] + ty), (side[0] - tx, side[1] - ty)})


def _index(rt: SasRuntime) -> dict[Cell, tuple[tuple[Cell, Cell], ...]]:
    """For every window square, the windows ``(own side, other side)`` it touches (cached per board)."""
    cached: dict[Cell, tuple[tuple[Cell, Cell], ...]] | None = rt.cache.get("window_squares")
    if cached is None:
        found: dict[Cell, list[tuple[Cell, Cell]]] = {}
        for s in rt.grid.locations():
            for o in ((s[0] + 1, s[1]), (s[0], s[1] + 1), (s[0] - 1, s[1]), (s[0], s[1] - 1)):
                if any(_is_window(rt, f.kind) for f in rt.grid.edge_between(s, o)):
                    for c in touching(s, o):
                        found.setdefault(c, []).append((s, o))
        cached = rt.cache["window_squares"] = {c: tuple(w) for c, w in found.items()}
    return cached


def _is_window(rt: SasRuntime, kind: str) -> bool:
    effect = rt.tables.terrain.edges.get(kind)
    return effect is not None and effect.los == "window"


def _beyond(c: Cell, own: Cell, other: Cell) -> bool:
    """Whether ``c`` lies on ``other``'s side of the edge between ``own`` and ``other``."""
    return (c[0] - own[0]) * (other[0] - own[0]) + (c[1] - own[1]) * (other[1] - own[1]) >= 1


def routes(rt: SasRuntime, a: Cell, b: Cell) -> list[Route]:
    """The ways from ``a`` to ``b`` through a window (SAS-TER-12): from a window square to anything on the other side,
    and from anywhere to a window square on the other side."""
    index = _index(rt)
    found = [Route(o, b, s, o, False) for s, o in index.get(a, ()) if _beyond(b, s, o)]
    found += [Route(a, q, q, p, a not in touching(q, p)) for p, q in index.get(b, ()) if _beyond(a, p, q)]
    return found
