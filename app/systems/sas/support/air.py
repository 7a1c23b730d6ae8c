"""The Hawker Typhoon: calling it in, its card in the event deck, its attack run, its rockets and HMG.

Rulebook chapters: §24 air (SAS-SUP-6 availability and the alarm when it enters the map, SAS-SUP-7 the card 2nd /
3rd / 4th by entry edge, SAS-SUP-8 the attack-run path chosen when the card reaches the top, SAS-SUP-9 2 AP a turn,
Move and Move & Attack only, both spent, from the edge to the centre square of each tile in turn and off the map,
SAS-SUP-10 attacks only at the next tile it will enter, 2 rockets a run — blasts like a blind grenade — or its HMG,
sweeping like the Willys guns, rockets replenished after each run, another run re-inserted by the edge it left by),
SAS-DECK-5 (the Typhoon card) and SAS-AVEH-12 (rockets are blasts: they damage armoured units, the HMG does not).
The fire at it is in ``antiair``, the geometry in ``airspace``.

OQ-47 (docs/sas-decisions.md D-AIR-1): the card counts down like a bomb card (SAS-DECK-4, OQ-25): put at position p,
it reaches the top after the (p-1)-th following Event phase draw; it is then taken off the deck and laid by the
Typhoon's sheet (it is never drawn as an event card), and the path is chosen as the first thing of the next
Operator phase, just before the Typhoon flies it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.core.ruling import Ruling
from app.core.view import CommandInfo, CounterView, PanelView
from app.systems.sas.axis import alerts
from app.systems.sas.board.facing import VEC
from app.systems.sas.combat import attacks as combat
from app.systems.sas.combat import blasts
from app.systems.sas.context import Ctx
from app.systems.sas.messages import AIR_COMMANDS, CallTyphoon, RunAxisStep, TyphoonAttack, TyphoonMove, TyphoonPath
from app.systems.sas.names import name_of
from app.systems.sas.operators import items
from app.systems.sas.operators.operator import illegal
from app.systems.sas.state import SasRuntime, SasState, TyphoonState, UnitState
from app.systems.sas.support import antiair
from app.systems.sas.support.airspace import (
    EDGE_NAMES,
    EDGES,
    OPPOSITE,
    ahead,
    ap_left,
    card_position,
    centre,
    flight,
    flying,
    indoors,
    lines,
    must_act,
    on_tile,
    reference_edge,
    relation,
    square_on,
    stats,
    tile_name,
    tiles,
    where,
)

Cell = tuple[int, int]
RELATION_NAMES = {"same": "the entry/exit tile's edge", "side": "a side edge", "opposite": "the opposite edge"}
RERUN_NAMES = {"same": "the edge it left by", "side": "a side edge", "opposite": "the opposite edge"}


# --- legal commands ------------------------------------------------------------------------------------------


def first_commands(state: SasState) -> list[Command]:
    """What the Typhoon must do before any operator acts: choose its path, then spend both AP (SAS-SUP-8, SAS-SUP-9)."""
    if not must_act(state):
        return []
    plane = state.typhoon
    if plane.status == "arriving":
        return [TyphoonPath(side="sas", line=i) for i in range(len(lines(state.rt, plane.edge)))]
    out: list[Command] = [TyphoonMove(side="sas")]
    for weapon in ("rocket", "hmg"):
        for first in (True, False):
            out += [
                TyphoonAttack(side="sas", weapon=weapon, target=u.id, attack_first=first)
                for u in targets(state, weapon, first)
            ]
    return out


def call_commands(state: SasState) -> list[Command]:
    """Calling the Typhoon in, from any map edge, while it is off the board and not called (SAS-SUP-6, SAS-SUP-10)."""
    if state.phase != "operator" or not callable_now(state):
        return []
    return [CallTyphoon(side="sas", edge=e) for e in EDGES]


def callable_now(state: SasState) -> bool:
    """The mission allows the Typhoon, it is not shot down, its card is not in the deck and it is not flying."""
    return bool(state.rt.mission.typhoon) and state.typhoon.status == "ready" and bool(tiles(state.rt))


def targets(state: SasState, weapon: str, attack_first: bool) -> list[UnitState]:
    """Axis units the Typhoon may attack: on the next tile it will enter at the moment of the attack — the tile the
    move enters when it attacks first, the one after it when it attacks after the move (SAS-SUP-10); its HMG does not
    reach units inside buildings (SAS-SUP-11, D-AIR-6); a rocket needs a rocket left."""
    tile = ahead(state, 1 if attack_first else 2)
    if tile is None or (weapon == "rocket" and state.typhoon.rockets <= 0):
        return []
    return [u for u in state.map_units() if on_tile(state, u, tile) and (weapon == "rocket" or not indoors(state, u))]


def check_first(state: SasState, command: Command) -> None:
    """Refuse any other command while the Typhoon must act first (SAS-SUP-8, SAS-SUP-9)."""
    if not must_act(state) or isinstance(command, (*AIR_COMMANDS, RunAxisStep)):
        return
    if state.typhoon.status == "arriving":
        raise illegal("Choose the Typhoon's attack-run path first.", "SAS-SUP-8")
    raise illegal("The Typhoon acts first: spend its {ap} AP (Move or Move & Attack).", "SAS-SUP-9", ap=ap_left(state))


# --- applying them ---------------------------------------------------------------------------------------------


def perform(ctx: Ctx, command: Command) -> None:
    """Apply a Typhoon command (SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10)."""
    if ctx.state.phase != "operator":
        raise illegal("The Typhoon is called and flies in the Operator phase.", "SAS-SUP-6")
    if isinstance(command, CallTyphoon):
        call(ctx, command.edge)
    elif isinstance(command, TyphoonPath):
        choose_path(ctx, command.line)
    elif isinstance(command, TyphoonMove):
        _ready_to_act(ctx)
        _spend(ctx)
        _react(ctx, _move(ctx))
    elif isinstance(command, TyphoonAttack):
        attack(ctx, command)


def call(ctx: Ctx, edge: str) -> None:
    """Put the Typhoon card in the event deck, 2nd / 3rd / 4th by the edge it will enter by (SAS-SUP-6, SAS-SUP-7,
    SAS-SUP-10)."""
    state = ctx.state
    if not state.rt.mission.typhoon:
        raise illegal("This mission has no Typhoon.", "SAS-SUP-6")
    if state.typhoon.status == "down":
        raise illegal("The Typhoon has been shot down.", "SAS-SUP-14")
    if state.typhoon.status != "ready" or not tiles(state.rt):
        raise illegal("The Typhoon is already called: its card is in the deck or it is flying.", "SAS-SUP-10")
    reference = reference_edge(state)
    position = card_position(state, edge)
    how = relation(reference, edge)
    how_text = t(RERUN_NAMES[how]) if state.typhoon.left_by else t(RELATION_NAMES[how])
    ctx.state = replace(state, typhoon=replace(state.typhoon, status="called", edge=edge, card=position))
    ctx.emit(
        "typhoon_called",
        t(
            "The Typhoon is called in from the {edge} edge ({how}, counted from the {ref} edge): its card goes at "
            "position {n} from the top of the event deck.",
            edge=t(EDGE_NAMES[edge]),
            how=how_text,
            ref=t(EDGE_NAMES[reference]),
            n=position,
        ),
        "SAS-SUP-7",
        instruction=t(
            "Put the Typhoon card at position {n} from the top of the event deck; place the Typhoon off the {edge} "
            "edge of the map.",
            n=position,
            edge=t(EDGE_NAMES[edge]),
        ),
    )


def card_check(ctx: Ctx) -> None:
    """After the Event phase draw the Typhoon card moves up one place; on top it is taken off the deck and the
    Typhoon arrives: its path is chosen at the start of the Operator phase (SAS-SUP-8, SAS-DECK-5, OQ-47, D-AIR-1)."""
    plane = ctx.state.typhoon
    if plane.status != "called":
        return
    if plane.card - 1 > 1:
        ctx.state = replace(ctx.state, typhoon=replace(plane, card=plane.card - 1))
        text = t("The Typhoon card is now at position {n} from the top of the event deck.", n=plane.card - 1)
        ctx.emit("typhoon_card", text, "SAS-DECK-5")
        return
    ctx.state = replace(ctx.state, typhoon=replace(plane, status="arriving", card=0))
    ctx.emit(
        "typhoon_card",
        t(
            "The Typhoon card reaches the top of the event deck: at the start of the Operator phase the Typhoon flies "
            "in from the {edge} edge.",
            edge=t(EDGE_NAMES[plane.edge]),
        ),
        "SAS-SUP-8",
        instruction=t("Take the Typhoon card off the event deck and lay it by the Typhoon's sheet."),
    )


def choose_path(ctx: Ctx, line: int) -> None:
    """The attack-run path: a line of tiles away from its edge; the Typhoon waits off the map level with their centres
    (SAS-SUP-8). It then has 2 AP this turn (SAS-SUP-9)."""
    state = ctx.state
    plane = state.typhoon
    if plane.status != "arriving":
        raise illegal("The Typhoon card has not reached the top of the event deck.", "SAS-SUP-8")
    options = lines(state.rt, plane.edge)
    if not 0 <= line < len(options):
        raise illegal("There is no line {n} of tiles: choose 0 to {last}.", "SAS-SUP-8", n=line, last=len(options) - 1)
    path = options[line]
    full = stats()
    ctx.state = replace(
        state,
        typhoon=replace(plane, status="flying", path=path, step=-1, ap=full.ap, turn=state.turn, rockets=full.rockets),
    )
    start = where(ctx.state)
    ctx.emit(
        "typhoon_path",
        t(
            "The Typhoon's attack run: from the {edge} edge over {tiles}.",
            edge=t(EDGE_NAMES[plane.edge]),
            tiles=_names(state.rt, path),
        ),
        "SAS-SUP-8",
        (start, *(centre(tiles(state.rt)[i]) for i in path)),
        instruction=t(
            "Place the Typhoon off the {edge} edge of the map, level with the centre of {tile}.",
            edge=t(EDGE_NAMES[plane.edge]),
            tile=tile_name(state.rt, path[0]),
        ),
    )


def _names(rt: SasRuntime, path: tuple[int, ...]) -> Text:
    """ "tile A1 (Farm), tile B1 (Woods)" as one translatable Text."""
    parts = {f"t{i}": tile_name(rt, index) for i, index in enumerate(path)}
    return Text(msg=", ".join("{" + key + "}" for key in parts), args=dict(parts))


def _ready_to_act(ctx: Ctx) -> None:
    if not flying(ctx.state):
        raise illegal("The Typhoon is not on an attack run.", "SAS-SUP-9")
    if ap_left(ctx.state) <= 0:
        raise illegal("The Typhoon has spent its 2 AP this turn.", "SAS-SUP-9")


def _spend(ctx: Ctx) -> None:
    plane = ctx.state.typhoon
    ctx.state = replace(ctx.state, typhoon=replace(plane, ap=ap_left(ctx.state) - 1, turn=ctx.state.turn))


def _move(ctx: Ctx) -> int | None:
    """Fly to the centre square of the next tile; off the map after the last tile. Entering the map sounds the alarm
    (SAS-SUP-6, SAS-SUP-9). Returns the tile entered."""
    plane = ctx.state.typhoon
    nxt = plane.step + 1
    if nxt >= len(plane.path):
        _leave(ctx)
        return None
    ctx.state = replace(ctx.state, typhoon=replace(plane, step=nxt))
    tile = plane.path[nxt]
    square = centre(tiles(ctx.state.rt)[tile])
    name, sq = tile_name(ctx.state.rt, tile), ctx.label(square)
    ctx.emit(
        "typhoon_moved",
        t("The Typhoon flies to the centre of {tile} ({sq}).", tile=name, sq=sq),
        "SAS-SUP-9",
        (where(replace(ctx.state, typhoon=plane)), square),
        instruction=t("Typhoon: move to the centre of {tile} (square {sq}).", tile=name, sq=sq),
    )
    if nxt == 0 and ctx.state.section == "stealth":
        ctx.emit("typhoon_entered", t("The Typhoon enters the map: the alarm sounds."), "SAS-SUP-6", (square,))
        alerts.alarm(ctx, "SAS-SUP-6")  # every unit alert; an operator designated exposed (SAS-ALARM-2, SAS-ALARM-4)
    return tile


def _leave(ctx: Ctx) -> None:
    """Off the last tile: the run is over, any AP left are lost, the rockets replenished (SAS-SUP-9, SAS-SUP-10)."""
    plane = ctx.state.typhoon
    out_by = OPPOSITE[plane.edge]
    full = stats().rockets
    ctx.state = replace(
        ctx.state, typhoon=TyphoonState(status="ready", damage=plane.damage, left_by=out_by, rockets=full)
    )
    ctx.emit(
        "typhoon_left",
        t(
            "The Typhoon leaves the map by the {edge} edge: its attack run is over and its rockets are replenished "
            "({n}). It may be called in again.",
            edge=t(EDGE_NAMES[out_by]),
            n=full,
        ),
        "SAS-SUP-10",
        instruction=t("Take the Typhoon off the board and put {n} rocket markers back on its sheet.", n=full),
    )


def _react(ctx: Ctx, tile: int | None) -> None:
    """After the action, the fire at the Typhoon over the tile it entered (SAS-REACT-2, SAS-SUP-11, SAS-SUP-15)."""
    if tile is not None and flying(ctx.state):
        antiair.react(ctx, tile)


def attack(ctx: Ctx, cmd: TyphoonAttack) -> None:
    """Move & Attack: a rocket or the HMG at a unit on the next tile it will enter, before or after the move
    (SAS-SUP-9, SAS-SUP-10); the units on the tile entered fire after the whole action (SAS-REACT-2)."""
    _ready_to_act(ctx)
    state = ctx.state
    tile = ahead(state, 1 if cmd.attack_first else 2)
    unit = state.unit(cmd.target)
    if tile is None:
        raise illegal("After this move the Typhoon leaves the map: there is no next tile to attack.", "SAS-SUP-10")
    if unit is None or not on_tile(state, unit, tile):
        raise illegal(
            "{target} is not on the next tile the Typhoon will enter ({tile}).",
            "SAS-SUP-10",
            target=ctx.name(cmd.target),
            tile=tile_name(state.rt, tile).render(),
        )
    if cmd.weapon == "rocket" and state.typhoon.rockets <= 0:
        raise illegal("The Typhoon has no rocket left on this run.", "SAS-SUP-10")
    if cmd.weapon == "hmg" and indoors(state, unit):
        raise illegal(
            "{target} is inside a building: out of the Typhoon's sight.", "SAS-SUP-11", target=ctx.name(cmd.target)
        )
    _spend(ctx)
    entered = None
    if not cmd.attack_first:
        entered = _move(ctx)
    _fire(ctx, cmd.weapon, cmd.target, tile)
    if cmd.attack_first and flying(ctx.state):
        entered = _move(ctx)
    _react(ctx, entered)


def _fire(ctx: Ctx, weapon: str, target: str, tile: int) -> None:
    unit = ctx.state.unit(target)
    if unit is None:
        return
    if weapon == "rocket":
        rocket(ctx, unit, tile)
    else:
        strafe(ctx, unit, tile)


def rocket(ctx: Ctx, unit: UnitState, tile: int) -> None:
    """A rocket: the template's 7 on the target, its 6 along the flight (OQ-42), a small scatter as a blind grenade,
    then the rolls; a blast, so it damages armoured units too (SAS-SUP-10, SAS-BLAST-2, SAS-BLAST-3, SAS-BLAST-5,
    SAS-AVEH-12)."""
    plane = ctx.state.typhoon
    full = stats()
    aim = square_on(ctx.state, unit, tile)
    heading = flight(plane.edge)
    ctx.state = replace(ctx.state, typhoon=replace(plane, rockets=plane.rockets - 1))
    sq = ctx.label(aim)
    ctx.emit(
        "typhoon_rocket",
        t(
            "The Typhoon fires a rocket at {target} ({sq}); {n} left on this run.",
            target=ctx.name(unit.id),
            sq=sq,
            n=plane.rockets - 1,
        ),
        "SAS-SUP-10",
        (where(ctx.state), aim),
        instruction=t(
            "Take a rocket marker off the Typhoon's sheet; put the blast template's 7 on {sq}, its 6 pointing "
            "{compass}.",
            sq=sq,
            compass=t(items.COMPASS[VEC[heading]]),
        ),
    )
    landing = items.scatter(ctx, aim, heading, full.rocket.scatter)
    blasts.blast(
        ctx,
        landing,
        full.rocket.rolls,
        full.rocket.target,
        what=t("A Typhoon rocket"),
        rule="SAS-SUP-10",
        source="typhoon_rocket",
        persist=False,
    )


def strafe(ctx: Ctx, unit: UnitState, tile: int) -> None:
    """The HMG: its dice at the target; successes to the target, then — sweeping like the Willys guns — to units next
    to it on the same tile in the Typhoon's sight, nearest the Typhoon first; armoured units take none (SAS-SUP-10,
    SAS-OVEH-7, SAS-EQ-2, SAS-AVEH-12, D-AIR-6)."""
    gun = stats().hmg
    title = t("The Typhoon's HMG strafes {target}", target=ctx.name(unit.id))
    dice = combat.roll(ctx, gun.dice, gun.target, [], title)
    hits = sum(1 for d in dice if d.success)
    result = t("{n} success(es)", n=hits)
    ruling = Ruling(title=title, rule_id="SAS-SUP-10", dice=dice, target=gun.target, result=result)
    ctx.emit(
        "typhoon_hmg",
        t("{title}: {result}.", title=title, result=result),
        "SAS-SUP-10",
        (where(ctx.state), unit.loc),
        ruling=ruling,
    )
    order = [unit.id, *(_swept(ctx.state, unit, tile) if gun.sweep else [])]
    for uid in order:
        if hits <= 0:
            return
        hits = combat.gun_hits(ctx, uid, hits, "SAS-SUP-10")


def _swept(state: SasState, first: UnitState, tile: int) -> list[str]:
    """Units next to the first target, on its tile and in the Typhoon's sight, nearest the Typhoon first (D-AIR-6)."""
    here = where(state) or first.loc
    near = [
        u
        for u in state.map_units()
        if u.id != first.id
        and on_tile(state, u, tile)
        and not indoors(state, u)
        and min(combat.dist(a, b) for a in u.cells for b in first.cells) == 1
    ]
    return [u.id for u in sorted(near, key=lambda u: (min(combat.dist(c, here) for c in u.cells), u.id))]


# --- presentation --------------------------------------------------------------------------------------------


def describe(state: SasState, command: Command) -> CommandInfo:
    """Label, target square and hint of a Typhoon command."""
    if isinstance(command, CallTyphoon):
        n = card_position(state, command.edge)
        text = t(
            "Call the Typhoon from the {edge} edge (its card at position {n})", edge=t(EDGE_NAMES[command.edge]), n=n
        )
        return CommandInfo(text, "call_typhoon")
    rt = state.rt
    if isinstance(command, TyphoonPath):
        options = lines(rt, state.typhoon.edge)
        path = options[command.line] if 0 <= command.line < len(options) else ()
        first = centre(tiles(rt)[path[0]]) if path else None
        text = t("Typhoon attack run over {tiles}", tiles=_names(rt, path))
        return CommandInfo(text, "typhoon", None, first)
    if isinstance(command, TyphoonMove):
        nxt = ahead(state)
        if nxt is None:
            text = t("Typhoon: leave the map by the {edge} edge", edge=t(EDGE_NAMES[OPPOSITE[state.typhoon.edge]]))
            return CommandInfo(text, "typhoon", None, None, "1 AP")
        square = centre(tiles(rt)[nxt])
        text = t("Typhoon: move to the centre of {tile} ({sq})", tile=tile_name(rt, nxt), sq=rt.label(square))
        return CommandInfo(text, "typhoon", None, square, "1 AP")
    assert isinstance(command, TyphoonAttack)
    unit = state.unit(command.target)
    loc = unit.loc if unit is not None else None
    weapon = t("rocket") if command.weapon == "rocket" else t("HMG")
    order = t("then move") if command.attack_first else t("after moving")
    text = t(
        "Typhoon: {weapon} at {target} ({sq}), {order}",
        weapon=weapon,
        target=name_of(state, command.target),
        sq=rt.label(loc),
        order=order,
    )
    return CommandInfo(text, "typhoon", None, loc, "1 AP", _hint(command))


def _hint(command: TyphoonAttack) -> Text:
    full = stats()
    if command.weapon == "rocket":
        return t(
            "Blast template on the target, a small scatter, then {rolls} rolls at {target}+ on every unit under it "
            "(armoured ones too).",
            rolls=full.rocket.rolls,
            target=full.rocket.target,
        )
    gun = full.hmg
    chance = round(float(1 - Fraction(gun.target - 1, 6) ** gun.dice) * 100)
    return t(
        "{dice} dice at {target}+, sweeping to units next to the target: {chance}% chance of at least one success.",
        dice=gun.dice,
        target=gun.target,
        chance=chance,
    )


def counter(state: SasState) -> CounterView | None:
    """The Typhoon's counter over its tile (or just off the map at its edge) while it flies (SAS-SUP-8, SAS-SUP-9)."""
    if not flying(state):
        return None
    plane = state.typhoon
    full = stats()
    details: tuple[tuple[Text, str | Text], ...] = (
        (t("HP"), str(full.hp - plane.damage)),
        (t("Rockets"), str(plane.rockets)),
        (t("AP left"), str(ap_left(state))),
    )
    return CounterView(
        "typhoon",
        where(state),
        localized("TY", "台风"),
        t("Hawker Typhoon"),
        "sas",
        "typhoon",
        flight(plane.edge),
        None,
        str(full.hp - plane.damage),
        ("air",),
        (),
        False,
        details,
    )


STATUS_NAMES = {
    "ready": "off the board",
    "called": "called: its card is in the event deck",
    "arriving": "arriving: choose its attack-run path",
    "flying": "on its attack run",
    "down": "shot down",
}


def panel(state: SasState) -> PanelView | None:
    """The Typhoon's sheet: status, HP, rockets, its card (SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10,
    SAS-SUP-11, SAS-SUP-12, SAS-SUP-13, SAS-SUP-14)."""
    if not state.rt.mission.typhoon:
        return None
    plane = state.typhoon
    full = stats()
    rows: list[tuple[Text, str | Text]] = [
        (t("Status"), t(STATUS_NAMES[plane.status])),
        (t("HP"), str(full.hp - plane.damage)),
        (t("Rockets"), str(plane.rockets if plane.status == "flying" else full.rockets)),
    ]
    if plane.status == "called":
        rows.append((t("Typhoon card"), t("position {n} from the top", n=plane.card)))
    if plane.status == "flying":
        rows.append((t("AP left"), str(ap_left(state))))
    return PanelView(t("Hawker Typhoon"), tuple(rows))


def deck_rows(state: SasState) -> tuple[tuple[Text, str | Text], ...]:
    """The Typhoon card in the event deck display (SAS-DECK-5)."""
    if state.typhoon.status != "called":
        return ()
    return ((t("Typhoon card"), t("position {n} from the top", n=state.typhoon.card)),)
