"""Help: how to play the current game (its guide under docs/) and the keyboard shortcuts of every action."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.ui.actions import ACTIONS
from app.ui.actions import tr as tr_action
from app.ui.lang import translator

DOCS = Path(__file__).resolve().parents[2] / "docs"
tr = translator("Help")


def guide_path(system_id: str, folder: Path = DOCS) -> Path | None:
    """The how-to-play guide of a system (``docs/<id>-howto.md``), if there is one."""
    path = folder / f"{system_id}-howto.md"
    return path if path.is_file() else None


def _dialog(parent: QWidget, title: str, width: int, height: int) -> tuple[QDialog, QVBoxLayout]:
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    dialog.resize(width, height)
    layout = QVBoxLayout(dialog)
    return dialog, layout


def _close_row(dialog: QDialog, layout: QVBoxLayout) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)


def how_to_play(parent: QWidget, system_id: str, system_name: str) -> QDialog:
    """A window with the system's guide (shown, not modal), or a line saying there is none."""
    dialog, layout = _dialog(parent, tr("How to play {0}").format(system_name), 820, 700)
    dialog.setObjectName("how_to_play")
    browser = QTextBrowser(dialog)
    browser.setOpenExternalLinks(True)
    path = guide_path(system_id)
    if path is None:
        browser.setPlainText(tr("There is no guide for {0} in this installation.").format(system_name))
    else:
        browser.setSearchPaths([str(path.parent)])
        browser.setMarkdown(path.read_text(encoding="utf-8"))
    layout.addWidget(browser)
    _close_row(dialog, layout)
    dialog.show()
    return dialog


def shortcuts(parent: QWidget) -> QDialog:
    """A window listing every action with its keyboard shortcuts, in the interface language."""
    dialog, layout = _dialog(parent, tr("Keyboard shortcuts"), 560, 560)
    dialog.setObjectName("shortcuts")
    rows = [spec for spec in ACTIONS if spec.shortcuts]
    table = QTableWidget(len(rows), 2, dialog)
    table.setHorizontalHeaderLabels([tr("Action"), tr("Keys")])
    for row, spec in enumerate(rows):
        text = spec.text if spec.name.startswith("lang_") else tr_action(spec.text)
        keys = ", ".join(QKeySequence(s).toString(QKeySequence.SequenceFormat.NativeText) for s in spec.shortcuts)
        table.setItem(row, 0, QTableWidgetItem(text.replace("&", "")))
        table.setItem(row, 1, QTableWidgetItem(keys))
    table.horizontalHeader().setStretchLastSection(True)
    table.resizeColumnToContents(0)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    layout.addWidget(table)
    _close_row(dialog, layout)
    dialog.show()
    return dialog
