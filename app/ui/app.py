"""Application start: fonts, translations, the start page or a scenario, and the smoke mode."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication
from PySide6.QtWidgets import QApplication

from app.core.capabilities import HasBot, bot_sides, capability, human_sides
from app.core.errors import SaveError
from app.core.saves import from_save, pending_restore, save_notices_of
from app.core.session import Session
from app.core.system import GameSystem, display_names
from app.ui.controller import AgentFactory
from app.ui.lang import install_language, translator
from app.ui.main_window import MainWindow
from app.ui.settings import Preferences, last_game, prepare_data_dir, recent_saves
from app.ui.window_files import offer_partial

if TYPE_CHECKING:
    from app.scenario.editor.plugin import EditorPlugin
    from app.ui.editor.window import EditorWindow
    from app.ui.start_page import StartPage

FONTS = Path(__file__).resolve().parents[2] / "resources" / "fonts"
CJK_FALLBACKS = ("Noto Sans CJK SC", "WenQuanYi Micro Hei", "Droid Sans Fallback", "Source Han Sans SC")
tr = translator("App")


def load_fonts(app: QGuiApplication, folder: Path = FONTS) -> list[str]:
    """Register bundled fonts and make the application font fall back to them for Chinese."""
    families: list[str] = []
    for path in sorted([*folder.glob("*.ttf"), *folder.glob("*.otf")]) if folder.is_dir() else []:
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families.extend(f for f in QFontDatabase.applicationFontFamilies(font_id) if f not in families)
    font = QFont(app.font())
    base = font.family()
    font.setFamilies([base, *[f for f in families if f != base], *CJK_FALLBACKS])
    app.setFont(font)
    return families


def ensure_application(argv: list[str]) -> QApplication:
    """The QApplication (created if needed) with name, fonts and style set."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(argv or ["adjutant"])
        app.setApplicationName("Adjutant")
        app.setOrganizationName("Adjutant")
        app.setStyle("Fusion")
        load_fonts(app)  # type: ignore[arg-type]
    return app  # type: ignore[return-value]


def default_bots(system: GameSystem, scenario: Any) -> tuple[str, ...]:
    """Sides the bot plays unless the player says otherwise: those a person may play in this scenario but the
    system normally automates (SAS's Jäger hunter), when the system has a bot for them; all others hot-seat."""
    automated = tuple(s for s in human_sides(system, scenario) if s not in system.info.human_sides)
    return bot_sides(system, automated)


def bot_factory(system: GameSystem) -> AgentFactory | None:
    """The system's bot maker, if it declares one (``HasBot.make_agent(side) -> Agent | None``)."""
    bot = capability(system, HasBot)
    return None if bot is None else bot.make_agent


class AppShell(QObject):
    """Switches between the start page and game windows."""

    def __init__(self, systems: Mapping[str, GameSystem], *, agent_for_side: AgentFactory | None = None) -> None:
        super().__init__()
        self.systems = systems  # may be lazy (app.__main__.LazySystems): look systems up only when needed
        self.startup = prepare_data_dir()  # the app always starts: damaged files moved aside, temp files removed
        self.data_dir = self.startup.folder
        self.prefs = Preferences.load(self.data_dir)
        self._notice_shown = False
        self.agent_for_side = agent_for_side
        self.start_page: StartPage | None = None
        self.window: MainWindow | None = None
        self.editor: EditorWindow | None = None
        install_language(self.prefs.language)

    def entries(self) -> list[Any]:
        """Bundled missions and scenarios of the known systems."""
        from app.scenario.catalog import bundled

        return [e for e in bundled() if e.system in self.systems]

    def show_start(self) -> StartPage:
        """Show the start page. From a game (New game), the game window is only hidden: the page's Back returns
        to it, and it is closed (after asking to save unsaved moves) only when another game or the editor opens."""
        from app.ui.start_page import StartPage  # not needed to open the default mission: imported when shown

        in_game = self.window is not None
        if self.window is not None:
            self.window.hide()
        page = StartPage(
            self.systems,
            self.entries(),
            recent_saves(self.data_dir),
            None if in_game else pending_restore(self.data_dir),
            lang=self.prefs.language,
            table_mode=self.prefs.table_mode,
            last_game=None if in_game else last_game(self.data_dir),
            can_go_back=in_game,
        )
        page.scenario_chosen.connect(self._leaving(self.open_entry))
        page.save_chosen.connect(self._leaving(self.open_save))
        page.restore_requested.connect(self._leaving(self.restore))
        page.continue_requested.connect(self._leaving(self.restore))
        page.edit_requested.connect(self._leaving(self.open_editor))
        page.back_requested.connect(self.back_to_game)
        page.closed.connect(lambda p=page: self._on_start_closed(p))
        page.resize(1100, 700)
        page.setWindowTitle("Adjutant")
        page.show()
        self.start_page = page
        self._tell_startup(page)
        return page

    def startup_notice(self) -> str:
        """What the player must know about the start (damaged files moved aside, an unusable data folder)."""
        lines = [
            tr("{0} was damaged; it was moved aside to {1} and defaults are used.").format(a, b)
            for a, b in self.startup.moved
        ]
        if self.startup.unusable:
            lines.append(tr("The data folder cannot be used ({0}); autosave is off.").format(self.startup.unusable))
        return "\n".join(lines)

    def _tell_startup(self, parent: Any) -> None:
        """Tell the player once, in a non-blocking message box, what the start-up checks found."""
        notice = self.startup_notice()
        if self._notice_shown or not notice:
            return
        self._notice_shown = True
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, tr("Adjutant"), notice, QMessageBox.StandardButton.Ok, parent)
        box.setObjectName("StartupNotice")
        box.setModal(False)
        box.show()
        self.notice_box = box

    def _leaving(self, then: Callable[..., Any]) -> Callable[..., None]:
        """``then``, once the hidden game window (if any) agreed to be left: its unsaved moves saved or dropped."""

        def guarded(*args: Any) -> None:
            if self.window is not None and not self.window.files.confirm_leave():
                return
            self._close_window()
            then(*args)

        return guarded

    def back_to_game(self) -> None:
        """Back from the start page to the game window it hid."""
        if self.window is None:
            return
        self.window.show()
        self.window.raise_()
        self._drop_start_page()

    def _drop_start_page(self) -> None:
        page, self.start_page = self.start_page, None
        if page is not None:
            page.close()

    def _on_start_closed(self, page: StartPage) -> None:
        """The start page closed by its user (not replaced by a game): a game it hid is closed cleanly too."""
        if self.start_page is page:
            self.start_page = None
            if self.window is not None and not self.window.isVisible():
                self._close_window()

    def open_default(self) -> None:
        """Open the bundled default mission, unless a crashed game waits to be restored or the last game to be
        continued (the start page then)."""
        from app.scenario.catalog import default_entry

        waiting = pending_restore(self.data_dir) is not None or last_game(self.data_dir) is not None
        entry = None if waiting else default_entry(self.entries())
        if entry is None or self.open_entry(entry, mode="table" if self.prefs.table_mode else "digital") is None:
            self.show_start()

    def open_entry(
        self, entry: Any, seed: int = 1, mode: str = "digital", bots: tuple[str, ...] | None = None
    ) -> MainWindow | None:
        """Start a bundled mission (``bots``: sides played by the system's bot; ``None``: the default seats)."""
        return self.open_path(Path(entry.path), seed=seed, mode=mode, bots=bots)

    def open_path(
        self, path: Path, *, seed: int = 1, mode: str = "digital", bots: tuple[str, ...] | None = None
    ) -> MainWindow | None:
        """Start a scenario file, or open a save file."""
        from app.scenario.catalog import file_format, open_session
        from app.scenario.loading import ScenarioError

        if file_format(path) == "adjutant-save":
            return self.open_save(path)
        try:
            session = open_session(path, self.systems, seed=seed, mode=mode)  # type: ignore[arg-type]
        except ScenarioError as exc:
            from PySide6.QtWidgets import QMessageBox  # dialogs only when used: Qt builds their types on import

            problems = "\n".join(str(p) for p in exc.problems[:12])
            QMessageBox.warning(None, tr("Cannot open scenario"), f"{exc.file}\n\n{problems}")
            return None
        return self.open_session(session, None, bots=bots)

    def open_save(self, path: Path) -> MainWindow | None:
        """Open a save file."""
        from app.core.saves import load_from_path

        try:
            session = load_from_path(Path(path), self.systems)
        except (SaveError, OSError) as exc:
            session = offer_partial(None, Path(path), exc)
            if session is None:
                return None
        window = self.open_session(session, Path(path))
        notices = save_notices_of(Path(path), self.systems)
        if notices:
            window.statusBar().showMessage(" ".join(n.render(self.prefs.language) for n in notices))
        return window

    def restore(self, save: Any) -> MainWindow | None:
        """Reopen the game interrupted by a crash."""
        try:
            session = from_save(save, self.systems)
        except SaveError as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(None, tr("Cannot restore"), str(exc))
            return None
        return self.open_session(session, None)

    def open_session(
        self,
        session: Session,
        path: Path | None,
        *,
        bots: tuple[str, ...] | None = None,
        back: Callable[[], None] | None = None,
    ) -> MainWindow:
        """Show a game window over ``session`` (``bots``: sides the system's bot plays, ``None`` for the default
        seats — a reopened save included; ``back``: what New game does instead of the start page, e.g. return to the
        editor after a playtest)."""
        self._close_window()
        agents = self.agent_for_side or bot_factory(session.system)
        if bots is None:
            bots = default_bots(session.system, session.scenario)
        window = MainWindow(
            session,
            self.prefs,
            self.data_dir,
            agent_for_side=agents,
            bot_sides=tuple(bots) if agents is not None else (),
            save_path=path,
            open_session=self.open_session,
            autosave_off=self.startup.unusable,
        )
        window.new_game_requested.connect(back or self.show_start)
        window.show()
        self._tell_startup(window)
        self.window = window
        self._drop_start_page()
        return window

    # --- the editor ---------------------------------------------------------------------------------
    def plugin_for(self, system_id: str) -> EditorPlugin | None:
        """The editor plug-in of a system (None when the system declares no editor)."""
        from app.scenario.editor.plugin import editor_of  # the editor's model: not needed to play

        return editor_of(self.systems[system_id]) if system_id in self.systems else None

    def open_editor(self, system_id: str | None = None, path: Path | None = None) -> EditorWindow | None:
        """Show the editor on ``path``, or on a new document of ``system_id`` (the first system by default)."""
        from app.ui.editor.window import EditorWindow

        if self.editor is None:
            self.editor = EditorWindow(self.systems, self.plugin_for, self.prefs.language)
            names = display_names(self.systems)
            for sid in self.systems:
                if self.plugin_for(sid) is not None:
                    self.editor.add_new_action(sid, names[sid].render(self.prefs.language))
            self.editor.playtest_requested.connect(self.playtest)
            self.editor.closed.connect(self._on_editor_closed)
        if path is not None:
            if not self.editor.open_path(Path(path)):
                return None
        else:
            self.editor.controller.new(system_id or next(iter(self.systems)))
            QTimer.singleShot(0, self.editor.board.fit)  # a new mission opens fitted to the window
        self.editor.show()
        self.editor.raise_()
        self._drop_start_page()
        return self.editor

    def playtest(self, session: Session) -> MainWindow:
        """Play the edited document in a game window; closing it (or New game) returns to the editor."""
        window = self.open_session(session, None, back=self._back_to_editor)
        window.closed.connect(lambda w=window: self._on_playtest_closed(w))
        if self.editor is not None:
            self.editor.hide()
        return window

    def _back_to_editor(self) -> None:
        if self.window is not None:
            self.window.close()  # -> _on_playtest_closed

    def _on_playtest_closed(self, window: MainWindow) -> None:
        if self.window is window:
            self.window = None  # dropped, not deleteLater(): its Python wrapper owns it (safe with the GC)
        if self.editor is not None:
            self.editor.show()
            self.editor.raise_()

    def _on_editor_closed(self) -> None:
        self.editor = None
        if self.window is None:
            self.show_start()

    def _close_window(self) -> None:
        if self.window is not None:
            self.window.close()
            self.window.deleteLater()
            self.window = None


def run_app(
    systems: Mapping[str, GameSystem],
    argv: list[str],
    *,
    scenario: Path | None = None,
    smoke: bool = False,
    edit: bool = False,
    on_shown: Callable[[], None] | None = None,
    started: float | None = None,
    language: str | None = None,
) -> int:
    """Run the application; ``smoke`` opens the default mission, paints one frame, prints the time, exits 0.

    ``on_shown`` is called once the first window is built: in the event loop's first turn, or after the smoke
    paint. ``started`` (a ``time.perf_counter()``) is when the smoke time counts from; default: now.
    ``language`` (from ``--lang``) overrides the remembered language for this start and is remembered.
    """
    started = time.perf_counter() if started is None else started
    app = ensure_application(argv)
    shell = AppShell(systems)
    if language is not None and language != shell.prefs.language:
        shell.prefs.language = language
        install_language(language)
    if smoke:
        code = _smoke(shell, started)
        if on_shown is not None:
            on_shown()
        return code
    if edit:
        if shell.open_editor(path=scenario) is None:
            shell.show_start()
    elif scenario is not None:
        mode = "table" if shell.prefs.table_mode else "digital"  # as the default mission and the start page do
        if shell.open_path(Path(scenario), mode=mode) is None:
            shell.show_start()
    else:
        shell.open_default()
    if on_shown is not None:
        QTimer.singleShot(0, on_shown)
    return app.exec()


def _smoke(shell: AppShell, started: float) -> int:
    from app.scenario.catalog import default_entry

    entry = default_entry(shell.entries())
    if entry is None:
        print("smoke: no bundled scenario", file=sys.stderr)  # noqa: T201
        return 1
    window = shell.open_entry(entry)
    if window is None:
        return 1
    window.board_view.fit()
    window.board_view.viewport().grab()  # paints the board (every visible tile) into a pixmap, as a frame would
    elapsed = (time.perf_counter() - started) * 1000
    print(f"first paint: {elapsed:.0f} ms ({entry.path.name})")  # noqa: T201
    QTimer.singleShot(0, window.close)
    window.close()
    return 0
