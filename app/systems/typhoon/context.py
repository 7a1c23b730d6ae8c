"""What resolving one command collects: the dice it rolls and the events it reports."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.core.dice import Roller
from app.core.i18n import Text
from app.core.messages import Event
from app.core.ruling import Ruling
from app.systems.typhoon.messages import Happened


@dataclass
class Ctx:
    """The roller of the command being applied and the events it has produced so far."""

    roller: Roller
    events: list[Event] = field(default_factory=list)

    def say(self, text: Text, rule_id: str = "", instruction: Text | None = None, ruling: Ruling | None = None) -> None:
        """Report something that happened."""
        self.events.append(Happened(text=text, rule_id=rule_id, instruction=instruction, ruling=ruling))
