"""What the window shows, written down for a test that drives a real window from outside
(tests/in_namespace/two_windows.py: two windows under Xvfb, played by X input alone).

With COUP_DETAT_STATE_REPORT naming a file, the window writes there, as JSON, the scene on
top, the widgets on the screen (each button's words, place and whether it can be pressed,
each text box), the address and code a host's lobby reads out, and at a table what it
waits for: whose turn it is, whether this window's person is to act and the table is
still, and the kind of decision asked (cards, buttons, a picker, cards picked in the hand).
It is written when it changes, at most every REPORT_SECONDS, whole (a new file renamed
over the old). It only reads: nothing drawn or decided changes. Tests use it; players
never set it. In part:

    {"scene": "TableScene", "scenes": ["TableScene"], "widgets": [{"kind": "button",
      "text": "Continue", "rect": [580, 600, 200, 46], "enabled": true, "option": false}],
     "table": {"ruleset": "coup", "over": false, "to_act": 0, "turns": 12, "ready": true,
      "ask": "buttons", "buttons": ["Income", "Foreign aid"], "picks": 0}}
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from game.ui import screens

if TYPE_CHECKING:
    from game.ui.app import App

STATE_REPORT = "COUP_DETAT_STATE_REPORT"
REPORT_SECONDS = 0.05  # of the wall clock, between two looks at the screen
OPTION = "#drop_down_options_list"  # pygame-gui's id of an open drop-down menu's choices


class StateReport:
    """Writes what the window shows to `path` whenever it has changed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._written = ""
        self._looked_at = 0.0

    @classmethod
    def from_environment(cls) -> StateReport | None:
        named = os.environ.get(STATE_REPORT, "").strip()
        return cls(Path(named)) if named else None

    def look(self, app: App) -> None:
        now = time.monotonic()
        if now - self._looked_at < REPORT_SECONDS:
            return
        self._looked_at = now
        words = json.dumps(shown(app), ensure_ascii=False, sort_keys=True)
        if words == self._written:
            return
        with contextlib.suppress(OSError):  # a report not written is no reason to stop
            fresh = self.path.with_name(self.path.name + ".new")
            fresh.write_text(words, encoding="utf-8")
            fresh.replace(self.path)
            self._written = words


def shown(app: App) -> dict[str, Any]:
    """What the window shows now, as the report tells it."""
    from game.ui.table.overlays import ResultOverlay  # (only once a report is asked for)

    top = app.scene
    report: dict[str, Any] = {
        "result": isinstance(top, ResultOverlay),
        "scene": type(top).__name__, "scenes": [type(scene).__name__ for scene in app.scenes],
        "game_over": isinstance(top, screens.kind("game_over")), "size": list(app.size),
        "at": _window_position(), "widgets": _widgets(app),
        "frames": len(app.stats.frame_seconds)}
    reach = getattr(top, "reach", None)
    if isinstance(reach, str):
        report["reach"] = reach
    table = next((scene for scene in reversed(app.scenes)
                  if hasattr(scene, "controller") and hasattr(scene, "felt")), None)
    if table is not None:
        report["table"] = _table(table)
    return report


def _window_position() -> list[int] | None:
    """Where the window is on the screen (X input is sent in the screen's coordinates)."""
    try:
        return list(pygame.display.get_window_position())
    except pygame.error:
        return None


def _widgets(app: App) -> list[dict[str, Any]]:
    widgets = []
    for element in app.ui.get_sprite_group().sprites():
        if not getattr(element, "visible", True):
            continue
        rect = [element.rect.x, element.rect.y, element.rect.width, element.rect.height]
        if isinstance(element, UIButton):
            widgets.append({"kind": "button", "text": element.text, "rect": rect,
                            "enabled": element.is_enabled,
                            "option": OPTION in element.object_ids})
        elif isinstance(element, UITextEntryLine):
            widgets.append({"kind": "entry", "text": element.get_text(), "rect": rect,
                            "focused": element.is_focused})
        elif isinstance(element, UIDropDownMenu):
            widgets.append({"kind": "menu", "text": _selected(element), "rect": rect})
    return widgets


def _selected(menu: UIDropDownMenu) -> str:
    option = menu.selected_option
    return option[0] if isinstance(option, tuple) else str(option)


def _table(table: Any) -> dict[str, Any]:
    """What the table waits for; `ready` when this window's person is to act and the
    table shows the turn (everything before it told, the cards still)."""
    controller, session = table.controller, table.session
    match = session.match
    panel = table.buttons.decisions
    seat = controller.human_to_act()
    still = controller.caught_up and not table.stage.busy(controller.clock())
    asked = panel is not None and panel.showing
    legal = list(match.legal()) if seat is not None else []
    cards_only = bool(legal) and all(getattr(d, "card", None) is not None for d in legal)
    return {"ruleset": controller.ruleset.id, "over": bool(session.over),
            "to_act": session.to_act, "viewer": controller.viewer, "turns": len(match.turns),
            "ready": seat is not None and still and (cards_only or asked),
            "ask": _ask(table, panel, cards_only),
            "buttons": [button.text for button in panel.buttons] if asked else [],
            "focus": getattr(panel, "focus", None) if asked else None,
            "picks": len(getattr(legal[0], "cards", ()) or ()) if legal else 0,
            **_hand(table.felt)}


def _hand(felt: Any) -> dict[str, Any]:
    """The person's hand by places, left to right: the card under the keyboard's cursor,
    those that may be played, those picked for an exchange."""
    hand = felt.in_hand()
    playable = set(felt.playable_in_hand())
    return {"hand": len(hand),
            "selected": hand.index(felt.selected) if felt.selected in hand else None,
            "playable": [place for place, card in enumerate(hand) if card in playable],
            "marked": [place for place, card in enumerate(hand) if card in felt.marked]}


def _ask(table: Any, panel: Any, cards_only: bool) -> str | None:
    if panel is not None and hasattr(panel, "card_buttons"):
        return "picker"  # the bluffing games' exchange: cards by number keys, then Enter
    if table.felt.collecting():
        return "collecting"  # cards picked in the hand (Space), then Enter
    if panel is not None and panel.showing:
        return "buttons"
    return "cards" if cards_only else None
