"""The Rise and Fall of the Third Reich game system (the ``GameSystem`` protocol of ``app.core.system``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

import app.systems.third_reich.allocation as alloc_rules
import app.systems.third_reich.discards as discard_rules
import app.systems.third_reich.yugoslavia as yugo_rules
from app.ai.agent import Agent
from app.core.capabilities import AnswersOldSaves, HasBot, HasEditor, HasFuzzHints, HasStyle
from app.core.dice import Roller
from app.core.encoding import encode_state, to_json
from app.core.errors import IllegalCommandError
from app.core.i18n import localized, t
from app.core.messages import Command, Event
from app.core.style import load_style
from app.core.system import Outcome, SystemInfo
from app.core.view import CommandInfo, GameView, Style
from app.systems.third_reich.ambush import decide, resume, retreat, step_options
from app.systems.third_reich.bot import ThirdReichBot
from app.systems.third_reich.describe import describe
from app.systems.third_reich.messages import (
    COMMANDS,
    AssignHit,
    Attack,
    DiscardCard,
    Happened,
    MobilizeYugoslav,
    Move,
    NoAmbush,
    Reassign,
    Retreat,
    ReturnUnit,
    TakeCard,
    UseEvent,
)
from app.systems.third_reich.names import side_name
from app.systems.third_reich.rounds import apply_round, has_play_action, legal, must_pass
from app.systems.third_reich.runtime import DATA, Runtime, load_runtime
from app.systems.third_reich.scenario import SIDES, ThirdReichScenario
from app.systems.third_reich.setup import initial_state
from app.systems.third_reich.state import Pending, Play, State
from app.systems.third_reich.table import table_steps
from app.systems.third_reich.turn import end_round, flip_after_blitz, hand_over, return_unit
from app.systems.third_reich.view import build_view

if TYPE_CHECKING:
    from app.scenario.editor.plugin import EditorPlugin

FUZZ_WEIGHTS = {"tr.pass": 0.3, "tr.finish": 0.5, "tr.attack": 3.0, "tr.mobilize": 2.0, "tr.event": 2.0}
AUTO_PASSES = 4


class ThirdReichSystem(HasBot[Agent], HasEditor["EditorPlugin"], HasFuzzHints[State], HasStyle, AnswersOldSaves[State]):
    """Rise and Fall of the Third Reich: a card-driven strategic game on an area map of Europe."""

    info = SystemInfo(
        id="third_reich",
        name=localized("Rise and Fall of the Third Reich", "第三帝国兴亡"),
        version="5",  # 2: allocation, returns; 3: TR-QA-3; 4: Blitzkrieg, hand-overs; 5: TR-CA-13 (decisions doc)
        sides=SIDES,
        human_sides=SIDES,
        scenario_folder="third_reich",
        side_names={s: side_name(s) for s in SIDES},
    )
    fuzz_max_steps = 4000

    def make_agent(self, side: str) -> ThirdReichBot:
        """The bot plays either side."""
        return ThirdReichBot(side)

    def fuzz_weight(self, state: State, command: Command) -> float:
        """Random games fight and build more than they pass, so they end by the rules."""
        del state
        return FUZZ_WEIGHTS.get(command.kind, 1.0)

    def editor_plugin(self) -> EditorPlugin:
        """The scenario editor's plug-in (imported when the editor first asks)."""
        from app.systems.third_reich.editing import PLUGIN

        return PLUGIN

    def style(self) -> Style:
        """Colours of sides, nations and resource symbols (``data/style.json``)."""
        return _style()

    def scenario_model(self) -> type[BaseModel]:
        """The scenario model."""
        return ThirdReichScenario

    def load_scenario(self, scenario: BaseModel, folder: Path | None) -> Runtime:
        """Build the board and check the scenario against it."""
        assert isinstance(scenario, ThirdReichScenario)
        return load_runtime(scenario, folder)

    def initial_state(self, scenario: Runtime, seed: int) -> State:
        """The set-up, then hand selection of the first turn."""
        return _settle(initial_state(scenario, seed))[0]

    def legal_commands(self, state: State, side: str | None = None) -> Sequence[Command]:
        """Every command ``side`` (default: the side to act) may give now."""
        actor = self.active_side(state)
        if actor is None or (side is not None and side != actor):
            return []
        return state.memo(("legal", actor), lambda: tuple(_legal(state, actor)))

    def apply(self, state: State, command: Command) -> tuple[State, Sequence[Event]]:
        """Apply a command (pure); IllegalCommandError says why it is not allowed."""
        actor = self.active_side(state)
        if actor is None:
            raise IllegalCommandError(t("The game is over."), "TR-GEN-1")
        if command.side != actor:
            raise IllegalCommandError(t("The {side} must act now.", side=side_name(actor)), "TR-SEQ-3")
        roller = Roller(state.dice, command.dice, command.cards)
        step = state.pending()
        if step is not None:
            if command.key() not in {c.key() for c in step_options(state, step)}:
                raise IllegalCommandError(t("That answer is not one of the choices."), "TR-SEQ-1")
            after, events = _decide(state, step, command, roller)
        else:
            after, events = apply_round(state, command, actor, roller)
        roller.check_all_used()
        after, more = _settle(replace(after, dice=roller.dice))
        return after, (*events, *more, *table_steps(state, after))

    def view(self, state: State, side: str | None) -> GameView:
        """What ``side`` sees: the other side's hand and deck stay hidden (TR-CARD-6)."""
        return state.memo(("view", side), lambda: build_view(state, side, self.style()))

    def describe(self, state: State, command: Command) -> CommandInfo:
        """How to present a legal command."""
        return describe(state, command)

    def active_side(self, state: State) -> str | None:
        """The side that decides now: a pending decision's, else the side whose round it is."""
        if state.over:
            return None
        step = state.pending()
        return step.side if step is not None else state.active

    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over (TR-VIC-1, TR-VIC-2, TR-VIC-3, TR-VIC-4)."""
        if not state.over:
            return None
        level = t("Strategic victory") if state.reason == "strategic" else t("Game victory")
        winner = state.winner or ""
        return Outcome(state.winner, level, t("The {side} win.", side=side_name(winner)))

    def parse_command(self, data: dict[str, Any]) -> Command:
        """Read a command from JSON."""
        return COMMANDS.parse(data)

    def encode_state(self, state: State) -> Any:
        """The whole state as JSON (without the scenario); the fields rules version 2 added (a pending step's
        ``given``, the face-down cards) and version 3 added (the card in play's ``unflipped``) are left out while
        empty, so states of older rules versions encode as they did."""
        data = encode_state(state, skip=("rt",), special={"stack": _encode_stack, "play": _encode_play})
        if not state.face_down:
            del data["face_down"]
        return data

    def old_answer(self, state: State, version: str) -> Command | None:
        """Rules version 1 allocated damage by itself, returned no unit to the pool at the end of a turn and never
        counterattacked Strategic Bombing: a save made with it takes the proposal, returns none and declines.
        Versions before 4 never asked for hand-overs at the end of a round: such a save hands none over; versions
        before 5 never placed Yugoslav units by the Supply event: such a save places none (AnswersOldSaves)."""
        step = state.pending()
        if step is not None and step.kind == "reassign" and version in ("1", "2", "3"):
            return Reassign(side=step.side)
        if step is not None and step.kind == "yugoslavia" and version in ("1", "2", "3", "4"):
            return MobilizeYugoslav(side=step.side)  # Supply never placed Yugoslav units before version 5
        if version != "1" or step is None:
            return None
        if step.kind == "damage":
            return AssignHit(side=step.side)
        if step.kind == "ambush" and isinstance(COMMANDS.parse(json.loads(step.action)), UseEvent):
            return NoAmbush(side=step.side)  # Strategic Bombing was never counterattacked (TR-QA-6)
        return ReturnUnit(side=step.side) if step.kind == "return" else None


def _encode_play(play: Play | None) -> Any:
    data = to_json(play)
    if play is not None and not play.unflipped:
        del data["unflipped"]
    return data


def _encode_stack(stack: tuple[Pending, ...]) -> list[Any]:
    out = []
    for step in stack:
        data = to_json(step)
        if not step.given:
            del data["given"]
        out.append(data)
    return out


@cache
def _style() -> Style:
    return load_style(DATA / "style.json")


def _legal(state: State, actor: str) -> list[Command]:
    step = state.pending()
    return step_options(state, step) if step is not None else legal(state, actor)


def _decide(state: State, step: Pending, command: Command, roller: Roller) -> tuple[State, list[Event]]:
    if isinstance(command, TakeCard):
        hands = state.hands_of(step.side)
        deck = list(hands.deck)
        deck.remove(command.card)
        state = state.with_hands(step.side, replace(hands, deck=tuple(deck), hand=(*hands.hand, command.card)))
        rest = (replace(step, count=step.count - 1),) if step.count > 1 else ()
        state = replace(state, stack=(*rest, *state.stack[1:]))
        return state, [Happened(text=t("A card is taken into the hand."), rule_id="TR-SEQ-1")]
    if isinstance(command, Retreat):
        return retreat(state, step, command)
    if isinstance(command, AssignHit):
        return _allocate(state, step, command, roller)
    if isinstance(command, ReturnUnit):
        return return_unit(state, step, command)
    if isinstance(command, Reassign):
        return hand_over(state, step, command)
    if isinstance(command, DiscardCard):
        return discard_rules.chosen(state, step, command)
    if isinstance(command, MobilizeYugoslav):
        return yugo_rules.chosen(state, step, command)
    return decide(state, step, command, roller)


def _allocate(state: State, step: Pending, command: AssignHit, roller: Roller) -> tuple[State, list[Event]]:
    """Allocate damage (TR-ALLOC-1); a counterattack's, once complete, lets the action it interrupted go on."""
    action = COMMANDS.parse(json.loads(step.action)) if step.action else None
    assert action is None or isinstance(action, Move | Attack | UseEvent)
    before = {u: state.unit(u) for u in action.units} if action is not None else {}
    state, events, done = alloc_rules.assign(state, step, command)
    if done and action is not None:
        state, more = resume(state, action, before, roller, step.area)
        events += more
    return state, events


def _settle(state: State) -> tuple[State, list[Event]]:
    """Automatic steps: a card with nothing left to do ends its round; a player with nothing to play passes
    (TR-SEQ-4)."""
    events: list[Event] = []
    state = flip_after_blitz(state)
    for _ in range(AUTO_PASSES):
        if state.over or state.stack:
            break
        if state.closing or state.play is not None:
            if not state.closing and has_play_action(state, state.active):
                break
            state, more = end_round(replace(state, closing=False), passed=False)
        elif must_pass(state, state.active):
            text = t("The {side} have nothing to play and pass.", side=side_name(state.active))
            events.append(Happened(text=text, rule_id="TR-SEQ-4"))
            state, more = end_round(state, passed=True)
        else:
            break
        events += more
    return state, events
