"""The rabbit's foot at the moment of a roll: may one of its dice be turned into a 6?

Rulebook chapter: §21 items, SAS-EQ-11 (a one-use item that changes the result of any single D6 to a 6; its owner
may use it on his own roll or on another operator's). ``combat.roll`` asks :func:`check` after an operator's roll;
the decision itself (keep the roll, or which die and whose foot) is played in ``rabbit``.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.core.i18n import Text
from app.core.ruling import Modifier
from app.systems.sas.context import Ctx
from app.systems.sas.state import SasState

FOOT = "rabbits_foot"
LUCKY = 6


class LuckyRoll(Exception):
    """Raised by a roll that a rabbit's foot could change: the command waits for the player's decision."""

    def __init__(self, naturals: tuple[int, ...], target: int, mods: tuple[Modifier, ...], title: Text) -> None:
        super().__init__("rabbit's foot decision")
        self.naturals, self.target, self.mods, self.title = naturals, target, mods, title

    @property
    def modifier(self) -> int:
        """The roll's total modifier."""
        return sum(m.value for m in self.mods)


def owners(state: SasState) -> list[str]:
    """Operators on the map holding a rabbit's foot (SAS-EQ-11)."""
    return [o.id for o in state.active_ops() if o.item_count(FOOT)]


def helped(naturals: Sequence[int], target: int, modifier: int) -> list[int]:
    """1-based numbers of the dice that failed and would succeed as a 6."""
    return [i for i, n in enumerate(naturals, 1) if n + modifier < target <= LUCKY + modifier]


def check(ctx: Ctx, naturals: tuple[int, ...], target: int, mods: list[Modifier], title: Text) -> None:
    """Pause the command when a rabbit's foot could turn a failed die into a success (SAS-EQ-11)."""
    total = sum(m.value for m in mods)
    if ctx.may_pause and helped(naturals, target, total) and owners(ctx.state):
        raise LuckyRoll(naturals, target, tuple(mods), title)
    ctx.may_pause = False  # one decision per command
