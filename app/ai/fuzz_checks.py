"""What the fuzzer checks at every step besides the rules: views, descriptions and bots (issue 16 item 5).

A random game proves more than "the rules do not crash": at each step every side's ``view`` is built and every
``Text`` in it rendered in each language, every legal command is ``describe``d (and its texts rendered), and a
system that declares :class:`app.core.capabilities.HasBot` lets its bot choose a share of the moves.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from app.ai.agent import Agent, Budget
from app.core.capabilities import HasBot, capability
from app.core.i18n import LANGUAGES, Text
from app.core.messages import Command
from app.core.session import Session
from app.core.system import GameSystem

BOT_SECONDS = 0.05  # the budget of one bot move while fuzzing: bots are checked for legality, not strength
SNAKE_CASE = re.compile(r"(?<![\w.:/-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.:/-])")  # patrol_farm_b1, rear_los
LATIN_WORD = re.compile(r"(?<![A-Za-z0-9_.:/-])[a-z]{3,}(?![A-Za-z0-9_.:/-])")  # "sas", "operator" in a Chinese text


def render_all(value: Any, langs: Sequence[str] = LANGUAGES) -> int:
    """Render every :class:`Text` reachable from ``value`` in each of ``langs``; returns how many were rendered.

    Walks dataclasses, mappings and sequences (other objects, pydantic models such as boards included, are
    leaves), so a view or a command description with a broken template raises here. A view holds thousands of
    parts, so what each type of part is (a Text, a container, a leaf) is worked out once per type.
    """
    seen: set[int] = set()
    stack: list[Any] = [value]
    count = 0
    kinds, leaf, text = _KINDS, _LEAF, _TEXT  # locals: the loop runs tens of thousands of times per view
    while stack:
        item = stack.pop()
        kind = kinds.get(type(item)) or _kind(item)
        if kind is leaf or id(item) in seen:
            continue  # a Text shared by many pieces (a class's short name) is rendered once
        seen.add(id(item))
        if kind is text:
            for lang in langs:
                item.render(lang)
            count += 1
        else:
            stack.extend(_children(item, kind))
    return count


_LEAF: tuple[str, ...] = ("leaf",)
_TEXT: tuple[str, ...] = ("text",)
_MAPPING: tuple[str, ...] = ("mapping",)
_SEQUENCE: tuple[str, ...] = ("sequence",)
_KINDS: dict[type, tuple[str, ...]] = {}
"""What each type met in a walk is: a leaf, a Text, a mapping, a sequence, or a dataclass (its field names)."""


def _kind(item: Any) -> tuple[str, ...]:
    """Classify ``item``'s type for :func:`render_all` (the answer depends on the type alone)."""
    kind: tuple[str, ...]
    if isinstance(item, (str, bytes)):
        kind = _LEAF
    elif isinstance(item, Text):
        kind = _TEXT
    elif dataclasses.is_dataclass(item) and not isinstance(item, type):
        kind = tuple(f.name for f in dataclasses.fields(item))
    elif isinstance(item, Mapping):
        kind = _MAPPING
    elif isinstance(item, (list, tuple, set, frozenset)):
        kind = _SEQUENCE
    else:
        kind = _LEAF
    _KINDS[type(item)] = kind
    return kind


def _children(item: Any, kind: tuple[str, ...] | None = None) -> list[Any]:
    """The parts of a container the walk descends into (none for a leaf); ``kind``: :func:`_kind` of ``item``."""
    kind = kind or _KINDS.get(type(item)) or _kind(item)
    if kind is _LEAF or kind is _TEXT:
        return []
    if kind is _MAPPING:
        return [v for pair in item.items() for v in pair]
    if kind is _SEQUENCE:
        return list(item)
    return [getattr(item, name) for name in kind]


def check_views(session: Session) -> None:
    """Build every side's view (and the neutral one) and render all its texts in every language."""
    for side in (*session.system.info.sides, None):
        render_all(session.view(side))


def check_descriptions(session: Session, commands: Sequence[Command]) -> None:
    """Describe every legal command and render all its texts in every language."""
    for command in commands:
        render_all(session.describe(command))


class BotSeats:
    """The system's bots, one per side, created on first use (none when the system has no ``HasBot``)."""

    def __init__(self, system: GameSystem) -> None:
        self._bot: HasBot[Agent] | None = capability(system, HasBot)
        self._agents: dict[str, Agent | None] = {}

    def agent(self, side: str | None) -> Agent | None:
        """The bot playing ``side``, or None when there is none."""
        if self._bot is None or side is None:
            return None
        if side not in self._agents:
            self._agents[side] = self._bot.make_agent(side)
        return self._agents[side]

    def choose(self, session: Session, commands: Sequence[Command], share: float, rng: random.Random) -> Command | None:
        """The bot's command for this move (a ``share`` of the moves), or None to leave the move to chance.

        Raises:
            ValueError: The bot chose a command that is not legal.
        """
        if share <= 0 or rng.random() >= share:
            return None
        side = session.active_side()
        agent = self.agent(side)
        if agent is None or side is None:
            return None
        command = agent.choose(session, side, Budget(BOT_SECONDS)).command
        if command not in commands:
            raise ValueError(f"the bot for {side!r} chose an illegal command: {command!r}")
        return command


def id_like_tokens(text: str, lang: str) -> list[str]:
    """The tokens of a text shown to a player that look like internal ids or enum values.

    In every language a ``snake_case`` word (``patrol_farm_b1``) is one; in Chinese also any lower-case Latin word
    of three letters or more (``sas``, ``operator``): names and abbreviations a player reads are capitalised ("Jock
    Lewes", "SMG"), ids and enum values are not.
    """
    found = SNAKE_CASE.findall(text)
    if lang != "en":
        found += LATIN_WORD.findall(text)
    return found


def shown_texts(value: Any, lang: str) -> Iterator[str]:
    """Every text a player may see in ``value`` (a view, a description, events), rendered in ``lang``: each
    :class:`Text`, and the plain strings a counter prints or its inspector lists (its label and detail values)."""
    seen: set[int] = set()
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Text):
            yield item.render(lang)
        elif id(item) not in seen and not isinstance(item, (str, bytes)):
            seen.add(id(item))
            stack.extend(_children(item))
            yield from _printed_strings(item)


def _printed_strings(item: Any) -> list[str]:
    """The plain strings a piece shows: its label and the values of its inspector rows."""
    out: list[str] = []
    label = getattr(item, "label", None) if dataclasses.is_dataclass(item) else None
    if isinstance(label, str):
        out.append(label)
    details = getattr(item, "details", ()) if dataclasses.is_dataclass(item) else ()
    out += [
        value
        for row in details
        if isinstance(row, tuple) and len(row) == 2
        for value in row[1:]
        if isinstance(value, str)
    ]
    return out


def words_problems(value: Any, langs: Sequence[str] = LANGUAGES) -> list[str]:
    """Id-like tokens in the texts of ``value``, each as "lang: token in «text»" (none: every word is a word)."""
    problems = []
    for lang in langs:
        for text in shown_texts(value, lang):
            problems += [f"{lang}: {token!r} in «{text[:160]}»" for token in id_like_tokens(text, lang)]
    return problems
