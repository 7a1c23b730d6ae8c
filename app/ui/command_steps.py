"""Building a command step by step in the window: selection → targets with cost and odds → options (DESIGN §3a).

The legal commands arrive grouped into command templates (``app.core.command_templates``); this module keeps the
selection (one counter or several: a stack, a group, a fire group), the kind focused from the command bar, and
turns a click on a target into one command, asking an option only while several values remain.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from app.core.command_templates import (
    Batch,
    CommandTemplate,
    always_shown,
    batches,
    for_selection,
    group_templates,
    odds_text,
    target_key,
)
from app.core.messages import Command
from app.core.view import CommandInfo
from app.ui.controller import GameController
from app.ui.decision_bar import MAX_OPTIONS
from app.ui.lang import translator

tr = translator("Board")
Template = CommandTemplate[Command]
Choice = tuple[str, Callable[[], None]]


@dataclass(frozen=True)
class BarEntry:
    """One button of the command bar.

    Attributes:
        text: The button text (kind or command, with cost and odds).
        group: The kind, for ordering and styling.
        tooltip: Shown on hover (the hint, or how to finish the command).
        command: A representative command (the command itself when the button submits it at once).
        info: Its description.
        targets: Locations previewed while the button is hovered.
        run: What a click does.
        checked: Whether the button shows as pressed (the focused kind).
    """

    text: str
    group: str
    tooltip: str
    command: Command
    info: CommandInfo
    targets: tuple[Any, ...]
    run: Callable[[], None]
    checked: bool = False


def summary(template: Template, lang: str) -> str:
    """ "Attack guard (M18) · 1 AP · 50%" — title, cost and odds of a template."""
    parts = [template.title.render(lang).strip(), template.cost(), odds_text(template.odds())]
    return " · ".join(part for part in parts if part)


class CommandSteps:
    """The selection and the templates it can use; resolves a template to a command through option questions.

    Args:
        controller: The window's link to the session (legal commands, submit).
        chooser: Asks the player one question: (question, choices, anchor location or None).
    """

    def __init__(self, controller: GameController, chooser: Callable[[str, list[Choice], Any], None]) -> None:
        self.controller = controller
        self.chooser = chooser
        self.selection: tuple[str, ...] = ()
        self.focus: str | None = None  # the kind picked in the command bar
        self.lang = "en"
        self._source: object = None
        self._templates: list[Template] = []

    # --- reading ------------------------------------------------------------------------------------
    def templates(self) -> list[Template]:
        """All legal commands of the side to act, as templates (cached until the commands change)."""
        commands = self.controller.commands()
        if commands is not self._source:
            self._source, self._templates = commands, group_templates(commands)
        return self._templates

    def selected(self) -> list[Template]:
        """Templates performed by exactly the selected counters."""
        return for_selection(self.templates(), self.selection) if self.selection else []

    def pool(self) -> list[Template]:
        """Templates a click on the board may mean: the selection's, or, with a kind focused, that kind's
        (the side's own targeted commands included)."""
        if self.focus is None:
            return [tpl for tpl in self.selected() if tpl.kind != "phase" or tpl.target is not None]
        general = [tpl for tpl in self.templates() if not tpl.actors]
        return [tpl for tpl in self.selected() + general if tpl.kind == self.focus]

    def targets(self) -> dict[Any, list[Template]]:
        """The highlighted locations and the templates aimed at each."""
        out: dict[Any, list[Template]] = {}
        for tpl in self.pool():
            if tpl.target is not None:
                out.setdefault(tpl.target, []).append(tpl)
        return out

    def at(self, loc: Any, vehicles: Collection[str] = ()) -> list[Template]:
        """Templates aimed at ``loc``, or at a vehicle lying on it (any square of its footprint)."""
        key = target_key(loc)
        return [
            tpl
            for tpl in self.pool()
            if tpl.target is not None
            and (tpl.target == key or any(getattr(c, "target", None) in vehicles for c, _ in tpl.choices))
        ]

    # --- acting -------------------------------------------------------------------------------------
    def act(self, templates: list[Template], anchor: Any) -> bool:
        """Run a click on templates: one (or the one a plain click means) is resolved, several are asked."""
        if not templates:
            return False
        defaults = [tpl for tpl in templates if any(info.default for _, info in tpl.choices)]
        if len(templates) == 1 or len(defaults) == 1:
            self.resolve((defaults or templates)[0], anchor)
            return True
        choices: list[Choice] = [
            (summary(tpl, self.lang), lambda tpl=tpl: self.resolve(tpl, anchor)) for tpl in templates
        ]
        self.chooser(tr("Which command?"), choices, anchor)
        return True

    def resolve(self, template: Template, anchor: Any) -> None:
        """Submit the template's command, asking first for each option that still has several values."""
        question = template.question()
        if question is None:
            self.focus = None
            self.controller.submit(template.choices[0][0])
            return
        choices: list[Choice] = [
            (label.render(self.lang), lambda v=value: self.resolve(template.narrow(question.name, v), anchor))
            for value, label in question.values
        ]
        self.chooser(question.title.render(self.lang), choices, anchor)

    def run_batch(self, batch: Batch[Command]) -> None:
        """Submit each counter's command in turn; the rules check each one, so the batch stops at a refusal."""
        for command in batch.commands:
            if command not in self.controller.session.legal_commands() or not self.controller.submit(command):
                break

    def toggle_focus(self, kind: str) -> None:
        """Show only one kind's targets (a command-bar button), or all again."""
        self.focus = None if self.focus == kind else kind

    # --- the command bar ----------------------------------------------------------------------------
    def bar_entries(self, on_change: Callable[[], None]) -> list[BarEntry]:
        """The command bar: batches of a multi-selection, the selection's kinds, then the side's and phase
        commands (always shown). A pending decision's answers are left out: the decision bar shows them (once)."""
        out = [self._batch_entry(batch) for batch in batches(self.templates(), self.selection)]
        answered = self._decision_keys()
        shown = [tpl for tpl in self.selected() if tpl.kind != "phase" and not self._answers(tpl, answered)]
        extra = [tpl for tpl in always_shown(self.templates()) if tpl not in shown and not self._answers(tpl, answered)]
        for group in (shown, extra):
            out += self._kind_entries(group, on_change)
        return out

    def _decision_keys(self) -> set[str]:
        """Keys of the commands the decision bar offers as buttons (none when no decision waits)."""
        decision = self.controller.view().decision
        if decision is None:
            return set()
        return {option.command.key() for option in decision.options[:MAX_OPTIONS]}

    @staticmethod
    def _answers(template: Template, answered: set[str]) -> bool:
        """Whether every command of ``template`` is a button of the decision bar."""
        return bool(answered) and all(command.key() in answered for command, _ in template.choices)

    def _kind_entries(self, templates: list[Template], on_change: Callable[[], None]) -> list[BarEntry]:
        out: list[BarEntry] = []
        kinds: dict[str, list[Template]] = {}
        for tpl in templates:
            if tpl.target is None:
                out.append(self._template_entry(tpl))
            else:
                kinds.setdefault(tpl.kind, []).append(tpl)
        for kind, group in kinds.items():
            out.append(self._template_entry(group[0]) if len(group) == 1 else self._focus_entry(kind, group, on_change))
        return out

    def _template_entry(self, tpl: Template) -> BarEntry:
        command, info = tpl.choices[0]
        tooltip = info.hint.render(self.lang) if info.hint and tpl.single is not None else summary(tpl, self.lang)
        targets = () if tpl.target is None else (tpl.target,)
        return BarEntry(
            summary(tpl, self.lang), tpl.kind, tooltip, command, info, targets, lambda: self.resolve(tpl, None)
        )

    def _focus_entry(self, kind: str, group: list[Template], on_change: Callable[[], None]) -> BarEntry:
        def run() -> None:
            self.toggle_focus(kind)
            on_change()

        text = tr("{0} ▸ {1}").format(group[0].kind_title.render(self.lang), len(group))
        tooltip = tr("Click one of the highlighted locations")
        command, info = group[0].choices[0]
        targets = tuple(tpl.target for tpl in group)
        return BarEntry(text, kind, tooltip, command, info, targets, run, checked=self.focus == kind)

    def _batch_entry(self, batch: Batch[Command]) -> BarEntry:
        command = batch.commands[0]
        info = self.controller.session.describe(command)
        return BarEntry(batch.title.render(self.lang), batch.kind, "", command, info, (), lambda: self.run_batch(batch))
