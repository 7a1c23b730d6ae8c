"""Blasts: fuel barrel explosions and Lewes bomb detonations, their templates and damage.

Rulebook chapters: §20 objects (SAS-OBJ-5 fuel barrel: 5 rolls at 2+, chain reaction OQ-36), §21 items (SAS-EQ-5
Lewes bomb: 6 rolls at 2+, noisy OQ-38; SAS-EQ-6, SAS-EQ-8 grenade and landmine: 4 rolls at 2+), §22 blast templates
(SAS-BLAST-1, SAS-BLAST-2, 3×3 footprint OQ-41, SAS-BLAST-6 persistence) and SAS-TER-16 (templates block LOS and
infantry movement until the End phase). Solo choice: successes go to the Axis units under the template nearest its
centre first, then to barrels (docs/sas-decisions.md D-BLAST-1); a vehicle under the template takes one damage marker
per success it is given, up to its HP left (SAS-AVEH-12, OQ-39). A destroy objective is achieved when a template covers
its square.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import Ruling
from app.systems.sas.axis import alerts
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx

Cell = tuple[int, int]


def footprint(centre: Cell) -> tuple[Cell, ...]:
    """The 3×3 template around ``centre`` (OQ-41)."""
    return tuple((centre[0] + dx, centre[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))


def blast(
    ctx: Ctx,
    centre: Cell,
    rolls: int,
    target: int,
    *,
    what: str | Text,
    rule: str,
    source: str,
    persist: bool = True,
    lucky: bool = False,
) -> None:
    """Resolve a blast at ``centre``: rolls, hits on units and barrels, friendly deaths, template (SAS-BLAST-2).

    ``persist``: the template stays until the End phase (bombs, barrels); grenade and mine templates are removed
    at once (SAS-BLAST-6). ``source``: what exploded ("lewes_bomb", "fuel_barrel", "grenade", "landmine"), for the
    destroy objectives that name the blasts they accept. ``lucky``: the operators' blast (their grenade, bomb or mine,
    a barrel they set off), whose roll a rabbit's foot may change (SAS-EQ-11).
    """
    cells = [c for c in footprint(centre) if ctx.state.rt.grid.contains(c)]
    title = t("{what} explodes at {sq}", what=what, sq=ctx.label(centre))
    dice = combat.roll(ctx, rolls, target, [], title, lucky=lucky)
    hits = sum(1 for d in dice if d.success)
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=target, result=t("{n} success(es)", n=hits))
    ctx.emit(
        "blast",
        t("{title}: {n} success(es).", title=title, n=hits),
        rule,
        tuple(cells),
        ruling=ruling,
        instruction=t("Place a blast template centred on {sq}.", sq=ctx.label(centre))
        if persist
        else t("Centre the blast template on {sq}, resolve it, then remove it.", sq=ctx.label(centre)),
    )
    if persist:
        ctx.state = replace(ctx.state, templates=tuple(sorted({*ctx.state.templates, *cells})))
    _objectives(ctx, set(cells), source)
    victims = sorted(
        (u for u in ctx.state.map_units() if set(cells).intersection(u.cells)), key=lambda u: (u.distance(centre), u.id)
    )
    left = hits
    for unit in victims:  # a vehicle is one target, however many of its squares are covered (SAS-AVEH-12)
        if left > 0:
            left -= combat.damage_unit(ctx, unit.id, left, rule, blast=True)
    drums = [o.id for o in ctx.state.objects if o.kind == "fuel_barrel" and o.loc in cells]
    for barrel in drums[: max(0, left)]:
        explode_barrel(ctx, barrel)
    for op in ctx.state.active_ops():
        if op.loc in cells:
            combat.damage_operator(ctx, op.id, op.hp, rule)  # friendly units under the template die


def _objectives(ctx: Ctx, cells: set[Cell], source: str) -> None:
    accepts = {o.id: o.blasts for o in ctx.state.rt.mission.objectives}
    titles = {o.id: o.title.text() for o in ctx.state.rt.mission.objectives}
    kind = "lewes_bomb" if source == "rat_bomb" else source  # a rat bomb does what a Lewes bomb does (SAS-EQ-17)
    for objective, targets in ctx.state.rt.objective_cells.items():
        if accepts.get(objective) and source not in accepts[objective] and kind not in accepts[objective]:
            continue  # the mission page names the blasts that count
        if objective not in ctx.state.achieved and targets & cells:
            ctx.state = replace(ctx.state, achieved=ctx.state.achieved | {objective})
            ctx.emit(
                "objective",
                t("Objective achieved: {id}.", id=titles.get(objective) or objective),
                "SAS-MSN-1",
                tuple(targets & cells),
            )


def explode_barrel(ctx: Ctx, barrel_id: str) -> None:
    """A fuel barrel hit by a noisy weapon explodes: 5 rolls at 2+ (SAS-OBJ-5, OQ-36 chain)."""
    barrel = ctx.state.obj(barrel_id)
    if barrel is None or barrel.loc is None:
        return
    ctx.state = ctx.state.without_objects([barrel_id])
    blast(ctx, barrel.loc, 5, 2, what=t("A fuel barrel"), rule="SAS-OBJ-5", source="fuel_barrel", lucky=True)


def detonate_bombs(ctx: Ctx) -> None:
    """Bomb cards on top of the deck after the Event phase draw detonate: Lewes bombs and rat bombs, each with its
    own card (SAS-DECK-4, SAS-EQ-5, SAS-EQ-17, OQ-25). The bombs going off in one Event phase explode together: all
    their blasts are resolved first, then the stealth meter steps once a bomb (SAS-NOISE-1, OQ-38), then the units
    turn to each noise (SAS-NOISE-3)."""
    gone = []
    for bomb in [o for o in ctx.state.objects if o.kind in ("lewes_bomb", "rat_bomb")]:
        fuse = bomb.fuse - 1
        if fuse > 1 and bomb.loc is not None:
            ctx.state = ctx.state.with_object(replace(bomb, fuse=fuse))
            continue
        ctx.state = ctx.state.without_objects([bomb.id])
        if bomb.loc is not None:
            gone.append(bomb)
    for bomb in gone:
        assert bomb.loc is not None
        item = ctx.state.rt.tables.items[bomb.kind]
        rat = bomb.kind == "rat_bomb"
        card = t("The rat-bomb card comes up.") if rat else t("The Lewes bomb card comes up.")
        ctx.emit("bomb_card", card, "SAS-EQ-17" if rat else "SAS-DECK-4")
        what, rule = (t("A rat bomb"), "SAS-EQ-17") if rat else (t("A Lewes bomb"), "SAS-EQ-5")
        blast(ctx, bomb.loc, item.rolls, item.target, what=what, rule=rule, source=bomb.kind, lucky=True)
    for _bomb in gone:
        alerts.advance_meter(ctx, "SAS-NOISE-1")
    for bomb in gone:
        assert bomb.loc is not None
        alerts.noise(ctx, bomb.loc, ctx.state.rt.tables.items[bomb.kind].noise, "SAS-NOISE-3")
