"""Muting the chat of a table played with friends: a person muted is muted at that table
alone (a seat is someone else at the next table); the whole chat muted stays muted at the
next table, and the next time the game is opened, until it is heard again."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_kit import open_app

from game.net.chat import ChatAt, Line
from game.services import settings as settings_module
from game.ui.app import App
from game.ui.table.chat_panel import MUTING, ChatPanel, lobby_place, whole_chat_muted

LINES = [Line(1, 1, "Zoé", "Bonjour !")]


def a_table_chat(app: App) -> ChatPanel:
    """The chat of a new table at this window, open on its mute list."""
    panel = ChatPanel(app.ui, ChatAt(lambda: LINES, lambda message: None, lambda: 0),
                      lambda reason: None, setting=whole_chat_muted(app))
    panel.place(lobby_place(app.size, 1.0), 1.0)
    panel.open(MUTING)
    return panel


def press(panel: ChatPanel, words: str) -> None:
    button = next(button for button in panel.choices if button.text == words)
    assert panel.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def test_the_whole_chat_muted_stays_muted_at_the_next_table_and_a_person_does_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        first = a_table_chat(app)
        press(first, "Mute Zoé")
        press(first, "Mute the whole chat")
        assert first.chat.shown() == []
        first.kill()
        following = a_table_chat(app)
        assert following.chat.muting.everything and following.chat.shown() == []
        assert following.chat.muting.seats == set()  # Zoé was muted at that table alone
        assert settings_module.load().settings.chat_muted  # kept for the next time
        press(following, "Hear the chat again")
        assert not a_table_chat(app).chat.muting.everything
        assert not settings_module.load().settings.chat_muted
