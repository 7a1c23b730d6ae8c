"""Build the bundled Third Reich scenarios (scenarios/third_reich/*.json) from the authored tables.

Run from the repository root: ``.venv/bin/python packaging/third_reich/build_scenarios.py``. The tables are
areas.py (map facts), forces.py (counter mix, nations, 1939 set-up) and deck.py (strategy cards); the
scenarios below differ in turns, status of the nations, control of areas and the units on the map. The JSON
files are the data the game and the editor read; this script only keeps the three consistent.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from areas import LANDS, SEAS
from deck import CARDS, card_json
from forces import COUNTERS, NATIONS, SHORT_ZH
from scenarios_data import SCENARIOS

OUT = Path("scenarios/third_reich")
BOARD = "resources:boards/third_reich_europe_1939.json"
SPECIAL = {
    "berlin": "berlin",
    "paris": "paris",
    "london": "london",
    "moscow": "moscow",
    "warsaw": "warsaw",
    "brest": "brest",
    "galicia": "galicia",
    "egypt": "egypt",
    "north_atlantic": "north_atlantic",
    "central_atlantic": "central_atlantic",
    "east_mediterranean": "eastern_mediterranean",
    "baltic_sea": "baltic_sea",
    "black_sea": "black_sea",
    "urals": "urals",
    "middle_east": "middle_east",
}


def areas(control: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Game data of every area (TR-MAP-2): resource, nationality, capital, minor-ally boundary, control."""
    out: dict[str, dict[str, Any]] = {}
    for land in LANDS:
        data: dict[str, Any] = {}
        if land.resource != "none":
            data["resource"] = land.resource
        if land.nation:
            data["nation"] = land.nation
        if land.id in control and control[land.id] != land.nation:
            data["control"] = control[land.id]
        if land.north:
            data["north_of_boundary"] = True
        if land.capital:
            data["capital"] = True
        out[land.id] = data
    for sea in SEAS:
        out[sea.id] = {"resource": sea.resource} if sea.resource != "none" else {}
    return out


def nations(status: dict[str, tuple[str, str]]) -> list[dict[str, Any]]:
    """Every nation, with side and status overridden where the scenario says so (TR-NAT-4)."""
    out = []
    for code, (en, zh, side, state, joins, boundary, returnable) in NATIONS.items():
        side, state = status.get(code, (side, state))
        out.append(
            {
                "code": code,
                "name": {"en": en, "zh_CN": zh},
                "short": {"en": code, "zh_CN": SHORT_ZH[code]},
                "side": side,
                "status": state,
                "joins": joins,
                "minor_boundary": boundary,
                "returnable": returnable,
            }
        )
    return out


def counters() -> list[dict[str, Any]]:
    """The counter mix (TR-UNIT-3)."""
    out = []
    for design, (nation, kind, attack, durability, movement, air, vichy, jet) in COUNTERS.items():
        item: dict[str, Any] = {"id": design, "nation": nation, "type": kind}
        item |= {"attack": attack, "durability": durability, "movement": movement, "air": air}
        if vichy:
            item["vichy"] = True
        if jet:
            item["jet"] = True
        out.append(item)
    return out


def setup(placements: tuple[tuple[str, str, int], ...]) -> list[dict[str, Any]]:
    """Placements in the scenario format, merged by (design, where) in first-seen order."""
    merged: Counter[tuple[str, str]] = Counter()
    for design, where, count in placements:
        merged[(design, where)] += count
    return [{"unit": d, "at": w, "count": n} for (d, w), n in merged.items()]


def cards(starts: dict[str, str]) -> list[dict[str, Any]]:
    """Both decks; ``starts`` moves cards already developed (deck) or spent (removed)."""
    out = []
    for card in CARDS:
        item = card_json(card)
        item["start"] = starts.get(item["id"], item["start"])
        out.append(item)
    return out


def scenario(spec: dict[str, Any]) -> dict[str, Any]:
    """A whole scenario file from its particulars."""
    doc: dict[str, Any] = {
        "format": "adjutant-scenario",
        "system": "third_reich",
        "schema_version": 1,
        "id": spec["id"],
        "title": spec["title"],
        "description": spec["description"],
    }
    if spec.get("default"):
        doc["default"] = True
    doc |= {
        "board": BOARD,
        "areas": areas(spec.get("control", {})),
        "special": SPECIAL,
        "nations": nations(spec.get("status", {})),
        "counters": counters(),
        "setup": setup(spec["setup"]),
        "cards": cards(spec.get("cards", {})),
        "entry_track": {"entry": 3, "positions": spec["entry"], "us_resources_from": 2},
        "turns": spec["turns"],
        "victory": spec.get("victory", {}),
        "done": spec.get("done", []),
    }
    return doc


def main() -> int:
    """Write every scenario."""
    for spec in SCENARIOS:
        path = OUT / f"{spec['id']}.json"
        path.write_text(json.dumps(scenario(spec), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
