"""The Session: the one mutable object the UI, the CLI and agents talk to (DESIGN §3–4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from app.core.capabilities import HasPhaseTitle, capability
from app.core.datafile import clip, quoted
from app.core.dice import BadInput
from app.core.errors import IllegalCommandError
from app.core.i18n import Text, t
from app.core.messages import Command, Event
from app.core.system import GameSystem, Outcome
from app.core.view import CommandInfo, GameView

Mode = Literal["digital", "table"]
Listener = Callable[["Change"], None]


@dataclass(frozen=True)
class Entry:
    """One step of history: the command as applied (with its dice), the state after it, its events."""

    command: Command
    state: Any
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Change:
    """What a listener is told: what happened and why ("submit", "undo", "redo", "reset")."""

    reason: Literal["submit", "undo", "redo", "reset"]
    events: tuple[Event, ...]


def secret_choice(side_name: Text | str) -> Text:
    """How another side's secret command reads in a history of moves ("Axis makes a secret choice.")."""
    return t("{side} makes a secret choice.", side=side_name)


class Session:
    """A game in progress: a system, a scenario, a seed, and the history of commands.

    Args:
        system: The rules.
        scenario: The validated scenario model (embedded in saves).
        seed: Seed of the dice.
        mode: "digital" (seeded dice roll) or "table" (the player types dice and cards).
        folder: Folder the scenario came from (to resolve relative resources).
    """

    def __init__(
        self,
        system: GameSystem,
        scenario: BaseModel,
        *,
        seed: int = 1,
        mode: Mode = "digital",
        folder: Any = None,
        runtime: Any = None,
    ) -> None:
        self.system = system
        self.scenario = scenario
        self.seed = seed
        self.mode: Mode = mode
        self.folder = folder
        self.runtime = runtime if runtime is not None else system.load_scenario(scenario, folder)
        self.initial = system.initial_state(self.runtime, seed)
        self._history: list[Entry] = []
        self._cursor = 0
        self._listeners: list[Listener] = []

    # --- state -------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state."""
        return self._history[self._cursor - 1].state if self._cursor else self.initial

    @property
    def history(self) -> Sequence[Entry]:
        """Applied entries up to the cursor (redo entries excluded)."""
        return self._history[: self._cursor]

    @property
    def commands(self) -> list[Command]:
        """The command log (as applied, with their dice)."""
        return [e.command for e in self.history]

    def history_labels(self, viewer: str | None = None) -> list[Text]:
        """Each applied command's label as ``viewer`` may see it (``None``: everything), for a history of moves:
        another side's secret command (:attr:`Command.secret`) reads only that the side made a secret choice."""
        names = self.system.view(self.state, None).side_names
        labels: list[Text] = []
        for index, entry in enumerate(self.history):
            command = entry.command
            if command.hidden_from(viewer):
                labels.append(secret_choice(names.get(command.side, command.side)))
            else:
                labels.append(self.command_label(index))
        return labels

    def command_label(self, index: int) -> Text:
        """The label of the command of history entry ``index``, described in the state it was given in (what it
        chose, secret or not: :meth:`Command.hidden_from` says whether a viewer may read it); a command whose label
        cannot say what it did (:attr:`Command.told_by_its_events`, a random draw) reads as its first event.

        Raises:
            IndexError: No applied entry has that index.
        """
        entry = self._entry(index)
        if entry.command.told_by_its_events and entry.events:
            return entry.events[0].text
        before = self._history[index - 1].state if index else self.initial
        return self.system.describe(before, entry.command).label

    def view_at(self, index: int, side: str | None = None) -> GameView:
        """A side's view of the game as it was just after history entry ``index`` (``-1``: before the first
        command), to look back at a past position; the game itself does not move.

        Raises:
            IndexError: No applied entry has that index.
        """
        return self.system.view(self.initial if index == -1 else self._entry(index).state, side)

    def phase_title_at(self, index: int) -> Text | None:
        """The title of the sequence of play just after history entry ``index`` (``-1``: before the first command),
        as the view shows it ("Turn 3 — mud"; ``None``: no phase shown): from the system's
        :class:`~app.core.capabilities.HasPhaseTitle` when it declares it, else from its view.

        Raises:
            IndexError: No applied entry has that index.
        """
        state = self.initial if index == -1 else self._entry(index).state
        titled = capability(self.system, HasPhaseTitle)
        if titled is not None:
            return titled.phase_title(state)
        phase = self.system.view(state, None).phase
        return None if phase is None else phase.title

    def _entry(self, index: int) -> Entry:
        if not 0 <= index < self._cursor:
            raise IndexError(index)
        return self._history[index]

    # --- commands ----------------------------------------------------------------------------------
    def submit(self, command: Command) -> tuple[Event, ...]:
        """Apply a command; on success the redo list is cleared and listeners are told.

        In table mode a command with no dice gets an empty list, so the rules ask for the dice
        (``NeedInput``) instead of rolling them.

        Raises:
            IllegalCommandError: The rules forbid it (reason and rule ID attached).
            NeedInput: Table mode, and the command needs dice or cards not typed yet.
        """
        if self.mode == "table" and command.dice is None:
            command = command.with_table_input((), () if command.cards is None else command.cards)
        try:
            state, events = self.system.apply(self.state, command)
        except BadInput as exc:
            raise IllegalCommandError(exc.reason, "CORE-DICE-1") from exc
        except LookupError as exc:  # a command from a script or save naming a piece or place that is not there
            what = quoted(exc.args[0]) if exc.args else type(exc).__name__
            reason = t("The command names something that does not exist: {what}.", what=what)
            raise IllegalCommandError(reason, "CORE-CMD-1") from exc
        entry = Entry(command, state, tuple(events))
        del self._history[self._cursor :]
        self._history.append(entry)
        self._cursor += 1
        self._notify(Change("submit", entry.events))
        return entry.events

    def parse(self, data: object) -> Command:
        """Read a command from JSON (a script line, a save's log); anything malformed is an illegal command.

        Raises:
            IllegalCommandError: ``data`` is not an object or not a command of this system (CORE-CMD-1).
        """
        if not isinstance(data, dict):
            raise IllegalCommandError(t("A command must be a JSON object."), "CORE-CMD-1")
        try:
            return self.system.parse_command(data)
        except (ValueError, LookupError, TypeError) as exc:
            why = clip(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 200)
            raise IllegalCommandError(t("Not a command of this game: {why}", why=why), "CORE-CMD-1") from exc

    def undo(self) -> bool:
        """Step back one command (O(1)); the dice come back with the state, so redo rolls the same."""
        if not self._cursor:
            return False
        self._cursor -= 1
        self._notify(Change("undo", ()))
        return True

    def redo(self) -> bool:
        """Re-apply the next undone command (the stored result, never a new roll)."""
        if self._cursor >= len(self._history):
            return False
        self._cursor += 1
        self._notify(Change("redo", self._history[self._cursor - 1].events))
        return True

    @property
    def can_undo(self) -> bool:
        """Whether there is something to undo."""
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is something to redo."""
        return self._cursor < len(self._history)

    def legal_commands(self, side: str | None = None) -> Sequence[Command]:
        """The commands the rules allow now."""
        return self.system.legal_commands(self.state, side)

    def describe(self, command: Command) -> CommandInfo:
        """How to present a command."""
        return self.system.describe(self.state, command)

    def view(self, side: str | None = None) -> GameView:
        """A side's view of the current state."""
        return self.system.view(self.state, side)

    def active_side(self) -> str | None:
        """Who acts now."""
        return self.system.active_side(self.state)

    def outcome(self) -> Outcome | None:
        """The result, if the game is over."""
        return self.system.outcome(self.state)

    def events(self) -> list[Event]:
        """Every event so far, in order."""
        return [event for entry in self.history for event in entry.events]

    # --- listeners ---------------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every change; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(change)

    # --- search ------------------------------------------------------------------------------------
    def copy_for_search(self) -> Session:
        """A detached copy sharing the immutable history, for agents to explore without side effects."""
        copy = Session.__new__(Session)
        copy.__dict__.update(self.__dict__)
        copy._history = list(self.history)
        copy._cursor = len(copy._history)
        copy._listeners = []
        return copy
