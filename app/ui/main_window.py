"""MainWindow over one Session: board, minimap, command bar, docks, status tracks, menus, autosave."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow

from app.core.i18n import Text
from app.core.messages import Command
from app.core.saves import Autosaver, to_save
from app.core.session import Session
from app.ui.actions import MENUS, retranslate_actions
from app.ui.actions import tr as tr_action
from app.ui.board_aids import COMPACT_WIDTH, centre_of, fit_docks, free_corner
from app.ui.board_scene import BoardScene
from app.ui.board_view import BoardView
from app.ui.controller import AgentFactory, GameController
from app.ui.dice_tray import need_text
from app.ui.hand_strip import viewer_hand
from app.ui.interaction import BoardInteraction
from app.ui.lang import install_language, translator
from app.ui.los_tool import LosTool
from app.ui.rulebook import rule_tip
from app.ui.settings import Preferences
from app.ui.table_dock import since_last_human_command
from app.ui.table_sync_menu import TableSyncMenu
from app.ui.waypoints import WaypointTool
from app.ui.window_build import build_menus, build_widgets, connect_signals
from app.ui.window_files import WindowFiles
from app.ui.window_text import seats_text, tracks_html

tr = translator("MainWindow")
AUTOSAVE_LATEST_MS = 1000


class MainWindow(QMainWindow):
    """The play window. Its bars, docks, menus and their wiring are built by :mod:`app.ui.window_build`."""

    new_game_requested = Signal()
    language_changed = Signal(str)
    closed = Signal()

    def __init__(
        self,
        session: Session,
        prefs: Preferences,
        data_dir: Path,
        *,
        agent_for_side: AgentFactory | None = None,
        bot_sides: tuple[str, ...] = (),
        save_path: Path | None = None,
        open_session: Callable[[Session, Path | None], None] | None = None,
        autosave_off: str = "",
    ) -> None:
        super().__init__()
        self.autosave_off = autosave_off  # why autosave cannot run at all (an unusable data folder), or ""
        self.setObjectName("MainWindow")
        self.session, self.prefs, self.data_dir = session, prefs, data_dir
        self.lang = prefs.language
        self.controller = GameController(session, self, agent_for_side=agent_for_side, bot_sides=bot_sides)
        self.controller.lang = self.lang
        self.controller.step_mode = prefs.step_mode
        self.controller.fast_answers = frozenset(prefs.fast_answers)
        self.scene = BoardScene(parent=self)
        self.scene.side_order = session.system.info.sides
        self.scene.counter_scale = prefs.counter_scale
        self.scene.set_language(self.lang)
        self.board_view = BoardView(self.scene, self)
        self.interaction = BoardInteraction(self.controller, self.board_view, self.scene, self)
        self.interaction.lang = self.lang
        self.sight = LosTool(self.controller, self.board_view, self.scene, self)  # right-drag: line of sight
        self.sight.lang = self.lang
        self.waypoints = WaypointTool(self.controller, self.board_view, self.scene, self.interaction, self)
        self.waypoints.lang = self.lang
        self.files = WindowFiles(self, save_path, open_session)
        self.table_sync = TableSyncMenu(self.controller, self)  # right-click: correct a counter to match the table
        self.table_sync.lang = self.lang
        self.autosaver: Autosaver | None = None
        self._autosave_started = False
        self._hover_rows: list[tuple[str, str]] = []
        self._compact: bool | None = None  # the docks are narrow (a small window, board_aids.fit_docks)
        self._seat: str | None = self.controller.perspective()  # whose hand is on screen (hot-seat privacy)
        build_widgets(self)
        build_menus(self)
        connect_signals(self)
        self.retranslate()
        self.refresh()
        self._reload_log()
        self.resize(1500, 950)
        self._restore_layout()
        QTimer.singleShot(0, self.show_default_view)
        # The first autosave encodes and writes the whole game: it waits for the board's first paint (a window
        # never painted, e.g. hidden, starts it after AUTOSAVE_LATEST_MS); a command before it is in its first write.
        self.board_view.viewport().installEventFilter(self)
        QTimer.singleShot(AUTOSAVE_LATEST_MS, self._ensure_autosave)
        QTimer.singleShot(0, self.controller.schedule_automation)

    # --- construction -------------------------------------------------------------------------------
    def _ensure_autosave(self) -> None:
        """Start autosaving (once). Deferred: encoding the state for the first write can take 100 ms."""
        if self._autosave_started:
            return
        self._autosave_started = True
        self.autosaver = self._start_autosave()
        if self.autosaver is None:
            self.autosave_warning.show_reason(self._autosave_error)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The board's first paint: start autosaving once it is on screen."""
        if event.type() == QEvent.Type.Paint and watched is self.board_view.viewport():
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._ensure_autosave)
        return super().eventFilter(watched, event)

    def _start_autosave(self) -> Autosaver | None:
        """Autosave after every command; a session that cannot be saved is played on, with a warning."""
        if self.autosave_off:
            self._autosave_error = self.autosave_off
            return None
        try:
            to_save(self.session)  # Autosaver listens before its first write: check it can write at all
            return Autosaver(self.session, self.data_dir, on_error=self.autosave_warning.show_reason)
        except Exception as exc:  # a system bug must not stop play
            self._autosave_error = str(exc)
            return None

    # --- refresh ------------------------------------------------------------------------------------
    def _side_names(self) -> dict[str, str]:
        return {side: text.render(self.lang) for side, text in self.controller.view().side_names.items()}

    def _side_name(self, view: Any) -> str:
        side = self.session.active_side() or ""
        name = view.side_names.get(side)
        return name.render(self.lang) if name is not None else side

    def refresh(self) -> None:
        """Redraw everything from the current view (a past position shown ends)."""
        self.history.past.end()
        view = self.controller.view()
        self.scene.sync(view)
        self.decision_bar.show_view(view, self.controller.human_sides(), self.lang)
        self.outcome_banner.show_outcome(self.session, view, self.lang)
        self.hand_strip.show_hand(viewer_hand(view.hands, self.controller.perspective()), self.lang)
        self.interaction.select_all(self.interaction.selection)
        self.overlays.refresh(view)
        self.phase.show_phase(view.phase, self.lang, side_name=self._side_name(view), seats=self.seats_text(view))
        self._refresh_table(view)
        self._refresh_privacy(view)
        self.objectives.show_game(self.session.scenario, view, self.lang)
        self.tracks_label.setText(tracks_html(view, self.lang))
        self.actions_by_name["undo"].setEnabled(self.session.can_undo)
        self.actions_by_name["redo"].setEnabled(self.session.can_redo)
        if view.outcome is not None:
            self.toast.pop(tr("Game over: {0}").format(view.outcome.render(self.lang)))
        self.history.shown(view)
        self._update_title()

    def _refresh_privacy(self, view: Any) -> None:
        """Hot-seat: when the keyboard passes to the other player, the screen covers the hand just played."""
        seat = self.controller.perspective()
        hot_seat = len(self.controller.human_sides()) > 1 and self.session.system.info.hidden_information
        if hot_seat and seat is not None and self._seat is not None and seat != self._seat and view.outcome is None:
            name = view.side_names.get(seat)
            self.privacy.cover(name.render(self.lang) if name is not None else seat)
        self._seat = seat

    def _refresh_table(self, view: Any) -> None:
        """Table mode: the checklist of what to do on the physical board (always shown; hidden otherwise)."""
        if self.session.mode != "table":
            self.table.hide()
            return
        phase = view.phase.instructions if view.phase is not None else ()
        need = self.controller.pending_need
        if need is not None:  # the die or card the rules wait for is a step at the table too
            phase = (*phase, Text(msg=need_text(need, self.lang)))
        moves = since_last_human_command(self.session.history, self.controller.human_sides())
        self.table.show_lines(phase, moves, self.lang)
        self.table.show()

    def _refresh_selection(self) -> None:
        counter = self.interaction.counter(self.interaction.selected)
        self.interaction.fill_bar(self.command_bar)
        self.inspector.show_details(self.controller.view(), counter, self._hover_rows, self.lang)

    def _update_title(self) -> None:
        title = self.session.scenario.title.text().render(self.lang)  # type: ignore[attr-defined]
        mode = tr("table mode") if self.session.mode == "table" else tr("digital dice")
        name = self.files.save_path.name if self.files.save_path else tr("unsaved")
        seats = self.seats_text(self.controller.view())
        self.setWindowTitle(f"{title} — {seats} — {name} — {mode} — Adjutant")

    def seats_text(self, view: Any) -> str:
        """Who plays what: "You play the Macedonians (the bot plays the Persians)", or the hot-seat sides."""
        return seats_text(self.controller, view, self.lang)

    # --- slots --------------------------------------------------------------------------------------
    def _on_controller_events_applied(self, events: tuple[Any, ...], reason: str) -> None:
        if reason in ("submit", "redo"):
            self.log.append_entry(events)
        elif reason == "undo":
            self.log.drop_last_entry()  # a long game's log is not rebuilt for an undo
        else:
            self._reload_log()
        self.history.changed()
        self.dice.clear_request()
        rulings = [e.ruling for e in events if e.ruling is not None and e.ruling.dice]
        if reason in ("undo", "reset"):
            self.dice.show_roll((), "")  # the roll taken back is no longer on the table
        elif rulings:
            last = rulings[-1]
            self.dice.show_roll(last.dice, f"{last.title.render(self.lang)}: {last.result.render(self.lang)}")
        if events:
            self.statusBar().showMessage(events[-1].text.render(self.lang), 6000)

    def _bot_note(self, side: str, why: Any) -> str:
        name = self.controller.view().side_names.get(side)
        return tr("{0} (bot): {1}").format(name.render(self.lang) if name else side, why.render(self.lang))

    def _reload_log(self) -> None:
        notes = {i: self._bot_note(side, why) for i, (side, why) in self.controller.explanations.items()}
        self.log.set_history(self.session.history, notes, self.lang)

    def _on_controller_command_refused(self, reason: Any, rule_id: str) -> None:
        text = reason.render(self.lang) + (f"  [{rule_id}]" if rule_id else "")
        self.statusBar().showMessage(reason.render(self.lang) + (f"  [{rule_tip(rule_id)}]" if rule_id else ""), 10000)
        self.toast.pop(text)
        self.scene.layout_stacks()

    def _on_how_to_play(self) -> None:
        from app.ui.help_dialogs import how_to_play  # dialogs load when opened (start-up time, DESIGN §10)

        info = self.session.system.info
        how_to_play(self, info.id, info.name.render(self.lang))

    def _on_shortcuts(self) -> None:
        from app.ui.help_dialogs import shortcuts

        shortcuts(self)

    def _on_interaction_idle_clicked(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)
        self.toast.pop(text)

    def _on_controller_input_requested(self, need: Any) -> None:
        self.dice.ask(need, self.lang)
        self._refresh_selection()  # the command bar's caption says what the table must roll or draw
        self._refresh_table(self.controller.view())  # and so does the "At the table" checklist

    def _on_controller_automation_waiting(self, waiting: bool) -> None:
        self.phase.continue_button.setVisible(waiting)
        self.actions_by_name["continue"].setEnabled(waiting or self.controller.is_automated_turn())

    def _on_interaction_hover_described(self, text: str, rows: list[tuple[str, str]]) -> None:
        # one line only: a growing status bar would shrink the board and move it under the cursor
        line = " · ".join(part.strip() for part in text.splitlines() if part.strip())
        metrics = self.hover_label.fontMetrics()
        self.hover_label.setToolTip(text)
        self.hover_label.setText(metrics.elidedText(line, Qt.TextElideMode.ElideRight, max(200, self.width() - 420)))
        self._hover_rows = rows
        self.inspector.show_details(
            self.controller.view(), self.interaction.counter(self.interaction.selected), rows, self.lang
        )

    def _on_minimap_toggled(self) -> None:
        self.prefs.minimap = self.actions_by_name["minimap"].isChecked()
        self._place_minimap()

    def _on_labels_toggled(self) -> None:
        if self.scene.board_item is not None:
            self.scene.board_item.show_labels = self.actions_by_name["labels"].isChecked()
            self.scene.board_item.update()

    def _on_step_mode_toggled(self) -> None:
        self.prefs.step_mode = self.controller.step_mode = self.actions_by_name["step_mode"].isChecked()
        self.controller.schedule_automation()

    def _on_ask_all(self) -> None:
        """Forget fast play: every decision is asked again."""
        self.prefs.fast_answers = []
        self.controller.fast_answers = frozenset()
        self.files.save_prefs()

    def _on_fast_play_requested(self, rule_id: str, default: Command) -> None:
        """Remember fast play on the decisions ``rule_id`` asks, and take this one's default now."""
        self.prefs.set_fast_answer(rule_id, True)
        self.controller.fast_answers = frozenset(self.prefs.fast_answers)
        self.files.save_prefs()
        self.controller.submit(default)

    def show_default_view(self) -> None:
        """Open on the whole board, or, when its squares would be too small to read, at a legible size centred
        on the counters the player acts with (else on his side's counters)."""
        ids = self.interaction.actors() or {
            c.id for c in self.controller.view().counters if c.side in self.controller.human_sides()
        }
        points = [item.pos() for cid, item in self.scene.counters.items() if cid in ids and item.isVisible()]
        self.board_view.show_default(centre_of(points))

    def _place_minimap(self) -> None:
        """The minimap sits in the top-right corner only while part of the board is out of view: when the whole
        board is shown it would only hide some of it (the entry tile, at 1024×700)."""
        vp = self.board_view.viewport()
        side = max(100, min(220, vp.width() // 4))
        self.minimap.setFixedSize(side, round(side * 0.73))
        wanted = self.prefs.minimap and not self.board_view.shows_whole_board()
        if wanted:
            weights = {cid: 10 if cid in self.interaction.actors() else 1 for cid in self.scene.counters}
            cell = self.board_view.cell_pixels()
            self.minimap.move(free_corner(self.board_view, self.minimap.size(), self.scene.counters, weights, cell))
        if wanted != self.minimap.isVisible():
            self.minimap.setVisible(wanted)

    # --- language -----------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch the interface and the game texts to ``lang`` now, and remember it."""
        install_language(lang)
        self.lang = self.prefs.language = self.controller.lang = self.interaction.lang = lang
        self.table_sync.lang = self.sight.lang = self.overlays.lang = self.waypoints.lang = lang
        for code in ("en", "zh_CN"):
            self.actions_by_name[f"lang_{code}"].setChecked(code == lang)
        self.scene.set_language(lang)
        self.history.set_language(lang)
        self.retranslate()
        self._reload_log()
        self.refresh()
        self.files.save_prefs()
        self.language_changed.emit(lang)

    def retranslate(self) -> None:
        """Every visible string in the current language."""
        retranslate_actions(self.actions_by_name)
        for key, title in MENUS:
            self.menus[key].setTitle(tr_action(title))
        self.overlay_menu.setTitle(tr("Overlays"))
        self.docks_menu.setTitle(tr("Panels"))
        self.toolbar.setWindowTitle(tr("Toolbar"))
        for dock in (self.log, self.dice, self.phase, self.inspector, self.table, self.privacy, self.objectives):
            dock.retranslate()
        self.autosave_warning.retranslate()
        self.sight.retranslate()
        self.waypoints.retranslate()
        self.bot_seats.retranslate()
        self._refresh_selection()
        self._update_title()

    # --- lifetime -----------------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        settings = QSettings(str(self.data_dir / "window.ini"), QSettings.Format.IniFormat)
        state = settings.value("state")
        if state is not None:
            self.restoreState(state)
        self._refresh_table(self.controller.view())  # a layout saved by a digital game hid the table checklist

    def closeEvent(self, event: QCloseEvent) -> None:
        settings = QSettings(str(self.data_dir / "window.ini"), QSettings.Format.IniFormat)
        settings.setValue("state", self.saveState())
        self.controller.close()
        self._ensure_autosave()  # closed before the event loop ran: the game is still autosaved, cleanly
        if self.autosaver is not None:
            self.autosaver.close()
        self.files.save_prefs()
        super().closeEvent(event)
        self.closed.emit()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_to_width)  # size the docks for the window once they are shown

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._fit_to_width()

    def _fit_to_width(self) -> None:
        """Narrow side docks in a small window (board_aids.fit_docks), and the minimap where it hides least."""
        compact = self.width() < COMPACT_WIDTH
        if not compact and self._compact is None:
            self._compact = False  # the docks start roomy (window_build): nothing to change
        elif compact != self._compact and fit_docks(
            self, [self.phase, self.history.dock, self.inspector], [self.table, self.log, self.dice]
        ):
            self._compact = compact
        self._place_minimap()
