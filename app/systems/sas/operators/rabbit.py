"""The rabbit's foot decision: keep an operator's roll, or turn one of its dice into a 6.

Rulebook chapter: §21 items, SAS-EQ-11 (a one-use item that changes the result of any single D6 to a 6; its owner
may use it on his own roll or on another operator's; the token is removed). An operator's roll — in his activation
or in the automated Axis phases (marked attacks, his bombs and mines going off, barrels he set off), attack, blast
or scatter — pauses when a 6 on one of its dice would change the outcome and an operator on the map holds a
rabbit's foot (``luck.check``, ``luck.check_scatter``): the roll is shown and the player either keeps it or names
the die and the owner of the foot. The command is then resolved again from its start with those dice, so the
target, the noise and every reaction follow from the final roll; a later roll of the same command may pause in
its turn (docs/sas-decisions.md D-EQ-6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from app.core import flow
from app.core.dice import Roller
from app.core.flow import Decision, Prompt
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.ruling import DieResult, Ruling
from app.systems.sas.combat.luck import FOOT, LUCKY, LuckyRoll, ReplayRoller, owners
from app.systems.sas.context import Ctx
from app.systems.sas.messages import KeepRoll, SasEvent, UseRabbitsFoot, ev
from app.systems.sas.names import name_of
from app.systems.sas.operators.operator import illegal
from app.systems.sas.operators.shooting import spend
from app.systems.sas.state import PendingRoll, SasState


def pause(state: SasState, ctx: Ctx, command: Command, luck: LuckyRoll) -> tuple[SasState, list[SasEvent]]:
    """The state waiting for the decision: nothing of the command applies yet but its dice (SAS-EQ-11)."""
    pending = PendingRoll(
        command=command.with_table_input(None, None),
        rolled=tuple(ctx.roller.rolled),
        count=len(luck.naturals),
        target=luck.target,
        modifier=luck.modifier,
        operator=str(getattr(command, "operator", "")),
        options=luck.options,
        answers=tuple(ctx.given),
    )
    dice = _dice(luck.naturals, luck.target, luck.modifier)
    shown = ", ".join(str(n) for n in luck.naturals)
    text = t("{title}: {dice}. A rabbit's foot may turn one die into a 6.", title=luck.title, dice=shown)
    ruling = Ruling(
        title=luck.title, rule_id="SAS-EQ-11", dice=dice, target=luck.target, modifiers=luck.mods, result=text
    )
    return replace(state, pending=pending, dice=ctx.roller.dice), [ev("lucky_roll", text, "SAS-EQ-11", ruling=ruling)]


def _dice(naturals: Sequence[int], target: int | None, modifier: int) -> tuple[DieResult, ...]:
    """The dice as a ruling shows them (a scatter roll has no success number)."""
    return tuple(
        DieResult(natural=n, modified=n + modifier, success=target is not None and n + modifier >= target)
        for n in naturals
    )


def choices(state: SasState) -> list[Command]:
    """Keep the roll, or give one of its dice a 6 with one operator's rabbit's foot (SAS-EQ-11)."""
    pending = state.pending
    assert isinstance(pending, PendingRoll)
    dice = pending.options
    uses: list[Command] = [UseRabbitsFoot(side="sas", operator=o, die=d) for o in owners(state) for d in dice]
    return [*uses, KeepRoll(side="sas", operator=pending.operator)]


def decision(state: SasState, label: Callable[[Command], Text]) -> Decision | None:
    """The decision a paused roll waits for (``app.core.flow``), for every view; bots and fast play keep the roll
    (SAS-EQ-11)."""
    pending = state.pending
    if not isinstance(pending, PendingRoll):
        return None
    options = choices(state)
    text = t("A rabbit's foot may turn one die of the roll into a 6: use one, or keep the roll.")
    prompt = Prompt(text, "SAS-EQ-11", pending.operator or None, default=len(options) - 1)
    return flow.make_decision("sas", prompt, options, label)


def resolve(state: SasState, command: Command) -> Ctx:
    """Resolve the paused command with the roll kept or changed (SAS-EQ-11); the caller dispatches it."""
    pending = state.pending
    assert isinstance(pending, PendingRoll)
    rolled = list(pending.rolled)
    base = replace(state, pending=None)
    events: list[SasEvent] = []
    if isinstance(command, UseRabbitsFoot):
        base, events = _use(base, pending, command, rolled)
    elif not isinstance(command, KeepRoll):
        raise illegal("First decide whether to use the rabbit's foot on the roll.", "SAS-EQ-11")
    roller = ReplayRoller(base.dice, command.dice, command.cards, replay=rolled)
    return Ctx(base, roller, events=events, asks=True, answers=list(pending.answers))


def _use(
    base: SasState, pending: PendingRoll, command: UseRabbitsFoot, rolled: list[int]
) -> tuple[SasState, list[SasEvent]]:
    """Spend the owner's token and turn the chosen die into a 6."""
    naturals = rolled[-pending.count :]
    owner = base.op(command.operator)
    if not owner.on_map or not owner.item_count(FOOT):
        raise illegal("{op} has no rabbit's foot.", "SAS-EQ-11", op=name_of(base, command.operator))
    if command.die not in pending.options:
        raise illegal("A 6 on die {n} would change nothing in this roll.", "SAS-EQ-11", n=command.die)
    was = naturals[command.die - 1]
    rolled[len(rolled) - pending.count + command.die - 1] = LUCKY
    changed = [*naturals[: command.die - 1], LUCKY, *naturals[command.die :]]
    base = base.with_op(owner.id, items=spend(owner.items, FOOT))
    ctx = Ctx(base, Roller(base.dice))
    text = t(
        "{owner} uses his rabbit's foot: die {n} of {op}'s roll turns from {was} into a 6.",
        owner=ctx.name(owner.id),
        n=command.die,
        op=ctx.name(pending.operator),
        was=was,
    )
    ruling = Ruling(
        title=t("Rabbit's foot"),
        rule_id="SAS-EQ-11",
        dice=_dice(changed, pending.target, pending.modifier),
        target=pending.target,
        result=text,
    )
    instruction = t("Remove the rabbit's foot token from {owner}'s board.", owner=ctx.name(owner.id))
    return base, [ev("rabbits_foot", text, "SAS-EQ-11", ruling=ruling, instruction=instruction)]
