"""The toy system: a small but real game, a two-sided counter race ("toy"), plugged in like any other.

It proves the plug-in seam (docs/adding-a-system.md): it lives only in this package (scenario model,
messages, rules, bot, system, its scenarios under ``scenarios/toy/``) and is registered by one registry line
(``tests.support.TOY_ENTRY``); it passes the conformance suite with every capability it declares.

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

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from app.ai.agent import Agent
from app.core.capabilities import HasBot, HasFuzzHints, HasMigrations, HumanSidesPerScenario
from app.core.dice import Dice, Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Command, Event
from app.core.ruling import DieResult, Ruling
from app.core.system import GameSystem, Outcome, SystemInfo
from app.core.view import CommandInfo, CounterView, GameView, PhaseView, TrackView
from app.scenario.resources import resolve_ref
from tests.toy.bot import ToyBot
from tests.toy.messages import COMMANDS, Advance, Gamble, GameEnded, Rest, Rested
from tests.toy.rules import ToyState, catch_up, move, other
from tests.toy.scenario import MIGRATIONS, SIDES, ToyRuntime, ToyScenario

CARDS = ("jump", "stumble")


FUZZ_WEIGHTS = {"toy.advance": 4.0, "toy.gamble": 1.0, "toy.rest": 0.2}


class ToySystem(HasMigrations, HasBot[Agent], HasFuzzHints[ToyState], HumanSidesPerScenario):
    """The toy race: the :class:`app.core.system.GameSystem` contract and four declared capabilities."""

    info = SystemInfo(id="toy", name=t("Toy race"), version="1", sides=SIDES, human_sides=SIDES, scenario_folder="toy")
    schema_version = 2
    migrations = MIGRATIONS
    fuzz_max_steps = 500  # 20 turns of two commands each: a game longer than this has lost its way

    def make_agent(self, side: str) -> ToyBot:
        """The toy's bot plays either side."""
        return ToyBot(side)

    def human_sides_of(self, scenario: BaseModel) -> tuple[str, ...]:
        """The scenario's ``seats`` (both sides when it names none)."""
        seats = scenario.seats if isinstance(scenario, ToyScenario) else None
        return tuple(seats) if seats else self.info.human_sides

    def fuzz_weight(self, state: ToyState, command: Command) -> float:
        """Random games advance more than they rest, so they end by counters coming home."""
        del state
        return FUZZ_WEIGHTS.get(command.kind, 1.0)

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

    def initial_state(self, scenario: ToyRuntime, seed: int) -> ToyState:
        """Counters on their start squares, red to act, turn 1."""
        return ToyState(Dice(seed=seed), scenario.length, scenario.turns, 1, SIDES[0], scenario.counters)

    def legal_commands(self, state: ToyState, side: str | None = None) -> Sequence[Command]:
        """Advance or gamble any counter not home, or rest."""
        if state.over or (side is not None and side != state.active):
            return []
        mine = [c for c, s, p in state.pos if s == state.active and p < state.length]
        commands: list[Command] = [Advance(side=state.active, counter=c) for c in mine]
        commands += [Gamble(side=state.active, counter=c) for c in mine]
        return [*commands, Rest(side=state.active)]

    def apply(self, state: ToyState, command: Command) -> tuple[ToyState, Sequence[Event]]:
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
        modifiers = catch_up(state, side, square)
        total = natural + sum(m.value for m in modifiers)
        after, events = move(state, cid, total)
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
        return move(state, found[0], 3 if card == "jump" else -1)

    def _end_turn(self, state: ToyState, events: list[Event]) -> tuple[ToyState, Sequence[Event]]:
        """Pass the turn (TOY-3) and end the game when it is over (TOY-0)."""
        turn = state.turn + 1 if state.active == SIDES[-1] else state.turn
        done = turn > state.turns or any(state.home(s) == sum(1 for _, o, _ in state.pos if o == s) for s in SIDES)
        state = replace(state, turn=min(turn, state.turns), active=other(state.active), over=done)
        if done:
            result = self.outcome(state)
            winner = result.winner if result else None
            events.append(GameEnded(text=t("The game is over."), rule_id="TOY-0", winner=winner))
        return state, tuple(events)

    def view(self, state: ToyState, side: str | None) -> GameView:
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

    def describe(self, state: ToyState, command: Command) -> CommandInfo:
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

    def active_side(self, state: ToyState) -> str | None:
        """Who acts now."""
        return None if state.over else str(state.active)

    def outcome(self, state: ToyState) -> Outcome | None:
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

    def encode_state(self, state: ToyState) -> Any:
        """The whole state as JSON."""
        return {
            "dice": [state.dice.seed, state.dice.index],
            "turn": state.turn,
            "active": state.active,
            "over": state.over,
            "pos": [list(p) for p in state.pos],
        }


SYSTEM: GameSystem[ToyState, ToyRuntime] = ToySystem()
