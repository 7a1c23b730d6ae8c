"""Rooms of buildings and the fire markers a flamethrower leaves in them.

Rulebook chapters: §3.3 buildings (SAS-TER-10, SAS-TER-11, SAS-TER-12: walls, doors and windows bound the rooms) and §28
Hot Dogs (SAS-HD-3: a flamethrower attacking an operator inside a building puts a fire marker in his room, which stays
for the rest of the game; SAS-HD-4: Axis units never enter rooms with fire markers). A room is a set of building squares
joined by edges that carry no wall, door or window (docs/sas-decisions.md D-HD-2); the rooms are read once per board.
"""

from __future__ import annotations

from app.core.i18n import t
from app.systems.sas.context import Ctx
from app.systems.sas.state import ObjectState, SasRuntime, SasState

Cell = tuple[int, int]
BOUNDS = ("building_wall", "door", "window")


def rooms(rt: SasRuntime) -> dict[Cell, frozenset[Cell]]:
    """Every building square's room (cached per board)."""
    found: dict[Cell, frozenset[Cell]] | None = rt.cache.get("rooms")
    if found is None:
        found = {}
        for start in rt.grid.locations():
            if start in found or rt.grid.terrain(start) != "building":
                continue
            room, frontier = {start}, [start]
            while frontier:
                here = frontier.pop()
                for nxt in rt.grid.neighbours(here):
                    orthogonal = nxt[0] == here[0] or nxt[1] == here[1]
                    if nxt in room or not orthogonal or rt.grid.terrain(nxt) != "building":
                        continue
                    if any(f.kind in BOUNDS for f in rt.grid.edge_between(here, nxt)):
                        continue
                    room.add(nxt)
                    frontier.append(nxt)
            for cell in room:
                found[cell] = frozenset(room)
        rt.cache["rooms"] = found
    return found


def room_of(rt: SasRuntime, loc: Cell) -> frozenset[Cell] | None:
    """The room of a building square, None outdoors."""
    return rooms(rt).get(loc)


def fires(state: SasState, room: frozenset[Cell] | None) -> int:
    """Fire markers in the room (SAS-HD-3)."""
    if room is None:
        return 0
    return sum(1 for o in state.objects if o.kind == "fire" and o.loc in room)


def burning(state: SasState) -> frozenset[Cell]:
    """Squares of every room with a fire marker: Axis units never enter them (SAS-HD-4)."""
    cells: set[Cell] = set()
    for obj in state.objects:
        if obj.kind == "fire" and obj.loc is not None:
            cells |= room_of(state.rt, obj.loc) or {obj.loc}
    return frozenset(cells)


def set_fire(ctx: Ctx, loc: Cell, rule: str) -> None:
    """Put a fire marker in the room of ``loc``; it stays for the rest of the game (SAS-HD-3)."""
    ctx.state, fire_id = ctx.state.new_id("fire")
    ctx.state = ctx.state.with_object(ObjectState(fire_id, "fire", loc))
    sq = ctx.label(loc)
    ctx.emit(
        "fire_marker",
        t("A fire marker is placed in the room at {sq}.", sq=sq),
        rule,
        (loc,),
        instruction=t("Put a fire marker on {sq}; it stays for the rest of the game.", sq=sq),
    )
