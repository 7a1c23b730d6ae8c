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
from build_map import make_grid, project

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
    "2PzA": (53.20, 52.70, 1, 3, 33.50, 36.00),
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


# Turn track: turn -> (GER Com, SU Com, GER Reinf, SU Reinf). Weather follows the rulebook (TY-WX-1).
TRACK: dict[int, tuple[int, int, int, int]] = {
    1: (7, 4, 1, 3),
    2: (7, 5, 2, 3),
    3: (5, 6, 2, 4),
    4: (5, 6, 1, 4),
    5: (5, 7, 1, 4),
    6: (6, 7, 1, 4),
    7: (6, 7, 1, 5),
    8: (5, 8, 1, 5),
    9: (5, 8, 0, 5),
    10: (4, 8, 0, 5),
    11: (4, 8, 0, 5),
    12: (4, 8, 0, 5),
}


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


def common(facts: dict[str, object]) -> dict[str, object]:
    """Return the fields every scenario of this map shares: cards, Moscow, key hexes."""
    cities = facts["cities"]
    assert isinstance(cities, dict)
    return {
        "cards": cards(),
        "moscow": cities["moscow"],
        "victory": {"key_hexes": [*cities["moscow"], *cities["tula"]]},
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


VICTORY_AXIS = text(
    "At the end of turn 10 you win at once if you control 10 large-city hexes, 2 of them in Moscow or Tula, each "
    "able to trace a line of communication. At the end of turn 12 you win with 8 such hexes, provided that at "
    "some moment you controlled 2 Moscow or Tula hexes at the same time. Otherwise the Soviet player wins.",
    "第10回合结束时，若你控制10个大城市六角格（其中2个位于莫斯科或图拉），且每个都能追溯交通线，你立即获胜。"
    "第12回合结束时，若你控制8个这样的六角格，并且曾在某一时刻同时控制2个莫斯科或图拉六角格，你获胜。否则苏军获胜。",
)


def campaign(facts: dict[str, object], placements: list[dict[str, object]]) -> dict[str, object]:
    """Return the full campaign, turns 1 to 12."""
    return (
        header(
            "typhoon_campaign",
            text("Operation Typhoon 1941 — the campaign", "台风行动1941——完整战役"),
            text(
                "The whole of Operation Typhoon, 30 September to mid-December 1941, on a map from Smolensk to beyond Moscow "
                "and from Kalinin to Orel. Army Group Centre's three panzer groups and three armies attack the Western, "
                "Reserve and Bryansk Fronts. Twelve turns: mud from turn 3, frost on turns 6 and 7, snow from turn 8.",
                "完整的台风行动（1941年9月30日至12月中旬），地图从斯摩棱斯克延伸到莫斯科以东、从加里宁延伸到奥廖尔。"
                "中央集团军群的三个装甲集群和三个集团军进攻西方面军、预备队方面军和布良斯克方面军。共12回合："
                "第3回合起泥泞，第6、7回合霜冻，第8回合起降雪。",
            ),
        )
        | common(facts)
        | campaign_setup(facts, placements)
        | {
            "removals": [{"turn": t, "units": [unit_id(k, n) for k, n in units]} for t, units in oob.REMOVALS.items()],
            "turns": turns(1, 12),
            "briefing_axis": text(
                "Break through on the first two dry turns and close the pockets before the mud of turn 3 halves your "
                "speed. Then take large cities. " + VICTORY_AXIS["en"] + " Smolensk is yours at the start.",
                "在头两个干燥回合突破并在第3回合的泥泞使你的速度减半之前封闭包围圈，然后夺取大城市。"
                + VICTORY_AXIS["zh_CN"]
                + "斯摩棱斯克开局即由你控制。",
            ),
            "briefing_soviet": text(
                "Your three fronts are thin and your command is slow on turn 1 (four command cards). Trade space for "
                "time, man the Mozhaisk line and the Oka, and hold Moscow and Tula: without Moscow or Tula hexes the "
                "Axis cannot win. Reinforcements arrive every turn, and on turns 5 to 7 your REINF card also brings four "
                "Moscow garrison units.",
                "你的三个方面军兵力单薄，第1回合指挥迟缓（只有四张指挥卡）。以空间换时间，守住莫扎伊斯克防线和奥卡河，"
                "并坚守莫斯科和图拉：没有莫斯科或图拉的六角格，轴心国无法获胜。每回合都有增援到达，第5至7回合你的增援卡"
                "还会额外带来四个莫斯科卫戍部队。",
            ),
            "balance": BALANCE["campaign"],
        }
    )


def encirclement(facts: dict[str, object], placements: list[dict[str, object]]) -> dict[str, object]:
    """Return the Vyazma–Bryansk encirclements: the campaign's first four turns."""
    return (
        header(
            "typhoon_vyazma_bryansk",
            text("Vyazma and Bryansk — the double encirclement", "维亚济马与布良斯克——双重合围"),
            text(
                "The first four turns of Operation Typhoon (October to early November 1941): the panzer groups try to "
                "encircle the Soviet fronts at Vyazma and Bryansk and race for the Mozhaisk line before the mud.",
                "台风行动的前四个回合（1941年10月至11月初）：装甲集群试图在维亚济马和布良斯克合围苏军各方面军，"
                "并在泥泞到来之前抢先抵达莫扎伊斯克防线。",
            ),
        )
        | common(facts)
        | campaign_setup(facts, placements)
        | {
            "turns": turns(1, 4),
            "victory": {
                "key_hexes": common(facts)["victory"]["key_hexes"],
                "sudden_death_turn": None,  # type: ignore[index]
                "final_cities": 7,
                "final_key": 0,
            },
            "briefing_axis": text(
                "At the end of turn 4 you win if you control at least 7 large-city hexes, each able to trace a line of "
                "communication (Smolensk and Roslavl count). Vyazma, Rzhev, Bryansk, Orel, Kaluga and Kalinin are within "
                "reach.",
                "第4回合结束时，若你控制至少7个能追溯交通线的大城市六角格（斯摩棱斯克和罗斯拉夫尔也计入），你获胜。"
                "维亚济马、勒热夫、布良斯克、奥廖尔、卡卢加和加里宁都在可及范围内。",
            ),
            "briefing_soviet": text(
                "Keep the Axis below 7 large-city hexes with a line of communication at the end of turn 4. Cut the "
                "panzer spearheads off from the railways, or hold two of Vyazma, Rzhev, Bryansk, Orel, Kaluga and Kalinin.",
                "在第4回合结束时，使轴心国控制的、能追溯交通线的大城市六角格少于7个。切断装甲矛头与铁路的联系，"
                "或守住维亚济马、勒热夫、布良斯克、奥廖尔、卡卢加和加里宁中的两座。",
            ),
            "balance": BALANCE["encirclement"],
        }
    )


def drive(facts: dict[str, object], placements: list[dict[str, object]]) -> dict[str, object]:
    """Return the drive on Moscow: turns 6 to 12 from the front of 15 November (its own counters)."""
    placed = {str(p["unit"]) for p in placements}
    reserve = [{"unit": unit_id(k, n), "at": "reserve"} for k, n in oob.NOVEMBER_RESERVE]
    guards = [{"unit": unit_id(k, n), "at": "guards"} for k, n in oob.GUARDS]
    later = [{"turn": a["turn"], "units": [u for u in a["units"] if u not in placed]} for a in arrivals(6)]  # type: ignore[attr-defined]
    later = [a for a in later if a["units"]]
    units = [hq(army) for army in oob.NOVEMBER]
    units += [division(x[0], x[1], army) for army, divs in oob.NOVEMBER.items() for x in divs]
    extra = [*oob.NOVEMBER_RESERVE, *oob.GUARDS, *(x for t, xs in oob.ARRIVALS.items() if t >= 6 for x in xs)]
    units += [hq(n) if k == "hq" else division(k, n, "") for k, n in extra if unit_id(k, n) not in placed]
    hqs = {str(u["id"]) for u in units if u["symbol"] == "hq"}
    base = common(facts)
    base["cards"] = [c for c in cards() if c.get("hq") is None or c["hq"] in hqs]
    return (
        header(
            "typhoon_drive_on_moscow",
            text("The drive on Moscow", "进攻莫斯科"),
            text(
                "Turns 6 to 12 (15 November to December 1941): the last German offensive against Moscow, from Kalinin to "
                "Tula, in frost and then snow. The pockets are gone, the panzer divisions are worn, and fresh Soviet "
                "divisions from Siberia and the Far East are arriving.",
                "第6至12回合（1941年11月15日至12月）：德军对莫斯科的最后一次攻势，从加里宁到图拉，先是霜冻，继而降雪。"
                "包围圈已经消失，装甲师疲惫不堪，来自西伯利亚和远东的苏军生力师正在到达。",
            ),
        )
        | base
        | {
            "units": units,
            "setup": placements + reserve + guards,
            "arrivals": later,
            "first_turn": 6,
            "turns": turns(6, 12),
            "axis_controlled": facts["november_axis_controlled"],
            "briefing_axis": text(
                "One last push before the snow of turn 8. " + VICTORY_AXIS["en"],
                "在第8回合降雪之前做最后一搏。" + VICTORY_AXIS["zh_CN"],
            ),
            "briefing_soviet": text(
                "Hold Moscow and Tula until the end of turn 12. From turn 8 the snow favours you by two columns in "
                "every combat: spend the frost turns holding, the snow turns striking back.",
                "坚守莫斯科和图拉直到第12回合结束。从第8回合起，降雪使每场战斗都向有利于你的方向移动两栏："
                "霜冻回合用于坚守，降雪回合用于反击。",
            ),
            "balance": BALANCE["drive"],
        }
    )


BALANCE: dict[str, dict[str, str]] = {
    "campaign": text(
        "Historically the Axis held Smolensk, Roslavl, Vyazma, Rzhev, Kalinin, Kaluga, Bryansk, Orel, Klin and "
        "Stalinogorsk at the start of December (10 large-city hexes) but never a Moscow or Tula hex, and lost Kalinin, "
        "Klin and Stalinogorsk by mid-December: a Soviet win. The Axis must do better than history. Levers, if one side "
        "wins too often: GER Com on turns 1 and 2 (7), SU Com on turn 1 (4), SU Reinf (3 to 5), the Vyazma line's "
        "fortified hexes. Bot-against-bot figures are in docs/typhoon-map.md.",
        "历史上轴心国在12月初控制了斯摩棱斯克、罗斯拉夫尔、维亚济马、勒热夫、加里宁、卡卢加、布良斯克、奥廖尔、克林和"
        "斯大林诺戈尔斯克（10个大城市六角格），但从未拿下莫斯科或图拉的六角格，并在12月中旬失去了加里宁、克林和"
        "斯大林诺戈尔斯克：苏军获胜。轴心国必须比历史做得更好。若某方胜率过高，可调整："
        "第1、2回合的德军指挥卡数（7）、第1回合的苏军指挥卡数（4）、苏军增援数（3至5）、维亚济马防线的筑垒六角格。"
        "机器人对战数据见 docs/typhoon-map.md。",
    ),
    "encirclement": text(
        "By the end of turn 4 the Axis historically held 8 large-city hexes; the threshold is 7, so the Axis must "
        "come close to history. Levers: final_cities (7), SU Com on turn 1 (4).",
        "到第4回合结束时，历史上轴心国控制了8个大城市六角格；胜利门槛为7，因此轴心国必须接近历史战果。"
        "可调整：final_cities（7）、第1回合的苏军指挥卡数（4）。",
    ),
    "drive": text(
        "The Axis starts with 8 large-city hexes; it must keep 8 with a line of communication and, at some moment, "
        "hold two Moscow or Tula hexes at once (Tula's two hexes are the nearer target). Many panzer divisions start reduced. Levers: how many Axis divisions start reduced, SU Reinf.",
        "轴心国开局控制8个大城市六角格；它必须保持8个能追溯交通线的六角格，并在某一时刻同时控制两个莫斯科或图拉六角格"
        "（图拉的两个六角格是较近的目标）。"
        "许多装甲师开局即为减员状态。可调整：开局减员的轴心国师数量、苏军增援数。",
    ),
}


def dump(path: Path, data: object) -> None:
    """Write a JSON file the way the repository keeps them (indent 1, UTF-8)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write_all(board: dict[str, object], facts: dict[str, object]) -> None:
    """Add the set-up areas to ``board`` and write the order of battle and the three scenarios."""
    import build_map
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
    november = build_map.axis_side(grid, geo.NOVEMBER_LINE)
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
