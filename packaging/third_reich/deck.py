"""The authored strategy decks (input of build_scenarios.py): original titles and texts in English and Chinese.

TR-CARD-5: the Axis deck starts with 8 SV-2 cards and 8 SV-3/SV-4 cards in the development pool; the Allied
deck with 6 SV-2 cards and 10 SV-3/SV-4 cards in the pool. Every event the rules name appears at least once.
What each event does is the engine's (docs/third-reich-scenario-format.md, "Card"); the texts say it in our
own words.
"""

from __future__ import annotations

from typing import Any

# event: (English title, Chinese title, English text, Chinese text)
EVENTS: dict[str, tuple[str, str, str, str]] = {
    "development": (
        "Development",
        "开发",
        "Take one card of an allowed value from the development pool into your discard pile, or move one unit "
        "from the development pool into the mobilization pool.",
        "从开发池取一张允许数值的卡放入弃牌堆，或将开发池中的一个单位移入动员池。",
    ),
    "diplomacy": (
        "Diplomacy",
        "外交",
        "Name one of the listed nations: a neutral of your side joins the war, or its entry marker advances "
        "toward Entry. France may rejoin the Allies while they hold Paris.",
        "指定所列国家之一：己方中立国参战，或其参战标记向“参战”格前进。同盟军控制巴黎时，法国可重新加入同盟方。",
    ),
    "vichy_france": (
        "Vichy France",
        "维希法国",
        "Playable while the Axis holds Paris. France becomes an Axis belligerent; its Vichy-marked units stay "
        "in play on the Axis side, the others are removed.",
        "轴心军控制巴黎时可用。法国成为轴心方参战国；带维希标记的法军单位留在轴心方，其余移除。",
    ),
    "strategic_movement": (
        "Strategic Movement",
        "战略移动",
        "One group of land units moves any distance through friendly-controlled areas, within the sea-transport "
        "capacity when it crosses water.",
        "一个陆军群组可经由己方控制区域移动任意距离；经过海域时受海运能力限制。",
    ),
    "sea_lion": (
        "Sea Lion",
        "海狮",
        "One group of land units crosses one sea area into an adjacent enemy land area and attacks there.",
        "一个陆军群组横渡一个海域，进入相邻的敌方陆地区域并发起攻击。",
    ),
    "sea_transport": (
        "Sea Transport",
        "海上运输",
        "Move land units by sea within the transport capacity without turning them to their used side.",
        "在海运能力范围内经海路移动陆军单位，移动后不翻为已使用面。",
    ),
    "landing_airborne": (
        "Landing / Airborne",
        "登陆/空降",
        "Land or airborne units enter an adjacent enemy-controlled area from the sea or from the air.",
        "陆军或空降兵从海上或空中进入相邻的敌方控制区域。",
    ),
    "blitzkrieg": (
        "Blitzkrieg",
        "闪电战",
        "One group of your choice acts twice this round (move or attack; two attacks may be declared together), "
        "before or after this card's strategy value, never in between: strategy value spent once the event has "
        "begun ends it. "
        "The second action is taken by that group or part of it. It may be a group that acted with the strategy "
        "value (the same units then act three times in all); units that acted through the event do not then act "
        "with the strategy value (TR-EVT-2, TR-EVT-3).",
        "本轮次由你选择的一个群组可以行动两次（移动或攻击；可同时宣告两次攻击），在使用本卡战略值之前或之后执行，"
        "不得穿插：事件开始后一旦使用战略值，事件即结束。第二次行动由该群组或其中部分单位执行。该群组可以是已用战略值行动过的"
        "群组（同一单位合计最多行动三次）；用事件行动过的单位之后不能再用战略值行动（TR-EVT-2、TR-EVT-3）。",
    ),
    "ambush": (
        "★Ambush★",
        "★伏击★",
        "Counterattack: in the enemy's round, unused units in the area his group attacks or enters strike first "
        "with double damage. The strategy value is kept for your next round.",
        "反击：在对方回合，敌群组攻击或进入的区域内的未使用单位先行攻击，伤害加倍。本卡战略值保留到你的下一回合。",
    ),
    "supply": (
        "Supply",
        "补给",
        "Your units recover as at the end of the turn.",
        "己方单位立即按回合结束时的方式恢复。",
    ),
    "wolfpack": (
        "Wolfpack",
        "狼群",
        "Every Axis submarine at sea rolls a die; each hit makes the Allied player discard a random card.",
        "每艘在海上的轴心潜艇掷一次骰子；每次命中，同盟军玩家随机弃一张手牌。",
    ),
    "strategic_bombing": (
        "Strategic Bombing",
        "战略轰炸",
        "Your air units bomb the enemy's industry: each hit makes the enemy discard a random card.",
        "己方航空单位轰炸敌方工业：每次命中，敌方随机弃一张手牌。",
    ),
    "long_range_bombing": (
        "Long-range Bombing",
        "远程轰炸",
        "One air attack reaches further than the air units' movement.",
        "一次航空攻击的距离可超出航空单位的移动力。",
    ),
}

AXIS_DIPLOMACY = ["IT", "HU", "RU", "BU", "FI", "TU", "SP"]
ALLIED_DIPLOMACY = ["US", "SU", "TU", "SP", "SW", "NW", "SZ", "PG", "IR", "NE", "BE", "YU", "GR", "DE", "FR"]

# (id, side, sv, event, params, start)
CARDS: tuple[tuple[str, str, int, str, dict[str, Any], str], ...] = (
    ("ax_blitzkrieg_1", "axis", 2, "blitzkrieg", {}, "deck"),
    ("ax_blitzkrieg_2", "axis", 2, "blitzkrieg", {}, "deck"),
    ("ax_development_1", "axis", 2, "development", {"takes": ["card", "unit"]}, "deck"),
    ("ax_development_2", "axis", 2, "development", {"takes": ["card", "unit"]}, "deck"),
    ("ax_diplomacy_1", "axis", 2, "diplomacy", {"nations": AXIS_DIPLOMACY}, "deck"),
    ("ax_diplomacy_2", "axis", 2, "diplomacy", {"nations": AXIS_DIPLOMACY}, "deck"),
    ("ax_ambush_1", "axis", 2, "ambush", {}, "deck"),
    ("ax_supply_1", "axis", 2, "supply", {}, "deck"),
    ("ax_vichy_france", "axis", 3, "vichy_france", {"requires": ["paris"]}, "development"),
    ("ax_wolfpack", "axis", 3, "wolfpack", {}, "development"),
    ("ax_strategic_bombing", "axis", 3, "strategic_bombing", {"range": 1}, "development"),
    ("ax_strategic_movement", "axis", 3, "strategic_movement", {"units": 4}, "development"),
    ("ax_landing_airborne", "axis", 3, "landing_airborne", {"units": 2}, "development"),
    ("ax_sea_lion", "axis", 4, "sea_lion", {"units": 3}, "development"),
    ("ax_blitzkrieg_3", "axis", 4, "blitzkrieg", {}, "development"),
    ("ax_ambush_2", "axis", 4, "ambush", {}, "development"),
    ("al_diplomacy_1", "allied", 2, "diplomacy", {"nations": ALLIED_DIPLOMACY}, "deck"),
    ("al_diplomacy_2", "allied", 2, "diplomacy", {"nations": ALLIED_DIPLOMACY}, "deck"),
    ("al_development_1", "allied", 2, "development", {"takes": ["card", "unit"]}, "deck"),
    ("al_ambush_1", "allied", 2, "ambush", {}, "deck"),
    ("al_supply_1", "allied", 2, "supply", {}, "deck"),
    ("al_sea_transport_1", "allied", 2, "sea_transport", {"units": 3}, "deck"),
    ("al_development_2", "allied", 3, "development", {"takes": ["card", "unit"]}, "development"),
    ("al_diplomacy_3", "allied", 3, "diplomacy", {"nations": ["US", "SU"], "steps": 2}, "development"),
    ("al_strategic_bombing", "allied", 3, "strategic_bombing", {"range": 1}, "development"),
    ("al_long_range_bombing", "allied", 3, "long_range_bombing", {"range": 2}, "development"),
    ("al_ambush_2", "allied", 3, "ambush", {}, "development"),
    ("al_sea_transport_2", "allied", 3, "sea_transport", {"units": 4}, "development"),
    ("al_landing_airborne", "allied", 4, "landing_airborne", {"units": 3}, "development"),
    ("al_supply_2", "allied", 4, "supply", {"nations": ["YU"]}, "development"),
    ("al_blitzkrieg", "allied", 4, "blitzkrieg", {}, "development"),
    ("al_development_3", "allied", 4, "development", {"takes": ["card", "unit"]}, "development"),
)


def card_json(card: tuple[str, str, int, str, dict[str, Any], str]) -> dict[str, Any]:
    """One card in the scenario format."""
    card_id, side, sv, event, params, start = card
    en, zh, text_en, text_zh = EVENTS[event]
    out: dict[str, Any] = {
        "id": card_id,
        "side": side,
        "name": {"en": en, "zh_CN": zh},
        "text": {"en": text_en, "zh_CN": text_zh},
        "sv": sv,
        "event": event,
    }
    if params:
        out["params"] = params
    out["start"] = start
    return out
