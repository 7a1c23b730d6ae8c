"""A tiny game system for UI tests: two sides on a small square (or hex) board.

Blue (human) moves counters to neighbouring squares and fires (one die, 4+ hits, with a ruling);
"End turn" hands over to Red (automated), whose only legal command is "Red advances", then Blue again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from app.core.dice import Dice, Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Command, Event, MessageRegistry
from app.core.ruling import DieResult, Modifier, Ruling
from app.core.system import Outcome, SystemInfo
from app.core.view import CommandInfo, CounterView, GameView, MarkerView, PanelView, PhaseView, TrackView
from app.geometry.hexgrid import HexGrid
from app.geometry.square import SquareGrid
from app.geometry.tiles import Mark
from app.geometry.topology import EdgeFeature
from app.scenario.base import ScenarioBase


@dataclass(frozen=True)
class FakeBoard:
    """Board-shaped value (like app.scenario.boards.Board)."""

    topology: Any
    marks: dict[Any, tuple[Mark, ...]] = field(default_factory=dict)
    roads: list[list[Any]] = field(default_factory=list)
    sections: dict[str, frozenset[Any]] = field(default_factory=dict)
    tile_outlines: list[tuple[str, list[tuple[float, float]]]] = field(default_factory=list)
    spec: Any = None


class FakeScenario(ScenarioBase):
    width: int = 8
    height: int = 6
    hex: bool = False


class Move(Command):
    kind: Literal["move"] = "move"
    unit: str
    to: tuple[int, int]


class Fire(Command):
    kind: Literal["fire"] = "fire"
    unit: str
    at: tuple[int, int]


class EndTurn(Command):
    kind: Literal["end_turn"] = "end_turn"


class RedAdvance(Command):
    kind: Literal["red_advance"] = "red_advance"


class Happened(Event):
    kind: Literal["happened"] = "happened"


@dataclass(frozen=True)
class FakeState:
    dice: Dice
    units: dict[str, tuple[str, tuple[int, int]]]
    active: str = "blue"
    turn: int = 1
    hits: int = 0
    board: Any = None


REGISTRY: MessageRegistry[Command] = MessageRegistry([Move, Fire, EndTurn, RedAdvance])


def _board(width: int, height: int, hexes: bool) -> FakeBoard:
    if hexes:
        grid = HexGrid("flat", "odd", width, height, terrain={(1, 1): "forest", (2, 1): "hill"})
        return FakeBoard(grid)
    terrain = {(x, y): "regular" for x in range(width) for y in range(height)}
    terrain.update({(2, 2): "forest", (3, 2): "forest", (5, 1): "water", (6, 4): "building", (1, 4): "rock"})
    edges = {
        frozenset({(3, 3), (3, 4)}): (EdgeFeature("low_wall"),),
        frozenset({(4, 1), (5, 1)}): (EdgeFeature("hedge"),),
    }
    marks = {
        (0, 5): (Mark("spawn", (), (("colour", "black"),)),),
        (6, 1): (Mark("sentry", ("N", "E"), (("solid", "E"),)),),
    }
    outline = [(0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height))]
    return FakeBoard(SquareGrid(width, height, terrain, edges), marks, tile_outlines=[("T1", outline)])


class FakeSystem:
    """Implements GameSystem."""

    info = SystemInfo(
        id="fake",
        name=t("Fake game"),
        version="1",
        sides=("blue", "red"),
        human_sides=("blue",),
        scenario_folder="fake",
    )

    def scenario_model(self) -> type[FakeScenario]:
        return FakeScenario

    def load_scenario(self, scenario: Any, folder: Path | None) -> Any:
        return _board(scenario.width, scenario.height, scenario.hex)

    def initial_state(self, scenario: Any, seed: int) -> FakeState:
        units = {"b1": ("blue", (1, 1)), "b2": ("blue", (1, 1)), "r1": ("red", (5, 3))}
        return FakeState(Dice(seed=seed), units, board=scenario)

    def legal_commands(self, state: FakeState, side: str | None = None) -> Sequence[Command]:
        side = side or state.active
        if side != state.active:
            return []
        if side == "red":
            return [RedAdvance(side="red")]
        out: list[Command] = []
        for uid, (owner, loc) in state.units.items():
            if owner != "blue":
                continue
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    to = (loc[0] + dx, loc[1] + dy)
                    if (dx or dy) and 0 <= to[0] < 8 and 0 <= to[1] < 6:
                        out.append(Move(side="blue", unit=uid, to=to))
            out.append(Fire(side="blue", unit=uid, at=state.units["r1"][1]))
        out.append(EndTurn(side="blue"))
        return out

    def apply(self, state: FakeState, command: Command) -> tuple[FakeState, Sequence[Event]]:
        if command.key() not in {c.key() for c in self.legal_commands(state, command.side or state.active)}:
            raise IllegalCommandError(t("That is not allowed now."), "FAKE-1")
        roller = Roller(state.dice, command.dice, command.cards)
        if isinstance(command, Move):
            units = dict(state.units)
            units[command.unit] = (units[command.unit][0], command.to)
            text = t("{unit} moves to {to}.", unit=command.unit, to=f"{command.to}")
            return replace(state, units=units), [Happened(text=text, rule_id="FAKE-MOVE", at=(command.to,))]
        if isinstance(command, Fire):
            (die,) = roller.roll(1, t("fire"))
            roller.check_all_used()
            ruling = Ruling(
                title=t("{unit} fires", unit=command.unit),
                rule_id="FAKE-FIRE",
                target=4,
                dice=(DieResult(natural=die, modified=die + 1, success=die + 1 >= 4),),
                modifiers=(Modifier(value=1, reason=t("close range"), rule_id="FAKE-FIRE-2"),),
                result=t("hit") if die + 1 >= 4 else t("miss"),
                notes=(t("a note"),),
            )
            event = Happened(
                text=t("{unit} fires.", unit=command.unit),
                ruling=ruling,
                rule_id="FAKE-FIRE",
                instruction=t("Roll one die."),
            )
            return replace(state, dice=roller.dice, hits=state.hits + ruling.successes), [event]
        if isinstance(command, EndTurn):
            return replace(state, active="red"), [Happened(text=t("Blue ends the turn."))]
        units = dict(state.units)
        x, y = units["r1"][1]
        units["r1"] = ("red", (max(0, x - 1), y))
        return replace(state, units=units, active="blue", turn=state.turn + 1), [Happened(text=t("Red advances."))]

    def view(self, state: FakeState, side: str | None) -> GameView:
        counters = tuple(
            CounterView(
                id=uid,
                loc=loc,
                label=uid.upper(),
                title=t("Unit {u}", u=uid),
                side=owner,
                kind="inf",
                facing="E" if owner == "blue" else "W",
                strength="3",
                selectable=owner == "blue",
                flags=("alert",) if owner == "red" else ("crouched",),
                details=((t("Hits"), str(state.hits)),),
            )
            for uid, (owner, loc) in state.units.items()
        )
        phase = PhaseView(
            t("Turn {n}", n=state.turn),
            (t("Blue moves"), t("Red moves")),
            0 if state.active == "blue" else 1,
            state.active,
            (t("Move your counters."),),
        )
        return GameView(
            board=state.board,
            counters=counters,
            markers=(MarkerView(id="m1", loc=(7, 0), kind="objective", label="OBJ"),),
            tracks=(
                TrackView(t("Turn"), str(state.turn), "9"),
                TrackView(t("Alarm"), str(state.hits), "5", alarm=state.hits > 0),
            ),
            phase=phase,
            panels=(PanelView(t("Blue board"), ((t("Hits"), str(state.hits)),)),),
            highlights={"vision": {(5, 3): "full", (4, 3): "half"}, "why:(4, 3)": {(4, 3): "hedge in the way"}},
        )

    def describe(self, state: FakeState, command: Command) -> CommandInfo:
        if isinstance(command, Move):
            return CommandInfo(t("Move to {to}", to=str(command.to)), "move", command.unit, command.to, "1 AP")
        if isinstance(command, Fire):
            return CommandInfo(
                t("Fire at {at}", at=str(command.at)),
                "attack",
                command.unit,
                command.at,
                "2 AP",
                t("Needs 4+ on one die."),
            )
        if isinstance(command, EndTurn):
            return CommandInfo(t("End turn"), "phase")
        return CommandInfo(t("Red advances"), "phase")

    def active_side(self, state: FakeState) -> str | None:
        return state.active

    def outcome(self, state: FakeState) -> Outcome | None:
        return None

    def parse_command(self, data: dict[str, Any]) -> Command:
        return REGISTRY.parse(data)

    def encode_state(self, state: FakeState) -> Any:
        return {"units": state.units, "active": state.active, "turn": state.turn, "dice": state.dice.index}


def make_session(mode: str = "digital", *, hexes: bool = False):  # type: ignore[no-untyped-def]
    from app.core.session import Session

    system = FakeSystem()
    scenario = FakeScenario(system="fake", schema_version=1, id="fake-one", title={"en": "Fake mission"}, hex=hexes)
    return Session(system, scenario, seed=3, mode=mode)  # type: ignore[arg-type]
