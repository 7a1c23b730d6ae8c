"""A scripted SAS team for the convoy-strike mission: the Willys and the Typhoon hunt the convoy's truck.

The policy, as a player would state it (every choice is among ``SYSTEM.legal_commands``, ties to the first listed):

- The walkers (``leavers``) leave by the entry/exit tile at once.
- The Willys waits on its spot until the convoy's card has come up. With ``hunt`` it then goes for the truck: it
  fires at the truck when the Vickers can without moving; otherwise it takes the Foot down! or Move after which the
  Vickers could fire at the truck with its next action (a Foot down! if one will do, else the Move ending nearest
  it), each tried on a copy of the state (with the seeded dice, even at the table: only where it ends matters);
  failing that, with ``charge``, once the truck is ``charge`` squares away or nearer and it has not entered the map
  yet, it dashes in with the longest Foot down!; failing that, the first listed Move & Attack at the truck; failing
  that, once its crew is exposed, it fires (standing) at an Axis unit with another one next to it, for the sweep;
  else it waits. Once the truck is destroyed it fights its way home: the same sweep, else it deploys its crew onto
  the entry/exit tile (they leave) or drives toward it. Without ``hunt`` it never moves.
- The Typhoon is called from the entry/exit tile's (south) edge once the Willys has fired at the truck (``hunt`` only);
  its path is the line of tiles holding the truck; each AP fires a rocket at the truck if it can, else the HMG, else
  moves on.
- Everything else (Axis steps, a roll waiting for the rabbit's foot) takes the first legal command; in table mode
  each command carries the dice ``luck`` rolls and the cards ``deal`` turns over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from app.core.dice import NeedInput
from app.core.errors import IllegalCommandError
from app.core.i18n import Text
from app.core.messages import Command
from app.core.session import Session
from app.systems.sas import SYSTEM
from app.systems.sas.messages import (
    ActivateOperator,
    CallTyphoon,
    Deploy,
    EndActivation,
    EndPhase,
    Exfiltrate,
    FootDown,
    TyphoonAttack,
    TyphoonMove,
    TyphoonPath,
    VehicleAttack,
)
from app.systems.sas.state import SasState
from app.systems.sas.support.airspace import lines, on_tile

Cell = tuple[int, int]
Luck = Callable[[Text, int], list[int]]
Deal = Callable[[SasState, tuple[str, ...]], str]
TRUCK = "ammo_truck"


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _gap(a: tuple[Cell, ...], b: tuple[Cell, ...]) -> int:
    return min(_dist(p, q) for p in a for q in b)


@dataclass
class Strike:
    """The team's policy for one game (see the module docstring)."""

    leavers: frozenset[str] = frozenset({"johnny", "david"})
    hunt: bool = True
    charge: int = 0  # dash in with Foot down! once the truck is this close (0: never)
    luck: Luck | None = None
    deal: Deal | None = None
    used: dict[str, int] = field(default_factory=dict)  # command kinds submitted, for the tests

    def play(self, session: Session, limit: int = 4000) -> None:
        """Play until the mission ends (or ``limit`` commands)."""
        for _ in range(limit):
            if session.outcome() is not None:
                return
            command = self.typed(session.state, self.choose(session))
            self.used[command.kind] = self.used.get(command.kind, 0) + 1
            session.submit(command)

    def typed(self, state: SasState, command: Command) -> Command:
        """The command with the dice and cards typed at the table (table mode), found by asking the rules."""
        if self.luck is None and self.deal is None:
            return command
        dice: list[int] = []
        cards: list[str] = []
        while True:
            typed = command.with_table_input(dice, cards)
            try:
                SYSTEM.apply(state, typed)
                return typed
            except NeedInput as need:
                if need.what == "card":
                    assert self.deal is not None
                    cards.append(self.deal(state, tuple(str(o) for o in need.options)))
                else:
                    assert self.luck is not None
                    dice += self.luck(need.purpose, need.count)

    # --- choices ---------------------------------------------------------------------------------------------
    def choose(self, session: Session) -> Command:
        state: SasState = session.state
        commands = list(session.legal_commands())
        if state.phase != "operator" or state.pending is not None:
            return commands[0]
        air = [c for c in commands if isinstance(c, TyphoonPath | TyphoonMove | TyphoonAttack)]
        if air:
            return self._typhoon(state, air)
        truck = state.unit(TRUCK)
        on_map = truck is not None and not truck.on_spawn
        if self.hunt and on_map and self.used.get("vehicle_attack") and state.typhoon.status == "ready":
            call = [c for c in commands if isinstance(c, CallTyphoon) and c.edge == "S"]
            if call:
                return call[0]
        if state.activation is not None:
            return self._operator(state, commands)
        willys = state.op_vehicle("willys")
        if willys is not None and willys.ap > 0 and self.hunt:
            chosen = self._willys(state, commands)
            if chosen is not None:
                return chosen
        for command in commands:
            if isinstance(command, ActivateOperator) and self._leaving(state, command.operator):
                return command
        return next(c for c in commands if isinstance(c, EndPhase))

    def _leaving(self, state: SasState, op_id: str) -> bool:
        op = state.op(op_id)
        return op.loc is not None and op.status == "active" and (op_id in self.leavers or self._truck_gone(state))

    @staticmethod
    def _crowd(state: SasState, target: str) -> bool:
        """Another Axis unit stands next to the target: the Vickers' sweep may reach it (SAS-OVEH-7)."""
        unit = state.unit(target)
        return unit is not None and any(u.id != target and _gap(u.cells, unit.cells) == 1 for u in state.map_units())

    @staticmethod
    def _truck_gone(state: SasState) -> bool:
        return "C1" not in state.deck and state.unit(TRUCK) is None

    def _operator(self, state: SasState, commands: list[Command]) -> Command:
        exits = [c for c in commands if isinstance(c, Exfiltrate)]
        if exits:
            return exits[0]
        return next(c for c in commands if isinstance(c, EndActivation))

    def _typhoon(self, state: SasState, commands: list[Command]) -> Command:
        truck = state.unit(TRUCK)
        paths = [c for c in commands if isinstance(c, TyphoonPath)]
        if paths:
            runs = lines(state.rt, state.typhoon.edge)
            for command in paths:
                if truck is not None and any(on_tile(state, truck, i) for i in runs[command.line]):
                    return command
            return paths[len(paths) // 2]
        for weapon in ("rocket", "hmg"):
            shots = [c for c in commands if isinstance(c, TyphoonAttack) and c.weapon == weapon and c.target == TRUCK]
            if shots:
                return shots[0]
        return next((c for c in commands if isinstance(c, TyphoonMove)), commands[0])

    def _willys(self, state: SasState, commands: list[Command]) -> Command | None:
        truck = state.unit(TRUCK)
        willys = state.op_vehicle("willys")
        assert willys is not None
        if self._truck_gone(state):
            return self._home(state, commands)
        if truck is None or truck.on_spawn:
            return None
        attacks = [c for c in commands if isinstance(c, VehicleAttack) and c.target == TRUCK]
        standing = [c for c in attacks if not c.steps]
        if standing:
            return standing[0]
        strike = self._drive(state, commands, lambda cells: _gap(cells, truck.cells), self._strikes)
        if strike is not None:
            return strike
        dash = [c for c in commands if isinstance(c, FootDown)]
        if self.charge and dash and not willys.entered and _gap(willys.cells, truck.cells) <= self.charge:
            return max(dash, key=lambda c: c.squares)
        if attacks:
            return attacks[0]
        if not any(o.exposed for o in state.crew("willys")):
            return None
        return self._sweep(state, commands)

    def _sweep(self, state: SasState, commands: list[Command]) -> Command | None:
        """Fire, standing, at an Axis unit with another one next to it (the sweep may reach it, SAS-OVEH-7)."""
        return next(
            (c for c in commands if isinstance(c, VehicleAttack) and not c.steps and self._crowd(state, c.target)),
            None,
        )

    def _strikes(self, after: SasState) -> bool:
        """From where the move ends the Vickers can fire at the truck with the next action (the rules accept it)."""
        try:
            SYSTEM.apply(after, VehicleAttack(side="sas", vehicle="willys", target=TRUCK))
        except IllegalCommandError:
            return False
        return True

    def _drive(
        self,
        state: SasState,
        commands: list[Command],
        score: Callable[[tuple[Cell, ...]], int],
        ok: Callable[[SasState], bool],
    ) -> Command | None:
        willys = state.op_vehicle("willys")
        assert willys is not None
        best: tuple[tuple[bool, int], Command] | None = None
        drives = [c for c in commands if c.kind == "foot_down"] + [c for c in commands if c.kind == "vehicle_move"]
        for command in drives:
            try:
                after = SYSTEM.apply(state, command)[0]
            except IllegalCommandError:
                continue
            moved = after.op_vehicle("willys")
            if moved is None or not ok(after):
                continue
            value = (command.kind != "foot_down", score(moved.cells))
            if best is None or value < best[0]:
                best = (value, command)
        if best is None or best[0][1] >= score(willys.cells):
            return None
        return best[1]

    def _home(self, state: SasState, commands: list[Command]) -> Command | None:
        exits = tuple(state.rt.entry_exit)
        sweep = self._sweep(state, commands)
        if sweep is not None:
            return sweep
        deploys = [c for c in commands if isinstance(c, Deploy) and c.to in state.rt.entry_exit]
        if deploys:
            return deploys[0]
        return self._drive(state, commands, lambda cells: _gap(cells, exits), lambda _after: True)
