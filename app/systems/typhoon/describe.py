"""How each legal command is presented: label, actors, target, path, cost and odds (DESIGN §3a)."""

from __future__ import annotations

from fractions import Fraction

import app.systems.typhoon.messages as m
from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.core.view import CommandInfo
from app.systems.typhoon.losses import name
from app.systems.typhoon.movement import Route
from app.systems.typhoon.odds import odds
from app.systems.typhoon.paths import chosen_route
from app.systems.typhoon.position import Recall
from app.systems.typhoon.retreat import FAR, distance
from app.systems.typhoon.state import State


def _hex(state: State, h: tuple[int, int] | None) -> str:
    return state.runtime.label(h)


def describe(state: State, command: Command) -> CommandInfo:  # noqa: C901, PLR0912 - one branch per kind
    """The CommandInfo of a command."""
    if isinstance(command, m.SelectCard):
        card = state.runtime.card_name(command.card)
        if command.hold:
            return CommandInfo(
                t("Keep {card} in hand", card=card), "select", hint=t("Guderian can interrupt a draw [TY-GUD-1]")
            )
        return CommandInfo(t("Put {card} in the cup", card=card), "select", group_title=t("Choose cards"))
    if isinstance(command, m.DrawCard):
        return CommandInfo(t("Draw a card from the cup"), "draw", hint=t("The owner of the card acts [TY-EXE-2]"))
    if isinstance(command, m.PlayGuderian):
        return CommandInfo(t("Play Guderian"), "guderian", hint=t("Activates 2nd Panzer Army [TY-GUD-4]"))
    if isinstance(command, m.DeclineGuderian):
        return CommandInfo(t("Keep Guderian in hand"), "guderian")
    if isinstance(command, m.MoveUnit):
        return _move(state, command)
    if isinstance(command, m.EndMovement):
        return CommandInfo(t("End movement"), "phase", group_title=t("Phase"))
    if isinstance(command, m.DeclareAttack):
        return _declare(state, command)
    if isinstance(command, m.ResolveAttack):
        return CommandInfo(
            t("Resolve the attack on {hex}", hex=_hex(state, command.target)), "resolve", target=command.target
        )
    if isinstance(command, m.EndCombat):
        return CommandInfo(t("End combat"), "phase", group_title=t("Phase"))
    if isinstance(command, m.LoseStep):
        return CommandInfo(t("Step loss: {unit}", unit=name(state, command.unit)), "loss", actor=command.unit)
    if isinstance(command, m.Retreat):
        return _retreat(state, command)
    if isinstance(command, m.Advance):
        label = t("Advance {unit} to {hex}", unit=name(state, command.unit), hex=_hex(state, command.path[-1]))
        return CommandInfo(label, "advance", actor=command.unit, target=command.path[-1], path=command.path)
    if isinstance(command, m.EndAdvance):
        return CommandInfo(t("No (further) advance"), "phase")
    if isinstance(command, m.PlaceUnit):
        label = t("Place {unit} at {hex}", unit=state.runtime.unit_name(command.unit), hex=_hex(state, command.at))
        return CommandInfo(label, "place", actor=command.unit, target=command.at)
    if isinstance(command, m.EndPlacement):
        return CommandInfo(t("Place no more units"), "phase")
    if isinstance(command, m.Withdraw):
        return CommandInfo(t("Withdraw {unit}", unit=name(state, command.unit)), "withdraw", actor=command.unit)
    if isinstance(command, m.EndWithdrawal):
        return CommandInfo(t("Withdraw no more units"), "phase")
    if isinstance(command, m.ActivateUnit):
        return CommandInfo(t("Activate {unit}", unit=name(state, command.unit)), "activate", actor=command.unit)
    if isinstance(command, m.ConvertGuards):
        label = t(
            "Convert {unit} into {guards}",
            unit=name(state, command.unit),
            guards=state.runtime.unit_name(command.guards),
        )
        return CommandInfo(label, "guards", actor=command.unit)
    return CommandInfo(t("Unknown command"), "other")


MOVES: Recall[CommandInfo] = Recall(4096)
"""Move descriptions by command, unit hex and route: the same from one state to the next while they agree."""


def _move(state: State, command: m.MoveUnit) -> CommandInfo:
    path = tuple((int(h[0]), int(h[1])) for h in command.path)
    to = (int(command.to[0]), int(command.to[1]))
    route = chosen_route(state, command.unit, to, command.march, path)
    unit = state.unit(command.unit)
    key = (state.runtime, command, None if unit is None else unit.hex, route)
    return MOVES.get(key, lambda: _move_info(state, command, route))


def _move_info(state: State, command: m.MoveUnit, route: Route | None) -> CommandInfo:
    label = name(state, command.unit)
    where = _hex(state, command.to)
    if command.march:
        text = t("March {unit} to {hex}", unit=label, hex=where)
    else:
        text = t("Move {unit} to {hex}", unit=label, hex=where)
    cost = route.cost if route else ""
    return CommandInfo(
        text,
        "march" if command.march else "move",
        actor=command.unit,
        target=command.to,
        path=route.path if route else (),
        cost=f"{cost} MP" if cost else "",
        costs=(("MP", (route.halves + 1) // 2),) if route else (),
        default=not command.march,
        group_title=t("March") if command.march else t("Move"),
    )


def _retreat(state: State, command: m.Retreat) -> CommandInfo:
    """A retreat hex, with how far it is from a friendly source (TY-RET-8)."""
    label = t("Retreat {unit} to {hex}", unit=name(state, command.unit), hex=_hex(state, command.to))
    unit = state.unit(command.unit)
    far = distance(state, unit.side, command.to) if unit is not None else FAR
    hint = t("{n} hexes from a friendly supply source [TY-RET-8]", n=far) if far < FAR - 1 else None
    return CommandInfo(label, "retreat", actor=command.unit, target=command.to, default=True, hint=hint)


def distribution_text(dist: dict[str, Fraction]) -> Text:
    """ "A1 1/3, - 1/3, R 1/3" as a text."""
    text = ", ".join(f"{code} {p.numerator}/{p.denominator}" for code, p in dist.items())
    return localized(text, text)


def _declare(state: State, command: m.DeclareAttack) -> CommandInfo:
    found = odds(state, command.units, command.target)
    dist = found.distribution()
    success = sum((p for code, p in dist.items() if code not in ("A1", "A2", "-")), Fraction(0))
    shifts = ", ".join(f"{s.value:+d} {s.rule_id}" for s in found.shifts if s.value)
    hint = t(
        "{a}-{d} → {column} (shifts: {shifts}); results: {results}",
        a=found.attack,
        d=found.defence,
        column=found.label,
        shifts=shifts or "0",
        results=distribution_text(dist),
    )
    label = t("Attack {hex} at {odds}", hex=_hex(state, command.target), odds=found.label)
    return CommandInfo(
        label,
        "attack",
        actor=command.units[0],
        actors=command.units,
        target=command.target,
        hint=hint,
        odds=float(success),
        group_title=t("Attack"),
    )
