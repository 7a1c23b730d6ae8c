"""Rulings that explain themselves: the dice, the target, every modifier with its rule ID, the result."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from app.core.i18n import Text


class Modifier(BaseModel):
    """One modifier applied to a roll, with the rule that grants it."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    value: int
    reason: Text
    rule_id: str


class DieResult(BaseModel):
    """One die: its natural value, its modified value, and whether it succeeded."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    natural: int
    modified: int
    success: bool
    face: str | None = None  # symbol on a custom die (e.g. C&C "sword"), when the die is not numeric


class Ruling(BaseModel):
    """The record of one adjudicated roll or check.

    Attributes:
        title: What was decided ("Jock fires his pistol at the patrolman").
        rule_id: The main rule applied.
        dice: Each die rolled, natural and modified.
        target: The number each modified die had to reach, if any.
        modifiers: Every modifier with its reason and rule ID.
        result: The outcome in words ("1 hit: the patrolman is killed").
        notes: Extra explanations (why a modifier did not apply, what was ignored and why).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    title: Text
    rule_id: str
    dice: tuple[DieResult, ...] = ()
    target: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    result: Text
    notes: tuple[Text, ...] = ()

    @property
    def total_modifier(self) -> int:
        """Sum of all modifiers."""
        return sum(m.value for m in self.modifiers)

    @property
    def successes(self) -> int:
        """Number of successful dice."""
        return sum(1 for d in self.dice if d.success)
