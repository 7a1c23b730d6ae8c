"""The decisions inside a card's execution, on the core flow (``app.core.flow``): step losses, retreats,
advances and Guderian's interrupt, each with a default so bots and fast play proceed.

TY-LOSS-2, TY-RET-3, TY-RET-6, TY-RET-7, TY-RET-8, TY-ADV-4, TY-ADV-6, TY-GUD-3, TY-GUD-5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import app.systems.typhoon.cup as cup_rules
import app.systems.typhoon.messages as m
from app.core import flow
from app.core.flow import Decision, Prompt
from app.core.i18n import t
from app.core.messages import Command, Event
from app.systems.typhoon.context import Ctx
from app.systems.typhoon.losses import lose_step, move_to, name
from app.systems.typhoon.retreat import FAR, advance_paths, distance, overstacked, retreat_options, why_eliminated
from app.systems.typhoon.state import State, Step, defence_value
from app.systems.typhoon.steps_base import StepStack
from app.systems.typhoon.zoc import enemy_zoc


@dataclass(frozen=True)
class Steps(StepStack):
    """Typhoon's steps on the core flow; ``ctx`` collects what resolving them says."""

    ctx: Ctx | None = None

    def options(self, state: State, step: Step) -> Sequence[Command]:
        """The commands that decide ``step``."""
        return options(state, step)

    def waits(self, state: State, step: Step, options: Sequence[Command]) -> bool:
        """A real choice waits; an advance or Guderian waits even with one way to take it."""
        if step.kind in ("advance", "guderian", "guderian_end"):
            return len(options) > 1
        return len(options) > 1

    def act(self, state: State, step: Step, command: Command | None) -> State:
        """Resolve ``step`` with ``command``."""
        assert self.ctx is not None
        return act(state, step, command, self.ctx)

    def finished(self, state: State) -> bool:
        """The game is over."""
        return state.winner is not None

    def prompt(self, state: State, step: Step) -> Prompt:
        """The question ``step`` asks."""
        return prompt(state, step)


def options(state: State, step: Step) -> list[Command]:
    """The answers to a step, the default first."""
    s = step.side
    if step.kind == "loss":
        alive = [state.unit(u) for u in step.units]
        units = [u for u in alive if u is not None and u.hex is not None]
        if step.amount <= 0 or not units:
            return []
        units.sort(key=lambda u: (u.reduced, defence_value(state.spec(u.id), u.reduced), u.id))
        return [m.LoseStep(side=s, unit=u.id) for u in units]
    if step.kind == "retreat":
        return [m.Retreat(side=s, unit=step.units[0], to=h) for h in retreat_options(state, step)]
    if step.kind == "advance":
        found: list[Command] = [m.EndAdvance(side=s)]
        for uid in step.units:
            found += [m.Advance(side=s, unit=uid, path=p) for p in advance_paths(state, step, uid)]
        return found if len(found) > 1 else []
    return [m.DeclineGuderian(side=s), m.PlayGuderian(side=s)]


def act(state: State, step: Step, command: Command | None, ctx: Ctx) -> State:
    """Resolve the top step."""
    if step.kind == "loss":
        return _loss(state, step, command, ctx)
    if step.kind == "retreat":
        return _retreat(state, step, command, ctx)
    if step.kind == "advance":
        return _advance(state, step, command, ctx)
    state = flow.pop(STEPS, state)
    if step.kind == "guderian" and not isinstance(command, m.PlayGuderian):
        return cup_rules.execute(state, step.card, ctx)
    if isinstance(command, m.PlayGuderian):
        return cup_rules.play_guderian(state, step.card or None, ctx)
    state = replace(state, held=None)
    return cup_rules.end_turn(state, ctx)


STEPS = Steps()


def _loss(state: State, step: Step, command: Command | None, ctx: Ctx) -> State:
    if not isinstance(command, m.LoseStep):
        return flow.pop(STEPS, state)
    state = lose_step(state, command.unit, "combat", ctx.events)
    rest = replace(step, amount=step.amount - 1)
    return flow.goto(STEPS, state, rest) if rest.amount > 0 else flow.pop(STEPS, state)


def _retreat(state: State, step: Step, command: Command | None, ctx: Ctx) -> State:
    unit = state.unit(step.units[0])
    if unit is None or unit.hex is None:
        return flow.pop(STEPS, state)
    if not isinstance(command, m.Retreat):
        why, rule = why_eliminated(state, step)
        ctx.say(t("{unit} cannot retreat: {why}.", unit=name(state, unit.id), why=why), rule)
        return flow.pop(STEPS, lose_all(state, unit.id, ctx))
    to = command.to
    zoc, far = enemy_zoc(state, unit.side), distance(state, unit.side, to)
    origin = state.runtime.label(unit.hex)
    changes: list[Event] = []
    state = move_to(state, unit.id, (to,), changes)
    state = replace(state, retreated=(*state.retreated, unit.id))
    label, where = name(state, unit.id), state.runtime.label(to)
    text = (
        t("{unit} retreats to {hex}, {n} hexes from a friendly supply source.", unit=label, hex=where, n=far)
        if far < FAR - 1
        else t("{unit} retreats to {hex} (no line of communication: the owner's choice).", unit=label, hex=where)
    )
    printed = state.runtime.unit_name(unit.id)
    ctx.say(text, "TY-RET-8", t("Move {unit} from {origin} to {hex}.", unit=printed, origin=origin, hex=where))
    ctx.events.extend(changes)
    if to in zoc:
        ctx.say(t("{unit} retreats into an enemy zone of control.", unit=label), "TY-RET-6")
        state = lose_step(state, unit.id, "combat", ctx.events)
    after = state.unit(unit.id)
    if after is None or after.hex is None:
        return flow.pop(STEPS, state)
    if step.amount > 1:
        return flow.goto(STEPS, state, replace(step, amount=step.amount - 1, path=(*step.path, to)))
    if overstacked(state, to):
        ctx.say(t("{unit} would overstack and retreats one more hex.", unit=label), "TY-RET-7")
        return flow.goto(STEPS, state, replace(step, amount=1, path=(*step.path, to), extra=True))
    return flow.pop(STEPS, state)


def lose_all(state: State, unit_id: str, ctx: Ctx) -> State:
    """Eliminate a unit that cannot retreat (TY-RET-4, TY-RET-5)."""
    from app.systems.typhoon.losses import eliminate

    return eliminate(state, unit_id, "combat", ctx.events)


def _advance(state: State, step: Step, command: Command | None, ctx: Ctx) -> State:
    if not isinstance(command, m.Advance):
        return flow.pop(STEPS, state)
    before = state.unit(command.unit)
    origin = state.runtime.label(before.hex if before is not None else None)
    changes: list[Event] = []
    state = move_to(state, command.unit, command.path, changes)
    label, printed = name(state, command.unit), state.runtime.unit_name(command.unit)
    where = state.runtime.label(command.path[-1])
    advance = t("Advance {unit} from {origin} to {hex}.", unit=printed, origin=origin, hex=where)
    ctx.say(t("{unit} advances.", unit=label), "TY-ADV-1", advance)
    ctx.events.extend(changes)
    rest = replace(step, units=tuple(u for u in step.units if u != command.unit))
    return flow.goto(STEPS, state, rest) if rest.units else flow.pop(STEPS, state)


def prompt(state: State, step: Step) -> Prompt:
    """How a waiting step is worded."""
    if step.kind == "loss":
        return Prompt(t("Choose the unit that takes a step loss ({n} to take).", n=step.amount), "TY-LOSS-2")
    if step.kind == "retreat":
        label = name(state, step.units[0])
        return Prompt(t("{unit} retreats: choose the hex.", unit=label), "TY-RET-8", step.units[0])
    if step.kind == "advance":
        return Prompt(t("Advance after combat into {hex}?", hex=state.runtime.label(step.origin)), "TY-ADV-1")
    if step.kind == "guderian":
        card = state.runtime.card_name(step.card)
        return Prompt(t("{card} was drawn: play Guderian instead?", card=card), "TY-GUD-3", private=True)
    return Prompt(t("The cup is empty: play the held Guderian card?"), "TY-GUD-5", private=True)


def settle(state: State, ctx: Ctx) -> State:
    """Resolve every step that needs no decision."""
    return flow.settle(Steps(ctx), state)


def decide(state: State, ctx: Ctx, command: Command) -> State:
    """Resolve the waiting step with the player's command."""
    return flow.decide(Steps(ctx), state, command)


def pending(state: State) -> Decision | None:
    """The decision the game waits for."""
    from app.systems.typhoon.describe import describe

    return flow.pending_decision(Steps(), state, lambda c: describe(state, c).label)


def waiting_options(state: State) -> list[Command] | None:
    """The options of the waiting step, if the game waits for one."""
    found = flow.waiting(Steps(), state)
    return None if found is None else list(found[1])
