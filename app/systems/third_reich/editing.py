"""The scenario editor's Rise and Fall of the Third Reich tools (§2 components, §4 set-up: TR-MAP-1, TR-MAP-2,
TR-MAP-3, TR-SETUP-2, TR-CARD-2, TR-CARD-5).

Units of any counter design are placed in areas (several of one design in an area make one placement with a
count; "flip" turns it to its used side). Brushes paint the printed facts of an area: its resource symbol,
its nationality symbol, the side of the minor-ally boundary it lies on. The set-up form holds the turn track,
first-turn hands, the Entry track, the victory thresholds, the optional rules and every card's strategy
value and starting pile. Live checks: every area reachable, special areas of the right kind, units of the
right class in legal areas, stacking, deck values and deck sizes. Area maps themselves come from
``app.scenario.area_import`` (GeoJSON polygons, adjacency derived from shared borders).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal, get_args

from pydantic import BaseModel

from app.core.i18n import Text, localized, t
from app.scenario.editor.document import JsonPath, Transaction, get_at
from app.scenario.editor.fields import FieldSpec
from app.scenario.editor.plugin import Finding, PaletteEntry, Placed, Spot, nearest_label
from app.systems.third_reich.names import side_name
from app.systems.third_reich.runtime import Runtime, unit_types
from app.systems.third_reich.scenario import SIDES, Option, ThirdReichScenario

BOARD = "resources:boards/third_reich_europe_1939.json"
RESOURCES = ("red", "black", "black_white", "none")
OPTIONS: tuple[str, ...] = get_args(Option)  # the optional rules the engine implements
SEA_ROLES = ("north_atlantic", "central_atlantic", "east_mediterranean", "baltic_sea", "black_sea")
CLOSED = {"baltic_sea": ("allied",), "black_sea": ("axis", "allied"), "urals": ("axis",), "middle_east": ("axis",)}
LAND_STACK, AIR_STACK = 10, 4  # TR-STACK: land units a side may have in a land area, air units
OPTION_NAMES = (  # the optional rules by name (rulebook §16; the Spain/Turkey switch: OQ-TR-2)
    ("hidden_development", t("Hidden development (16.1.1)")),
    ("hidden_discards", t("Hidden discards (16.1.2)")),
    ("choice_of_discards", t("Choice of discards (16.2)")),
    ("hand_floor", t("Hand floor (16.3)")),
    ("flat_bombing_modifier", t("Strategic bombing always +1 (16.4)")),
    ("no_war_declarations", t("No war declarations (16.5)")),
    ("us_restriction", t("US restriction (16.6)")),
    ("garrison_restriction", t("Garrison restriction (16.7)")),
    ("jets", t("Jets (16.8)")),
    ("sp_tu_violation_always_allied", t("A violated Spain or Turkey joins the Allies")),
    ("sp_tu_violation_opposes_violator", t("A violated Spain or Turkey joins the violator's enemy")),
)
PILE_NAMES = (("deck", t("the deck")), ("development", t("the development pool")), ("removed", t("out of the game")))
CLASS_WORDS = {"land": t("land"), "air": t("air")}  # the unit classes that stack (TR-STACK), in a warning
DECK_SIZES = {"axis": (8, 8), "allied": (6, 10)}  # SV-2 cards in the deck, SV-3/SV-4 in development (TR-CARD-5)


def _nation(code: str, en: str, zh: str, side: str) -> dict[str, Any]:
    joins = "never"
    return {"code": code, "name": {"en": en, "zh_CN": zh}, "side": side, "status": "belligerent", "joins": joins}


def _card(card_id: str, side: str) -> dict[str, Any]:
    return {"id": card_id, "side": side, "name": {"en": "Supply", "zh_CN": "补给"}, "sv": 2, "event": "supply"}


class ThirdReichEditing:
    """The :class:`~app.scenario.editor.plugin.EditorPlugin` of Rise and Fall of the Third Reich."""

    system_id = "third_reich"

    def new_document(self) -> dict[str, Any]:
        """The bundled 1939 map with Germany and Britain, one infantry army and one card each."""
        from app.scenario.boards import load_board_file
        from app.scenario.resources import resolve_ref

        board = load_board_file(resolve_ref(BOARD, None)).board
        areas = getattr(board, "areas", [])
        return {
            "format": "adjutant-scenario",
            "system": "third_reich",
            "schema_version": 1,
            "id": "new_scenario",
            "title": {"en": "New scenario", "zh_CN": "新剧本"},
            "board": BOARD,
            "areas": {a.id: {} for a in areas},
            "nations": [_nation("GE", "Germany", "德国", "axis"), _nation("UK", "Britain", "英国", "allied")],
            "counters": [
                {"id": "ge_lf", "nation": "GE", "type": "LF", "attack": 3, "durability": 2, "movement": 2},
                {"id": "uk_lf", "nation": "UK", "type": "LF", "attack": 2, "durability": 2, "movement": 2},
            ],
            "setup": [{"unit": "ge_lf", "at": "berlin"}, {"unit": "uk_lf", "at": "london"}],
            "cards": [_card("ax_supply", "axis"), _card("al_supply", "allied")],
            "entry_track": {"positions": {}},
        }

    def palette(self, data: dict[str, Any]) -> list[PaletteEntry]:
        """Every counter design by nation, then brushes for resources, nationality and the boundary."""
        names = _nation_names(data)
        entries = []
        for design in get_at(data, ("counters",), []):
            if not isinstance(design, dict):
                continue
            name = names.get(design.get("nation")) or {}
            group = localized(str(name.get("en") or design.get("nation")), name.get("zh_CN"))
            entries.append(PaletteEntry(f"unit:{design.get('id')}", group, _design_label(design, names)))
        entries += [
            PaletteEntry(f"resource:{r}", t("Resource symbol"), _resource_name(r), paint=True) for r in RESOURCES
        ]
        for code, name in names.items():
            label = localized(str(name.get("en") or code), name.get("zh_CN"))
            entries.append(PaletteEntry(f"nation:{code}", t("Nationality symbol"), label, paint=True))
        entries.append(PaletteEntry("nation:", t("Nationality symbol"), t("None"), paint=True))
        entries.append(PaletteEntry("boundary:north", t("Minor-ally boundary"), t("North of the line"), paint=True))
        entries.append(PaletteEntry("boundary:south", t("Minor-ally boundary"), t("South of the line"), paint=True))
        return entries

    def place(self, tx: Transaction, entry_id: str, spot: Spot, runtime: Any) -> JsonPath | None:
        """Add a unit (a second one of a design joins the placement's count), or paint an area's facts."""
        kind, _, value = entry_id.partition(":")
        area = str(spot.loc)
        if kind == "unit":
            return _add_unit(tx, value, area)
        key = {"resource": "resource", "nation": "nation", "boundary": "north_of_boundary"}.get(kind)
        if key is None:
            return None
        path: JsonPath = ("areas", area, key)
        wanted: Any = {"resource": value, "nation": value or None, "north_of_boundary": value == "north"}[key]
        if wanted in ("none", None, False):
            tx.delete(path)
        else:
            tx.set(path, wanted)
        return None

    def placed(self, data: dict[str, Any], runtime: Any) -> list[Placed]:
        """Every placement on the map (the pools are edited in the set-up list, not on the board)."""
        items = []
        names = _nation_names(data)
        designs = {d.get("id"): d for d in get_at(data, ("counters",), []) if isinstance(d, dict)}
        for index, placement in enumerate(get_at(data, ("setup",), [])):
            if not isinstance(placement, dict) or not isinstance(placement.get("at"), str):
                continue
            at = _label(runtime, placement["at"])
            if at is None:
                continue
            count = placement.get("count", 1)
            design = designs.get(placement.get("unit"))
            unit = _design_label(design, names) if design is not None else localized(str(placement.get("unit")))
            name = t("{count} × {unit}", count=count, unit=unit)
            items.append(Placed(("setup", index), name, at, (at,), "unit"))
        return items

    def move(self, tx: Transaction, item: Placed, start: Spot, end: Spot, runtime: Any) -> None:
        """A placement moves to the area under the mouse."""
        tx.set((*item.path, "at"), str(end.loc))

    def turn(self, tx: Transaction, item: Placed, how: Literal["rotate", "flip"]) -> None:
        """Flip: the units start on their used side (or back); counters have no facing to rotate."""
        if how == "flip":
            used = bool(tx.get((*item.path, "used"), False))
            if used:
                tx.delete((*item.path, "used"))
            else:
                tx.set((*item.path, "used"), True)

    def delete(self, tx: Transaction, item: Placed) -> None:
        """Remove the placement."""
        tx.remove(item.path[:-1], int(item.path[-1]))

    def setup_fields(self, data: dict[str, Any]) -> list[FieldSpec]:
        """Turn track, hands, Entry track, victory, optional rules, then every card's value and pile."""
        fields = [*_track_fields(), *_victory_fields()]
        options = FieldSpec(("options",), t("Optional rules"), "multi", OPTIONS, default=[], choice_names=OPTION_NAMES)
        fields.append(options)
        names = _nation_names(data)
        for code in get_at(data, ("entry_track", "positions"), {}):
            label = t("{nation} entry marker box", nation=_two_names(names.get(code), code))
            fields.append(FieldSpec(("entry_track", "positions", code), label, "int", minimum=0, maximum=9))
        piles = ("deck", "development", "removed")
        for index, card in enumerate(get_at(data, ("cards",), [])):
            card_data = card if isinstance(card, dict) else {"id": index}
            name = _two_names(card_data.get("name"), str(card_data.get("id")))
            value, pile = t("{card}: strategy value", card=name), t("{card}: starts in", card=name)
            fields.append(FieldSpec(("cards", index, "sv"), value, "int", minimum=2, maximum=4))
            path: JsonPath = ("cards", index, "start")
            fields.append(FieldSpec(path, pile, "choice", piles, default="deck", choice_names=PILE_NAMES))
        return fields

    def checks(self, model: BaseModel, runtime: Any, state: Any) -> list[Finding]:
        """Map connectivity and special areas, units in legal areas, stacking, deck values and sizes."""
        assert isinstance(model, ThirdReichScenario) and isinstance(runtime, Runtime)
        return [*map_findings(runtime), *unit_findings(runtime), *deck_findings(model)]

    def locate(self, data: dict[str, Any], path: JsonPath) -> str | None:
        """An area entry's area, or the area of a placement."""
        if len(path) >= 2 and path[0] in ("areas", "special"):
            area = path[1] if path[0] == "areas" else get_at(data, path[:2], None)
            return str(area) if isinstance(area, str) else None
        return nearest_label(data, path)


def _track_fields() -> list[FieldSpec]:
    return [
        FieldSpec(("turns", "first"), t("First turn"), "int", minimum=1, maximum=12, default=1),
        FieldSpec(("turns", "last"), t("Last turn"), "int", minimum=1, maximum=12, default=12),
        FieldSpec(("turns", "first_hands", "axis"), t("Axis hand on the first turn"), "int", minimum=0, maximum=16),
        FieldSpec(("turns", "first_hands", "allied"), t("Allied hand on the first turn"), "int", minimum=0, maximum=16),
        FieldSpec(("entry_track", "entry"), t("Entry box of the Entry track"), "int", minimum=1, maximum=9, default=3),
        FieldSpec(("entry_track", "us_resources_from"), t("US resources count from box"), "int", minimum=0, maximum=9),
    ]


def _victory_fields() -> list[FieldSpec]:
    return [
        FieldSpec(
            ("victory", "axis_strategic"), t("Axis strategic victory at resources"), "int", minimum=1, default=10
        ),
        FieldSpec(("victory", "allied_strategic"), t("Allied victory when Axis resources fall to"), "int", minimum=0),
        FieldSpec(("victory", "final_resources"), t("Last turn: Axis wins with resources"), "int", minimum=0),
        FieldSpec(("victory", "final_areas"), t("Last turn: Axis wins with land areas"), "int", minimum=0),
        FieldSpec(("victory", "final_berlin"), t("Last turn: Axis wins holding Berlin"), "bool", default=True),
    ]


def _nation_names(data: dict[str, Any]) -> dict[Any, dict[str, Any]]:
    """Each nation's name in the document (``{"en": …, "zh_CN": …}``) by its code."""
    nations = get_at(data, ("nations",), [])
    return {n.get("code"): n.get("name") or {} for n in nations if isinstance(n, dict)}


def _two_names(name: Any, fallback: str) -> Text:
    """A name authored in the document in both languages (``{"en": …, "zh_CN": …}``), else ``fallback``."""
    if not isinstance(name, dict) or not name.get("en"):
        return localized(fallback)
    chinese = name.get("zh_CN")
    return localized(str(name["en"]), chinese if isinstance(chinese, str) and chinese else None)


def _design_label(design: dict[str, Any], nations: dict[Any, dict[str, Any]]) -> Text:
    """A counter design as printed ("GE LF 3-2-2"); in Chinese by the nation's and the type's names."""
    values = f"{design.get('attack', 0)}-{design.get('durability', 1)}-{design.get('movement', 0)}"
    values += f" ({design['air']})" if design.get("air") else ""
    vichy, jet = design.get("vichy"), design.get("jet")
    mark, mark_zh = (" Vichy", " 维希") if vichy else (" jet", " 喷气式") if jet else ("", "")
    row = unit_types().get(str(design.get("type")))
    nation = (nations.get(design.get("nation")) or {}).get("zh_CN") or design.get("nation")
    chinese = f"{nation}{row.name_zh} {values}{mark_zh}" if row is not None else None
    return localized(f"{design.get('nation')} {design.get('type')} {values}{mark}", chinese)


def _resource_name(resource: str) -> Text:
    names = {"red": t("Red circle"), "black": t("Black circle"), "black_white": t("Black-and-white circle")}
    return names.get(resource, t("None"))


def _add_unit(tx: Transaction, design: str, area: str) -> JsonPath:
    for index, placement in enumerate(tx.get(("setup",), [])):
        same = isinstance(placement, dict) and (placement.get("unit"), placement.get("at")) == (design, area)
        if same and not placement.get("used"):
            tx.set(("setup", index, "count"), int(placement.get("count", 1)) + 1)
            return ("setup", index)
    return ("setup", tx.append(("setup",), {"unit": design, "at": area}))


def _label(runtime: Any, area: str) -> str | None:
    if area in ("pool", "development"):
        return None
    if isinstance(runtime, Runtime):
        return runtime.map.label(area) if runtime.map.contains(area) else None
    return area


def map_findings(runtime: Runtime) -> list[Finding]:
    """Areas no unit could ever reach (TR-MAP-3), special areas of the wrong kind (TR-MAP-1)."""
    topo = runtime.map
    ids = topo.locations()
    reached, frontier = {ids[0]}, [ids[0]]
    while frontier:
        for nxt in topo.neighbours(frontier.pop()):
            if nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    found = [
        Finding(
            "error",
            f"$.areas.{a}",
            t("{area} has no border or link to the rest of the map", area=topo.label(a)),
            topo.label(a),
        )
        for a in ids
        if a not in reached
    ]
    for role, area in runtime.roles.items():
        if topo.contains(area) and runtime.is_sea(area) != (role in SEA_ROLES):
            kind = t("a sea area") if role in SEA_ROLES else t("a land area")
            named = runtime.name(role) if topo.contains(role) else localized(role.replace("_", " "))  # as mapped
            message = t("The special area {role} must be {kind}", role=named, kind=kind)
            found.append(Finding("error", f"$.special.{role}", message, topo.label(area)))
    return found


def unit_findings(runtime: Runtime) -> list[Finding]:
    """Units of the wrong class for their area, in areas their side may not enter, and over-stacked areas."""
    found: list[Finding] = []
    stacks: Counter[tuple[str, str, str]] = Counter()
    for index, placement in enumerate(runtime.model.setup):
        design = runtime.designs.get(placement.unit)
        if design is None or not runtime.map.contains(placement.at):
            continue
        nation = runtime.nations.get(design.nation)
        side: str = nation.side if nation is not None else "axis"
        cls: str = unit_types()[design.type].cls
        found += _placement_findings(runtime, index, side, cls)
        if cls in ("land", "air"):
            stacks[(placement.at, side, cls)] += placement.count
    for (area, side, cls), count in sorted(stacks.items()):
        limit = LAND_STACK if cls == "land" else AIR_STACK
        if count > limit:
            kind, where = CLASS_WORDS[cls], runtime.name(area)
            args: dict[str, Text | int] = {"count": count, "side": side_name(side), "cls": kind, "area": where}
            message = t("{count} {side} {cls} units in {area}: the limit is {limit}", **args, limit=limit)
            found.append(Finding("warning", "$.setup", message, runtime.map.label(area)))
    return found


def _placement_findings(runtime: Runtime, index: int, side: str, cls: str) -> list[Finding]:
    placement = runtime.model.setup[index]
    closed = {runtime.role(role): sides for role, sides in CLOSED.items() if runtime.role(role)}
    label = runtime.map.label(placement.at)
    path = f"$.setup[{index}].at"
    found = []
    where = runtime.name(placement.at)
    if runtime.is_sea(placement.at) != (cls in ("naval", "submarine")):
        nations = {code: n.name.model_dump() for code, n in runtime.nations.items()}
        unit = _design_label(runtime.designs[placement.unit].model_dump(), nations)
        message = t("{unit} cannot be set up in {area}", unit=unit, area=where)
        found.append(Finding("error", path, message, label))
    if side in closed.get(placement.at, ()):
        message = t("{side} units may not enter {area}", side=side_name(side), area=where)
        found.append(Finding("error", path, message, label))
    return found


def deck_findings(model: ThirdReichScenario) -> list[Finding]:
    """A full deck of 16 cards split otherwise than TR-CARD-5 (a warning: house decks may differ)."""
    found = []
    for side in SIDES:
        cards = [c for c in model.cards if c.side == side and c.start != "removed"]
        low = sum(1 for c in cards if c.sv == 2 and c.start == "deck")
        high = sum(1 for c in cards if c.sv > 2)
        if len(cards) == 16 and (low, high) != DECK_SIZES[side]:
            el, eh = DECK_SIZES[side]
            message = t(
                "The {side} cards: {low} of value 2 in the deck, {high} of value 3 or 4; the rules have {el} and {eh}",
                side=side,
                low=low,
                high=high,
                el=el,
                eh=eh,
            )
            found.append(Finding("warning", "$.cards", message))
    return found


PLUGIN = ThirdReichEditing()
