"""Turning board clicks, drops and hovers into commands and previews (the scene never decides anything)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMenu, QWidget

from app.core.i18n import t
from app.core.messages import Command
from app.core.view import CommandInfo, CounterView
from app.ui.board_scene import BoardScene
from app.ui.board_view import BoardView
from app.ui.controller import GameController
from app.ui.counters import loc_key
from app.ui.lang import translator

tr = translator("Board")


def _layer_title(name: str) -> str:
    """The label of a highlight layer in the hover line (the SAS vision overlay: grade, and who sees and why)."""
    titles = {"vision": tr("Axis vision"), "vision_why": tr("Seen by")}
    return titles.get(name, name)


Choice = tuple[str, Callable[[], None]]


class BoardInteraction(QObject):
    """Selection, target highlights, click-to-command, drag-and-drop and hover descriptions."""

    selection_changed = Signal(object)  # counter id or None
    hover_described = Signal(str, object)  # status text, location rows for the inspector

    def __init__(self, controller: GameController, view: BoardView, scene: BoardScene, parent: QObject | None = None):
        super().__init__(parent)
        self.controller, self.view, self.scene = controller, view, scene
        self.selected: str | None = None
        self.lang = "en"
        self.enabled_layers: set[str] = set()
        self.menu_chooser: Callable[[list[Choice], QPoint], None] = self._menu
        view.location_clicked.connect(self._on_board_view_location_clicked)
        view.counter_dropped.connect(self._on_board_view_counter_dropped)
        view.location_hovered.connect(self._on_board_view_location_hovered)

    # --- commands of the selection ------------------------------------------------------------------
    def counter(self, counter_id: str | None) -> CounterView | None:
        """The CounterView of an id in the current view."""
        return next((c for c in self.controller.view().counters if c.id == counter_id), None)

    def actor_commands(self) -> list[tuple[Command, CommandInfo]]:
        """Commands of the selected counter."""
        if self.selected is None:
            return []
        return [(c, i) for c, i in self.controller.commands() if i.actor == self.selected]

    def bar_commands(self) -> list[tuple[Command, CommandInfo]]:
        """What the command bar lists: the selection's commands, then commands that need no counter."""
        general = [(c, i) for c, i in self.controller.commands() if i.actor is None]
        return self.actor_commands() + general

    def commands_at(self, loc: Any) -> list[tuple[Command, CommandInfo]]:
        """Commands of the selection that target ``loc``, or the vehicle lying on it (any of its squares)."""
        vehicles = {item.counter_id for item in self.scene.counters_at(loc) if item.view.footprint}
        return [
            (c, i)
            for c, i in self.actor_commands()
            if i.target is not None and (loc_key(i.target) == loc or getattr(c, "target", None) in vehicles)
        ]

    def select(self, counter_id: str | None) -> None:
        """Select a counter (None clears) and highlight its targets."""
        if counter_id is not None and self.counter(counter_id) is None:
            counter_id = None
        self.selected = self.scene.selected_id = counter_id
        for cid, item in self.scene.counters.items():
            item.setSelected(cid == counter_id)
        self.scene.layout_stacks()
        self.refresh_highlights()
        self.selection_changed.emit(counter_id)

    def refresh_highlights(self) -> None:
        """Targets of the selection, and the enabled view overlays."""
        theme = self.scene.theme
        fill, edge = theme.get("highlights", "target"), theme.get("highlights", "target").darker(130)
        fill.setAlpha(75)
        targets = {loc_key(i.target): (fill, edge) for _, i in self.actor_commands() if i.target is not None}
        self.scene.set_layer("targets", targets)
        overlays: dict[Any, tuple[QColor, QColor | None]] = {}
        highlights = self.controller.view().highlights
        for name in sorted(self.enabled_layers):
            for loc, grade in highlights.get(name, {}).items():
                colour = theme.get("highlights", str(grade), theme.data["highlights"].get("default", "#c080ff"))
                colour.setAlpha(110)
                overlays[loc] = (colour, None)
        self.scene.set_layer("view", overlays)

    def preview(self, info: CommandInfo | None) -> None:
        """Highlight the target of a hovered command button."""
        if info is None or info.target is None:
            self.scene.set_layer("hover", {})
            return
        colour = self.scene.theme.get("highlights", "target_hover")
        colour.setAlpha(150)
        self.scene.set_layer("hover", {loc_key(info.target): (colour, colour.darker(140))})

    # --- board events -------------------------------------------------------------------------------
    def _on_board_view_location_clicked(self, loc: Any, counter_id: str | None) -> None:
        options: list[Choice] = [
            (i.label.render(self.lang), lambda c=c: self.controller.submit(c)) for c, i in self.commands_at(loc)
        ]
        clicked = self.counter(counter_id)
        if clicked is not None and clicked.selectable and counter_id != self.selected:
            title = tr("Select {0}").format(clicked.title.render(self.lang))
            options.append((title, lambda: self.select(counter_id)))
        if len(options) == 1:
            options[0][1]()
        elif options:
            self.menu_chooser(options, self.view.mapFromScene(self.scene.centre_of(loc)))
        elif counter_id is None or clicked is None or not clicked.selectable:
            self.select(None)

    def _on_board_view_counter_dropped(self, counter_id: str, loc: Any) -> None:
        if counter_id != self.selected:
            self.select(counter_id)
        options = [(i.label.render(self.lang), lambda c=c: self.controller.submit(c)) for c, i in self.commands_at(loc)]
        item = self.scene.counters.get(counter_id)
        if not options:
            title = self.counter(counter_id).title if self.counter(counter_id) else t(counter_id)
            where = self.scene.geo.topology.label(loc) if loc is not None else "—"  # type: ignore[union-attr]
            self.controller.refuse(
                t("{unit} cannot go to {where} now: no legal command does that.", unit=title, where=where)
            )
        elif len(options) == 1:
            options[0][1]()
        else:
            self.menu_chooser(options, self.view.mapFromScene(self.scene.centre_of(loc)))
        if item is not None and item.scene() is not None:
            self.scene.restack(item)

    def _on_board_view_location_hovered(self, loc: Any) -> None:
        if loc is None or self.scene.geo is None:
            self.hover_described.emit("", [])
            return
        topo = self.scene.geo.topology
        rows = [(tr("Location"), topo.label(loc)), (tr("Terrain"), topo.terrain(loc))]
        edges = []
        for other in topo.neighbours(loc):
            for feature in topo.edge_features(loc, other):
                edges.append(f"{feature.kind} → {topo.label(other)}")
        if edges:
            rows.append((tr("Edges"), ", ".join(edges)))
        for item in self.scene.counters_at(loc):  # a vehicle on any square of its footprint
            rows.append((tr("Counter"), item.view.title.render(self.lang)))
        for name, grades in self.controller.view().highlights.items():
            if loc in grades:
                rows.append((_layer_title(name), str(grades[loc])))
        text = "  ·  ".join(value if name == tr("Location") else f"{name}: {value}" for name, value in rows)
        self.hover_described.emit(text, rows)

    def _menu(self, options: list[Choice], at: QPoint) -> None:
        menu = QMenu(self.view)
        for text, call in options:
            menu.addAction(text).triggered.connect(lambda _=False, call=call: call())
        parent: QWidget = self.view.viewport()
        menu.popup(parent.mapToGlobal(at))
