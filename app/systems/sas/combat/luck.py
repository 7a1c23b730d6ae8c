"""The rabbit's foot at the moment of a roll: may one of its dice be turned into a 6?

Rulebook chapter: §21 items, SAS-EQ-11 (a one-use item that changes the result of any single D6 to a 6; its owner
may use it on his own roll or on another operator's). The rolls it is offered on are the operators' rolls, in any
phase: attack rolls (shots, blind fire, Sten bursts, marked attacks made during the Axis phases), the blast rolls of
their grenades, bombs, mines and the fuel barrels they set off (``check``), and the scatter rolls of a blind throw
(``check_scatter``). Each such roll pauses the command when a 6 on one of its dice would change the outcome and an
operator on the map holds a foot; the decision is played in ``rabbit``, then the command runs again from its start
with the same dice (a :class:`ReplayRoller`), so a later roll of the same command may pause in its turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from app.core.dice import Dice, Roller
from app.core.i18n import Text
from app.core.ruling import Modifier
from app.systems.sas.context import Ctx
from app.systems.sas.state import SasState

FOOT = "rabbits_foot"
LUCKY = 6


@dataclass
class ReplayRoller(Roller):
    """A roller that first gives back the dice already rolled (some maybe changed into 6s), then rolls on.

    ``replayed`` is how many dice were given back: a roll made of them has been decided already. ``origin`` and
    ``initial`` keep the dice and the replay the run started from, so a choice can run it again the same way.
    """

    replay: list[int] = field(default_factory=list)
    replayed: int = 0
    initial: tuple[int, ...] = ()
    origin: Dice | None = None

    def __post_init__(self) -> None:
        self.replayed = len(self.replay)
        self.initial = tuple(self.replay)
        self.origin = self.dice

    def roll(self, count: int, purpose: Text, sides: int = 6, faces: Sequence[str] = ()) -> tuple[int, ...]:
        """The replayed dice while they last, else new ones."""
        if not self.replay:
            return super().roll(count, purpose, sides, faces)
        values = tuple(self.replay[:count])
        del self.replay[:count]
        self.rolled.extend(values)
        return values


class LuckyRoll(Exception):
    """Raised by a roll that a rabbit's foot could change: the command waits for the player's decision.

    ``options`` are the 1-based numbers of the dice a 6 would change usefully; ``target`` is ``None`` for a
    scatter roll, which has no success number.
    """

    def __init__(
        self,
        naturals: tuple[int, ...],
        target: int | None,
        mods: tuple[Modifier, ...],
        title: Text,
        options: tuple[int, ...],
    ) -> None:
        super().__init__("rabbit's foot decision")
        self.naturals, self.target, self.mods, self.title, self.options = naturals, target, mods, title, options

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


def _fresh(ctx: Ctx, naturals: Sequence[int]) -> bool:
    """Whether the roll was just made, not given back by a replay (a replayed roll was decided already)."""
    start = len(ctx.roller.rolled) - len(naturals)
    return start >= getattr(ctx.roller, "replayed", 0)


def check(ctx: Ctx, naturals: tuple[int, ...], target: int, mods: list[Modifier], title: Text) -> None:
    """Pause the command when a rabbit's foot could turn a failed die into a success (SAS-EQ-11)."""
    options = helped(naturals, target, sum(m.value for m in mods))
    if options and _fresh(ctx, naturals) and owners(ctx.state):
        raise LuckyRoll(naturals, target, tuple(mods), title, tuple(options))


def check_scatter(ctx: Ctx, naturals: tuple[int, ...], title: Text, changes: Sequence[int]) -> None:
    """Pause a blind throw's scatter roll (direction 2D6 or distance 1D6) when a 6 would change where the
    template lands: ``changes`` are the 1-based dice whose 6 gives a different result (SAS-EQ-11, SAS-BLAST-3)."""
    if changes and _fresh(ctx, naturals) and owners(ctx.state):
        raise LuckyRoll(naturals, None, (), title, tuple(changes))
