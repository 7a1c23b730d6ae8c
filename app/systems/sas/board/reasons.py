"""Why a line of sight is blocked, a square half seen, an operator in cover or an action refused: reasons in the
player's language.

Rulebook chapter §4 (SAS-LOS-1, SAS-LOS-3, SAS-LOS-5, SAS-LOS-10) and §3 (the terrain that blocks or covers,
SAS-TER-3, SAS-TER-7, SAS-TER-10, SAS-TER-12, SAS-OBJ-6; vehicles' arcs SAS-AVEH-7, SAS-AVEH-8; water SAS-EQ-16), and
the refusals of §7 and §8 (steps, sprints, knives, throws, marks: SAS-MOVE-1, SAS-SPRINT-1, SAS-KNIFE-5, SAS-EQ-6,
SAS-MARK-1; Nancy's talk SAS-NANCY-6; boarding SAS-OVEH-1).

The sight rules judge thousands of lines in an Axis turn and the move generation thousands of steps, and show the
reasons of a few, while a translatable :class:`~app.core.i18n.Text` costs microseconds to build. So a reason is kept
as a :class:`Why`, a slotted record of a message key and its arguments (square labels, rule IDs, names, nested
reasons), and becomes a Text only when it is shown (:meth:`Why.text`). The English templates live in
:data:`SIGHT_REASONS` and :data:`REFUSALS` (the SAS catalog translates them). Terrain kinds and edge features are
named from the terrain data's ``name_en``/``name_zh`` (:func:`terrain_name`), never by their ids.
"""

from __future__ import annotations

from app.core.i18n import Text, localized, t
from app.systems.sas.state import SasRuntime

# Message key -> English template.
SIGHT_REASONS = {
    "at": "{what} at {sq} [{rule}]",
    "between": "{what} between {a} and {b} [{rule}]",
    "corner": "corner at {sq} [OQ-9]",
    "low_corner": "low cover at the corner by {sq} [SAS-LOS-5]",
    "barrel": "fuel barrel at {sq} [SAS-OBJ-6]",
    "blocked": "blocked: {why}",
    "blocked_by": "blocked: unit or template at {sq} [{rule}]",
    "half": "half: {why}",
    "not_adjacent": "half: {what}, viewer not adjacent [{rule}]",
    "clear": "full: clear line [SAS-LOS-5]",
    "outside_front": "outside the front arc [SAS-AVEH-7]",
    "outside_rear": "outside the rear arc [SAS-AVEH-7]",
    "front": "front arc, {why}",
    "rear": "rear arc, {why}",
    "axis_unit": "Axis unit or template at {sq} [{rule}]",
    "cover": "{what} [{rule}]",
    "off_map": "not on the map",
    "no_ammo": "out of ammunition [SAS-ATK-5]",
    "range": "beyond long range {n} [SAS-ATK-1]",
    "crouched": "crouched behind {why}, he cannot see out [SAS-LOS-10]",
    "shore_square": "{what} at {sq}",
    "shore_edge": "low cover by {sq}",
    "water": "{why}: low cover between water and land [SAS-EQ-16]",
    "not_entered": "the vehicle has not entered the map yet [SAS-SETUP-8]",
    "no_gunner": "no operator in a gunner seat [SAS-OVEH-5]",
    "not_in_arc": "not in a gunner's arc [SAS-OVEH-5, SAS-AVEH-7]",
    "gun_range": "beyond long range {n} [SAS-OVEH-5]",
    "no_line": "no line",
    "boat_line": "{why}: low cover blocks the boat's line [SAS-OVEH-13]",
}

# Why an operator's step, sprint, knife, throw, mark, talk or boarding is refused: key -> English template.
REFUSALS = {
    "talk_undercover": "only in her disguise, unexposed, before the alarm",
    "no_talk_token": "no talk token left",
    "already_talking": "she is already talking",
    "talk_infantry": "only to Axis infantry on the map",
    "talk_unalert": "only to an unalert unit that is free",
    "talk_orthogonal": "only from a square orthogonally next to it",
    "garrote_disguise": "the garrote is the weapon of her disguise side",
    "holds_victim": "she already holds a victim",
    "no_grenade": "no grenade left",
    "off_board": "not a square on the board",
    "grenade_range": "beyond the grenade's range",
    "mark_unit": "mark an Axis unit (one on a spawn tile too) [SAS-MARK-1]",
    "water_speargun": "in the water only the speargun [SAS-EQ-16]",
    "no_grenade_mark": "no grenade left [SAS-EQ-6]",
    "grenade_square": "a grenade marks a square on the board [SAS-EQ-6]",
    "not_adjacent_square": "not an adjacent square",
    "door_locked": "the door is locked [SAS-JGR-10]",
    "terrain": "terrain does not allow it",
    "needs_climb": "needs the Climb action",
    "not_disguised": "not in her disguise [SAS-NANCY-3]",
    "no_empty_end": "she could not end her move in an empty square [SAS-NANCY-3]",
    "last_occupied": "the last square is occupied",
    "sprint_length": "a sprint covers 1 to 3 squares",
    "template_blocks": "a blast template blocks the way",
    "forest_sprint": "no sprinting from forest to forest",
    "water_exit": "low cover blocks the way out of the water [SAS-EQ-14]",
    "sprint_water_end": "a sprint into the water ends there [SAS-EQ-14]",
    "sprint_out_water": "in the water he sprints only out of it, onto the land [SAS-EQ-15]",
    "no_unit": "no such unit on the map",
    "knife_infantry": "only foot infantry can be assassinated [SAS-KNIFE-1]",
    "knife_exposed": "an exposed operator cannot assassinate [SAS-KNIFE-2]",
    "knife_behind": "not in the square directly behind it [SAS-KNIFE-5]",
    "knife_door": "no assassination through a door [SAS-KNIFE-3]",
    "object_water": "he cannot take an object into the water [SAS-EQ-14]",
    "crew_aboard": "the crew stays aboard until the vehicle enters the map [SAS-SETUP-8]",
    "not_next_vehicle": "not a square next to the vehicle",
    "occupied": "the square is occupied",
    "no_vehicle": "there is no vehicle there",
    "disguise_vehicle": "in her disguise she cannot use vehicles [SAS-NANCY-3]",
    "board_carrying": "he cannot board carrying an object [D-OVEH-6]",
    "no_seat": "no such free seat [SAS-OVEH-1]",
    "throw_range": "beyond range {n}",
    "cannot_use": "{op} cannot use a {weapon} now [SAS-BRD-11, SAS-EQ-16]",
    "cannot_run": "cannot run from {a} to {b}",
    "unknown_move": "unknown move {move}",
    "vehicle_terrain": "terrain blocks the way [SAS-AVEH-3]",
    "leaves_board": "the token would leave the board",
    "in_the_way": "a unit, operator, vehicle or fuel barrel is in the way [D-OVEH-3]",
    "move_cost": "the moves cost {spent} MP; the vehicle has {budget} [SAS-OVEH-3]",
    "no_move": "no move given",
}

Arg = str | int | Text


class Why:
    """A reason in the making: a key of :data:`SIGHT_REASONS` or :data:`REFUSALS` and its placeholders' values.

    Immutable by convention: a plain slotted class, as it is made for every square of every Axis arc (a frozen
    dataclass costs three times as much to build).

    Attributes:
        key: Which message.
        args: The placeholders' values, in order: plain strings and numbers (labels, rule IDs), translated names
            (Text) or nested reasons.
    """

    __slots__ = ("args", "key")

    def __init__(self, key: str, args: tuple[tuple[str, Arg | Why], ...] = ()) -> None:
        self.key = key
        self.args = args

    def text(self) -> Text:
        """The reason as a translatable Text (nested reasons too)."""
        args = {k: v.text() if isinstance(v, Why) else v for k, v in self.args}
        if self.key in SIGHT_REASONS:
            return t(SIGHT_REASONS[self.key], **args)
        return t(REFUSALS[self.key], **args)

    def render(self, lang: str = "en") -> str:
        """The reason in ``lang`` ("en" or "zh_CN")."""
        return self.text().render(lang)

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Why({self.key!r}, {self.args!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Why) and (self.key, self.args) == (other.key, other.args)

    def __hash__(self) -> int:  # the key and the placeholders' names: translated names (Text) are not hashable
        return hash((self.key, tuple(k for k, _v in self.args)))


def why(key: str, **args: Arg | Why) -> Why:
    """Make a :class:`Why` from a key of :data:`SIGHT_REASONS` or :data:`REFUSALS` and its placeholders' values (a
    reason without placeholders is made once and shared: move generation asks for thousands)."""
    if not args:
        found = _PLAIN.get(key)
        if found is None:
            found = _PLAIN[key] = Why(key)
        return found
    return Why(key, tuple(args.items()))


_PLAIN: dict[str, Why] = {}


def terrain_names(rt: SasRuntime) -> dict[str, Text]:
    """The names of the square terrains and edge features the terrain data names ("forest", "building wall";
    "树林", "建筑墙"), by id, kept per board."""
    names: dict[str, Text] | None = rt.cache.get("terrain_names")
    if names is None:
        terrain = rt.tables.terrain
        names = {k: localized(v.name_en, v.name_zh or None) for k, v in terrain.squares.items() if v.name_en}
        names |= {k: localized(v.name_en, v.name_zh or None) for k, v in terrain.edges.items() if v.name_en}
        rt.cache["terrain_names"] = names
    return names


def terrain_name(rt: SasRuntime, kind: str) -> Text:
    """The name of a square's terrain or an edge feature (a kind the data does not name: its id's words)."""
    found = terrain_names(rt).get(kind)
    return found if found is not None else localized(kind.replace("_", " "))


CLEAR = why("clear")
