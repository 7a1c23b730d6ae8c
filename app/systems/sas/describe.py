"""How to present SAS commands in the UI (labels, groups, costs, hints with rule IDs).

Rulebook chapter: §7.2 action table (SAS-ACT-1: the AP cost shown with each action).
"""

from __future__ import annotations

from app.core.i18n import t
from app.core.messages import Command
from app.core.view import CommandInfo
from app.systems.sas.messages import ACTION_LABELS
from app.systems.sas.state import SasState


def describe_command(state: SasState, command: Command) -> CommandInfo:
    """Label, group, actor, target and cost of a command."""
    kind = command.kind
    op = getattr(command, "operator", None)
    target = getattr(command, "to", None) or getattr(command, "move_to", None)
    path = getattr(command, "path", None)
    if path:
        target = path[-1]
    label = ACTION_LABELS.get(kind, kind)
    where = state.rt.label(target) if target is not None else ""
    extra = getattr(command, "target", "") or getattr(command, "weapon", "")
    text = t("{action} {what} {where}", action=label, what=str(extra), where=where)
    ap = {"attack": 1, "move": 1, "sprint": 2, "climb": 2, "crouch": 1, "aim": 1, "place": 1, "recover": 3}.get(kind)
    group = "phase" if kind in ("end_activation", "end_phase", "axis_step", "activate") else kind
    return CommandInfo(text, group, op, target, f"{ap} AP" if ap is not None else "")
