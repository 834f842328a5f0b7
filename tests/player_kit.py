"""A person at the window, as players run the game.

The window opens with the settings the game ships with (no settings file: animations
`normal`, computers at the `normal` pace, sound on through the dummy audio driver, errors
caught by the crash screen), or with settings a player saved; it runs the real loop
(`App.frame` with its idle wait, as `App.run` does). Only time is faster: the app's clock
runs `speed` times the wall clock, so animations, pauses and the computers' pace take the
same course in a fraction of the time.

The person starts a game from the Title screen through New game by clicks, and then makes
every decision a person at the table must make with clicks and keys on what the screen
offers (a card raised in the hand, a decision's button, a card in a picker, the pass
screen's button, a result's Continue), chosen at random from a seed. Whatever happens must
hold what a player expects: no crash screen, and the table never stops drawing while it is
not waiting for the person (a computer's move or an animation is due).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import pygame
import pytest
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton
from ui_kit import close_window

from game.cards import Card
from game.engine.match import Match
from game.games.coup.table.controls import BACK
from game.games.coup.table.picker import CardPicker
from game.services import settings as settings_module
from game.services.seat_match import SeatMatch
from game.services.settings import Settings
from game.system import paths
from game.ui.app import App
from game.ui.clock import Clock
from game.ui.main import open_window
from game.ui.scenes.leave_game import LeaveGameDialog
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.title import TitleScene
from game.ui.table.arrange import card_key
from game.ui.table.online import OnlineTable
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.table.scene import TableScene

SPEED = 40.0  # the table's seconds that pass in one second of the wall clock
STALL_SECONDS = 2.0  # of the wall clock: no frame for this long, with nothing to click, stalls
TAKEN_FRAMES = 12  # frames, and seconds of the wall clock, within which a person's click
TAKEN_SECONDS = 1.0  # or key must have been taken
FOLLOW_UPS = 3  # questions a panel may ask after a button (whom? which suit?)
OPTION = "#drop_down_options_list"  # pygame-gui's id of an open drop-down menu's choices
SEEN = 0.6  # the share of a widget's pixels that must be on the screen as drawn


@contextmanager
def shipped_app(home: Path, monkeypatch: pytest.MonkeyPatch, *,
                size: tuple[int, int] | None = None, speed: float = SPEED,
                saved: Settings | None = None) -> Iterator[App]:
    """The window as a player opens it, its files under `home`: with no settings file (the
    shipped settings), or with `saved` written as the player's settings file first."""
    monkeypatch.setenv("COUP_DETAT_HOME", str(home))
    if saved is not None:
        settings_module.save(saved)
    app = open_window(size=size, clock=Clock(speed))
    assert app.settings_notice is None, app.settings_notice
    assert app.settings == replace(saved or Settings(), window_size=app.settings.window_size)
    try:
        yield app
    finally:
        close_window(app)


@dataclass(frozen=True)
class Seating:
    """What New game is told: the game's title, the players, each seat's kind as the
    form words it ("Person", "Computer: Medium"), the options to switch on, the match's
    rounds (the bluffing games)."""

    game: str
    players: int
    kinds: Sequence[str]
    toggles: Sequence[str] = ()  # the options to switch on, by the words before the colon
    rounds: str | None = None  # "Match: 3 rounds"


@dataclass
class _Expected:
    """A person's decision sent by clicks or keys, to be taken within a few frames."""

    match: Match
    seat: int
    turns: int
    what: str
    frames_left: int = TAKEN_FRAMES
    deadline: float = field(default_factory=lambda: time.perf_counter() + TAKEN_SECONDS)

    @property
    def taken(self) -> bool:
        return any(turn.seat == self.seat for turn in self.match.turns[self.turns:])


Sending = Callable[[], bool]  # True while a gesture's input is still on its way


class Hands(Protocol):
    """How the person's gestures reach the window."""

    def move(self, point: tuple[int, int]) -> Sending:
        """The pointer to `point` (the window's own coordinates)."""

    def click(self) -> Sending:
        """The left button pressed and let go at once, where the pointer is."""

    def press(self, key: int) -> Sending:
        """A key pressed and let go at once."""


class PostedHands:
    """Input posted straight into pygame's queue (all the dummy video driver has)."""

    def __init__(self) -> None:
        self.pointer = (0, 0)

    def move(self, point: tuple[int, int]) -> Sending:
        self.pointer = point
        pygame.mouse.set_pos(point)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0),
                                             buttons=(0, 0, 0), touch=False))
        return lambda: False

    def click(self) -> Sending:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=self.pointer, button=1,
                                                 touch=False))
        return lambda: False

    def press(self, key: int) -> Sending:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="",
                                                 scancode=0))
        return lambda: False


def _a_friend_decides(table: TableScene) -> bool:
    """The table hosted here, shown to its last beat, waits for a friend on another machine
    to decide (or, the friend's time up, for a computer deciding that turn in its thread,
    which wakes the window when done). The seat clock's drawing is clock_window.py's."""
    online = table.network.online
    session = online.hosted.session if isinstance(online, OnlineTable) else None
    if session is None or not table.controller.caught_up:
        return False
    seat = session.to_act
    return seat is not None and online.hosted.chairs[seat].is_friends


class Person:
    """Plays through the window: `start` a game from the Title screen, then `play_to_the_end`.

    With `keyboard` the share of decisions made with keys (arrows and Enter, Tab and
    Enter, number keys, Space), the rest with the mouse."""

    def __init__(self, app: App, seed: int, *, keyboard: float = 0.3,
                 hands: Hands | None = None) -> None:
        self.app = app
        self.hands = hands or PostedHands()
        self.rng = random.Random(seed)
        self.keyboard = keyboard
        self.decisions = 0  # taken at a table, by the person's clicks and keys
        self.by_key = 0
        self.screens: set[str] = set()  # the scenes met on the way
        self._expected: _Expected | None = None
        self.trail: list[str] = []  # the gestures of the decision being made
        self._drawn_at = time.perf_counter()

    # The loop ----------------------------------------------------------------------------------
    def frame(self) -> None:
        """One turn of the window's loop as `App.run` makes it, with its idle wait; the
        crash screen fails the test, and so does a stall."""
        app = self.app
        drawn = len(app.stats.frame_seconds)
        app.frame()
        if app.crash is not None:
            error, report = app.crash
            pytest.fail("the crash screen came up (report: {}):\n{}".format(
                report, "".join(traceback.format_exception(error))))
        self.screens.add(type(app.scene).__name__)
        now = time.perf_counter()
        if len(app.stats.frame_seconds) > drawn:
            self._drawn_at = now
        elif now - self._drawn_at > STALL_SECONDS and self._waiting_for_the_window():
            pytest.fail(f"the window stopped drawing for {now - self._drawn_at:.1f} s "
                        f"over {self.where()} with nothing for the person to do")
        self._check_taken()

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.frame()

    def where(self) -> str:
        top = self.app.scene
        if isinstance(top, TableScene):
            pending = top.session.match.pending
            match = top.session.match
            asked = (f", asked: {match.asked[0] if match.asked else None}"
                     if isinstance(match, SeatMatch) else "")
            bar = top.buttons.decisions
            return (f"the table ({top.controller.ruleset.id}, {pending.word or 'over'} for seat "
                    f"{pending.seat}, caught up: {top.controller.caught_up}{asked}, to act: "
                    f"{top.controller.human_to_act()}, buttons: "
                    f"{bar is not None and bar.showing}, "
                    f"busy: {top.stage.busy(top.controller.clock())})")
        return type(top).__name__

    @property
    def deciding(self) -> bool:
        """A decision of his has been sent and not yet taken."""
        return self._expected is not None

    def _waiting_for_the_window(self) -> bool:
        """Nothing for the person to click, and no click of his waiting to be taken: only
        the window can move the game on (a computer, an animation). At a friend's table
        shown to its last beat, the host moves it on: its next message may be slow to come
        on a busy machine, and the window rightly rests meanwhile."""
        top = self.app.scene
        if isinstance(top, TableScene) and isinstance(top.session.match, SeatMatch) \
                and top.controller.caught_up:
            return False
        if isinstance(top, TableScene) and _a_friend_decides(top):
            return False  # the same at the host's: the friend's answer may be slow to come
        return self._expected is None and self._next_gesture() is None

    def _check_taken(self) -> None:
        expected = self._expected
        if expected is None:
            return
        if expected.taken:
            self._expected = None
            self.decisions += 1
            return
        expected.frames_left -= 1
        if expected.frames_left <= 0 and time.perf_counter() > expected.deadline:
            pytest.fail(f"the person's {expected.what} was not taken ({self.where()}): "
                        + "; ".join(self.trail))

    # Starting a game -----------------------------------------------------------------------------
    def start(self, seating: Seating, *, limit: int = 200) -> TableScene:
        """From the Title screen, through New game by clicks, to the table (a game in
        progress left for it, kept in the saves)."""
        for _ in range(limit):
            if isinstance(self.app.scene, TitleScene) and self.app.stats.frame_seconds:
                break  # the Title screen is on the screen
            self.frame()
        self.click_button("New game")
        form = self.app.scene
        assert isinstance(form, NewGameScene), self.where()
        self.choose(form.game_menu, seating.game)
        if form.players_menu is not None:
            self.choose(form.players_menu, f"{seating.players} players")
        assert form.players == seating.players
        for words in seating.toggles:  # switched on (New game may offer them on already)
            if self._button_starting(f"{words}: ").text == f"{words}: off":
                self.click_button(f"{words}: off")
        if seating.rounds is not None:
            self.choose(form.rounds_menu, seating.rounds)
        for menu, kind in zip(form.kind_menus, seating.kinds, strict=True):
            self.choose(menu, kind)
        self.click_button("Start")
        if isinstance(self.app.scene, LeaveGameDialog):  # a game in progress: kept in the saves
            self.click_button("Start")
        table = self.app.scene
        if isinstance(table, PassDeviceScene):
            table = self.app.scenes[-2]  # the table under the pass screen
        assert isinstance(table, TableScene), f"Start led to {self.where()}"
        return table

    def choose(self, menu: Any, option: str) -> None:
        """Open a drop-down menu by a click and click one of its choices."""
        assert menu is not None, f"no menu offers {option!r}"
        if menu.selected_option in (option, (option, option)):
            return
        self.click(menu.rect.center)  # (its own picture is empty: its parts are drawn)
        choices = [element for element in self._buttons() if OPTION in element.object_ids
                   and element.text == option]
        assert choices, f"the menu does not offer {option!r}"
        self.click_widget(choices[0])

    # Playing -------------------------------------------------------------------------------------
    def play_to_the_end(self, *, limit_seconds: float = 240.0) -> GameOverOverlay:
        """Play every decision of the persons at the table until the game-over screen."""
        self.play_until(lambda: isinstance(self.app.scene, GameOverOverlay),
                        limit_seconds=limit_seconds)
        return self.app.scene  # type: ignore[return-value]

    def play_until(self, done: Callable[[], bool], *, limit_seconds: float = 60.0) -> None:
        """Play the persons' decisions until `done()`."""
        deadline = time.perf_counter() + limit_seconds
        while not done():
            if time.perf_counter() > deadline:
                pytest.fail(f"not there after {limit_seconds:.0f} s, at {self.where()}")
            self.act()
            self.frame()

    def act(self) -> bool:
        """Make the person's next gesture, if the screen waits for one."""
        if self._expected is not None:
            return False
        gesture = self._next_gesture()
        if gesture is None:
            return False
        gesture()
        return True

    def _next_gesture(self) -> Callable[[], None] | None:
        top = self.app.scene
        if isinstance(top, PassDeviceScene):
            return lambda: self.click_button(f"I am {top.name}: show my cards")
        if isinstance(top, ResultOverlay):
            return self._continue
        if isinstance(top, TableScene) and self.table_waits_for_the_person(top):
            return lambda: self._decide(top)
        return None

    def _continue(self) -> None:
        if self.rng.random() < self.keyboard:
            self.press(self.rng.choice((pygame.K_RETURN, pygame.K_SPACE)))
        else:
            self.click_button("Continue")

    @staticmethod
    def table_waits_for_the_person(table: TableScene) -> bool:
        """The person's turn is shown: everything before it told, the cards still, and the
        buttons up when the decision has any."""
        seat = table.controller.human_to_act()
        if (seat is None or not table.controller.caught_up or
            table.stage.busy(table.controller.clock())):
            return False
        cards_only = all(getattr(d, "card", None) is not None
                         for d in table.session.match.legal())
        return (cards_only or
                (table.buttons.decisions is not None and table.buttons.decisions.showing))

    def _decide(self, table: TableScene) -> None:
        seat = table.controller.human_to_act()
        assert seat is not None
        match = table.session.match
        before = len(match.turns)
        # keys at random, and for the second decision at the latest
        by_key = self.rng.random() < self.keyboard or (self.decisions == 1 and not self.by_key)
        self.by_key += by_key
        self.trail = []
        legal = match.legal()
        if isinstance(table.buttons.decisions, CardPicker):
            self._pick_in_panel(table.buttons.decisions, self.rng.choice(legal).cards, by_key)
        elif table.felt.collecting():
            self._pick_in_hand(table, self.rng.choice(legal).cards, by_key)
        else:
            self._card_or_button(table, legal, by_key)
        # counted from the gesture's end: the walk to a card with the arrows takes frames
        self._expected = _Expected(match, seat, before, "keys" if by_key else "click")

    def _card_or_button(self, table: TableScene, legal: Sequence[Any], by_key: bool) -> None:
        """A card raised in the hand or a decision's button, then whatever the panel asks
        next (the suit a led wild card stands for, an action's target)."""
        cards = list(dict.fromkeys(d.card for d in legal if getattr(d, "card", None)))
        bar = table.buttons.decisions
        buttons = list(bar.buttons) if bar is not None else []
        choice = self.rng.choice([*cards, *buttons])
        self.trail.append(f"{choice if isinstance(choice, Card) else choice.text!r} chosen")
        match, seat = table.session.match, table.controller.human_to_act()
        turns = len(match.turns)
        if isinstance(choice, Card):
            self._play_card(table, choice, by_key)
        else:
            self._press_one_of(table, by_key, buttons.index(choice))
        for _ in range(FOLLOW_UPS):
            asked = table.buttons.decisions is not None and table.buttons.decisions.showing
            if not asked or any(turn.seat == seat for turn in match.turns[turns:]):
                return
            self._press_one_of(table, by_key)

    def _play_card(self, table: TableScene, card: Card, by_key: bool) -> None:
        if by_key:
            self._select_by_arrows(table, card)
            self.press(pygame.K_RETURN)
        else:
            self.click(self.card_spot(table, card))

    def _select_by_arrows(self, table: TableScene, card: Card) -> None:
        hand = table.felt.in_hand()
        for _ in range(len(hand) + 1):  # (from no card, Right goes to the first playable)
            if table.felt.selected == card:
                break
            self.press(pygame.K_RIGHT)
        assert table.felt.selected == card, "the arrows did not reach the card"

    def _press_one_of(self, table: TableScene, by_key: bool, index: int | None = None) -> None:
        """Press a decision's button (with no `index`, one at random that goes forward):
        a click, or Tab to it and Enter."""
        assert table.buttons.decisions is not None
        offered = table.buttons.decisions.buttons
        buttons = list(offered)
        if index is None:
            forward = [i for i, button in enumerate(buttons) if offered[button] != BACK]
            index = self.rng.choice(forward)
        self.trail.append(f"button {buttons[index].text!r}")
        if by_key:  # Tab from the button the keyboard is on (the first, to start with)
            focus = table.buttons.decisions.focus
            for _ in range(index + 1 if focus is None else (index - focus) % len(buttons)):
                self.press(pygame.K_TAB)
            self.press(pygame.K_RETURN)
        else:
            self.click_widget(buttons[index])

    def _pick_in_hand(self, table: TableScene, cards: Sequence[Card], by_key: bool) -> None:
        """The Bastille exchange: pick the cards in the hand, then confirm."""
        for card in cards:
            if by_key:
                self._select_by_arrows(table, card)
                self.press(pygame.K_SPACE)
            else:
                self.click(self.card_spot(table, card))
        assert table.felt.marked == set(cards), "the cards picked are not the ones clicked"
        if by_key:
            self.press(pygame.K_RETURN)
        else:
            self.click_button("Set aside and draw")

    def _pick_in_panel(self, picker: CardPicker, cards: Sequence[Any], by_key: bool) -> None:
        """The exchange's picker: the cards by click or number key, then its button."""
        wanted = list(cards)
        for button, index in list(picker.card_buttons.items()):
            if picker.cards[index] in wanted:
                wanted.remove(picker.cards[index])
                if by_key:
                    self.press(pygame.K_1 + index)
                else:  # the button lies under the card's picture
                    self.click(button.rect.center, picker.images[index])
        if by_key:
            self.press(pygame.K_RETURN)
        else:
            self.click_widget(picker.done)

    # Gestures ------------------------------------------------------------------------------------
    def click(self, position: tuple[float, float], widget: UIElement | None = None) -> None:
        """Point there, then press and let go at once (as a quick tap does); a `widget`
        must be on the screen once the pointer is on it (a tooltip may have gone), unless
        the screen took it away meanwhile by itself (a result nobody at the table reads
        closes itself): then there is nothing left to click."""
        point = (round(position[0]), round(position[1]))
        self.trail.append(f"click at {point}")
        self._handled(self.hands.move(point))
        if widget is not None and not widget.alive():
            self.trail.append("nothing to click: the screen moved on by itself")
            return
        if widget is not None:
            self.sees(widget)
        self._handled(self.hands.click())

    def click_widget(self, widget: UIElement) -> None:
        self.click(widget.rect.center, widget)

    def press(self, key: int) -> None:
        self.trail.append(f"key {pygame.key.name(key)}")
        self._handled(self.hands.press(key))

    def _handled(self, sending: Callable[[], bool]) -> None:
        """Frames until the gesture has been sent (`sending` says while it is) and its
        events, and those they set off (a button's press, a menu's change), handled."""
        self.frame()
        while sending() or pygame.event.peek():
            self.frame()

    def click_button(self, words: str) -> None:
        button = next((element for element in self._buttons() if element.text == words
                       and element.is_enabled and OPTION not in element.object_ids), None)
        assert button is not None, f"no button {words!r} over {self.where()}"
        self.click_widget(button)

    def sees(self, element: UIElement) -> None:
        """A person clicks only what the window shows: the element, as pygame-gui would
        draw it now, must be on the screen as last drawn (mostly: its look may change)."""
        screen = self.app.screen
        area = element.rect.clip(screen.get_rect())
        assert area.width > 0 and area.height > 0, f"{element} is off the screen"
        shown = screen.subsurface(area).copy()
        drawn = shown.copy()
        drawn.blit(element.image, (element.rect.x - area.x, element.rect.y - area.y))
        points = [(x * area.width // 16, y * area.height // 8) for x in range(16)
                  for y in range(8)]
        same = sum(shown.get_at(point) == drawn.get_at(point) for point in points) / len(points)
        if same <= SEEN:
            picture = paths.data_dir() / "not-seen.png"
            pygame.image.save(screen, str(picture))
            pytest.fail(f"{getattr(element, 'text', element)!r} is not on the screen over "
                        f"{self.where()} ({same:.0%} of it; the screen: {picture})")

    def enabled(self, words: str) -> bool:
        return any(element.text == words and element.is_enabled for element in self._buttons())

    def _button_starting(self, words: str) -> UIButton:
        return next(element for element in self._buttons() if element.text.startswith(words))

    def _buttons(self) -> list[UIButton]:
        return [element for element in self.app.ui.get_sprite_group().sprites()
                if isinstance(element, UIButton) and element.visible]

    @staticmethod
    def card_spot(table: TableScene, card: Card) -> tuple[float, float]:
        """Where to click a card of the hand: its visible part (the left of a card that
        the next one overlaps), found from where the stage has put it."""
        placements = dict(table.stage.placements(table.controller.clock()))
        placement = placements[card_key(card)]
        rect = table.felt.card_rect(placement)
        return rect.left + min(rect.width // 2, 12), rect.centery
