"""The Commands & Colors: Ancients game system (the ``GameSystem`` protocol of ``app.core.system``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

import app.systems.cca.messages as m
import app.systems.cca.table_sync as table_sync_rules
from app.ai.agent import Agent
from app.core import flow
from app.core.capabilities import HasBot, HasEditor, HasFuzzHints, HasStyle, HasTableSync
from app.core.dice import Dice
from app.core.encoding import encode_state
from app.core.i18n import localized, t
from app.core.messages import Command, Event
from app.core.system import Outcome, SystemInfo
from app.core.table_sync import Correction, CorrectPiece
from app.core.view import CommandInfo, GameView, Style
from app.systems.cca.bot import CcaBot
from app.systems.cca.describe import describe
from app.systems.cca.messages import COMMANDS
from app.systems.cca.position import apply_position
from app.systems.cca.scenario import SIDES, CcaScenario, Runtime, load_runtime
from app.systems.cca.state import TASKS, Leader, State, Unit
from app.systems.cca.tables import full_deck, unit_classes
from app.systems.cca.tasks import pending
from app.systems.cca.turn import apply_command, legal
from app.systems.cca.view import build_view, side_name
from app.systems.cca.view import style as view_style

if TYPE_CHECKING:  # the editor's model is imported only when the editor is opened
    from app.scenario.editor.plugin import EditorPlugin


def initial_state(runtime: Runtime, seed: int) -> State:
    """Units and leaders as the scenario places them; the deck still to be dealt (CCA-SETUP-1, CCA-SETUP-2,
    CCA-SETUP-3); then the scenario's position, if any."""
    grid, model = runtime.grid, runtime.model
    units: list[Unit] = []
    leaders: list[Leader] = []
    for army in model.armies:
        prefix = army.side[0]
        for i, p in enumerate(army.units, 1):
            spec = unit_classes()[p.cls]
            blocks = p.blocks or spec.blocks
            units.append(
                Unit(
                    f"{prefix}{i}",
                    army.side,
                    p.cls,
                    grid.from_label(p.at),
                    blocks,
                    spec.warrior_charge and blocks == spec.blocks,
                )
            )
        for i, lp in enumerate(army.leaders, 1):
            leaders.append(
                Leader(f"{prefix}L{i}", army.side, lp.name.en if lp.name else f"{prefix}L{i}", grid.from_label(lp.at))
            )
    state = State(
        runtime=runtime,
        dice=Dice(seed=seed),
        units=tuple(units),
        leaders=tuple(leaders),
        deck=full_deck(),
        discard=(),
        hands=((), ()),
        banners=(0, 0),
        active=model.first_player,
        phase="deal",
    )
    return apply_position(runtime, state)


FUZZ_WEIGHTS = {"battle": 20.0, "order_unit": 4.0, "move": 3.0, "end_orders": 0.3, "end_movement": 0.5, "decline": 0.5}


class CcaSystem(HasBot[Agent], HasEditor["EditorPlugin"], HasFuzzHints[State], HasStyle, HasTableSync[State]):
    """Commands & Colors: Ancients.

    Capabilities: a bot for either side, the scenario editor, fuzz weights for random play.
    """

    info = SystemInfo(
        id="cca",
        name=localized("Commands & Colors: Ancients", "指挥与军旗：古代"),
        # 2: issue 14 (CCA-MOMENTUM-2, CCA-ORDER-5, CCA-DICECOUNT-1, CCA-BOLSTER-1 rulings);
        # 3: audit of 2026-11-27 (CCA-LEADER-6: the card's extra die against a lone leader in close combat)
        version="3",
        sides=SIDES,
        human_sides=SIDES,
        scenario_folder="cca",
    )
    fuzz_max_steps = 5000  # a random game that has not ended after this many commands is a runaway

    def style(self) -> Style:
        """The C&C colours: badges of unit states, unit-class colours (HasStyle)."""
        return view_style()

    def scenario_model(self) -> type[BaseModel]:
        """The scenario file model."""
        return CcaScenario

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> Runtime:
        """Build the board and check placements."""
        assert isinstance(scenario, CcaScenario)
        return load_runtime(scenario, folder)

    def initial_state(self, scenario: Runtime, seed: int) -> State:
        """The state before the deal."""
        return initial_state(scenario, seed)

    def legal_commands(self, state: State, side: str | None = None) -> Sequence[Command]:
        """Legal commands of ``side`` (default: the side to act)."""
        if side is not None and side != self.active_side(state):
            return []
        return legal(state)

    def fuzz_weight(self, state: State, command: Command) -> float:
        """Weight of a command in random play (the fuzzer and the conformance suite): fight before passing,
        and move toward the enemy more often than away (random armies behind a river otherwise wander for
        thousands of commands before a side collects its banners)."""
        weight = FUZZ_WEIGHTS.get(command.kind, 1.0)
        if isinstance(command, m.Move) and (unit := state.unit(command.piece)) is not None:
            forward = (command.to[1] - unit.hex[1]) * (-1 if unit.side == "bottom" else 1)
            weight *= 2.0 if forward > 0 else 0.5 if forward < 0 else 1.0
        return weight

    def apply(self, state: State, command: Command) -> tuple[State, Sequence[Event]]:
        """Apply a command (pure); a table-sync correction at any time (CORE-SYNC-1)."""
        if isinstance(command, CorrectPiece):
            return table_sync_rules.apply(state, command)
        return apply_command(state, command)

    def view(self, state: State, side: str | None) -> GameView:
        """The view of ``side``."""
        decision = pending(state)
        return replace(build_view(state, side, self.active_side(state)), decision=decision and decision.seen_by(side))

    def describe(self, state: State, command: Command) -> CommandInfo:
        """How to show a command."""
        if isinstance(command, CorrectPiece):
            return table_sync_rules.describe(state, command)
        return describe(state, command)

    def corrections(self, state: State, piece: str | None) -> Sequence[Correction]:
        """Table sync: how ``piece`` (or the board) can be corrected to match the table (``app.core.table_sync``)."""
        return table_sync_rules.corrections(state, piece)

    def active_side(self, state: State) -> str | None:
        """Who acts now."""
        if state.phase == "over":
            return None
        side: str = flow.deciding_side(TASKS, state) or state.active  # a battle step waits for its owner
        return side

    def outcome(self, state: State) -> Outcome | None:
        """The winner, once a side has its banners (CCA-VICTORY-1)."""
        if state.winner is None:
            return None
        return Outcome(
            state.winner, t("Victory"), t("{side} collected its victory banners.", side=side_name(state, state.winner))
        )

    def make_agent(self, side: str) -> CcaBot:
        """The automated general for ``side`` (the UI's "Bot" seat; ``app.ai.agent.Agent``)."""
        del side
        return CcaBot()

    def editor_plugin(self) -> EditorPlugin:
        """The scenario editor's plug-in (imported when the editor first asks)."""
        from app.systems.cca.editing import PLUGIN

        return PLUGIN

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command from JSON."""
        return COMMANDS.parse(data)

    def encode_state(self, state: State) -> Any:
        """The state as JSON (the scenario itself excluded)."""
        return encode_state(state, skip=("runtime",))
