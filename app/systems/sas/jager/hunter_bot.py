"""The hunter bot: a deterministic, explainable Jäger hunter for solo play (SAS-JGR-1, SAS-JGR-2, SAS-JGR-3, SAS-JGR-4,
SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14).

It plays the "axis" side's hunter decisions with fixed rules of thumb, scored from the board it sees (at the table
the hunter sees every operator), never from the dice or the cards still in his deck:

* **Stalkers** (SAS-JGR-2) go on the free spawn spots nearest the mission's targets (objective squares, units to
  kill, else the entry/exit tile).
* **Hunter phase** (SAS-JGR-3, SAS-JGR-4): every card in hand gets a value for the section it will be played in (the
table
  ``card_value``: a meter advance is worth more as the meter runs low, a twig more when Axis units stand within 4
  squares of an operator, a lock only on a door within 6 squares of one, a blood stain only with a corpse on the
  map...). He plays the best card if it is worth ``PLAY_AT`` or more; else he draws below the hand limit; with a
  full hand he discards his two weakest cards.
* **Replace** (SAS-JGR-5): the face-down card replaces the event card when it is worth more to him (a cigarette
  break helps the operators: it is always replaced; a spawn before the alarm only fills the spawn tiles).
* **Targets**: a waypoint on the free square halfway between the operator nearest a target and that target, away
  from the other waypoints (SAS-JGR-7); the cat 3 squares ahead of that operator, on his way there (SAS-JGR-8); the
  twig under the hidden operator with the most Axis units within 4 squares (SAS-JGR-9); the lock on the door nearest
  an operator (SAS-JGR-10); the blood on the corpse nearest an unalert Axis unit (SAS-JGR-11); the upgrade on the
  infantry unit nearest an operator (SAS-JGR-13).
* **Moves** (SAS-JGR-14): each hunter unit, in the order listed, goes to a square from which it sees an operator
  within its short range (the nearest such square to him), else as near the nearest operator as it can; then it
  faces the nearest operator, as a stalker on its waypoint does (SAS-JGR-7).

Ties are broken by the order of the legal commands, so the bot plays the same game every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.ai.agent import Budget, Choice
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.session import Session
from app.systems.sas.board.facing import facing_toward
from app.systems.sas.board.movement import empty
from app.systems.sas.board.vision import sees_op
from app.systems.sas.jager import cards as jager_cards
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.jager.mode import HAND_LIMIT, decision
from app.systems.sas.jager.units import stalker_id
from app.systems.sas.messages import (
    DiscardHunterCards,
    DrawHunterCard,
    FaceUnit,
    HunterMove,
    HunterTarget,
    PlaceStalker,
    PlayHunterCard,
    ReplaceEvent,
)
from app.systems.sas.names import name_of
from app.systems.sas.state import OperatorState, SasState
from app.systems.sas.tables import HunterBattleHalf, HunterStealthHalf

Cell = tuple[int, int]
PLAY_AT = 3.0  # a card worth this much is played at once
CAT_AHEAD = 3  # squares ahead of the operator, on his way to his target
DOOR_NEAR = 6  # a lock is worth playing on a door this close to an operator
REGULAR_VALUE = {"alarm_advance": 3.0, "sentry_turn": 1.5, "patrolman_turn": 1.5, "sentry_sweep": 1.5}


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class HunterBot:
    """The automated hunter (``app.ai.agent.Agent``)."""

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """Choose one of the hunter's legal commands and say why."""
        del budget
        return choose(session.state, session.legal_commands(side))


def choose(state: SasState, options: Sequence[Command]) -> Choice:
    """The bot's command among ``options`` for the decision the hunter owes."""
    if not options:
        raise ValueError("the hunter has no legal command")
    kind = decision(state)
    if kind == "setup":
        return _setup(state, options)
    if kind == "hunter":
        return _hunter_phase(state, options)
    if kind == "replace":
        return _replace(state, options)
    if kind == "target":
        return _target(state, options)
    if kind == "facing":
        return _facing(state, options)
    if kind == "move":
        return _move(state, options)
    return Choice(options[0], t("Only choice."))


# --- what the board offers him ----------------------------------------------------------------------------------
def targets(state: SasState) -> list[Cell]:
    """The squares the operators are after: objective squares still standing, units to kill, else the way out."""
    rt = state.rt
    cells = [c for o, squares in rt.objective_cells.items() if o not in state.achieved for c in sorted(squares)]
    for objective in rt.mission.objectives:
        cells += [u.loc for uid in objective.units if (u := state.unit(uid)) is not None]
    return cells or sorted(rt.entry_exit)


def _placed(state: SasState) -> list[tuple[OperatorState, Cell]]:
    """Operators on the map, with their squares."""
    return [(o, o.loc) for o in state.active_ops() if o.loc is not None]


def _crowd(state: SasState, at: Cell) -> int:
    """Axis units on the map within 4 squares of ``at`` (those a twig snap or a shout reaches)."""
    return sum(1 for u in state.map_units() if _dist(u.loc, at) <= jager_markers.TWIG_NOISE)


def _op_distance(state: SasState, at: Cell) -> int:
    """Squares from ``at`` to the nearest operator on the map."""
    return min((_dist(at, loc) for _o, loc in _placed(state)), default=99)


def _runner(state: SasState, goals: list[Cell]) -> tuple[OperatorState, Cell, Cell] | None:
    """The operator nearest one of the targets, his square and that target."""
    if not goals:
        return None
    options = [(min(_dist(loc, g) for g in goals), i) for i, (_o, loc) in enumerate(_placed(state))]
    if not options:
        return None
    op, loc = _placed(state)[min(options)[1]]
    return op, loc, min(goals, key=lambda g: _dist(loc, g))


def card_value(state: SasState, card_id: str) -> float:
    """How much the half of ``card_id`` used in this section is worth to the hunter now."""
    used = jager_cards.half(state, card_id)
    kind = used.type
    ops = _placed(state)
    if kind == "alarm_advance":
        return 3.0 + (3.0 if state.meter <= 2 else 0.0)
    if kind == "twig":
        near = max((_crowd(state, loc) for _o, loc in ops), default=0)
        return 1.0 + 1.5 * min(near, 2)
    if isinstance(used, HunterStealthHalf) and kind == "waypoint":
        stalker = state.unit(stalker_id(used.number))
        placed = any(m.number == used.number for m in jager_markers.markers(state, "waypoint"))
        return 0.0 if stalker is None else 1.0 if placed and stalker.role == "stalker" else 3.5
    if kind == "cat":
        return 3.0 if ops else 0.0
    if kind == "door_lock":
        doors = [c.square for c in jager_cards.targets(state, card_id) if isinstance(c, HunterTarget) and c.square]
        near = any(_op_distance(state, (d[0], d[1])) <= DOOR_NEAR for d in doors)
        return 3.0 if near else 1.0
    if kind == "blood_stain":
        return 3.0 if jager_cards.targets(state, card_id) else 0.0
    if kind == "upgrade":
        return 3.5 if jager_cards.targets(state, card_id) else 0.0
    if isinstance(used, HunterBattleHalf) and kind == "spawn":
        return 1.0 + used.count
    return {"spawn_sniper": 4.0, "spawn_grenadier": 4.0, "spawn_hmg_kubelwagen": 3.5, "spawn_kettenkrad": 3.0}.get(
        kind, 1.5
    )


def regular_value(state: SasState, card_id: str) -> float:
    """What the revealed regular event card is worth to the hunter (a cigarette break helps the operators)."""
    card = state.rt.cards[card_id]
    half = card.stealth if state.section == "stealth" else card.battle
    if half is None:  # a special card with no half for this section does nothing in the Event phase (SAS-AVEH-17)
        return 0.0
    if half.type == "cigarette":
        return -1.0
    if half.type == "spawn":  # before the alarm spawned units wait on their tiles (SAS-EVT-5)
        return 1.0 + (0.5 if state.section == "stealth" else 1.0) * half.count
    return REGULAR_VALUE.get(half.type, 1.0)


# --- decisions --------------------------------------------------------------------------------------------------
def _setup(state: SasState, options: Sequence[Command]) -> Choice:
    goals = targets(state)
    best = min(options, key=lambda c: min(_dist(c.at, g) for g in goals) if isinstance(c, PlaceStalker) else 99)
    assert isinstance(best, PlaceStalker)
    return Choice(
        best,
        t("Stalker {n} waits on the free spawn spot nearest the operators' targets.", n=best.number),
    )


def _hunter_phase(state: SasState, options: Sequence[Command]) -> Choice:
    hunter = state.hunter
    assert hunter is not None
    values = {c: card_value(state, c) for c in hunter.hand}
    plays = [c for c in options if isinstance(c, PlayHunterCard)]
    if plays:
        best = max(plays, key=lambda c: values[c.card])
        if values[best.card] >= PLAY_AT:
            return Choice(
                best, t("Card {card} is worth {v} now: he plays it.", card=best.card, v=f"{values[best.card]:.1f}")
            )
    draw = next((c for c in options if isinstance(c, DrawHunterCard)), None)
    if draw is not None:
        return Choice(draw, t("No card is worth playing yet: he draws (he holds {n}).", n=len(hunter.hand)))
    discards = [c for c in options if isinstance(c, DiscardHunterCards)]
    if discards and len(hunter.hand) >= HAND_LIMIT:
        worst = min(discards, key=lambda c: sum(values[x] for x in c.discard))
        return Choice(worst, t("His hand is full of weak cards: he discards the two weakest and draws."))
    chosen = max(plays, key=lambda c: values[c.card]) if plays else options[0]
    return Choice(chosen, t("He plays his best card."))


def _replace(state: SasState, options: Sequence[Command]) -> Choice:
    hunter = state.hunter
    assert hunter is not None and hunter.played is not None and hunter.revealed is not None
    mine, theirs = card_value(state, hunter.played), regular_value(state, hunter.revealed)
    use = mine > theirs
    chosen = next(c for c in options if isinstance(c, ReplaceEvent) and c.use == use)
    if use:
        return Choice(
            chosen,
            t(
                "His card ({a}) is worth more than the event card ({b}): he replaces it.",
                a=f"{mine:.1f}",
                b=f"{theirs:.1f}",
            ),
        )
    return Choice(
        chosen,
        t(
            "The event card ({b}) serves him at least as well as his own ({a}): he keeps it.",
            a=f"{mine:.1f}",
            b=f"{theirs:.1f}",
        ),
    )


def _target(state: SasState, options: Sequence[Command]) -> Choice:
    hunter = state.hunter
    assert hunter is not None and hunter.resolving is not None
    kind = jager_cards.half(state, hunter.resolving).type
    picks = [c for c in options if isinstance(c, HunterTarget)]
    runner = _runner(state, targets(state))
    if kind == "waypoint" and runner is not None:
        op, loc, goal = runner
        mid = ((loc[0] + goal[0]) // 2, (loc[1] + goal[1]) // 2)
        taken = {m.loc for m in jager_markers.markers(state, "waypoint")}
        free = [c for c in picks if _square(c) not in taken and empty(state, _square(c))] or picks
        return _nearest(
            free, mid, t("The waypoint goes halfway between {op} and his target.", op=name_of(state, op.id))
        )
    if kind == "cat" and runner is not None:
        op, loc, goal = runner
        return _nearest(
            picks, _ahead(loc, goal), t("The cat waits on {op}'s way to his target.", op=name_of(state, op.id))
        )
    if kind == "twig":
        placed = {o.id: (o, loc) for o, loc in _placed(state)}
        best = max(
            picks, key=lambda c: (not placed[c.operator or ""][0].exposed, _crowd(state, placed[c.operator or ""][1]))
        )
        return Choice(
            best,
            t("The twig goes under {op}: hidden, with the most Axis units within earshot.", op=best.operator or ""),
        )
    if kind == "door_lock":
        best = min(picks, key=lambda c: _op_distance(state, _square(c)))
        return Choice(best, t("He locks the door nearest the operators."))
    if kind == "blood_stain":
        watchers = [u.loc for u in state.map_units() if not u.alert] or [u.loc for u in state.map_units()]
        best = min(picks, key=lambda c: min((_dist(_square(c), w) for w in watchers), default=0))
        return Choice(best, t("The blood stain goes on the corpse nearest an unalert Axis unit."))
    if kind == "upgrade":
        units = {u.id: u.loc for u in state.units}
        best = min(picks, key=lambda c: _op_distance(state, units[c.unit or ""]))
        return Choice(best, t("He upgrades the infantry unit nearest an operator."))
    return Choice(options[0], t("Only choice."))


def _square(command: HunterTarget) -> Cell:
    """The square a target command names (a unit or operator target names none: far away)."""
    return (-99, -99) if command.square is None else (command.square[0], command.square[1])


def _ahead(start: Cell, goal: Cell) -> Cell:
    """The square ``CAT_AHEAD`` steps from ``start`` toward ``goal`` (or the goal itself when nearer)."""
    steps = min(CAT_AHEAD, _dist(start, goal))
    dx = (goal[0] > start[0]) - (goal[0] < start[0])
    dy = (goal[1] > start[1]) - (goal[1] < start[1])
    x = start[0] + dx * min(steps, abs(goal[0] - start[0]))
    y = start[1] + dy * min(steps, abs(goal[1] - start[1]))
    return (x, y)


def _nearest(picks: Sequence[HunterTarget], point: Cell, reason: Text) -> Choice:
    best = min(picks, key=lambda c: _dist(_square(c), point))
    return Choice(best, reason)


def _facing(state: SasState, options: Sequence[Command]) -> Choice:
    hunter = state.hunter
    assert hunter is not None and hunter.facing is not None
    unit = state.unit(hunter.facing)
    assert unit is not None
    placed = _placed(state)
    exposed = [loc for o, loc in placed if o.exposed] or [loc for _o, loc in placed]
    near = min(exposed, key=lambda loc: _dist(unit.loc, loc), default=None)
    wanted = facing_toward(unit.loc, near, unit.facing) if near is not None else unit.facing
    chosen = next((c for c in options if isinstance(c, FaceUnit) and c.facing == wanted), options[0])
    return Choice(chosen, t("{unit} faces the nearest operator.", unit=name_of(state, unit.id)))


def _short_range(state: SasState, kind: str) -> int:
    """A unit's short range: infantry from the stat table, a vehicle from its armed weapons (0 if unarmed)."""
    stats = state.rt.tables.units.get(kind)
    if stats is not None:
        return int(stats.short)
    vehicle = state.rt.tables.vehicle(kind)
    return max((w.short for w in vehicle.weapons if w.dice > 0), default=0) if vehicle is not None else 0


def _move(state: SasState, options: Sequence[Command]) -> Choice:
    moves = [c for c in options if isinstance(c, HunterMove)]
    unit_id = moves[0].unit
    unit = state.unit(unit_id)
    assert unit is not None
    mine = [c for c in moves if c.unit == unit_id]
    ops = _placed(state)
    if not ops:
        stay = next((c for c in mine if c.to == unit.loc), mine[0])
        return Choice(stay, t("{unit} holds its ground.", unit=name_of(state, unit_id)))
    short = _short_range(state, unit.kind)

    def sight(c: HunterMove) -> int | None:
        """Distance to the nearest operator the unit would see at short range from ``c.to``."""
        to: Cell = (c.to[0], c.to[1])
        for op, loc in ops:
            d = _dist(to, loc)
            there = replace(unit, loc=to, facing=c.facing or facing_toward(to, loc))
            if 0 < d <= short and loc not in there.cells and sees_op(state, there, op):
                return d
        return None

    seeing = [(d, c.to[1], c.to[0], i) for i, c in enumerate(mine) if (d := sight(c)) is not None]
    if seeing:
        best = mine[min(seeing)[3]]
        return Choice(best, t("{unit} moves where it sees an operator at short range.", unit=name_of(state, unit_id)))
    best = min(mine, key=lambda c: (_op_distance(state, c.to), c.to[1], c.to[0]))
    return Choice(best, t("{unit} closes on the nearest operator.", unit=name_of(state, unit_id)))
