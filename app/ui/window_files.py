"""Saving, opening and preferences for the main window (errors name the file and the problem)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from app.core.errors import SaveError
from app.core.saves import load_from_path, save_to_path
from app.core.session import Session
from app.ui.lang import LANGUAGE_NAMES, translator
from app.ui.settings import Preferences, add_recent, documents_dir

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStatusBar, QWidget

    from app.ui.board_scene import BoardScene

tr = translator("Files")
FILTER = "Adjutant saves (*.adjutant.json *.json)"


class FilesWindow(Protocol):
    """What the file operations need of their window (the MainWindow, a QWidget that parents the dialogs)."""

    data_dir: Path
    session: Session
    prefs: Preferences
    scene: BoardScene

    def statusBar(self) -> QStatusBar:
        """The window's status bar."""

    def refresh(self) -> None:
        """Redraw from the session's view."""

    def set_language(self, lang: str) -> None:
        """Switch the interface language."""

    def _update_title(self) -> None:
        """Show the file and the game in the title bar."""


def offer_partial(parent: QWidget | None, path: Path, exc: Exception) -> Session | None:
    """Say why a save cannot be opened; when replay went wrong part-way, offer the game at its last good command.

    Returns:
        The game at its last good command when the player accepts, else ``None``.
    """
    from PySide6.QtWidgets import QMessageBox

    partial = exc.partial if isinstance(exc, SaveError) else None
    if not isinstance(partial, Session):
        QMessageBox.warning(parent, tr("Cannot open save"), tr("{0}:\n{1}").format(path, exc))
        return None
    question = tr("{0}:\n{1}\n\nOpen the game at its last good command ({2})?").format(path, exc, len(partial.commands))
    buttons = QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel
    answer = QMessageBox.question(parent, tr("Cannot open save"), question, buttons)
    return partial if answer == QMessageBox.StandardButton.Open else None


class WindowFiles:
    """File operations of one MainWindow."""

    def __init__(
        self, window: FilesWindow, save_path: Path | None, open_session: Callable[[Session, Path | None], None] | None
    ) -> None:
        self.window = window
        self.save_path = save_path
        self.open_session = open_session
        # what a save file holds (a restored or continued game: only the autosave, which a new game overwrites)
        self.saved_commands = list(window.session.commands) if save_path is not None else []

    def has_unsaved(self) -> bool:
        """Whether the game has moves (or undos) that no save file holds."""
        return list(self.window.session.commands) != self.saved_commands

    def confirm_leave(self) -> bool:
        """Before a new game or another file replaces this one: ask to save unsaved moves (Save, Discard or
        Cancel). True when the game may be left."""
        if not self.has_unsaved():
            return True
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window,
            tr("Leave this game?"),
            tr("The game in progress has moves that are not in a save file. Save it before leaving?"),
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    def save(self) -> bool:
        """Save to the current file, or ask for one."""
        if self.save_path is None:
            return self.save_as()
        return self.save_to(self.save_path)

    def save_as(self) -> bool:
        """Ask for a file and save there."""
        from PySide6.QtWidgets import QFileDialog  # dialogs only when used: Qt builds their types on import

        start = str(documents_dir() / "game.adjutant.json")
        name, _ = QFileDialog.getSaveFileName(self.window, tr("Save game"), start, tr(FILTER))
        return bool(name) and self.save_to(Path(name))

    def save_to(self, path: Path) -> bool:
        """Write a save file."""
        try:
            save_to_path(self.window.session, path)
        except OSError as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self.window, tr("Cannot save"), tr("{0}:\n{1}").format(path, exc))
            return False
        self.save_path = path
        self.saved_commands = list(self.window.session.commands)
        add_recent(path, self.window.data_dir)
        self.window.statusBar().showMessage(tr("Saved to {0}").format(path), 5000)
        self.window._update_title()
        return True

    def open_dialog(self) -> None:
        """Ask for a save file and open it (after asking to save unsaved moves of the game in progress)."""
        from PySide6.QtWidgets import QFileDialog

        if not self.confirm_leave():
            return
        folder = self.save_path.parent if self.save_path is not None else documents_dir()
        name, _ = QFileDialog.getOpenFileName(self.window, tr("Open saved game"), str(folder), tr(FILTER))
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> Session | None:
        """Load a save; on failure a dialog names the file and the problem."""
        try:
            session = load_from_path(path, {self.window.session.system.info.id: self.window.session.system})
        except (SaveError, OSError) as exc:
            partial = offer_partial(self.window, path, exc)
            if partial is None:
                return None
            session = partial
        add_recent(path, self.window.data_dir)
        if self.open_session is not None:
            self.open_session(session, path)
        return session

    def save_prefs(self) -> None:
        """Persist the window's preferences."""
        try:
            self.window.prefs.save(self.window.data_dir)
        except OSError:
            self.window.statusBar().showMessage(tr("Cannot write preferences"), 5000)

    def preferences(self) -> None:
        """The preferences dialog: language, table mode default, counter size."""
        from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout

        prefs = self.window.prefs
        dialog = QDialog(self.window)
        dialog.setWindowTitle(tr("Preferences"))
        form = QFormLayout(dialog)
        language = QComboBox(dialog)
        for code, name in LANGUAGE_NAMES.items():
            language.addItem(name, code)
        language.setCurrentIndex(list(LANGUAGE_NAMES).index(prefs.language) if prefs.language in LANGUAGE_NAMES else 0)
        table = QCheckBox(tr("New games use table mode (type the dice you roll)"), dialog)
        table.setChecked(prefs.table_mode)
        size = QDoubleSpinBox(dialog)
        size.setRange(0.5, 1.5)
        size.setSingleStep(0.05)
        size.setValue(prefs.counter_scale)
        form.addRow(tr("Language"), language)
        form.addRow("", table)
        form.addRow(tr("Counter size"), size)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        prefs.table_mode = table.isChecked()
        if abs(size.value() - prefs.counter_scale) > 1e-6:
            prefs.counter_scale = size.value()
            self.window.scene.counter_scale = size.value()
            self.window.refresh()
        self.window.set_language(language.currentData())
