"""DiceTray: the last roll drawn as dice faces; in table mode, asks for the dice rolled or the card drawn."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core.dice import NeedInput
from app.core.i18n import Text
from app.core.ruling import DieResult
from app.ui.die_symbols import draw_face, face_icon, has_symbol
from app.ui.drawing import draw_text
from app.ui.lang import translator

tr = translator("DiceTray")
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def parse_dice(text: str, sides: int) -> list[int] | None:
    """ "3 5 1" (or "351" for d6 and smaller) -> [3, 5, 1]; None when something is not a die value."""
    text = text.strip()
    if not text:
        return None
    parts = re.split(r"[\s,;]+", text)
    if len(parts) == 1 and sides < 10 and parts[0].isdigit() and len(parts[0]) > 1:
        parts = list(parts[0])
    if not all(p.isdigit() for p in parts):
        return None
    values = [int(p) for p in parts]
    return values if all(1 <= v <= sides for v in values) else None


def need_text(need: NeedInput, lang: str) -> str:
    """What the table must do for the rules now: "Draw a card for: event card", "Roll 2 d6 for: fire"."""
    purpose = need.purpose.render(lang)
    if need.what == "card":
        return tr("Draw a card for: {0}").format(purpose)
    if need.faces and need.count == 1:
        return tr("Roll 1 die for: {0} — click the symbol rolled").format(purpose)
    if need.faces:
        return tr("Roll {0} dice for: {1} — click the symbols rolled").format(need.count, purpose)
    return tr("Roll {0} d{1} for: {2}").format(need.count, need.sides, purpose)


class DiceFaces(QWidget):
    """Draws dice: pips for d6, numbers otherwise; green frame for a success."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.dice: tuple[DieResult, ...] = ()
        self.setMinimumHeight(56)

    def sizeHint(self) -> QSize:
        return QSize(240, 60)

    def set_dice(self, dice: tuple[DieResult, ...]) -> None:
        """Show these dice."""
        self.dice = dice
        self.update()

    def paintEvent(self, event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(44.0, self.height() - 10.0)
        for index, die in enumerate(self.dice[:8]):
            rect = QRectF(6 + index * (side + 8), 5, side, side)
            painter.setPen(QPen(QColor("#1b7f3b") if die.success else QColor("#777777"), 3 if die.success else 1.5))
            painter.setBrush(QColor("#fbfbf8"))
            painter.drawRoundedRect(rect, side * 0.18, side * 0.18)
            self._face(painter, rect, die)
        painter.end()

    @staticmethod
    def _face(painter: QPainter, rect: QRectF, die: DieResult) -> None:
        ink = QColor("#202020")
        if die.face is None and die.natural in PIPS:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ink)
            step, r = rect.width() * 0.26, rect.width() * 0.09
            for dx, dy in PIPS[die.natural]:
                painter.drawEllipse(rect.center() + QPointF(dx * step, dy * step), r, r)
        elif die.face is not None:
            draw_face(painter, rect, die.face)  # a symbol (battle dice), or the face's name fitted to the die
        else:
            draw_text(painter, rect.center(), str(die.natural), rect.height() * 0.45, ink, bold=True)
        if die.modified != die.natural and die.face is None:
            draw_text(
                painter,
                rect.bottomRight() + QPointF(-6, -6),
                str(die.modified),
                rect.height() * 0.3,
                QColor("#1d5fa8"),
                bold=True,
            )


class DiceTray(QDockWidget):
    """The dice tray dock."""

    dice_entered = Signal(list)
    card_chosen = Signal(str)
    input_cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("DiceTray")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.faces = DiceFaces(body)
        self.caption = QLabel(body)
        self.caption.setWordWrap(True)
        self.prompt = QLabel(body)
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("font-weight: bold; color: #8a4b00;")
        self.entry = QLineEdit(body)
        self.cards = _card_box(body)
        self.submit_button = QPushButton(body)
        self.cancel_button = QPushButton(body)
        self.error = QLabel(body)
        self.error.setStyleSheet("color: #a12a2a;")
        self.face_row = QHBoxLayout()
        self.face_buttons: list[QPushButton] = []
        self.chosen = QLabel(body)
        self.chosen.setWordWrap(True)
        self.clear_button = QPushButton(body)
        self.clear_button.clicked.connect(self._on_clear_button_clicked)
        self.picked: list[int] = []
        row = QHBoxLayout()
        for widget in (self.entry, self.cards, self.clear_button, self.submit_button, self.cancel_button):
            row.addWidget(widget)
        for widget in (self.faces, self.caption, self.prompt):
            layout.addWidget(widget)
        layout.addLayout(self.face_row)
        layout.addWidget(self.chosen)
        layout.addLayout(row)
        layout.addWidget(self.error)
        layout.addStretch(1)
        self.setWidget(body)
        self.need: NeedInput | None = None
        self.entry.returnPressed.connect(self._on_submit_button_clicked)
        self.submit_button.clicked.connect(self._on_submit_button_clicked)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.lang = "en"
        self.retranslate()
        self.clear_request()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(tr("Dice"))
        self.submit_button.setText(tr("Submit"))
        self.cancel_button.setText(tr("Cancel"))
        self.clear_button.setText(tr("Clear"))
        self.entry.setPlaceholderText(tr("Dice rolled, e.g. 3 5 1"))
        if self.need is not None:
            self.ask(self.need, self.lang)

    def show_roll(self, dice: tuple[DieResult, ...], caption: str) -> None:
        """Show the dice of the last ruling."""
        self.faces.set_dice(dice)
        self.caption.setText(caption)

    def ask(self, need: NeedInput, lang: str) -> None:
        """Ask for the dice or the card the rules need (table mode)."""
        self.need, self.lang = need, lang
        is_card = need.what == "card"
        self.prompt.setText(need_text(need, lang))
        if is_card:
            self.cards.clear()
            titles = [title.render(lang) for title in need.titles] or list(need.options)
            for option, title in zip(need.options, titles, strict=False):
                self.cards.addItem(title, option)  # shown by number and title, logged by its name
            self.cards.view().setMinimumWidth(self.cards.view().sizeHintForColumn(0) + 24)  # whole titles
        elif not need.faces:
            self.entry.clear()
        for widget in (self.prompt, self.submit_button, self.cancel_button):
            widget.setVisible(True)
        symbols = not is_card and bool(need.faces)
        self.entry.setVisible(not is_card and not symbols)
        self.cards.setVisible(is_card)
        self._show_face_buttons(need.faces if symbols else ())
        self.error.clear()
        self.show()
        self.raise_()
        if not symbols:
            (self.cards if is_card else self.entry).setFocus()

    def face_label(self, face: str) -> str:
        """A face name in the current language (the game catalog translates system data names)."""
        return Text(msg=face).render(self.lang)

    def _show_face_buttons(self, faces: tuple[str, ...]) -> None:
        """One button per die face (custom dice, e.g. battle-dice symbols); clicking one records that face."""
        for button in self.face_buttons:
            self.face_row.removeWidget(button)
            button.deleteLater()
        self.face_buttons = []
        self.picked = []
        for index, face in enumerate(faces):
            button = QPushButton(self.face_label(face), self.widget())
            button.setObjectName(f"face_{index + 1}")
            if has_symbol(face):
                button.setIcon(face_icon(face))
            button.clicked.connect(lambda _=False, v=index + 1: self._on_face_clicked(v))
            self.face_row.addWidget(button)
            self.face_buttons.append(button)
        self.clear_button.setVisible(bool(faces))
        self.chosen.setVisible(bool(faces))
        self._show_picked()

    def _show_picked(self) -> None:
        need = self.need
        if need is None or not need.faces:
            self.chosen.clear()
            return
        names = ", ".join(self.face_label(need.faces[v - 1]) for v in self.picked)
        self.chosen.setText(tr("Rolled ({0}/{1}): {2}").format(len(self.picked), need.count, names or "—"))

    def _on_face_clicked(self, value: int) -> None:
        if self.need is None or len(self.picked) >= self.need.count:
            return
        self.picked.append(value)
        self.error.clear()
        self._show_picked()

    def _on_clear_button_clicked(self) -> None:
        self.picked = []
        self._show_picked()

    def clear_request(self) -> None:
        """No input is needed now."""
        self.need = None
        for widget in (self.prompt, self.entry, self.cards, self.submit_button, self.cancel_button):
            widget.setVisible(False)
        self._show_face_buttons(())
        self.error.clear()

    def _on_submit_button_clicked(self) -> None:
        need = self.need
        if need is None:
            return
        if need.what == "card":
            self.card_chosen.emit(str(self.cards.currentData() or self.cards.currentText()))
            return
        if need.faces:
            if len(self.picked) != need.count:
                text = tr("Click 1 symbol.") if need.count == 1 else tr("Click {0} symbols.").format(need.count)
                self.error.setText(text)
                return
            self.dice_entered.emit(list(self.picked))
            return
        values = parse_dice(self.entry.text(), need.sides)
        if values is None or len(values) != need.count:
            if need.count == 1:
                self.error.setText(tr("Type a number from 1 to {0}.").format(need.sides))
            else:
                self.error.setText(tr("Type {0} numbers from 1 to {1}.").format(need.count, need.sides))
            return
        self.dice_entered.emit(values)

    def _on_cancel_button_clicked(self) -> None:
        self.clear_request()
        self.input_cancelled.emit()


def _card_box(parent: QWidget) -> QComboBox:
    """The cards offered at the table, by number and title: narrow in the dock, whole titles in its list."""
    box = QComboBox(parent)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(12)
    return box
