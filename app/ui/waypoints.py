"""Steering a dragged move through waypoints, for systems whose moves follow a path the player may shape
(``HasWaypoints``).

While a counter is dragged, pausing over a hex (or holding Shift, or pressing it) makes that hex a waypoint, and
Backspace takes the last one back. The path is drawn from the counter through the waypoints to the hex under the
cursor, with its cost; the drop submits the steered move. The rules check it again: a path they refuse is shown in
red with the reason, and the drop is refused with that reason and its rule ID.
"""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem, QLabel

from app.core.capabilities import HasWaypoints, Steered, capability
from app.core.command_templates import target_key
from app.core.messages import Command
from app.core.view import CommandInfo
from app.ui.board_scene import BoardScene
from app.ui.board_view import BoardView
from app.ui.command_steps import Choice
from app.ui.controller import GameController
from app.ui.interaction import BoardInteraction
from app.ui.lang import translator

tr = translator("Waypoints")
tr_board = translator("Board")  # the question the board asks of any click with several commands
PAUSE_MS = 700  # a pause this long over a hex while dragging makes it a waypoint
WAYPOINT_Z = 95.0  # above the counters, the odds tags and the line of sight; below the dragged counter
COST_Z = 101.0  # the cost tag: above the dragged counter, which covers the hex under the cursor
LEGAL_COLOUR = QColor("#1b7f3b")
REFUSED_COLOUR = QColor("#c0262d")
WAYPOINT_COLOUR = QColor("#ffd400")


class WaypointTool(QObject):
    """Waypoints of the counter being dragged, the path drawn through them, and the steered drop."""

    message = Signal(str)  # a sentence for the status bar (why the path shown is refused)

    def __init__(
        self,
        controller: GameController,
        view: BoardView,
        scene: BoardScene,
        interaction: BoardInteraction,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller, self.view, self.scene, self.interaction = controller, view, scene, interaction
        self.lang = "en"
        self.hint = QLabel()  # the window puts it in its status bar: how to shape a path
        self.waypoints: list[Any] = []
        self.preview: Steered | None = None  # the path drawn now (None: nothing steered under the cursor)
        self._unit: str | None = None
        self._loc: Any = None
        self._items: list[QGraphicsItem] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        view.counter_dragged.connect(self._on_board_view_counter_dragged)
        view.drag_key_pressed.connect(self._on_board_view_drag_key_pressed)
        interaction.drop_taker = self.take_drop
        controller.changed.connect(self.clear)

    @property
    def available(self) -> bool:
        """Whether the game's system lets the player shape a move's path."""
        return capability(self.controller.session.system, HasWaypoints) is not None

    def retranslate(self) -> None:
        """The status-bar hint in the current language (hidden when moves follow no path the player shapes)."""
        self.hint.setText(tr("Waypoint: Shift or pause while dragging"))
        self.hint.setToolTip(
            tr(
                "While you drag a unit, pause on a hex or hold Shift to make the move pass through it; Backspace "
                "takes the last waypoint back. The path and its cost are drawn; drop to move along it."
            )
        )
        self.hint.setVisible(self.available)

    # --- waypoints ----------------------------------------------------------------------------------
    def add(self, loc: Any) -> None:
        """Make ``loc`` the next waypoint of the dragged counter (not its own hex, not twice in a row)."""
        start = self._start_loc()
        key = target_key(loc)
        if loc is None or self._unit is None or key == start or (self.waypoints and self.waypoints[-1] == key):
            return
        self.waypoints.append(key)
        self._redraw()

    def undo_last(self) -> None:
        """Take back the last waypoint."""
        if self.waypoints:
            self.waypoints.pop()
            self._redraw()

    def clear(self) -> None:
        """Forget the waypoints and remove the drawing (a drop, a new position)."""
        self._timer.stop()
        self.waypoints, self.preview, self._unit, self._loc = [], None, None, None
        self._remove_items()

    def take_drop(self, counter_id: str, loc: Any) -> bool:
        """Submit the steered move of a drop on ``loc`` (asking which one when several are legal); ``False``: no
        waypoints were picked, the drop is an ordinary one."""
        try:
            if not self.waypoints or counter_id != self._unit or loc is None:
                return False
            steered = [s for command, _ in self._moves_to(loc) if (s := self._steer(command)) is not None]
            if not steered:
                return False
            allowed = [s for s in steered if s.refusal is None]
            if len(allowed) > 1:
                self._ask(allowed, loc)
            else:
                self.controller.submit((allowed or steered)[0].command)  # a refused path: the rules say why
            return True
        finally:
            self.clear()

    # --- reading ------------------------------------------------------------------------------------
    def _start_loc(self) -> Any:
        item = self.scene.counters.get(self._unit) if self._unit is not None else None
        return target_key(item.view.loc) if item is not None else None

    def _moves_to(self, loc: Any) -> list[tuple[Command, CommandInfo]]:
        """The legal commands of the dragged counter alone aimed at ``loc``, the one a plain click means first."""
        key = target_key(loc)
        found = [
            choice
            for tpl in self.interaction.steps.templates()
            if tpl.target == key and tpl.actors == (self._unit,)
            for choice in tpl.choices
        ]
        return sorted(found, key=lambda choice: not choice[1].default)

    def _steer(self, command: Command) -> Steered | None:
        system = capability(self.controller.session.system, HasWaypoints)
        return None if system is None else system.steer(self.controller.session.state, command, self.waypoints)

    def _ask(self, allowed: list[Steered], loc: Any) -> None:
        session = self.controller.session
        choices: list[Choice] = [
            (
                f"{session.describe(s.command).label.render(self.lang)} · {s.cost}",
                lambda s=s: self.controller.submit(s.command),
            )
            for s in allowed
        ]
        self.interaction.steps.chooser(tr_board("Which command?"), choices, loc)

    # --- board view events ----------------------------------------------------------------------------
    def _on_board_view_counter_dragged(self, counter_id: str, loc: Any, shift: bool) -> None:
        if not self.available or self.controller.is_automated_turn():
            return
        if counter_id != self._unit:
            self.clear()
            self._unit = counter_id
        if shift:
            self.add(loc)
        if target_key(loc) != self._loc:
            self._loc = target_key(loc)
            self._timer.start()
            self._redraw()

    def _on_board_view_drag_key_pressed(self, key: int) -> None:
        if self._unit is None:
            return
        if key == Qt.Key.Key_Backspace:
            self.undo_last()
        elif key == Qt.Key.Key_Shift:
            self.add(self._loc)

    def _on_timer_timeout(self) -> None:
        if self.view.dragging() and self._loc is not None:
            self.add(self._loc)

    # --- drawing ------------------------------------------------------------------------------------
    def _redraw(self) -> None:
        """The path from the counter through the waypoints to the hex under the cursor, its cost, the waypoints."""
        self._remove_items()
        moves = self._moves_to(self._loc) if self._loc is not None else []
        self.preview = self._steer(moves[0][0]) if moves else None
        if self.scene.geo is None or self._unit is None:
            return
        if self.preview is not None and self.preview.path:
            colour = LEGAL_COLOUR if self.preview.refusal is None else REFUSED_COLOUR
            self._polyline([self._start_loc(), *self.preview.path], colour)
            self._cost_tag(self.preview, self.preview.path[-1])
        for n, loc in enumerate(self.waypoints, start=1):
            self._dot(loc, n)
        if self.preview is not None and self.waypoints:
            self.message.emit(self._sentence(self.preview))

    def _sentence(self, steered: Steered) -> str:
        """The status bar's line for a steered path: its hexes and cost, or why the rules refuse it."""
        if steered.refusal is not None:
            return f"{steered.refusal.render(self.lang)}  [{steered.rule_id}]"
        topology = self.scene.geo.topology  # type: ignore[union-attr]
        hexes = ", ".join(topology.label(loc) for loc in steered.path)
        return tr("Along your waypoints: {0} ({1}); drop to move").format(hexes, steered.cost)

    def _polyline(self, locs: list[Any], colour: QColor) -> None:
        points = [self.scene.centre_of(loc) for loc in locs]
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        size = self.scene.geo.cell_size  # type: ignore[union-attr]
        for pen_colour, width in ((QColor("#ffffff"), 0.16), (colour, 0.09)):
            pen = QPen(pen_colour, size * width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            self._add(item)

    def _dot(self, loc: Any, number: int) -> None:
        """A numbered yellow disc on a waypoint."""
        size = self.scene.geo.cell_size  # type: ignore[union-attr]
        r = size * 0.17
        centre = self.scene.centre_of(loc)
        disc = QGraphicsEllipseItem(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
        disc.setBrush(QBrush(WAYPOINT_COLOUR))
        disc.setPen(QPen(QColor("#202020"), size * 0.03))
        self._add(disc)
        self._text(str(number), centre, r * 1.4, QColor("#202020"))

    def _cost_tag(self, steered: Steered, loc: Any) -> None:
        """The path's cost, in a white tag under the hex under the cursor (red when the rules refuse it)."""
        if not steered.cost:
            return
        size = self.scene.geo.cell_size  # type: ignore[union-attr]
        centre = self.scene.centre_of(loc) - QPointF(0, size * 0.62)  # above the hex: the dragged counter covers it
        colour = LEGAL_COLOUR if steered.refusal is None else REFUSED_COLOUR
        words = self._text(steered.cost, centre, size * 0.26, colour)
        box = words.sceneBoundingRect().adjusted(-size * 0.06, 0, size * 0.06, 0)
        tag = QGraphicsPathItem()
        outline = QPainterPath()
        outline.addRoundedRect(box, size * 0.05, size * 0.05)
        tag.setPath(outline)
        tag.setBrush(QColor(255, 255, 255, 240))
        tag.setPen(QPen(colour, size * 0.025))
        self._add(tag)
        tag.setZValue(COST_Z)
        words.setZValue(COST_Z + 0.1)

    def _text(self, text: str, centre: QPointF, height: float, colour: QColor) -> QGraphicsSimpleTextItem:
        item = QGraphicsSimpleTextItem(text)
        font = QFont()
        font.setPixelSize(40)
        font.setBold(True)
        item.setFont(font)
        item.setBrush(colour)
        item.setScale(height / item.boundingRect().height())
        rect = item.sceneBoundingRect()
        item.setPos(centre - QPointF(rect.width() / 2, rect.height() / 2))
        self._add(item)
        item.setZValue(WAYPOINT_Z + 0.2)
        return item

    def _add(self, item: QGraphicsItem) -> None:
        item.setZValue(WAYPOINT_Z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self._items.append(item)

    def _remove_items(self) -> None:
        for item in self._items:
            if shiboken6.isValid(item) and item.scene() is self.scene:  # a new board clears the scene
                self.scene.removeItem(item)
        self._items.clear()
