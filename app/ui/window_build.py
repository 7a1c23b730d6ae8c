"""The play window's furniture: central column, docks, status bar, menus, toolbar, and their wiring.

Each function takes the :class:`app.ui.main_window.MainWindow` being built and sets the attributes the rest of
the window reads (``command_bar``, ``log``, ``actions_by_name``, ...); they run once, in this order, from its
constructor: :func:`build_widgets`, :func:`build_menus`, :func:`connect_signals`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMenu, QToolBar, QVBoxLayout, QWidget

from app.ui.actions import ACTIONS, MENUS, build_actions
from app.ui.autosave_warning import AutosaveWarning
from app.ui.board_view import Minimap
from app.ui.bot_seats import BotSeatsMenu
from app.ui.command_bar import CommandBar
from app.ui.decision_bar import DecisionBar
from app.ui.dice_tray import DiceTray
from app.ui.hand_strip import HandStrip
from app.ui.log_dock import LogDock
from app.ui.objectives_dock import ObjectivesDock
from app.ui.outcome_banner import OutcomeBanner
from app.ui.overlay_menu import OverlayMenu
from app.ui.panels import Inspector, PhaseTracker
from app.ui.privacy import PrivacyScreen
from app.ui.replay import PastBanner
from app.ui.table_dock import TableChecklist
from app.ui.toast import Toast
from app.ui.window_history import WindowHistory

TOOLBAR = ("new", "open", "save", "undo", "redo", "continue", "fit", "zoom_in", "zoom_out", "minimap")


def build_widgets(w: Any) -> None:
    """The column around the board (banners, hand, decision and command bars), the docks and the status bar."""
    central = QWidget(w)
    layout = QVBoxLayout(central)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    w.command_bar = CommandBar(central)
    w.decision_bar = DecisionBar(central)  # the pending decision, whatever is selected (app.core.flow)
    w.outcome_banner = OutcomeBanner(central)  # who won and why, for as long as the game is over
    w.past_banner = PastBanner(central)  # a past position is shown (app.ui.replay)
    layout.addWidget(w.outcome_banner)
    layout.addWidget(w.past_banner)
    layout.addWidget(w.board_view, 1)
    w.hand_strip = HandStrip(central)  # the seat's cards with their text (C&C)
    layout.addWidget(w.hand_strip)
    layout.addWidget(w.decision_bar)
    layout.addWidget(w.command_bar)
    w.setCentralWidget(central)
    w.minimap = Minimap(w.board_view, w.board_view)
    w.minimap.setVisible(False)  # shown while part of the board is out of view (MainWindow._place_minimap)
    w.toast = Toast(w.board_view)
    w.privacy = PrivacyScreen(w)
    _build_docks(w)
    _build_status_bar(w)


def _build_docks(w: Any) -> None:
    """Sequence of play, history, inspector and objectives on the left; table, log and dice on the right."""
    w.log, w.dice = LogDock(w), DiceTray(w)
    w.phase, w.inspector = PhaseTracker(w), Inspector(w)
    w.table = TableChecklist(w)
    w.objectives = ObjectivesDock(w)
    w.history = WindowHistory(w, w.past_banner)
    for dock in (w.phase, w.history.dock, w.inspector):
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    w.tabifyDockWidget(w.inspector, w.objectives)
    w.inspector.raise_()
    for dock in (w.table, w.log, w.dice):
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    w.resizeDocks([w.phase, w.log], [270, 380], Qt.Orientation.Horizontal)
    w.resizeDocks([w.phase, w.history.dock, w.inspector], [230, 300, 330], Qt.Orientation.Vertical)
    w.resizeDocks([w.table, w.log, w.dice], [300, 380, 170], Qt.Orientation.Vertical)


def _build_status_bar(w: Any) -> None:
    """The hover line, the tracks, the overlay legend and the autosave warning."""
    w.hover_label = QLabel(w)
    w.tracks_label = QLabel(w)
    w.tracks_label.setTextFormat(Qt.TextFormat.RichText)
    w.statusBar().addWidget(w.hover_label, 1)
    w.statusBar().addPermanentWidget(w.tracks_label)
    w.overlays = OverlayMenu(QMenu(w), w.interaction, w)  # View ▸ Overlays and their legend
    w.overlay_menu, w.legend_label = w.overlays.menu, w.overlays.legend
    w.overlays.lang = w.lang
    w.statusBar().addPermanentWidget(w.legend_label)
    w.autosave_warning = AutosaveWarning(w.files.save_as, w)
    w.statusBar().addPermanentWidget(w.autosave_warning)
    w.statusBar().addPermanentWidget(w.sight.hint)
    w.statusBar().addPermanentWidget(w.waypoints.hint)
    w.waypoints.message.connect(lambda text: w.statusBar().showMessage(text, 6000))


def build_menus(w: Any) -> None:
    """The menu bar (every action in its menu, bot seats, overlays, panels) and the toolbar."""
    w.actions_by_name = build_actions(w)
    w.menus = {}
    for key, _title in MENUS:
        w.menus[key] = w.menuBar().addMenu("")
    for name, action in w.actions_by_name.items():
        w.menus[menu_of(name)].addAction(action)
        w.addAction(action)
    w.bot_seats = BotSeatsMenu(w.controller, w._side_names, w)  # hand a side to the bot mid-game
    w.menus["edit"].addMenu(w.bot_seats)
    w.menus["view"].addMenu(w.overlay_menu)
    w.docks_menu = w.menus["view"].addMenu("")
    for dock in (w.phase, w.inspector, w.objectives, w.table, w.history.dock, w.log, w.dice):
        w.docks_menu.addAction(dock.toggleViewAction())
    w.toolbar = QToolBar(w)
    w.toolbar.setObjectName("MainToolbar")
    w.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for name in TOOLBAR:
        w.toolbar.addAction(w.actions_by_name[name])
    w.addToolBar(w.toolbar)
    a = w.actions_by_name
    a["minimap"].setChecked(w.prefs.minimap)
    a["labels"].setChecked(True)
    a["step_mode"].setChecked(w.prefs.step_mode)
    a[f"lang_{w.lang}"].setChecked(True)


def menu_of(name: str) -> str:
    """The key of the menu that holds the action ``name`` (app.ui.actions.ACTIONS)."""
    return next(spec.menu for spec in ACTIONS if spec.name == name)


def _handlers(w: Any) -> dict[str, Callable[..., Any]]:
    """What each menu and toolbar action does, by action name."""
    c = w.controller
    return {
        "new": w.new_game_requested.emit,
        "open": w.files.open_dialog,
        "save": w.files.save,
        "save_as": w.files.save_as,
        "quit": w.close,
        "undo": c.undo,
        "redo": c.redo,
        "continue": c.continue_automation,
        "deselect": lambda: w.interaction.select(None),
        "ask_all": w._on_ask_all,
        "fit": w.board_view.fit,
        "zoom_in": lambda: w.board_view.zoom_by(1.25),
        "zoom_out": lambda: w.board_view.zoom_by(0.8),
        "minimap": w._on_minimap_toggled,
        "labels": w._on_labels_toggled,
        "step_mode": w._on_step_mode_toggled,
        "lang_en": lambda: w.set_language("en"),
        "lang_zh_CN": lambda: w.set_language("zh_CN"),
        "preferences": w.files.preferences,
        "how_to_play": w._on_how_to_play,
        "shortcuts": w._on_shortcuts,
    }


def connect_signals(w: Any) -> None:
    """Actions to their handlers; controller, docks, bars and board to the window's slots."""
    c = w.controller
    for name, handler in _handlers(w).items():
        w.actions_by_name[name].triggered.connect(lambda _=False, h=handler: h())
    c.changed.connect(w.refresh)
    c.events_applied.connect(w._on_controller_events_applied)
    c.command_refused.connect(w._on_controller_command_refused)
    c.input_requested.connect(w._on_controller_input_requested)
    c.automation_waiting.connect(w._on_controller_automation_waiting)
    c.agent_explained.connect(lambda side, why: w.log.note(w._bot_note(side, why)))
    w.dice.dice_entered.connect(lambda values: c.provide_input(dice=values))
    w.dice.card_chosen.connect(lambda card: c.provide_input(cards=[card]))
    w.dice.input_cancelled.connect(lambda: (c.cancel_input(), w._refresh_selection(), w._refresh_table(c.view())))
    w.decision_bar.command_requested.connect(c.submit)
    w.outcome_banner.new_game_requested.connect(w.new_game_requested.emit)
    w.hand_strip.play_requested.connect(c.submit)
    w.decision_bar.fast_play_requested.connect(w._on_fast_play_requested)
    w.command_bar.command_hovered.connect(w.interaction.preview)
    w.interaction.selection_changed.connect(lambda _cid: w._refresh_selection())
    w.interaction.hover_described.connect(w._on_interaction_hover_described)
    w.interaction.idle_clicked.connect(w._on_interaction_idle_clicked)
    w.table_sync.hint_shown.connect(w._on_interaction_idle_clicked)
    w.board_view.context_requested.connect(w.table_sync.show)
    w.interaction.click_taker = w.table_sync.take_click
    w.phase.continue_button.clicked.connect(c.continue_automation)
    w.board_view.viewport_changed.connect(w._place_minimap)
