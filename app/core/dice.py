"""Deterministic dice held in the game state (DESIGN §4).

The state carries a :class:`Dice` value ``(seed, index)``. Every random draw is a pure function of the seed
and the draw index, so undo restores the index and can never re-roll, and a seed plus the command log replays
a game exactly. In table mode a command carries the dice the player rolled (and the cards they drew); the
:class:`Roller` consumes those instead and asks for more with :class:`NeedInput` when they run out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from app.core.i18n import Text, t

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Dice(BaseModel):
    """The random state: a seed and how many numbers have been drawn from it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int
    index: int = 0


def _splitmix64(value: int) -> int:
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


def draw(seed: int, index: int, sides: int) -> int:
    """The ``index``-th number in 1..sides for ``seed`` (unbiased by rejection)."""
    limit = (1 << 64) - ((1 << 64) % sides)
    attempt = 0
    while True:
        value = _splitmix64((seed * 0x100000001B3 + index * 0x9E3779B1 + attempt) & _MASK)
        if value < limit:
            return value % sides + 1
        attempt += 1


class NeedInput(Exception):
    """Raised in table mode when a command needs dice or a card the player has not typed yet.

    Attributes:
        faces: For custom dice, the name of each face (English, translatable): face ``i`` is die value
            ``i + 1``. Empty for numbered dice. The UI then asks for symbols and submits their numbers.
    """

    def __init__(
        self,
        what: str,
        count: int,
        sides: int,
        purpose: Text,
        options: Sequence[str] = (),
        *,
        faces: Sequence[str] = (),
        titles: Sequence[Text] = (),
    ):
        super().__init__(f"need {count} {what} for {purpose}")
        self.what = what  # "dice" or "card"
        self.count = count
        self.sides = sides
        self.purpose = purpose
        self.options = tuple(options)
        self.faces = tuple(faces)
        self.titles = tuple(titles)  # for cards: what each option is called in the window ("E01: Sentries turn")


class BadInput(Exception):
    """Typed dice or cards that cannot be right (out of range, not in the deck, too many)."""

    def __init__(self, reason: Text):
        super().__init__(str(reason))
        self.reason = reason


@dataclass
class Roller:
    """Draws numbers for one command: from the seeded dice, or from the values typed at the table.

    Args:
        dice: The state's dice before the command.
        supplied: Dice typed by the player (table mode), consumed in order; ``None`` in digital mode.
        cards: Cards typed by the player (table mode), consumed in order; ``None`` in digital mode.
    """

    dice: Dice
    supplied: Sequence[int] | None = None
    cards: Sequence[str] | None = None
    used: int = 0
    cards_used: int = 0
    rolled: list[int] = field(default_factory=list)

    def roll(self, count: int, purpose: Text, sides: int = 6, faces: Sequence[str] = ()) -> tuple[int, ...]:
        """Roll ``count`` dice with ``sides`` faces for ``purpose``.

        Args:
            count: Number of dice.
            purpose: What the roll is for (shown when asking for dice at the table).
            sides: Faces per die (``len(faces)`` when faces are named).
            faces: Names of custom faces (face ``i`` is value ``i + 1``), passed on in :class:`NeedInput` so
                the table asks for symbols instead of numbers.
        """
        if faces:
            sides = len(faces)
        if self.supplied is None:
            values = tuple(draw(self.dice.seed, self.dice.index + i, sides) for i in range(count))
            self.dice = Dice(seed=self.dice.seed, index=self.dice.index + count)
        else:
            values = tuple(self.supplied[self.used : self.used + count])
            if len(values) < count:
                raise NeedInput("dice", count - len(values), sides, purpose, faces=faces)
            for value in values:
                if not 1 <= value <= sides:
                    raise BadInput(
                        t("A die shows {value}, but a d{sides} shows 1 to {sides}.", value=value, sides=sides)
                    )
            self.used += count
        self.rolled.extend(values)
        return values

    def pick(
        self, options: Sequence[T], purpose: Text, names: Sequence[str] | None = None, titles: Sequence[Text] = ()
    ) -> T:
        """Draw one of ``options`` (a card off a shuffled deck, a random choice).

        In table mode the player types the card's name; ``names`` gives each option's name, and ``titles`` (one per
        option, optional) what the window shows for it: its number and title. The name is what is logged.
        """
        if not options:
            raise ValueError("nothing to pick from")
        labels = list(names) if names is not None else [str(o) for o in options]
        if self.cards is None:
            index = draw(self.dice.seed, self.dice.index, len(options)) - 1
            self.dice = Dice(seed=self.dice.seed, index=self.dice.index + 1)
            return options[index]
        if self.cards_used >= len(self.cards):
            raise NeedInput("card", 1, 0, purpose, labels, titles=titles)
        name = self.cards[self.cards_used]
        if name not in labels:
            raise BadInput(t("Card {card} is not one that can be drawn now.", card=name))
        self.cards_used += 1
        return options[labels.index(name)]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A seeded Fisher–Yates shuffle (digital mode; at the table the physical deck is shuffled)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = draw(self.dice.seed, self.dice.index, i + 1) - 1
            self.dice = Dice(seed=self.dice.seed, index=self.dice.index + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def check_all_used(self) -> None:
        """Refuse typed dice or cards that the command never needed."""
        if self.supplied is not None and self.used < len(self.supplied):
            raise BadInput(
                t(
                    "{extra} more dice were typed than this action rolls.",
                    extra=len(self.supplied) - self.used,
                )
            )
        if self.cards is not None and self.cards_used < len(self.cards):
            raise BadInput(t("More cards were typed than this action draws."))
