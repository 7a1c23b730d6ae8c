"""New things in the Typhoon editor: the starting document and new counters (TY-UNIT-2, TY-UNIT-3, TY-HQ-1).

A new counter gets the printed values of a typical division of its type and side (mechanised types print
attack and defence, the others one value); an HQ also gets its command card.
"""

from __future__ import annotations

from typing import Any

from app.scenario.editor.document import JsonPath, Transaction

# side -> symbol -> (full, reduced or None, movement, command range or None)
NEW_COUNTERS: dict[str, dict[str, tuple[list[int], list[int] | None, int, int | None]]] = {
    "axis": {
        "armour": ([8, 5], [4, 3], 6, None),
        "motorized": ([6, 5], [3, 3], 6, None),
        "infantry": ([4], [2], 4, None),
        "cavalry": ([3], [1], 5, None),
        "security": ([2], None, 4, None),
        "mountain": ([4], [2], 4, None),
        "hq": ([2], [1], 4, 4),
    },
    "soviet": {
        "armour": ([5, 3], [2, 2], 5, None),
        "motorized": ([4, 4], [2, 2], 5, None),
        "infantry": ([3], [1], 3, None),
        "cavalry": ([2], [1], 5, None),
        "hq": ([1], [1], 4, 3),
    },
}
_PREFIX = {"axis": "ger", "soviet": "sov"}
_NAMES = {
    "armour": ("Pz", "装甲师"),
    "motorized": ("Mot", "摩托化师"),
    "infantry": ("Inf", "步兵师"),
    "cavalry": ("Cav", "骑兵师"),
    "security": ("Sec", "保安师"),
    "mountain": ("Mtn", "山地师"),
    "hq": ("HQ", "司令部"),
}


def counter(uid: str, side: str, symbol: str, number: int, army: str = "") -> dict[str, Any]:
    """A counter with the values of a typical division of ``symbol`` for ``side``."""
    full, reduced, movement, reach = NEW_COUNTERS[side][symbol]
    en, zh = _NAMES[symbol]
    unit: dict[str, Any] = {
        "id": uid,
        "side": side,
        "name_en": f"{number} {en}",
        "name_zh": f"第{number}{zh}",
        "army": army,
        "symbol": symbol,
        "nationality": "army" if side == "axis" else "red",
        "full": full,
        "movement": movement,
    }
    if reduced is not None:
        unit["reduced"] = reduced
    if reach is not None:
        unit["command_range"] = reach
    return unit


def new_counter(tx: Transaction, side: str, symbol: str, label: str) -> JsonPath | None:
    """Add a counter of ``symbol`` for ``side`` at hex ``label`` (and its card, for an HQ)."""
    if symbol not in NEW_COUNTERS.get(side, {}):
        return None
    taken = {str(u.get("id")) for u in tx.get(("units",), [])} | {str(p.get("unit")) for p in tx.get(("setup",), [])}
    number = next(n for n in range(1, 10_000) if f"{_PREFIX[side]}-new-{n}" not in taken)
    uid = f"{_PREFIX[side]}-new-{number}"
    index = tx.append(("units",), counter(uid, side, symbol, number))
    tx.append(("setup",), {"unit": uid, "at": label})
    if symbol == "hq":
        tx.append(("cards",), {"id": uid, "side": side, "kind": "hq", "hq": uid})
    return ("units", index)


def new_document() -> dict[str, Any]:
    """A 12 x 9 map with a river, a road, a railway, a town, a city and a supply source a side; two HQs with
    three divisions each; three turns."""
    units = [
        counter("ger-hq-1", "axis", "hq", 1, "1A"),
        counter("ger-pz-1", "axis", "armour", 1, "1A"),
        counter("ger-pz-2", "axis", "armour", 2, "1A"),
        counter("ger-inf-1", "axis", "infantry", 1, "1A"),
        counter("sov-hq-1", "soviet", "hq", 1, "1A"),
        counter("sov-inf-1", "soviet", "infantry", 1, "1A"),
        counter("sov-inf-2", "soviet", "infantry", 2, "1A"),
        counter("sov-inf-3", "soviet", "infantry", 3, "1A"),
    ]
    where = ["0205", "0304", "0306", "0305", "1005", "0704", "0705", "0706"]
    return {
        "format": "adjutant-scenario",
        "system": "typhoon",
        "schema_version": 1,
        "id": "new_operation",
        "title": {"en": "New operation", "zh_CN": "新作战"},
        "description": {"en": "A new Typhoon scenario.", "zh_CN": "新的台风行动剧本。"},
        "board": _new_board(),
        "units": units,
        "cards": [
            {"id": "AXIS-1A", "side": "axis", "kind": "hq", "hq": "ger-hq-1"},
            {"id": "SOVIET-1A", "side": "soviet", "kind": "hq", "hq": "sov-hq-1"},
            {"id": "AXIS-REINF", "side": "axis", "kind": "reinf"},
            {"id": "SOVIET-REINF", "side": "soviet", "kind": "reinf"},
        ],
        "setup": [{"unit": u["id"], "at": at} for u, at in zip(units, where, strict=True)],
        "turns": [{"turn": n, "su_com": 2, "ger_com": 2, "su_reinf": 1, "ger_reinf": 1} for n in (1, 2, 3)],
        "victory": {"key_hexes": ["1005"], "sudden_death_turn": None, "final_cities": 1, "final_key": 0},
    }


def _new_board() -> dict[str, Any]:
    river = [(f"06{r:02d}", f"07{r + d:02d}") for r in range(1, 9) for d in (0, 1)]
    return {
        "kind": "hex",
        "name_en": "New map",
        "name_zh": "新地图",
        "orientation": "flat",
        "offset": "odd",
        "columns": 12,
        "rows": 9,
        "default_terrain": "clear",
        "terrain": {
            "0802": "light_forest",
            "0803": "light_forest",
            "0902": "deep_forest",
            "0808": "swamp",
            "1005": "large_city",
        },
        "hexsides": [{"a": a, "b": b, "kind": "river"} for a, b in river],
        "roads": [["0105", "0205", "0305", "0405", "0505", "0605", "0705", "0805", "0905", "1005"]],
        "railways": [[f"{c:02d}06" for c in range(1, 13)]],
        "marks": [
            {"at": "1005", "kind": "large_city", "name_en": "City", "name_zh": "城市"},
            {"at": "0405", "kind": "town", "name_en": "Town", "name_zh": "城镇"},
            {"at": "0106", "kind": "supply_source", "side": "axis"},
            {"at": "1206", "kind": "supply_source", "side": "soviet"},
        ],
    }
