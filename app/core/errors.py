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
    """A save file that cannot be loaded or whose replay does not match its digest."""
