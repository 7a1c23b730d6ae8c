"""Commands built step by step: legal commands grouped into command templates (DESIGN §3a).

A system describes each legal command as structured data (``CommandInfo``: kind, actor(s), target or path,
named options, cost, odds). Commands that share their kind, actors, target and option-free title form one
*template*: (kind, actors, target) → the option values that complete it. The window then asks for one thing
at a time: pick the actor(s), see the templates' targets with cost and odds, click one, and answer an option
question only while several values really remain (:meth:`CommandTemplate.question`).

Qt-free and system-free: the UI and the tests use the same functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from app.core.i18n import Text, t
from app.core.view import CommandInfo

C = TypeVar("C")
PHASE_GROUP = "phase"
CHOOSE_COMMAND = ""  # the option name of the fallback question "which command?" (undeclared differences)


def target_key(target: Any) -> Any:
    """A hashable form of a target location (JSON lists become tuples, recursively)."""
    if isinstance(target, list | tuple):
        return tuple(target_key(part) for part in target)
    return target


@dataclass(frozen=True)
class OptionQuestion:
    """The one question still open on a template: an option and the values that remain.

    Attributes:
        name: The option's key (``CHOOSE_COMMAND`` when the commands differ in no declared option).
        title: The question ("Deck position").
        values: (value, label) pairs, in the order the system listed the commands.
    """

    name: str
    title: Text
    values: tuple[tuple[str, Text], ...]


@dataclass(frozen=True)
class CommandTemplate(Generic[C]):
    """Legal commands that differ only in their options: one thing to click, then questions if any remain.

    Attributes:
        kind: The commands' group ("move", "attack", "phase").
        actors: The counters that perform them (empty: a command of the side, not of a counter).
        target: The (hashable) target location, or ``None``.
        title: The commands without their options ("Place Lewes bomb at K2").
        choices: The commands and their descriptions, in the system's order.
    """

    kind: str
    actors: tuple[str, ...]
    target: Any
    title: Text
    choices: tuple[tuple[C, CommandInfo], ...]

    @property
    def info(self) -> CommandInfo:
        """The description of the first command (kind title, hint, path)."""
        return self.choices[0][1]

    @property
    def single(self) -> C | None:
        """The command, when only one remains (it runs on one click)."""
        return self.choices[0][0] if len(self.choices) == 1 else None

    @property
    def kind_title(self) -> Text:
        """The name of the kind for the command bar ("Move")."""
        return self.info.group_title or t(self.kind.replace("_", " ").capitalize())

    def cost(self) -> str:
        """The cost text; several distinct costs are joined with " / "."""
        costs = list(dict.fromkeys(info.cost for _, info in self.choices if info.cost))
        return " / ".join(costs)

    def odds(self) -> tuple[float, float] | None:
        """(lowest, highest) chance of success over the remaining commands, if they roll."""
        values = [info.odds for _, info in self.choices if info.odds is not None]
        return (min(values), max(values)) if values else None

    def question(self) -> OptionQuestion | None:
        """The first option that still has several values, or ``None`` when one command remains.

        Commands that differ in no declared option are told apart by their labels.
        """
        if len(self.choices) < 2:
            return None
        for name, title in _option_names(info for _, info in self.choices):
            values: dict[str, Text] = {}
            for _, info in self.choices:
                values.setdefault(value_of(info, name), label_of(info, name))
            if len(values) > 1:
                return OptionQuestion(name, title, tuple(values.items()))
        labels = tuple((str(i), info.label) for i, (_, info) in enumerate(self.choices))
        return OptionQuestion(CHOOSE_COMMAND, t("Which one?"), labels)

    def narrow(self, name: str, value: str) -> CommandTemplate[C]:
        """The template with only the commands that take ``value`` for option ``name`` (an answer)."""
        kept: tuple[tuple[C, CommandInfo], ...]
        if name == CHOOSE_COMMAND:
            kept = (self.choices[int(value)],)
        else:
            kept = tuple((c, info) for c, info in self.choices if value_of(info, name) == value)
        return CommandTemplate(self.kind, self.actors, self.target, self.title, kept)


def value_of(info: CommandInfo, name: str) -> str:
    """The value a command takes for option ``name`` ("" when it has no such option)."""
    return next((o.value for o in info.options if o.name == name), "")


def label_of(info: CommandInfo, name: str) -> Text:
    """How the value of option ``name`` is shown ("—" when the command has no such option)."""
    return next((o.label for o in info.options if o.name == name), Text(msg="—"))


def _option_names(infos: Iterable[CommandInfo]) -> list[tuple[str, Text]]:
    names: dict[str, Text] = {}
    for info in infos:
        for option in info.options:
            names.setdefault(option.name, option.title)
    return list(names.items())


def group_templates(items: Iterable[tuple[C, CommandInfo]]) -> list[CommandTemplate[C]]:
    """Group described commands into templates by (kind, actors, target, title), in first-seen order."""
    groups: dict[tuple[Any, ...], list[tuple[C, CommandInfo]]] = {}
    for command, info in items:
        title = info.heading
        key = (info.group, info.actor_ids, target_key(info.target), title.msg, repr(sorted(title.args.items())))
        groups.setdefault(key, []).append((command, info))
    return [
        CommandTemplate(key[0], key[1], key[2], choices[0][1].heading, tuple(choices))
        for key, choices in groups.items()
    ]


def for_selection(templates: Sequence[CommandTemplate[C]], selection: Iterable[str]) -> list[CommandTemplate[C]]:
    """The templates performed by exactly the selected counters (one counter, or a stack/group/fire group)."""
    chosen = frozenset(selection)
    return [tpl for tpl in templates if tpl.actors and frozenset(tpl.actors) == chosen]


def always_shown(templates: Sequence[CommandTemplate[C]]) -> list[CommandTemplate[C]]:
    """Templates shown whatever is selected: the side's own commands and phase/turn commands (End activation)."""
    return [tpl for tpl in templates if not tpl.actors or tpl.kind == PHASE_GROUP]


@dataclass(frozen=True)
class Batch(Generic[C]):
    """One kind of command given to each of several selected counters in turn ("Order" three units).

    Attributes:
        kind: The group shared by the commands.
        title: What the command bar shows.
        commands: One command per selected counter, in selection order.
    """

    kind: str
    title: Text
    commands: tuple[C, ...]


def batches(templates: Sequence[CommandTemplate[C]], selection: Sequence[str]) -> list[Batch[C]]:
    """Kinds that every one of several selected counters can do alone, each in exactly one way.

    A command is re-checked by the rules when it is submitted, so a batch stops where the rules say no.
    """
    if len(selection) < 2:
        return []
    own = [tpl for tpl in templates if len(tpl.actors) == 1 and tpl.kind != PHASE_GROUP]
    out: list[Batch[C]] = []
    for kind in dict.fromkeys(tpl.kind for tpl in own):
        per_actor = [[tpl for tpl in own if tpl.kind == kind and tpl.actors == (actor,)] for actor in selection]
        if all(len(found) == 1 and found[0].single is not None for found in per_actor):
            commands = tuple(found[0].choices[0][0] for found in per_actor)
            title = t("{kind}: {n} counters", kind=per_actor[0][0].kind_title, n=len(commands))
            out.append(Batch(kind, title, commands))
    return out


def odds_text(odds: tuple[float, float] | None) -> str:
    """ "61%" or "45–61%" (empty when the commands do not roll)."""
    if odds is None:
        return ""
    low, high = (round(value * 100) for value in odds)
    return f"{low}%" if low == high else f"{low}–{high}%"
