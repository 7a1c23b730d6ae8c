"""Shortest paths over weighted graphs (DESIGN §5: one small Dijkstra, no networkx).

:func:`search` is the one shortest-path search of the engine: any hashable nodes, any step costs (an ``edges``
function yields each step with its cost and a label such as a move's name), an optional cost limit and goal. The
square and hex boards use it through :func:`costs_from`, :func:`shortest_path` and :func:`all_shortest_paths` with a
rules-supplied step cost; a system searches its own graph (vehicle poses, say) with it directly.

Ordering is deterministic: ties are broken by discovery order, which follows the order ``edges`` yields.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from app.geometry.topology import Loc, Topology

N = TypeVar("N", bound=Hashable)
L = TypeVar("L")

CostFn = Callable[[Loc, Loc], float | None]
"""Cost of stepping from ``a`` to its neighbour ``b``; ``None`` means the step is impossible."""

TIE_TOLERANCE = 1e-9


@dataclass
class Search(Generic[N, L]):
    """What one :func:`search` found.

    Attributes:
        start: The node the search began at.
        cost: The cheapest cost found to each node reached, in the order the nodes were first reached.
        back: For each node but the start, the step that first reached it at that cost: (previous node, label).
        lowered: For each node, when its cost was last lowered (a counter over the whole search): of two nodes at
            the same cost, the smaller was reached first.
        ties: With ``all_ties``, every previous node on a tied cheapest way (``back``'s first).
        found: The first goal node taken off the queue, if any.
    """

    start: N
    cost: dict[N, float]
    back: dict[N, tuple[N, L]] = field(default_factory=dict)
    lowered: dict[N, int] = field(default_factory=dict)
    ties: dict[N, list[N]] = field(default_factory=dict)
    found: N | None = None

    def nodes_to(self, node: N) -> list[N]:
        """The nodes of the cheapest way from the start to ``node`` (both included), along ``back``."""
        out = [node]
        while out[-1] != self.start:
            out.append(self.back[out[-1]][0])
        return out[::-1]

    def labels_to(self, node: N) -> tuple[L, ...]:
        """The labels of the steps of the cheapest way from the start to ``node``, along ``back``."""
        out: list[L] = []
        while node != self.start:
            node, label = self.back[node]
            out.append(label)
        return tuple(reversed(out))


def search(
    start: N,
    edges: Callable[[N], Iterable[tuple[N, float, L]]],
    *,
    max_cost: float | None = None,
    goal: Callable[[N], bool] | None = None,
    all_ties: bool = False,
    zero: float = 0,
) -> Search[N, L]:
    """Dijkstra from ``start``: the cheapest cost to every node reachable within ``max_cost``.

    Args:
        start: First node (cost 0).
        edges: The steps out of a node: (next node, cost ≥ 0, label).
        max_cost: Nodes costing more than this are left out.
        goal: Stop at the first node taken off the queue that meets it (``Search.found``); with ``all_ties`` the
            search goes on until every tied cheapest way to it is known.
        all_ties: Keep every predecessor on a tied cheapest way (``Search.ties``).
        zero: The start's cost (``0`` keeps integer costs integers; ``0.0`` makes every cost a float).

    Returns:
        What was found.

    Raises:
        ValueError: A step has a negative cost.
    """
    frontier = _Frontier(Search[N, L](start, {start: zero}, lowered={start: 0}), max_cost, all_ties)
    if all_ties:
        frontier.found.ties[start] = []
    found, heap, done = frontier.found, frontier.heap, set[N]()
    heapq.heappush(heap, (zero, next(frontier.counter), start))
    while heap:
        here_cost, _, here = heapq.heappop(heap)
        if found.found is not None and here_cost > found.cost[found.found] + TIE_TOLERANCE:
            break  # with all_ties: every tied predecessor of the goal is known
        if here in done:
            continue
        done.add(here)
        if goal is not None and found.found is None and goal(here):
            found.found = here
            if not all_ties:
                break
        for there, step, label in edges(here):
            if there not in done:
                frontier.relax(here, here_cost, there, step, label)
    return found


class _Frontier(Generic[N, L]):
    """The queue of one :func:`search` and what it has found so far."""

    def __init__(self, found: Search[N, L], max_cost: float | None, all_ties: bool) -> None:
        self.found, self.max_cost, self.all_ties = found, max_cost, all_ties
        self.heap: list[tuple[float, int, N]] = []
        self.counter = itertools.count()

    def relax(self, here: N, here_cost: float, there: N, step: float, label: L) -> None:
        """Reach ``there`` from ``here`` (already settled at ``here_cost``) by a step costing ``step``."""
        if step < 0:
            raise ValueError(f"negative step cost {step} from {here!r} to {there!r}")
        total = here_cost + step
        if self.max_cost is not None and total > self.max_cost + TIE_TOLERANCE:
            return
        found = self.found
        known = found.cost.get(there)
        if known is None or total < known - TIE_TOLERANCE:
            found.cost[there], found.back[there], found.lowered[there] = total, (here, label), next(self.counter)
            if self.all_ties:
                found.ties[there] = [here]
            heapq.heappush(self.heap, (total, found.lowered[there], there))
        elif self.all_ties and abs(total - known) <= TIE_TOLERANCE:
            found.ties[there].append(here)


def _board_search(
    topo: Topology, start: Loc, cost: CostFn, max_cost: float | None, goal: Loc | None
) -> Search[Loc, None]:
    """A search over a board's locations with a rules-supplied step cost."""

    def edges(here: Loc) -> list[tuple[Loc, float, None]]:
        return [(there, step, None) for there in topo.neighbours(here) if (step := cost(here, there)) is not None]

    stop = None if goal is None else (lambda node: node == goal)
    return search(start, edges, max_cost=max_cost, goal=stop, all_ties=True, zero=0.0)


def costs_from(topo: Topology, start: Loc, cost: CostFn, max_cost: float | None = None) -> dict[Loc, float]:
    """Return the cheapest cost to reach every reachable location from ``start``.

    Args:
        topo: The board.
        start: Starting location (cost 0).
        cost: Step cost function.
        max_cost: Locations costing more than this are left out.

    Returns:
        Cost by location, ``start`` included.
    """
    return _board_search(topo, start, cost, max_cost, None).cost


def shortest_path(topo: Topology, start: Loc, goal: Loc, cost: CostFn) -> list[Loc] | None:
    """Return one cheapest path from ``start`` to ``goal`` (both included), or ``None`` if unreachable."""
    paths = all_shortest_paths(topo, start, goal, cost, limit=1)
    return paths[0] if paths else None


def all_shortest_paths(topo: Topology, start: Loc, goal: Loc, cost: CostFn, limit: int = 64) -> list[list[Loc]]:
    """Return every tied cheapest path from ``start`` to ``goal`` (rules let the player pick between them).

    Args:
        topo: The board.
        start: First location of every path.
        goal: Last location of every path.
        cost: Step cost function.
        limit: At most this many paths are returned.

    Returns:
        Paths in deterministic order; ``[]`` when ``goal`` is unreachable.
    """
    result = _board_search(topo, start, cost, None, goal)
    best, preds = result.cost, result.ties
    if goal not in best or limit <= 0:
        return []
    found: list[list[Loc]] = []
    # Walk predecessors back from the goal; each stack entry is a reversed partial path.
    stack: list[list[Loc]] = [[goal]]
    while stack and len(found) < limit:
        partial = stack.pop()
        tail = partial[-1]
        if tail == start:
            found.append(partial[::-1])
            continue
        for before in reversed(preds[tail]):
            if before not in partial:  # zero-cost steps could otherwise loop
                stack.append([*partial, before])
    return found
