"""Texts of the play window made from the view: who plays which side, and the status bar's tracks."""

from __future__ import annotations

from typing import Any

from app.core.view import GameView
from app.ui.controller import GameController
from app.ui.lang import translator

tr = translator("MainWindow")  # the window's catalogue context: these lines were the window's own


def seats_text(controller: GameController, view: GameView, lang: str) -> str:
    """Who plays what: "You play the Macedonians (the bot plays the Persians)", the hot-seat sides, or the bots."""
    names = {side: text.render(lang) for side, text in view.side_names.items()}
    humans = [names.get(side, side) for side in controller.human_sides()]
    bots = [names.get(side, side) for side in controller.info.sides if side in controller.bot_sides]
    if len(humans) > 1:
        return tr("Hot-seat: {0}").format(", ".join(humans))
    if not humans:
        return tr("The bots play")
    text = tr("You play {0}").format(humans[0])
    return text + (tr(" (the bot plays {0})").format(", ".join(bots)) if bots else "")


def tracks_html(view: GameView, lang: str) -> str:
    """The tracks of the status bar ("Turn: <b>3</b>/12"), an alarmed one in red."""
    return "  │  ".join(_track(track, lang) for track in view.tracks)


def _track(track: Any, lang: str) -> str:
    name, value = html(track.name.render(lang)), track.value_text(lang)
    most = f"/{track.maximum}" if track.maximum else ""
    return f"<b style='color:#c1121f'>{name}: {value}{most}</b>" if track.alarm else f"{name}: <b>{value}</b>{most}"


def html(text: str) -> str:
    """Escape text for a rich-text label."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
