"""Exact centre-to-centre line traversal of square and hex grids, as translation-invariant templates.

A template lists, in order from the origin cell to the target cell, what the segment between their centres
crosses, with every location given as an offset from the origin. Templates depend only on the offset between
the two cells, so they are computed once and cached. Arithmetic is exact (integers and fractions), so a
line through a grid vertex is reported as one ``corner`` and a line running along a hexside as one
``edge`` with ``along=True``.

Template entries are ``(kind, offsets, along)`` with kind ``"cell"``, ``"edge"`` or ``"corner"``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

Offset = tuple[int, int]
Entry = tuple[str, tuple[Offset, ...], bool]
Template = tuple[Entry, ...]

_TEMPLATE_CACHE = 65536


def _sign(n: int) -> int:
    return 1 if n > 0 else -1


@lru_cache(maxsize=_TEMPLATE_CACHE)
def square_template(dx: int, dy: int) -> Template:
    """Return what the segment from square (0, 0) to square (dx, dy) crosses, centre to centre.

    In doubled coordinates the segment runs from (0, 0) to (2dx, 2dy) and grid lines sit at odd values, so
    the i-th vertical line is met at t = (2i - 1) / 2|dx| and the j-th horizontal line at
    t = (2j - 1) / 2|dy|; comparing these with integer cross products finds exact corner hits.

    Args:
        dx: Column offset of the target.
        dy: Row offset of the target.

    Returns:
        The crossings, origin and target cells excluded as ``cell`` entries.
    """
    nx, ny, sx, sy = abs(dx), abs(dy), _sign(dx), _sign(dy)
    out: list[Entry] = []
    i = j = 1
    here = (0, 0)
    while i <= nx or j <= ny:
        x, y = here
        order = (2 * i - 1) * ny - (2 * j - 1) * nx if i <= nx and j <= ny else (-1 if i <= nx else 1)
        if order == 0:
            there = (x + sx, y + sy)
            out.append(("corner", (here, (x + sx, y), (x, y + sy), there), False))
            i, j = i + 1, j + 1
        elif order < 0:
            there = (x + sx, y)
            out.append(("edge", (here, there), False))
            i += 1
        else:
            there = (x, y + sy)
            out.append(("edge", (here, there), False))
            j += 1
        if there != (dx, dy):
            out.append(("cell", (there,), False))
        here = there
    return tuple(out)


# --- hexes --------------------------------------------------------------------------------------------
# Canonical frame: pointy-top axial (q, r) mapped to integers X = 2q + r, Y = 3r (x scaled by 2/sqrt(3),
# y by 2). A hex is then |dX| <= 1, |dX + dY| <= 2, |dX - dY| <= 2 around its centre and its corners are
# (0, +-2), (+-1, +-1). Flat-top axial (q, r) is the same picture with q and r swapped.

_HEX_DIRS: tuple[Offset, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_CORNERS = frozenset({(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)})
_FORMS = ((1, 0, 1), (1, 1, 2), (1, -1, 2))  # (a, b, bound): |a*dX + b*dY| <= bound


def _xy(h: Offset) -> Offset:
    return (2 * h[0] + h[1], 3 * h[1])


def _hex_distance(dq: int, dr: int) -> int:
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _candidates(dq: int, dr: int) -> list[Offset]:
    """Return hexes that may meet the segment: hexes sampled along it and their neighbours."""
    n = max(_hex_distance(dq, dr), 1)
    seen: dict[Offset, None] = {}
    for k in range(n + 1):
        for nudge in (1e-6, -1e-6):
            q, r = dq * k / n + nudge, dr * k / n + 2 * nudge
            s = -q - r
            rq, rr, rs = round(q), round(r), round(s)
            if abs(rq - q) > abs(rr - r) and abs(rq - q) > abs(rs - s):
                rq = -rr - rs
            elif abs(rr - r) > abs(rs - s):
                rr = -rq - rs
            seen[(rq, rr)] = None
    for q, r in list(seen):
        for a, b in _HEX_DIRS:
            seen[(q + a, r + b)] = None
    return list(seen)


def _clip(centre: Offset, d: Offset) -> tuple[Fraction, Fraction, bool] | None:
    """Return the parameter interval of the segment (0,0)->d inside a hex, and whether it is on its rim."""
    lo, hi, rim = Fraction(0), Fraction(1), False
    cx, cy = centre
    for a, b, bound in _FORMS:
        f0 = -(a * cx + b * cy)
        fd = a * d[0] + b * d[1]
        if fd == 0:
            if abs(f0) > bound:
                return None
            rim = rim or abs(f0) == bound
            continue
        t_a, t_b = Fraction(-bound - f0, fd), Fraction(bound - f0, fd)
        lo, hi = max(lo, min(t_a, t_b)), min(hi, max(t_a, t_b))
        if hi <= lo:
            return None
    return lo, hi, rim


def _is_corner(point: tuple[Fraction, Fraction], h: Offset) -> bool:
    cx, cy = _xy(h)
    dx, dy = point[0] - cx, point[1] - cy
    return dx.denominator == 1 and dy.denominator == 1 and (int(dx), int(dy)) in _CORNERS


def _left_first(pair: list[Offset], d: Offset) -> tuple[Offset, ...]:
    """Order hexes beside the line: the one on the positive side of the cross product first."""
    return tuple(sorted(pair, key=lambda h: -(d[0] * _xy(h)[1] - d[1] * _xy(h)[0])))


Piece = tuple[Fraction, Fraction, tuple[Offset, ...]]  # (t0, t1, hexes); two hexes = along a hexside


def _pieces(dq: int, dr: int) -> list[Piece]:
    d = _xy((dq, dr))
    interior: list[Piece] = []
    rims: dict[tuple[Fraction, Fraction], list[Offset]] = {}
    for h in _candidates(dq, dr):
        clipped = _clip(_xy(h), d)
        if clipped is None:
            continue
        t0, t1, rim = clipped
        if rim:
            rims.setdefault((t0, t1), []).append(h)
        else:
            interior.append((t0, t1, (h,)))
    along = [(t0, t1, _left_first(hexes, d)) for (t0, t1), hexes in rims.items()]
    return sorted(interior + along)


def _transition(before: Piece, after: Piece, d: Offset) -> Entry | None:
    """Return the crossing where the line leaves one hex interior and enters the next."""
    if len(before[2]) != 1 or len(after[2]) != 1:
        return None  # the along-hexside piece stands for the corners at its ends
    prev, nxt = before[2][0], after[2][0]
    t = after[0]
    point = (t * d[0], t * d[1])
    if not _is_corner(point, prev):
        return ("edge", (prev, nxt), False)
    around = [(prev[0] + a, prev[1] + b) for a, b in _HEX_DIRS]
    others = [h for h in around if h != nxt and _is_corner(point, h)]
    return ("corner", (prev, *_left_first(others, d), nxt), False)


def _canonical_template(dq: int, dr: int) -> Template:
    if (dq, dr) == (0, 0):
        return ()
    d = _xy((dq, dr))
    pieces = _pieces(dq, dr)
    out: list[Entry] = []
    for before, after in itertools.pairwise(pieces):
        entry = _transition(before, after, d)
        if entry is not None:
            out.append(entry)
        if len(after[2]) == 2:
            out.append(("edge", after[2], True))
        elif after[2][0] != (dq, dr):
            out.append(("cell", after[2], False))
    return tuple(out)


@lru_cache(maxsize=_TEMPLATE_CACHE)
def hex_template(dq: int, dr: int, flat: bool) -> Template:
    """Return what the segment from hex (0, 0) to axial hex (dq, dr) crosses, centre to centre.

    Args:
        dq: Axial q offset of the target.
        dr: Axial r offset of the target.
        flat: Whether the grid is flat-topped (computed on the transposed pointy grid).

    Returns:
        The crossings, origin and target excluded as ``cell`` entries.
    """
    if not flat:
        return _canonical_template(dq, dr)
    swapped = _canonical_template(dr, dq)
    return tuple((kind, tuple((r, q) for q, r in offs), along) for kind, offs, along in swapped)
