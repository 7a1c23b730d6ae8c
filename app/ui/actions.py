"""Every window action in one table: name, menu, text, shortcuts, status tip (DESIGN §7)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence

CONTEXT = "Actions"


@dataclass(frozen=True)
class ActionSpec:
    """One action: where it lives, what it says, how to reach it from the keyboard."""

    name: str
    menu: str  # "game", "edit", "view", "settings", "help"
    text: str
    shortcuts: tuple[str, ...]
    tip: str
    checkable: bool = False


def _(text: str) -> str:
    """Mark a string for translation (translated at use time with the Actions context)."""
    return text


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("new", "game", _("&New game…"), ("Ctrl+N",), _("Back to the start page to choose a game")),
    ActionSpec("open", "game", _("&Open save…"), ("Ctrl+O",), _("Open a saved game")),
    ActionSpec("save", "game", _("&Save"), ("Ctrl+S",), _("Save the game")),
    ActionSpec("save_as", "game", _("Save &as…"), ("Ctrl+Shift+S",), _("Save the game to a new file")),
    ActionSpec("quit", "game", _("&Quit"), ("Ctrl+Q",), _("Close Adjutant (the game is autosaved)")),
    ActionSpec("undo", "edit", _("&Undo"), ("Ctrl+Z",), _("Take back the last command")),
    ActionSpec("redo", "edit", _("&Redo"), ("Ctrl+Shift+Z", "Ctrl+Y"), _("Replay the command taken back")),
    ActionSpec("continue", "edit", _("&Continue"), ("Space",), _("Play the next automated step")),
    ActionSpec(
        "step_mode",
        "edit",
        _("S&tep through automation"),
        ("Ctrl+T",),
        _("Wait for Continue before each automated step"),
        checkable=True,
    ),
    ActionSpec(
        "ask_all",
        "edit",
        _("Ask every &question"),
        (),
        _("Forget fast play: show every decision, even those answered with their default"),
    ),
    ActionSpec("deselect", "edit", _("Clear selection"), ("Esc",), _("Deselect the counter")),
    ActionSpec("fit", "view", _("&Fit board"), ("F",), _("Show the whole board")),
    ActionSpec("zoom_in", "view", _("Zoom &in"), ("+", "=", "Ctrl++"), _("Zoom in")),
    ActionSpec("zoom_out", "view", _("Zoom &out"), ("-", "Ctrl+-"), _("Zoom out")),
    ActionSpec("minimap", "view", _("&Minimap"), ("M",), _("Show or hide the minimap"), checkable=True),
    ActionSpec("labels", "view", _("Location &labels"), ("L",), _("Show or hide square and hex names"), checkable=True),
    ActionSpec("lang_en", "settings", "English", ("Ctrl+Alt+E",), _("Switch the interface to English"), checkable=True),
    ActionSpec(
        "lang_zh_CN",
        "settings",
        "简体中文",
        ("Ctrl+Alt+C",),
        _("Switch the interface to Simplified Chinese"),
        checkable=True,
    ),
    ActionSpec("preferences", "settings", _("&Preferences…"), ("Ctrl+,",), _("Language, table mode, counter size")),
    ActionSpec("how_to_play", "help", _("&How to play"), ("F1",), _("The guide to this game")),
    ActionSpec("shortcuts", "help", _("&Keyboard shortcuts"), ("Ctrl+/",), _("Every action and its keys")),
)

MENUS: tuple[tuple[str, str], ...] = (
    ("game", _("&Game")),
    ("edit", _("&Play")),
    ("view", _("&View")),
    ("settings", _("&Settings")),
    ("help", _("&Help")),
)


def tr(text: str) -> str:
    """Translate an action or menu string."""
    return QCoreApplication.translate(CONTEXT, text)


def build_actions(parent: QObject) -> dict[str, QAction]:
    """Create a QAction for every row of the table."""
    actions: dict[str, QAction] = {}
    for spec in ACTIONS:
        action = QAction(parent)
        action.setObjectName(f"action_{spec.name}")
        action.setShortcuts([QKeySequence(s) for s in spec.shortcuts])
        action.setCheckable(spec.checkable)
        actions[spec.name] = action
    retranslate_actions(actions)
    return actions


def retranslate_actions(actions: dict[str, QAction]) -> None:
    """Set texts and tips in the current language."""
    for spec in ACTIONS:
        action = actions[spec.name]
        text = spec.text if spec.name.startswith("lang_") else tr(spec.text)
        action.setText(text)
        keys = ", ".join(QKeySequence(s).toString(QKeySequence.SequenceFormat.NativeText) for s in spec.shortcuts)
        action.setStatusTip(tr(spec.tip))
        action.setToolTip(f"{text.replace('&', '')} ({keys})" if keys else text.replace("&", ""))
