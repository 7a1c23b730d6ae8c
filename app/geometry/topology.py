"""The common shape of every board: the Topology protocol (DESIGN §5).

Square grids, hex grids and area maps all answer the same questions: which locations exist, which are
adjacent, how far apart they are, where they are drawn and what lies on the borders between them.
Board units have y growing down (screen convention).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # shapely costs ~130 ms to import (numpy): imported by the functions that need shapes
    import shapely

Loc = Hashable
"""A location: squares ``(x, y)`` ints, hexes ``(q, r)`` axial ints, areas ``str`` ids."""

Point = tuple[float, float]
Segment = tuple[Point, Point]


class GeometryError(ValueError):
    """A board description is inconsistent (overlapping tiles, invalid polygons, unknown locations)."""


@dataclass(frozen=True)
class EdgeFeature:
    """Something that lies on the border between two locations (a wall, a hedge, a river).

    Attributes:
        kind: Feature kind, e.g. ``"low_wall"``, ``"hedge"``, ``"door"``, ``"river"``, ``"bridge"``.
        props: Hashable extra data as key/value pairs, e.g. ``(("grapple", True),)``.
    """

    kind: str
    props: tuple[tuple[str, object], ...] = ()

    def get(self, key: str, default: object = None) -> object:
        """Return the value of property ``key``.

        Args:
            key: Property name.
            default: Returned when the property is absent.

        Returns:
            The property value, or ``default``.
        """
        for name, value in self.props:
            if name == key:
                return value
        return default


@runtime_checkable
class Topology(Protocol):
    """What every board (square grid, hex grid, area map) offers to rules, AI and renderers."""

    kind: str
    """``"square"``, ``"hex"`` or ``"area"``."""

    def locations(self) -> Sequence[Loc]:
        """Return every location, in a stable order."""
        ...

    def contains(self, loc: Loc) -> bool:
        """Return whether ``loc`` is a location of this board."""
        ...

    def neighbours(self, loc: Loc) -> Sequence[Loc]:
        """Return the locations adjacent to ``loc``, in a stable order."""
        ...

    def distance(self, a: Loc, b: Loc) -> int:
        """Return the distance in steps between two locations."""
        ...

    def centre(self, loc: Loc) -> Point:
        """Return the centre of ``loc`` in board units (y grows down)."""
        ...

    def shape(self, loc: Loc) -> shapely.Polygon:
        """Return the (cached) ``shapely.Polygon`` of ``loc``."""
        ...

    def polygon(self, loc: Loc) -> list[Point]:
        """Return the outline points of ``loc`` for renderers (not closed)."""
        ...

    def terrain(self, loc: Loc) -> str:
        """Return the terrain id of ``loc``."""
        ...

    def edge_features(self, a: Loc, b: Loc) -> tuple[EdgeFeature, ...]:
        """Return the features on the border between ``a`` and ``b`` (``()`` when none or not adjacent)."""
        ...

    def edge_segment(self, a: Loc, b: Loc) -> Segment:
        """Return the border segment shared by two adjacent locations."""
        ...

    def label(self, loc: Loc) -> str:
        """Return the printed name of ``loc`` (e.g. ``"C4"``, ``"0508"``)."""
        ...

    def locate(self, x: float, y: float) -> Loc | None:
        """Return the location containing point ``(x, y)``, or ``None``."""
        ...

    def bounds(self) -> tuple[float, float, float, float]:
        """Return ``(minx, miny, maxx, maxy)`` of the whole board."""
        ...


def merge_features(*groups: tuple[EdgeFeature, ...]) -> tuple[EdgeFeature, ...]:
    """Return the union of feature tuples, keeping first-seen order and dropping duplicates.

    Args:
        *groups: Feature tuples to merge.

    Returns:
        The merged features.
    """
    merged: list[EdgeFeature] = []
    for group in groups:
        for feature in group:
            if feature not in merged:
                merged.append(feature)
    return tuple(merged)
