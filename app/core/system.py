"""The contract every game system fulfils (DESIGN §3)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel
from typing_extensions import TypeVar  # PEP 696 defaults (typing has them from Python 3.13)

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
            this per scenario by declaring :class:`app.core.capabilities.HumanSidesPerScenario` (SAS's Jäger
            mode lets a person, or the system's bot, play the hunter).
        scenario_folder: Folder under ``scenarios/`` holding the bundled files.
        side_names: Display names of the sides when they do not depend on the scenario ("Axis", "Soviet"), by side
            id; the start page labels its seats with them before any game is loaded. Empty: the scenario file
            names its sides (C&C armies, squad-game forces).
        hidden_information: Whether a side sees something the other may not (hands, secret choices). Hot-seat
            covers the window with a privacy screen between the players only then.
    """

    id: str
    name: Text
    version: str
    sides: tuple[str, ...]
    human_sides: tuple[str, ...]
    scenario_folder: str
    side_names: Mapping[str, Text] = field(default_factory=dict, compare=False, hash=False)
    hidden_information: bool = True


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


S = TypeVar("S", bound=GameState, default=Any)
"""A system's state type: a frozen dataclass holding its ``dice`` (a :class:`GameState`). A bare
``GameSystem`` (a registry's, a session's) is ``GameSystem[Any, Any]``: it holds systems of different types."""
R = TypeVar("R", default=Any)
"""A system's runtime scenario type: the validated scenario file built into a board and forces."""


@runtime_checkable
class GameSystem(Protocol[S, R]):
    """A rules engine, generic in its state ``S`` and its runtime scenario ``R``.

    All methods are pure: ``apply`` never mutates its input state. Optional capabilities (a bot, an editor,
    migrations, fuzz hints, ...) are Protocols of their own in :mod:`app.core.capabilities`, which a system
    declares by subclassing them. A system module states its types so that mypy checks it against this
    contract: ``SYSTEM: GameSystem[SasState, SasRuntime] = SasSystem()``.
    """

    info: SystemInfo

    def scenario_model(self) -> type[BaseModel]:
        """The pydantic model of this system's scenario files (for validation and JSON Schema)."""
        ...

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> R:
        """Build the runtime scenario (board, forces) from a validated scenario model."""
        ...

    def initial_state(self, scenario: R, seed: int) -> S:
        """The state before the first command."""
        ...

    def legal_commands(self, state: S, side: str | None = None) -> Sequence[Command]:
        """Every command ``side`` (default: the side to act) may give now."""
        ...

    def apply(self, state: S, command: Command) -> tuple[S, Sequence[Event]]:
        """Apply a command; raise IllegalCommandError (with reason and rule ID) if not allowed."""
        ...

    def view(self, state: S, side: str | None) -> GameView:
        """What ``side`` sees (``None``: everything)."""
        ...

    def describe(self, state: S, command: Command) -> CommandInfo:
        """How to present a legal command."""
        ...

    def active_side(self, state: S) -> str | None:
        """The side that must act now (``None`` when the game is over)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result, once the game is over."""
        ...

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command back from JSON."""
        ...

    def encode_state(self, state: S) -> Any:
        """A JSON value holding the whole state (for digests and debugging)."""
        ...


@runtime_checkable
class NamedSystems(Protocol):
    """A registry that knows its systems' display names without importing them (``app.__main__.LazySystems``)."""

    @property
    def names(self) -> Mapping[str, Text]:
        """Display names by system id."""
        ...


def display_names(systems: Mapping[str, GameSystem]) -> dict[str, Text]:
    """Each system's display name by id; a :class:`NamedSystems` registry answers without importing systems."""
    if isinstance(systems, NamedSystems):
        return dict(systems.names)
    return {system_id: systems[system_id].info.name for system_id in systems}


def state_digest(system: GameSystem, state: Any) -> str:
    """SHA-256 of the canonical JSON of a state."""
    blob = json.dumps(system.encode_state(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()
