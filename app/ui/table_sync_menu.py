"""The counter's context menu for table sync (issue 15, point 4; ``app.core.table_sync``).

Right-click a counter: its corrections (move, turn, flip, remove, a value) as a menu; right-click an empty place:
the board's (add a piece there, set a track). A move waits for the next click on the board. Each choice is a
:class:`~app.core.table_sync.CorrectPiece` command submitted through the controller, so it is logged and undoable
like any other command. Systems without :class:`~app.core.capabilities.HasTableSync` get no menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtWidgets import QMenu, QWidget

from app.core.capabilities import HasTableSync, capability
from app.core.table_sync import Correction, CorrectPiece
from app.ui.controller import GameController
from app.ui.lang import translator

tr = translator("TableSync")


class TableSyncMenu(QObject):
    """Builds and runs the table-sync menu of a counter or of a place on the board."""

    hint_shown = Signal(str)  # what to do next ("click the square to move it to")

    def __init__(self, controller: GameController, parent: QWidget) -> None:
        super().__init__(parent)
        self.controller = controller
        self.widget = parent
        self.lang = "en"
        self.moving: CorrectPiece | None = None  # a move waiting for its destination (the next board click)
        self.last_menu: QMenu | None = None  # the menu shown last (tests read it)
        self.popup: Callable[[QMenu, QPoint], None] = QMenu.popup  # how a menu is shown (tests keep it hidden)

    @property
    def sync(self) -> HasTableSync[Any] | None:
        """The system's table sync, if it offers one."""
        return capability(self.controller.session.system, HasTableSync)

    def menu_for(self, loc: Any, counter_id: str | None) -> QMenu | None:
        """The menu for a right click on ``loc`` (on counter ``counter_id``, or on the board), or None."""
        sync = self.sync
        if sync is None:
            return None
        found = sync.corrections(self.controller.session.state, counter_id)
        if not found and counter_id is not None:  # a marker or a piece the system cannot correct: the board's
            counter_id, found = None, sync.corrections(self.controller.session.state, None)
        if not found:
            return None
        menu = QMenu(self.widget)
        menu.setObjectName("table_sync_menu")
        menu.addSection(tr("Correct to match the table"))
        for correction in found:
            self._add(menu, correction, loc if counter_id is None else None)
        self.last_menu = menu
        return menu

    def show(self, loc: Any, counter_id: str | None, at: QPoint) -> None:
        """Pop the menu up at the global point ``at``."""
        menu = self.menu_for(loc, counter_id)
        if menu is not None:
            self.popup(menu, at)

    def _add(self, menu: QMenu, correction: Correction, loc: Any) -> None:
        """One entry (a single choice) or a submenu of choices; ``loc``: the place a located choice goes to."""
        title = correction.title.render(self.lang)
        target = menu if len(correction.choices) == 1 else menu.addMenu(title)
        for label, command in correction.choices:
            text = title if target is menu else label.render(self.lang)
            action = target.addAction(text)
            action.triggered.connect(lambda _=False, c=command, k=correction.located, at=loc: self._chosen(c, k, at))

    def _chosen(self, command: CorrectPiece, located: bool, loc: Any) -> None:
        if not located:
            self.controller.submit(command)
        elif loc is not None:
            self.controller.submit(Correction.at(command, loc))
        else:
            self.moving = command
            self.hint_shown.emit(tr("Click the square or hex to move it to."))

    def take_click(self, loc: Any) -> bool:
        """Finish a move waiting for its destination with the board click on ``loc`` (True: the click is used)."""
        if self.moving is None:
            return False
        command, self.moving = self.moving, None
        self.controller.submit(Correction.at(command, loc))
        return True
