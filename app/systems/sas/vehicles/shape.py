"""Where a multi-square vehicle token lies: its footprint, front and rear, and how a step or a turn moves it.

Rulebook chapter: §18 Axis vehicles (SAS-AVEH-2 forward/diagonal steps and turns, SAS-AVEH-8 LOS from the
centre of the front or rear edge) and §23 operator vehicles (SAS-OVEH-3, which move the same way). The token
sizes are data (``data/vehicles.json``, OQ-29). This module is geometry only: what a step costs and whether it
is allowed are the movement rules' business.

A vehicle is placed by its **anchor**: the square at the front-left corner of the token as seen from the
driver's seat, plus an orthogonal facing. Its footprint is ``width`` squares across and ``length`` squares
deep behind the anchor. Squares may lie off the board (SAS-AVEH-5).

Turns (decision D-AVEH-1, the seed's pictures being lost): "move one square diagonally while rotating 90°"
(SAS-AVEH-2) is read as the diagonal step followed by a quarter rotation of the token about its own centre;
when the rotated token would straddle squares (an odd difference between length and width) it is pushed half
a square forward in its new facing. A forward turn to the right turns the facing clockwise; a reverse turn
with the rear going to the right turns it counter-clockwise (the end that led points toward the side it went).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from app.systems.sas.board.facing import VEC, rotate
from app.systems.sas.tables import tables

Cell = tuple[int, int]
Side = Literal["left", "right"]


@dataclass(frozen=True)
class Pose:
    """A vehicle token's position: anchor square (front-left), facing, and size in squares."""

    anchor: Cell
    facing: str
    width: int = 2
    length: int = 2

    @property
    def forward(self) -> Cell:
        """Unit vector toward the front."""
        return VEC[self.facing]

    @property
    def right(self) -> Cell:
        """Unit vector toward the driver's right."""
        return VEC[rotate(self.facing, "cw")]

    def cells(self) -> tuple[Cell, ...]:
        """Every square under the token, front row first, left to right."""
        (fx, fy), (rx, ry) = self.forward, self.right
        ax, ay = self.anchor
        return tuple(
            (ax - fx * i + rx * j, ay - fy * i + ry * j) for i in range(self.length) for j in range(self.width)
        )

    def front_row(self) -> tuple[Cell, ...]:
        """The token's front squares, left to right."""
        return self.cells()[: self.width]

    def rear_row(self) -> tuple[Cell, ...]:
        """The token's rear squares, left to right (as seen from the driver's seat)."""
        return self.cells()[-self.width :]

    def ahead(self) -> tuple[Cell, ...]:
        """The squares directly in front of the token (the first squares of its front arc, SAS-AVEH-8)."""
        fx, fy = self.forward
        return tuple((x + fx, y + fy) for x, y in self.front_row())

    def behind(self) -> tuple[Cell, ...]:
        """The squares directly behind the token (the first squares of a rear arc, SAS-AVEH-8)."""
        fx, fy = self.forward
        return tuple((x - fx, y - fy) for x, y in self.rear_row())

    def centre(self) -> tuple[float, float]:
        """The centre of the token in square coordinates (a square's centre is its integer coordinates)."""
        cells = self.cells()
        return (sum(c[0] for c in cells) / len(cells), sum(c[1] for c in cells) / len(cells))

    def front_point(self) -> tuple[float, float]:
        """Centre of the front edge: where the front arc's LOS starts (SAS-AVEH-8)."""
        row = self.front_row()
        fx, fy = self.forward
        cx = sum(c[0] for c in row) / len(row)
        cy = sum(c[1] for c in row) / len(row)
        return (cx + fx / 2, cy + fy / 2)

    def rear_point(self) -> tuple[float, float]:
        """Centre of the rear edge: where a rear arc's LOS starts (SAS-AVEH-8)."""
        row = self.rear_row()
        fx, fy = self.forward
        cx = sum(c[0] for c in row) / len(row)
        cy = sum(c[1] for c in row) / len(row)
        return (cx - fx / 2, cy - fy / 2)

    # --- moves ------------------------------------------------------------------------------------------
    def shifted(self, dx: int, dy: int) -> Pose:
        """The same token moved by (dx, dy) without turning."""
        return Pose((self.anchor[0] + dx, self.anchor[1] + dy), self.facing, self.width, self.length)

    def step(self, forward: int, side: Side | None = None) -> Pose:
        """One square straight (``side`` None) or diagonally, forward (+1) or in reverse (-1) (SAS-AVEH-2)."""
        fx, fy = self.forward
        rx, ry = self.right
        lat = 0 if side is None else (1 if side == "right" else -1)
        return self.shifted(fx * forward + rx * lat, fy * forward + ry * lat)

    def turn(self, forward: int, side: Side) -> Pose:
        """A forward (+1) or reverse (-1) turn toward ``side``: the diagonal step, then a quarter rotation about
        the token's centre (SAS-AVEH-2, decision D-AVEH-1)."""
        stepped = self.step(forward, side)
        clockwise = (side == "right") == (forward > 0)
        facing = rotate(self.facing, "cw" if clockwise else "ccw")
        travel = (stepped.anchor[0] - self.anchor[0], stepped.anchor[1] - self.anchor[1])
        return _placed_about(stepped.centre(), facing, self.width, self.length, travel)


def _placed_about(centre: tuple[float, float], facing: str, width: int, length: int, travel: Cell) -> Pose:
    """The pose of a ``width`` × ``length`` token facing ``facing`` centred on ``centre``. A token that would
    straddle squares is pushed half a square forward in its new facing, and across it toward the way it was
    travelling (D-AVEH-1)."""
    fx, fy = VEC[facing]
    rx, ry = VEC[rotate(facing, "cw")]
    cx, cy = centre
    # Front-left square centre = centre + forward*(length-1)/2 - right*(width-1)/2.
    ax = cx + fx * (length - 1) / 2 - rx * (width - 1) / 2
    ay = cy + fy * (length - 1) / 2 - ry * (width - 1) / 2
    if ax != int(ax):
        ax += (fx if fx else travel[0]) / 2
    if ay != int(ay):
        ay += (fy if fy else travel[1]) / 2
    return Pose((round(ax), round(ay)), facing, width, length)


def pose_of(anchor: Cell, facing: str, width: int, length: int) -> Pose:
    """Convenience constructor."""
    return Pose(anchor, facing, width, length)


def unit_pose(kind: str, loc: Cell, facing: str) -> Pose | None:
    """The token pose of an Axis unit of type ``kind`` at ``loc``; ``None`` for one-square units (infantry)."""
    size = _sizes().get(kind)
    if size is None:
        return None
    return Pose(loc, facing, size[0], size[1])


@lru_cache(maxsize=8192)
def unit_cells(kind: str, loc: Cell, facing: str) -> tuple[Cell, ...]:
    """Every square an Axis unit occupies: its square, or a vehicle's whole footprint (SAS-AVEH-2, D-AVEH-1)."""
    size = _sizes().get(kind)
    if size is None:
        return (loc,)
    return footprint(loc, facing, size[0], size[1])


def is_vehicle_kind(kind: str) -> bool:
    """Whether Axis units of type ``kind`` are multi-square vehicle tokens (SAS-AVEH)."""
    return kind in _sizes()


@lru_cache(maxsize=1)
def _sizes() -> dict[str, tuple[int, int]]:
    return {v.id: (v.width, v.length) for v in tables().vehicles.vehicles}


@lru_cache(maxsize=65536)
def footprint(loc: Cell, facing: str, width: int, length: int) -> tuple[Cell, ...]:
    """The squares under a ``width`` × ``length`` token with its front-left square at ``loc`` (cached)."""
    return Pose(loc, facing, width, length).cells()
