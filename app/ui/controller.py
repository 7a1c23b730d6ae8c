"""GameController: the window's one link to a Session (submit, table input, undo/redo, automation)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from app.ai.agent import Agent, Budget, Cancelled, Choice
from app.core.capabilities import human_sides
from app.core.dice import NeedInput
from app.core.errors import IllegalCommandError
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.session import Change, Session
from app.core.view import CommandInfo, GameView

AgentFactory = Callable[[str], Agent | None]


BOT_SECONDS = 1.0  # a bot's budget per command (DESIGN §10: a bot's move <= 1 s)


class _AgentSignals(QObject):
    chosen = Signal(int, object)


class _AgentRun(QRunnable):
    """Runs an agent on a copy of the session off the GUI thread, within a time budget.

    Args:
        agent: The automated player.
        session: A detached copy (``Session.copy_for_search``): the agent never touches the live session.
        side: The side it plays.
        generation: The controller's change counter when the run started; a newer one cancels the run.
        current: Returns the controller's change counter now (read from the worker thread).
    """

    def __init__(self, agent: Agent, session: Session, side: str, generation: int, current: Callable[[], int]) -> None:
        super().__init__()
        self.agent, self.session, self.side, self.generation = agent, session, side, generation
        self.budget = Budget(BOT_SECONDS, cancelled=lambda: current() != generation)
        self.signals = _AgentSignals()

    def run(self) -> None:
        try:
            result: Any = self.agent.choose(self.session, self.side, self.budget)
        except Cancelled:
            return  # undo, a manual command or closing the window made the question moot
        except Exception as exc:
            result = exc
        self.signals.chosen.emit(self.generation, result)


class GameController(QObject):
    """Wraps a Session for the window; all game logic stays behind the Session API."""

    changed = Signal()
    events_applied = Signal(object, str)  # events, reason ("submit", "undo", "redo")
    command_refused = Signal(object, str)  # reason (Text), rule id
    input_requested = Signal(object)  # NeedInput
    automation_waiting = Signal(bool)  # True: an automated step waits for "Continue"
    agent_explained = Signal(str, object)  # side, the agent's reason (Text) for the command it submits

    def __init__(
        self,
        session: Session,
        parent: QObject | None = None,
        *,
        agent_for_side: AgentFactory | None = None,
        bot_sides: Iterable[str] = (),
    ):
        super().__init__(parent)
        self.session = session
        self.agent_for_side = agent_for_side
        self.bot_sides = frozenset(bot_sides)  # sides a person would play, given to the bot instead
        self.explanations: dict[int, tuple[str, Text]] = {}  # history index -> (side, the bot's reason)
        self._reason: tuple[str, Text] | None = None  # the bot's reason for the command being submitted
        self.lang = "en"
        self.step_mode = False
        self.fast_answers: frozenset[str] = frozenset()  # rule ids whose decisions a person leaves to the default
        self.auto_delay_ms = 350
        self.pending: Command | None = None
        self.frozen = False  # a past position is shown (app.ui.replay): no command, no automation until it ends
        self.pending_need: NeedInput | None = None
        self._generation = 0
        self._view: GameView | None = None
        self._commands: list[tuple[Command, CommandInfo]] | None = None
        self._unsubscribe = session.subscribe(self._on_session_changed)

    def close(self) -> None:
        """Stop listening to the session and cancel any automation."""
        self._generation += 1
        self._unsubscribe()

    # --- reading ------------------------------------------------------------------------------------
    @property
    def info(self) -> Any:
        """The system's SystemInfo."""
        return self.session.system.info

    def human_sides(self) -> tuple[str, ...]:
        """Sides played by people here: the scenario's human sides (``HumanSidesPerScenario``, else the system's)
        minus those given to a bot."""
        return tuple(s for s in human_sides(self.session.system, self.session.scenario) if s not in self.bot_sides)

    def perspective(self) -> str | None:
        """The side whose view is shown: the acting side if human, else the first human side."""
        active = self.session.active_side()
        humans = self.human_sides() or self.info.human_sides
        if active in humans:
            return active
        return humans[0] if humans else None

    def view(self) -> GameView:
        """The current GameView (cached until the next change)."""
        if self._view is None:
            self._view = self.session.view(self.perspective())
        return self._view

    def commands(self) -> list[tuple[Command, CommandInfo]]:
        """Legal commands of the side to act, with how to present them."""
        if self._commands is None:
            self._commands = [(c, self.session.describe(c)) for c in self.session.legal_commands()]
        return self._commands

    def is_automated_turn(self) -> bool:
        """Whether the side to act is not played by a person (and the game goes on)."""
        active = self.session.active_side()
        return active is not None and active not in self.human_sides() and self.session.outcome() is None

    # --- acting -------------------------------------------------------------------------------------
    def submit(self, command: Command) -> bool:
        """Submit a command; refusals and requests for table input are signalled, never raised."""
        if self.frozen:
            self.command_refused.emit(t("A past position is shown: go back to the game first."), "")
            return False
        self.pending, self.pending_need = None, None
        if not self.is_automated_turn():
            self._reason = None
        try:
            self.session.submit(command)
        except NeedInput as need:
            self.pending, self.pending_need = command, need
            self.input_requested.emit(need)
            return False
        except IllegalCommandError as exc:
            self.command_refused.emit(exc.reason, exc.rule_id)
            return False
        return True

    def provide_input(self, dice: list[int] | None = None, cards: list[str] | None = None) -> bool:
        """Resubmit the pending command with more dice or cards typed at the table."""
        if self.pending is None:
            return False
        command = self.pending
        old_dice = list(command.dice or ())
        old_cards = list(command.cards or ())
        updated = command.with_table_input(old_dice + list(dice or ()), old_cards + list(cards or ()))
        return self.submit(updated)

    def cancel_input(self) -> None:
        """Give up the command waiting for table input."""
        self.pending, self.pending_need, self._reason = None, None, None

    def undo(self) -> bool:
        """Undo one command (not while a past position is shown)."""
        self.cancel_input()
        return not self.frozen and self.session.undo()

    def redo(self) -> bool:
        """Redo one command (not while a past position is shown)."""
        self.cancel_input()
        return not self.frozen and self.session.redo()

    def freeze(self, on: bool) -> None:
        """Hold the game (``on``: a past position is shown; a bot thinking is cancelled) or let it go on."""
        self.frozen = on
        self._generation += 1
        self.schedule_automation()

    def set_bot(self, side: str, on: bool) -> None:
        """Give ``side`` to the bot (``on``) or back to a person, from the current position; a bot already
        thinking for a side taken back is cancelled."""
        if self.agent_for_side is None or (side in self.bot_sides) == on:
            return
        self.bot_sides = self.bot_sides | {side} if on else self.bot_sides - {side}
        self._generation += 1
        self._view, self._commands = None, None
        self.changed.emit()
        self.schedule_automation()

    def refuse(self, reason: Text, rule_id: str = "") -> None:
        """Report a refusal found by the UI itself (e.g. a drop on a square no command targets)."""
        self.command_refused.emit(reason, rule_id)

    # --- changes and automation ---------------------------------------------------------------------
    def _on_session_changed(self, change: Change) -> None:
        self._generation += 1
        self._view, self._commands = None, None
        if change.reason == "submit":
            index = len(self.session.history) - 1
            if self._reason is not None:
                self.explanations[index] = self._reason
                self.agent_explained.emit(*self._reason)
            else:
                self.explanations.pop(index, None)  # a person played where an undone bot command was
            self._reason = None
        self.events_applied.emit(change.events, change.reason)
        self.changed.emit()
        if change.reason == "submit":
            self.schedule_automation()
        else:
            self.automation_waiting.emit(self.is_automated_turn())

    def fast_answer(self) -> Command | None:
        """The default answer to a person's pending decision when the player opted for fast play on it (the rules
        still ask: the preference only answers for him)."""
        decision = self.view().decision
        if decision is None or not decision.options or decision.rule_id not in self.fast_answers:
            return None
        return decision.default_command() if decision.side in self.human_sides() else None

    def schedule_automation(self) -> None:
        """Play the next automated step after a short delay (or wait for Continue in step mode); a decision the
        player leaves to its default is answered at once (fast play). Nothing moves while the game is frozen."""
        if self.frozen:
            self.automation_waiting.emit(False)
            return
        if self.pending is None and (answer := self.fast_answer()) is not None:
            generation = self._generation
            QTimer.singleShot(0, lambda: generation == self._generation and self.submit(answer))
            return
        if not self.is_automated_turn() or self.pending is not None:
            self.automation_waiting.emit(False)
            return
        if self.step_mode:
            self.automation_waiting.emit(True)
            return
        generation = self._generation
        QTimer.singleShot(self.auto_delay_ms, lambda: self._auto_step(generation))

    def continue_automation(self) -> bool:
        """Play one automated step now (the Continue button / Space)."""
        return self._auto_step(self._generation)

    def _auto_step(self, generation: int) -> bool:
        if generation != self._generation or not self.is_automated_turn() or self.pending is not None or self.frozen:
            return False
        legal = list(self.session.legal_commands())
        if len(legal) == 1:
            return self.submit(legal[0])
        side = self.session.active_side() or ""
        agent = self.agent_for_side(side) if self.agent_for_side else None
        decision = self.view().decision
        if agent is None and decision is not None and decision.side == side:  # no bot: take the default answer
            return self.submit(decision.default_command())
        if agent is not None:
            run = _AgentRun(agent, self.session.copy_for_search(), side, generation, lambda: self._generation)
            run.signals.chosen.connect(self._on_agent_chosen)
            self.automation_waiting.emit(False)
            QThreadPool.globalInstance().start(run)
            return True
        self.automation_waiting.emit(True)
        return False

    def _on_agent_chosen(self, generation: int, result: object) -> None:
        if generation != self._generation:
            return  # the game moved on (undo, a manual command, the window closed): the answer is stale
        if isinstance(result, Choice):
            self._reason = (self.session.active_side() or "", result.reason)
            if not self.submit(result.command) and self.pending is None:
                self._reason = None
        elif isinstance(result, Command):
            self.submit(result)
        else:
            self.command_refused.emit(t("The automated player failed: {error}", error=str(result)), "")
