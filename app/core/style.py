"""A game system's colours, read from its ``data/style.json`` (DESIGN §3a: styles live with the system).

A system declares ``app.core.capabilities.HasStyle`` and turns its pieces' states into
:class:`~app.core.view.Badge` values and colours its sides and board marks from its style, so the UI draws
every system's pieces from the neutral descriptions alone.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.core.view import Badge, Style


@lru_cache(maxsize=8)
def load_style(path: Path) -> Style:
    """Read a ``style.json``: ``sides``, ``badges`` (``{"colour", "glyph"}`` by state), ``marks``, ``glyphs``,
    ``colours``.

    Raises:
        OSError: The file cannot be read.
        ValueError: It is not valid JSON of that shape.
    """
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    badges = {name: Badge(str(b["glyph"]), str(b["colour"]), name) for name, b in data.get("badges", {}).items()}
    return Style(
        sides={str(k): str(v) for k, v in data.get("sides", {}).items()},
        badges=badges,
        marks={str(k): str(v) for k, v in data.get("marks", {}).items()},
        glyphs={str(k): dict(v) for k, v in data.get("glyphs", {}).items()},
        colours={str(k): str(v) for k, v in data.get("colours", {}).items()},
    )
