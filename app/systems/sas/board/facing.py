"""Facing and turning (SAS-BRD-6, SAS-GEN-8, OQ-4).

Rulebook chapter: §1 conventions (SAS-GEN-8 turning toward something) and §2 (SAS-BRD-6: resting facings are
orthogonal). Solo tie rules (docs/sas-decisions.md D-FACE-1): a target on an exact diagonal keeps the current
facing if that already covers it, otherwise the nearer rotation, then the vertical facing; a 180° turn goes
clockwise.
"""

from __future__ import annotations

ORTHO = ("N", "E", "S", "W")
VEC = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
Cell = tuple[int, int]


def rotate(facing: str, rotation: str, steps: int = 1) -> str:
    """Turn an orthogonal facing 90° ``steps`` times clockwise ("cw") or counter-clockwise ("ccw")."""
    sign = 1 if rotation == "cw" else -1
    return ORTHO[(ORTHO.index(facing) + sign * steps) % 4]


def covers(facing: str, origin: Cell, target: Cell) -> bool:
    """Whether ``target`` lies in the 90° arc of ``facing`` from ``origin`` (diagonals included, OQ-10)."""
    fx, fy = VEC[facing]
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    forward = dx * fx + dy * fy
    lateral = dx * fy - dy * fx
    return forward >= 1 and abs(lateral) <= forward


def quarter_turns(current: str, wanted: str) -> int:
    """Signed number of 90° turns from ``current`` to ``wanted`` (+ clockwise); 180° counts as +2 (D-FACE-1)."""
    diff = (ORTHO.index(wanted) - ORTHO.index(current)) % 4
    return -1 if diff == 3 else diff


def facing_toward(origin: Cell, target: Cell, current: str | None = None) -> str:
    """The orthogonal facing whose arc contains ``target`` (SAS-GEN-8, OQ-4, D-FACE-1)."""
    options = [f for f in ORTHO if covers(f, origin, target)]
    if not options:
        return current or "N"
    if current in options:
        return current
    if len(options) == 1 or current is None:
        return sorted(options, key=lambda f: f not in ("N", "S"))[0]
    return min(options, key=lambda f: (abs(quarter_turns(current, f)), f not in ("N", "S")))


def sweep(current: str, wanted: str) -> list[str]:
    """The facings passed while turning by the shorter rotation, ending with ``wanted`` (SAS-GEN-8)."""
    turns = quarter_turns(current, wanted)
    rotation = "cw" if turns >= 0 else "ccw"
    return [rotate(current, rotation, i) for i in range(1, abs(turns) + 1)]


def sweep_direction(current: str, wanted: str, rotation: str) -> list[str]:
    """The facings passed while turning in a fixed ``rotation`` until ``wanted`` (SAS-EVT-2, SAS-EVT-3)."""
    out: list[str] = []
    facing = current
    for _ in range(4):
        facing = rotate(facing, rotation)
        out.append(facing)
        if facing == wanted:
            break
    return out
