"""StartPage: choose a system and a bundled mission, a seed and a mode; reopen recent saves; restore after a crash."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.core.capabilities import HasBot, HumanSidesPerScenario, bot_sides, capability, human_sides
from app.core.datafile import DataFileError, read_json_file
from app.core.i18n import Text
from app.core.saves import SaveFile
from app.core.system import GameSystem, display_names
from app.ui.lang import translator

if TYPE_CHECKING:
    from app.scenario.catalog import ScenarioEntry

tr = translator("StartPage")


def description_of(path: Path, lang: str) -> str:
    """The briefing of a scenario file in ``lang`` (English fallback), read without validating the file."""
    try:
        data: Any = read_json_file(Path(path))
    except DataFileError:
        return ""
    text = data.get("description") if isinstance(data, dict) else None
    if isinstance(text, dict):
        return str(text.get(lang) or text.get("en") or "")
    return str(text or "")


def title_of(scenario: Mapping[str, Any], lang: str) -> str:
    """The title of a scenario record (as a save holds it) in ``lang``, English fallback, else its id."""
    title = scenario.get("title")
    if isinstance(title, dict):
        return str(title.get(lang) or title.get("en") or scenario.get("id", ""))
    return str(title or scenario.get("id", ""))


def side_names_of(path: Path, lang: str) -> dict[str, str]:
    """Side names a scenario file gives (any top-level list of {"side", "name"} records, one per side, e.g.
    armies; a list naming a side twice holds other things of that side, such as cards or nations)."""
    try:
        data: Any = read_json_file(Path(path))
    except DataFileError:
        return {}
    names: dict[str, str] = {}
    for value in data.values() if isinstance(data, dict) else ():
        found: dict[str, str] = {}
        records = [i for i in (value if isinstance(value, list) else ()) if isinstance(i, dict)]
        for item in records:
            if isinstance(item.get("side"), str) and "name" in item:
                name = item["name"]
                text = name.get(lang) or name.get("en") if isinstance(name, dict) else name
                found[item["side"]] = str(text or item["side"])
        if len(found) == len(records):
            names.update(found)
    return names


def seats_of(system: GameSystem, path: Path) -> tuple[str, ...]:
    """Sides a person may play in the scenario file (``HumanSidesPerScenario``, else the system's human sides)."""
    from app.scenario.catalog import load_scenario
    from app.scenario.loading import ScenarioError

    if capability(system, HumanSidesPerScenario) is None:
        return tuple(system.info.human_sides)
    try:
        _system, model = load_scenario(Path(path), {system.info.id: system})
    except ScenarioError:
        return tuple(system.info.human_sides)
    return human_sides(system, model)


class StartPage(QWidget):
    """The first page."""

    scenario_chosen = Signal(object, int, str, object)  # ScenarioEntry, seed, mode, sides played by the bot
    save_chosen = Signal(object)  # Path
    restore_requested = Signal(object)  # SaveFile
    continue_requested = Signal(object)  # SaveFile: the last game, closed cleanly
    back_requested = Signal()  # back to the game this page was opened from
    closed = Signal()
    edit_requested = Signal(object, object)  # system id, scenario path to edit (None: a new document)

    def __init__(
        self,
        systems: Mapping[str, GameSystem],
        entries: list[ScenarioEntry],
        recent: list[Path],
        pending: SaveFile | None,
        *,
        lang: str = "en",
        table_mode: bool = False,
        last_game: SaveFile | None = None,
        can_go_back: bool = False,
    ) -> None:
        super().__init__()
        self.setObjectName("StartPage")
        self.systems, self.entries, self.recent, self.pending, self.lang = systems, entries, recent, pending, lang
        self.last_game = last_game
        self._build()
        self._build_continue(outer=self.layout(), can_go_back=can_go_back)
        self.table_radio.setChecked(table_mode)
        self.digital_radio.setChecked(not table_mode)
        self.retranslate()
        self._fill_systems()

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 18, 24, 18)
        self.heading = QLabel(self)
        self.heading.setStyleSheet("font-size: 26px; font-weight: bold;")
        self.restore_frame = QFrame(self)
        self.restore_frame.setStyleSheet(
            "QFrame { background: #fff1c2; border: 2px solid #d9a400; border-radius: 8px; }"
        )
        restore_row = QHBoxLayout(self.restore_frame)
        self.restore_label = QLabel(self.restore_frame)
        self.restore_label.setStyleSheet("font-size: 14px; border: none;")
        self.restore_button = QPushButton(self.restore_frame)
        self.restore_button.setObjectName("restore_button")
        restore_row.addWidget(self.restore_label, 1)
        restore_row.addWidget(self.restore_button)
        self.restore_frame.setVisible(self.pending is not None)
        grid = QGridLayout()
        self.labels = [QLabel(self) for _ in range(4)]
        for label in self.labels:
            label.setStyleSheet("font-weight: bold;")
        self.system_list, self.scenario_list = QListWidget(self), QListWidget(self)
        self.system_list.setObjectName("system_list")
        self.scenario_list.setObjectName("scenario_list")
        self.description = QTextBrowser(self)
        self.recent_list = QListWidget(self)
        self.recent_list.setObjectName("recent_list")
        grid.addWidget(self.labels[0], 0, 0)
        grid.addWidget(self.labels[1], 0, 1)
        grid.addWidget(self.labels[2], 0, 2)
        grid.addWidget(self.system_list, 1, 0)
        grid.addWidget(self.scenario_list, 1, 1)
        grid.addWidget(self.description, 1, 2)
        grid.addWidget(self.labels[3], 2, 0)
        grid.addWidget(self.recent_list, 3, 0, 1, 2)
        grid.addLayout(self._options(), 3, 2)
        grid.setColumnStretch(1, 2)
        grid.setColumnStretch(2, 2)
        outer.addWidget(self.heading)
        outer.addWidget(self.restore_frame)
        outer.addLayout(grid, 1)
        self.system_list.currentRowChanged.connect(self._on_system_list_current_row_changed)
        self.scenario_list.currentRowChanged.connect(self._on_scenario_list_current_row_changed)
        self.scenario_list.itemDoubleClicked.connect(lambda _item: self._on_start_button_clicked())
        self.recent_list.itemDoubleClicked.connect(self._on_recent_list_item_double_clicked)
        self.restore_button.clicked.connect(lambda: self.restore_requested.emit(self.pending))

    def _build_continue(self, outer: Any, *, can_go_back: bool) -> None:
        """The row under the heading: Back to the game this page was opened from, or Continue the last game."""
        self.continue_frame = QFrame(self)
        self.continue_frame.setObjectName("continue_frame")
        self.continue_frame.setStyleSheet(
            "QFrame#continue_frame { background: #e3f0dc; border: 2px solid #5c8f3a; border-radius: 8px; }"
        )
        row = QHBoxLayout(self.continue_frame)
        self.continue_label = QLabel(self.continue_frame)
        self.continue_label.setStyleSheet("font-size: 14px; border: none;")
        self.continue_button = QPushButton(self.continue_frame)
        self.continue_button.setObjectName("continue_button")
        self.continue_button.setStyleSheet("font-size: 15px; font-weight: bold; padding: 6px 18px;")
        self.back_button = QPushButton(self.continue_frame)
        self.back_button.setObjectName("back_button")
        self.back_button.setStyleSheet("font-size: 15px; font-weight: bold; padding: 6px 18px;")
        row.addWidget(self.continue_label, 1)
        row.addWidget(self.continue_button)
        row.addWidget(self.back_button)
        offer_continue = self.last_game is not None and not can_go_back
        self.continue_button.setVisible(offer_continue)
        self.back_button.setVisible(can_go_back)
        self.continue_frame.setVisible(offer_continue or can_go_back)
        self.can_go_back = can_go_back
        outer.insertWidget(1, self.continue_frame)
        self.continue_button.clicked.connect(lambda: self.continue_requested.emit(self.last_game))
        self.back_button.clicked.connect(self.back_requested.emit)

    def _continue_text(self) -> str:
        if self.can_go_back:
            return tr("A game is in progress: go back to it, or choose a new one below.")
        if self.last_game is None:
            return ""
        import datetime

        when = datetime.datetime.fromtimestamp(self.last_game.saved_at).strftime("%Y-%m-%d %H:%M")
        title, count = title_of(self.last_game.scenario, self.lang), len(self.last_game.commands)
        moves = tr("1 move") if count == 1 else tr("{0} moves").format(count)
        return tr("Your last game: {0}, {1}, left at {2}.").format(title, moves, when)

    def closeEvent(self, event: Any) -> None:
        """Tell the shell the page is gone (a game it hid is then closed cleanly)."""
        super().closeEvent(event)
        self.closed.emit()

    def _options(self) -> QVBoxLayout:
        box = QVBoxLayout()
        row = QHBoxLayout()
        self.seed_label = QLabel(self)
        self.seed = QSpinBox(self)
        self.seed.setObjectName("seed")
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        row.addWidget(self.seed_label)
        row.addWidget(self.seed, 1)
        self.digital_radio, self.table_radio = QRadioButton(self), QRadioButton(self)
        self.mode_group = QButtonGroup(self)
        self.mode_group.addButton(self.digital_radio)
        self.mode_group.addButton(self.table_radio)
        self.start_button = QPushButton(self)
        self.start_button.setObjectName("start_button")
        self.start_button.setStyleSheet("font-size: 16px; font-weight: bold; padding: 10px;")
        self.start_button.clicked.connect(self._on_start_button_clicked)
        self.seats = QGridLayout()
        self.seat_combos: dict[str, QComboBox] = {}
        edit_row = QHBoxLayout()
        self.edit_button, self.new_button = QPushButton(self), QPushButton(self)
        self.edit_button.setObjectName("edit_button")
        self.new_button.setObjectName("new_in_editor_button")
        self.edit_button.clicked.connect(self._on_edit_button_clicked)
        self.new_button.clicked.connect(self._on_new_button_clicked)
        edit_row.addWidget(self.edit_button)
        edit_row.addWidget(self.new_button)
        for item in (row, self.digital_radio, self.table_radio, self.seats, self.start_button, edit_row):
            box.addLayout(item) if isinstance(item, QHBoxLayout | QGridLayout) else box.addWidget(item)
        box.addStretch(1)
        return box

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.heading.setText(tr("Adjutant — choose a game"))
        for label, text in zip(
            self.labels,
            (tr("Game system"), tr("Missions and scenarios"), tr("Briefing"), tr("Recent saves")),
            strict=True,
        ):
            label.setText(text)
        self.seed_label.setText(tr("Seed"))
        self.digital_radio.setText(tr("Digital dice (Adjutant rolls)"))
        self.table_radio.setText(tr("Table mode (type the dice you roll)"))
        self.start_button.setText(tr("Start"))
        self.edit_button.setText(tr("Edit in the editor"))
        self.new_button.setText(tr("New mission in the editor"))
        self.restore_button.setText(tr("Restore"))
        self.continue_button.setText(tr("Continue"))
        self.back_button.setText(tr("Back to the game"))
        self.continue_label.setText(self._continue_text())
        if self.pending is not None:
            import datetime

            when = datetime.datetime.fromtimestamp(self.pending.saved_at).strftime("%Y-%m-%d %H:%M")
            self.restore_label.setText(tr("Restore the game interrupted at {0}?").format(when))
        self._fill_recent()

    def _fill_systems(self) -> None:
        self.system_list.clear()
        for system_id in self.systems:
            item = QListWidgetItem(self._system_name(system_id).render(self.lang))
            item.setData(Qt.ItemDataRole.UserRole, system_id)
            self.system_list.addItem(item)
        default = next((i for i, e in enumerate(self.entries) if e.default), None)
        ids = list(self.systems)
        start = (
            ids.index(self.entries[default].system)
            if default is not None and self.entries[default].system in ids
            else 0
        )
        if ids:
            self.system_list.setCurrentRow(start)

    def _system_name(self, system_id: str) -> Text:
        return display_names(self.systems)[system_id]  # a lazy registry names its systems without importing them

    def _fill_recent(self) -> None:
        self.recent_list.clear()
        for path in self.recent:
            item = QListWidgetItem(path.name)
            item.setToolTip(str(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.recent_list.addItem(item)

    def current_system(self) -> str | None:
        """Id of the selected system."""
        item = self.system_list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def shown_entries(self) -> list[Any]:
        """Bundled entries of the selected system, in list order."""
        return [e for e in self.entries if e.system == self.current_system()]

    def _on_system_list_current_row_changed(self, _row: int) -> None:
        self.scenario_list.clear()
        shown = self.shown_entries()
        for entry in shown:
            self.scenario_list.addItem(entry.title.render(self.lang))
        if shown:
            self.scenario_list.setCurrentRow(next((i for i, e in enumerate(shown) if e.default), 0))

    def _on_scenario_list_current_row_changed(self, row: int) -> None:
        shown = self.shown_entries()
        if 0 <= row < len(shown):
            entry = shown[row]
            self.description.setPlainText(description_of(entry.path, self.lang))
            self._fill_seats(entry)
        self.start_button.setEnabled(0 <= row < len(shown))

    def _fill_seats(self, entry: Any) -> None:
        """Who plays each side (human or bot), for systems with a bot and two or more human sides. A side the
        system normally automates (e.g. SAS's hunter in Jäger mode) starts on "Bot"; a side without a bot has
        only "Human"."""
        while self.seats.count():
            widget = self.seats.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        self.seat_combos = {}
        system = self.systems[entry.system]
        sides = seats_of(system, entry.path)
        if len(sides) < 2 or capability(system, HasBot) is None:
            return
        names = side_names_of(entry.path, self.lang)
        names.update({side: text.render(self.lang) for side, text in system.info.side_names.items()})
        bots = bot_sides(system, sides)
        for index, side in enumerate(sides):
            combo = QComboBox(self)
            combo.setObjectName(f"seat_{side}")
            combo.addItem(tr("Human"), "human")
            if side in bots:
                combo.addItem(tr("Bot"), "bot")
                if side not in system.info.human_sides:
                    combo.setCurrentIndex(1)
            self.seats.addWidget(QLabel(names.get(side, side.capitalize()), self), index, 0)
            self.seats.addWidget(combo, index, 1)
            self.seat_combos[side] = combo

    def bot_sides(self) -> tuple[str, ...]:
        """Sides set to be played by the bot (hot-seat by default: none)."""
        return tuple(side for side, combo in self.seat_combos.items() if combo.currentData() == "bot")

    def _on_start_button_clicked(self) -> None:
        shown = self.shown_entries()
        row = self.scenario_list.currentRow()
        if 0 <= row < len(shown):
            mode = "table" if self.table_radio.isChecked() else "digital"
            self.scenario_chosen.emit(shown[row], self.seed.value(), mode, self.bot_sides())

    def _on_edit_button_clicked(self) -> None:
        shown = self.shown_entries()
        row = self.scenario_list.currentRow()
        if 0 <= row < len(shown):
            self.edit_requested.emit(shown[row].system, Path(shown[row].path))

    def _on_new_button_clicked(self) -> None:
        system_id = self.current_system()
        if system_id is not None:
            self.edit_requested.emit(system_id, None)

    def _on_recent_list_item_double_clicked(self, item: QListWidgetItem) -> None:
        self.save_chosen.emit(Path(item.data(Qt.ItemDataRole.UserRole)))
