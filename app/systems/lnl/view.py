"""What a side sees: counters with their printed values and markers, hex markers, the phase track, the initiative
(the view of docs/pieces.md)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from app.core.i18n import Text, t
from app.core.style import load_style
from app.core.view import CounterView, GameView, MarkerView, PanelView, PhaseView, Style, TrackView
from app.geometry.hexgrid import Hex
from app.systems.lnl.forces import cls
from app.systems.lnl.scenario import SIDES
from app.systems.lnl.skills import skill_text
from app.systems.lnl.spotting import spotted_marker
from app.systems.lnl.state import State, Unit
from app.systems.lnl.tables import Abbr, Armour, tables, terrains
from app.systems.lnl.view_names import side_name

STYLE_FILE = Path(__file__).resolve().parent / "data" / "style.json"
SYMBOL = {
    "squad": "infantry",
    "half_squad": "infantry",
    "crew": "infantry",
    "weapon_team": "artillery",
    "leader": "leader",
    "hero": "leader",
    "medic": "hq",
    "sniper": "recce",
    "scout": "recce",
    "vehicle": "armour",
}
ZONES = "setup_zones"
STEPS = (t("Rally"), t("Operations"), t("Administration"))
MARKER_NAMES = {"spotted": t("Spotted"), "smoke1": t("Smoke 1"), "smoke2": t("Smoke 2"), "melee": t("Melee")}


def style() -> Style:
    """The squad game's colours and marker badges (data/style.json)."""
    return load_style(STYLE_FILE)


def _flags(state: State, unit: Unit) -> tuple[str, ...]:
    flags = [x for x in unit.markers if x != "hatches"]  # the once-a-turn hatch change is bookkeeping only
    flags += [f for f, on in (("shaken", unit.shaken), ("wounded", unit.wounded), ("wreck", unit.wreck)) if on]
    if cls(state, unit) == "vehicle" and unit.buttoned and not unit.wreck:
        flags.append("buttoned")
    if any(w.jammed for w in unit.weapons):
        flags.append("jammed")
    if unit.hex is not None and state.hex_has(unit.hex, spotted_marker(unit.level)):
        flags.append("spotted")
    return tuple(flags)


def _factors(state: State, unit: Unit) -> tuple[str, ...]:
    spec = state.spec(unit)
    if spec.cls == "vehicle":
        hull = spec.hull
        armour = "*" if hull is None or hull.front is None else str(hull.front)
        gun = str(spec.gun.he_fp) if spec.gun else "-"
        return (gun, armour, str(spec.mp))
    rng = f"[{spec.range}]" if spec.long_range else str(spec.range)
    morale = str(spec.morale_of(unit.shaken))
    factors = (str(spec.fp), rng, morale)
    return (*factors, f"+{spec.lm}") if spec.lm else factors


MOVE_TYPES = {"T": t("tracked (T)"), "O": t("off-road (O)"), "R": t("road (R)")}


def _armour(armour: Armour | None) -> str:
    if armour is None:
        return "-"
    return "/".join("*" if v is None else str(v) for v in (armour.front, armour.side, armour.rear))


def _vehicle_details(state: State, unit: Unit) -> tuple[tuple[Text, str | Text], ...]:
    """A vehicle's printed values: gun, MGs, armour front/side/rear, movement type (LNL-VEH-2, LNL-VEH-4)."""
    spec = state.spec(unit)
    gun = spec.gun
    rows: list[tuple[Text, str | Text]] = [
        (t("Main gun"), t("HE {he}, penetration {pen}", he=gun.he_fp, pen=gun.penetration) if gun else "-"),
    ]
    for mg in spec.mgs:
        where = t("top, needs open hatches") if mg.aa else t("all round") if mg.star else t("front arc only")
        rows.append((t("Machine gun"), t("FP {fp}, range {r} ({where})", fp=mg.fp, r=mg.range, where=where)))
    rows += [
        (t("Hull armour"), _armour(spec.hull)),
        (t("Turret armour"), _armour(spec.turret)),
        (t("Morale"), str(spec.morale_of(unit.shaken))),
        (t("MP"), str(spec.mp)),
        (t("Movement type"), MOVE_TYPES[spec.move_type] if spec.move_type else "-"),
    ]
    return tuple(rows)


def _details(state: State, unit: Unit) -> tuple[tuple[Text, str | Text], ...]:
    spec = state.spec(unit)
    if spec.cls == "vehicle":
        return _vehicle_details(state, unit)
    rows: list[tuple[Text, str | Text]] = [
        (t("Firepower"), str(spec.fp)),
        (t("Range"), str(spec.range)),
        (t("Morale"), str(spec.morale_of(unit.shaken))),
        (t("MP"), str(spec.mp)),
    ]
    if spec.lm:
        rows.append((t("Leadership"), str(spec.lm)))
    for w in unit.weapons:
        sw = state.runtime.unit_type(w.type)
        rows.append((t("Support weapon"), t("{sw} (jammed)", sw=sw.name) if w.jammed else sw.name))
    if unit.skill:
        rows.append((t("Hero skill"), skill_text(unit.skill)))
    if unit.level:
        rows.append((t("Storey"), str(unit.level)))
    return tuple(rows)


def _abbr(names: dict[str, Abbr], key: str) -> Text | str:
    """The short name printed for ``key`` in the display language (data/tables.json), or "?"."""
    found = names.get(key)
    return found.text if found is not None else "?"


def counter(state: State, unit: Unit, active: str | None) -> CounterView:
    """One counter (docs/pieces.md): FP-range-morale (boxed range in brackets), LM, sides and markers as badges."""
    look = style()
    spec = state.spec(unit)
    flags = _flags(state, unit)
    return CounterView(
        id=unit.id,
        loc=unit.hex,
        label=_abbr(tables().class_abbr, spec.cls),
        title=spec.name,
        side=unit.side,
        kind=spec.cls,
        facing=str(unit.facing) if spec.cls in ("vehicle", "weapon_team") else None,
        flags=flags,
        selectable=unit.side == active and unit.hex is not None,
        details=_details(state, unit),
        symbol=SYMBOL.get(spec.cls),
        factors=_factors(state, unit),
        reduced=unit.shaken or unit.wounded or unit.wreck,
        badges=look.badges_for(flags),
        rider=spec.smc,
    )


def markers(state: State) -> tuple[MarkerView, ...]:
    """Hex markers and victory hexes."""
    grid = state.runtime.grid
    found = [_marker(state, h, mark) for h, mark in state.hex_markers]
    for h, owner in state.control:
        title = t("Victory hex {hex}, held by {side}", hex=grid.label(h), side=side_name(state, owner))
        found.append(MarkerView(id=f"victory-{grid.label(h)}", loc=h, kind="victory", title=title, shape="rings"))
    return tuple(found)


def _marker(state: State, h: Hex, mark: str) -> MarkerView:
    """One hex marker; a Spotted marker of an upper storey names its storey (LNL-FIRE-1)."""
    kind, _, storey = mark.partition("@")
    title = MARKER_NAMES[kind]
    if storey:
        title = t("{marker} (storey {level})", marker=title, level=int(storey))
    label = _abbr(tables().marker_abbr, kind)
    grid = state.runtime.grid
    return MarkerView(id=f"{mark}-{grid.label(h)}", loc=h, kind=kind, label=label, title=title)


def _phase(state: State, active: str | None) -> PhaseView:
    current = {"rally": 0, "operations": 1}.get(state.phase, 2)
    title = t("Turn {n} of {total}", n=state.turn, total=state.runtime.model.turns)
    return PhaseView(title=title, steps=STEPS, current=current, active_side=active, instructions=_instructions(state))


def _instructions(state: State) -> tuple[Text, ...]:
    if state.phase == "rally" and not state.rolled:
        return (t("Both players roll one die for the initiative."),)
    if state.phase == "rally":
        return (t("Rally Shaken units: roll two dice for each."),)
    if state.steps and state.steps[0].kind in ("melee", "melee_back"):
        return (t("The side that strikes picks its targets among the enemy units able to melee."),)
    if state.steps and state.steps[0].kind == "opfire":
        return (t("The other side may fire at the moving stack now, place a hidden sniper, or hold fire."),)
    if state.steps:
        return (t("The other side may fire at the moving stack now, or hold fire."),)
    if state.moving is not None:
        return (t("Move the stack hex by hex; stop when done."),)
    return (t("Activate one hex (or a leader's reach): move, fire, spot or lay smoke; or pass."),)


def build_view(state: State, side: str | None, active: str | None) -> GameView:
    """The view of ``side`` (everything is visible: the game has no hidden units beyond spotting)."""
    del side
    counters = tuple(counter(state, u, active) for u in state.units if u.hex is not None)
    tracks = (TrackView(t("Turn"), str(state.turn), str(state.runtime.model.turns)),)
    rows: list[tuple[Text, str | Text]] = [(t("Initiative"), side_name(state, state.initiative))]
    for s in SIDES:
        count = str(sum(1 for _, o in state.control if o == s))
        rows.append((t("Victory hexes held by {side}", side=side_name(state, s)), count))
        waiting = sum(1 for u in state.units if u.side == s and u.hex is None and cls(state, u) == "sniper")
        if waiting:  # placed later, in any hex without enemies (LNL-SNIPER-1)
            rows.append((t("Snipers of {side} still to place", side=side_name(state, s)), str(waiting)))
    panels = (PanelView(t("Situation"), rows=tuple(rows)),)
    outcome = (
        None
        if state.phase != "over"
        else (t("{side} wins", side=side_name(state, state.winner)) if state.winner else t("Draw"))
    )
    return GameView(
        board=state.runtime.board,
        counters=counters,
        markers=markers(state),
        tracks=tracks,
        phase=_phase(state, active),
        panels=panels,
        outcome=outcome,
        side_names={s: side_name(state, s) for s in SIDES},
        style=style(),
        highlights={ZONES: setup_zones(state)},
        glossary={**glossary(), ZONES: t("Set-up zones"), **{s: side_name(state, s) for s in SIDES}},
    )


def setup_zones(state: State) -> dict[Hex, str]:
    """Each force's set-up zone, hex → side (drawn tinted in the side's colour by the editor, an overlay in play)."""
    found: dict[Hex, str] = {}
    for force in state.runtime.model.forces:
        for label in force.setup_zone:
            try:
                found[state.runtime.hex(label)] = force.side
            except ValueError:
                continue  # a label off the map: the editor's checks name it
    return found


@cache
def glossary() -> dict[str, Text]:
    """The words a player reads for the board's terrain and hexside ids (LNL-SETUP-2) and counter states."""
    words: dict[str, Text] = {tid: spec.name for tid, spec in terrains().items()}
    words.update({"wall": t("wall"), "hedge": t("hedge")})
    words.update(FLAG_WORDS)
    return words


FLAG_WORDS = {
    "moved": t("moved"),
    "fired": t("fired"),
    "ops_complete": t("Ops Complete"),
    "low_crawl": t("low crawl"),
    "stealth": t("stealth move"),
    "assault_move": t("assault move"),
    "spotted": t("Spotted"),
    "wounded": t("wounded"),
    "shaken": t("Shaken"),
    "jammed": t("jammed"),
    "buttoned": t("buttoned (hatches closed)"),
    "wreck": t("wreck"),
}
