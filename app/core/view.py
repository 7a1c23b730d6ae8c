"""Generic views of a game (DESIGN §3, §7): what a side may see, ready to draw.

The UI draws only these values; it never reads a system's state. A view is rebuilt after every command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.core.flow import Decision
from app.core.i18n import Text


@dataclass(frozen=True)
class CounterView:
    """One counter (unit, leader, marker-like piece) on the board.

    Attributes:
        id: Stable identity across views.
        loc: Board location (topology key). ``None`` when off-board.
        label: Short text printed on the counter (two to four characters or a number); a Text when it is
            translated (a vehicle's abbreviated name).
        title: Full name for tooltips and the inspector.
        side: Owning side id (drives colour).
        kind: Unit type id (drives the glyph).
        facing: Direction name ("N", "E", ...) or hex direction index as str; ``None``: no facing.
        colour: Optional colour override as "#rrggbb".
        strength: Value printed in a corner (HP, blocks, steps), if any.
        flags: States drawn as badges ("alert", "crouched", "exposed", "marked", ...).
        footprint: Extra locations covered (multi-square vehicles).
        selectable: Whether the viewing side may select it to give commands.
        details: Rows for the inspector: (label, value).
    """

    id: str
    loc: Any
    label: str | Text
    title: Text
    side: str
    kind: str
    facing: str | None = None
    colour: str | None = None
    strength: str | None = None
    flags: tuple[str, ...] = ()
    footprint: tuple[Any, ...] = ()
    selectable: bool = False
    details: tuple[tuple[Text, str | Text], ...] = ()


@dataclass(frozen=True)
class MarkerView:
    """A marker lying on the board (corpse, blast template, objective, spawn tile, control)."""

    id: str
    loc: Any
    kind: str
    label: str = ""
    title: Text | None = None
    locs: tuple[Any, ...] = ()


@dataclass(frozen=True)
class TrackView:
    """A numbered track or counter shown in the status area (stealth meter, turn, banners)."""

    name: Text
    value: str
    maximum: str | None = None
    alarm: bool = False


@dataclass(frozen=True)
class PhaseView:
    """The sequence of play and where the game is in it.

    Attributes:
        title: The current turn/section ("Turn 3 — Stealth section").
        steps: The steps of the sequence, in order.
        current: Index of the current step.
        active_side: Side to act now, if any.
        instructions: In table mode, what the players must do at the table now.
    """

    title: Text
    steps: tuple[Text, ...]
    current: int
    active_side: str | None = None
    instructions: tuple[Text, ...] = ()


@dataclass(frozen=True)
class PanelView:
    """A titled list of rows: operator boards, a hand of cards, a deck summary."""

    title: Text
    rows: tuple[tuple[Text, str | Text], ...] = ()
    items: tuple[Text, ...] = ()


@dataclass(frozen=True)
class GameView:
    """Everything the UI needs to draw one side's view.

    Attributes:
        board: The board (``app.scenario.boards.Board``-like: has ``topology``, ``marks``...).
        counters: Counters on and off the board.
        markers: Markers on the board.
        tracks: Tracks in the status bar.
        phase: The sequence of play.
        panels: Side panels (operator boards, hands, decks).
        highlights: Named sets of locations the UI can show (e.g. "vision:<unit>"), each a mapping loc→grade.
        outcome: The result, when the game is over.
        side_names: Display names of the sides ("Macedonian", "Axis"), by side id.
        decision: The decision the game waits for (``app.core.flow``), whoever views: the window always shows it.
    """

    board: Any
    counters: tuple[CounterView, ...]
    markers: tuple[MarkerView, ...] = ()
    tracks: tuple[TrackView, ...] = ()
    phase: PhaseView | None = None
    panels: tuple[PanelView, ...] = ()
    highlights: Mapping[str, Mapping[Any, str]] = field(default_factory=dict)
    outcome: Text | None = None
    side_names: dict[str, Text] = field(default_factory=dict)
    decision: Decision | None = None


class LazyLayers(Mapping[str, Mapping[Any, str]]):
    """Highlight layers whose names are known at once but whose contents are computed on first access.

    A vision map costs tens of milliseconds and most views (one after every command) never show it: the
    layers are computed together, once, the first time any of them is read. The computation must be pure,
    so a lazy view compares equal to an eager one with the same contents.
    """

    def __init__(self, names: tuple[str, ...], compute: Callable[[], Mapping[str, Mapping[Any, str]]]) -> None:
        self._names = names
        self._compute: Callable[[], Mapping[str, Mapping[Any, str]]] | None = compute
        self._layers: Mapping[str, Mapping[Any, str]] = {}

    def __getitem__(self, name: str) -> Mapping[Any, str]:
        if name not in self._names:
            raise KeyError(name)
        if self._compute is not None:
            self._layers, self._compute = self._compute(), None
        return self._layers[name]

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


@dataclass(frozen=True)
class CommandOption:
    """One named option of a command and the value this command takes for it (DESIGN §3a).

    Commands that share a kind, actors and target but differ in their options form one command template; the
    window asks for an option only when several values remain (``app.core.command_templates``).

    Attributes:
        name: Stable key of the option ("position", "move_to", "weapon").
        title: The question, shown when the player must choose ("Deck position").
        value: The value as a comparable string ("3", "K2", "first").
        label: The value as shown ("3", "K2", "move first").
    """

    name: str
    title: Text
    value: str
    label: Text


@dataclass(frozen=True)
class CommandInfo:
    """How to present one legal command in the UI, as structured data (DESIGN §3a).

    Attributes:
        label: Button or menu text ("Move to C4", "Attack the sentry"): the whole command, options included.
        group: The command's kind, the grouping key for the command bar ("move", "attack", "phase").
        actor: Counter id that performs it, if any (the command bar filters by selection).
        target: Location it targets (highlighted on the board), if any.
        cost: Cost text ("1 AP").
        hint: Extra explanation shown before committing (hit chance, rule IDs).
        actors: Every counter that performs it when several do (a stack, a group, a fire group); empty: just
            ``actor``.
        path: The locations it passes through, in order, ending at ``target``, when it follows a path.
        title: The command without its options ("Place Lewes bomb at K2"); ``None``: the label.
        options: Its named options and the values it takes for them.
        costs: The cost as data: (resource, amount) pairs such as ("AP", 1).
        odds: Chance of success (0..1), e.g. of at least one hit, when the command rolls for it.
        group_title: The kind's name for the command bar ("Move", "Place"); ``None``: the group id, capitalised.
        default: What a plain click on the target means when other kinds aim at it too (a one-square move,
            rather than a one-square sprint or placing a bomb there); the others stay a command-bar kind away.
    """

    label: Text
    group: str = "other"
    actor: str | None = None
    target: Any = None
    cost: str = ""
    hint: Text | None = None
    actors: tuple[str, ...] = ()
    path: tuple[Any, ...] = ()
    title: Text | None = None
    options: tuple[CommandOption, ...] = ()
    costs: tuple[tuple[str, int], ...] = ()
    odds: float | None = None
    group_title: Text | None = None
    default: bool = False

    @property
    def actor_ids(self) -> tuple[str, ...]:
        """Every counter that performs the command (``actors``, else ``actor``), possibly none."""
        if self.actors:
            return self.actors
        return () if self.actor is None else (self.actor,)

    @property
    def heading(self) -> Text:
        """The command without its options (``title``, else ``label``)."""
        return self.title if self.title is not None else self.label
