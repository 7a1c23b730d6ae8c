"""Presenting commands: labels, actor, target and the exact odds of a battle before it is rolled (CCA-DICE-1).

The odds come from :func:`battledice.distribution` over the die faces in ``data/dice.json``.
"""

from __future__ import annotations

import app.systems.cca.messages as m
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.view import CommandInfo
from app.systems.cca.battledice import Strike, distribution
from app.systems.cca.close import attack_dice, strike_for
from app.systems.cca.combat import refresh_warriors
from app.systems.cca.ranged import fire_dice
from app.systems.cca.state import Hex, State
from app.systems.cca.tables import cards
from app.systems.cca.view import piece_name


def odds(state: State, unit_id: str, target: Hex) -> tuple[int, tuple[float, ...], float]:
    """(dice, P(k hits) for k = 0.., P(at least one flag)) for a declared battle.

    Warriors that lost a block lose their advantages as the battle is declared (CCA-WAR-2), so the odds
    are computed on that state.
    """
    unit = state.unit(unit_id)
    assert unit is not None
    state = refresh_warriors(state, unit, state.unit_at(target))
    unit = state.unit(unit_id)
    assert unit is not None
    defender = state.unit_at(target)
    victim = defender if defender is not None else state.leader_at(target)
    assert victim is not None
    if target in state.runtime.grid.neighbours(unit.hex):
        count = attack_dice(state, unit, victim).count
        strike = strike_for(state, unit, victim)
    else:
        count = fire_dice(state, unit, target).count
        strike = Strike("ranged", None if defender is None else defender.spec.hit_face)
    hits, flag = distribution(count, strike)
    return count, hits, flag


def _odds_text(count: int, hits: tuple[float, ...], flag: float, rule: str) -> Text:
    parts = ", ".join(f"{k}: {p * 100:.1f}%" for k, p in enumerate(hits) if p >= 0.0005)
    return t(
        "{n} dice. Hits {dist}; at least one flag {flag}%. [{rule}]",
        n=count,
        dist=parts,
        flag=f"{flag * 100:.1f}",
        rule=rule,
    )


def _move_label(state: State, command: m.Move | m.ExtraMove | m.Evade | m.Retreat) -> Text:
    piece = piece_name(state, command.piece if isinstance(command, m.Move) else command.unit)
    where = state.runtime.grid.label(command.to)
    if isinstance(command, m.Move):
        return t("Move {piece} to {hex}", piece=piece, hex=where)
    if isinstance(command, m.ExtraMove):
        return t("{piece} moves 1 more hex to {hex}", piece=piece, hex=where)
    if isinstance(command, m.Evade):
        return t("{piece} evades to {hex}", piece=piece, hex=where)
    return t("{piece} retreats to {hex}", piece=piece, hex=where)


def _ignore_label(state: State, command: m.IgnoreFlags) -> Text:
    if command.flags == 0:
        return t("Ignore no flag")
    return t("Ignore {n} flag(s)", n=command.flags)


def _target_name(state: State, target: Hex) -> Text:
    found = state.unit_at(target) or state.leader_at(target)
    return piece_name(state, found.id) if found is not None else Text(msg=state.runtime.grid.label(target))


def _battle(state: State, command: m.Battle) -> CommandInfo:
    """A battle with its exact odds: the hit distribution in the hint, the chance of a hit as data, citing how the
    dice score: close combat (CCA-HIT-1) or fire (CCA-RANGED-8)."""
    count, hits, flag = odds(state, command.unit, command.target)
    unit = state.unit(command.unit)
    close = unit is not None and command.target in state.runtime.grid.neighbours(unit.hex)
    label = t(
        "{unit} battles {target}", unit=piece_name(state, command.unit), target=_target_name(state, command.target)
    )
    return CommandInfo(
        label,
        "battle",
        actor=command.unit,
        target=command.target,
        hint=_odds_text(count, hits, flag, "CCA-HIT-1" if close else "CCA-RANGED-8"),
        odds=1.0 - hits[0],
        group_title=t("Battle"),
    )


def describe(state: State, command: Command) -> CommandInfo:
    """How the UI shows ``command`` (pieces by class and hex or leader name, never raw ids, D15)."""
    label = state.runtime.grid.label
    if isinstance(command, m.PlayCard):
        return CommandInfo(t("Play {card}", card=cards()[command.card].name), "card")
    if isinstance(command, m.OrderUnit):
        piece = state.unit(command.piece) or state.leader(command.piece)
        where = getattr(piece, "hex", None)
        name = piece_name(state, command.piece)
        return CommandInfo(
            t("Order {piece}", piece=name), "order", actor=command.piece, target=where, group_title=t("Order")
        )
    if isinstance(command, m.Move | m.ExtraMove | m.Evade | m.Retreat):
        actor = command.piece if isinstance(command, m.Move) else command.unit
        return CommandInfo(_move_label(state, command), "move", actor=actor, target=command.to, group_title=t("Move"))
    if isinstance(command, m.ExitBoard):
        name = piece_name(state, command.piece)
        return CommandInfo(t("{piece} leaves the battlefield", piece=name), "move", actor=command.piece)
    if isinstance(command, m.Battle):
        return _battle(state, command)
    if isinstance(command, m.LeaderEvade):
        end = t("off the board") if command.off_board else t("to {hex}", hex=label(command.path[-1]))
        target = command.path[-1] if command.path else None
        leader = state.leader(command.leader)
        return CommandInfo(
            t("Leader {leader} evades {end}", leader=state.leader_name(leader) if leader else command.leader, end=end),
            "move",
            actor=command.leader,
            target=target,
            path=tuple(command.path),
            group_title=t("Move"),
        )
    if isinstance(command, m.IgnoreFlags):
        return CommandInfo(_ignore_label(state, command), "phase", actor=command.unit)
    who: str | None = getattr(command, "unit", None)
    return CommandInfo(t(command.kind.replace("_", " ").capitalize()), "phase", actor=who)
