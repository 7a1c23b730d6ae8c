"""The SAS: Rogue Regiment game system (DESIGN §3): the GameSystem protocol over the SAS rules modules.

Rulebook chapters: §6 (SAS-TURN: who acts — "sas" in the Operator phase, "axis" in the automated phases) and
§31 (SAS-MSN-1 victory levels, OQ-55 defeat). Every other rule lives in its chapter's module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

import app.systems.sas.choices as choices_rules
import app.systems.sas.pieces as sas_pieces
import app.systems.sas.table_sync as table_sync_rules
import app.systems.sas.turn as sas_turn
from app.ai.agent import Agent
from app.core.capabilities import (
    AnswersOldSaves,
    HasBot,
    HasEditor,
    HasStyle,
    HasTableSync,
    HasTiles,
    HumanSidesPerScenario,
)
from app.core.encoding import encode_state
from app.core.errors import IllegalCommandError
from app.core.flow import Decision
from app.core.i18n import t
from app.core.messages import Command, Event
from app.core.system import GameSystem, Outcome, SystemInfo
from app.core.table_sync import Correction, CorrectPiece
from app.core.view import CommandInfo, GameView, Style
from app.systems.sas.choices import ChoiceNeeded
from app.systems.sas.combat.luck import LuckyRoll
from app.systems.sas.context import Ctx
from app.systems.sas.describe import describe_command
from app.systems.sas.jager import mode as jager
from app.systems.sas.jager.hunter_bot import HunterBot
from app.systems.sas.legal import acting_side, legal
from app.systems.sas.messages import (
    AIR_COMMANDS,
    COMMANDS,
    HUNTER_COMMANDS,
    OPERATOR_ACTIONS,
    VEHICLE_ACTIONS,
    ActivateOperator,
    Decide,
    EndActivation,
    EndPhase,
    Exfiltrate,
    KeepRoll,
    PickUp,
    RunAxisStep,
    UseRabbitsFoot,
)
from app.systems.sas.mission import SasMission
from app.systems.sas.names import name_of
from app.systems.sas.operators import barrel as pickup
from app.systems.sas.operators import rabbit
from app.systems.sas.operators.actions import perform
from app.systems.sas.operators.operator import sharing
from app.systems.sas.setup import build_runtime, initial_state
from app.systems.sas.state import Activation, PendingChoice, SasRuntime, SasState, evolve
from app.systems.sas.support import air
from app.systems.sas.tiles.board import TILE_FORMAT
from app.systems.sas.tiles.library import TileLibrary, load_tile_library
from app.systems.sas.vehicles import ovehicle_actions
from app.systems.sas.viewing import build_view

if TYPE_CHECKING:  # the editor's model is imported only when the editor is opened
    from app.scenario.editor.plugin import EditorPlugin


def pending_decision(state: SasState) -> Decision | None:
    """The decision the mission waits for (``app.core.flow``): an operator's roll paused for the rabbit's foot
    (SAS-EQ-11), else the Jäger hunter's choice (SAS-JGR-3, SAS-JGR-5, SAS-JGR-7)."""
    if state.over:
        return None
    label = lambda c: describe_command(state, c).label  # noqa: E731
    found = choices_rules.decision(state, label) or rabbit.decision(state, label) or pickup.decision(state, label)
    return found or jager.pending(state, label)


class SasSystem(
    HasBot[Agent],
    HumanSidesPerScenario,
    HasEditor["EditorPlugin"],
    HasStyle,
    HasTiles[TileLibrary],
    HasTableSync[SasState],
    AnswersOldSaves[SasState],
):
    """SAS: Rogue Regiment (solo / co-op; the Axis is automated by the rules).

    Capabilities: the Jäger hunter's bot, the hunter as a human side in Jäger missions, the mission editor, its
    style (colours, badges, board-mark glyphs) and its tile libraries.
    """

    info = SystemInfo(
        id="sas",
        name=t("SAS: Rogue Regiment"),
        version="4",  # 2: issue 14's rulings; 3: choices offered; 4: the 2026-11-27 audit (docs/sas-decisions.md)
        sides=("sas", "axis"),
        human_sides=("sas",),
        scenario_folder="sas",
        side_names={"sas": t("SAS operators"), "axis": t("Axis")},
    )
    tile_format = TILE_FORMAT  # HasTiles: SAS boards are laid out from tile libraries (SAS-BRD-1)

    def style(self) -> Style:
        """The SAS colours and board-mark glyphs (HasStyle)."""
        return sas_pieces.style()

    def tile_library_model(self) -> type[BaseModel]:
        """The model of SAS tile-library files (HasTiles)."""
        return TileLibrary

    def load_tile_library(self, path: Path) -> TileLibrary:
        """Read and validate an SAS tile library (HasTiles)."""
        return load_tile_library(path)

    def scenario_model(self) -> type[BaseModel]:
        """The mission file model."""
        return SasMission

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> SasRuntime:
        """Build the board and forces (SAS-SETUP)."""
        assert isinstance(scenario, SasMission)
        return build_runtime(scenario, folder)

    def initial_state(self, scenario: SasRuntime, seed: int) -> SasState:
        """The state before the first command."""
        return initial_state(scenario, seed)

    def legal_commands(self, state: SasState, side: str | None = None) -> Sequence[Command]:
        """Every command allowed now."""
        return legal(state, side)

    def apply(self, state: SasState, command: Command) -> tuple[SasState, Sequence[Event]]:
        """Apply a command (pure)."""
        if state.over:
            raise IllegalCommandError(t("The mission is over."), "SAS-MSN-1")
        if isinstance(command, CorrectPiece):  # table sync, outside the rules and the turn (CORE-SYNC-1)
            corrected, events = table_sync_rules.apply(state, command)
            return corrected, events
        acting = acting_side(state)
        if command.side != acting:
            raise IllegalCommandError(t("It is the {side} side's turn to act.", side=acting), "SAS-TURN-2")
        if isinstance(state.pending, PendingChoice):  # a choice the rules leave to the players (SAS-GEN-9)
            ctx, command = choices_rules.resume(state, command)
        elif state.pending is not None:  # the rabbit's foot decision (SAS-EQ-11)
            ctx = rabbit.resolve(state, command)
            command = state.pending.command
        else:
            ctx = choices_rules.start(state, command)
        decided, decisions = ctx.state, list(ctx.events)
        try:
            _dispatch(ctx, command)
        except LuckyRoll as luck:  # another roll of the same command waits in its turn
            ctx.roller.check_all_used()
            paused, events = rabbit.pause(decided, ctx, command, luck)
            return paused, [*decisions, *events]
        except ChoiceNeeded as need:  # the command waits for the SAS player's answer
            paused, events = choices_rules.pause(decided, ctx, command, need.choice)
            return paused, [*decisions, *events]
        sas_turn.unload_troops(ctx)  # a troop truck alerted by this command (SAS-HM-2)
        if any(o.unveiled for o in ctx.state.operators):  # only while the attacking command lasts (SAS-EQ-12)
            ctx.state = replace(ctx.state, operators=tuple(replace(o, unveiled=False) for o in ctx.state.operators))
        ctx.roller.check_all_used()
        sas_turn.check_over(ctx)
        return evolve(ctx.state, dice=ctx.roller.dice), ctx.events

    def view(self, state: SasState, side: str | None) -> GameView:
        """What ``side`` sees (the SAS player sees the whole board, as at the table)."""
        result = self.outcome(state)
        view = build_view(state, side, None if result is None else result.level)
        decision = pending_decision(state)
        return replace(view, decision=None if decision is None else decision.seen_by(side))

    def describe(self, state: SasState, command: Command) -> CommandInfo:
        """How to present a command."""
        if isinstance(command, CorrectPiece):
            return table_sync_rules.describe(state, command)
        return describe_command(state, command)

    def corrections(self, state: SasState, piece: str | None) -> Sequence[Correction]:
        """Table sync: how ``piece`` (or the board) can be corrected to match the table (``app.core.table_sync``)."""
        return table_sync_rules.corrections(state, piece)

    def active_side(self, state: SasState) -> str | None:
        """ "sas" in the Operator phase or when a roll waits for the rabbit's foot, "axis" otherwise; None once
        over."""
        return None if state.over else acting_side(state)

    def outcome(self, state: SasState) -> Outcome | None:
        """Victory levels from the mission page (SAS-MSN-1); anything less is a defeat (OQ-55), in Jäger mode the
        hunter's victory (SAS-JGR-15)."""
        if not state.over:
            return None
        out = sum(1 for o in state.operators if o.status == "exfiltrated" and not o.support)
        ended = sas_turn.ending(state.ended_by)
        for level in sorted(state.rt.mission.victory, key=lambda v: v.level != "major"):
            if set(level.objectives) <= sas_turn.achieved(state) and out >= level.exfiltrated:
                name = t("Major victory") if level.level == "major" else t("Minor victory")
                return Outcome("sas", name, t("{n} operator(s) got out; {why}.", n=out, why=ended))
        if state.hunter is not None:
            why = t("the operators won neither a major nor a minor victory ({why})", why=ended)
            return Outcome("axis", t("The hunter wins"), t("The hunter wins: {why}.", why=why))
        return Outcome("axis", t("Defeat"), t("The mission failed: {why}.", why=ended))

    def old_answer(self, state: SasState, version: str) -> Command | None:
        """Rules versions 1 and 2 took the choices version 3 offers by themselves: a save made with them answers each
        with its default, and picks up at once the fuel barrel its operator moved onto (AnswersOldSaves,
        docs/sas-decisions.md "Choices offered in rules version 3")."""
        if version not in ("1", "2"):
            return None
        pending = state.pending
        if isinstance(pending, PendingChoice) and pending.choice.rule_id in choices_rules.ASKED_SINCE_3:
            return choices_rules.default_answer(state)
        op = pickup.waiting(state)
        return None if op is None else PickUp(side="sas", operator=op.id)

    def make_agent(self, side: str) -> HunterBot | None:
        """The automated Jäger hunter for the "axis" side (the UI's "Bot" seat; ``app.ai.agent.Agent``); the SAS
        side has no bot."""
        return HunterBot() if side == "axis" else None

    def human_sides_of(self, scenario: BaseModel) -> tuple[str, ...]:
        """Sides a person may play in this mission: in Jäger mode the hunter too (SAS-JGR-1)."""
        jager = isinstance(scenario, SasMission) and scenario.jager is not None
        return ("sas", "axis") if jager else self.info.human_sides

    def editor_plugin(self) -> EditorPlugin:
        """The mission editor's plug-in (imported when the editor first asks)."""
        from app.systems.sas.editing import PLUGIN

        return PLUGIN

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command from JSON."""
        return COMMANDS.parse(data)

    def encode_state(self, state: SasState) -> Any:
        """The whole state as JSON (the runtime is static and left out; the dice as [seed, index])."""
        return encode_state(state, skip=("rt",), special={"dice": lambda dice: [dice.seed, dice.index]})


def _dispatch(ctx: Ctx, command: Command) -> None:
    state = ctx.state
    air.check_first(state, command)  # the Typhoon flies before the operators act (SAS-SUP-8, SAS-SUP-9)
    if isinstance(command, AIR_COMMANDS):
        air.perform(ctx, command)
    elif isinstance(command, RunAxisStep):
        sas_turn.axis_step(ctx)
    elif isinstance(command, ActivateOperator):
        op = state.op(command.operator)
        if state.activation is not None or op.activated or not op.on_map:
            raise IllegalCommandError(
                t("{op} cannot be activated now.", op=name_of(state, command.operator)), "SAS-OP-1"
            )
        ap = state.rt.tables.ap_per_activation
        ctx.state = replace(state.with_op(op.id, activated=True), activation=Activation(op.id, ap))
        ctx.emit("activated", t("{op} is activated ({ap} AP).", op=ctx.name(op.id), ap=ap), "SAS-OP-2")
    elif isinstance(command, EndActivation):
        if state.activation is None:
            raise IllegalCommandError(t("No operator is being activated."), "SAS-OP-1")
        if sharing(state, state.op(state.activation.operator)):
            raise IllegalCommandError(t("She must end her move in an empty square."), "SAS-NANCY-3")
        if pickup.waiting(state) is not None:
            raise IllegalCommandError(t("He stands on the fuel barrel: he must pick it up first."), "SAS-PICK-1")
        ctx.state = replace(state, activation=None)
        ctx.emit("activation_ended", t("The activation ends."), "SAS-OP-2")
    elif isinstance(command, EndPhase):
        if state.activation is not None:
            raise IllegalCommandError(t("Finish the current activation first."), "SAS-OP-1")
        sas_turn.next_phase(ctx)
        sas_turn.settle(ctx)
    elif isinstance(command, (*OPERATOR_ACTIONS, Exfiltrate)):
        perform(ctx, command)
    # Jäger mode (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10,
    # SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14)
    elif isinstance(command, HUNTER_COMMANDS):
        jager.perform(ctx, command)
        sas_turn.settle(ctx)
    elif isinstance(command, VEHICLE_ACTIONS):
        # SAS-OVEH-2, SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-8, SAS-OVEH-9
        ovehicle_actions.perform(ctx, command)
    elif isinstance(command, (UseRabbitsFoot, KeepRoll)):
        raise IllegalCommandError(t("No roll is waiting for the rabbit's foot."), "SAS-EQ-11")
    elif isinstance(command, Decide):
        raise IllegalCommandError(t("No question is waiting for an answer."), "SAS-GEN-9")
    else:
        raise IllegalCommandError(t("Unknown command {kind}.", kind=command.kind), "CORE-CMD-1")


SYSTEM: GameSystem[SasState, SasRuntime] = SasSystem()
