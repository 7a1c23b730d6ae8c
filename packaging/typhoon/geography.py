"""Geography of the Typhoon map as readable data (latitude, longitude in degrees north/east).

Everything here is general geographic knowledge: approximate coordinates of towns and cities (to about
0.05 degrees), the courses of rivers as a handful of points each, roads and railways of 1941 as links
between named places, and forest, swamp and lake regions as rough polygons. Nothing was traced from a map
image. ``build_map.py`` projects it onto the hex grid.
"""

from __future__ import annotations

LatLon = tuple[float, float]

# Large cities: (key, name_en, name_zh, (lat, lon), extent polygon or None). A city with an extent covers
# every hex whose centre lies inside it (at least the hex of its point).
LARGE_CITIES: list[tuple[str, str, str, LatLon, list[LatLon] | None]] = [
    ("moscow", "Moscow", "莫斯科", (55.75, 37.62), [(55.90, 37.38), (55.90, 37.86), (55.62, 37.86), (55.62, 37.38)]),
    ("tula", "Tula", "图拉", (54.19, 37.62), [(54.30, 37.45), (54.30, 37.80), (54.05, 37.80), (54.05, 37.45)]),
    ("kalinin", "Kalinin", "加里宁", (56.86, 35.90), None),
    ("kaluga", "Kaluga", "卡卢加", (54.51, 36.26), None),
    ("smolensk", "Smolensk", "斯摩棱斯克", (54.78, 32.05), None),
    ("vyazma", "Vyazma", "维亚济马", (55.21, 34.30), None),
    ("rzhev", "Rzhev", "勒热夫", (56.26, 34.33), None),
    ("bryansk", "Bryansk", "布良斯克", (53.25, 34.37), None),
    ("orel", "Orel", "奥廖尔", (52.97, 36.06), None),
    ("roslavl", "Roslavl", "罗斯拉夫尔", (53.95, 32.86), None),
    ("klin", "Klin", "克林", (56.33, 36.73), None),
    ("serpukhov", "Serpukhov", "谢尔普霍夫", (54.92, 37.41), None),
    ("podolsk", "Podolsk", "波多利斯克", (55.43, 37.54), None),
    ("stalinogorsk", "Stalinogorsk", "斯大林诺戈尔斯克", (54.01, 38.29), None),
]

# Towns, most important first: when two fall in one hex the later one is dropped (listed in the docs).
TOWNS: list[tuple[str, str, str, LatLon]] = [
    ("mozhaisk", "Mozhaisk", "莫扎伊斯克", (55.51, 36.03)),
    ("volokolamsk", "Volokolamsk", "沃洛科拉姆斯克", (56.03, 35.96)),
    ("maloyaroslavets", "Maloyaroslavets", "小雅罗斯拉韦茨", (55.01, 36.46)),
    ("gzhatsk", "Gzhatsk", "格扎茨克", (55.55, 35.00)),
    ("yukhnov", "Yukhnov", "尤赫诺夫", (54.74, 35.23)),
    ("sukhinichi", "Sukhinichi", "苏希尼奇", (54.10, 35.34)),
    ("mtsensk", "Mtsensk", "姆岑斯克", (53.28, 36.58)),
    ("yartsevo", "Yartsevo", "亚尔采沃", (55.07, 32.69)),
    ("dorogobuzh", "Dorogobuzh", "多罗戈布日", (54.92, 33.30)),
    ("yelnya", "Yelnya", "叶利尼亚", (54.58, 33.18)),
    ("sychevka", "Sychevka", "瑟乔夫卡", (55.83, 34.28)),
    ("bely", "Bely", "别雷", (55.83, 32.94)),
    ("olenino", "Olenino", "奥列尼诺", (56.21, 33.49)),
    ("nelidovo", "Nelidovo", "涅利多沃", (56.22, 32.78)),
    ("selizharovo", "Selizharovo", "谢利扎罗沃", (56.85, 33.45)),
    ("zubtsov", "Zubtsov", "祖布佐夫", (56.18, 34.58)),
    ("staritsa", "Staritsa", "斯塔里察", (56.51, 34.93)),
    ("shakhovskaya", "Shakhovskaya", "沙霍夫斯卡亚", (56.03, 35.50)),
    ("ruza", "Ruza", "鲁扎", (55.70, 36.19)),
    ("istra", "Istra", "伊斯特拉", (55.92, 36.86)),
    ("solnechnogorsk", "Solnechnogorsk", "索尔涅奇诺戈尔斯克", (56.18, 36.98)),
    ("dmitrov", "Dmitrov", "德米特罗夫", (56.34, 37.52)),
    ("konakovo", "Konakovo", "科纳科沃", (56.70, 36.76)),
    ("kimry", "Kimry", "基姆雷", (56.87, 37.36)),
    ("zagorsk", "Zagorsk", "扎戈尔斯克", (56.30, 38.13)),
    ("noginsk", "Noginsk", "诺金斯克", (55.85, 38.44)),
    ("naro_fominsk", "Naro-Fominsk", "纳罗-福明斯克", (55.39, 36.73)),
    ("vereya", "Vereya", "韦列亚", (55.34, 36.18)),
    ("borovsk", "Borovsk", "博罗夫斯克", (55.21, 36.49)),
    ("medyn", "Medyn", "梅登", (54.97, 35.86)),
    ("kashira", "Kashira", "卡希拉", (54.85, 38.15)),
    ("aleksin", "Aleksin", "阿列克辛", (54.50, 37.07)),
    ("tarusa", "Tarusa", "塔鲁萨", (54.72, 37.18)),
    ("venyov", "Venyov", "韦尼奥夫", (54.35, 38.27)),
    ("bogoroditsk", "Bogoroditsk", "博戈罗季茨克", (53.77, 38.13)),
    ("shchyokino", "Shchyokino", "肖基诺", (54.00, 37.52)),
    ("plavsk", "Plavsk", "普拉夫斯克", (53.71, 37.29)),
    ("chern", "Chern", "切尔恩", (53.45, 36.91)),
    ("odoyev", "Odoyev", "奥多耶夫", (53.94, 36.69)),
    ("belyov", "Belyov", "别廖夫", (53.81, 36.13)),
    ("bolkhov", "Bolkhov", "博尔霍夫", (53.44, 36.00)),
    ("kozelsk", "Kozelsk", "科泽利斯克", (54.03, 35.78)),
    ("likhvin", "Likhvin", "利赫温", (54.10, 36.25)),
    ("meshchovsk", "Meshchovsk", "梅晓夫斯克", (54.32, 35.28)),
    ("mosalsk", "Mosalsk", "莫萨利斯克", (54.49, 34.99)),
    ("spas_demensk", "Spas-Demensk", "斯帕斯-杰缅斯克", (54.41, 34.02)),
    ("kirov", "Kirov", "基洛夫", (54.08, 34.31)),
    ("lyudinovo", "Lyudinovo", "柳季诺沃", (53.87, 34.45)),
    ("zhizdra", "Zhizdra", "日兹德拉", (53.75, 34.74)),
    ("dyatkovo", "Dyatkovo", "佳季科沃", (53.60, 34.33)),
    ("karachev", "Karachev", "卡拉切夫", (53.13, 34.98)),
    ("zhukovka", "Zhukovka", "茹科夫卡", (53.53, 33.73)),
    ("kletnya", "Kletnya", "克列特尼亚", (53.39, 33.22)),
    ("pochinok", "Pochinok", "波奇诺克", (54.41, 32.44)),
    ("dukhovshchina", "Dukhovshchina", "杜霍夫希纳", (55.20, 32.40)),
    ("kholm_zhirkovsky", "Kholm-Zhirkovsky", "霍尔姆-日尔科夫斯基", (55.50, 33.48)),
    ("temkino", "Temkino", "焦姆基诺", (55.10, 35.01)),
    ("novosil", "Novosil", "诺沃西利", (52.97, 37.04)),
    ("yefremov", "Yefremov", "叶夫列莫夫", (53.15, 38.12)),
]

# Points off the map or between places that roads and railways pass through (not printed).
WAYPOINTS: dict[str, LatLon] = {
    "w_orsha": (54.70, 31.85),
    "w_krichev": (53.85, 31.85),
    "sw_unecha": (52.95, 33.20),
    "nw_velikiye_luki": (56.30, 31.85),
    "n_torzhok": (57.05, 35.00),
    "n_bologoye": (57.05, 35.75),
    "ne_kalyazin": (57.05, 37.80),
    "e_ryazan": (54.80, 38.60),
    "e_kolomna": (55.10, 38.60),
    "se_yelets": (52.85, 37.90),
    "s_kursk": (52.85, 36.30),
    "s_sevsk": (52.85, 34.60),
    "kubinka": (55.58, 36.70),
}

# Rivers: (name_en, name_zh, course north/west to south/east as the water flows, index of the first point of
# the major-river stretch or None when the whole river is minor).
RIVERS: list[tuple[str, str, list[LatLon], int | None]] = [
    (
        "Dnieper",
        "第聂伯河",
        [
            (55.88, 33.80),
            (55.60, 33.95),
            (55.35, 33.90),
            (55.15, 33.72),
            (55.00, 33.50),
            (54.92, 33.30),
            (54.90, 33.05),
            (54.93, 32.78),
            (54.85, 32.50),
            (54.79, 32.20),
            (54.76, 32.00),
            (54.72, 31.75),
        ],
        2,
    ),
    (
        "Volga",
        "伏尔加河",
        [
            (56.86, 33.45),
            (56.60, 33.85),
            (56.40, 34.10),
            (56.26, 34.33),
            (56.19, 34.55),
            (56.35, 34.75),
            (56.51, 34.93),
            (56.70, 35.40),
            (56.86, 35.90),
            (56.80, 36.20),
            (56.72, 36.55),
            (56.71, 36.80),
            (56.74, 37.17),
            (56.87, 37.36),
            (57.10, 37.85),
        ],
        3,
    ),
    (
        "Oka",
        "奥卡河",
        [
            (52.80, 36.10),
            (52.97, 36.06),
            (53.20, 36.00),
            (53.50, 36.05),
            (53.81, 36.13),
            (54.10, 36.25),
            (54.27, 36.20),
            (54.51, 36.26),
            (54.58, 36.45),
            (54.50, 36.80),
            (54.50, 37.07),
            (54.72, 37.18),
            (54.92, 37.41),
            (54.88, 37.75),
            (54.85, 38.15),
            (55.08, 38.78),
        ],
        7,
    ),
    (
        "Desna",
        "杰斯纳河",
        [
            (54.75, 33.45),
            (54.50, 33.45),
            (54.25, 33.35),
            (54.00, 33.45),
            (53.75, 33.55),
            (53.53, 33.73),
            (53.40, 34.05),
            (53.25, 34.37),
            (53.05, 34.15),
            (52.80, 33.95),
            (52.58, 33.77),
        ],
        None,
    ),
    (
        "Ugra",
        "乌格拉河",
        [
            (54.60, 33.05),
            (54.55, 33.60),
            (54.65, 34.30),
            (54.72, 34.90),
            (54.74, 35.23),
            (54.65, 35.70),
            (54.56, 36.08),
            (54.56, 36.22),
        ],
        None,
    ),
    ("Zhizdra", "日兹德拉河", [(53.75, 34.74), (53.90, 35.20), (54.03, 35.78), (54.22, 36.10)], None),
    (
        "Moskva",
        "莫斯科河",
        [
            (55.55, 35.30),
            (55.51, 36.03),
            (55.60, 36.30),
            (55.73, 36.86),
            (55.75, 37.20),
            (55.75, 37.62),
            (55.60, 37.90),
            (55.40, 38.25),
            (55.08, 38.78),
        ],
        None,
    ),
    ("Nara", "纳拉河", [(55.50, 36.45), (55.39, 36.73), (55.15, 37.00), (54.90, 37.38)], None),
    ("Protva", "普罗特瓦河", [(55.40, 35.75), (55.34, 36.18), (55.21, 36.49), (55.05, 36.70), (54.86, 37.20)], None),
    ("Vazuza", "瓦祖扎河", [(55.40, 34.70), (55.60, 34.45), (55.83, 34.28), (56.05, 34.45), (56.19, 34.55)], None),
    ("Vop", "沃皮河", [(55.60, 32.95), (55.35, 32.80), (55.07, 32.69), (54.93, 32.72)], None),
    ("Moscow Canal", "莫斯科运河", [(56.74, 37.17), (56.35, 37.50), (56.10, 37.45), (55.85, 37.45)], None),
]

# Terrain regions: (terrain, polygon). A hex takes the terrain covering the largest part of it when that part
# is at least half the hex; otherwise it stays clear.
REGIONS: list[tuple[str, list[LatLon]]] = [
    (
        "deep_forest",
        [(56.55, 32.10), (56.60, 33.00), (56.35, 33.35), (56.10, 33.05), (56.05, 32.40), (56.30, 32.05)],
    ),  # Okovsky forest
    (
        "deep_forest",
        [
            (53.55, 34.15),
            (53.72, 34.85),
            (53.45, 35.25),
            (53.15, 35.00),
            (53.18, 34.55),
            (52.95, 34.40),
            (52.85, 33.95),
            (53.10, 33.85),
            (53.30, 34.10),
        ],
    ),  # Bryansk forests
    ("light_forest", [(55.70, 32.60), (55.75, 33.60), (55.45, 33.70), (55.35, 33.10), (55.40, 32.60)]),
    (
        "light_forest",
        [(55.05, 33.80), (55.05, 35.10), (54.70, 35.50), (54.35, 35.10), (54.25, 34.30), (54.55, 33.70)],
    ),  # Ugra forests between Vyazma, Spas-Demensk and Yukhnov
    (
        "light_forest",
        [(56.00, 35.50), (56.10, 36.60), (55.85, 37.20), (55.55, 37.00), (55.35, 36.20), (55.50, 35.40)],
    ),  # forests west of Moscow
    ("light_forest", [(56.45, 36.40), (56.50, 37.40), (56.05, 37.60), (55.95, 37.00)]),
    (
        "light_forest",
        [(54.45, 35.40), (54.50, 36.30), (54.20, 36.60), (53.95, 36.30), (53.85, 35.40), (54.10, 35.00)],
    ),  # Kaluga and Kozelsk forests
    ("light_forest", [(54.15, 36.50), (54.12, 37.40), (53.98, 37.40), (53.98, 36.50)]),  # Tula abatis belt
    ("light_forest", [(54.20, 32.80), (54.20, 33.60), (53.80, 33.80), (53.60, 33.20), (53.80, 32.60)]),
    ("light_forest", [(56.95, 35.20), (56.95, 36.30), (56.60, 36.30), (56.55, 35.50)]),  # Kalinin forests
    ("light_forest", [(56.10, 34.80), (56.15, 35.60), (55.85, 35.60), (55.85, 34.90)]),
    ("swamp", [(56.95, 33.20), (56.95, 34.10), (56.70, 34.10), (56.70, 33.30)]),  # upper Volga
    ("swamp", [(56.95, 37.10), (56.95, 38.10), (56.55, 38.10), (56.60, 37.40)]),  # Dubna and Taldom bogs
    ("swamp", [(53.62, 33.50), (53.58, 33.98), (53.36, 33.98), (53.40, 33.50)]),  # Desna marshes
    ("swamp", [(55.98, 33.50), (55.98, 34.05), (55.62, 34.05), (55.62, 33.55)]),  # Dnieper headwaters
    ("swamp", [(55.80, 38.20), (55.80, 38.90), (55.30, 38.90), (55.40, 38.20)]),  # Meshchera
    ("lake", [(56.84, 36.30), (56.82, 36.95), (56.68, 37.00), (56.66, 36.50), (56.74, 36.28)]),  # Moscow Sea
]

# Roads of 1941 as chains of places (a place key or waypoint).
ROADS: list[list[str]] = [
    ["w_orsha", "smolensk", "yartsevo", "vyazma", "gzhatsk", "mozhaisk", "kubinka", "moscow"],  # Minsk highway
    ["roslavl", "spas_demensk", "yukhnov", "medyn", "maloyaroslavets", "podolsk", "moscow"],  # Warsaw highway
    ["w_krichev", "roslavl", "smolensk"],
    ["roslavl", "zhukovka", "bryansk", "karachev", "orel"],
    ["sw_unecha", "bryansk"],
    ["s_sevsk", "karachev"],
    ["s_kursk", "orel", "mtsensk", "chern", "plavsk", "tula", "serpukhov", "podolsk"],  # Simferopol highway
    ["moscow", "solnechnogorsk", "klin", "kalinin", "n_torzhok"],  # Leningrad highway
    ["moscow", "istra", "volokolamsk", "shakhovskaya", "zubtsov", "rzhev"],
    ["rzhev", "sychevka", "vyazma"],
    ["rzhev", "staritsa", "kalinin"],
    ["rzhev", "olenino", "nelidovo", "nw_velikiye_luki"],
    ["smolensk", "dukhovshchina", "bely", "olenino"],
    ["vyazma", "dorogobuzh", "yelnya", "pochinok", "smolensk"],
    ["vyazma", "temkino", "yukhnov"],
    ["mozhaisk", "volokolamsk"],
    ["mozhaisk", "vereya", "borovsk", "maloyaroslavets"],
    ["yukhnov", "mosalsk", "sukhinichi", "kozelsk", "belyov", "odoyev", "tula"],
    ["kaluga", "maloyaroslavets"],
    ["kaluga", "aleksin", "tula"],
    ["kaluga", "sukhinichi"],
    ["bryansk", "zhizdra", "sukhinichi"],
    ["orel", "bolkhov", "belyov"],
    ["tula", "venyov", "kashira", "e_ryazan"],
    ["moscow", "dmitrov", "ne_kalyazin"],
    ["moscow", "noginsk", "e_kolomna"],
    ["tula", "shchyokino", "bogoroditsk", "yefremov", "se_yelets"],
    ["moscow", "naro_fominsk", "maloyaroslavets"],
]

RAILWAYS: list[list[str]] = [
    ["w_orsha", "smolensk", "yartsevo", "vyazma", "gzhatsk", "mozhaisk", "kubinka", "moscow"],
    ["smolensk", "pochinok", "roslavl", "kirov", "sukhinichi", "kaluga", "tula"],
    ["w_krichev", "roslavl", "zhukovka", "bryansk"],
    [
        "sw_unecha",
        "bryansk",
        "karachev",
        "orel",
        "mtsensk",
        "chern",
        "plavsk",
        "tula",
        "serpukhov",
        "podolsk",
        "moscow",
    ],
    ["s_kursk", "orel"],
    ["bryansk", "lyudinovo", "sukhinichi", "maloyaroslavets", "naro_fominsk", "moscow"],
    ["vyazma", "spas_demensk", "kirov"],
    ["vyazma", "temkino", "kaluga"],
    ["vyazma", "sychevka", "rzhev", "n_torzhok"],
    ["nw_velikiye_luki", "nelidovo", "olenino", "rzhev", "shakhovskaya", "volokolamsk", "istra", "moscow"],
    ["n_bologoye", "kalinin", "klin", "solnechnogorsk", "moscow"],
    ["moscow", "dmitrov", "ne_kalyazin"],
    ["moscow", "zagorsk"],
    ["moscow", "noginsk"],
    ["moscow", "kashira", "e_ryazan"],
    ["tula", "stalinogorsk"],
    ["tula", "shchyokino", "bogoroditsk", "yefremov", "se_yelets"],
]

# Supply sources: (side, lat/lon). The hex under each point is marked.
SUPPLY_SOURCES: list[tuple[str, LatLon]] = [
    ("axis", (54.70, 31.90)),  # Minsk highway and railway leaving west of Smolensk
    ("axis", (53.88, 31.90)),  # the Krichev road and railway west of Roslavl
    ("axis", (52.92, 33.25)),  # the Unecha–Gomel railway south-west of Bryansk
    ("axis", (56.30, 31.90)),  # the Velikiye Luki railway west of Nelidovo
    ("soviet", (55.75, 37.62)),  # Moscow
    ("soviet", (57.02, 35.80)),  # the Leningrad railway north of Kalinin
    ("soviet", (56.30, 38.13)),  # Zagorsk, the Yaroslavl railway
    ("soviet", (54.85, 38.15)),  # Kashira, the Ryazan railway
    ("soviet", (53.15, 38.12)),  # Yefremov, the Yelets railway
]

# Fortified lines as polylines: a fortified hex is marked every ``step`` hexes along each line.
FORTIFIED_LINES: list[tuple[str, list[LatLon], int]] = [
    (
        "Vyazma line",
        [
            (56.20, 33.70),
            (55.85, 33.80),
            (55.45, 33.85),
            (55.10, 33.95),
            (54.80, 33.95),
            (54.45, 33.98),
            (54.15, 34.20),
        ],
        2,
    ),
    (
        "Mozhaisk line",
        [
            (56.03, 35.96),
            (55.75, 35.95),
            (55.51, 36.03),
            (55.25, 36.30),
            (55.01, 36.46),
            (54.75, 36.35),
            (54.51, 36.26),
        ],
        2,
    ),
]

# Large cities fortified in full (the Moscow Defence Zone's rings): every hex of each. Tula was fortified too
# until bot-against-bot runs of the drive on Moscow showed the Axis never taking a key hex (texts.json).
FORTIFIED_CITIES: list[str] = ["moscow"]

# The start line of 30 September 1941, north to south: hexes whose centre lies west of it begin on the
# Axis side. The line turns east along the south edge where the 2nd Panzer Group stands.
START_LINE: list[LatLon] = [
    (57.20, 32.35),
    (56.60, 32.40),
    (56.20, 32.50),
    (55.80, 32.55),
    (55.40, 32.65),
    (55.10, 32.85),
    (54.90, 32.98),
    (54.65, 33.10),
    (54.35, 33.15),
    (54.00, 33.28),
    (53.60, 33.45),
    (53.20, 33.55),
    (52.98, 33.60),
    (52.98, 35.10),
    (52.70, 35.10),
]

# The front of 15 November 1941, when the second phase of the offensive began (the drive on Moscow): east of
# Kalinin, before Volokolamsk, Ruza and Naro-Fominsk, on the Oka at Aleksin, around Tula, then south.
NOVEMBER_LINE: list[LatLon] = [
    (57.20, 36.25),
    (56.75, 36.30),
    (56.45, 36.20),
    (56.03, 36.15),
    (55.70, 36.35),
    (55.50, 36.45),
    (55.30, 36.75),
    (55.00, 37.05),
    (54.60, 37.00),
    (54.35, 37.25),
    (54.10, 37.45),
    (53.90, 37.75),
    (53.40, 37.90),
    (52.70, 37.95),
]
