"""The chat's controls are whole and readable at the smallest window and the design size:
every button of the chat (Mute…, the ready phrases, the seats to mute) and the line typed
have room for their words, in width and in height, in the lobby as at the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygame_gui.elements import UIButton, UITextEntryLine
from test_ui_layout_fits import text_room
from ui_kit import open_app

from game.engine.texts import MAX_NAME_LENGTH
from game.net.chat import ChatAt, Line
from game.ui.app import MIN_SIZE
from game.ui.scenes.common import scale_of
from game.ui.table.chat_panel import MUTING, TYPING, ChatPanel, lobby_place

SIZES = (MIN_SIZE, (1280, 800))
LONG_NAME = "W" * MAX_NAME_LENGTH
LINES = [Line(1, 1, "Zoé", "Bonjour !"), Line(2, 2, LONG_NAME, "Hello")]


def height_room(element: UIButton | UITextEntryLine) -> int:
    """The height inside a widget's border and shadow, where its words are drawn."""
    shape = element.drawable_shape
    if shape is None:
        return element.rect.height
    borders = shape.border_widths
    return element.rect.height - 2 * shape.shadow_width - borders["top"] - borders["bottom"]


def cut_off(panel: ChatPanel) -> list[str]:
    """The chat's widgets whose words do not fit them, and why."""
    cut = []
    for element in [panel.mute_button, *panel.choices, panel.field]:
        if element is None or element.font is None:
            continue
        words = element.get_text() if isinstance(element, UITextEntryLine) else element.text
        height = element.font.size(words or "Ag")[1]
        if height > height_room(element):
            cut.append(f"{words!r}: {height} px high in {height_room(element)}")
        if isinstance(element, UIButton) and element.font.size(words)[0] > text_room(element):
            cut.append(f"{words!r}: {element.font.size(words)[0]} px wide in "
                       f"{text_room(element)}")
    return cut


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_control_of_the_lobbys_chat_is_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    with open_app(tmp_path, monkeypatch, size) as app:
        chat = ChatAt(lambda: LINES, lambda message: None, lambda: 0)
        panel = ChatPanel(app.ui, chat, lambda reason: None)
        scale = scale_of(app.size)
        panel.place(lobby_place(app.size, scale), scale)
        for mode in (None, TYPING, MUTING):
            if mode is None:
                panel.close()
            else:
                panel.open(mode)
            app.ui.update(0.0)
            assert cut_off(panel) == [], (mode, cut_off(panel))
            assert panel.area.top >= 0
            assert panel.mute_button is not None
            assert panel.mute_button.rect.right <= panel.area.right
            heading_bottom = panel.mute_button.rect.bottom
            assert all(button.rect.top >= heading_bottom for button in panel.choices)
