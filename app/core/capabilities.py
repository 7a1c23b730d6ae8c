"""What a game system may offer beyond the contract of :class:`app.core.system.GameSystem` (DESIGN §3a).

Each optional capability is a Protocol of its own. A system DECLARES the ones it offers by subclassing them::

    class CcaSystem(HasBot[Agent], HasEditor[EditorPlugin], HasFuzzHints[State]):
        ...

    SYSTEM: GameSystem[State, Runtime] = CcaSystem()

mypy then checks every declared capability's methods (and the module-level annotation checks the contract
itself). Callers discover a capability by type with :func:`capability` — a system offers exactly what it
declares, never what an attribute probe happens to find — and the conformance suite (tests/conformance)
exercises every capability each registered system declares and fails on a method that looks like a
capability but is not declared.

The capabilities (:data:`CAPABILITIES` lists them all):

- :class:`HasBot`: an automated player for some sides (the start page's "Bot" seat).
- :class:`HumanSidesPerScenario`: the sides a person may play depend on the scenario (SAS's Jäger mode).
- :class:`HasEditor`: the mission editor's plug-in (``app.scenario.editor.plugin.EditorPlugin``); an editor
  plug-in may in turn declare the plug-in capabilities of that module (a tile library, a folder).
- :class:`HasMigrations`: a scenario schema version above 1 and the steps that bring old files up to it.
- :class:`HasFuzzHints`: weights that keep random play purposeful, and how long a random game may take.
- :class:`HasStyle`: the system's colours and board-mark glyphs (``data/style.json``), for drawing its pieces
  and a bare board file of its own.
- :class:`HasTiles`: boards laid out from tile libraries in a file format the system reads.
- :class:`HasTableSync`: any piece can be corrected to match the physical table (``app.core.table_sync``).
- :class:`HasLineOfSight`: the line of sight from a unit or location to any location, as the fire rules see it
  (the window's LOS tool draws it).
- :class:`HasPhaseTitle`: the title of the sequence of play ("Turn 3 — mud") without building a whole view, for the
  history's turn headings of a long game (systems whose views cost little need not declare it).
- :class:`HasWaypoints`: a move may be steered through locations the player picks while dragging (the window
  redraws the path through them with its cost, and the drop submits the steered command).
- :class:`AnswersOldSaves`: decisions a newer rules version asks that the engine took by itself before; replaying
  an older save, each is answered as that version ruled (``app.core.saves``).

Types from higher layers (the agent, the editor plug-in) are type parameters here, so the core stays below
them: a system declares ``HasBot[Agent]`` and mypy checks its ``make_agent`` against ``Agent``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from app.core.i18n import Text
from app.core.line_of_sight import LosReport
from app.core.messages import Command
from app.core.system import GameSystem
from app.core.table_sync import Correction
from app.core.view import Style

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""One step of a scenario file migration: the JSON object of version ``n`` becomes version ``n + 1``."""

DEFAULT_MAX_STEPS = 5000
"""How many commands a random game may take before it counts as a runaway, unless the system says."""

A_co = TypeVar("A_co", covariant=True)
E_co = TypeVar("E_co", covariant=True)
L_co = TypeVar("L_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
C = TypeVar("C")


@runtime_checkable
class HasBot(Protocol[A_co]):
    """An automated player (``A_co`` is ``app.ai.agent.Agent``): the start page offers a "Bot" seat for a
    side it plays, and the window runs it off the GUI thread."""

    def make_agent(self, side: str) -> A_co | None:
        """A new agent playing ``side``, or ``None`` when the system has no bot for that side."""
        ...


@runtime_checkable
class HumanSidesPerScenario(Protocol):
    """The sides a person may play depend on the scenario (otherwise they are ``info.human_sides``)."""

    def human_sides_of(self, scenario: BaseModel) -> tuple[str, ...]:
        """Sides a person may play in the validated ``scenario`` (each one of ``info.sides``)."""
        ...


@runtime_checkable
class HasEditor(Protocol[E_co]):
    """The mission editor can edit this system's scenarios (``E_co`` is ``EditorPlugin``)."""

    def editor_plugin(self) -> E_co:
        """The editor plug-in (a system usually imports its ``editing`` module here, when first asked)."""
        ...


@runtime_checkable
class HasMigrations(Protocol):
    """Scenario files have a schema version above 1; older files are migrated step by step when loaded.

    Attributes:
        schema_version: The current ``schema_version`` of this system's scenario files.
        migrations: For each older version ``n``, the step from ``n`` to ``n + 1``.
    """

    schema_version: int
    migrations: Mapping[int, Migration]


@runtime_checkable
class HasFuzzHints(Protocol[S_contra]):
    """How random play (``adjutant fuzz``, the editor's smoke test, the conformance suite) should go.

    Attributes:
        fuzz_max_steps: Commands a random game may take before it counts as a runaway.
    """

    fuzz_max_steps: int

    def fuzz_weight(self, state: S_contra, command: Command) -> float:
        """A positive weight of a legal command in random play (e.g. battles over passing)."""
        ...


@runtime_checkable
class HasStyle(Protocol):
    """The system colours its own pieces and board marks (``app/systems/<id>/data/style.json``)."""

    def style(self) -> Style:
        """The system's style (also carried by every ``GameView`` it builds)."""
        ...


@runtime_checkable
class HasTiles(Protocol[L_co]):
    """Boards laid out from tile libraries (``L_co`` is the library, an ``app.scenario.tile_source.TileSource``).

    Attributes:
        tile_format: The ``format`` marker of its library files (``"adjutant-tiles"``).
    """

    tile_format: str

    def tile_library_model(self) -> type[BaseModel]:
        """The pydantic model of its library files (to validate a file and report every problem)."""
        ...

    def load_tile_library(self, path: Path) -> L_co:
        """Read and validate a library file (raising ``app.scenario.boards_tiled.TileError`` on a bad one)."""
        ...


@runtime_checkable
class HasPhaseTitle(Protocol[S_contra]):
    """The phase title of a state, cheaply: the same ``Text`` as ``view(state, side).phase.title`` for any side
    (``None`` when the view shows no phase). The window's history heads its lines with it for every past state."""

    def phase_title(self, state: S_contra) -> Text | None:
        """``view(state, None).phase.title``, without building the view."""
        ...


@runtime_checkable
class HasTableSync(Protocol[S_contra]):
    """Table sync: the app's board can be corrected to match the physical table, with
    :class:`app.core.table_sync.CorrectPiece` commands the system accepts at any time (logged and undoable)."""

    def corrections(self, state: S_contra, piece: str | None) -> Sequence[Correction]:
        """The corrections of ``piece`` (its id); ``None``: those of the whole board (add a piece, set a track)."""
        ...


@runtime_checkable
class HasLineOfSight(Protocol[S_contra]):
    """Lines of sight as the fire rules trace them, for the window's LOS tool (DESIGN §3, §5)."""

    def line_of_sight(self, state: S_contra, origin: Any, target: Any, unit: str | None = None) -> LosReport | None:
        """The line from ``origin`` to ``target`` (topology locations), or ``None`` when either is off the board.

        Args:
            state: The game state (smoke, wrecks and the board are read from it).
            origin: The observer's location.
            target: The location looked at.
            unit: The counter id the line is drawn from, if any (its level in a building is the eye level).
        """
        ...


@dataclass(frozen=True)
class Steered:
    """A move steered through the player's waypoints (:class:`HasWaypoints`).

    Attributes:
        command: The move along ``path``, to submit (the rules check it again).
        path: The locations entered, in order, ending at the move's target (drawn while dragging).
        cost: What the path costs, as printed ("5 MP").
        refusal: Why the rules refuse this path, or ``None`` when they allow it.
        rule_id: The rule the refusal cites.
    """

    command: Command
    path: tuple[Any, ...]
    cost: str
    refusal: Text | None = None
    rule_id: str = ""


@runtime_checkable
class HasWaypoints(Protocol[S_contra]):
    """Moves follow a path the player may shape: the window lets the player pick waypoints while dragging."""

    def steer(self, state: S_contra, command: Command, waypoints: Sequence[Any]) -> Steered | None:
        """``command`` (a legal move) sent through ``waypoints`` (locations, in order) the cheapest way between
        them; ``None`` when ``command`` follows no path the player may shape."""
        ...


@runtime_checkable
class AnswersOldSaves(Protocol[S_contra]):
    """A newer rules version asks decisions the engine took by itself before: an older save never answers them.

    Replaying a save made with another rules version, the core asks before every command (and after the last) what
    that version implies for the decision the game waits for, and submits it; the saved digest then checks that the
    game came out the same (a save whose result differs is refused, naming both versions).
    """

    def old_answer(self, state: S_contra, version: str) -> Command | None:
        """The answer rules ``version`` took by itself to the decision ``state`` waits for; ``None`` when that version
        asked it too (the save's next command answers it) or nothing waits."""
        ...


CAPABILITIES: tuple[type, ...] = (
    HasBot,
    HumanSidesPerScenario,
    HasEditor,
    HasMigrations,
    HasFuzzHints,
    HasStyle,
    HasTiles,
    HasTableSync,
    HasLineOfSight,
    HasPhaseTitle,
    HasWaypoints,
    AnswersOldSaves,
)
"""Every capability a system may declare, in the order the docs list them."""


def declares(system: object, kind: type) -> bool:
    """Whether ``system``'s class declares the capability ``kind`` (subclasses it)."""
    return kind in type(system).__mro__


def capability(system: object, kind: type[C]) -> C | None:
    """``system`` as a ``kind`` if it declares that capability, else ``None``.

    Example: ``bot = capability(system, HasBot)``, then ``bot.make_agent(side)`` if ``bot`` is not ``None``.
    """
    return system if declares(system, kind) and isinstance(system, kind) else None


def declared(system: object) -> tuple[type, ...]:
    """The capabilities ``system`` declares, in :data:`CAPABILITIES` order."""
    return tuple(kind for kind in CAPABILITIES if declares(system, kind))


def human_sides(system: GameSystem, scenario: BaseModel) -> tuple[str, ...]:
    """Sides a person may play in ``scenario`` (:class:`HumanSidesPerScenario`, else ``info.human_sides``)."""
    per_scenario = capability(system, HumanSidesPerScenario)
    if per_scenario is not None:
        return tuple(per_scenario.human_sides_of(scenario))
    return tuple(system.info.human_sides)


def bot_sides(system: GameSystem, sides: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``sides`` the system's bot can play (none without :class:`HasBot`)."""
    bot = capability(system, HasBot)
    return () if bot is None else tuple(side for side in sides if bot.make_agent(side) is not None)


def scenario_schema(system: object) -> tuple[int, Mapping[int, Migration]]:
    """A system's scenario schema version and migrations (:class:`HasMigrations`, else version 1 and none)."""
    migrating = capability(system, HasMigrations)
    return (1, {}) if migrating is None else (migrating.schema_version, migrating.migrations)


def runaway_limit(system: object) -> int:
    """Commands a random game of ``system`` may take (:class:`HasFuzzHints`, else :data:`DEFAULT_MAX_STEPS`)."""
    hints = capability(system, HasFuzzHints)
    return DEFAULT_MAX_STEPS if hints is None else hints.fuzz_max_steps
