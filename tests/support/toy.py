"""A small but real game system used only by tests: a two-sided counter race ("toy").

Rules (the rule IDs are cited by the tests):

- TOY-0: The game ends when one side has all its counters home, or after the last turn. The side with
  more counters home wins; then the side with more progress; otherwise it is a draw.
- TOY-1: A counter behind every enemy counter still on the track gets +1 to its move (catch-up bonus).
- TOY-2: Advance: roll 1d6 and move one of your counters that many squares; reaching the end of the
  track (or passing it) brings it home.
- TOY-3: Only the side to act may give commands; red acts first each turn, then blue.
- TOY-4: Landing on a square (not the start) occupied by enemy counters captures them: they go back to 0.
- TOY-5: Gamble: draw a card, "jump" (+3) or "stumble" (-1, never below 0).
- TOY-6: Rest: do nothing this turn.

The state is a frozen dataclass of tuples; ``apply`` never mutates its input. The scenario model has
schema version 2; version 1 called ``track_length`` ``length`` (see :data:`MIGRATIONS`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from app.core.dice import Dice, Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import Text, t
from app.core.messages import Command, Event, MessageRegistry
from app.core.ruling import DieResult, Modifier, Ruling
from app.core.system import Outcome, SystemInfo
from app.core.view import CommandInfo, CounterView, GameView, PhaseView, TrackView
from app.scenario.base import ScenarioBase
from app.scenario.loading import Migration
from app.scenario.resources import ResourceError, resolve_ref

SIDES = ("red", "blue")
CARDS = ("jump", "stumble")


# --- scenario ---------------------------------------------------------------------------------------
class ToyCounter(BaseModel):
    """A counter in the scenario file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9]*$")
    side: Literal["red", "blue"]
    start: int = Field(0, ge=0)


class ToyScenario(ScenarioBase):
    """The toy scenario file (``system: "toy"``)."""

    system: Literal["toy"] = "toy"
    track_length: int = Field(12, ge=4, le=60, description="Squares on the track")
    turns: int = Field(20, ge=1, le=5000, description="Number of turns")
    counters: list[ToyCounter] = Field(min_length=2)
    art: str | None = Field(None, description="Optional picture, a reference inside the scenario folder")

    @field_validator("art")
    @classmethod
    def _art_inside(cls, value: str | None, info: ValidationInfo) -> str | None:
        folder = (info.context or {}).get("folder")
        if value is not None and folder is not None:
            try:
                resolve_ref(value, Path(folder))
            except ResourceError as exc:
                raise ValueError(str(exc)) from exc
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        ids = [c.id for c in self.counters]
        if len(set(ids)) != len(ids):
            raise ValueError("counter ids must be unique")
        if {c.side for c in self.counters} != set(SIDES):
            raise ValueError("both sides need at least one counter")
        if any(c.start >= self.track_length for c in self.counters):
            raise ValueError("a counter starts beyond the track")
        return self


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 → 2: ``length`` was renamed ``track_length``."""
    if "length" in data:
        data["track_length"] = data.pop("length")
    return data


MIGRATIONS: Mapping[int, Migration] = {1: _from_v1}


@dataclass(frozen=True)
class ToyRuntime:
    """The scenario ready to play."""

    length: int
    turns: int
    counters: tuple[tuple[str, str, int], ...]


# --- commands and events ----------------------------------------------------------------------------
class Advance(Command):
    """Roll 1d6 and move a counter (TOY-2)."""

    kind: Literal["toy.advance"] = "toy.advance"
    counter: str


class Gamble(Command):
    """Draw a card and move a counter by it (TOY-5)."""

    kind: Literal["toy.gamble"] = "toy.gamble"
    counter: str


class Rest(Command):
    """Do nothing (TOY-6)."""

    kind: Literal["toy.rest"] = "toy.rest"


class CounterMoved(Event):
    """A counter moved along the track."""

    kind: Literal["toy.moved"] = "toy.moved"
    counter: str
    start: int
    end: int


class CounterCaptured(Event):
    """A counter was sent back to the start."""

    kind: Literal["toy.captured"] = "toy.captured"
    counter: str


class CounterHome(Event):
    """A counter reached the end of the track."""

    kind: Literal["toy.home"] = "toy.home"
    counter: str


class Rested(Event):
    """A side rested."""

    kind: Literal["toy.rested"] = "toy.rested"


class GameEnded(Event):
    """The game is over."""

    kind: Literal["toy.ended"] = "toy.ended"
    winner: str | None


COMMANDS: MessageRegistry[Command] = MessageRegistry([Advance, Gamble, Rest])


# --- state ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ToyState:
    """Everything about a game in progress; ``pos`` holds (counter, side, square) and square == length is home."""

    dice: Dice
    length: int
    turns: int
    turn: int
    active: str
    pos: tuple[tuple[str, str, int], ...]
    over: bool = False

    def counter(self, counter_id: str) -> tuple[str, str, int] | None:
        """The (id, side, square) of a counter."""
        return next((c for c in self.pos if c[0] == counter_id), None)

    def home(self, side: str) -> int:
        """How many of ``side``'s counters are home."""
        return sum(1 for _, s, p in self.pos if s == side and p >= self.length)

    def progress(self, side: str) -> int:
        """Total squares advanced by ``side``."""
        return sum(p for _, s, p in self.pos if s == side)


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def _catch_up(state: ToyState, side: str, square: int) -> tuple[Modifier, ...]:
    """TOY-1: +1 when behind every enemy counter still on the track."""
    enemies = [p for _, s, p in state.pos if s != side and p < state.length]
    if enemies and square < min(enemies):
        return (Modifier(value=1, reason=t("behind every enemy counter"), rule_id="TOY-1"),)
    return ()


def _move(state: ToyState, counter_id: str, steps: int) -> tuple[ToyState, list[Event]]:
    """Move a counter ``steps`` squares (negative: back), capturing by landing (TOY-4)."""
    cid, side, start = state.counter(counter_id) or (counter_id, "", 0)
    end = max(0, min(state.length, start + steps))
    events: list[Event] = [
        CounterMoved(
            text=t("{counter} moves from {start} to {end}.", counter=cid, start=start, end=end),
            rule_id="TOY-2",
            instruction=t("Move {counter} to square {end}.", counter=cid, end=end),
            at=(start, end),
            counter=cid,
            start=start,
            end=end,
        )
    ]
    pos = []
    for other_id, other_side, square in state.pos:
        if other_id == cid:
            square = end
        elif other_side != side and square == end and 0 < end < state.length:
            square = 0
            events.append(
                CounterCaptured(text=t("{counter} is captured.", counter=other_id), rule_id="TOY-4", counter=other_id)
            )
        pos.append((other_id, other_side, square))
    if end >= state.length:
        events.append(CounterHome(text=t("{counter} is home.", counter=cid), rule_id="TOY-2", counter=cid))
    return replace(state, pos=tuple(pos)), events


# --- the system ---------------------------------------------------------------------------------------
class ToySystem:
    """The toy race, implementing :class:`app.core.system.GameSystem`."""

    info = SystemInfo(id="toy", name=t("Toy race"), version="1", sides=SIDES, human_sides=SIDES, scenario_folder="toy")
    schema_version = 2
    migrations = MIGRATIONS

    def scenario_model(self) -> type[BaseModel]:
        """The scenario model."""
        return ToyScenario

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> ToyRuntime:
        """Build the runtime scenario; resolves ``art`` (ResourceError if it escapes the folder)."""
        assert isinstance(scenario, ToyScenario)
        if scenario.art is not None:
            resolve_ref(scenario.art, folder)
        counters = tuple((c.id, c.side, c.start) for c in scenario.counters)
        return ToyRuntime(scenario.track_length, scenario.turns, counters)

    def initial_state(self, scenario: Any, seed: int) -> ToyState:
        """Counters on their start squares, red to act, turn 1."""
        return ToyState(Dice(seed=seed), scenario.length, scenario.turns, 1, SIDES[0], scenario.counters)

    def legal_commands(self, state: Any, side: str | None = None) -> Sequence[Command]:
        """Advance or gamble any counter not home, or rest."""
        if state.over or (side is not None and side != state.active):
            return []
        mine = [c for c, s, p in state.pos if s == state.active and p < state.length]
        commands: list[Command] = [Advance(side=state.active, counter=c) for c in mine]
        commands += [Gamble(side=state.active, counter=c) for c in mine]
        return [*commands, Rest(side=state.active)]

    def apply(self, state: Any, command: Command) -> tuple[ToyState, Sequence[Event]]:
        """Apply a command (pure); IllegalCommandError says why it is not allowed."""
        if state.over:
            raise IllegalCommandError(t("The game is over."), "TOY-0")
        if command.side != state.active:
            raise IllegalCommandError(t("It is {side}'s turn.", side=state.active), "TOY-3")
        roller = Roller(state.dice, command.dice, command.cards)
        if isinstance(command, Advance | Gamble):
            found = state.counter(command.counter)
            if found is None or found[1] != state.active or found[2] >= state.length:
                raise IllegalCommandError(t("{counter} cannot move.", counter=command.counter), "TOY-2")
            after, events = (self._advance if isinstance(command, Advance) else self._gamble)(state, found, roller)
        elif isinstance(command, Rest):
            after, events = state, [Rested(text=t("{side} rests.", side=state.active), rule_id="TOY-6")]
        else:
            raise IllegalCommandError(t("Unknown command {kind}.", kind=command.kind), "TOY-3")
        roller.check_all_used()
        return self._end_turn(replace(after, dice=roller.dice), events)

    def _advance(self, state: ToyState, found: tuple[str, str, int], roller: Roller) -> tuple[ToyState, list[Event]]:
        cid, side, square = found
        (natural,) = roller.roll(1, t("moving {counter}", counter=cid))
        modifiers = _catch_up(state, side, square)
        total = natural + sum(m.value for m in modifiers)
        after, events = _move(state, cid, total)
        ruling = Ruling(
            title=t("{counter} advances", counter=cid),
            rule_id="TOY-2",
            dice=(DieResult(natural=natural, modified=total, success=True),),
            modifiers=modifiers,
            result=t("moves {steps} squares", steps=total),
        )
        return after, [events[0].model_copy(update={"ruling": ruling}), *events[1:]]

    def _gamble(self, state: ToyState, found: tuple[str, str, int], roller: Roller) -> tuple[ToyState, list[Event]]:
        card = roller.pick(CARDS, t("gambling with {counter}", counter=found[0]))
        return _move(state, found[0], 3 if card == "jump" else -1)

    def _end_turn(self, state: ToyState, events: list[Event]) -> tuple[ToyState, Sequence[Event]]:
        """Pass the turn (TOY-3) and end the game when it is over (TOY-0)."""
        turn = state.turn + 1 if state.active == SIDES[-1] else state.turn
        done = turn > state.turns or any(state.home(s) == sum(1 for _, o, _ in state.pos if o == s) for s in SIDES)
        state = replace(state, turn=min(turn, state.turns), active=_other(state.active), over=done)
        if done:
            result = self.outcome(state)
            winner = result.winner if result else None
            events.append(GameEnded(text=t("The game is over."), rule_id="TOY-0", winner=winner))
        return state, tuple(events)

    def view(self, state: Any, side: str | None) -> GameView:
        """Everything is visible in the toy; there is no board."""
        counters = tuple(
            CounterView(
                id=c,
                loc=None if p >= state.length else p,
                label=c.upper(),
                title=t("Counter {id}", id=c),
                side=s,
                kind="pawn",
                flags=("home",) if p >= state.length else (),
                selectable=not state.over and s == state.active and side in (None, s),
            )
            for c, s, p in state.pos
        )
        phase = PhaseView(
            title=t("Turn {turn}", turn=state.turn),
            steps=(t("Red moves"), t("Blue moves")),
            current=SIDES.index(state.active),
            active_side=None if state.over else state.active,
            instructions=(t("Roll one die and move a counter."),),
        )
        result = self.outcome(state)
        tracks = (TrackView(name=t("Turn"), value=str(state.turn), maximum=str(state.turns)),)
        return GameView(
            board=None, counters=counters, tracks=tracks, phase=phase, outcome=result.reason if result else None
        )

    def describe(self, state: Any, command: Command) -> CommandInfo:
        """Labels for the command bar."""
        if isinstance(command, Advance):
            return CommandInfo(
                label=t("Advance {counter}", counter=command.counter),
                group="move",
                actor=command.counter,
                hint=t("Roll 1d6 [TOY-2]"),
            )
        if isinstance(command, Gamble):
            return CommandInfo(
                label=t("Gamble with {counter}", counter=command.counter),
                group="move",
                actor=command.counter,
                hint=t("Draw a card [TOY-5]"),
            )
        return CommandInfo(label=t("Rest"), group="phase")

    def active_side(self, state: Any) -> str | None:
        """Who acts now."""
        return None if state.over else str(state.active)

    def outcome(self, state: Any) -> Outcome | None:
        """TOY-0: most counters home, then most progress."""
        if not state.over:
            return None
        red, blue = ((state.home(s), state.progress(s)) for s in SIDES)
        if red == blue:
            return Outcome(None, t("Draw"), t("Both sides did equally well."))
        winner = SIDES[0] if red > blue else SIDES[1]
        return Outcome(winner, t("Victory"), t("{side} wins.", side=winner))

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command from JSON."""
        return COMMANDS.parse(data)

    def encode_state(self, state: Any) -> Any:
        """The whole state as JSON."""
        return {
            "dice": [state.dice.seed, state.dice.index],
            "turn": state.turn,
            "active": state.active,
            "over": state.over,
            "pos": [list(p) for p in state.pos],
        }


SYSTEM = ToySystem()
TOY_SCENARIO = Path(__file__).with_name("toy_scenario.json")


def render(value: Text | str) -> str:
    """English rendering shortcut for assertions."""
    return value if isinstance(value, str) else value.render("en")
