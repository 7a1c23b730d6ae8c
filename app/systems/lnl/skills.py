"""Hero skill cards and their effects (LNL-HERO-1).

The quick reference says each hero draws a skill card at random but prints no card; the deck and what each card
does are authored data (``data/tables.json``: ``hero_skills``, ``skill_effects``; docs/lnl-decisions.md). A card
acts where its ``applies`` says: fire, opportunity fire, melee, rally, the hero's own damage checks or his MP.
A Shaken hero's card still counts for his own damage checks and MP, and for nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.core.i18n import Text, t
from app.core.ruling import Modifier
from app.systems.lnl.state import State, Unit
from app.systems.lnl.tables import SkillEffect, tables

SKILLS = {
    "ambush": t("The Ambush"),
    "steady_aim": t("Steady Aim"),
    "inspiring": t("Inspiring"),
    "tough": t("Tough as Nails"),
    "quick": t("Quick"),
    "friendly_fire": t("Friendly Fire"),
}


def skill_name(skill: str) -> Text:
    """A hero skill card's name (data/tables.json ``hero_skills``; unknown ids are shown as they are)."""
    return SKILLS.get(skill, Text(msg=skill))


EFFECTS = {
    "fire": t("{card}: +{n} to his fire group's attack"),
    "opfire": t("{card}: +{n} to his fire group's attack in opportunity fire"),
    "melee": t("{card}: melee {n} column(s) more in his side's favour"),
    "rally": t("{card}: −{n} to the rally rolls of his hex"),
    "damage": t("{card}: −{n} to his own damage checks"),
    "move": t("{card}: +{n} MP"),
}


def skill_text(skill: str) -> Text:
    """A skill card's name and what it does (for the inspector)."""
    card = tables().skill_effects.get(skill)
    if card is None:
        return skill_name(skill)
    return EFFECTS[card.applies].model_copy(update={"args": {"card": skill_name(skill), "n": card.value}})


def effect(state: State, unit: Unit) -> SkillEffect | None:
    """The effect of the unit's skill card, if it is a hero holding one."""
    if state.spec(unit).cls != "hero" or not unit.skill:
        return None
    return tables().skill_effects.get(unit.skill)


def _cards(state: State, units: Iterable[Unit], applies: str, *, good_order: bool = True) -> list[tuple[Unit, int]]:
    found = []
    for unit in units:
        card = effect(state, unit)
        if card is not None and card.applies == applies and not (good_order and unit.shaken):
            found.append((unit, card.value))
    return found


def _modifier(unit: Unit, value: int) -> Modifier:
    return Modifier(value=value, reason=t("hero skill: {card}", card=skill_name(unit.skill)), rule_id="LNL-HERO-1")


def fire_mods(state: State, firers: Iterable[Unit], *, opfire: bool) -> list[Modifier]:
    """+value to the attack of a fire group with a GO hero holding Steady Aim (fire) or The Ambush
    (opportunity fire); the best card counts once."""
    cards = _cards(state, firers, "opfire" if opfire else "fire")
    if not cards:
        return []
    hero, value = max(cards, key=lambda c: (c[1], c[0].id))
    return [_modifier(hero, value)]


def melee_shift(state: State, units: Iterable[Unit]) -> int:
    """Extra columns in this side's favour from a GO hero's Friendly Fire card (on top of LNL-HERO-2)."""
    return max((value for _, value in _cards(state, units, "melee")), default=0)


def rally_mods(state: State, unit: Unit) -> list[Modifier]:
    """−value to the rally roll of a unit whose hex holds a GO hero with the Inspiring card."""
    if unit.hex is None:
        return []
    cards = _cards(state, (u for u in state.at(unit.hex, unit.side) if u.id != unit.id), "rally")
    if not cards:
        return []
    hero, value = max(cards, key=lambda c: (c[1], c[0].id))
    return [_modifier(hero, -value)]


def damage_mods(state: State, unit: Unit) -> list[Modifier]:
    """−value to the hero's own damage checks with Tough as Nails (Shaken or not)."""
    return [_modifier(u, -value) for u, value in _cards(state, (unit,), "damage", good_order=False)]


def move_bonus(state: State, unit: Unit) -> int:
    """+value MP for the hero with the Quick card (Shaken or not)."""
    return sum(value for _, value in _cards(state, (unit,), "move", good_order=False))
