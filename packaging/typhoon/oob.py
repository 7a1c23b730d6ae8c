"""Order of battle of 30 September 1941 and the reinforcements, as readable data.

Divisions are counters (TY-GEN-2). Sources: general historical knowledge of Operation Typhoon (the order of
battle of Army Group Centre and of the Western, Reserve and Bryansk Fronts as given in standard histories);
the strengths, movement allowances and command ranges are our own design values, chosen for balance and
listed in docs/typhoon-map.md. Each entry: ``(kind, number)``; the kinds are defined in ``KINDS``.
"""

from __future__ import annotations

# kind: (side, symbol, nationality, full, reduced or None, movement, name_en pattern, name_zh pattern)
KINDS: dict[str, tuple[str, str, str, list[int], list[int] | None, int, str, str]] = {
    "pz": ("axis", "armour", "army", [8, 5], [4, 3], 6, "{n} Pz", "第{n}装甲师"),
    "mot": ("axis", "motorized", "army", [6, 5], [3, 3], 6, "{n} Mot", "第{n}摩托化步兵师"),
    "ss": ("axis", "motorized", "ss", [7, 6], [4, 3], 6, "{n}", "党卫军{n}师"),
    "inf": ("axis", "infantry", "army", [4], [2], 4, "{n} Inf", "第{n}步兵师"),
    "cav_g": ("axis", "cavalry", "army", [3], [1], 5, "{n} Cav", "第{n}骑兵师"),
    "sec": ("axis", "security", "army", [2], None, 4, "{n} Sec", "第{n}保安师"),
    "rifle": ("soviet", "infantry", "red", [3], [1], 3, "{n} Rifle", "步兵第{n}师"),
    "sib": ("soviet", "infantry", "red", [5], [2], 4, "{n} Rifle", "步兵第{n}师"),
    "dno": ("soviet", "infantry", "red", [2], None, 3, "{n} DNO", "民兵第{n}师"),
    "mrd": ("soviet", "motorized", "red", [4, 4], [2, 2], 5, "{n} M", "摩托化步兵第{n}师"),
    "tank": ("soviet", "armour", "red", [5, 3], [2, 2], 5, "{n} T", "坦克第{n}师"),
    "tbde": ("soviet", "armour", "red", [3, 2], None, 5, "{n} T Bde", "坦克第{n}旅"),
    "cav": ("soviet", "cavalry", "red", [2], [1], 5, "{n} C", "骑兵第{n}师"),
    "gd": ("soviet", "infantry", "guards", [6], [3], 4, "{n} Gd", "近卫步兵第{n}师"),
    "gdcav": ("soviet", "cavalry", "guards", [4], [2], 5, "{n} Gd C", "近卫骑兵第{n}师"),
    "nkvd": ("soviet", "infantry", "red", [3], None, 3, "{n} NKVD", "内务部第{n}师"),
}

# HQs: (army key, side, name_en, name_zh, strength full/reduced, movement, command range, cards)
HQS: list[tuple[str, str, str, str, tuple[int, int], int, int, int]] = [
    ("9A", "axis", "9 A HQ", "第9集团军司令部", (2, 1), 4, 5, 1),
    ("3PzG", "axis", "3 PzG HQ", "第3装甲集群司令部", (3, 1), 6, 4, 2),
    ("4A", "axis", "4 A HQ", "第4集团军司令部", (2, 1), 4, 5, 1),
    ("4PzG", "axis", "4 PzG HQ", "第4装甲集群司令部", (3, 1), 6, 4, 2),
    ("2A", "axis", "2 A HQ", "第2集团军司令部", (2, 1), 4, 5, 1),
    ("2PzA", "axis", "2 PzA HQ", "第2装甲集团军司令部", (3, 1), 6, 5, 2),
    ("22A", "soviet", "22 A HQ", "第22集团军司令部", (1, 1), 4, 3, 1),
    ("29A", "soviet", "29 A HQ", "第29集团军司令部", (1, 1), 4, 3, 1),
    ("30A", "soviet", "30 A HQ", "第30集团军司令部", (1, 1), 4, 3, 1),
    ("19A", "soviet", "19 A HQ", "第19集团军司令部", (1, 1), 4, 3, 1),
    ("16A", "soviet", "16 A HQ", "第16集团军司令部", (1, 1), 4, 3, 1),
    ("20A", "soviet", "20 A HQ", "第20集团军司令部", (1, 1), 4, 3, 1),
    ("24A", "soviet", "24 A HQ", "第24集团军司令部", (1, 1), 4, 3, 1),
    ("43A", "soviet", "43 A HQ", "第43集团军司令部", (1, 1), 4, 3, 1),
    ("31A", "soviet", "31 A HQ", "第31集团军司令部", (1, 1), 4, 3, 1),
    ("32A", "soviet", "32 A HQ", "第32集团军司令部", (1, 1), 4, 3, 1),
    ("33A", "soviet", "33 A HQ", "第33集团军司令部", (1, 1), 4, 3, 1),
    ("49A", "soviet", "49 A HQ", "第49集团军司令部", (1, 1), 4, 3, 1),
    ("50A", "soviet", "50 A HQ", "第50集团军司令部", (1, 1), 4, 3, 1),
    ("3A", "soviet", "3 A HQ", "第3集团军司令部", (1, 1), 4, 3, 1),
    ("13A", "soviet", "13 A HQ", "第13集团军司令部", (1, 1), 4, 3, 1),
    ("5A", "soviet", "5 A HQ", "第5集团军司令部", (1, 1), 4, 3, 1),
    ("10A", "soviet", "10 A HQ", "第10集团军司令部", (1, 1), 4, 4, 1),
    ("1S", "soviet", "1 Shock A HQ", "突击第1集团军司令部", (1, 1), 4, 4, 1),
]

# The 30 September set-up: army key -> divisions. Axis armies stand west of the start line.
SETUP: dict[str, list[tuple[str, str]]] = {
    "9A": [("inf", n) for n in ("6", "26", "86", "102", "110", "129", "161", "162", "206", "251", "256")],
    "3PzG": [("pz", "1"), ("pz", "6"), ("pz", "7"), ("mot", "14"), ("mot", "36")],
    "4A": [("inf", n) for n in ("7", "15", "17", "23", "34", "78", "87", "137", "197", "260", "263", "267")],
    "4PzG": [("pz", n) for n in ("2", "5", "10", "11", "19", "20")] + [("mot", "3"), ("ss", "DR")],
    "2A": [("inf", n) for n in ("31", "45", "52", "56", "112", "131", "134", "167", "293")],
    "2PzA": [("pz", n) for n in ("3", "4", "9", "17", "18")]
    + [("mot", "10"), ("mot", "25"), ("mot", "29"), ("cav_g", "1")],
    "22A": [("rifle", n) for n in ("126", "133", "174", "179", "186")],
    "29A": [("rifle", n) for n in ("178", "243", "246", "252")],
    "30A": [("rifle", n) for n in ("162", "242", "251")] + [("tank", "107")],
    "19A": [("rifle", n) for n in ("50", "89", "91", "166", "244")],
    "16A": [("rifle", n) for n in ("38", "108", "112", "214")] + [("tank", "101")],
    "20A": [("rifle", n) for n in ("73", "129", "144", "229")] + [("cav", "45")],
    "24A": [("rifle", n) for n in ("19", "103", "106", "139", "309")],
    "43A": [("rifle", n) for n in ("53", "149", "211", "222")] + [("tbde", "145"), ("tbde", "148")],
    "31A": [("rifle", n) for n in ("5", "110", "119", "247")],
    "32A": [("dno", n) for n in ("2", "7", "8", "13", "18")],
    "33A": [("dno", n) for n in ("1", "5", "9", "17")] + [("rifle", "173")],
    "49A": [("rifle", n) for n in ("194", "220", "248", "303")],
    "50A": [("rifle", n) for n in ("217", "258", "260", "278", "279", "290")],
    "3A": [("rifle", n) for n in ("137", "148", "269", "280", "282")] + [("cav", "4")],
    "13A": [("rifle", n) for n in ("6", "121", "132", "143", "155", "307")] + [("cav", "55"), ("tank", "108")],
}

# Counters in the Available Reinforcements box at the start (TY-SETUP-4) and arrivals by turn.
RESERVE: list[tuple[str, str]] = [
    ("inf", "268"),
    ("sec", "286"),
    ("rifle", "312"),
    ("rifle", "316"),
    ("tbde", "4"),
    ("tbde", "11"),
]
ARRIVALS: dict[int, list[tuple[str, str]]] = {
    2: [("hq", "5A"), ("sib", "32"), ("mrd", "1"), ("mrd", "82"), ("tbde", "18"), ("tbde", "20"), ("inf", "255")],
    3: [("sib", "78"), ("rifle", "17"), ("rifle", "93"), ("tbde", "9"), ("nkvd", "2"), ("inf", "296")],
    4: [("rifle", "415"), ("rifle", "60"), ("sib", "413"), ("tbde", "27"), ("nkvd", "1"), ("sec", "403")],
    5: [("dno", "3M"), ("dno", "4M"), ("rifle", "332"), ("rifle", "354"), ("tbde", "23"), ("inf", "95")],
    6: [("hq", "1S"), ("sib", "239"), ("cav", "9"), ("gdcav", "5"), ("rifle", "340"), ("tbde", "24")],
    7: [("sib", "108"), ("rifle", "322"), ("rifle", "324"), ("rifle", "326"), ("tbde", "31")],
    8: [("hq", "10A"), ("sib", "330"), ("rifle", "328"), ("rifle", "329"), ("gdcav", "3")],
    9: [("sib", "371"), ("rifle", "348"), ("rifle", "352"), ("tbde", "32")],
}
# Guards divisions for the turn-8 conversion (optional rule 15.2, TY-SETUP-3).
GUARDS: list[tuple[str, str]] = [("gd", "8"), ("gd", "9"), ("gd", "1")]
# Axis divisions transferred away (removed from play at the start of the turn).
REMOVALS: dict[int, list[tuple[str, str]]] = {9: [("pz", "5")]}

# The drive on Moscow, 15 November 1941: the armies that remain, many divisions reduced ("r").
NOVEMBER: dict[str, list[tuple[str, ...]]] = {
    "9A": [("inf", n) for n in ("86", "110", "129", "161", "162", "251")],
    "3PzG": [("pz", "1", "r"), ("pz", "6", "r"), ("pz", "7"), ("mot", "14"), ("mot", "36", "r")],
    "4PzG": [("pz", "2"), ("pz", "5"), ("pz", "10", "r"), ("pz", "11"), ("ss", "DR"), ("inf", "106"), ("inf", "23")],
    "4A": [("inf", n) for n in ("7", "15", "17", "34", "78", "87", "137", "197", "263", "267")]
    + [("pz", "19", "r"), ("pz", "20", "r"), ("mot", "3")],
    "2PzA": [
        ("pz", "3", "r"),
        ("pz", "4", "r"),
        ("pz", "17", "r"),
        ("pz", "18", "r"),
        ("mot", "10"),
        ("mot", "29"),
        ("mot", "25", "r"),
        ("inf", "167"),
        ("inf", "296"),
        ("inf", "112"),
    ],
    "2A": [("inf", n) for n in ("45", "56", "134", "293")] + [("pz", "9", "r"), ("cav_g", "1", "r")],
    "30A": [("rifle", "5"), ("rifle", "185"), ("mrd", "82", "r"), ("tbde", "18")],
    "31A": [("rifle", "119"), ("rifle", "250"), ("rifle", "256"), ("rifle", "247")],
    "16A": [("rifle", "316"), ("sib", "78"), ("rifle", "18"), ("cav", "50"), ("cav", "53"), ("tbde", "4")],
    "5A": [("sib", "32"), ("rifle", "50"), ("rifle", "144"), ("tbde", "20"), ("tbde", "22")],
    "33A": [("mrd", "1"), ("rifle", "110"), ("rifle", "113"), ("rifle", "222")],
    "43A": [("rifle", "53"), ("rifle", "17"), ("rifle", "93"), ("tbde", "9")],
    "49A": [("rifle", "60"), ("rifle", "194"), ("rifle", "238"), ("rifle", "415")],
    "50A": [("rifle", "217"), ("rifle", "258"), ("rifle", "290"), ("sib", "413"), ("tbde", "32"), ("nkvd", "2")],
    "3A": [("rifle", "137", "r"), ("rifle", "269", "r"), ("cav", "52")],
    "13A": [("rifle", "6", "r"), ("rifle", "132", "r"), ("rifle", "143", "r")],
}
NOVEMBER_RESERVE: list[tuple[str, str]] = [
    ("inf", "268"),
    ("inf", "255"),
    ("sec", "286"),
    ("rifle", "312"),
    ("nkvd", "1"),
    ("dno", "3M"),
    ("dno", "4M"),
    ("rifle", "332"),
]
