"""Game state: immutable values for units, leaders, cards and the turn in progress (rulebook chapters 3–6).

Every class here is a frozen dataclass holding tuples; rules functions return new states with
``dataclasses.replace`` and never mutate their input. Rule IDs: CCA-UNIT-3, CCA-UNIT-5, CCA-UNIT-6, CCA-TURN-1,
CCA-ORDER-2.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from app.core.dice import Dice
from app.core.i18n import Text, localized
from app.systems.cca.scenario import SIDES, Runtime
from app.systems.cca.tables import UnitClass, unit_classes

Hex = tuple[int, int]
Phase = Literal["deal", "card", "order", "move", "battle", "over"]


def other(side: str) -> str:
    """The opposing side."""
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@dataclass(frozen=True)
class Unit:
    """A unit of blocks on the board.

    Attributes:
        id: Stable id ("b3": bottom army, third unit in the file).
        side: Owner.
        cls: Class code (Table A).
        hex: Axial hex.
        blocks: Blocks left (CCA-HIT-7).
        fresh: A warrior unit still enjoying its full-strength advantages (CCA-WAR-1, CCA-WAR-2).
    """

    id: str
    side: str
    cls: str
    hex: Hex
    blocks: int
    fresh: bool = False

    @property
    def spec(self) -> UnitClass:
        """The unit's class row."""
        return unit_classes()[self.cls]


@dataclass(frozen=True)
class Leader:
    """A leader block (CCA-UNIT-3): not a unit; attached when it shares a hex with a friendly unit."""

    id: str
    side: str
    name: str
    hex: Hex


@dataclass(frozen=True)
class Task:
    """A step of a battle still to resolve, possibly waiting for a player's decision (a step of ``app.core.flow``).

    Kinds: ``evade`` (defender: evade or stand), ``retreat`` (``amount`` hexes), ``leader_evade``,
    ``after_attack`` (momentum advance or battle back), ``battle_back``, ``momentum``, ``extra_hex``,
    ``bonus``, ``move_after_fire``, ``bolster`` (``amount`` flags rolled, of which the owner may ignore up to
    ``extra``; ``other`` the rolling unit's class, CCA-BOLSTER-1).
    """

    kind: str
    side: str
    subject: str
    amount: int = 0
    other: str = ""
    extra: int = 0
    origin: Hex | None = None


class TaskStack:
    """Where the battle steps live in the state: ``State.tasks``, the next one first (``app.core.flow.Stack``)."""

    def stack(self, state: State) -> tuple[Task, ...]:
        """The battle steps still to resolve."""
        return state.tasks

    def with_stack(self, state: State, steps: tuple[Task, ...]) -> State:
        """``state`` with ``steps`` to resolve."""
        return replace(state, tasks=steps)


TASKS = TaskStack()


@dataclass(frozen=True)
class Turn:
    """The turn in progress (CCA-TURN-1).

    Attributes:
        card: Card played (its id), after Counter Attack resolved to the copied card.
        played: The card actually taken from the hand.
        ordered: Ids of ordered units and leaders.
        detached: Leaders ordered on their own (CCA-ORDER-4).
        moved: (id, hexes moved) for every piece that moved.
        battled: Units that have battled this turn.
        bonus_used: Units that made their bonus close combat (CCA-BONUS-3).
        charged: Warriors that moved 2 hexes and must close combat (CCA-WAR-3).
        combat: The close combat being resolved: (attacker id, defender id, bonus flag as "1"/"").
        rolled: Dice bonuses won by cards (CCA-DICECOUNT-1 step d).
    """

    card: str | None = None
    played: str | None = None
    ordered: tuple[str, ...] = ()
    detached: tuple[str, ...] = ()
    moved: tuple[tuple[str, int], ...] = ()
    battled: tuple[str, ...] = ()
    bonus_used: tuple[str, ...] = ()
    charged: tuple[str, ...] = ()
    roll_orders: tuple[str, ...] = ()
    quota: tuple[tuple[str, int], ...] = ()
    mode: str = ""
    outside: tuple[str, ...] = ()

    def moved_by(self, piece_id: str) -> int:
        """Hexes ``piece_id`` moved this turn (0 if it did not move)."""
        return next((n for i, n in self.moved if i == piece_id), 0)


@dataclass(frozen=True)
class State:
    """The whole game.

    Attributes:
        runtime: The scenario (board and model); shared, never changes.
        dice: The seeded dice.
        units: Units on the board.
        leaders: Leaders on the board.
        deck: Draw pile, top card last.
        discard: Discard pile.
        hands: Hands of cards, in ``SIDES`` order.
        banners: Victory banners gained, in ``SIDES`` order.
        active: Side whose turn it is.
        phase: Step of the turn.
        turn: The turn in progress.
        tasks: Battle steps still to resolve (first = next).
        turn_number: Turns begun so far.
        winner: The winner once the game is over.
        last_card: Each side's last card played (for Counter Attack), in ``SIDES`` order.
        objectives: Indices of the scenario objectives counting now (CCA-VICTORY-3).
        checked: Leaders that made their casualty check in the battle being resolved (CCA-LEADER-1).
    """

    runtime: Runtime = field(compare=False, repr=False)
    dice: Dice
    units: tuple[Unit, ...]
    leaders: tuple[Leader, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    banners: tuple[int, int]
    active: str
    phase: Phase
    turn: Turn = Turn()
    tasks: tuple[Task, ...] = ()
    turn_number: int = 0
    winner: str | None = None
    last_card: tuple[str, str] = ("", "")
    objectives: tuple[int, ...] = ()
    checked: tuple[str, ...] = ()

    # --- lookups ------------------------------------------------------------------------------------
    def unit(self, unit_id: str) -> Unit | None:
        """The unit with ``unit_id`` if it is on the board."""
        return next((u for u in self.units if u.id == unit_id), None)

    def leader(self, leader_id: str) -> Leader | None:
        """The leader with ``leader_id`` if on the board."""
        return next((x for x in self.leaders if x.id == leader_id), None)

    def leader_name(self, leader: Leader) -> Text:
        """A leader's display name in the reader's language (:attr:`Runtime.leader_names`); the name kept in the
        state for a leader the scenario does not place (a state built by hand)."""
        named = self.runtime.leader_names.get(leader.id)
        return named if named is not None else localized(leader.name)

    def unit_at(self, h: Hex) -> Unit | None:
        """The unit in hex ``h``."""
        return next((u for u in self.units if u.hex == h), None)

    def leader_at(self, h: Hex) -> Leader | None:
        """The leader in hex ``h``."""
        return next((x for x in self.leaders if x.hex == h), None)

    def attached_leader(self, unit: Unit) -> Leader | None:
        """The leader attached to ``unit`` (CCA-ORDER-3)."""
        found = self.leader_at(unit.hex)
        return found if found is not None and found.side == unit.side else None

    def hand(self, side: str) -> tuple[str, ...]:
        """A side's hand."""
        return self.hands[SIDES.index(side)]

    def total_banners(self, side: str) -> int:
        """Banners of ``side``: units and leaders eliminated, units exited, plus objectives held (CCA-VICTORY-1,
        CCA-VICTORY-2, CCA-VICTORY-3)."""
        held = self.runtime.model.objectives
        extra = sum(held[i].banners for i in self.objectives if held[i].side == side)
        return self.banners[SIDES.index(side)] + extra

    def command(self, side: str) -> int:
        """A side's Command (hand size, CCA-CARD-3)."""
        return self.runtime.model.army(side).command

    # --- updates ------------------------------------------------------------------------------------
    def with_unit(self, unit: Unit) -> State:
        """Replace the unit with the same id."""
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def with_leader(self, leader: Leader) -> State:
        """Replace the leader with the same id."""
        return replace(self, leaders=tuple(leader if x.id == leader.id else x for x in self.leaders))

    def without(self, piece_id: str) -> State:
        """Remove a unit or leader from the board."""
        return replace(
            self,
            units=tuple(u for u in self.units if u.id != piece_id),
            leaders=tuple(x for x in self.leaders if x.id != piece_id),
        )

    def with_hand(self, side: str, hand: tuple[str, ...]) -> State:
        """Replace a side's hand."""
        hands = list(self.hands)
        hands[SIDES.index(side)] = hand
        return replace(self, hands=(hands[0], hands[1]))

    def add_banner(self, side: str, count: int = 1) -> State:
        """Give ``side`` victory banners (one per unit or leader eliminated, CCA-VICTORY-2)."""
        banners = list(self.banners)
        banners[SIDES.index(side)] += count
        return replace(self, banners=(banners[0], banners[1]))

    def with_turn(self, **changes: object) -> State:
        """Update the turn record."""
        return replace(self, turn=replace(self.turn, **changes))  # type: ignore[arg-type]
