"""The Jäger hunter's markers on the board: cats, twigs, door locks, blood stains (and where waypoints lie).

Rulebook chapter: §29 (SAS-JGR-8 cat, SAS-JGR-9 twig snap, SAS-JGR-10 door lock, SAS-JGR-11 blood stain). The
movement rules call in here: an operator entering a square (``operator_entered``) snaps the twig under him and may
startle a cat; an Axis unit's move (``axis_moved``, given every square it passed) unlocks the locked doors it went
through and may startle a cat. Distances are counted like every other SAS distance (Chebyshev, OQ-3). An Axis move is
resolved whole before the cat it passed is startled (decision D-JGR-4). Blood stains count as corpses through
``SasState.corpse_cells``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from app.core.i18n import Text, t
from app.systems.sas.axis import alerts
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.state import HunterMarker, SasState

Cell = tuple[int, int]
CAT_TRIGGER = 2  # SAS-JGR-8: moving within 2 squares startles the cat
CAT_REACH = 4  # SAS-JGR-8: units within 4 squares of it turn to face it
TWIG_NOISE = 4  # SAS-JGR-9: units within 4 squares flip to alert


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def markers(state: SasState, kind: str) -> tuple[HunterMarker, ...]:
    """The hunter's markers of one kind (none outside Jäger mode)."""
    return () if state.hunter is None else state.hunter.markers_of(kind)


def watching(state: SasState) -> bool:
    """Whether a move may matter to a marker: a cat or a lock is on the board."""
    return bool(markers(state, "cat") or markers(state, "lock"))


def add_marker(ctx: Ctx, marker: HunterMarker) -> HunterMarker:
    """Put a marker on the board under a fresh id."""
    ctx.state, mid = ctx.state.new_id(f"{marker.kind}_")
    placed = replace(marker, id=mid)
    hunter = ctx.state.hunter
    assert hunter is not None
    ctx.state = ctx.state.with_hunter(markers=(*hunter.markers, placed))
    return placed


def remove_marker(ctx: Ctx, marker_id: str) -> None:
    """Take a marker off the board."""
    hunter = ctx.state.hunter
    assert hunter is not None
    ctx.state = ctx.state.with_hunter(markers=tuple(m for m in hunter.markers if m.id != marker_id))


# --- door locks (SAS-JGR-10) ----------------------------------------------------------------------------------
def door_edges(state: SasState) -> tuple[tuple[Cell, Cell], ...]:
    """Every door of the map as its two squares, top-left one first (cached per board)."""
    rt = state.rt
    cached = rt.cache.get("door_edges")
    if cached is None:
        found = []
        for a in sorted(rt.map_cells, key=lambda c: (c[1], c[0])):
            for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)):
                if b in rt.map_cells and any(f.kind == "door" for f in rt.grid.edge_between(a, b)):
                    found.append((a, b))
        cached = rt.cache["door_edges"] = tuple(found)
    return cached


def lock_between(state: SasState, a: Cell, b: Cell) -> HunterMarker | None:
    """The lock on the door between ``a`` and ``b``, if any."""
    for lock in markers(state, "lock"):
        if {lock.loc, lock.other} == {a, b}:
            return lock
    return None


def locked(state: SasState, a: Cell, b: Cell) -> bool:
    """An operator cannot step from ``a`` to ``b``: a locked door lies between them (SAS-JGR-10)."""
    return lock_between(state, a, b) is not None


def locks_at(state: SasState, loc: Cell) -> tuple[HunterMarker, ...]:
    """Locked doors an operator standing in ``loc`` can pick (he stands on one side of them)."""
    return tuple(m for m in markers(state, "lock") if loc in (m.loc, m.other))


def _unlock_passed(ctx: Ctx, unit_id: str, path: Sequence[Cell]) -> None:
    """An Axis unit passing through a locked door unlocks it (SAS-JGR-10)."""
    for a, b in pairwise(path):
        lock = lock_between(ctx.state, a, b)
        if lock is None:
            continue
        remove_marker(ctx, lock.id)
        ctx.emit(
            "door_unlocked",
            t("{unit} passes through the locked door: it is unlocked.", unit=ctx.name(unit_id)),
            "SAS-JGR-10",
            (a, b),
            instruction=t("Remove the lock marker between {a} and {b}.", a=ctx.label(a), b=ctx.label(b)),
        )


# --- cats (SAS-JGR-8) -------------------------------------------------------------------------------------------
def _startle_near(ctx: Ctx, squares: Sequence[Cell], mover: Text) -> None:
    for cat in markers(ctx.state, "cat"):
        if any(_dist(c, cat.loc) <= CAT_TRIGGER for c in squares):
            startle(ctx, cat, mover)


def startle(ctx: Ctx, cat: HunterMarker, mover: Text) -> None:
    """The cat is startled: every Axis unit within 4 squares turns to face it (no alert), then the cat goes; a
    patrolman so turned faces along his line again at his next move (SAS-JGR-8). Units that now see an operator
    or a corpse react as usual (SAS-SEEN-2)."""
    remove_marker(ctx, cat.id)
    ctx.emit(
        "cat_startled",
        t(
            "{mover} startles the cat at {sq}: the Axis units within 4 squares turn toward it.",
            mover=mover,
            sq=ctx.label(cat.loc),
        ),
        "SAS-JGR-8",
        (cat.loc,),
        instruction=t("Remove the cat marker at {sq}.", sq=ctx.label(cat.loc)),
    )
    startled = []
    for unit in ctx.state.map_units():
        if unit.cigarette or unit.loc == cat.loc or _dist(unit.loc, cat.loc) > CAT_REACH:
            continue
        combat.turn_to(ctx, unit.id, cat.loc, "SAS-JGR-8")
        if unit.role == "patrolman":
            startled.append(unit.id)
    hunter = ctx.state.hunter
    assert hunter is not None
    if startled:
        ctx.state = ctx.state.with_hunter(startled=tuple(sorted({*hunter.startled, *startled})))
    alerts.detect(ctx)


def startled(state: SasState, unit_id: str) -> bool:
    """A patrolman a cat turned away from his line (SAS-JGR-8)."""
    return state.hunter is not None and unit_id in state.hunter.startled


def settle_startled(ctx: Ctx, unit_id: str) -> None:
    """Forget that a cat turned this patrolman (he faces along his line again)."""
    hunter = ctx.state.hunter
    if hunter is not None and unit_id in hunter.startled:
        ctx.state = ctx.state.with_hunter(startled=tuple(u for u in hunter.startled if u != unit_id))


# --- the movement hooks -----------------------------------------------------------------------------------------
def operator_entered(ctx: Ctx, op_id: str, origin: Cell | None, to: Cell) -> None:
    """An operator moved from ``origin`` into ``to``: the twig under him snaps, a cat near him is startled."""
    if ctx.state.hunter is None:
        return
    twig = next((m for m in markers(ctx.state, "twig") if m.operator == op_id), None)
    if twig is not None and origin != to:
        snap(ctx, twig)
    _startle_near(ctx, [to], ctx.name(op_id))


def snap(ctx: Ctx, twig: HunterMarker) -> None:
    """The operator's move snaps the twig: Axis units within 4 squares flip to alert, keeping their facing, like a
    shout; then the twig is removed (SAS-JGR-9)."""
    remove_marker(ctx, twig.id)
    ctx.emit(
        "twig_snapped",
        t("A twig snaps under {op}'s foot at {sq}.", op=ctx.name(twig.operator or ""), sq=ctx.label(twig.loc)),
        "SAS-JGR-9",
        (twig.loc,),
        instruction=t("Remove the twig marker."),
    )
    for unit in ctx.state.map_units():
        if _dist(unit.loc, twig.loc) <= TWIG_NOISE:
            alerts.alert(ctx, unit.id, "SAS-JGR-9", t(" (heard a twig snap)"))


def axis_moved(ctx: Ctx, unit_id: str, path: Sequence[Cell]) -> None:
    """An Axis unit moved through ``path`` (its start square first): locked doors it went through open, a cat it
    came within 2 squares of is startled (SAS-JGR-8, SAS-JGR-10)."""
    if ctx.state.hunter is None or ctx.state.unit(unit_id) is None:
        return
    _unlock_passed(ctx, unit_id, path)
    _startle_near(ctx, list(path[1:]), ctx.name(unit_id))


def vehicle_moved(ctx: Ctx, unit_id: str, squares: Sequence[Cell]) -> None:
    """An Axis vehicle drove over ``squares`` (every square its token covered after each single move): a cat within
    2 squares of one of them is startled (SAS-JGR-8). Vehicles never pass doors (SAS-AVEH-3)."""
    if ctx.state.hunter is not None and squares:
        _startle_near(ctx, squares, ctx.name(unit_id))


def crew_moved(ctx: Ctx, crew: Sequence[str], squares: Sequence[Cell], mover: Text) -> None:
    """An operator vehicle drove onto ``squares`` (its token after a single move) with ``crew`` aboard: they move
    with it, so a twig under one of them snaps (SAS-JGR-9) and a cat within 2 squares of one of the squares is
    startled (SAS-JGR-8, D-INTEG-6)."""
    if ctx.state.hunter is None:
        return
    for twig in markers(ctx.state, "twig"):
        if twig.operator in crew:
            snap(ctx, twig)
    _startle_near(ctx, squares, mover)


# --- the End phase (SAS-JGR-11) ---------------------------------------------------------------------------------
def end_phase(ctx: Ctx) -> None:
    """Blood stains: a small one is removed, a large one flips to its small side (SAS-JGR-11). A twig whose
    operator has left the map goes too."""
    hunter = ctx.state.hunter
    if hunter is None:
        return
    gone = [m for m in hunter.markers if m.kind == "blood" and m.small]
    gone += [m for m in hunter.markers if m.kind == "twig" and not ctx.state.op(m.operator or "").on_map]
    kept = tuple(replace(m, small=True) if m.kind == "blood" else m for m in hunter.markers if m not in gone)
    ctx.state = ctx.state.with_hunter(markers=kept)
    for m in gone:
        if m.kind == "blood":
            ctx.emit(
                "blood_removed",
                t("The blood stain at {sq} is gone.", sq=ctx.label(m.loc)),
                "SAS-JGR-11",
                (m.loc,),
                instruction=t("Remove the blood marker at {sq}.", sq=ctx.label(m.loc)),
            )
    for m in hunter.markers:
        if m.kind == "blood" and not m.small:
            ctx.emit(
                "blood_faded",
                t("The blood stain at {sq} dries: it turns to its small side.", sq=ctx.label(m.loc)),
                "SAS-JGR-11",
                (m.loc,),
                instruction=t("Flip the blood marker at {sq} to its small side.", sq=ctx.label(m.loc)),
            )
