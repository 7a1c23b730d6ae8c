"""The generic view of an SAS game (DESIGN §3, §7): counters, markers, tracks, phases, vision highlights.

Rulebook chapters: §4 (SAS-LOS-2, SAS-LOS-5: the ``vision`` highlight maps every square each Axis unit sees to
"full" or "half"; ``seen_by`` names the counters that see each square; ``why:sight``, shown on the hover line, gives
each unit's reason for every square of its arc, blocked ones included, in the player's language: :func:`sight_reasons`),
§6 (SAS-TURN-2 phase tracker), §12 (SAS-METER stealth track), §2 (SAS-BRD-11 operator boards as panels) and §29
(SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12,
SAS-JGR-13, SAS-JGR-14: the Jäger hunter's panel — his hand only for the Axis side —, markers and hunter units).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from app.core.i18n import Text, localized, t
from app.core.view import CounterView, GameView, Grade, LazyLayers, MarkerView, PanelView, PhaseView, TrackView
from app.systems.sas.board.reasons import terrain_names
from app.systems.sas.board.vision import camouflaged, sight_memo, vision
from app.systems.sas.jager.units import stalker_number
from app.systems.sas.legal import acting_side
from app.systems.sas.names import equipment_name, name_of
from app.systems.sas.pieces import dressed, style, vehicle_rims
from app.systems.sas.state import OperatorState, SasState, UnitState
from app.systems.sas.support import air
from app.systems.sas.tables import UnitStats
from app.systems.sas.turn import PHASE_NAMES, SECTION_NAMES
from app.systems.sas.vehicles import cargo, ovehicle_view

Cell = tuple[int, int]


def vision_maps(state: SasState) -> dict[Cell, str]:
    """Union of every Axis unit's sight ("full" beats "half"), worked out once per ``sight_memo`` (the views of a
    state, and of the states after an operator's move, share it)."""
    memo = sight_memo(state)
    found: dict[Cell, str] | None = memo.get("maps")
    if found is None:
        found = memo["maps"] = _vision_maps(state)
    return dict(found)


def _vision_maps(state: SasState) -> dict[Cell, str]:
    grades: dict[Cell, str] = {}
    for unit in state.map_units():
        for loc, (g, _reason) in vision(state, unit, explain=True).items():
            if g != "none" and grades.get(loc) != "full":
                grades[loc] = g
    return grades


def sight_reasons(state: SasState, loc: Cell) -> Text | None:
    """Why each Axis unit whose arc holds ``loc`` sees it fully, half or not at all, a unit named as its counter
    reads ("black sentry on C4: half: low wall between I4 and I5 [SAS-LOS-5]"); ``None`` outside every arc."""
    lines: dict[str, Text] = {}
    for unit in state.map_units():
        found = vision(state, unit, explain=True).get(loc)
        if found is not None:
            lines[f"u{len(lines)}"] = t("{unit}: {why}", unit=name_of(state, unit.id), why=found[1].text())
    return Text(msg="; ".join(f"{{{k}}}" for k in lines), args=lines) if lines else None


class _Reasons(Mapping[Cell, Grade]):
    """The ``why:sight`` layer: :func:`sight_reasons` of every square in an Axis arc, made into a Text only when it
    is read (the hover line reads the square under the pointer)."""

    def __init__(self, state: SasState, squares: frozenset[Cell]) -> None:
        self._state, self._squares = state, squares

    def __getitem__(self, loc: Cell) -> Grade:
        found = sight_reasons(self._state, loc) if loc in self._squares else None
        if found is None:
            raise KeyError(loc)
        return found

    def __contains__(self, loc: object) -> bool:
        return loc in self._squares

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self._squares, key=lambda c: (c[1], c[0])))

    def __len__(self) -> int:
        return len(self._squares)


def _vision_layers(state: SasState) -> dict[str, Mapping[Cell, Grade]]:
    """The ``vision`` grades of every square the Axis see, ``seen_by``: the counters that see each one, and
    ``why:sight``: why each square of an arc is seen or not (the hover line shows it)."""
    grades = vision_maps(state)
    seers: dict[Cell, list[Text]] = {}
    looked: set[Cell] = set()
    for unit in state.map_units():
        name = name_of(state, unit.id)
        for loc, (grade, _reason) in vision(state, unit, explain=True).items():
            looked.add(loc)
            if grade != "none":
                seers.setdefault(loc, []).append(name)
    seen_by: dict[Cell, Grade] = {
        loc: Text(msg="; ".join(f"{{u{i}}}" for i in range(len(names))), args={f"u{i}": n for i, n in enumerate(names)})
        for loc, names in seers.items()
    }
    return {"vision": dict(grades), "seen_by": seen_by, "why:sight": _Reasons(state, frozenset(looked))}


def glossary(state: SasState) -> dict[str, Text]:
    """Plain words for the ids a view uses: terrain types, edge features, the vision layers and grades."""
    found: dict[str, Text] | None = state.rt.cache.get("glossary")
    if found is None:
        found = dict(terrain_names(state.rt))
        found |= {"vision": t("Axis sight"), "seen_by": t("Seen by"), "full": t("in full view"), "half": t("half seen")}
        found["why:sight"] = t("Line of sight")
        state.rt.cache["glossary"] = found
    return found


def _counters(state: SasState, side: str | None) -> list[CounterView]:
    acting = state.activation.operator if state.activation else None
    labels = abbreviations(state)
    out = [_operator_counter(state, op, labels[op.id], side, acting) for op in state.operators]
    hunted = state.hunter.hunters if state.hunter is not None else ()
    for unit in state.units:
        hunter = unit.id in hunted  # SAS-JGR-14: the hunter symbol
        marks = (
            ("alert", unit.alert),
            ("cigarette", unit.cigarette),
            ("spawn", unit.on_spawn),
            ("hunter", hunter),
            ("failure", unit.failed),  # a failure marker (SAS-HM-1)
        )
        flags = tuple(f for f, on in (*marks, (unit.mode, unit.mode in ("talking", "strangled", "empty"))) if on)
        if unit.is_vehicle:
            out.append(_vehicle_counter(state, unit, flags))
            continue
        stats = state.rt.tables.units.get(unit.kind)
        hp = stats.hp - unit.damage if stats is not None and stats.hp > 1 else None
        number = stalker_number(unit.id)
        out.append(
            CounterView(
                unit.id,
                unit.loc,
                _unit_label(stats, unit.kind, number),
                name_of(state, unit.id),
                "axis",
                unit.kind,
                unit.facing,
                "#202020" if unit.colour == "black" else None,
                None if hp is None else str(hp),
                (*flags, unit.mode) if unit.mode else flags,  # the token's side: mortar "attack", HMG "casualty"
            )
        )
    out += ovehicle_view.counters(state)  # SAS-OVEH
    plane = air.counter(state)  # the Typhoon over its tile (SAS-SUP-8, SAS-SUP-9)
    return [dressed(c) for c in ([*out, plane] if plane is not None else out)]


def _operator_counter(
    state: SasState, op: OperatorState, label: str, side: str | None, acting: str | None
) -> CounterView:
    """An operator's (or support unit's) counter: its states as flags, HP, ammo and damage markers."""
    states = (
        ("exposed", op.exposed),
        ("crouched", op.crouched),
        ("carrying", bool(op.carrying)),
        ("scuba", op.scuba),  # SAS-EQ-14
        ("camouflaged", camouflaged(state, op)),  # SAS-EQ-12
        ("disguised", op.disguised),  # SAS-NANCY-2
        ("talking", op.talking is not None),  # SAS-NANCY-6
    )
    flags = tuple(f for f, on in states if on)
    ammo = {f"a{i}": t("{weapon} {n}", weapon=equipment_name(state, w), n=n) for i, (w, n) in enumerate(op.ammo)}
    details: tuple[tuple[Text, str | Text], ...] = (
        (t("HP"), str(op.hp)),
        (t("Ammo"), Text(msg=", ".join("{" + k + "}" for k in ammo), args=dict(ammo)) if ammo else "-"),
    )
    if op.support:  # damage markers (SAS-SUP-1)
        damage = state.rt.tables.support[op.kind].hp - op.hp
        details = (*details, (t("Damage markers"), str(damage)))
    selectable = (side in (None, "sas") and op.id == acting) or (state.activation is None and not op.activated)
    kind = "support" if op.support else "operator"
    return CounterView(
        op.id,
        op.loc,
        label,
        name_of(state, op.id),
        "sas",
        kind,
        op.facing,
        None,
        str(op.hp),
        flags,
        (),
        selectable,
        details,
    )


def _unit_label(stats: UnitStats | None, kind: str, stalker: int | None) -> Text:
    """The short name on an Axis unit's counter in the player's language ("RIF", "步枪"); a stalker's number."""
    if stalker:
        return localized(f"ST{stalker}", f"追{stalker}")
    if stats is None or not stats.abbr_en:
        return localized(kind[:3].upper())
    return localized(stats.abbr_en, stats.abbr_zh or None)


def _vehicle_counter(state: SasState, unit: UnitState, flags: tuple[str, ...]) -> CounterView:
    """A vehicle token over its whole footprint: its short name, facing, damage markers against HP, armour and rear
    sight for the drawing (SAS-AVEH-2, SAS-AVEH-7, SAS-AVEH-12)."""
    stats = state.rt.tables.vehicle(unit.kind)
    assert stats is not None
    guns = [f"{w.name_en} {w.dice}×{w.target}+ {w.short}/{w.long}" for w in stats.weapons if w.dice]
    details: tuple[tuple[Text, str | Text], ...] = (
        (t("Damage"), f"{unit.damage}/{stats.hp}"),
        (t("Armoured"), t("yes: only blast weapons damage it") if stats.armoured else t("no")),
        (t("LOS"), t("front and rear") if "rear" in stats.arcs else t("front only")),
        (t("Weapons"), ", ".join(guns) if guns else t("unarmed")),
    )
    if stats.cargo is not None:  # SAS-JGR-16, SAS-JGR-17
        crew = state.rt.tables.units[stats.cargo.kind]
        what = t("{n} {what}", n=stats.cargo.count, what=localized(crew.name_en, crew.name_zh))
        details = (*details, (t("Carries"), t("nobody: unloaded") if cargo.unloaded(unit) else what))
    return CounterView(
        unit.id,
        unit.loc,
        localized(stats.abbr_en or unit.kind[:3].upper(), stats.abbr_zh or None),
        name_of(state, unit.id),
        "axis",
        unit.kind,
        unit.facing,
        "#202020" if unit.colour == "black" else None,
        f"{unit.damage}/{stats.hp}",
        flags,
        tuple(c for c in unit.cells if c != unit.loc),
        details=details,
        rims=vehicle_rims("alert" in flags, stats.armoured),
        rear_arrow="rear" in stats.arcs,  # a hollow rear arrow for a rear arc (SAS-AVEH-2)
        steps=(unit.damage, stats.hp),  # damage markers against HP (SAS-AVEH-12)
    )


def _markers(state: SasState) -> list[MarkerView]:
    out = [MarkerView(o.id, o.loc, o.kind) for o in state.objects if o.loc is not None]
    out += [MarkerView(f"template_{i}", c, "blast_template") for i, c in enumerate(state.templates)]
    for objective in state.rt.mission.objectives:  # SAS-BRD-12 ⑤: targets still standing
        if objective.kind != "destroy" or objective.id in state.achieved:
            continue
        title = objective.title.text()
        cells = sorted(state.rt.objective_cells.get(objective.id, frozenset()))
        out += [
            MarkerView(f"objective_{objective.id}_{i}", c, "objective", "", title, shape="rings")
            for i, c in enumerate(cells)
        ]
    return out + _hunter_markers(state)


def _hunter_markers(state: SasState) -> list[MarkerView]:
    """The Jäger hunter's waypoints, cats, twigs, locks and blood stains (SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10,
    SAS-JGR-11)."""
    if state.hunter is None:
        return []
    out = []
    for m in state.hunter.markers:
        en, zh = HUNTER_MARKER_LABELS[m.kind]
        if m.kind == "waypoint":
            en, zh = f"{en}{m.number}", f"{zh}{m.number}"
        if m.kind == "blood" and m.small:
            en, zh = en.lower(), f"{zh}·"
        label = localized(en, zh)
        title = t(HUNTER_MARKER_NAMES[m.kind])
        if m.kind == "blood" and m.small:
            title = t("blood stain (small side)")
        locs = (m.loc, m.other) if m.other is not None else ()
        out.append(MarkerView(m.id, m.loc, m.kind, label, title, locs))
    return out


def _phase(state: SasState) -> PhaseView:
    steps = tuple(t(PHASE_NAMES[p]) for p in state.phases)
    current = state.phases.index(state.phase) if state.phase in state.phases else 0
    side = None if state.over else acting_side(state)
    title = t("Turn {n} — {section} section", n=state.turn, section=t(SECTION_NAMES[state.section]))
    return PhaseView(title, steps, current, side)


def _panels(state: SasState) -> list[PanelView]:
    panels = []
    for op in state.operators:
        rows: list[tuple[Text, str | Text]] = [(t("HP"), str(op.hp)), (t("Status"), t(STATUS_NAMES[op.status]))]
        rows += [(equipment_name(state, w), str(n)) for w, n in op.ammo]
        rows += [(equipment_name(state, i), str(n)) for i, n in op.items]
        if (seat := ovehicle_view.seat_row(state, op.id)) is not None:
            rows.append(seat)  # SAS-OVEH-1
        if state.rt.tables.board(op.board_id).disguise:  # SAS-NANCY-2, SAS-NANCY-6
            side = t("civilian disguise") if op.disguised else t("normal")
            rows += [(t("Board side"), side), (t("Talk tokens"), str(op.talks))]
        panels.append(PanelView(name_of(state, op.id), tuple(rows)))
    panels += ovehicle_view.panels(state)
    deck: tuple[Text, str | Text] = (t("Cards left"), str(len(state.deck)))
    marker = t(COLOUR_NAMES[state.patrol_marker]) if state.patrol_marker in COLOUR_NAMES else "-"
    panels.append(PanelView(t("Event deck"), (deck, (t("Patrol marker"), marker), *air.deck_rows(state))))
    # SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10, SAS-SUP-11, SAS-SUP-12, SAS-SUP-13, SAS-SUP-14
    sheet = air.panel(state)
    return [*panels, sheet] if sheet is not None else panels


def _hunter_panel(state: SasState, side: str | None) -> list[PanelView]:
    """The hunter's deck, face-down card and hand; his cards are shown to the Axis side only (SAS-JGR-3, SAS-JGR-4,
    SAS-JGR-5)."""
    hunter = state.hunter
    if hunter is None:
        return []
    secret = side == "sas"
    played: str | Text = "-" if hunter.played is None else (t("face down") if secret else hunter.played)
    rows: tuple[tuple[Text, str | Text], ...] = (
        (t("Cards left"), str(len(hunter.deck))),
        (t("Cards in hand"), str(len(hunter.hand))),
        (t("Played face down"), played),
        (t("Discarded"), str(len(hunter.discard))),
    )
    items = () if secret else tuple(_card_line(state, c) for c in hunter.hand)
    return [PanelView(t("Hunter"), rows, items)]


def _card_line(state: SasState, card_id: str) -> Text:
    """ "J03: <stealth half> / <battle half>" for a card in the hunter's hand."""
    card = state.rt.hunter_cards[card_id]
    halves = (card.stealth, card.battle)
    texts = [localized(h.text_en or h.type, h.text_zh or None) for h in halves]
    return t("{card}: {stealth} / {battle}", card=card_id, stealth=texts[0], battle=texts[1])


STATUS_NAMES = {"active": "on the map", "dead": "dead", "exfiltrated": "left the map"}
COLOUR_NAMES = {"black": "black line", "white": "white line"}
HUNTER_MARKER_LABELS = {  # printed on the markers in the app: English, Chinese
    "waypoint": ("W", "点"),
    "cat": ("CAT", "猫"),
    "twig": ("TWG", "枝"),
    "lock": ("LCK", "锁"),
    "blood": ("BLD", "血"),
}
HUNTER_MARKER_NAMES = {
    "waypoint": "stalker waypoint",
    "cat": "cat",
    "twig": "twig",
    "lock": "door lock",
    "blood": "blood stain",
}


def build_view(state: SasState, side: str | None, outcome: Text | None) -> GameView:
    """Everything the UI draws for ``side``."""
    tracks: tuple[TrackView, ...] = (
        TrackView(t("Stealth meter"), str(state.meter), None, state.section == "battle"),
        TrackView(t("Turn"), str(state.turn)),
    )
    if state.activation is not None:
        tracks = (*tracks, TrackView(t("AP left"), str(state.activation.ap), "4"))
    return GameView(
        board=state.rt.board,
        counters=tuple(_counters(state, side)),
        markers=tuple(_markers(state)),
        tracks=tracks,
        phase=_phase(state),
        panels=(*_panels(state), *_hunter_panel(state, side)),
        highlights=LazyLayers(("vision", "seen_by", "why:sight"), lambda: _vision_layers(state)),
        outcome=outcome,
        side_names={"sas": t("SAS operators"), "axis": t("Axis")},
        style=style(),
        glossary=glossary(state),
    )


def abbreviations(state: SasState) -> dict[str, str]:
    """Two-letter counter labels that tell the operators apart: the initials of the board's name ("Jock Lewes" JL,
    "Johnny Cooper" JC), else the first letters of the id; a clash keeps the first and numbers the others."""
    out: dict[str, str] = {}
    for op in state.operators:
        board = state.rt.tables.operators.get(op.id)
        words = board.name_en.split() if board is not None else []
        label = "".join(w[0] for w in words[:2]).upper() if len(words) >= 2 else op.id[:2].upper()
        if label in out.values():
            label = f"{op.id[0].upper()}{sum(1 for v in out.values() if v[0] == label[0]) + 1}"
        out[op.id] = label
    return out
