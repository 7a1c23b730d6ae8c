"""Commands and events as JSON values (DESIGN §3).

Commands are imperative (``MoveOperator``), events past tense (``OperatorMoved``). Both are pydantic models
with a ``kind`` discriminator, so a game is a JSON log. Systems subclass :class:`Command` and :class:`Event`
with ``kind: Literal[...]`` and register them in a :class:`MessageRegistry` to parse them back from JSON.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from app.core.errors import IllegalCommandError
from app.core.i18n import Text, t
from app.core.ruling import Ruling


class Command(BaseModel):
    """Base of every command.

    Attributes:
        kind: The discriminator.
        side: The side giving the command.
        dice: Dice rolled at the table (table mode), consumed in order; ``None`` lets the seeded dice roll.
        cards: Cards drawn at the table (table mode), by name, consumed in order.
    """

    secret: ClassVar[bool] = False
    """What the command chose is its side's secret (a card put face down into a cup): in the history another
    seat sees only that the side chose (:meth:`app.core.session.Session.history_labels`)."""

    told_by_its_events: ClassVar[bool] = False
    """Its label cannot say what it did (a card drawn at random from a cup): in the history it reads as its first
    event instead ("3 PzG HQ is drawn.", :meth:`app.core.session.Session.command_label`)."""

    # defer_build: a class's validator is built on its first use, not at import (start-up time, DESIGN §10)
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    kind: str
    side: str = ""
    dice: tuple[int, ...] | None = None
    cards: tuple[str, ...] | None = None

    def with_table_input(self, dice: Iterable[int] | None, cards: Iterable[str] | None) -> Command:
        """A copy carrying the dice and cards typed at the table."""
        return self.model_copy(
            update={
                "dice": None if dice is None else tuple(dice),
                "cards": None if cards is None else tuple(cards),
            }
        )

    def hidden_from(self, viewer: str | None) -> bool:
        """Whether ``viewer`` (a side; ``None``: everything) may not see what this command chose."""
        return self.secret and viewer is not None and viewer != self.side

    def key(self) -> str:
        """A stable identity for comparing commands regardless of their table input."""
        data = self.model_dump(mode="json", exclude={"dice", "cards"})
        return repr(sorted(data.items()))


class Event(BaseModel):
    """Base of every event: something that happened, with its explanation.

    Attributes:
        kind: The discriminator.
        text: One sentence for the log.
        ruling: The roll or check behind it, when there was one.
        rule_id: The rule that made it happen.
        instruction: In table mode, what the player must do on the physical board.
        at: Board locations involved (for highlighting), as JSON values.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    kind: str
    text: Text
    ruling: Ruling | None = None
    rule_id: str = ""
    instruction: Text | None = None
    at: tuple[Any, ...] = ()


M = TypeVar("M", bound=BaseModel)


class MessageRegistry(Generic[M]):
    """Maps ``kind`` to model class so commands (or events) can be read back from JSON."""

    def __init__(self, classes: Iterable[type[M]] = ()) -> None:
        self._classes: dict[str, type[M]] = {}
        for cls in classes:
            self.register(cls)

    def register(self, cls: type[M]) -> type[M]:
        """Register a class (usable as a decorator)."""
        kind = cls.model_fields["kind"].default
        if not isinstance(kind, str) or not kind:
            raise TypeError(f"{cls.__name__} needs a default `kind`")
        self._classes[kind] = cls
        return cls

    @property
    def kinds(self) -> list[str]:
        """All registered kinds."""
        return sorted(self._classes)

    def parse(self, data: dict[str, Any]) -> M:
        """Build the model for ``data['kind']``; raise IllegalCommandError explaining what is wrong."""
        kind = data.get("kind")
        cls = self._classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise IllegalCommandError(
                t(
                    "Unknown command kind {kind!r}; known kinds: {known}.",
                    kind=str(kind),
                    known=", ".join(self.kinds),
                ),
                "CORE-CMD-1",
            )
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise IllegalCommandError(
                t(
                    "Command {kind}: field {field}: {problem}",
                    kind=str(kind),
                    field=where,
                    problem=first["msg"],
                ),
                "CORE-CMD-1",
            ) from exc

    def classes(self) -> list[type[M]]:
        """The registered classes."""
        return list(self._classes.values())
