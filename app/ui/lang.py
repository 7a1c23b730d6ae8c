"""Languages of the interface: Qt translators for UI strings, the current language for core Text values."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

I18N = Path(__file__).resolve().parents[2] / "resources" / "i18n"
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}

_installed: list[QTranslator] = []


def translator(context: str) -> Callable[[str], str]:
    """A ``tr(text)`` function for one translation context."""

    def tr(text: str) -> str:
        return QCoreApplication.translate(context, text)

    return tr


def qm_path(lang: str, folder: Path = I18N) -> Path:
    """Where the compiled Qt translation of ``lang`` lives (built by ``make translations``)."""
    return folder / f"adjutant_{lang}.qm"


def install_language(lang: str, folder: Path = I18N) -> bool:
    """Install the Qt translator for ``lang`` (removing the previous one); False if no .qm (English is used)."""
    app = QCoreApplication.instance()
    if app is None:
        return False
    while _installed:
        app.removeTranslator(_installed.pop())
    if lang == "en":
        return True
    path = qm_path(lang, folder)
    if not path.exists():
        return False
    qt_translator = QTranslator(app)
    if not qt_translator.load(str(path)):
        return False
    app.installTranslator(qt_translator)
    _installed.append(qt_translator)
    return True
