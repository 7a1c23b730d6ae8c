"""Turning board clicks, drops and hovers into commands and previews (the scene never decides anything)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QFont, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem, QMenu, QWidget

from app.core.command_templates import odds_text
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.view import CommandInfo, CounterView
from app.ui.board_scene import BoardScene
from app.ui.board_view import BoardView
from app.ui.command_bar import CommandBar
from app.ui.command_steps import BarEntry, Choice, CommandSteps, Template, summary
from app.ui.controller import GameController
from app.ui.counters import loc_key
from app.ui.dice_tray import need_text
from app.ui.lang import translator
from app.ui.theme import Theme

tr = translator("Board")
ADD_MODIFIERS = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier
ODDS_Z = 45.0  # above the target highlights, below dragged counters
_ODDS_PIXELS = 40  # the odds tag is laid out at this size, then scaled to the square


def grade_colour(theme: Theme, view: Any, grade: str) -> QColor:
    """The colour of an overlay grade: the theme's, else the side's colour when the grade is a side id (set-up
    zones), else the theme's default overlay colour."""
    known = theme.data.get("highlights", {})
    if grade in known:
        return theme.get("highlights", grade)
    side = view.style.side(grade) if getattr(view, "style", None) is not None else None
    return QColor(side) if side else theme.get("highlights", grade, known.get("default", "#c080ff"))


def word(view: Any, key: Any, lang: str) -> str:
    """What a player reads for an id of the view (a terrain type, an edge feature, a highlight layer or grade):
    the system's glossary entry, else the id with its underscores as spaces; a text is rendered."""
    if isinstance(key, Text):
        return key.render(lang)
    found = view.glossary.get(key) if isinstance(key, str) else None
    return found.render(lang) if found is not None else str(key).replace("_", " ")


def place_text(board: Any, label: str, loc: Any, lang: str) -> str:
    """A location as the player reads it: its label, with the name a mark prints there (a town, an area) in the
    window's language; an area whose label is its English name reads as the name alone."""
    for mark in getattr(board, "marks", {}).get(loc, ()):
        props = dict(mark.props)
        english = props.get("name_en")
        if not english:
            continue
        name = str(props.get("name_zh") or english) if lang == "zh_CN" else str(english)
        return name if label in (english, name) else f"{label} {name}"
    return label


class BoardInteraction(QObject):
    """Selection (one counter or several), target highlights with cost and odds, click-to-command with option
    questions only when they are real choices, drag-and-drop and hover descriptions (DESIGN §3a)."""

    selection_changed = Signal(object)  # counter id or None
    hover_described = Signal(str, object)  # status text, location rows for the inspector
    idle_clicked = Signal(str)  # why a click on one of your counters does nothing now

    def __init__(self, controller: GameController, view: BoardView, scene: BoardScene, parent: QObject | None = None):
        super().__init__(parent)
        self.controller, self.view, self.scene = controller, view, scene
        self.steps = CommandSteps(controller, self._choose)
        self.enabled_layers: set[str] = set()
        self.menu_chooser: Callable[[str, list[Choice], QPoint], None] = self._menu
        self.click_taker: Callable[[Any], bool] | None = None  # takes the next board click first when it answers True
        self.drop_taker: Callable[[str, Any], bool] | None = None  # takes a drop first (a move steered by waypoints)
        self.bar: CommandBar | None = None
        self._odds_labels: dict[Any, QGraphicsRectItem] = {}
        view.location_clicked.connect(self._on_board_view_location_clicked)
        view.counter_dropped.connect(self._on_board_view_counter_dropped)
        view.box_selected.connect(self._on_board_view_box_selected)
        view.location_hovered.connect(self._on_board_view_location_hovered)
        view.counter_dragged.connect(self._on_board_view_counter_dragged)

    @property
    def selected(self) -> str | None:
        """The selected counter (the last one picked when several are)."""
        return self.steps.selection[-1] if self.steps.selection else None

    @property
    def selection(self) -> tuple[str, ...]:
        """Every selected counter, in the order picked."""
        return self.steps.selection

    @property
    def lang(self) -> str:
        """The interface language."""
        return self.steps.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.steps.lang = value

    # --- commands of the selection ------------------------------------------------------------------
    def counter(self, counter_id: str | None) -> CounterView | None:
        """The CounterView of an id in the current view."""
        return next((c for c in self.controller.view().counters if c.id == counter_id), None)

    def actor_commands(self) -> list[tuple[Command, CommandInfo]]:
        """Commands performed by exactly the selected counters."""
        return [choice for tpl in self.steps.selected() for choice in tpl.choices]

    def commands_at(self, loc: Any) -> list[tuple[Command, CommandInfo]]:
        """Commands a click on ``loc`` may mean (aimed at it, or at the vehicle lying on it)."""
        return [choice for tpl in self.templates_at(loc) for choice in tpl.choices]

    def templates_at(self, loc: Any) -> list[Template]:
        """Templates a click on ``loc`` may mean (aimed at it, or at the vehicle lying on it)."""
        vehicles = {item.counter_id for item in self.scene.counters_at(loc) if item.view.footprint}
        return self.steps.at(loc, vehicles)

    def select(self, counter_id: str | None, *, add: bool = False) -> None:
        """Select a counter (None clears); ``add`` toggles it in a multi-selection (shift/ctrl-click)."""
        if counter_id is not None and self.counter(counter_id) is None:
            counter_id = None
        current = self.steps.selection
        if add and counter_id is not None:
            chosen = tuple(c for c in current if c != counter_id) if counter_id in current else (*current, counter_id)
        else:
            chosen = () if counter_id is None else (counter_id,)
        self.select_all(chosen)

    def select_all(self, counter_ids: tuple[str, ...]) -> None:
        """Select exactly these counters (a stack, a group, a fire group), in this order."""
        chosen = tuple(dict.fromkeys(c for c in counter_ids if self.counter(c) is not None))
        if chosen != self.steps.selection:
            self.steps.focus = None
        self.steps.selection = chosen
        self.scene.selected_id = self.selected
        for cid, item in self.scene.counters.items():
            item.setSelected(cid in chosen)
        self.scene.layout_stacks()
        self.refresh_highlights()
        self.selection_changed.emit(self.selected)

    def caption(self) -> str:
        """The command bar's caption: what the table must roll or draw, else who is selected."""
        need = self.controller.pending_need
        if need is not None:  # table mode: the rules wait for a die or a card from the table (not for the bot)
            return tr("{0} — then enter it in the Dice panel").format(need_text(need, self.lang))
        names = [c.title.render(self.lang) for c in map(self.counter, self.selection) if c is not None]
        if names:
            return ", ".join(names)
        if self.controller.session.outcome() is not None:
            return ""
        if self.controller.is_automated_turn():
            return tr("The bot is playing")
        if self.actors():
            return tr("Select one of your counters")
        decision = self.controller.view().decision
        return tr("Answer the question above") if decision is not None else tr("Choose a command below")

    def fill_bar(self, bar: CommandBar) -> None:
        """Show the selection's command kinds and the always-visible commands in the command bar."""
        self.bar = bar
        bar.set_entries(self.steps.bar_entries(self._on_focus_changed), self.caption())

    def _on_focus_changed(self) -> None:
        self.refresh_highlights()
        if self.bar is not None:
            self.fill_bar(self.bar)

    def refresh_highlights(self) -> None:
        """Targets of the selection (with their odds written on the board), and the enabled view overlays."""
        theme = self.scene.theme
        fill, edge = theme.get("highlights", "target"), theme.get("highlights", "target").darker(130)
        fill.setAlpha(75)
        targets = self.steps.targets()
        self.scene.set_layer("targets", dict.fromkeys(targets, (fill, edge)))
        self._show_odds(targets)
        overlays: dict[Any, tuple[QColor, QColor | None]] = {}
        highlights = self.controller.view().highlights
        for name in sorted(self.enabled_layers):
            for loc, grade in highlights.get(name, {}).items():
                colour = grade_colour(theme, self.controller.view(), str(grade))
                colour.setAlpha(110)
                overlays[loc] = (colour, None)
        self.scene.set_layer("view", overlays)
        self._show_actors()

    def actors(self) -> set[str]:
        """Counters a person may order now (the actors of the legal commands; none in an automated turn)."""
        if self.controller.is_automated_turn():
            return set()
        return {actor for tpl in self.steps.templates() for actor in tpl.actors}

    def _show_actors(self) -> None:
        """Ring the squares or hexes of the counters a person may order now."""
        ring = self.scene.theme.get("highlights", "actor", "#19c45a")
        fill = QColor(ring)
        fill.setAlpha(80)
        views = [self.counter(cid) for cid in self.actors()]
        self.scene.set_layer("actors", {c.loc: (fill, ring) for c in views if c is not None and c.loc is not None})

    def _show_odds(self, targets: dict[Any, list[Template]]) -> None:
        """The chance of success written on each target that rolls (an attack's hit chance, a battle's odds)."""
        for label in self._odds_labels.values():
            try:
                if label.scene() is self.scene:
                    self.scene.removeItem(label)
            except RuntimeError:  # already deleted with the scene's items (a new board)
                continue
        self._odds_labels = {}
        geo = self.scene.geo
        if geo is None:
            return
        for loc, templates in targets.items():
            text = " / ".join(filter(None, (odds_text(tpl.odds()) for tpl in templates)))
            if not text or loc_key(loc) not in geo.by_loc:
                continue
            label = _odds_label(text, geo.cell_size)
            cell = geo.by_loc[loc_key(loc)].rect
            width = label.sceneBoundingRect().width()
            if width > cell.width():  # several odds on one square: shrink to the square's width
                label.setScale(label.scale() * cell.width() / width)
            label.setPos(cell.right() - label.sceneBoundingRect().width(), cell.top())
            self.scene.addItem(label)
            self._odds_labels[loc] = label

    def odds_labels(self) -> dict[Any, str]:
        """The odds written on the board, by location (what a player reads before committing)."""
        return {loc: label.toolTip() for loc, label in self._odds_labels.items()}

    def preview(self, entry: BarEntry | None) -> None:
        """Highlight the targets of a hovered command-bar button."""
        if entry is None or not entry.targets:
            self.scene.set_layer("hover", {})
            return
        colour = self.scene.theme.get("highlights", "target_hover")
        colour.setAlpha(150)
        self.scene.set_layer("hover", {loc_key(loc): (colour, colour.darker(140)) for loc in entry.targets})

    # --- board events -------------------------------------------------------------------------------
    def _on_board_view_location_clicked(self, loc: Any, counter_id: str | None) -> None:
        if self.click_taker is not None and loc is not None and self.click_taker(loc):
            return  # the click answered a question of its own (a table-sync move's destination)
        clicked = self.counter(counter_id)
        selectable = clicked is not None and clicked.selectable
        if selectable and self.view.click_modifiers & ADD_MODIFIERS:
            self.select(counter_id, add=True)
            return
        templates = self.templates_at(loc) if loc is not None else []
        if selectable and not templates and counter_id not in self.actors() and not self.controller.is_automated_turn():
            name = clicked.title.render(self.lang)  # type: ignore[union-attr]
            self.idle_clicked.emit(tr("{0} cannot be given an order now.").format(name))
        if selectable and self.selection != (counter_id,):
            if not templates:
                self.select(counter_id)
                return
            title = tr("Select {0}").format(clicked.title.render(self.lang))  # type: ignore[union-attr]
            choices = [(summary(tpl, self.lang), lambda tpl=tpl: self.steps.resolve(tpl, loc)) for tpl in templates]
            self._choose(tr("Which command?"), [*choices, (title, lambda: self.select(counter_id))], loc)
        elif not self.steps.act(templates, loc) and not selectable:
            self.select(None)

    def _on_board_view_box_selected(self, counter_ids: list[str]) -> None:
        """A shift/ctrl-dragged box adds the selectable counters inside it to the selection."""
        own = tuple(cid for cid in counter_ids if (c := self.counter(cid)) is not None and c.selectable)
        self.select_all((*self.selection, *own))

    def _on_board_view_counter_dropped(self, counter_id: str, loc: Any) -> None:
        if counter_id not in self.selection:
            self.select(counter_id)
        item = self.scene.counters.get(counter_id)
        if self.drop_taker is not None and self.drop_taker(counter_id, loc):
            pass  # submitted along the player's waypoints
        elif not self.steps.act(self.templates_at(loc) if loc is not None else [], loc):
            found = self.counter(counter_id)
            title = found.title if found is not None else t(counter_id)
            where = self.scene.geo.topology.label(loc) if loc is not None else "—"  # type: ignore[union-attr]
            self.controller.refuse(
                t("{unit} cannot go to {where} now: no legal command does that.", unit=title, where=where)
            )
        if item is not None and item.scene() is not None:
            self.scene.restack(item)

    def _on_board_view_counter_dragged(self, counter_id: str, _loc: Any, _shift: bool) -> None:
        """A counter dragged without being selected first is selected, so its targets light up (with their cost)
        while it is carried; it stays where the drag holds it."""
        if counter_id in self.selection:
            return
        item = self.scene.counters.get(counter_id)
        if item is None:
            return
        pos, z = item.pos(), item.zValue()
        self.select(counter_id)
        item.setPos(pos)
        item.setZValue(z)

    def _on_board_view_location_hovered(self, loc: Any) -> None:
        if loc is None or self.scene.geo is None:
            self.hover_described.emit("", [])
            return
        topo = self.scene.geo.topology
        view = self.controller.view()
        rows = [(tr("Location"), place_text(view.board, topo.label(loc), loc, self.lang))]
        templates = self.templates_at(loc)
        if templates:  # what a click here does, with cost and odds, before committing
            rows.append((tr("Commands"), "; ".join(summary(tpl, self.lang) for tpl in templates)))
        hints = [tpl.info.hint.render(self.lang) for tpl in templates if tpl.single is not None and tpl.info.hint]
        rows += [(tr("Odds"), hint) for hint in hints]
        rows.append((tr("Terrain"), word(view, topo.terrain(loc), self.lang)))
        edges: list[str] = []
        for other in topo.neighbours(loc):
            if features := topo.edge_features(loc, other):
                there = place_text(view.board, topo.label(other), other, self.lang)
                edges += [f"{word(view, feature.kind, self.lang)} → {there}" for feature in features]
        if edges:
            rows.append((tr("Edges"), ", ".join(edges)))
        for item in self.scene.counters_at(loc):  # a vehicle on any square of its footprint
            rows.append((tr("Counter"), item.view.title.render(self.lang)))
        for name, grades in view.highlights.items():
            if loc in grades:
                rows.append((word(view, name, self.lang), word(view, grades[loc], self.lang)))

        text = "  ·  ".join(value if name == tr("Location") else f"{name}: {value}" for name, value in rows)
        self.hover_described.emit(text, rows)

    def _choose(self, question: str, choices: list[Choice], loc: Any) -> None:
        at = self.view.mapFromScene(self.scene.centre_of(loc)) if loc is not None else QCursor.pos()
        self.menu_chooser(question, choices, at if loc is not None else self.view.viewport().mapFromGlobal(at))

    def _menu(self, question: str, choices: list[Choice], at: QPoint) -> None:
        """A compact popup: the question, then one entry per remaining value."""
        menu = QMenu(self.view)
        menu.addSection(question)
        for text, call in choices:
            menu.addAction(text).triggered.connect(lambda _=False, call=call: call())
        parent: QWidget = self.view.viewport()
        menu.popup(parent.mapToGlobal(at))


def _odds_label(text: str, cell_size: float) -> QGraphicsRectItem:
    """A small white tag with the chance in dark red, a quarter of a square high, for the target's corner.

    The text is laid out at a fixed pixel size and the tag scaled to the board's square size (squares may be one
    scene unit, too small for a font size).
    """
    tag = QGraphicsRectItem()
    words = QGraphicsSimpleTextItem(text, tag)
    font = QFont()
    font.setPixelSize(_ODDS_PIXELS)
    font.setBold(True)
    words.setFont(font)
    words.setBrush(QColor("#8a1020"))
    words.setPos(_ODDS_PIXELS * 0.15, 0)
    rect = words.boundingRect()
    tag.setRect(0, 0, rect.width() + _ODDS_PIXELS * 0.3, rect.height())
    tag.setBrush(QColor(255, 255, 255, 225))
    pen = QPen(QColor("#8a1020"))
    pen.setCosmetic(True)
    tag.setPen(pen)
    tag.setScale(cell_size * 0.28 / rect.height())
    tag.setZValue(ODDS_Z)
    tag.setToolTip(text)
    return tag
