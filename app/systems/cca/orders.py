"""Command cards and orders (rulebook chapters 5–6): CCA-CARD-1, CCA-CARD-2, CCA-CARD-3, CCA-CARD-4, CCA-ORDER-1,
CCA-ORDER-2, CCA-ORDER-3, CCA-ORDER-4, CCA-ORDER-5, CCA-ORDER-6.

Playing a card sets a *quota* of orders: per section for section cards, per troop type for troop cards,
a leader and his linked units for leadership cards, and the tactic cards' own rules. An order is legal when
every ordered piece can still be matched to a distinct slot of the quota (so a piece on a dotted line can
count for either section, CCA-BOARD-3, CCA-ORDER-1); orders beyond the eligible pieces are lost (CCA-ORDER-2).
"""

from __future__ import annotations

from collections.abc import Iterable

from app.systems.cca.board import sections_of
from app.systems.cca.leaders import lone
from app.systems.cca.state import Leader, State, Unit, other
from app.systems.cca.tables import CardSpec, cards

TROOP_TEST = {
    "light": lambda u: u.spec.colour == "green",
    "medium": lambda u: u.spec.colour == "blue",
    "heavy": lambda u: u.spec.colour == "red",
    "mounted": lambda u: u.spec.mounted,
}


def effective_card(state: State, card_id: str) -> str:
    """Counter Attack becomes the opponent's last card, flanks swapped (CCA-CARD-4, [PUB])."""
    if cards()[card_id].tactic != "counter":
        return card_id
    last = state.last_card[0 if other(state.active) == "bottom" else 1]
    if not last or cards()[last].tactic == "counter":
        return "two_centre"
    mirror = {"left": "right", "right": "left"}
    for cid, spec in cards().items():
        if cards()[last].sections and spec.type == "section":
            swapped = {mirror.get(k, k): v for k, v in cards()[last].sections.items()}
            if spec.sections == swapped:
                return cid
    return last


def enemy_adjacent(state: State, unit: Unit) -> bool:
    """Whether an enemy unit is adjacent to ``unit``."""
    near = set(state.runtime.grid.neighbours(unit.hex))
    return any(u.side != unit.side and u.hex in near for u in state.units)


def quota_for(state: State, card: CardSpec, side: str) -> tuple[tuple[tuple[str, int], ...], str]:
    """The orders a card grants: (slot name, count) pairs and a mode."""
    command = state.command(side)
    units = [u for u in state.units if u.side == side]
    if card.type == "section":
        return tuple(card.sections.items()), "section"
    if card.type == "troop" or card.tactic in ("command_mounted", "command_missile"):
        test = _troop_test(card)
        if any(test(u) for u in units):
            return (("troop", command),), "troop"
        return (("any", 1),), "any"
    if card.type == "leadership":
        return (("leader", 1),), "leadership"
    if card.tactic == "command_any":
        return (("any", command),), "any"
    if card.tactic == "foot_line":
        return (("line", len(units)),), "line"
    return (), card.tactic or ""


def _troop_test(card: CardSpec):  # type: ignore[no-untyped-def]
    if card.tactic == "command_missile":
        return lambda u: u.spec.ranged is not None and not u.spec.war_machine
    if card.tactic == "command_mounted":
        return TROOP_TEST["mounted"]
    return TROOP_TEST[card.troop or "light"]


def auto_orders(state: State, card: CardSpec, side: str) -> tuple[str, ...]:
    """Pieces a tactic card orders by itself (Clash of Shields, Darken the Sky)."""
    units = [u for u in state.units if u.side == side]
    if card.tactic == "engaged":
        return tuple(u.id for u in units if enemy_adjacent(state, u))
    if card.tactic == "missile":
        return tuple(u.id for u in units if u.spec.ranged is not None and not enemy_adjacent(state, u))
    return ()


def slots(state: State, piece: Unit | Leader) -> frozenset[str]:
    """Quota slots ``piece`` may fill under the current card."""
    turn, card = state.turn, cards()[state.turn.card or "two_centre"]
    if isinstance(piece, Leader):
        attached = not lone(state, piece)
        if turn.mode == "leadership":
            in_section = card.leadership in ("any", None) or card.leadership in sections_of(
                state.runtime, piece.hex, piece.side
            )
            return frozenset({"leader"}) if in_section else frozenset()
        if attached and not card.detach:
            return frozenset()  # CCA-ORDER-4, CCA-ORDER-5: only detaching cards order an attached leader alone
        if turn.mode == "section":
            return sections_of(state.runtime, piece.hex, piece.side) & {k for k, _ in turn.quota}
        return frozenset({"troop"}) if card.troop == "mounted" and turn.mode == "troop" else frozenset()
    return _unit_slots(state, card, piece)


def _unit_slots(state: State, card: CardSpec, unit: Unit) -> frozenset[str]:
    mode = state.turn.mode
    if mode == "section":
        return sections_of(state.runtime, unit.hex, unit.side) & {k for k, _ in state.turn.quota}
    if mode == "troop":
        return frozenset({"troop"}) if _troop_test(card)(unit) else frozenset()
    if mode == "any":
        return frozenset({"any"})
    if mode == "line":
        ordered = [state.unit(i) for i in state.turn.ordered]
        near = {h for u in ordered if u is not None for h in state.runtime.grid.neighbours(u.hex)}
        ok = unit.spec.category == "foot" and (not ordered or unit.hex in near)
        return frozenset({"line"}) if ok else frozenset()
    if mode == "roll_order":
        return frozenset({unit.spec.colour, "any"})
    return frozenset()


def feasible(sets: list[frozenset[str]], quota: dict[str, int]) -> bool:
    """Whether each piece can take a distinct slot within the quota (small exact search)."""
    if not sets:
        return True
    first, rest = sets[0], sets[1:]
    for name in sorted(first):
        if quota.get(name, 0) > 0:
            quota[name] -= 1
            ok = feasible(rest, quota)
            quota[name] += 1
            if ok:
                return True
    return False


def quota_dict(state: State) -> dict[str, int]:
    """The quota as a mutable dict (I Am Spartacus: one slot per symbol rolled)."""
    if state.turn.mode == "roll_order":
        found: dict[str, int] = {}
        for symbol in state.turn.roll_orders:
            found[symbol] = found.get(symbol, 0) + 1
        return found
    return dict(state.turn.quota)


def pieces(state: State, side: str) -> Iterable[Unit | Leader]:
    """Every piece of ``side``."""
    yield from (u for u in state.units if u.side == side)
    yield from (x for x in state.leaders if x.side == side)


def may_order(state: State, piece: Unit | Leader) -> bool:
    """Whether ``piece`` may receive an order now (CCA-ORDER-1, CCA-ORDER-2, CCA-ORDER-3, CCA-ORDER-4, CCA-ORDER-5)."""
    if piece.id in state.turn.ordered or piece.side != state.active:
        return False
    mine = slots(state, piece)
    if not mine:
        return False
    others = [
        slots(state, p)
        for p in pieces(state, piece.side)
        if p.id in state.turn.ordered and p.id not in state.turn.outside
    ]
    return feasible([*others, mine], quota_dict(state))


def may_detach(state: State, leader: Leader) -> bool:
    """Whether an ordered leader may move on his own: not while attached under a Leadership card (CCA-ORDER-5);
    he then moves with his unit, which the card orders too (CCA-ORDER-3)."""
    return state.turn.mode != "leadership" or lone(state, leader)


def leader_chain(state: State, leader: Leader) -> tuple[str, ...]:
    """A leader's unit and the friendly units linked to it hex by hex (Leadership cards, [PUB])."""
    friends = {u.hex: u for u in state.units if u.side == leader.side}
    seen, frontier = {leader.hex}, [leader.hex]
    while frontier:
        h = frontier.pop()
        for n in state.runtime.grid.neighbours(h):
            if n in friends and n not in seen:
                seen.add(n)
                frontier.append(n)
    return tuple(friends[h].id for h in sorted(seen) if h in friends)
