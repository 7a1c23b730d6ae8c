"""Shortest paths over any Topology with a rules-supplied step cost (DESIGN §5: a small Dijkstra, no networkx).

Ordering is deterministic: ties are broken by discovery order, which follows ``topo.neighbours`` order.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable

from app.geometry.topology import Loc, Topology

CostFn = Callable[[Loc, Loc], float | None]
"""Cost of stepping from ``a`` to its neighbour ``b``; ``None`` means the step is impossible."""

TIE_TOLERANCE = 1e-9


def _dijkstra(
    topo: Topology, start: Loc, cost: CostFn, max_cost: float | None, goal: Loc | None
) -> tuple[dict[Loc, float], dict[Loc, list[Loc]]]:
    """Return best costs and, for each location, every predecessor on a tied optimal path."""
    best: dict[Loc, float] = {start: 0.0}
    preds: dict[Loc, list[Loc]] = {start: []}
    done: set[Loc] = set()
    counter = itertools.count()
    heap: list[tuple[float, int, Loc]] = [(0.0, next(counter), start)]
    while heap:
        here_cost, _, here = heapq.heappop(heap)
        if goal is not None and goal in done and here_cost > best[goal] + TIE_TOLERANCE:
            break  # every tied predecessor of the goal is known
        if here in done:
            continue
        done.add(here)
        for there in topo.neighbours(here):
            step = cost(here, there)
            if step is None or there in done:
                continue
            if step < 0:
                raise ValueError(f"negative step cost {step} from {here!r} to {there!r}")
            total = here_cost + step
            if max_cost is not None and total > max_cost + TIE_TOLERANCE:
                continue
            known = best.get(there)
            if known is None or total < known - TIE_TOLERANCE:
                best[there], preds[there] = total, [here]
                heapq.heappush(heap, (total, next(counter), there))
            elif abs(total - known) <= TIE_TOLERANCE:
                preds[there].append(here)
    return best, preds


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
    best, _ = _dijkstra(topo, start, cost, max_cost, None)
    return best


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
    best, preds = _dijkstra(topo, start, cost, None, goal)
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
