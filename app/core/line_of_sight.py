"""A line of sight as the window shows it: the neutral report of :class:`app.core.capabilities.HasLineOfSight`.

A system that adjudicates fire by line of sight answers "can this unit see that location?" with a
:class:`LosReport`, computed by the very function its fire rules use (DESIGN §3: "LOS shown in the UI is
computed by the same function that adjudicates fire"). The report holds no system vocabulary: the locations
the line crosses in order, the level of each (its ground elevation plus what stands on it), the observer's and
the target's eye levels, the locations that hinder the line, the one that blocks it and the rule that says so,
and a sentence for the player. The window draws the line, the profile and the blocker from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.i18n import Text


@dataclass(frozen=True)
class LosReport:
    """What a line of sight from ``origin`` to ``target`` crosses, and whether it is clear.

    Attributes:
        origin: The observer's location (a topology key).
        target: The location looked at.
        cells: Every location the line crosses, in order, ``origin`` first and ``target`` last.
        levels: The height of the obstacle in each of ``cells`` (ground level plus the height of woods or the
            storeys of a building), in the system's level units; one per cell.
        eyes: The observer's and the target's eye levels (the profile's line runs between them).
        hindrances: The locations of ``cells`` that hinder the line (each counts once), in order.
        blocker: The location that blocks the line, or ``None`` when it is clear.
        rule_id: The rule that decides the result (the blocking rule when blocked).
        text: One sentence for the player ("Blocked by woods in 0405 (LNL-LOS-1)").
    """

    origin: Any
    target: Any
    cells: tuple[Any, ...]
    levels: tuple[float, ...]
    eyes: tuple[float, float]
    hindrances: tuple[Any, ...] = ()
    blocker: Any = None
    rule_id: str = ""
    text: Text | None = None

    @property
    def clear(self) -> bool:
        """Whether nothing blocks the line."""
        return self.blocker is None

    def problems(self) -> list[str]:
        """What makes the report inconsistent (empty when it is sound): the window relies on these promises."""
        found = []
        if not self.cells or self.cells[0] != self.origin or self.cells[-1] != self.target:
            found.append("cells must run from origin to target")
        if len(self.levels) != len(self.cells):
            found.append("one level per cell")
        if any(h not in self.cells for h in self.hindrances):
            found.append("hindrances must lie on the line")
        if self.blocker is not None and self.blocker not in self.cells:
            found.append("the blocker must lie on the line")
        if self.blocker is not None and not self.rule_id:
            found.append("a blocked line names its rule")
        return found
