"""The automated opponent: a greedy player that scores each legal command from the rules' own numbers — the
exact odds of a fire attack, the value of the targets, distance to the victory hexes and to cover — and says
why (DESIGN §3). It never peeks at future dice: only dice-free moves are simulated."""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

import app.systems.lnl.messages as m
from app.ai.agent import Budget, Choice
from app.core.i18n import t
from app.core.messages import Command
from app.core.session import Session
from app.geometry.hexgrid import Hex, hex_distance
from app.systems.lnl.board import Runtime
from app.systems.lnl.describe import describe
from app.systems.lnl.forces import enemies_adjacent, is_vehicle
from app.systems.lnl.melee import capable, kill_number
from app.systems.lnl.melee_flow import strike_odds
from app.systems.lnl.overrun import overrun_odds
from app.systems.lnl.sniper import snipe_problem, sniper_odds
from app.systems.lnl.state import State, other
from app.systems.lnl.turn import legal

FIRE_THRESHOLD = 0.3


class LnlBot:
    """Greedy, explainable play for either side (``app.ai.agent.Agent``)."""

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """Pick the best-scoring legal command for ``side``."""
        del budget
        state: State = session.state
        return choose(state, side, self._random)


def _objectives(state: State, side: str) -> list[Hex]:
    hexes = [h for h, owner in state.control if owner != side]
    return hexes or [u.hex for u in state.on_map(other(side)) if u.hex is not None]


@lru_cache(maxsize=64)
def _field(runtime: Runtime, goals: frozenset[Hex], vehicle: bool) -> dict[Hex, float]:
    """MP from every hex to the nearest goal over the terrain (Dijkstra; vehicles keep off their prohibited
    terrain), so the bot goes round streams and woods instead of into them."""
    grid = runtime.grid
    best: dict[Hex, float] = dict.fromkeys(goals, 0.0)
    queue = [(0.0, g) for g in goals]
    while queue:
        cost, h = heapq.heappop(queue)
        if cost > best.get(h, float("inf")):
            continue
        terrain = runtime.terrain(h)
        step = terrain.vehicle_mp if vehicle else (None if terrain.impassable else terrain.mp)
        if h in goals:
            step = step or 1  # a vehicle that may not enter a goal still closes in on it
        if step is None:
            continue
        for n in grid.neighbours(h):
            if cost + step < best.get(n, float("inf")):
                best[n] = cost + step
                heapq.heappush(queue, (cost + step, n))
    return best


def _at_least(total: int) -> float:
    """Chance that 2D6 rolls ``total`` or more."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total) / 36


def _melee_value(state: State, side: str, ids: tuple[str, ...], to: Hex) -> tuple[float, float]:
    """What entering an enemy hex is worth from the melee odds (LNL-MELEE-7, LNL-MELEE-8): the chance to kill
    the defenders first, less the chance of losing the whole stack to their reply; and that first chance."""
    att = [u for i in ids if (u := state.unit(i)) is not None and capable(state, u, attacking=True)]
    dfn = [u for u in state.at(to, other(side)) if not is_vehicle(state, u) and capable(state, u)]
    if not att:
        return -1.0, 0.0
    if not dfn:
        return 0.6, 1.0
    _, kill, mods = kill_number(att, dfn, state)
    first = _at_least(kill - sum(x.value for x in mods))
    _, back, back_mods = kill_number(dfn, att, state)
    reply = _at_least(back - sum(x.value for x in back_mods))
    return 1.2 * first - 1.5 * (1 - first) * reply, first


def _fire_score(state: State, command: Command) -> float:
    info = describe(state, command)
    return (info.odds or 0.0) * (1.5 if isinstance(command, m.OpFire) else 1.0)


def _held_back(state: State, side: str, ids: tuple[str, ...]) -> float:
    """What an attacker's fire costs in ground not gained: the firers' MP still to go to the nearest victory hex
    it does not hold, weighed by the turns gone (firing ends their move for the turn)."""
    goals = frozenset(h for h, owner in state.control if owner != side)
    if not goals:
        return 0.0
    field = _field(state.runtime, goals, False)
    units = [u for u in (state.unit(i) for i in ids) if u is not None and not is_vehicle(state, u)]
    far = min((field.get(u.hex, 0.0) for u in units if u.hex is not None), default=0.0)
    return 0.1 * max(far - 1.0, 0.0) * (1 + state.turn / state.runtime.model.turns)


def _move_score(state: State, side: str, command: m.StartMove | m.MoveOn) -> float:
    goals = _objectives(state, side)
    if not goals:
        return 0.1
    ids = command.units if isinstance(command, m.StartMove) else (state.moving.units if state.moving else ())
    unit = state.unit(ids[0]) if ids else None
    if unit is None or unit.hex is None:
        return 0.0
    if command.to == unit.hex:
        return -0.1  # changing storey gains nothing the bot can see
    held = {h for h, owner in state.control if owner == side}
    staying = [u for u in state.at(unit.hex, side) if u.id not in ids and not u.shaken]
    if unit.hex in held and not staying and isinstance(command, m.StartMove):
        return -0.5  # keep a victory hex garrisoned
    field = _field(state.runtime, frozenset(goals), is_vehicle(state, unit))
    far = max(field.values(), default=0.0) + 1.0
    before = field.get(unit.hex, far) / 2
    after = field.get(command.to, far) / 2
    cover = state.runtime.terrain(command.to).tem * 0.05
    enemy = any(u.side != side for u in state.at(command.to))
    fight, win = _melee_value(state, side, ids, command.to) if enemy else (0.0, 1.0)
    mode = {"normal": 0.0, "assault": -0.05, "stealth": -0.02, "low_crawl": -0.2}
    bonus = mode[command.mode] if isinstance(command, m.StartMove) else 0.0
    attacker = state.runtime.model.victory.attacker == side
    urgency = (1.0 + 2 * state.turn / state.runtime.model.turns) if attacker else state.turn / state.runtime.model.turns
    victory = {h for h, _ in state.control}
    taken = 1.0 if command.to in victory - held and not enemy else 0.0
    if command.to in held and not state.at(command.to, side):
        taken = 0.6  # garrison an empty victory hex

    stack = 0.05 * len(ids)
    danger = 0.0 if enemy else _danger(state, side, command, is_vehicle(state, unit))
    progress = (0.25 + 0.25 * urgency) * (before - after) * win  # into a melee: only as good as winning it
    return progress + cover + fight + bonus + taken + stack - danger


def _danger(state: State, side: str, command: m.StartMove | m.MoveOn, vehicle: bool) -> float:
    """The opportunity-fire threat of the hex entered, halved for armour."""
    how = command.mode if isinstance(command, m.StartMove) else state.moving.mode if state.moving else "normal"
    return _threat(state, side, command.to, how) * (0.5 if vehicle else 1.0)


def _threat(state: State, side: str, h: Hex, mode: str) -> float:
    """How exposed entering ``h`` is to opportunity fire (LNL-OPFIRE-1, LNL-OPFIRE-2): enemies that may still
    fire and reach it, more in open ground; stealth movers and low crawlers trigger none."""
    if mode in ("stealth", "low_crawl"):
        return 0.0
    weight = 0.06 if state.runtime.terrain(h).open else 0.03
    count = 0
    for enemy in state.on_map(other(side)):
        if enemy.shaken or enemy.hex is None or any(enemy.has(x) for x in ("moved", "fired", "low_crawl", "stealth")):
            continue
        spec = state.spec(enemy)
        guns = [spec.gun.range] if spec.gun is not None else []
        reach = max([spec.range, *guns, *(mg.range for mg in spec.mgs)])
        reach = max([reach, *(state.runtime.unit_type(w.type).range for w in enemy.weapons)])
        count += hex_distance(enemy.hex, h) <= reach
    return min(weight * count, 0.3)


def _fire_value(state: State, side: str, command: m.Fire | m.OpFire) -> float:
    """The exact odds, held back for the attacker: its fire costs it the move (LNL-FIRE-8)."""
    value = _fire_score(state, command)
    attacking = state.runtime.model.victory.attacker == side
    late = state.turn * 2 > state.runtime.model.turns
    threshold = (0.75 if late else 0.5) if attacking else FIRE_THRESHOLD
    if attacking and isinstance(command, m.Fire):
        value -= _held_back(state, side, command.units)
    if attacking and _behind(state, side) and state.turn * 3 > 2 * state.runtime.model.turns:
        value *= 0.6  # late and short of victory hexes: moving matters more
    return value if value >= threshold else value - 0.5


def _behind(state: State, side: str) -> bool:
    """The side holds fewer victory hexes than it needs."""
    held = sum(1 for _, owner in state.control if owner == side)
    return held < state.runtime.model.victory.needed


def _sniper_post(state: State, side: str, command: m.PlaceSniper) -> float:
    """What placing a hidden sniper in a hex is worth (LNL-SNIPER-1, LNL-SNIPER-2): the best odds of the shot it
    may take at once, more in cover; a hex next to a good-order enemy (where it is exposed) or with nothing to
    shoot at is worth less than keeping it hidden."""
    if state.phase == "rally":
        return -0.2  # it could not fire before the Operations Phase: placing it now only shows it
    placed = replace(state.get(command.unit), hex=command.at)
    trial = state.with_unit(placed)
    if enemies_adjacent(trial, command.at, side):
        return -0.3
    targets = [u for u in state.on_map(other(side)) if not snipe_problem(trial, placed, u)]
    best = max((sniper_odds(trial, placed, u) for u in targets), default=0.0)
    if best <= 0.0:
        return -0.1
    return 0.3 + 0.4 * best + 0.05 * min(state.runtime.terrain(command.at).tem, 4)


def score(state: State, side: str, command: Command) -> tuple[float, str]:
    """A command's value and the reason in words (the rule behind it)."""
    if isinstance(command, m.Fire | m.OpFire):
        return _fire_value(state, side, command), "odds"
    if isinstance(command, m.StartMove | m.MoveOn):
        return _move_score(state, side, command), "move"
    if isinstance(command, m.Rally | m.Heal | m.Combine | m.RollInitiative | m.MeleeRound | m.CloseAssault):
        return 0.9, "rally"
    if isinstance(command, m.Overrun):
        return 0.8 * overrun_odds(state, state.get(command.vehicle)), "overrun"
    if isinstance(command, m.Hatches):
        vehicle = state.get(command.vehicle)
        spec = state.spec(vehicle)
        gunless = vehicle.buttoned and spec.gun is None and any(g.aa for g in spec.mgs)
        return (0.3 if gunless else -0.4), "hatches"
    if isinstance(command, m.MeleeTargets):
        odds, share = strike_odds(state, command)
        return 0.5 + odds * share + 0.01 * len(command.targets), "targets"
    if isinstance(command, m.PlaceSniper):
        return _sniper_post(state, side, command), "sniper"
    if isinstance(command, m.Snipe):
        return 0.3 + sniper_odds(state, state.get(command.unit), state.get(command.target)), "snipe"
    if isinstance(command, m.HandleWeapon):
        keep = command.action in ("pick_up", "repair", "set_up")
        return (0.5, "weapon") if keep else (-1.0, "weapon")
    return FIXED.get(type(command), (-0.05, "pass"))


FIXED: dict[type[Command], tuple[float, str]] = {
    m.Spot: (0.15, "spot"),
    m.LaySmoke: (-0.2, "smoke"),
    m.Stop: (0.0, "stop"),
    m.Withdraw: (-0.3, "withdraw"),
}


REASONS = {
    "odds": t("Best fire: the exact odds of beating the defence are the highest (LNL-FIRE-7)."),
    "move": t("Moves toward the victory hexes and cover (LNL-MOVE-1)."),
    "rally": t("Rallies, heals or fights on: units back in the fight (LNL-RALLY-3)."),
    "overrun": t("Overruns the infantry: the odds of the overrun value beating 1D6 are good (LNL-OVERRUN-3)."),
    "hatches": t("Opens the hatches: the top MG is this vehicle's only weapon (LNL-VEH-1)."),
    "spot": t("Spots hidden enemies so they can be fired on (LNL-SPOT-3)."),
    "smoke": t("Lays smoke (LNL-SMOKE-1)."),
    "snipe": t("The sniper fires at an exposed enemy (LNL-SNIPER-3)."),
    "targets": t("Attacks the defenders whose loss is likeliest and weighs most (LNL-MELEE-5)."),
    "sniper": t("Places the sniper in cover with a shot at an exposed enemy (LNL-SNIPER-2)."),
    "weapon": t("Picks up, sets up or repairs a support weapon (LNL-SW-4)."),
    "stop": t("Nothing better: ends the move (LNL-MOVE-12)."),
    "withdraw": t("Withdraws from a losing melee (LNL-MOVE-9)."),
    "pass": t("Nothing worth doing: passes (LNL-OPS-1)."),
}


def choose(state: State, side: str, rng: random.Random | None = None) -> Choice:
    """The best command for ``side`` now (ties broken by a seeded generator of the bot's own)."""
    options: Sequence[Command] = legal(state)
    if not options:
        raise ValueError(f"no legal command for side {side!r}")
    jitter = rng or random.Random(0)
    scored = [(score(state, side, c), jitter.random(), c) for c in options]
    (value, why), _, best = max(scored, key=lambda x: (x[0][0], x[1]))
    return Choice(best, REASONS[why], value)
