"""Display names of operators and Axis units (English and Chinese from the data tables).

Rulebook chapter: §19 unit names (SAS-UNIT), §18 vehicle roles (SAS-BRD-10), §2 operator boards (SAS-BRD-11) and §29
Jäger stalkers (SAS-JGR-2).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, localized, t
from app.systems.sas.state import ObjectState, OperatorState, SasState, UnitState

FACINGS = {
    "N": t("north"),
    "NE": t("north-east"),
    "E": t("east"),
    "SE": t("south-east"),
    "S": t("south"),
    "SW": t("south-west"),
    "W": t("west"),
    "NW": t("north-west"),
}

ROLE_ZH = {
    "sentry": "哨兵",
    "patrolman": "巡逻兵",
    "guard": "警卫",
    "officer": "军官",
    "spawned": "增援",
    "stalker": "追猎者",
}
COLOUR_ZH = {"black": "黑色", "white": "白色"}
# The border printed around a vehicle token names its role (SAS-BRD-10); a reinforcement has none of its own.
VEHICLE_BORDERS = {
    "patrol": ("black border", "黑边"),
    "convoy": ("white border", "白边"),
    "scout": ("blue border", "蓝边"),
    "guard": ("yellow border", "黄边"),
    "assault": ("red border", "红边"),
    "spawned": ("reinforcement", "增援"),
}


def colour_name(colour: str) -> Text:
    """A counter colour as a player reads it ("white", "白色")."""
    return localized(colour, COLOUR_ZH.get(colour))


def facing_name(facing: str | None) -> Text:
    """A facing as a player reads it ("north", "北"), never the compass letter kept in the state.

    Args:
        facing: A compass letter ("N", "E", "S", "W" or a diagonal such as "NE").

    Returns:
        The translated word, or the value itself when it is not a compass letter.
    """
    return FACINGS.get(facing or "") or localized(facing or "")


def name_of(state: SasState, ident: str) -> Text:
    """Name of operator, support unit or Axis unit ``ident`` ("Jock Lewes", "black sentry on C4").

    An Axis unit is named as a player sees its counter: kind, colour and the square it stands on, never its id.

    Names are asked for often (every ruling names its actors) and depend only on the runtime's tables and what the
    unit or support unit is, so each is made once per runtime and reused (Texts are immutable).
    """
    boards = state.rt.tables.operators
    cache: dict[tuple[object, ...], Text] = state.rt.cache.setdefault("names", {})
    if ident in boards:
        key: tuple[object, ...] = (ident,)
        found = cache.get(key)
        if found is None:
            found = cache[key] = localized(boards[ident].name_en, boards[ident].name_zh)
        return found
    support = next((o for o in state.operators if o.id == ident and o.support), None)
    unit = None if support is not None else state.unit(ident)
    key = (ident, support and (support.kind, support.loc), unit and (unit.kind, unit.role, unit.colour, unit.loc))
    found = cache.get(key)
    if found is None:
        found = _name(state, ident, support, unit)
        if support is None and unit is None and (obj := state.obj(ident)) is not None:
            return _object_name(state, obj)  # an object moves and goes: named where it lies now, never kept
        cache[key] = found
    return found


OBJECT_NAMES = {  # what lies on the board, as a player calls it (SAS-OBJ-1, SAS-OBJ-6)
    "corpse": ("corpse", "尸体"),
    "fuel_barrel": ("fuel barrel", "燃料桶"),
    "trap_used": ("used trap", "已使用的陷阱"),
    "fire": ("fire marker", "火焰标记"),
}


def _object_name(state: SasState, obj: ObjectState) -> Text:
    """A corpse, fuel barrel or device by what it is and where it lies ("fuel barrel on J9"), never its id."""
    what = localized(*OBJECT_NAMES[obj.kind]) if obj.kind in OBJECT_NAMES else equipment_name(state, obj.kind)
    return _placed(state, obj.loc, what, obj.id)


def name_at(state: SasState, ident: str, loc: tuple[int, int] | None) -> Text:
    """Name of ``ident`` as it stood on ``loc``: a move's text names the counter where the player finds it."""
    unit = state.unit(ident)
    if unit is None or loc is None or unit.loc == loc:
        return name_of(state, ident)
    return _name(state, ident, None, replace(unit, loc=loc))


def _name(state: SasState, ident: str, support: OperatorState | None, unit: UnitState | None) -> Text:
    """The name of a support unit, an Axis unit or anything else known only by its id."""
    if support is not None:  # "Resistance fighter on C4", as his counter stands (SAS-SUP-1)
        card = state.rt.tables.support[support.kind]
        return _placed(state, support.loc, localized(card.name_en, card.name_zh), ident)
    if unit is None:
        return localized(ident)
    head, _, number = unit.id.partition("_")
    if head == "stalker" and number.isdigit():  # the hunter's numbered stalkers (SAS-JGR-2)
        return localized(f"stalker {number}", f"{number}号追猎者")
    vehicle = state.rt.tables.vehicle(unit.kind)
    if vehicle is not None:  # "Motorcycle (black border) on K4": the token's name and border (SAS-BRD-10)
        border = VEHICLE_BORDERS.get(unit.role)
        counter = localized(vehicle.name_en, vehicle.name_zh)
        if border is not None:
            counter = localized(f"{vehicle.name_en} ({border[0]})", f"{vehicle.name_zh}（{border[1]}）")
        return _on_square(state, unit, counter)
    colour = f"{unit.colour} " if unit.colour else ""
    zh = f"{COLOUR_ZH.get(unit.colour or '', '')}{ROLE_ZH.get(unit.role, unit.role)}"
    stats = state.rt.tables.units.get(unit.kind)
    if unit.role == "spawned":
        kind = localized(stats.name_en, stats.name_zh) if stats is not None else localized(unit.kind)
        return _on_square(state, unit, kind)
    if stats is not None and unit.kind not in ("rifle", "smg", "officer"):  # a special unit placed by the mission
        return _on_square(state, unit, localized(stats.name_en, stats.name_zh))
    return _on_square(state, unit, localized(f"{colour}{unit.role}", zh))


def _on_square(state: SasState, unit: UnitState, counter: Text) -> Text:
    """``counter`` (what the physical counter shows) with the square it stands on: "white patrolman on D6".

    A unit off the board (waiting on a spawn tile or in a vehicle) keeps its id, the only thing that tells it apart.
    """
    return _placed(state, unit.loc, counter, unit.id)


def _placed(state: SasState, loc: tuple[int, int] | None, counter: Text, ident: str) -> Text:
    """``counter`` on the square ``loc``, or with the number of its id when it is off the board ("(2)")."""
    if loc is None:
        number = ident.rpartition("_")[2]
        return t("{unit} ({id})", unit=counter, id=number if number.isdigit() else ident)
    return t("{unit} on {sq}", unit=counter, sq=state.rt.label(loc))


def listed(names: list[Text]) -> Text:
    """Names one after another ("Jock Lewes, Paddy Mayne"), each rendered in the reader's language; "-" for none."""
    if not names:
        return localized("-")
    return Text(msg=", ".join(f"{{u{i}}}" for i in range(len(names))), args={f"u{i}": n for i, n in enumerate(names)})


def equipment_name(state: SasState, ident: str) -> Text:
    """A weapon's or item's printed name in both languages (from the data tables)."""
    tables = state.rt.tables
    entry = tables.weapons.get(ident) or tables.items.get(ident)
    return localized(entry.name_en, entry.name_zh) if entry is not None else Text(msg=ident)
