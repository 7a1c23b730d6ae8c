"""The editor's docks: the palette, the problems list, and forms (set-up and the selected thing's inspector)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import Text
from app.scenario.editor.fields import FieldSpec, FieldValueError, current_text, parse_field
from app.scenario.editor.plugin import Finding, PaletteEntry
from app.ui.lang import translator

tr = translator("Editor")
SELECT_TOOL = "__select__"
CHOICE = Qt.ItemDataRole.UserRole  # the value a choice item stands for (its text is the name the player reads)
ERROR_COLOUR, WARNING_COLOUR = QColor("#b3261e"), QColor("#8a5a00")


class PaletteDock(QDockWidget):
    """Tiles, units, markers and brushes of the edited system, grouped; the first row is the select tool."""

    tool_chosen = Signal(object)  # palette entry id, or None for select

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EditorPalette")
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("palette_tree")
        self.tree.setHeaderHidden(True)
        self.tree.itemClicked.connect(self._on_tree_item_clicked)
        self.setWidget(self.tree)
        self._entries: list[tuple[str, str]] = []

    def set_entries(self, entries: list[PaletteEntry], lang: str, current: str | None) -> None:
        """Show ``entries`` (rebuilt only when they change) and mark the current tool."""
        key = [(e.id, e.label.render(lang)) for e in entries]
        if key != self._entries:
            self._entries = key
            self.tree.clear()
            select = QTreeWidgetItem([tr("Select / move")])
            select.setData(0, Qt.ItemDataRole.UserRole, SELECT_TOOL)
            self.tree.addTopLevelItem(select)
            groups: dict[str, QTreeWidgetItem] = {}
            for entry in entries:
                name = entry.group.render(lang)
                if name not in groups:
                    groups[name] = QTreeWidgetItem([name])
                    groups[name].setFlags(Qt.ItemFlag.ItemIsEnabled)
                    self.tree.addTopLevelItem(groups[name])
                row = QTreeWidgetItem([entry.label.render(lang)])
                row.setData(0, Qt.ItemDataRole.UserRole, entry.id)
                if entry.paint:  # a brush: drag across the board to paint
                    font = row.font(0)
                    font.setItalic(True)
                    row.setFont(0, font)
                    row.setToolTip(0, tr("Brush: click or drag across the board to paint"))
                groups[name].addChild(row)
            self.tree.expandAll()
        self.mark(current)

    def mark(self, current: str | None) -> None:
        """Highlight the row of the current tool."""
        wanted = current or SELECT_TOOL
        for item in self._all_items():
            if item.data(0, Qt.ItemDataRole.UserRole) == wanted:
                self.tree.setCurrentItem(item)

    def _all_items(self) -> list[QTreeWidgetItem]:
        out = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            out.append(top)
            out += [top.child(j) for j in range(top.childCount())]
        return out

    def item_for(self, entry_id: str | None) -> QTreeWidgetItem | None:
        """The row of a palette entry (None: the select row)."""
        wanted = entry_id or SELECT_TOOL
        return next((i for i in self._all_items() if i.data(0, Qt.ItemDataRole.UserRole) == wanted), None)

    def _on_tree_item_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        entry = item.data(0, Qt.ItemDataRole.UserRole)
        if entry:
            self.tool_chosen.emit(None if entry == SELECT_TOOL else entry)


class ProblemsDock(QDockWidget):
    """Errors and warnings of the document; clicking one selects its culprit."""

    finding_activated = Signal(object)  # Finding

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EditorProblems")
        self.list = QListWidget(self)
        self.list.setObjectName("problems_list")
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._on_list_item_clicked)
        self.setWidget(self.list)
        self.findings: list[Finding] = []

    def show_findings(self, findings: list[Finding], lang: str, ok_text: Text | None = None) -> None:
        """List the findings, errors first (``ok_text``: what an empty list means)."""
        self.findings = list(findings)
        self.list.clear()
        if not findings:
            text = ok_text.render(lang) if ok_text is not None else tr("No problems: the mission can be played.")
            ok = QListWidgetItem("✔ " + text)
            ok.setForeground(QBrush(QColor("#1b5e20")))
            self.list.addItem(ok)
            return
        for finding in findings:
            mark = "✖" if finding.severity == "error" else "⚠"
            where = f" [{finding.where}]" if finding.where else ""
            item = QListWidgetItem(f"{mark} {finding.message.render(lang)}{where}\n    {finding.path}")
            item.setForeground(QBrush(ERROR_COLOUR if finding.severity == "error" else WARNING_COLOUR))
            item.setData(Qt.ItemDataRole.UserRole, self.list.count())
            self.list.addItem(item)

    def _on_list_item_clicked(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(index, int) and 0 <= index < len(self.findings):
            self.finding_activated.emit(self.findings[index])


Setter = Callable[[FieldSpec, Any], Text | None]


class FieldForm(QWidget):
    """A form over :class:`FieldSpec` values: checked as you type, committed when the field is left."""

    def __init__(self, setter: Setter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setter = setter
        self.layout_ = QFormLayout(self)
        self.layout_.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.specs: list[FieldSpec] = []
        self.editors: dict[tuple[Any, ...], QWidget] = {}
        self.errors: dict[tuple[Any, ...], QLabel] = {}
        self._key: list[Any] = []
        self.lang = "en"

    def set_fields(self, specs: list[FieldSpec], data: Any, lang: str) -> None:
        """Show ``specs`` with their current values (rebuilt only when the fields themselves change)."""
        key = [(s.path, s.kind, s.choices, s.label.render(lang)) for s in specs]
        if key != self._key or lang != self.lang:
            self._key, self.lang = key, lang
            self._rebuild(specs)
        for spec in specs:
            self._show_value(spec, data)

    def _rebuild(self, specs: list[FieldSpec]) -> None:
        while self.layout_.rowCount():
            self.layout_.removeRow(0)
        self.specs, self.editors, self.errors = list(specs), {}, {}
        for spec in specs:
            editor = self._editor(spec)
            error = QLabel(self)
            error.setStyleSheet(f"color: {ERROR_COLOUR.name()};")
            error.hide()
            box = QWidget(self)
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(editor)
            column.addWidget(error)
            self.editors[spec.path], self.errors[spec.path] = editor, error
            self.layout_.addRow(spec.label.render(self.lang), box)

    def _editor(self, spec: FieldSpec) -> QWidget:
        if spec.kind == "bool":
            box = QCheckBox(self)
            box.toggled.connect(lambda on, s=spec: self._commit(s, on))
            return box
        if spec.kind == "choice":
            combo = QComboBox(self)
            for value in ([""] if spec.optional else []) + list(spec.choices):
                combo.addItem(spec.choice_label(value, self.lang), value)  # shown by name, committed by value
            combo.activated.connect(lambda _i, s=spec, c=combo: self._commit(s, c.currentData()))
            return combo
        if spec.kind == "multi":
            return self._multi(spec)
        line = QLineEdit(self)
        line.textEdited.connect(lambda text, s=spec: self._check(s, text))
        line.editingFinished.connect(lambda s=spec, ed=line: self._commit_text(s, ed))
        return line

    def _multi(self, spec: FieldSpec) -> QWidget:
        listing = QListWidget(self)
        for choice in spec.choices:
            item = QListWidgetItem(spec.choice_label(choice, self.lang))
            item.setData(CHOICE, choice)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            listing.addItem(item)
        listing.setMaximumHeight(min(140, 22 * max(1, len(spec.choices)) + 6))
        listing.itemChanged.connect(lambda _item, s=spec, w=listing: self._commit(s, _checked(w)))
        return listing

    def _show_value(self, spec: FieldSpec, data: Any) -> None:
        editor, value = self.editors.get(spec.path), current_text(data, spec)
        if editor is None or editor.hasFocus():
            return
        editor.blockSignals(True)
        if isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QComboBox):
            if (index := editor.findData(str(value))) >= 0:
                editor.setCurrentIndex(index)
        elif isinstance(editor, QListWidget):
            for i in range(editor.count()):
                item = editor.item(i)
                ticked = item.data(CHOICE) in value
                item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
        elif isinstance(editor, QLineEdit):
            editor.setText(str(value))
        editor.blockSignals(False)

    def _check(self, spec: FieldSpec, raw: Any) -> bool:
        """Show why ``raw`` is refused (as the user types); True when it is acceptable."""
        label = self.errors[spec.path]
        try:
            parse_field(spec, raw)
        except FieldValueError as exc:
            label.setText(exc.text.render(self.lang))
            label.show()
            return False
        label.hide()
        return True

    def _commit_text(self, spec: FieldSpec, editor: QLineEdit) -> None:
        if self._check(spec, editor.text()):
            self._commit(spec, editor.text())

    def _commit(self, spec: FieldSpec, raw: Any) -> None:
        refused = self.setter(spec, raw)
        label = self.errors.get(spec.path)
        if refused is not None and label is not None:
            label.setText(refused.render(self.lang))
            label.show()


def _checked(listing: QListWidget) -> list[str]:
    items = [listing.item(i) for i in range(listing.count())]
    return [str(item.data(CHOICE)) for item in items if item.checkState() == Qt.CheckState.Checked]


class FormDock(QDockWidget):
    """A scrollable form, with optional buttons on top (the inspector's Rotate/Flip/Delete)."""

    def __init__(self, name: str, setter: Setter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        body = QWidget(self)
        column = QVBoxLayout(body)
        self.caption = QLabel(body)
        self.caption.setWordWrap(True)
        self.buttons = QHBoxLayout()
        column.addWidget(self.caption)
        column.addLayout(self.buttons)
        self.form = FieldForm(setter, body)
        column.addWidget(self.form)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)

    def add_button(self, name: str, handler: Callable[[], None]) -> QPushButton:
        """A button above the form."""
        button = QPushButton(self)
        button.setObjectName(name)
        button.clicked.connect(lambda _=False: handler())
        self.buttons.addWidget(button)
        return button
