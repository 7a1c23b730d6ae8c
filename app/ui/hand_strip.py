"""The hand strip (issue 15, point 5): the viewer's hand of cards as a row of card faces with their text.

Drawn from the view's neutral :class:`~app.core.view.HandView` (any system with cards in hand; C&C's command
cards): each face shows a band in the colour of the card's type, its name and what it does. A card that can be
played now is raised and clickable: the click submits its command, as the command bar would.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from app.core.view import CardView, HandView

BANDS = {"section": "#3a6fb0", "troop": "#4f8a3c", "leadership": "#b08a2e", "tactic": "#9c3b3b"}
FACE_WIDTH = 150


class CardFace(QFrame):
    """One card: a coloured band, the name in bold and the text; clickable when it can be played now."""

    clicked = Signal(object)  # the command that plays it

    def __init__(self, card: CardView, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.setObjectName(f"card_{card.id}")
        self.setFixedWidth(FACE_WIDTH)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        playable = card.play is not None
        band = BANDS.get(card.kind, "#666666")
        border = "#f2c12e" if playable else "#9a9a9a"
        self.setStyleSheet(
            f"CardFace {{ background: {'#fffdf4' if playable else '#ecebe6'}; border: 2px solid {border};"
            f" border-top: 8px solid {band}; border-radius: 6px; }}"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        self.name = QLabel(f"<b>{card.name.render(lang)}</b>", self)
        self.text = QLabel(card.text.render(lang), self)
        for label in (self.name, self.text):
            label.setWordWrap(True)
            label.setStyleSheet("border: none; background: transparent; color: #202020;")
            layout.addWidget(label)
        layout.addStretch(1)
        self.text.setStyleSheet("border: none; background: transparent; color: #404040; font-size: 11px;")
        if playable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"{card.name.render(lang)}\n{card.text.render(lang)}")

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.card.play is not None:
            self.clicked.emit(self.card.play)
            event.accept()
            return
        super().mousePressEvent(event)


class HandStrip(QScrollArea):
    """A horizontal strip of card faces; hidden when the viewer has no hand to see."""

    play_requested = Signal(object)  # a card's command

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hand_strip")
        self.setWidgetResizable(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFixedHeight(118)
        self.faces: list[CardFace] = []
        self._shown: tuple[Any, ...] = ()
        self.setVisible(False)

    def show_hand(self, hand: HandView | None, lang: str) -> None:
        """Show ``hand`` (None: hide the strip)."""
        key = (hand, lang)
        if key == self._shown:
            return
        self._shown = key
        self.faces = []
        if hand is None or not hand.cards:
            self.setVisible(False)
            return
        self._fill(hand, lang)

    def _fill(self, hand: HandView, lang: str) -> None:
        """One face per card, after the hand's title."""
        inner = QWidget(self)
        row = QHBoxLayout(inner)
        row.setContentsMargins(6, 4, 6, 4)
        title = QLabel(hand.title.render(lang), inner)
        title.setWordWrap(True)
        title.setFixedWidth(80)
        row.addWidget(title)
        for card in hand.cards:
            face = CardFace(card, lang, inner)
            face.clicked.connect(self._on_face_clicked)
            row.addWidget(face)
            self.faces.append(face)
        row.addStretch(1)
        old = self.takeWidget()
        if old is not None:
            old.deleteLater()  # a face may be handling the click that changed the hand: delete it afterwards
        self.setWidget(inner)
        self.setVisible(True)

    def _on_face_clicked(self, command: Any) -> None:
        """Play the card once the click is over (playing it rebuilds the strip and its faces)."""
        QTimer.singleShot(0, lambda: self.play_requested.emit(command))


def viewer_hand(hands: tuple[HandView, ...], seat: str | None) -> HandView | None:
    """The hand the window shows: the seat's own (hands of other sides are never shown in the strip)."""
    return next((h for h in hands if h.side == seat), None)
