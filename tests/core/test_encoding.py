"""The one state encoder (app.core.encoding): canonical JSON of any dataclass state."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from app.core.dice import Dice
from app.core.encoding import encode_state, to_json


@dataclass(frozen=True)
class Piece:
    id: str
    at: tuple[int, int]


@dataclass(frozen=True)
class Toy:
    runtime: Any = field(compare=False)
    dice: Dice
    pieces: tuple[Piece, ...]
    seen: frozenset[tuple[int, int]]
    score: dict[int, str]


def toy() -> Toy:
    return Toy(object(), Dice(seed=7, index=3), (Piece("a", (1, 2)),), frozenset({(2, 1), (1, 1)}), {1: "x"})


def test_to_json_makes_plain_canonical_json() -> None:
    """Dataclasses become dicts, tuples lists, sets sorted lists, dict keys strings, models their JSON dump."""
    assert to_json((Piece("a", (1, 2)), {3: frozenset({"b", "a"})})) == [{"id": "a", "at": [1, 2]}, {"3": ["a", "b"]}]
    assert to_json(Dice(seed=1)) == {"seed": 1, "index": 0}


def test_encode_state_skips_static_fields_and_takes_special_encodings() -> None:
    """The runtime is left out; a field may be encoded the system's own way (SAS keeps its dice as a pair)."""
    plain = encode_state(toy(), skip=("runtime",))
    assert plain == {
        "dice": {"seed": 7, "index": 3},
        "pieces": [{"id": "a", "at": [1, 2]}],
        "seen": [[1, 1], [2, 1]],
        "score": {"1": "x"},
    }
    paired = encode_state(toy(), skip=("runtime",), special={"dice": lambda d: [d.seed, d.index]})
    assert paired["dice"] == [7, 3]
    json.dumps(paired)  # plain JSON throughout
