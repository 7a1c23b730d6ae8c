"""DecisionBar: the decision the game waits for (``GameView.decision``), always on screen, whatever is selected.

It names the deciding side, words the question and offers one button per option; a click submits that option's
command. When the deciding side is played by the bot, the buttons are disabled: the bot answers through the same
options. "Always take the default" asks for fast play on that kind of decision (the rule that asks it): the window
remembers it as a preference and answers such decisions with their default from then on.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QCheckBox, QFrame, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.core.flow import Decision
from app.core.view import GameView
from app.ui.flow_layout import FlowLayout
from app.ui.lang import translator

tr = translator("DecisionBar")
MAX_OPTIONS = 24
LINE = 34  # one line of answer buttons
MAX_LINES = 4


class DecisionBar(QFrame):
    """A strip above the command bar showing the pending decision, hidden when there is none."""

    command_requested = Signal(object)  # Command
    fast_play_requested = Signal(str, object)  # rule id, the default command: take it now and from now on

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("DecisionBar")
        self.setStyleSheet("#DecisionBar { background: #fff4d6; border-top: 2px solid #e0a100; }")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 4, 8, 4)
        outer.setSpacing(3)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("decision_prompt")
        self.prompt.setWordWrap(True)
        self.scroll = QScrollArea(self)  # the answers wrap onto more lines (up to MAX_LINES, then scroll)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")
        self.options = QWidget(self.scroll)  # rather than widen the window past the screen
        self.row = FlowLayout(self.options)
        self.scroll.setWidget(self.options)
        self.fast = QCheckBox(tr("Always take the default"), self)
        self.fast.setObjectName("decision_fast_play")
        self.fast.setToolTip(tr("Fast play: answer this kind of question with its default from now on"))
        self.fast.toggled.connect(self._on_fast_toggled)
        self.row.addWidget(self.fast)
        outer.addWidget(self.prompt)
        outer.addWidget(self.scroll)
        self.decision: Decision | None = None
        self.buttons: list[QPushButton] = []
        self.hide()

    def show_view(self, view: GameView, human_sides: tuple[str, ...], lang: str) -> None:
        """Show the decision ``view`` carries; a side outside ``human_sides`` is answered by the bot."""
        decision = view.decision
        side = "" if decision is None else decision.side
        name = view.side_names.get(side)
        by_bot = decision is not None and side not in human_sides
        self.show_decision(decision, name.render(lang) if name is not None else side, lang, by_bot=by_bot)

    def show_decision(self, decision: Decision | None, side_name: str, lang: str, *, by_bot: bool = False) -> None:
        """Show ``decision`` of ``side_name`` (``None`` hides the bar); ``by_bot``: the bot will answer it."""
        self.decision = decision
        self._clear()
        if decision is None:
            self.hide()
            return
        who = tr("{0} (bot) decides").format(side_name) if by_bot else tr("{0} decides").format(side_name)
        rule = f"  [{decision.rule_id}]" if decision.rule_id else ""
        self.prompt.setText(f"<b>{_html(who)}:</b> {_html(decision.prompt.render(lang))}{rule}")
        self.row.removeWidget(self.fast)  # the buttons first, the fast-play box after them
        for index, option in enumerate(decision.options[:MAX_OPTIONS]):
            button = QPushButton(option.label.render(lang), self)
            button.setObjectName(f"decision_option_{index}")
            button.setEnabled(not by_bot)
            if index == decision.default:
                button.setDefault(True)
                button.setToolTip(tr("The default answer"))
            button.clicked.connect(lambda _=False, c=option.command: self.command_requested.emit(c))
            self.row.addWidget(button)
            self.buttons.append(button)
        self.row.addWidget(self.fast)
        self.fast.blockSignals(True)
        self.fast.setChecked(False)
        self.fast.blockSignals(False)
        self.fast.setVisible(not by_bot and bool(decision.rule_id) and bool(decision.options))
        self.show()
        self._fit_height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        """As many lines as the answers need, up to MAX_LINES (the rest scrolls)."""
        needed = self.row.heightForWidth(max(1, self.width() - 16)) + 2  # the bar's width less its margins
        self.scroll.setFixedHeight(min(needed, LINE * MAX_LINES))

    def _on_fast_toggled(self, on: bool) -> None:
        decision = self.decision
        if on and decision is not None and decision.options:
            self.fast_play_requested.emit(decision.rule_id, decision.default_command())

    def _clear(self) -> None:
        for button in self.buttons:
            self.row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.buttons.clear()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
