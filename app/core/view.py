"""Generic views of a game (DESIGN §3, §7): what a side may see, ready to draw.

The UI draws only these values; it never reads a system's state. A view is rebuilt after every command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.core.flow import Decision
from app.core.i18n import Text


@dataclass(frozen=True)
class Badge:
    """A marker drawn on a piece: a small coloured disc with a glyph (a state such as alert, exposed, ordered).

    Attributes:
        glyph: One or two characters, or the name of a drawn symbol (``"eye"``).
        colour: Disc colour as "#rrggbb".
        name: What it means (tooltips); a state name or a translated text.
    """

    glyph: str
    colour: str
    name: str | Text = ""


@dataclass(frozen=True)
class Style:
    """A system's colours.

    Attributes:
        sides: Counter colour by side id ("#rrggbb").
        badges: Badge by state name; ``"default"`` (if present) badges every other state with the state's first
            letter in its colour.
        marks: Colours of board marks by name ("black", "white", "default", ...).
        colours: Other named colours of the system (unit classes: "green", "blue", "red", ...).
        glyphs: How each kind of board mark printed on the board is drawn (see ``app/ui/marks.py``): a mapping of
            glyph fields by mark kind.
    """

    sides: Mapping[str, str] = field(default_factory=dict)
    badges: Mapping[str, Badge] = field(default_factory=dict)
    marks: Mapping[str, str] = field(default_factory=dict)
    glyphs: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    colours: Mapping[str, str] = field(default_factory=dict)

    def badges_for(self, states: Iterable[str]) -> tuple[Badge, ...]:
        """The badges of ``states``, in order (states without a badge and no default are not drawn)."""
        found = []
        default = self.badges.get("default")
        for state in states:
            badge = self.badges.get(state)
            if badge is None and default is not None:
                badge = Badge(state[:1].upper() or default.glyph, default.colour, state)
            if badge is not None:
                found.append(badge)
        return tuple(found)

    def side(self, side: str) -> str | None:
        """The colour of a side, if the style names one."""
        return self.sides.get(side)


GLYPH_SHAPES = ("disc", "diamond", "square", "star", "frame", "none", "route")
"""The shapes a board-mark glyph (``Style.glyphs``) may have; ``app/ui/marks.py`` draws each."""

SYMBOLS = ("infantry", "cavalry", "armour", "artillery", "recce", "hq", "leader", "chariot", "elephant", "aircraft")
"""Unit-type symbols every renderer draws (NATO-style frames and their own glyphs for ancient troop types)."""


@dataclass(frozen=True)
class CounterView:
    """One piece on the board, described neutrally so the UI draws any game's pieces with no code of its own.

    A piece is a token of a ``shape`` (a square counter, a round disc, or a rectangle over its ``footprint``
    squares) in a ``colour``, with a ``label``, an optional unit-type ``symbol`` and ``band`` of colour, printed
    ``factors`` (attack-defence-move, or a single strength), its ``reduced`` side or its ``steps`` lost,
    a ``facing``, ``badges`` for states and ``rims`` for outlines that mean something (alert, armour).

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
        strength: Value printed in a corner (HP, blocks, steps), if any; on a stepped multi-square token the
            figures under its step pips once it has lost one.
        flags: Its states by name ("alert", "crouched", "exposed", "marked", ...), for the inspector and for
            rules; what is drawn for them is in ``badges``.
        footprint: Extra locations covered (multi-square vehicles).
        selectable: Whether the viewing side may select it to give commands.
        details: Rows for the inspector: (label, value).
        shape: ``"square"`` (a counter) or ``"round"`` (a disc); a piece with a footprint is a rectangle.
        symbol: Unit-type symbol (one of :data:`SYMBOLS`) drawn above the label, if any.
        band: Colour of a band across the top of the piece (a unit class's colour), if any.
        factors: Printed factors, joined by dashes along the bottom: attack-defence-move ("4", "2", "6") or a
            single strength.
        reduced: Whether the piece shows its reduced side (drawn with a stripe, like a flipped counter).
        steps: ``(lost, total)`` steps or damage, drawn as pips.
        badges: Markers drawn on the piece.
        rims: Outline colours: the first replaces the border, the others are drawn inside it.
        rear_arrow: Whether a hollow arrow at the rear shows a rear arc (a vehicle that sees behind it).
        rider: Whether it rides small on the corner of another piece in its location (a leader with a unit).
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
    shape: str = "square"
    symbol: str | None = None
    band: str | None = None
    factors: tuple[str, ...] = ()
    reduced: bool = False
    steps: tuple[int, int] | None = None
    badges: tuple[Badge, ...] = ()
    rims: tuple[str, ...] = ()
    rear_arrow: bool = False
    rider: bool = False


@dataclass(frozen=True)
class MarkerView:
    """A marker lying on the board (corpse, blast template, objective, spawn tile, control).

    Attributes:
        id: Stable identity across views.
        loc: Board location.
        kind: What it is (tooltip when it has no title).
        label: Short text printed on a disc (default: the kind's first three letters).
        title: Full name for tooltips.
        locs: Other locations it concerns.
        shape: ``"disc"`` (a round marker with its label) or ``"rings"`` (target rings drawn under the pieces on
            that location, e.g. an objective to destroy or hold).
    """

    id: str
    loc: Any
    kind: str
    label: str | Text = ""
    title: Text | None = None
    locs: tuple[Any, ...] = ()
    shape: str = "disc"


@dataclass(frozen=True)
class TrackView:
    """A numbered track or counter shown in the status area (stealth meter, turn, banners)."""

    name: Text
    value: str | Text
    maximum: str | None = None
    alarm: bool = False

    def value_text(self, lang: str) -> str:
        """The value as a player reads it in ``lang`` (a word such as the weather is a translatable text)."""
        return self.value.render(lang) if isinstance(self.value, Text) else self.value


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
class CardView:
    """A card face in a hand: its name and its text as printed, and the command that plays it now (if any).

    Attributes:
        id: The card's id.
        name: Its name ("Order Two Units Left Flank").
        text: What it does, in short.
        kind: Its type, for the colour of its band ("section", "troop", "leadership", "tactic").
        play: The legal command that plays it now; None when it cannot be played now.
    """

    id: str
    name: Text
    text: Text
    kind: str = ""
    play: Any = None


@dataclass(frozen=True)
class HandView:
    """The hand of cards of one side, shown as a strip of card faces (only to that side, or to everyone when
    nothing is hidden)."""

    side: str
    title: Text
    cards: tuple[CardView, ...] = ()


Grade = str | Text
"""A highlight's value at one location: a grade id the theme colours, or a text to show."""


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
        highlights: Named sets of locations the UI can show (e.g. "vision"), each a mapping loc→grade: a grade id
            the theme colours ("full", "half") or a text shown when the location is hovered ("Seen by" whom).
        outcome: The result, when the game is over.
        side_names: Display names of the sides ("Macedonian", "Axis"), by side id.
        style: The system's colours and board-mark glyphs (``None``: the theme's defaults).
        decision: The decision the game waits for (``app.core.flow``), whoever views: the window always shows it.
        glossary: What the player reads for the ids this view uses: terrain types and edge features of the board,
            highlight layers and their grades ("vision" → "Axis sight", "half" → "half seen"). An id missing here is
            shown with its underscores as spaces.
        hands: Hands of cards the viewer may see, as card faces (C&C's command cards).
    """

    board: Any
    counters: tuple[CounterView, ...]
    markers: tuple[MarkerView, ...] = ()
    tracks: tuple[TrackView, ...] = ()
    phase: PhaseView | None = None
    panels: tuple[PanelView, ...] = ()
    highlights: Mapping[str, Mapping[Any, Grade]] = field(default_factory=dict)
    outcome: Text | None = None
    side_names: dict[str, Text] = field(default_factory=dict)
    style: Style | None = None
    decision: Decision | None = None
    glossary: Mapping[str, Text] = field(default_factory=dict)
    hands: tuple[HandView, ...] = ()


class LazyLayers(Mapping[str, Mapping[Any, Grade]]):
    """Highlight layers whose names are known at once but whose contents are computed on first access.

    A vision map costs tens of milliseconds and most views (one after every command) never show it: the
    layers are computed together, once, the first time any of them is read. The computation must be pure,
    so a lazy view compares equal to an eager one with the same contents.
    """

    def __init__(self, names: tuple[str, ...], compute: Callable[[], Mapping[str, Mapping[Any, Grade]]]) -> None:
        self._names = names
        self._compute: Callable[[], Mapping[str, Mapping[Any, Grade]]] | None = compute
        self._layers: Mapping[str, Mapping[Any, Grade]] = {}

    def __getitem__(self, name: str) -> Mapping[Any, Grade]:
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
