"""The authored area table of the Third Reich map of Europe (input of build_map.py).

Every land area is a Voronoi cell around a seed point (longitude, latitude) inside a group of Natural Earth
countries: group borders follow the real frontiers, cells split a group into game areas. Sea areas are the
water between cut lines (longitude, latitude polylines that start and end on land). The game facts printed
in each area (resource symbol, nationality symbol, the minor-ally boundary) are listed here too, so that
the scenarios and the map come from one table (docs/third-reich-map.md).
"""

from __future__ import annotations

from typing import NamedTuple


class Land(NamedTuple):
    """One land area: id, English and Chinese names, country group, seed, nation, resource, capital, north."""

    id: str
    en: str
    zh: str
    group: str
    seed: tuple[float, float]
    nation: str | None
    resource: str = "none"
    capital: bool = False
    north: bool = True


class Sea(NamedTuple):
    """One sea area: id, names and a seed point in its water."""

    id: str
    en: str
    zh: str
    seed: tuple[float, float]
    resource: str = "none"


# Natural Earth country names of each group; "Russia" is split by a longitude test (Kaliningrad).
GROUPS: dict[str, tuple[str, ...]] = {
    "british_isles": ("United Kingdom", "Ireland", "Isle of Man"),
    "france": ("France", "Monaco", "Jersey", "Guernsey"),
    "spain": ("Spain", "Andorra"),
    "portugal": ("Portugal",),
    "netherlands": ("Netherlands",),
    "belgium": ("Belgium", "Luxembourg"),
    "switzerland": ("Switzerland", "Liechtenstein"),
    "denmark": ("Denmark",),
    "iceland": ("Iceland",),
    "central": ("Germany", "Poland", "Czechia", "Slovakia", "Austria", "Russia/kaliningrad"),
    "baltic": ("Estonia", "Latvia", "Lithuania"),
    "norway": ("Norway",),
    "sweden": ("Sweden",),
    "finland": ("Finland", "Åland"),
    "hungary": ("Hungary",),
    "romania": ("Romania", "Moldova"),
    "bulgaria": ("Bulgaria",),
    "yugoslavia": ("Slovenia", "Croatia", "Bosnia and Herz.", "Serbia", "Montenegro", "Kosovo", "Macedonia"),
    "albania": ("Albania",),
    "greece": ("Greece",),
    "turkey": ("Turkey",),
    "cyprus": ("Cyprus", "N. Cyprus"),
    "soviet": (
        "Russia",
        "Belarus",
        "Ukraine",
        "Georgia",
        "Armenia",
        "Azerbaijan",
        "Kazakhstan",
        "Turkmenistan",
        "Uzbekistan",
    ),
    "middle_east": ("Iraq", "Iran", "Kuwait", "Saudi Arabia"),
    "syria": ("Syria", "Lebanon"),
    "palestine": ("Israel", "Palestine", "Jordan"),
    "egypt": ("Egypt",),
    "libya": ("Libya",),
    "tunisia": ("Tunisia",),
    "algeria": ("Algeria",),
    "morocco": ("Morocco", "W. Sahara"),
    "italy": ("Italy", "San Marino", "Vatican", "Malta"),
}

S = False  # "south of the minor-ally boundary" (TR-MINOR-1): written as north=S for readability

LANDS: tuple[Land, ...] = (
    Land("scotland", "Scotland", "苏格兰", "british_isles", (-4.2, 57.0), "UK"),
    Land("midlands", "Midlands", "英格兰中部", "british_isles", (-1.9, 53.4), "UK", "red"),
    Land("london", "London", "伦敦", "british_isles", (-0.6, 51.4), "UK", "red", True),
    Land("ireland", "Ireland", "爱尔兰", "british_isles", (-8.0, 53.2), "IR", capital=True),
    Land("paris", "Paris", "巴黎", "france", (2.4, 48.8), "FR", "red", True),
    Land("normandy", "Normandy", "诺曼底", "france", (-1.6, 48.4), "FR"),
    Land("lorraine", "Lorraine", "洛林", "france", (6.0, 48.6), "FR"),
    Land("central_france", "Central France", "法国中部", "france", (2.6, 46.3), "FR"),
    Land("bordeaux", "Bordeaux", "波尔多", "france", (-0.3, 44.4), "FR"),
    Land("southern_france", "Southern France", "法国南部", "france", (5.2, 44.2), "FR", north=S),
    Land("corsica", "Corsica", "科西嘉", "france", (9.1, 42.1), "FR", north=S),
    Land("barcelona", "Barcelona", "巴塞罗那", "spain", (0.9, 41.7), "SP", north=S),
    Land("madrid", "Madrid", "马德里", "spain", (-3.7, 40.2), "SP", capital=True, north=S),
    Land("seville", "Seville", "塞维利亚", "spain", (-5.2, 37.6), "SP", north=S),
    Land("asturias", "Asturias", "阿斯图里亚斯", "spain", (-5.6, 42.7), "SP", "black_white", north=S),
    Land("portugal", "Portugal", "葡萄牙", "portugal", (-8.1, 39.7), "PG", "black_white", True, S),
    Land("netherlands", "Netherlands", "荷兰", "netherlands", (5.6, 52.2), "NE", capital=True),
    Land("belgium", "Belgium", "比利时", "belgium", (4.7, 50.5), "BE", capital=True),
    Land("switzerland", "Switzerland", "瑞士", "switzerland", (8.1, 46.8), "SZ", capital=True),
    Land("denmark", "Denmark", "丹麦", "denmark", (9.2, 56.1), "DE", capital=True),
    Land("iceland", "Iceland", "冰岛", "iceland", (-18.8, 64.9), "DE"),
    Land("hamburg", "Hamburg", "汉堡", "central", (9.9, 53.5), "GE"),
    Land("ruhr", "Ruhr", "鲁尔", "central", (7.2, 51.3), "GE", "red"),
    Land("berlin", "Berlin", "柏林", "central", (13.4, 52.5), "GE", "red", True),
    Land("frankfurt", "Frankfurt", "法兰克福", "central", (8.9, 49.9), "GE"),
    Land("munich", "Munich", "慕尼黑", "central", (11.4, 48.3), "GE"),
    Land("pomerania", "Pomerania", "波美拉尼亚", "central", (15.8, 53.8), "GE"),
    Land("east_prussia", "East Prussia", "东普鲁士", "central", (21.0, 54.3), "GE"),
    Land("silesia", "Silesia", "西里西亚", "central", (16.8, 51.0), "GE"),
    Land("vienna", "Vienna", "维也纳", "central", (15.3, 47.6), "GE", "black_white"),
    Land("bohemia", "Bohemia", "波希米亚", "central", (14.6, 49.8), "GE", "black_white"),
    Land("slovakia", "Slovakia", "斯洛伐克", "central", (19.6, 48.7), "GE"),
    Land("poznan", "Poznań", "波兹南", "central", (17.3, 52.4), "PO"),
    Land("warsaw", "Warsaw", "华沙", "central", (21.2, 52.3), "PO", "red", True),
    Land("krakow", "Kraków", "克拉科夫", "central", (20.4, 50.1), "PO"),
    Land("baltic_states", "Baltic States", "波罗的海三国", "baltic", (24.6, 56.6), "SU"),
    Land("oslo", "Oslo", "奥斯陆", "norway", (9.6, 60.6), "NW", capital=True),
    Land("narvik", "Narvik", "纳尔维克", "norway", (17.5, 68.4), "NW"),
    Land("stockholm", "Stockholm", "斯德哥尔摩", "sweden", (15.3, 58.9), "SW", capital=True),
    Land("kiruna", "Kiruna", "基律纳", "sweden", (19.0, 66.6), "SW", "black"),
    Land("finland", "Finland", "芬兰", "finland", (25.0, 61.8), "FI", capital=True),
    Land("lapland", "Lapland", "拉普兰", "finland", (26.5, 67.6), "FI"),
    Land("hungary", "Hungary", "匈牙利", "hungary", (19.2, 47.2), "HU", capital=True, north=S),
    Land("romania", "Romania", "罗马尼亚", "romania", (24.8, 45.3), "RU", "black", True, S),
    Land("bessarabia", "Bessarabia", "比萨拉比亚", "romania", (28.6, 47.1), "RU", north=S),
    Land("bulgaria", "Bulgaria", "保加利亚", "bulgaria", (25.2, 42.7), "BU", capital=True, north=S),
    Land("yugoslavia", "Yugoslavia", "南斯拉夫", "yugoslavia", (18.6, 44.2), "YU", capital=True, north=S),
    Land("albania", "Albania", "阿尔巴尼亚", "albania", (20.0, 41.1), "IT", north=S),
    Land("athens", "Athens", "雅典", "greece", (22.5, 38.8), "GR", capital=True, north=S),
    Land("salonika", "Salonika", "萨洛尼卡", "greece", (22.6, 40.7), "GR", north=S),
    Land("crete", "Crete", "克里特", "greece", (24.9, 35.25), "GR", north=S),
    Land("istanbul", "Istanbul", "伊斯坦布尔", "turkey", (27.3, 41.4), "TU", north=S),
    Land("izmir", "Izmir", "伊兹密尔", "turkey", (28.6, 38.6), "TU", north=S),
    Land("ankara", "Ankara", "安卡拉", "turkey", (33.2, 39.3), "TU", "black_white", True, S),
    Land("erzurum", "Erzurum", "埃尔祖鲁姆", "turkey", (40.2, 39.3), "TU", north=S),
    Land("cyprus", "Cyprus", "塞浦路斯", "cyprus", (33.1, 35.0), "UK", north=S),
    Land("leningrad", "Leningrad", "列宁格勒", "soviet", (31.0, 59.6), "SU", "red"),
    Land("murmansk", "Murmansk", "摩尔曼斯克", "soviet", (33.5, 67.8), "SU"),
    Land("arkhangelsk", "Arkhangelsk", "阿尔汉格尔斯克", "soviet", (42.0, 63.0), "SU"),
    Land("minsk", "Minsk", "明斯克", "soviet", (28.0, 53.9), "SU"),
    Land("smolensk", "Smolensk", "斯摩棱斯克", "soviet", (32.5, 54.9), "SU"),
    Land("moscow", "Moscow", "莫斯科", "soviet", (37.6, 55.7), "SU", "red", True),
    Land("gorky", "Gorky", "高尔基", "soviet", (44.5, 56.8), "SU"),
    Land("urals", "Urals", "乌拉尔", "soviet", (52.5, 56.5), "SU", "red"),
    Land("brest", "Brest", "布列斯特", "soviet", (24.8, 52.6), "PO"),
    Land("galicia", "Galicia", "加利西亚", "soviet", (24.6, 49.5), "PO"),
    Land("kiev", "Kiev", "基辅", "soviet", (30.5, 50.3), "SU", "black", north=S),
    Land("odessa", "Odessa", "敖德萨", "soviet", (31.5, 47.4), "SU", north=S),
    Land("kharkov", "Kharkov", "哈尔科夫", "soviet", (36.4, 49.6), "SU", "red", north=S),
    Land("crimea", "Crimea", "克里米亚", "soviet", (34.2, 45.2), "SU", north=S),
    Land("voronezh", "Voronezh", "沃罗涅日", "soviet", (39.5, 52.2), "SU"),
    Land("rostov", "Rostov", "罗斯托夫", "soviet", (40.5, 47.0), "SU", north=S),
    Land("stalingrad", "Stalingrad", "斯大林格勒", "soviet", (45.0, 49.4), "SU", north=S),
    Land("caucasus", "Caucasus", "高加索", "soviet", (44.8, 42.6), "SU", "red", north=S),
    Land("turkestan", "Turkestan", "突厥斯坦", "soviet", (55.0, 41.5), "SU", north=S),
    Land("middle_east", "Middle East", "中东", "middle_east", (45.5, 32.0), "UK", "red", north=S),
    Land("syria", "Syria", "叙利亚", "syria", (38.3, 35.0), "FR", north=S),
    Land("palestine", "Palestine", "巴勒斯坦", "palestine", (35.8, 31.0), "UK", north=S),
    Land("egypt", "Egypt", "埃及", "egypt", (30.5, 29.8), "UK", north=S),
    Land("tripolitania", "Tripolitania", "的黎波里塔尼亚", "libya", (13.5, 30.8), "IT", north=S),
    Land("cyrenaica", "Cyrenaica", "昔兰尼加", "libya", (21.5, 30.8), "IT", north=S),
    Land("tunisia", "Tunisia", "突尼斯", "tunisia", (9.5, 34.2), "FR", north=S),
    Land("algeria", "Algeria", "阿尔及利亚", "algeria", (2.5, 33.0), "FR", north=S),
    Land("morocco", "Morocco", "摩洛哥", "morocco", (-6.5, 32.0), "FR", north=S),
    Land("northern_italy", "Northern Italy", "意大利北部", "italy", (10.0, 45.3), "IT", "red", north=S),
    Land("rome", "Rome", "罗马", "italy", (12.8, 42.3), "IT", capital=True, north=S),
    Land("naples", "Naples", "那不勒斯", "italy", (15.8, 40.6), "IT", north=S),
    Land("sicily", "Sicily", "西西里", "italy", (14.2, 37.5), "IT", north=S),
    Land("sardinia", "Sardinia", "撒丁", "italy", (9.0, 40.0), "IT", north=S),
)

SEAS: tuple[Sea, ...] = (
    Sea("north_atlantic", "North Atlantic", "北大西洋", (-18.0, 57.0)),
    Sea("central_atlantic", "Central Atlantic", "中大西洋", (-18.0, 37.0), "red"),
    Sea("bay_of_biscay", "Bay of Biscay", "比斯开湾", (-6.0, 45.5)),
    Sea("english_channel", "English Channel", "英吉利海峡", (-2.5, 50.0)),
    Sea("north_sea", "North Sea", "北海", (3.0, 55.5)),
    Sea("arctic_ocean", "Arctic Ocean", "北冰洋", (5.0, 68.0)),
    Sea("baltic_sea", "Baltic Sea", "波罗的海", (19.5, 56.0)),
    Sea("western_mediterranean", "Western Mediterranean", "西地中海", (4.5, 39.0)),
    Sea("tyrrhenian_sea", "Tyrrhenian Sea", "第勒尼安海", (12.0, 40.0)),
    Sea("adriatic_sea", "Adriatic Sea", "亚得里亚海", (15.0, 43.3)),
    Sea("central_mediterranean", "Central Mediterranean", "中地中海", (18.0, 35.0)),
    Sea("aegean_sea", "Aegean Sea", "爱琴海", (25.0, 39.0)),
    Sea("eastern_mediterranean", "Eastern Mediterranean", "东地中海", (30.0, 33.0)),
    Sea("black_sea", "Black Sea", "黑海", (34.0, 43.5)),
    Sea("caspian_sea", "Caspian Sea", "里海", (50.5, 42.0)),
)

# Sea borders as lon/lat polylines; each ends inside land (or off the map) so that it cuts the water in two.
CUTS: tuple[tuple[tuple[float, float], ...], ...] = (
    ((-28.0, 66.3), (-22.0, 65.2), (-16.0, 65.0), (-7.0, 62.0), (-1.3, 60.6), (5.8, 61.4)),  # Atlantic | Arctic
    ((-1.3, 60.6), (-3.4, 58.2)),  # Shetland - Scotland: Atlantic | North Sea
    ((0.9, 51.35), (2.3, 50.75)),  # Dover: North Sea | Channel
    ((-5.1, 50.15), (-4.2, 48.4)),  # Land's End - Brittany: Channel | Biscay
    ((-28.0, 48.5), (-9.0, 52.0), (-6.9, 52.6), (-4.0, 52.1)),  # Ireland, St George's Channel: Atlantic | Biscay
    ((-7.9, 43.1), (-28.0, 43.5)),  # Galicia: Biscay | Central Atlantic
    ((-5.75, 36.5), (-5.4, 35.4)),  # Gibraltar: Central Atlantic | Western Mediterranean
    ((9.0, 44.6), (9.25, 42.7), (9.2, 41.2), (9.2, 39.5), (9.5, 36.8)),  # Corsica, Sardinia: W Med | Tyrrhenian
    ((10.6, 36.7), (12.7, 37.8), (15.4, 38.1), (16.1, 38.7)),  # Sicily, Messina: Tyrrhenian | Central Med
    ((18.2, 40.2), (19.8, 40.4)),  # Otranto: Adriatic | Central Med
    ((22.8, 36.8), (23.8, 35.35)),  # Cape Malea - Crete: Central Med | Aegean
    ((23.8, 35.35), (26.0, 35.2), (32.6, 34.95), (34.2, 35.45), (36.3, 35.6)),  # Crete, Cyprus: Aegean | East Med
    ((24.5, 35.3), (24.0, 31.7)),  # Crete - Tobruk: Central Med | East Med
    ((28.6, 41.6), (29.6, 40.7)),  # Bosporus: Aegean | Black Sea
    ((10.0, 57.3), (12.2, 58.2)),  # Skagen - Sweden: North Sea | Baltic
)

# Land links across narrow water (TR-MAP-3 adjacency the map prints), as (area, area, kind).
LINKS: tuple[tuple[str, str, str], ...] = (
    ("seville", "morocco", "strait"),
    ("naples", "sicily", "strait"),
    ("denmark", "stockholm", "strait"),
    ("crimea", "caucasus", "strait"),
    ("corsica", "sardinia", "strait"),
)
