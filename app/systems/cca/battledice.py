"""Battle dice and scoring hits (rulebook chapters 1 "Battle dice", 9–10 "Score hits").

Rule IDs: CCA-DICE-1, CCA-DICE-2, CCA-DICE-3 (faces), CCA-HIT-1, CCA-HIT-2, CCA-HIT-3, CCA-HIT-4, CCA-HIT-5, CCA-HIT-6,
CCA-HIT-7, CCA-HIT-8 (what each symbol does), CCA-ELEPHANT-3 (sword chain), CCA-RANGED-8, CCA-EVADE-5, CCA-RAMPAGE-2.
The faces come from ``data/dice.json``; nothing here knows which d6 value shows which symbol except through that table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from app.core.dice import Roller
from app.core.i18n import Text, t
from app.core.ruling import DieResult
from app.systems.cca.tables import face_name, face_names, faces

Mode = Literal["ranged", "close", "evade", "rampage", "leader"]
CHAIN_LIMIT = 24  # safety bound on elephant re-rolls (the chance of reaching it is below 1e-12)


def face_of(value: int) -> str:
    """The symbol id a d6 ``value`` shows (CCA-DICE-1)."""
    return faces()[value - 1].id


@dataclass(frozen=True)
class Strike:
    """How one roll scores against its target (Table E).

    Attributes:
        mode: Kind of roll.
        target_face: Symbol that hits the target's class; ``None`` when the target is a lone leader.
        swords_hit: Swords score hits (close combat, CCA-HIT-2).
        helmets_hit: Helmets score hits (friendly leader attached/adjacent, not an elephant, CCA-HIT-1).
        ignore_swords: Sword hits the target ignores (chariots 1, elephants all, rampart/camp 1).
        ignore_colour: Matching-symbol hits the target ignores (camel/elephant vs cavalry, CCA-HIT-3).
        chain: Each sword rolled adds a die (elephant, CCA-ELEPHANT-3).
        chain_ignored: Swords the target ignores still add their die (Q5 flag).
    """

    mode: Mode
    target_face: str | None
    swords_hit: bool = False
    helmets_hit: bool = False
    ignore_swords: int = 0
    ignore_colour: int = 0
    chain: bool = False
    chain_ignored: bool = True


@dataclass(frozen=True)
class Score:
    """The scored roll: hits and flags after the target's ignores, and each die's verdict."""

    hits: int
    flags: int
    dice: tuple[DieResult, ...]
    notes: tuple[Text, ...]


def roll(roller: Roller, count: int, strike: Strike, purpose: Text) -> tuple[int, ...]:
    """Roll ``count`` dice; an elephant keeps adding one die per sword (CCA-ELEPHANT-3)."""
    values = list(roller.roll(count, purpose, faces=face_names())) if count > 0 else []
    if strike.chain and strike.mode == "close":
        free = 0 if strike.chain_ignored else strike.ignore_swords  # Q5 switch: ignored swords add no die
        pending, free = _chained(values, free)
        while pending and len(values) < CHAIN_LIMIT:
            extra = roller.roll(pending, t("elephant sword re-roll"), faces=face_names())
            values.extend(extra)
            pending, free = _chained(extra, free)
    return tuple(values)


def _chained(values: Sequence[int], free: int) -> tuple[int, int]:
    """(extra dice earned by the swords in ``values``, swords still to pass over without a die)."""
    swords = sum(1 for v in values if face_of(v) == "swords")
    return max(0, swords - free), max(0, free - swords)


def _raw_hit(face: str, strike: Strike) -> bool:
    if strike.target_face is None:  # lone leader: only helmets (CCA-LEADER-6)
        return face == "leader"
    if face == strike.target_face:
        return True
    if strike.mode != "close":  # ranged, evade, rampage: symbols only (CCA-RANGED-8, CCA-EVADE-5)
        return False
    return (face == "swords" and strike.swords_hit) or (face == "leader" and strike.helmets_hit)


def score(values: Sequence[int], strike: Strike) -> Score:
    """Score a roll (CCA-HIT-8 order: count hits, then the target's ignores)."""
    marks = [_raw_hit(face_of(v), strike) for v in values]
    notes: list[Text] = []
    for face, budget, rule in (
        ("swords", strike.ignore_swords, "CCA-HIT-3"),
        (strike.target_face, strike.ignore_colour, "CCA-HIT-3"),
    ):
        ignored = 0
        for i, v in enumerate(values):
            if ignored < budget and marks[i] and face_of(v) == face:
                marks[i] = False
                ignored += 1
        if ignored:
            notes.append(
                t("{n} {face} hit(s) ignored [{rule}]", n=ignored, face=face_name(face) if face else "", rule=rule)
            )
    flag_counts = strike.mode in ("ranged", "close")
    flags = sum(1 for v in values if face_of(v) == "flag") if flag_counts else 0
    dice = tuple(
        DieResult(natural=v, modified=v, success=m, face=face_of(v)) for v, m in zip(values, marks, strict=True)
    )
    return Score(sum(marks), flags, dice, tuple(notes))


@lru_cache(maxsize=4096)
def distribution(count: int, strike: Strike) -> tuple[tuple[float, ...], float]:
    """Exact chances of k hits (k = 0, 1, …) and of at least one flag for ``count`` dice.

    Works over the per-face outcome of each die (faces are equally likely, CCA-DICE-1); elephant sword
    chains are followed until their remaining probability is negligible.
    """
    # state: (colour hits, sword hits, helmet hits, flags>0, dice still to roll) -> probability
    states: dict[tuple[int, int, int, bool, int], float] = {(0, 0, 0, False, count): 1.0}
    done: dict[tuple[int, int, int, bool], float] = {}
    p_face = 1.0 / len(faces())
    while states:
        nxt: dict[tuple[int, int, int, bool, int], float] = {}
        for (c, s, h, f, left), p in states.items():
            if left == 0 or c + s + h > CHAIN_LIMIT:
                key = (c, s, h, f)
                done[key] = done.get(key, 0.0) + p
                continue
            for fc in faces():
                add = _effects(fc.id, strike)
                extra = int(fc.id == "swords" and _adds_die(s, strike))
                k = (c + add[0], s + add[1], h + add[2], f or add[3], left - 1 + extra)
                nxt[k] = nxt.get(k, 0.0) + p * p_face
        states = nxt
    hits: dict[int, float] = {}
    flag = 0.0
    for (c, s, h, f), p in done.items():
        n = max(0, c - strike.ignore_colour) + max(0, s - strike.ignore_swords) + h
        hits[n] = hits.get(n, 0.0) + p
        flag += p if f else 0.0
    top = max(hits) if hits else 0
    return tuple(hits.get(k, 0.0) for k in range(top + 1)), flag


def _adds_die(swords_so_far: int, strike: Strike) -> bool:
    """Whether one more sword earns an elephant its extra die (CCA-ELEPHANT-3, Q5)."""
    if not (strike.chain and strike.mode == "close"):
        return False
    return strike.chain_ignored or swords_so_far >= strike.ignore_swords


def _effects(face: str, strike: Strike) -> tuple[int, int, int, bool]:
    """(colour hit, sword hit, helmet hit, flag) for one face."""
    hit = _raw_hit(face, strike)
    flag = face == "flag" and strike.mode in ("ranged", "close")
    if face == "swords" and strike.target_face != "swords":
        return (0, int(hit), 0, flag)
    if face == "leader" and strike.target_face is not None:
        return (0, 0, int(hit), flag)
    return (int(hit), 0, 0, flag)
