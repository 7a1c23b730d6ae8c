"""Imported first by ``app.__main__``: with every pydantic plugin disabled, skip pydantic's plugin loader.

Adjutant uses no pydantic plugins and ``app.__main__`` sets ``PYDANTIC_DISABLE_PLUGINS=__all__``. Pydantic's first
validator still imports its plugin loader (``pydantic.plugin._loader``), whose module imports
``importlib.metadata`` (with email, zipfile, csv, ...: ≈ 18 ms of the start, DESIGN §10) for an entry-point scan
that the setting then skips. Imported before pydantic while plugins are disabled, this module puts in the
loader's place a stand-in whose ``get_plugins`` answers as the loader does then: no plugins.
tests/test_registry.py checks that ``get_plugins`` is all pydantic takes from its loader.
"""

from __future__ import annotations

import os
import sys
import types

LOADER = "pydantic.plugin._loader"
DISABLED = ("__all__", "1", "true")  # the values for which pydantic's get_plugins returns () at once


def no_plugins() -> tuple[()]:
    """What pydantic's ``get_plugins`` returns while ``PYDANTIC_DISABLE_PLUGINS`` disables every plugin."""
    return ()


def stand_in() -> bool:
    """Put the stand-in loader in place, unless plugins may be enabled or pydantic was imported already."""
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in DISABLED or "pydantic" in sys.modules:
        return False
    loader = types.ModuleType(LOADER, "Stand-in for pydantic's plugin loader: every plugin is disabled.")
    loader.__dict__["get_plugins"] = no_plugins
    sys.modules.setdefault(LOADER, loader)
    return True


stand_in()
