"""The UI plug-in seam: per-system widgets, found by the name a system declares (DESIGN §3a).

Everything a system shows on the board is a neutral piece description drawn by the generic renderer; a
widget of its own is the exception. Such a widget lives in app/ui and is listed here under a name; a system
selects it by declaring that name in a capability (its editor plug-in's ``tile_editor_kit.widget`` for a
tile editor), and hands it the Qt-free model it edits. app/ui never imports a system.
"""

from __future__ import annotations

import importlib
from typing import Any

WIDGETS: dict[str, tuple[str, str]] = {
    "square-tiles": ("app.ui.editor.tiles", "TileEditorWindow"),
}
"""Widget name -> (module, class); modules are imported when a widget is first asked for."""


def widget_class(name: str) -> Any:
    """The widget class registered as ``name``.

    Raises:
        KeyError: No widget is registered under that name.
    """
    module, attribute = WIDGETS[name]
    return getattr(importlib.import_module(module), attribute)
