"""Errors raised by the engine core."""

from __future__ import annotations

from app.core.i18n import Text


class IllegalCommandError(Exception):
    """A command the rules do not allow now; says why and which rule forbids it."""

    def __init__(self, reason: Text, rule_id: str = ""):
        super().__init__(f"{reason} [{rule_id}]" if rule_id else str(reason))
        self.reason = reason
        self.rule_id = rule_id


class SaveError(Exception):
    """A save file that cannot be loaded or whose replay does not match its digest.

    Attributes:
        partial: When replay went wrong part-way (a refused command, a digest mismatch), the game at the last
            command that applied, so the player can be offered to open it there; otherwise ``None``.
    """

    def __init__(self, message: str, partial: object | None = None):
        super().__init__(message)
        self.partial = partial
