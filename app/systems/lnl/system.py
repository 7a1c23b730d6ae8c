"""The squad-level tactical game (Lock 'n Load Tactical style): the ``GameSystem`` of ``app.core.system``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

import app.systems.lnl.messages as m
import app.systems.lnl.sight as sight_rules
from app.ai.agent import Agent
from app.core import flow
from app.core.capabilities import AnswersOldSaves, HasBot, HasEditor, HasFuzzHints, HasLineOfSight, HasStyle
from app.core.encoding import encode_state
from app.core.i18n import localized, t
from app.core.line_of_sight import LosReport
from app.core.messages import Command, Event
from app.core.system import Outcome, SystemInfo
from app.core.view import CommandInfo, GameView, Style
from app.systems.lnl.board import Runtime, build_runtime
from app.systems.lnl.bot import LnlBot
from app.systems.lnl.describe import describe
from app.systems.lnl.messages import COMMANDS
from app.systems.lnl.scenario import SIDES, LnlScenario
from app.systems.lnl.setup import initial_state
from app.systems.lnl.state import State
from app.systems.lnl.turn import apply_command, deciding, legal, older_answer
from app.systems.lnl.view import build_view
from app.systems.lnl.view import style as view_style
from app.systems.lnl.view_names import side_name

if TYPE_CHECKING:
    from app.scenario.editor.plugin import EditorPlugin

FUZZ_WEIGHTS = {
    "lnl.fire": 6.0,
    "lnl.opfire": 3.0,
    "lnl.start_move": 0.15,  # there are many: a stack, each unit, each mode, each first hex
    "lnl.move_on": 2.0,
    "lnl.stop": 2.0,
    "lnl.pass": 3.0,
    "lnl.smoke": 0.1,
    "lnl.place_sniper": 0.05,
    "lnl.spot": 0.5,
    "lnl.weapon": 0.1,
    "lnl.snipe": 2.0,
}


class LnlSystem(
    HasBot[Agent],
    HasFuzzHints[State],
    HasStyle,
    HasEditor["EditorPlugin"],
    HasLineOfSight[State],
    AnswersOldSaves[State],
):
    """The squad game. Capabilities: a bot for either side, fuzz weights, its style."""

    info = SystemInfo(
        id="lnl",
        name=localized("Squad Tactics (Lock 'n Load style)", "班组战术（锁定装填风格）"),
        version="4",  # 4: snipers at any time, melee reply targets; 3: audit (docs/lnl-decisions.md); 2: SWs, heroes
        sides=SIDES,
        human_sides=SIDES,
        scenario_folder="lnl",
        hidden_information=False,  # everything is on the board: hot-seat needs no privacy screen
    )
    fuzz_max_steps = 4000

    def style(self) -> Style:
        """Colours and marker badges (data/style.json)."""
        return view_style()

    def scenario_model(self) -> type[BaseModel]:
        """The scenario file model."""
        return LnlScenario

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> Runtime:
        """Lay the boards and check placements."""
        assert isinstance(scenario, LnlScenario)
        return build_runtime(scenario, folder)

    def initial_state(self, scenario: Runtime, seed: int) -> State:
        """The forces as placed, turn 1's Rally Phase."""
        return initial_state(scenario, seed)

    def legal_commands(self, state: State, side: str | None = None) -> Sequence[Command]:
        """Commands of ``side`` (default: the side to act)."""
        if side is not None and side != deciding(state):
            return []
        return legal(state)

    def fuzz_weight(self, state: State, command: Command) -> float:
        """Random games fight more than they pass, so they reach their end."""
        del state
        return FUZZ_WEIGHTS.get(command.kind, 1.0)

    def apply(self, state: State, command: Command) -> tuple[State, Sequence[Event]]:
        """Apply a command (pure)."""
        return apply_command(state, command)

    def view(self, state: State, side: str | None) -> GameView:
        """The view of ``side``, with the pending opportunity-fire, counter-attack or melee-target decision."""
        active = self.active_side(state)
        view = build_view(state, side, active)
        if not state.steps:
            return view
        return replace(view, decision=_decision(state))

    def old_answer(self, state: State, version: str) -> Command | None:
        """What rules version 3 (and older) did by itself where this version asks (AnswersOldSaves): the defenders'
        reply aimed at every attacker; no window after an entry without opportunity fire."""
        if version == self.info.version or not state.steps:
            return None
        return older_answer(state)

    def describe(self, state: State, command: Command) -> CommandInfo:
        """How to show a command."""
        return describe(state, command)

    def active_side(self, state: State) -> str | None:
        """Who acts now."""
        return deciding(state)

    def outcome(self, state: State) -> Outcome | None:
        """The winner once the game is over."""
        if state.phase != "over":
            return None
        if state.winner is None:
            return Outcome(None, t("Draw"), t("Neither side won."))
        return Outcome(state.winner, t("Victory"), t("{side} wins.", side=side_name(state, state.winner)))

    def editor_plugin(self) -> EditorPlugin:
        """The scenario editor's tools (HasEditor; imported when first asked)."""
        from app.systems.lnl.editing import PLUGIN

        return PLUGIN

    def line_of_sight(self, state: State, origin: Any, target: Any, unit: str | None = None) -> LosReport | None:
        """The window's LOS tool: the line fire would trace (HasLineOfSight, app/systems/lnl/sight.py)."""
        return sight_rules.line_of_sight(state, origin, target, unit)

    def make_agent(self, side: str) -> LnlBot:
        """The automated opponent for ``side``."""
        del side
        return LnlBot()

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command from JSON."""
        return COMMANDS.parse(data)

    def encode_state(self, state: State) -> Any:
        """The state as JSON (the scenario itself excluded)."""
        return encode_state(state, skip=("runtime",))


def _decision(state: State) -> flow.Decision | None:
    """The pending decision: the window after an entry (opportunity fire, a sniper's shot), a counter-attack after
    an overrun, or a side's melee targets; its default holds fire, lets the vehicle pass or targets everyone. A
    window that also offers placing a hidden sniper is no decision (its answers are the map's hexes, LNL-SNIPER-1):
    the side picks in the command bar as in an impulse."""
    options = legal(state)
    if any(isinstance(c, m.PlaceSniper) for c in options):
        return None  # a hex of the map to pick, not a row of buttons: the command bar asks, as in an impulse
    step = state.steps[0]
    where = state.runtime.grid.label(step.hex) if step.hex else "?"
    question = t("The enemy moves into {hex}: opportunity fire?", hex=where)
    rule = "LNL-OPFIRE-1"
    if step.kind == "opfire" and any(isinstance(c, m.Snipe) for c in options):
        question = t("The enemy moves into {hex}: the sniper just placed may fire at once.", hex=where)
        rule = "LNL-SNIPER-2"
    elif step.kind == "counter":
        question = t("A vehicle overran {hex}: counter-attack it in close assault?", hex=where)
        rule = "LNL-OVERRUN-5"
    elif step.kind == "melee":
        question = t("Melee in {hex}: which defenders do you attack?", hex=where)
        rule = "LNL-MELEE-5"
    elif step.kind == "melee_back":
        question = t("Melee in {hex}: attack and defence swap; which attackers do you strike back at?", hex=where)
        rule = "LNL-MELEE-9"
    held = [i for i, c in enumerate(options) if isinstance(c, m.HoldFire)]
    prompt = flow.Prompt(question, rule, default=held[0] if held else len(options) - 1)
    return flow.make_decision(step.side, prompt, options, lambda c: describe(state, c).label)
