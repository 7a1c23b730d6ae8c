"""Heavy Metal's mechanical failure: the event card, the failure marker on an Axis vehicle, its removal.

Rulebook chapter: §27 Heavy Metal (SAS-HM-1: when the *Mechanical failure* event card is drawn, the players take a
failure marker and put it in an item slot of any operator's board; at any moment of the Operator phase they move it
to that board's equipment area and put it on any Axis vehicle on the map; that vehicle cannot move this turn — it
still fires at valid targets — and the marker is removed in the End phase). Solo choices (docs/sas-decisions.md
D-XVEH-6, D-XVEH-7): the first operator of the team still on the map takes the marker, as with the cigarette (D-EVT-1);
it is an item token on his board, used by him during his activation for 0 AP, like the cigarette (SAS-EVT-8).
"""

from __future__ import annotations

from app.core.i18n import Text, t
from app.systems.sas.context import Ctx
from app.systems.sas.messages import UseFailureMarker
from app.systems.sas.operators.operator import illegal
from app.systems.sas.operators.shooting import gain, spend
from app.systems.sas.state import OperatorState, SasState, UnitState

MARKER = "failure_marker"  # the item token (data/operators.json)


def take_marker(ctx: Ctx) -> None:
    """The Mechanical failure card: a failure marker goes to an item slot of the first operator of the team on the
    map (SAS-HM-1, D-XVEH-6); with nobody on the map nothing happens."""
    team = ctx.state.team_ops()
    if not team:
        ctx.emit("failure_marker_lost", t("No operator is on the map to take the failure marker."), "SAS-HM-1")
        return
    holder = team[0]
    ctx.state = ctx.state.with_op(holder.id, items=gain(holder.items, MARKER))
    ctx.emit(
        "failure_marker_taken",
        t("Mechanical failure: {op} takes a failure marker.", op=ctx.name(holder.id)),
        "SAS-HM-1",
        (holder.loc,),
        instruction=t("Put a failure marker in an item slot of {op}'s board.", op=ctx.name(holder.id)),
    )


def targets(state: SasState, op: OperatorState) -> list[UnitState]:
    """The Axis vehicles on the map the operator may put a failure marker on (SAS-HM-1)."""
    if not op.item_count(MARKER):
        return []
    return [u for u in state.map_units() if u.is_vehicle and not u.failed]


def do_failure(ctx: Ctx, cmd: UseFailureMarker) -> None:
    """Put a failure marker on an Axis vehicle on the map: it cannot move this turn but still fires (SAS-HM-1)."""
    op = ctx.state.op(cmd.operator)
    if not op.item_count(MARKER):
        raise illegal("{op} holds no failure marker.", "SAS-HM-1", op=ctx.name(cmd.operator))
    unit = ctx.state.unit(cmd.target)
    if unit is None or not unit.is_vehicle or unit.on_spawn:
        raise illegal("The failure marker goes on an Axis vehicle on the map.", "SAS-HM-1")
    if unit.failed:
        raise illegal("{unit} already has a failure marker.", "SAS-HM-1", unit=ctx.name(cmd.target))
    ctx.state = ctx.state.with_op(op.id, items=spend(op.items, MARKER)).with_unit(unit.id, failed=True)
    name = ctx.name(unit.id)
    ctx.emit(
        "mechanical_failure",
        t("{unit} breaks down: it cannot move this turn, but it still fires.", unit=name),
        "SAS-HM-1",
        tuple(unit.cells),
        instruction=t(
            "Move the failure marker from {op}'s item slot to the equipment area, then put it on {unit}.",
            op=ctx.name(op.id),
            unit=name,
        ),
    )


def clear(ctx: Ctx) -> None:
    """End phase: every failure marker is removed (SAS-HM-1)."""
    failed = [u.id for u in ctx.state.units if u.failed]
    if not failed:
        return
    ctx.state = ctx.state.map_units_where(lambda u: u.failed, failed=False)
    parts = {f"u{i}": ctx.name(u) for i, u in enumerate(failed)}
    names = Text(msg=", ".join("{" + k + "}" for k in parts), args=dict(parts))
    ctx.emit(
        "failure_markers_removed",
        t("The failure markers are removed: {units} may move again.", units=names),
        "SAS-HM-1",
        instruction=t("Remove the failure markers from {units}.", units=names),
    )
