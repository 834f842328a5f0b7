"""Driving the window in tests: the dummy video and audio drivers, a private home folder,
frames without waiting, posted mouse clicks and keys."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UITextEntryLine

from game.engine.saves import Seat
from game.services import settings as settings_module
from game.services.session import GameSession
from game.services.tables import TablesSession
from game.ui import text
from game.ui.app import App
from game.ui.table.scene import TableScene
from game.ui.table.tables import TwoTables


@contextmanager
def open_app(home: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (1280, 800),
             **settings: Any) -> Iterator[App]:
    """A window with no animations and instant computers, its files under `home`."""
    monkeypatch.setenv("COUP_DETAT_HOME", str(home))
    monkeypatch.setitem(settings_module.COMPUTER_DELAY, "fast", 0.0)
    chosen = {"animation_speed": "off", "computer_pace": "fast", "sound": False, **settings}
    app = App(settings_module.Settings(**chosen), size=size)
    app.frame_rate = 0
    app.catch_errors = False  # a test sees its errors; the crash screen has its own tests
    try:
        yield app
    finally:
        close_window(app)


def close_window(app: App) -> None:
    """Let go of the games at the window's tables, then of the window."""
    for scene in app.scenes:
        tables = getattr(scene, "tables", None)  # a match at two tables: the whole match
        session = tables.session if tables is not None else getattr(scene, "session", None)
        if session is not None:
            session.close()
        else:
            scene.closed()  # a review's thinking
    pygame.quit()
    text.forget_fonts()  # they died with the window: the next test loads its own


def table(app: App, kinds: str, *, seed: int = 7, short_game: bool = False) -> TableScene:
    """Sit at a new table: `kinds` is one letter a seat, h (person) or c (computer)."""
    names = ("Ada", "Blaise", "Colette", "Denis")
    seats = [Seat(names[i], "human" if kind == "h" else "computer")
             for i, kind in enumerate(kinds)]
    session = GameSession.new("coup-detat", {"players": len(kinds), "short_game": short_game},
                              seats, seed=seed, on_thinking_done=app.wake)
    scene = TableScene(app, session, from_start=True)
    app.replace(scene)
    return scene


def duel_table(app: App, kinds: str = "hc", *, seed: int = 7) -> TableScene:
    """Sit at a new table of the game for two (`kinds` as for `table`)."""
    seats = [Seat(name, "human" if kind == "h" else "computer")
             for name, kind in zip(("Ada", "Blaise"), kinds, strict=True)]
    session = GameSession.new("coup-detat-duel", {"players": 2}, seats, seed=seed,
                              on_thinking_done=app.wake)
    scene = TableScene(app, session, from_start=True)
    app.replace(scene)
    return scene


def bluff_table(app: App, kinds: str = "hc", *, ruleset: str = "coup", seed: int = 7,
                **options: object) -> TableScene:
    """Sit at a new table of a bluffing game (`kinds` as for `table`, 2 to 6 seats)."""
    names = ("Ada", "Blaise", "Colette", "Denis", "Emile", "Fanny")
    seats = [Seat(names[i], "human" if kind == "h" else "computer")
             for i, kind in enumerate(kinds)]
    session = GameSession.new(ruleset, {"players": len(kinds), **options}, seats, seed=seed,
                              on_thinking_done=app.wake)
    scene = TableScene(app, session, from_start=True)
    app.replace(scene)
    return scene


def two_tables_recorded(app: App) -> tuple[TablesSession, TableScene]:
    """Six at two tables, Ada (seat 0) the one person, played to the end: the first table's
    screen is open and the match is recorded as the window records it."""
    seats = [Seat(name, "human" if seat == 0 else "computer", "easy")
             for seat, name in enumerate(("Ada", "Bob", "Cy", "Dee", "Eve", "Fay"))]
    session = TablesSession.new("coup-detat", {"players": 6, "short_game": True}, seats, seed=5)
    while not session.over:
        for at_table in session.tables:
            if at_table.is_human(at_table.to_act):
                at_table.submit(random.Random(5).choice(at_table.match.legal()))
            at_table.computer_step(ready=True)
    tables = TwoTables(app, session)
    scene = tables.scene_for(0)
    app.replace(scene)
    tables._record_statistics(scene)
    return session, scene


def finished_match(path: Path, names: Sequence[str]) -> TablesSession:
    """Six at two tables, the first seat a person (playing at random), the others Easy,
    played to the end of the match and saved at `path`: the session, closed."""
    seats = [Seat(name, "human" if seat == 0 else "computer", "easy")
             for seat, name in enumerate(names[:6])]
    played = TablesSession.new("coup-detat", {"players": 6, "short_game": True}, seats, seed=5)
    try:
        while not played.over:
            for table in played.tables:  # the person's decisions too, at random
                if table.is_human(table.to_act):
                    table.submit(random.Random(5).choice(table.match.legal()))
                table.computer_step(ready=True)
        played.save(path)
    finally:
        played.close()
    return played


def table_under(app: App) -> TableScene | None:
    """The table nearest the top of the screens: the one a menu, a pass screen or a result
    stands over (None: no table is open)."""
    return next((scene for scene in reversed(app.scenes) if isinstance(scene, TableScene)),
                None)


def remarks_of(table: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the table says over itself from now on, each remark as it is said."""
    said: list[str] = []
    say = table.controller.say

    def saying(message: str, seconds: float = 3.0) -> None:
        said.append(message)
        say(message, seconds)

    monkeypatch.setattr(table.controller, "say", saying)
    return said


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.frame(idle_wait=False)


def run_until(app: App, done: Callable[[], bool], limit: int = 20000) -> None:
    """Frames until `done()`; fails the test if it never comes."""
    for _ in range(limit):
        if done():
            return
        app.frame(idle_wait=False)
    pytest.fail("the condition never came true")


def click(app: App, position: tuple[float, float]) -> None:
    point = (round(position[0]), round(position[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=point))
    frames(app, 2)


def press(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                         scancode=0))
    frames(app, 2)


def press_button(app: App, label: str) -> None:
    """Click the visible, enabled pygame-gui button showing `label`."""
    for element in app.ui.get_sprite_group().sprites():
        if (isinstance(element, UIButton) and element.text == label and element.visible
                and element.is_enabled):
            click(app, element.rect.center)
            return
    pytest.fail(f"no button {label!r} on screen")


def type_over(app: App, box: UITextEntryLine | None, words: str) -> None:
    """Empty the focused `box` (Ctrl+A, Backspace) and type `words` as the keyboard sends
    them."""
    assert box is not None and box.is_focused
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    press(app, pygame.K_BACKSPACE)
    for character in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
    frames(app, 2)
    assert box.get_text() == words


def buttons(app: App) -> list[str]:
    return [element.text for element in app.ui.get_sprite_group().sprites()
            if isinstance(element, UIButton) and element.visible]


def pick_cards(app: App, scene: TableScene, cards: Sequence[object]) -> None:
    """In a bluffing game's card picker (the exchange): click these cards, then its
    button."""
    picker = scene.buttons.decisions
    wanted = Counter(cards)
    for button, index in picker.card_buttons.items():  # type: ignore[union-attr]
        card = picker.cards[index]  # type: ignore[union-attr]
        if wanted[card] > 0:
            wanted[card] -= 1
            click(app, button.rect.center)
    press_button(app, picker.done.text)  # type: ignore[union-attr]


def hovered_tip(app: App, button: UIButton, *, then_away: bool = False) -> pygame.Rect:
    """Rest the pointer on `button` until its tooltip shows; where the tooltip is. With
    `then_away`, the pointer leaves afterwards, so the tip goes."""
    pygame.mouse.set_pos(button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    for _ in range(3):
        app.ui.update(0.6)  # past the theme's delay
    tip = button.tool_tip
    assert tip is not None, f"{button.text}: its tooltip shows"
    where = pygame.Rect(tip.rect)
    if then_away:
        pygame.mouse.set_pos((1, 1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frames(app, 2)
    return where
