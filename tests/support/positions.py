"""Sessions from small JSON positions (issue 13 item 7): a test writes the position as data, never the state by hand.

``sas_mission`` builds an SAS mission dict on a one-tile board drawn from text rows (legend of
``app.systems.sas.tiles.checks.LEGEND``: '.' regular, 'T' forest, '~' water, 'B' building, ...) with edges given as
``("C6", "N", "hedge")``; its ``position`` section places the pieces. ``sas_session`` and ``sas_state`` open it the
way the app opens a mission file (validated model, runtime, ``initial_state``). ``load_position_file`` opens a
position file under tests/ through the scenario catalog, so its errors are the ones a player would see.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.core.session import Session
from app.scenario.catalog import open_session
from app.systems.cca import SYSTEM as CCA
from app.systems.sas import SYSTEM as SAS
from app.systems.sas.mission import SasMission
from app.systems.sas.state import SasState
from app.systems.sas.tables import tables

POSITIONS = Path(__file__).parent / "positions"
OPEN = ["." * 12] * 12
Edge = tuple[str, str, str]  # square label, side, kind ("hedge", "window", "high_wall+grapple", ...)


def tile_library(rows: Sequence[str], edges: Sequence[Edge] = ()) -> Path:
    """A tile library holding one map tile drawn from ``rows``, written once per content to a folder of the temp
    folder; the mission names it ``tiles.json`` and its session takes that folder as the mission's folder."""
    edge_specs = []
    for at, side, kind in edges:
        name, _, prop = kind.partition("+")
        edge_specs.append({"at": at, "side": side, "kind": name, **({prop: True} if prop else {})})
    tile = {
        "id": "position",
        "name_en": "Position",
        "name_zh": "局面",
        "size": [len(rows[0]), len(rows)],
        "sides": {"A": {"rows": list(rows), "edges": edge_specs}},
    }
    library = {"format": "adjutant-tiles", "schema_version": 1, "id": "positions", "name": "Positions", "tiles": [tile]}
    text = json.dumps(library, sort_keys=True)
    folder = Path(tempfile.gettempdir()) / "adjutant-positions" / hashlib.sha1(text.encode()).hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "tiles.json"
    if not path.exists():  # written whole, then renamed: a parallel test never reads half a file
        partial = folder / f"tiles.{os.getpid()}.tmp"
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    return path


def sas_mission(
    position: dict[str, Any],
    rows: Sequence[str] = OPEN,
    edges: Sequence[Edge] = (),
    **fields: Any,
) -> dict[str, Any]:
    """An SAS mission dict: the team is every operator the position names (unless ``operators`` is given), meter 6,
    the core event deck without an event window, a major victory for getting nobody out; ``fields`` override."""
    team = [o["id"] for o in position.get("operators", []) if o["id"] in tables().operators]
    return {
        "format": "adjutant-scenario",
        "system": "sas",
        "schema_version": 1,
        "id": "position",
        "title": {"en": "Position"},
        "board": {
            "kind": "tiled",
            "library": "tiles.json",
            "tiles": [{"tile": "position", "side": "A", "at": [0, 0]}],
        },
        "operators": team or ["jock"],
        "stealth": {"normal": 6},
        "victory": [{"level": "major"}],
        "position": position,
        **fields,
    }


Rows = Sequence[str]


def sas_session(position: dict[str, Any], rows: Rows = OPEN, edges: Sequence[Edge] = (), **fields: Any) -> Session:
    """A session on a position (see :func:`sas_mission`), opened as the app opens a mission."""
    model = SasMission.model_validate(sas_mission(position, rows, edges, **fields))
    return Session(SAS, model, folder=tile_library(rows, edges).parent)


def sas_state(position: dict[str, Any], rows: Rows = OPEN, edges: Sequence[Edge] = (), **fields: Any) -> SasState:
    """The state a position sets up."""
    state = sas_session(position, rows, edges, **fields).state
    assert isinstance(state, SasState)
    return state


def load_position_file(name: str, seed: int = 1) -> Session:
    """A session on ``tests/support/positions/<name>`` through the scenario catalog."""
    return open_session(POSITIONS / name, {"sas": SAS, "cca": CCA}, seed=seed)


def with_position(path: Path, position: dict[str, Any], seed: int = 1) -> Session:
    """A session on the scenario file ``path`` (any system) started from ``position`` instead of its own."""
    data = json.loads(path.read_text("utf-8"))
    system = {"sas": SAS, "cca": CCA}[data["system"]]
    model = system.scenario_model().model_validate({**data, "position": position})
    return Session(system, model, seed=seed, folder=path.parent)
