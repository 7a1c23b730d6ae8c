"""ObjectivesDock: what the game is about — the briefing, the objectives on the board and how they stand, the
score tracks and, at the end, the result."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtWidgets import QDockWidget, QTextBrowser, QWidget

from app.core.view import GameView
from app.ui.lang import translator

tr = translator("Objectives")


class ObjectivesDock(QDockWidget):
    """The objectives & victory panel of the scenario being played."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Objectives")
        self.text = QTextBrowser(self)
        self.text.setObjectName("objectives_text")
        self.setWidget(self.text)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(tr("Objectives and victory"))

    def show_game(self, scenario: Any, view: GameView, lang: str) -> None:
        """Show the scenario's briefing with the objectives and scores of ``view``."""
        parts: list[str] = []
        if view.outcome is not None:
            parts.append(f"<h3 style='color:#a12a2a'>{_esc(tr('Result: {0}').format(view.outcome.render(lang)))}</h3>")
        briefing = getattr(scenario, "description", None)
        if briefing is not None:
            parts.append(f"<h3>{_esc(tr('Briefing'))}</h3><p>{_esc(briefing.text().render(lang))}</p>")
        goals = list(dict.fromkeys(m.title.render(lang) for m in view.markers if m.kind == "objective" and m.title))
        if goals:
            items = "".join(f"<li>{_esc(goal)}</li>" for goal in goals)
            parts.append(f"<h3>{_esc(tr('Objectives on the board'))}</h3><ul>{items}</ul>")
        if view.tracks:
            rows = "".join(
                f"<li>{_esc(track.name.render(lang))}: <b>{_esc(track.value_text(lang))}</b>"
                f"{_esc('/' + track.maximum) if track.maximum else ''}</li>"
                for track in view.tracks
            )
            parts.append(f"<h3>{_esc(tr('Score'))}</h3><ul>{rows}</ul>")
        self.text.setHtml("".join(parts) or _esc(tr("This scenario has no briefing.")))


def _esc(text: str) -> str:
    return html.escape(text, quote=False)
