"""Counters, cards, set-up and the three scenarios of the Typhoon map (written by ``build_map.py``).

The set-up places each army's divisions in a band of hexes next to the start line (or deeper, for the
Reserve Front's second line): the band is given by latitudes and by the distance from the start line, the
units fill the band's hexes one per hex nearest the line first, then a second layer (stacking 2, TY-STK-1);
the HQ stands one hex behind. The hexes each army uses become its printed set-up area (TY-MAP-2,
TY-SETUP-2). Turn-track values and briefings are at the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import oob
from projection import COLUMNS, axis_side, make_grid, project

from app.geometry.hexgrid import HexGrid

Hex = tuple[int, int]
ROOT = Path(__file__).resolve().parents[2]
OOB_REF = "resources:typhoon/oob_1941.json"

# army -> (north latitude, south latitude, nearest and farthest distance from the front, west/east limits)
BANDS: dict[str, tuple[float, float, int, int, float, float]] = {  # the 30 September set-up
    "9A": (57.10, 55.80, 1, 2, 0.0, 99.0),
    "3PzG": (55.80, 55.30, 1, 3, 0.0, 99.0),
    "4A": (55.30, 54.75, 1, 3, 0.0, 99.0),
    "4PzG": (54.75, 54.20, 1, 3, 0.0, 99.0),
    "2A": (54.20, 53.20, 1, 3, 0.0, 99.0),
    "2PzA": (53.20, 52.70, 1, 3, 33.50, 34.80),
    "22A": (57.10, 56.50, 1, 2, 0.0, 99.0),
    "29A": (56.50, 56.05, 1, 2, 0.0, 99.0),
    "30A": (56.05, 55.60, 1, 2, 0.0, 99.0),
    "19A": (55.60, 55.25, 1, 2, 0.0, 99.0),
    "16A": (55.25, 55.00, 1, 2, 0.0, 99.0),
    "20A": (55.00, 54.72, 1, 2, 0.0, 99.0),
    "24A": (54.72, 54.35, 1, 2, 0.0, 99.0),
    "43A": (54.35, 53.95, 1, 2, 0.0, 99.0),
    "50A": (53.95, 53.45, 1, 2, 0.0, 99.0),
    "3A": (53.45, 53.15, 1, 2, 0.0, 99.0),
    "13A": (53.15, 52.70, 1, 2, 33.50, 36.00),
    "31A": (56.60, 55.90, 4, 6, 0.0, 99.0),
    "32A": (55.90, 55.40, 4, 6, 0.0, 99.0),
    "33A": (55.40, 54.95, 4, 6, 0.0, 99.0),
    "49A": (54.95, 54.40, 4, 6, 0.0, 99.0),
}


def unit_id(kind: str, number: str) -> str:
    """Return the counter id of a division (or of an HQ, kind 'hq')."""
    side = "ger" if kind != "hq" and oob.KINDS[kind][0] == "axis" else "sov"
    if kind == "hq":
        side = "ger" if any(k == number and s == "axis" for k, s, *_r in oob.HQS) else "sov"
    return f"{side}-{kind}-{number}".lower()


def division(kind: str, number: str, army: str) -> dict[str, object]:
    """Return the UnitSpec of a division."""
    side, symbol, nation, full, reduced, move, en, zh = oob.KINDS[kind]
    spec: dict[str, object] = {
        "id": unit_id(kind, number),
        "side": side,
        "name_en": en.format(n=number),
        "name_zh": zh.format(n=number),
        "army": army,
        "symbol": symbol,
        "nationality": nation,
        "full": full,
        "movement": move,
    }
    if reduced is not None:
        spec["reduced"] = reduced
    return spec


def hq(key: str) -> dict[str, object]:
    """Return the UnitSpec of an HQ."""
    for army, side, en, zh, (full, red), move, rng, _cards in oob.HQS:
        if army == key:
            return {
                "id": unit_id("hq", army),
                "side": side,
                "name_en": en,
                "name_zh": zh,
                "army": army,
                "symbol": "hq",
                "nationality": "army" if side == "axis" else "red",
                "full": [full],
                "reduced": [red],
                "movement": move,
                "command_range": rng,
            }
    raise KeyError(key)


def all_units() -> list[dict[str, object]]:
    """Return every counter of the order of battle."""
    units = [hq(army) for army, *_rest in oob.HQS]
    units += [division(k, n, army) for army, divs in oob.SETUP.items() for k, n in divs]
    extra = [*oob.RESERVE, *(x for turn in oob.ARRIVALS.values() for x in turn), *oob.GUARDS]
    units += [division(k, n, "") for k, n in extra if k != "hq"]
    return units


def cards() -> list[dict[str, object]]:
    """Return every command card: one per HQ, two per panzer HQ (one of 2PzA's is Guderian's), REINF,
    RESERVE and OKH."""
    found: list[dict[str, object]] = []
    for army, side, *_rest, count in oob.HQS:
        found.append({"id": army, "side": side, "kind": "hq", "hq": unit_id("hq", army)})
        if count == 2:
            kind = "guderian" if army == "2PzA" else "hq"
            name = ("Guderian", "古德里安") if kind == "guderian" else ("", "")
            found.append(
                {
                    "id": f"{army}-2",
                    "side": side,
                    "kind": kind,
                    "hq": unit_id("hq", army),
                    "name_en": name[0],
                    "name_zh": name[1],
                }
            )
    found += [
        {"id": "AXIS-REINF", "side": "axis", "kind": "reinf", "name_en": "AXIS REINF", "name_zh": "轴心增援"},
        {"id": "SOVIET-REINF", "side": "soviet", "kind": "reinf", "name_en": "SOVIET REINF", "name_zh": "苏军增援"},
        {"id": "OKH", "side": "axis", "kind": "okh", "name_en": "OKH", "name_zh": "陆军总司令部"},
        {"id": "RESERVE", "side": "soviet", "kind": "reserve", "name_en": "RESERVE", "name_zh": "预备队"},
    ]
    return found


def front_depth(grid: HexGrid, axis_side: set[Hex]) -> dict[Hex, int]:
    """Return each hex's distance from the nearest hex of the other side of the start line."""
    soviet = [h for h in grid.locations() if h not in axis_side]
    depth: dict[Hex, int] = {}
    for h in grid.locations():
        other = soviet if h in axis_side else axis_side
        depth[h] = min(grid.distance(h, o) for o in other)
    return depth


def band_hexes(
    grid: HexGrid,
    band: tuple[float, float, int, int, float, float],
    mine: set[Hex],
    depth: dict[Hex, int],
    blocked: set[Hex],
) -> list[Hex]:
    """Return the hexes of a set-up band, nearest the front first, north to south."""
    north, south, near, far, west, east = band
    y0, y1 = project((north, 0.0))[1], project((south, 0.0))[1]
    x0, x1 = project((0.0, west))[0], project((0.0, east))[0]
    found = [
        h
        for h in mine
        if y0 <= grid.centre(h)[1] < y1
        and x0 <= grid.centre(h)[0] <= x1
        and near <= depth[h] <= far
        and h not in blocked
    ]
    return sorted(found, key=lambda h: (depth[h], grid.centre(h)[1], grid.centre(h)[0]))


def spread(layer: list[Hex], count: int) -> list[Hex]:
    """Return ``count`` hexes of ``layer`` spaced evenly along it."""
    if count >= len(layer):
        return list(layer)
    return (
        [layer[round(i * (len(layer) - 1) / max(count - 1, 1))] for i in range(count)]
        if count > 1
        else [layer[len(layer) // 2]]
    )


def slots_for(hexes: list[Hex], depth: dict[Hex, int], count: int) -> list[Hex]:
    """Return one hex per unit: evenly along the front layer, then deeper layers, then doubled (stacks of 2)."""
    layers: dict[int, list[Hex]] = {}
    for h in hexes:
        layers.setdefault(depth[h], []).append(h)
    ordered = [layers[d] for d in sorted(layers)]
    if ordered and count <= len(ordered[0]):
        return spread(ordered[0], count)
    flat = [h for layer in ordered for h in layer]
    if not flat:
        raise ValueError("an empty set-up band")
    return [flat[i % len(flat)] for i in range(count)] if count <= 2 * len(flat) else []


Band = tuple[float, float, int, int, float, float]


def place_armies(
    grid: HexGrid,
    axis_side: set[Hex],
    lakes: set[Hex],
    armies: dict[str, list[tuple[str, str]]],
    bands: dict[str, Band],
) -> tuple[list[dict[str, object]], dict[str, list[str]]]:
    """Return the placements of a set-up (divisions by army, each army in its band) and each army's area.

    A division given as ``(kind, number, "r")`` starts on its reduced side.
    """
    depth = front_depth(grid, axis_side)
    used: set[Hex] = set(lakes)
    setup: list[dict[str, object]] = []
    areas: dict[str, list[str]] = {}
    for army, divs in armies.items():
        side = next(s for a, s, *_r in oob.HQS if a == army)
        mine = axis_side if side == "axis" else {h for h in grid.locations() if h not in axis_side}
        band = bands[army]
        hexes = band_hexes(grid, band, set(mine), depth, used)
        slots = slots_for(hexes, depth, len(divs))
        if not slots:
            raise ValueError(f"{army}: {len(divs)} units do not fit {len(hexes)} hexes")
        for (kind, number, *flags), h in zip(divs, slots, strict=True):
            setup.append({"unit": unit_id(kind, number), "at": grid.label(h)} | ({"reduced": True} if flags else {}))
        behind = band_hexes(
            grid,
            (band[0], band[1], max(depth[h] for h in slots) + 1, 9, band[4], band[5]),
            set(mine),
            depth,
            used | set(slots),
        )
        centre = sorted(slots, key=lambda h: grid.centre(h)[1])[len(slots) // 2]
        behind = behind or [h for h in mine if h not in used and h not in slots]
        home = min(behind, key=lambda h: (grid.distance(h, centre), grid.label(h)))
        setup.append({"unit": unit_id("hq", army), "at": grid.label(home)})
        used |= {*slots, home}
        areas[f"setup_{army}"] = sorted({grid.label(h) for h in (*slots, home)})
    return setup, areas


# Turn track: turn -> (GER Com, SU Com, GER Reinf, SU Reinf). Weather follows the rulebook (TY-WX-1). Turns 1 to 5
# give the Axis every command card while the Soviet command is paralysed (bot-against-bot balance, texts.json; until
# 27 November 2026 GER Com was 7, 7, 5, 5, 5 and SU Com 4, 5, 6, 6, 7).
TRACK: dict[int, tuple[int, int, int, int]] = {
    1: (9, 2, 1, 3),
    2: (9, 3, 2, 3),
    3: (6, 4, 2, 4),
    4: (6, 4, 1, 4),
    5: (6, 5, 1, 4),
    6: (6, 7, 1, 4),
    7: (6, 7, 1, 5),
    8: (5, 8, 1, 5),
    9: (5, 8, 0, 5),
    10: (4, 8, 0, 5),
    11: (4, 8, 0, 5),
    12: (4, 8, 0, 5),
}


DRIVE_FINAL_CITIES = 11
"""Large-city hexes the Axis needs at the end of the drive on Moscow (it starts with 8; texts.json)."""


def turns(first: int, last: int) -> list[dict[str, object]]:
    """Return the turn-track boxes from ``first`` to ``last``."""
    return [
        {"turn": t, "ger_com": TRACK[t][0], "su_com": TRACK[t][1], "ger_reinf": TRACK[t][2], "su_reinf": TRACK[t][3]}
        for t in range(first, last + 1)
    ]


def arrivals(first: int) -> list[dict[str, object]]:
    """Return the arrivals from turn ``first`` on (earlier ones are already in the box)."""
    return [
        {"turn": t, "units": [unit_id(k, n) for k, n in units]}
        for t, units in sorted(oob.ARRIVALS.items())
        if t >= first
    ]


def text(en: str, zh: str) -> dict[str, str]:
    """Return a two-language text."""
    return {"en": en, "zh_CN": zh}


NOVEMBER_BANDS: dict[str, Band] = {  # the drive on Moscow, 15 November
    "9A": (57.10, 56.40, 1, 2, 0.0, 99.0),
    "3PzG": (56.40, 55.95, 1, 2, 0.0, 99.0),
    "4PzG": (55.95, 55.50, 1, 3, 0.0, 99.0),
    "4A": (55.50, 54.45, 1, 2, 0.0, 99.0),
    "2PzA": (54.45, 53.70, 1, 3, 0.0, 99.0),
    "2A": (53.70, 52.70, 1, 2, 0.0, 99.0),
    "31A": (57.10, 56.60, 1, 2, 0.0, 99.0),
    "30A": (56.60, 56.20, 1, 2, 0.0, 99.0),
    "16A": (56.20, 55.80, 1, 2, 0.0, 99.0),
    "5A": (55.80, 55.45, 1, 2, 0.0, 99.0),
    "33A": (55.45, 55.15, 1, 2, 0.0, 99.0),
    "43A": (55.15, 54.85, 1, 2, 0.0, 99.0),
    "49A": (54.85, 54.40, 1, 2, 0.0, 99.0),
    "50A": (54.40, 53.90, 1, 2, 0.0, 99.0),
    "3A": (53.90, 53.40, 1, 2, 0.0, 99.0),
    "13A": (53.40, 52.70, 1, 2, 0.0, 99.0),
}


def header(key: str, title: dict[str, str], description: dict[str, str]) -> dict[str, object]:
    """Return the common header of a scenario file."""
    return {
        "format": "adjutant-scenario",
        "system": "typhoon",
        "schema_version": 1,
        "id": key,
        "title": title,
        "description": description,
        "default": False,
        "board": "resources:boards/typhoon_1941.json",
    }


def east_edge() -> list[str]:
    """Return the hexes of the east map edge (the last column), Soviet sources under §15.4 (TY-OPT-OFF-1).

    The rule opens every hex east of the Soviet sources on the east side (2705, 2714, 2725, in the next-to-last
    column): on this map that is the whole last column, 26 hexes, none of them closed terrain.
    """
    grid = make_grid()
    return sorted(grid.label(h) for h in grid.locations() if int(grid.label(h)[:2]) == COLUMNS)


def common(facts: dict[str, object]) -> dict[str, object]:
    """Return the fields every scenario of this map shares: cards, Moscow, key hexes, the east edge."""
    cities = facts["cities"]
    assert isinstance(cities, dict)
    return {
        "cards": cards(),
        "moscow": cities["moscow"],
        "victory": {"key_hexes": [*cities["moscow"], *cities["tula"]]},
        "east_edge": east_edge(),
    }


def campaign_setup(facts: dict[str, object], placements: list[dict[str, object]]) -> dict[str, object]:
    """Return the set-up fields of a scenario starting on 30 September."""
    boxes = [{"unit": unit_id(k, n), "at": "reserve"} for k, n in oob.RESERVE]
    boxes += [{"unit": unit_id(k, n), "at": "guards"} for k, n in oob.GUARDS]
    return {
        "order_of_battle": OOB_REF,
        "setup": placements + boxes,
        "arrivals": arrivals(1),
        "axis_controlled": facts["axis_controlled"],
    }


TEXTS: dict[str, dict[str, dict[str, str]]] = json.loads(
    (Path(__file__).resolve().parent / "texts.json").read_text(encoding="utf-8")
)
"""Title, description, briefings and balance notes of each scenario, in English and Chinese."""


def texts(key: str) -> dict[str, object]:
    """Return the texts of scenario ``key`` as scenario fields (the title and description go in the header)."""
    found = TEXTS[key]
    return {k: found[k] for k in ("briefing_axis", "briefing_soviet", "balance")}


def campaign(facts: dict[str, object], placements: list[dict[str, object]]) -> dict[str, object]:
    """Return the full campaign, turns 1 to 12."""
    removals = [{"turn": t, "units": [unit_id(k, n) for k, n in units]} for t, units in oob.REMOVALS.items()]
    head = header("typhoon_campaign", TEXTS["campaign"]["title"], TEXTS["campaign"]["description"])
    extra = {"removals": removals, "turns": turns(1, 12)}
    return head | common(facts) | campaign_setup(facts, placements) | extra | texts("campaign")


def encirclement(facts: dict[str, object], placements: list[dict[str, object]]) -> dict[str, object]:
    """Return the Vyazma–Bryansk encirclements: the campaign's first four turns, won on large cities."""
    head = header("typhoon_vyazma_bryansk", TEXTS["encirclement"]["title"], TEXTS["encirclement"]["description"])
    base = common(facts)
    keys = base["victory"]["key_hexes"]  # type: ignore[index]
    victory = {"key_hexes": keys, "sudden_death_turn": None, "final_cities": 4, "final_key": 0}
    extra = {"turns": turns(1, 4), "victory": victory}
    return head | base | campaign_setup(facts, placements) | extra | texts("encirclement")


def drive(facts: dict[str, object], placements: list[dict[str, object]]) -> dict[str, object]:
    """Return the drive on Moscow: turns 6 to 12 from the front of 15 November (its own counters)."""
    placed = {str(p["unit"]) for p in placements}
    reserve = [{"unit": unit_id(k, n), "at": "reserve"} for k, n in oob.NOVEMBER_RESERVE]
    guards = [{"unit": unit_id(k, n), "at": "guards"} for k, n in oob.GUARDS]
    later = [
        {"turn": t, "units": [unit_id(k, n) for k, n in xs if unit_id(k, n) not in placed]}
        for t, xs in sorted(oob.ARRIVALS.items())
        if t >= 6
    ]
    units = [hq(army) for army in oob.NOVEMBER]
    units += [division(x[0], x[1], army) for army, divs in oob.NOVEMBER.items() for x in divs]
    extra = [*oob.NOVEMBER_RESERVE, *oob.GUARDS, *(x for t, xs in oob.ARRIVALS.items() if t >= 6 for x in xs)]
    units += [hq(n) if k == "hq" else division(k, n, "") for k, n in extra if unit_id(k, n) not in placed]
    hqs = {str(u["id"]) for u in units if u["symbol"] == "hq"}
    base = common(facts)
    base["cards"] = [c for c in cards() if c.get("hq") is None or c["hq"] in hqs]
    base["victory"] = {**base["victory"], "final_cities": DRIVE_FINAL_CITIES}  # type: ignore[dict-item]
    head = header("typhoon_drive_on_moscow", TEXTS["drive"]["title"], TEXTS["drive"]["description"])
    fields = {
        "units": units,
        "setup": placements + reserve + guards,
        "arrivals": [a for a in later if a["units"]],
        "first_turn": 6,
        "turns": turns(6, 12),
        "axis_controlled": facts["november_axis_controlled"],
    }
    return head | base | fields | texts("drive")


def dump(path: Path, data: object) -> None:
    """Write a JSON file the way the repository keeps them (indent 1, UTF-8)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write_all(board: dict[str, object], facts: dict[str, object]) -> None:
    """Add the set-up areas to ``board`` and write the order of battle and the three scenarios."""
    import geography as geo

    grid = make_grid()
    terrain = facts["terrain"]
    assert isinstance(terrain, dict)
    lakes = {grid.from_label(k) for k, v in terrain.items() if v == "lake"}
    start = {grid.from_label(x) for x in facts["axis_side"]}  # type: ignore[attr-defined]
    placements, areas = place_armies(grid, start, lakes, oob.SETUP, BANDS)  # type: ignore[arg-type]
    spec = board["board"]
    assert isinstance(spec, dict)
    spec["areas"] = areas
    november = axis_side(grid, geo.NOVEMBER_LINE)
    towns = [*facts["towns"].values(), *(x for v in facts["cities"].values() for x in v)]  # type: ignore[attr-defined]
    facts["november_axis_controlled"] = sorted(x for x in towns if grid.from_label(x) in november)
    late, _areas = place_armies(grid, november, lakes, oob.NOVEMBER, NOVEMBER_BANDS)
    dump(
        ROOT / "resources" / "typhoon" / "oob_1941.json",
        {
            "format": "typhoon-oob",
            "notes": "Order of battle of 30 September 1941 and the reinforcements; written by "
            "packaging/typhoon/build_map.py from packaging/typhoon/oob.py (see docs/typhoon-map.md).",
            "units": all_units(),
        },
    )
    folder = ROOT / "scenarios" / "typhoon"
    dump(folder / "typhoon_campaign.json", campaign(facts, placements))
    dump(folder / "typhoon_vyazma_bryansk.json", encirclement(facts, placements))
    dump(folder / "typhoon_drive_on_moscow.json", drive(facts, late))
