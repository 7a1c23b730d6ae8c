"""How operator vehicles appear in the generic view: a counter covering the token's squares with its facing and
HP, and a panel per vehicle sheet with its seats, HP, repair box and actions left.

Rulebook chapter: §23 (SAS-OVEH-1 vehicle sheet and seats, SAS-OVEH-2 actions per turn, SAS-OVEH-9 repair box,
SAS-OVEH-10 damage), SAS-SETUP-8 (a Willys waiting to enter, its crew on the sheet).
"""

from __future__ import annotations

from app.core.i18n import Text, localized, t
from app.core.view import CounterView, PanelView
from app.systems.sas.names import listed, name_of
from app.systems.sas.state import SasState
from app.systems.sas.vehicles import ovehicle
from app.systems.sas.vehicles.ovehicle import vname
from app.systems.sas.vehicles.ovehicle_actions import may_act, seat_name

LABELS = {  # printed on the tokens in the app: English, Chinese
    "willys": ("JEEP", "吉普"),
    "support_willys": ("SUPJ", "支援吉普"),
    "truck": ("TRK", "卡车"),
    "rowing_boat": ("BOAT", "划艇"),
}


def counters(state: SasState) -> list[CounterView]:
    """One counter per vehicle, spread over its footprint, selectable while it may act (SAS-OVEH-2)."""
    out = []
    for ov in state.op_vehicles:
        stats = ovehicle.stats(state.rt, ov.kind)
        flags = tuple(
            f
            for f, on in (
                ("exposed", ovehicle.exposed(state, ov)),
                ("waiting", not ov.entered),
                ("marked", ov.mark is not None),
            )
            if on
        )
        hp = ovehicle.hp(state, ov)
        details: tuple[tuple[Text, str | Text], ...] = (
            (t("HP"), f"{hp}/{stats.hp}"),
            (t("Actions left"), str(ov.ap)),
            (t("Crew"), _crew_text(state, ov.id)),
        )
        out.append(
            CounterView(
                ov.id,
                ov.anchor,
                localized(*LABELS.get(ov.kind, (ov.kind[:4].upper(), ov.kind[:4].upper()))),
                vname(state, ov),
                "sas",
                ov.kind,
                ov.facing,
                None,
                str(hp),
                flags,
                tuple(c for c in ov.cells if c != ov.anchor),
                may_act(state) and ov.ap > 0,
                details,
            )
        )
    return out


def _crew_text(state: SasState, vehicle_id: str) -> Text:
    return listed([name_of(state, o.id) for o in state.crew(vehicle_id)])


def panels(state: SasState) -> list[PanelView]:
    """The vehicle sheets: HP (and the repair box), actions left, who sits in each seat (SAS-OVEH-1, SAS-OVEH-9)."""
    out = []
    for ov in state.op_vehicles:
        stats = ovehicle.stats(state.rt, ov.kind)
        holders = ovehicle.seating(state, ov)
        rows: list[tuple[Text, str | Text]] = [
            (
                t("HP"),
                t("{hp} of {full} (repairs up to {cap})", hp=ovehicle.hp(state, ov), full=stats.hp, cap=stats.repair),
            ),
            (t("Actions left"), str(ov.ap)),
        ]
        if not ov.entered:
            rows.append((t("Status"), t("waiting to enter the map")))
        for seat in stats.seats:
            holder = holders.get(seat.id)
            who: str | Text = "-" if holder is None else (t("own crew") if not holder else name_of(state, holder))
            rows.append((seat_name(seat.id), who))
        out.append(PanelView(vname(state, ov), tuple(rows)))
    return out


def seat_row(state: SasState, op_id: str) -> tuple[Text, str | Text] | None:
    """An aboard operator's panel row: the vehicle and seat he sits in (SAS-OVEH-1)."""
    op = state.op(op_id)
    ov = state.op_vehicle(op.aboard) if op.aboard else None
    if ov is None or op.seat is None:
        return None
    return (t("Aboard"), t("{v}, {seat}", v=vname(state, ov), seat=seat_name(op.seat)))
