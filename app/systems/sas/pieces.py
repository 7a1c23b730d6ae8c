"""How SAS pieces are drawn: the SAS style (sides, badges of unit states, board-mark glyphs) applied to the
counters of the view (DESIGN §3a: the UI draws neutral piece descriptions; the style lives with the system).

Rulebook: the look of the counters and printed marks — alert and exposed markers (SAS-ALERT, SAS-VIS), a
vehicle's damage markers against its HP (SAS-AVEH-12), its armour (SAS-AVEH-7) and rear arc (SAS-AVEH-2).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from app.core.style import load_style
from app.core.view import CounterView, Style

STYLE_FILE = Path(__file__).resolve().parent / "data" / "style.json"
ALERT_RIM = "#d62828"
ARMOUR_RIM = "#b8c4cf"


def style() -> Style:
    """The SAS style (``data/style.json``), read once."""
    return load_style(STYLE_FILE)


def dressed(counter: CounterView) -> CounterView:
    """A counter with its side colour (unless it has its own) and a badge for each of its states."""
    own = style()
    return replace(counter, colour=counter.colour or own.side(counter.side), badges=own.badges_for(counter.flags))


def vehicle_rims(alert: bool, armoured: bool) -> tuple[str, ...]:
    """The rims of an Axis vehicle token: red when alert, an inner steel one when armoured (SAS-AVEH-7)."""
    if armoured:
        return (ALERT_RIM if alert else "", ARMOUR_RIM)
    return (ALERT_RIM,) if alert else ()
