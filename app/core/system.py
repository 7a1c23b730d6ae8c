"""The contract every game system fulfils (DESIGN §3)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from app.core.dice import Dice
from app.core.i18n import Text
from app.core.messages import Command, Event
from app.core.view import CommandInfo, GameView


@dataclass(frozen=True)
class SystemInfo:
    """Identity of a game system.

    Attributes:
        id: Short id used in files ("sas", "cca").
        name: Display name.
        version: Rules implementation version (bumped when rulings change; saves record it).
        sides: Side ids, in seating order.
        human_sides: Sides a person normally plays (others are automated by rules or a bot). A system may refine
            this per scenario with an optional ``human_sides_of(scenario) -> tuple[str, ...]`` (SAS's Jäger mode
            lets a person, or the system's bot from ``make_agent``, play the hunter).
        scenario_folder: Folder under ``scenarios/`` holding the bundled files.
    """

    id: str
    name: Text
    version: str
    sides: tuple[str, ...]
    human_sides: tuple[str, ...]
    scenario_folder: str


@dataclass(frozen=True)
class Outcome:
    """The end of a game."""

    winner: str | None
    level: Text
    reason: Text


class GameState(Protocol):
    """What the core needs from a state: its dice."""

    @property
    def dice(self) -> Dice: ...


@runtime_checkable
class GameSystem(Protocol):
    """A rules engine. All methods are pure: ``apply`` never mutates its input state."""

    info: SystemInfo

    def scenario_model(self) -> type[BaseModel]:
        """The pydantic model of this system's scenario files (for validation and JSON Schema)."""
        ...

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> Any:
        """Build the runtime scenario (board, forces) from a validated scenario model."""
        ...

    def initial_state(self, scenario: Any, seed: int) -> Any:
        """The state before the first command."""
        ...

    def legal_commands(self, state: Any, side: str | None = None) -> Sequence[Command]:
        """Every command ``side`` (default: the side to act) may give now."""
        ...

    def apply(self, state: Any, command: Command) -> tuple[Any, Sequence[Event]]:
        """Apply a command; raise IllegalCommandError (with reason and rule ID) if not allowed."""
        ...

    def view(self, state: Any, side: str | None) -> GameView:
        """What ``side`` sees (``None``: everything)."""
        ...

    def describe(self, state: Any, command: Command) -> CommandInfo:
        """How to present a legal command."""
        ...

    def active_side(self, state: Any) -> str | None:
        """The side that must act now (``None`` when the game is over)."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """The result, once the game is over."""
        ...

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command back from JSON."""
        ...

    def encode_state(self, state: Any) -> Any:
        """A JSON value holding the whole state (for digests and debugging)."""
        ...


def state_digest(system: GameSystem, state: Any) -> str:
    """SHA-256 of the canonical JSON of a state."""
    blob = json.dumps(system.encode_state(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()
