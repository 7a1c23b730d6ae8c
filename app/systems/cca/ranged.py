"""Ranged combat (rulebook chapter 9): CCA-RANGED-1, CCA-RANGED-2, CCA-RANGED-3, CCA-RANGED-4, CCA-RANGED-5,
CCA-RANGED-6, CCA-RANGED-7, CCA-RANGED-8, CCA-RANGED-9, CCA-LOS-1, CCA-LOS-2, CCA-LOS-3, CCA-LOS-4, CCA-HILL-5,
CCA-FOREST-5, CCA-CAMP-6.

Line of sight is traced centre to centre with ``app.geometry.los``; the judge here says what blocks:
pieces and blocking terrain in intermediate hexes, hills per the plateau rule, a line leaving the board,
and a line along a hexside only when the hexes on both sides are obstructed (CCA-LOS-4).
"""

from __future__ import annotations

from app.core import flow
from app.core.i18n import t
from app.core.ruling import Ruling
from app.geometry.gridtrace import hex_template
from app.geometry.los import Crossing, LosResult, Verdict, line_of_sight
from app.systems.cca.battledice import Strike, roll, score
from app.systems.cca.combat import ignorable_flags, lose_blocks, refresh_warriors, retreat_hexes
from app.systems.cca.leaders import eliminate_leader, lone
from app.systems.cca.messages import Ctx
from app.systems.cca.orders import enemy_adjacent
from app.systems.cca.state import TASKS, Hex, State, Task, Unit
from app.systems.cca.tables import cards, class_name, listed
from app.systems.cca.terrain import DiceCount, apply_steps, ranged_caps, terrain_at

CLEAR = Verdict("clear")


def _obstructed(state: State, h: Hex, a: Hex, b: Hex) -> str:
    """Why an intermediate hex obstructs a line from ``a`` to ``b`` ("" if it does not)."""
    if state.unit_at(h) is not None or state.leader_at(h) is not None:
        return "a piece stands there (CCA-LOS-2)"
    ter = terrain_at(state, h)
    if ter.blocks_los == "yes":
        return f"{ter.name_en} blocks (CCA-LOS-2)"
    if ter.blocks_los == "hill" and not (terrain_at(state, a).hill and terrain_at(state, b).hill):
        return "a hill blocks the view beyond it (CCA-HILL-5)"
    return ""


def los(state: State, a: Hex, b: Hex) -> LosResult:
    """Line of sight from ``a`` to ``b`` (CCA-LOS-1, CCA-LOS-2, CCA-LOS-3, CCA-LOS-4)."""

    def judge(crossing: Crossing) -> Verdict:
        inner = [h for h in crossing.locs if h not in (a, b)]
        if crossing.kind == "cell":
            why = _obstructed(state, inner[0], a, b) if inner else ""  # type: ignore[arg-type]
            return Verdict("block", why) if why else CLEAR
        if crossing.kind == "edge" and not crossing.along:
            return CLEAR
        whys = [_obstructed(state, h, a, b) for h in inner]  # type: ignore[arg-type]
        if inner and len(crossing.locs) >= 2 and all(whys):
            return Verdict("block", "both sides of the hexside are obstructed", "CCA-LOS-4")
        return CLEAR

    result = line_of_sight(state.runtime.grid, a, b, judge)
    if result.clear and _leaves_board(state, a, b):
        return LosResult(
            result.trace, False, ((Crossing("cell", ()), Verdict("block", "leaves the battlefield", "CCA-LOS-2")),), ()
        )
    return result


def _leaves_board(state: State, a: Hex, b: Hex) -> bool:
    """A line through a hex that is not on the board leaves the battlefield (CCA-LOS-2)."""
    grid = state.runtime.grid
    for kind, offsets, _ in hex_template(b[0] - a[0], b[1] - a[1], grid.orientation == "flat"):
        if kind == "cell" and not all(grid.contains((a[0] + dq, a[1] + dr)) for dq, dr in offsets):
            return True
    return False


def may_fire(state: State, unit: Unit) -> bool:
    """Missile units not adjacent to an enemy, within their move limit (CCA-RANGED-1, CCA-RANGED-3, CCA-RANGED-7)."""
    spec = unit.spec.ranged
    if spec is None or enemy_adjacent(state, unit):
        return False
    return state.turn.moved_by(unit.id) <= spec.max_move_to_fire


def fire_targets(state: State, unit: Unit) -> list[Hex]:
    """Enemy units and lone leaders in range (2+ hexes) and sight (CCA-RANGED-2, CCA-RANGED-6, CCA-LOS) that
    ``unit`` would roll at least one die against: fire of zero or fewer dice is not offered (CCA-DICECOUNT-1,
    CCA-CAMP-4)."""
    if not may_fire(state, unit):
        return []
    spec = unit.spec.ranged
    assert spec is not None
    grid = state.runtime.grid
    found = [u.hex for u in state.units if u.side != unit.side]
    found += [x.hex for x in state.leaders if x.side != unit.side and lone(state, x)]
    found = [h for h in found if 2 <= grid.distance(unit.hex, h) <= spec.range and los(state, unit.hex, h).clear]
    return [h for h in found if fire_dice(state, unit, h).count > 0]


def fire_dice(state: State, unit: Unit, target_hex: Hex) -> DiceCount:
    """Ranged dice: 2 held, 1 moved (class exceptions), caps, camp −1, card dice (CCA-RANGED-7)."""
    spec = unit.spec.ranged
    assert spec is not None
    moved = state.turn.moved_by(unit.id) > 0
    base = spec.moved if moved else spec.held
    reason = t("fire after moving") if moved else t("fire without moving")
    bonus = cards()[state.turn.card or "two_centre"].ranged_bonus
    return apply_steps(base, reason, "CCA-RANGED-7", ranged_caps(state, unit, target_hex), state, unit, bonus)


def entry_hex(state: State, firer: Hex, target: Hex) -> Hex | None:
    """The neighbour of the target through which the line of fire arrives (rampart fronts, Q8)."""
    crossings = los(state, firer, target).trace.crossings
    for crossing in reversed(crossings):
        if crossing.kind in ("edge", "corner") and target in crossing.locs:
            near = [h for h in crossing.locs if h != target]
            return near[-1] if near else None  # type: ignore[return-value]
    return None


def fire(state: State, ctx: Ctx, unit: Unit, target_hex: Hex) -> State:
    """Resolve ranged combat (CCA-RANGED-5): roll, hits, leader checks, flags → retreat task."""
    target = state.unit_at(target_hex)
    state = refresh_warriors(state, unit, target)
    target = state.unit_at(target_hex)
    count = fire_dice(state, unit, target_hex)
    strike = Strike("ranged", None if target is None else target.spec.hit_face)
    result = score(roll(ctx.roller, count.count, strike, t("ranged combat")), strike)
    rest, state = flow.set_aside(TASKS, state)
    title = t(
        "{cls} fires at {target}",
        cls=class_name(unit.cls),
        target=t("leader") if target is None else class_name(target.cls),
    )
    ruling = Ruling(
        title=title,
        rule_id="CCA-RANGED-5",
        dice=result.dice,
        modifiers=count.modifiers,
        result=t("{h} hit(s), {f} flag(s)", h=result.hits, f=result.flags),
        notes=result.notes,
    )
    ctx.say("fired", title, "CCA-RANGED-5", ruling, (unit.hex, target_hex))
    if target is None:
        state = _fire_at_leader(state, ctx, target_hex, result.hits)
    else:
        state = lose_blocks(state, ctx, target.id, result.hits, "CCA-RANGED-9")
        state = queue_flags(state, ctx, target.id, result.flags, "ranged", entry_hex(state, unit.hex, target_hex), None)
    return flow.resume(TASKS, state, rest)


def _fire_at_leader(state: State, ctx: Ctx, h: Hex, hits: int) -> State:
    leader = state.leader_at(h)
    assert leader is not None
    if hits:
        return eliminate_leader(state, ctx, leader, "CCA-LEADER-6")
    return flow.then(TASKS, state, Task("leader_evade", leader.side, leader.id))


def queue_flags(  # noqa: PLR0917
    state: State, ctx: Ctx, unit_id: str, flags: int, mode: str, entry: Hex | None, roller_cls: str | None
) -> State:
    """Queue the flags: a retreat, or first the owner's choice of flags to ignore (CCA-BOLSTER-1, CCA-RETREAT-1).

    Ignoring is optional per flag (CCA-BOLSTER-1 [INTERP], D5): when some may be ignored, a ``bolster`` step asks
    the unit's owner how many (the sources are counted now, as the flags are rolled); the retreat follows it.
    """
    unit = state.unit(unit_id)
    if unit is None or flags <= 0:
        return state
    by_cav = roller_cls is not None and roller_cls in ("LC", "LBC", "MC", "HC", "LCH", "HCH")
    may_ignore, reasons = ignorable_flags(state, unit, mode, entry, by_cav)
    most = min(flags, may_ignore)
    if not most:
        return queue_retreat(state, unit, flags, roller_cls)
    why = listed(reasons)
    text = t("{cls} may ignore {n} of {f} flag(s): {why}", cls=class_name(unit.cls), n=most, f=flags, why=why)
    ctx.say("flags_ignorable", text, "CCA-BOLSTER-1")
    step = Task("bolster", unit.side, unit.id, amount=flags, other=roller_cls or "", extra=most)
    return flow.then(TASKS, state, step)


def queue_retreat(state: State, unit: Unit, flags: int, roller_cls: str | None) -> State:
    """Queue the retreat for ``flags`` flags that are not ignored (CCA-RETREAT-1, CCA-RAMPAGE-1)."""
    hexes = retreat_hexes(unit, flags, roller_cls)
    return flow.then(TASKS, state, Task("retreat", unit.side, unit.id, amount=hexes))
