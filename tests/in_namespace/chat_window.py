"""The chat at a friend's table in the window: a person joins a table held by a headless
host (in this process, in a thread) from Play with friends, presses C at the table, types
a line and Enter; the line reaches the host (what the host's screen shows of the chat),
and comes back to the friend's own panel under the friend's name. Escape closes the line
and the table's keys are the table's again; a ready phrase is a button; Mute… mutes a seat
at this screen only. Run in a network namespace by tests/test_ui_hosting.py. With
CHAT_SHOTS set to a folder, screenshots of the table are written there."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from joining_kit import join_from_the_title
from player_kit import Person, shipped_app
from ui_kit import press

from game.net.chat import ChatAt
from game.net.headless import HeadlessHost
from game.ui.scenes.joining import JoinScene, WaitingRoom
from game.ui.table.chat_panel import MUTING, TYPING
from game.ui.table.scene import TableScene

WAIT_FRAMES = 4000
TYPED = "Bonjour, c'est à qui ?"


def until(person: Person, done: Callable[[], bool], what: str) -> None:
    for _ in range(WAIT_FRAMES):
        if done():
            return
        person.frame()
    pytest.fail(f"{what}: not within {WAIT_FRAMES} frames")


def typed_into(app: object, words: str) -> None:
    for character in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)], ids=["1280x800", "960x600"])
def test_a_line_typed_at_a_friend_s_table_reaches_the_host(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = HeadlessHost("coup", {"players": 3}, ["medium", "open", "easy"],
                        listen="127.0.0.1", port=0, seed=11)
    where = host.open()
    running = threading.Thread(target=host.run, daemon=True)
    running.start()
    hosts_screen = ChatAt(lambda: list(host.table.chat.lines), lambda message: None,
                          lambda: None)
    try:
        with shipped_app(tmp_path / "friend", monkeypatch, size=size) as app:
            person = Person(app, seed=7)
            person.frames(3)
            join_from_the_title(person, f"127.0.0.1:{where.port}", where.code, "Zoé")
            until(person, lambda: isinstance(app.scene, TableScene)
                  or not isinstance(app.scene, (WaitingRoom, JoinScene)), "the table")
            table = app.scene
            assert isinstance(table, TableScene) and table.network.chat is not None, person.where()
            panel = table.network.chat
            # C opens the line (its letter is not typed into it), Enter says it
            press(app, pygame.K_c)
            person.frames(2)
            assert panel.mode == TYPING and panel.field is not None
            assert panel.field.get_text() == ""
            typed_into(app, TYPED)
            person.frames(2)
            assert panel.field.get_text() == TYPED
            press(app, pygame.K_RETURN)
            until(person, lambda: [line.text for line in hosts_screen.shown()] == [TYPED],
                  "the line on the host's screen")
            line = hosts_screen.shown()[0]
            assert (line.seat, line.name) == (1, "Zoé")
            until(person, lambda: [line.text for line in panel.chat.shown()] == [TYPED],
                  "the line back at the friend's own table")
            # a ready phrase is a button; the line stays open for the next
            phrase = next(button for button, _ in panel.choices.items()
                          if button.text == "Good luck!")
            person.click_widget(phrase)
            until(person, lambda: len(hosts_screen.shown()) == 2, "the phrase")
            assert hosts_screen.shown()[1].text == "Good luck!"
            shots = os.environ.get("CHAT_SHOTS")
            if shots:
                person.frames(2)
                app.screenshot(Path(shots) / f"chat-typing-{size[0]}x{size[1]}.png")
            # Escape closes the line; the table's own Escape (its menu) works again after
            press(app, pygame.K_ESCAPE)
            person.frames(2)
            assert panel.mode is None and panel.field is None
            assert app.scene is table  # Escape closed the chat, not opened the menu
            # Mute…: the friend's own seat is not listed; muting the chat hides its lines
            person.click_widget(panel.mute_button)
            person.frames(2)
            assert panel.mode == MUTING
            assert [button.text for button in panel.choices] == ["Mute the whole chat"]
            person.click_widget(next(iter(panel.choices)))
            person.frames(2)
            assert panel.chat.shown() == [] and len(hosts_screen.shown()) == 2
            if shots:
                app.screenshot(Path(shots) / f"chat-muting-{size[0]}x{size[1]}.png")
                person.click_widget(next(iter(panel.choices)))  # hear it again, for the shot
                person.click_widget(panel.mute_button)
                person.frames(3)
                app.screenshot(Path(shots) / f"chat-{size[0]}x{size[1]}.png")
                person.click_widget(panel.mute_button)
                person.click_widget(next(iter(panel.choices)))
            press(app, pygame.K_ESCAPE)  # closes Mute…, then the table's own Escape: its menu
            person.frames(2)
            assert panel.mode is None and app.scene is table
            press(app, pygame.K_ESCAPE)
            person.frames(2)
            assert app.scene is not table
    finally:
        host.stopped.set()
        host.close()
        running.join(timeout=10)


def test_a_line_said_in_the_waiting_room_reaches_the_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = HeadlessHost("coup", {"players": 3}, ["open", "open", "easy"],
                        listen="127.0.0.1", port=0, seed=11)
    where = host.open()
    running = threading.Thread(target=host.run, daemon=True)
    running.start()
    try:
        with shipped_app(tmp_path / "friend", monkeypatch, size=(960, 600)) as app:
            person = Person(app, seed=7)
            person.frames(3)
            join_from_the_title(person, f"127.0.0.1:{where.port}", where.code, "Zoé")
            room = app.scene
            assert isinstance(room, WaitingRoom)
            until(person, lambda: room.at.seat is not None, "the seat")
            press(app, pygame.K_c)
            person.frames(2)
            assert room.chat.mode == TYPING
            typed_into(app, "Who else is coming?")
            person.frames(2)
            press(app, pygame.K_RETURN)
            until(person, lambda: [line.text for line in room.at.chat.shown()]
                  == ["Who else is coming?"], "the line back in the waiting room")
            assert [(line.seat, line.name) for line in host.table.chat.lines] == [(0, "Zoé")]
            assert app.scene is room and not host.table.started
            shots = os.environ.get("CHAT_SHOTS")
            if shots:
                app.screenshot(Path(shots) / "chat-waiting-room-960x600.png")
    finally:
        host.stopped.set()
        host.close()
        running.join(timeout=10)
