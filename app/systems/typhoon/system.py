"""The Operation Typhoon 1941 game system (the ``GameSystem`` protocol of ``app.core.system``).

Rulebook chapters live in their own modules: the cup and sequence (``cup``), activation, movement
(``movement``), combat (``combat``, ``odds``, ``retreat``), supply (``supply``), reinforcements
(``reinforce``), victory (``victory``); ``turn`` ties them to the commands and ``steps`` to the core flow.
TY-GEN-1, TY-GEN-4, TY-SETUP-1, TY-SETUP-7, TY-SETUP-8.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import app.systems.typhoon.messages as m
from app.ai.agent import Agent
from app.core.capabilities import HasBot, HasEditor, HasFuzzHints, HasPhaseTitle, HasStyle, HasWaypoints, Steered
from app.core.dice import Dice
from app.core.encoding import encode_state
from app.core.i18n import Text, localized, t
from app.core.messages import Command, Event
from app.core.system import Outcome, SystemInfo
from app.core.view import CommandInfo, GameView, Style
from app.scenario.editor.plugin import EditorPlugin
from app.systems.typhoon.bot import TyphoonBot
from app.systems.typhoon.cup import start_turn
from app.systems.typhoon.describe import describe
from app.systems.typhoon.messages import COMMANDS
from app.systems.typhoon.paths import steer
from app.systems.typhoon.reinforce import side_label
from app.systems.typhoon.runtime import Runtime, load_runtime
from app.systems.typhoon.scenario import SIDES, TyphoonScenario
from app.systems.typhoon.state import State, Unit
from app.systems.typhoon.steps import pending
from app.systems.typhoon.turn import acting_side, apply_command, legal
from app.systems.typhoon.view import build_view, phase_title
from app.systems.typhoon.view import style as view_style

FUZZ_WEIGHTS = {"ty.declare": 6.0, "ty.resolve": 20.0, "ty.move": 1.0, "ty.end_move": 0.6, "ty.end_combat": 0.5}
FUZZ_WEIGHTS |= {"ty.withdraw": 0.05, "ty.end_withdraw": 2.0, "ty.place": 2.0}


def initial_state(runtime: Runtime, seed: int) -> State:
    """Counters where the scenario puts them (TY-SETUP-2, TY-SETUP-3, TY-SETUP-4, TY-SETUP-6), control of the
    towns and cities (TY-CITY-1), turn one of the track (TY-SETUP-8)."""
    model = runtime.model
    placed = {p.unit: p for p in model.setup}
    units = []
    for uid, spec in runtime.units.items():
        p = placed.get(uid)
        if p is None:
            units.append(Unit(uid, spec.side, None, "later"))
        elif p.at in ("reserve", "guards", "withdrawn"):
            units.append(Unit(uid, spec.side, None, p.at, p.reduced, model.first_turn - 1))  # type: ignore[arg-type]
        else:
            units.append(Unit(uid, spec.side, runtime.hex(p.at), "map", p.reduced and spec.reduced is not None))
    axis = frozenset(runtime.hex(x) for x in model.axis_controlled)
    state = State(
        runtime=runtime,
        dice=Dice(seed=seed),
        turn=model.first_turn,
        phase="select",
        units=tuple(units),
        axis_hexes=axis,
    )
    return start_turn(state, None)


class TyphoonSystem(
    HasBot[Agent], HasEditor[EditorPlugin], HasFuzzHints[State], HasStyle, HasPhaseTitle[State], HasWaypoints[State]
):
    """Operation Typhoon 1941: a bot for either side, fuzz weights, a style, moves steered through waypoints."""

    info = SystemInfo(
        id="typhoon",
        name=localized("Operation Typhoon 1941", "台风行动 1941"),
        version="3",  # 2, 3: the audits against the rulebook (docs/typhoon-decisions.md)
        sides=SIDES,
        human_sides=SIDES,
        scenario_folder="typhoon",
        side_names={s: side_label(s) for s in SIDES},
    )
    fuzz_max_steps = 6000

    def style(self) -> Style:
        """Side colours, unit-state badges, mark glyphs (HasStyle)."""
        return view_style()

    def scenario_model(self) -> type[BaseModel]:
        """The scenario file model."""
        return TyphoonScenario

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> Runtime:
        """Build the map and check every reference."""
        assert isinstance(scenario, TyphoonScenario)
        return load_runtime(scenario, folder)

    def initial_state(self, scenario: Runtime, seed: int) -> State:
        """Turn one, Command Selection."""
        return initial_state(scenario, seed)

    def legal_commands(self, state: State, side: str | None = None) -> Sequence[Command]:
        """Legal commands of ``side`` (default: the side to act)."""
        if side is not None and side != acting_side(state):
            return []
        return legal(state)

    def fuzz_weight(self, state: State, command: Command) -> float:
        """Random play fights and ends segments rather than shuffling units about."""
        del state
        return FUZZ_WEIGHTS.get(command.kind, 1.0)

    def apply(self, state: State, command: Command) -> tuple[State, Sequence[Event]]:
        """Apply a command (pure)."""
        return apply_command(state, command)

    def view(self, state: State, side: str | None) -> GameView:
        """The view of ``side``."""
        decision = pending(state)
        found = build_view(state, side, acting_side(state))
        return replace(found, decision=decision and decision.seen_by(side))

    def phase_title(self, state: State) -> Text:
        """Turn and weather, the view's phase title, without building the view (HasPhaseTitle)."""
        return phase_title(state)

    def steer(self, state: State, command: Command, waypoints: Sequence[Any]) -> Steered | None:
        """A move sent through the hexes the player picks while dragging (HasWaypoints, TY-MOV-2)."""
        return steer(state, command, waypoints)

    def describe(self, state: State, command: Command) -> CommandInfo:
        """How to show a command."""
        return describe(state, command)

    def active_side(self, state: State) -> str | None:
        """Who acts now."""
        return acting_side(state)

    def outcome(self, state: State) -> Outcome | None:
        """The winner, once the game is over (TY-VIC-3)."""
        if state.winner is None:
            return None
        return Outcome(state.winner, t("Victory"), t("{side} wins.", side=side_label(state.winner)))

    def editor_plugin(self) -> EditorPlugin:
        """The scenario editor's map and order-of-battle tools (app/systems/typhoon/editing.py)."""
        from app.systems.typhoon.editing import PLUGIN

        return PLUGIN

    def make_agent(self, side: str) -> TyphoonBot:
        """The automated commander for ``side``."""
        return TyphoonBot(side)

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command from JSON."""
        return COMMANDS.parse(data)

    def encode_state(self, state: State) -> Any:
        """The state as JSON (the scenario itself excluded)."""
        return encode_state(state, skip=("runtime", "cache"))


__all__ = ["TyphoonSystem", "initial_state", "m"]
