"""A monkey at the window: seeded random clicks, drags, wheels, keys, typing and resizes,
sent to whatever scene is on top, with the window's promises checked after every frame.

Each storm starts from a *station*: a scene, or a table at a chosen moment of a game
(reached quickly by submitting decisions straight to the match, as a loaded save would
be). After the storm, `carry_on` walks back to a table with the visible buttons and keys
only, and plays on through the window: the game must still take a person's move and move
forward.

Used by tests/test_ui_monkey.py (a few thousand events over every station), by
tests/test_monkey_defaults.py (each game at the shipped settings) and by
tests/monkey_soak.py (a long soak).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import string
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pygame
import pytest
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton
from test_ui_table import check_face_up_cards_are_known, secret_from
from ui_kit import click, frames, pick_cards, press, press_button, table_under, type_over

from game.ai import levels as ai_levels
from game.cards import COUP, Card
from game.engine.match import Match
from game.engine.saves import Seat
from game.games.coup.table.picker import CardPicker
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.decisions import PlayCard
from game.games.coup_detat.table.results import GameOverScene, HandResultScene
from game.games.coup_detat_duel.rules.decisions import SetAside
from game.services.session import GameSession
from game.system import paths
from game.ui.app import App
from game.ui.saved_games import resume
from game.ui.scenes.files import LoadScene, SaveDialog
from game.ui.scenes.leave_game import LeaveGameDialog
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.title import TitleScene
from game.ui.table.arrange import card_key
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.table.scene import TableScene

NAMES = ("Ada", "Blaise", "Colette", "Denis", "Emile", "Fanny")
PLAIN_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
              pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
              pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END,
              pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_h, pygame.K_q, pygame.K_n,
              pygame.K_1)
CONTROL_KEYS = (pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_a, pygame.K_c, pygame.K_v,
                pygame.K_x)
TYPED = string.ascii_letters + string.digits + " -_.'/\\:*?éÉçœ€"
Station = tuple[Callable[[App], None], str]  # how to get there; the scene label it shows
# A storm's home: how to get there, and the scene label it shows or whether the app is there.
Home = tuple[Callable[[App], None], str | Callable[[App], bool]]
# How often the monkey does each thing (relative weights).
ACTIONS = {"click": 30, "drag": 7, "motion": 10, "wheel": 5, "other_button": 3, "key": 24,
           "control": 6, "type": 9, "wait": 4, "resize": 1.5, "fullscreen": 0.5}


def scene_label(app: App) -> str:
    """The scene on top; for a table, the moment of the game it shows."""
    top = app.scene
    if isinstance(top, TableScene):
        return f"table: {moment(top)}"
    return type(top).__name__


def moment(table: TableScene) -> str:
    """deal, coup, choose, tricks, dominos or over: what the table shows now."""
    shown = table.controller.shown
    pending = table.controller.ruleset.pending(shown)
    if pending.over:
        return "over"
    if pending.seat is None:
        return "deal"
    if pending.word == "play":
        hand = shown.hand  # type: ignore[attr-defined]
        return "dominos" if hand is not None and is_dominoes(hand.hand_type) else "tricks"
    return pending.word


def is_dominoes(hand_type: object) -> bool:
    """Dominos (the 1966 game) or Dominoes (the game for two)."""
    return str(getattr(hand_type, "value", "")).startswith("domino")


# What must hold whatever was clicked ----------------------------------------------------------
def check_invariants(app: App) -> None:
    """Privacy at every table (cards face up, the card under the mouse, the line above the
    hand), nothing of a table behind a pass screen, the table's buttons only while it is on
    top, and no computer player that broke."""
    scenes = app.scenes
    tables = [scene for scene in scenes if isinstance(scene, TableScene)]
    for table in tables:
        check_face_up_cards_are_known(table)
        # (COUP's holder is told)
        secret = secret_from(table.controller.shown, table.controller.viewer) - {COUP}
        drag = table.felt.drag
        if drag is not None and drag.moved:  # drawn face up under the mouse
            assert drag.card not in secret, \
                f"{drag.card} dragged in sight of {table.controller.viewer}"
        if table.controller.toast is not None:  # the line above the hand
            named = {card for card in secret if card.label in table.controller.toast[0]}
            assert not named, f"{table.controller.toast[0]!r} shown to {table.controller.viewer}"
        broken = [note for note in table.session.notes if "failed" in note]
        assert not broken, broken
    passes = [i for i, scene in enumerate(scenes) if isinstance(scene, PassDeviceScene)]
    if passes:
        first_drawn = max(i for i, scene in enumerate(scenes) if scene.opaque)
        assert first_drawn >= passes[0], "a table shows behind the pass screen"
        for table in scenes[:passes[0]]:
            # (a table of one person shows his hand whoever holds the device: the Load
            # dialog's review of another game asks for its player over such a table too)
            if isinstance(table, TableScene) and table.controller.seating.pass_and_play:
                assert table.controller.viewer is None, "a hand is face up behind the pass screen"
    undo_buttons = sum(1 for element in app.ui.get_sprite_group().sprites()
                       if isinstance(element, UIButton) and element.text == "Undo"
                       and element.visible)
    expected = 1 if isinstance(app.scene, TableScene) else 0
    assert undo_buttons == expected, f"{undo_buttons} Undo buttons over {scene_label(app)}"


# The monkey -----------------------------------------------------------------------------------
@dataclass
class Monkey:
    """Sends random input to `app`, a frame after most gestures, checking invariants."""

    app: App
    seed: int
    check: Callable[[App], None] = check_invariants
    events: Counter[str] = field(default_factory=Counter)  # events sent, by scene label
    trail: deque[str] = field(default_factory=lambda: deque(maxlen=40))
    idle_wait: bool = False  # True: the window's own loop (`App.run`'s frames, idle sleep)
    sent_at_home: int = 0  # events sent while at the storm's home

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._kinds = list(ACTIONS)
        self._weights = list(ACTIONS.values())
        self._posted = 0
        self._held: tuple[int, int] | None = None  # where the left button went down

    @property
    def sent(self) -> int:
        return sum(self.events.values())

    def storm(self, count: int, home: Home | None = None, leash: int = 20) -> None:
        """Send at least `count` events, a frame or a few after most gestures (some come
        faster than frames). With a `home` station, the monkey is brought back there
        after `leash` gestures in a row away from the scene it shows (or from where its
        test says it is home). The left button, if held, is let go at the end. A failure
        notes the seed and the last gestures."""
        goal, away = self.sent + count, 0
        try:
            while self.sent < goal:
                where = scene_label(self.app)
                at_home = home is not None and self._at(home, where)
                if home is not None:
                    away = 0 if at_home else away + 1
                    if away > leash:
                        self._note("brought back home")
                        if self._held is not None:
                            self._release(self._held)
                        home[0](self.app)
                        away = 0
                        continue
                kind = self.rng.choices(self._kinds, self._weights)[0]
                before = self._posted
                getattr(self, f"_{kind}")()
                self.events[where] += self._posted - before
                if at_home:
                    self.sent_at_home += self._posted - before
                self._frames(self.rng.choice((0, 1, 1, 1, 2, 3)))
            if self._held is not None:
                self._release(self._point())
            self._frames(3)  # what the last gestures set off (a button's press) happens
        except BaseException as failure:
            self._describe(failure)
            raise

    def play_on(self, way: Callable[[App], dict[str, int]] | None = None) -> dict[str, int]:
        """`carry_on` (or another `way` to play on) after the storm (a failure there tells
        the storm's last gestures)."""
        try:
            return (way or carry_on)(self.app)
        except BaseException as failure:
            self._describe(failure)
            raise

    def _at(self, home: Home, where: str) -> bool:
        shows = home[1]
        return shows(self.app) if callable(shows) else where == shows

    def _describe(self, failure: BaseException) -> None:
        failure.add_note(f"monkey seed {self.seed}, after {self.sent} events; last gestures:"
                         "\n  " + "\n  ".join(self.trail))

    def _frames(self, count: int) -> None:
        for _ in range(count):
            self.app.frame(idle_wait=self.idle_wait)
            self.check(self.app)

    def _post(self, kind: int, **attributes: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attributes))
        self._posted += 1

    def _note(self, words: str) -> None:
        self.trail.append(f"[{scene_label(self.app)}] {words}")

    # Where to point ---------------------------------------------------------------------------
    def _point(self) -> tuple[int, int]:
        """Mostly on something: a widget, a card, else anywhere in the window."""
        roll = self.rng.random()
        if roll < 0.45 and (widgets := self._widgets()):
            return self._inside(self.rng.choice(widgets))
        if roll < 0.75 and (cards := self._cards()):
            return self._inside(self.rng.choice(cards))
        width, height = self.app.size
        return self.rng.randrange(width), self.rng.randrange(height)

    def _widgets(self) -> list[pygame.Rect]:
        width, height = self.app.size
        return [element.rect for element in self.app.ui.get_sprite_group().sprites()
                if isinstance(element, UIElement) and element.visible
                and 0 < element.rect.width < width and 0 < element.rect.height < height]

    def _cards(self) -> list[pygame.Rect]:
        """The cards on the table; mostly only those in the hand shown (one's own)."""
        top = self.app.scene
        if not isinstance(top, TableScene):
            return []
        placed = top.stage.placements(top.controller.clock())
        own = {card_key(card) for card in top.felt.in_hand()}
        if self.rng.random() < 0.7 and own:
            placed = [(key, placement) for key, placement in placed if key in own]
        return [top.felt.card_rect(placement) for _, placement in placed]

    def _inside(self, rect: pygame.Rect) -> tuple[int, int]:
        width, height = self.app.size
        x = self.rng.randint(rect.left, max(rect.left, rect.right - 1))
        y = self.rng.randint(rect.top, max(rect.top, rect.bottom - 1))
        return min(max(x, 0), width - 1), min(max(y, 0), height - 1)

    # Gestures ---------------------------------------------------------------------------------
    def _move_to(self, point: tuple[int, int]) -> None:
        pygame.mouse.set_pos(point)
        buttons = (1, 0, 0) if self._held is not None else (0, 0, 0)
        self._post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=buttons, touch=False)

    def _press(self, point: tuple[int, int], button: int = 1) -> None:
        if button == 1:
            if self._held is not None:  # a held button comes up before it goes down again
                self._release(point)
            self._held = point
        self._post(pygame.MOUSEBUTTONDOWN, pos=point, button=button, touch=False)

    def _release(self, point: tuple[int, int], button: int = 1) -> None:
        if button == 1:
            if self._held is None:
                return
            self._held = None
        self._post(pygame.MOUSEBUTTONUP, pos=point, button=button, touch=False)

    def _click(self, button: int = 1) -> None:
        point = self._point()
        self._note(f"click {button} at {point}")
        self._move_to(point)
        self._press(point, button)
        self._release(point, button)

    def _other_button(self) -> None:
        self._click(self.rng.choice((2, 3)))

    def _drag(self) -> None:
        """Press, move in steps; mostly let go at the end, else keep holding while other
        gestures come (the button comes up later, elsewhere)."""
        start, end = self._point(), self._point()
        steps = self.rng.randint(1, 6)
        let_go = self.rng.random() < 0.7
        self._note(f"drag from {start} to {end}" + ("" if let_go else ", held"))
        self._move_to(start)
        self._press(start)
        self._frames(1)
        for step in range(1, steps + 1):
            self._move_to((start[0] + (end[0] - start[0]) * step // steps,
                           start[1] + (end[1] - start[1]) * step // steps))
            self._frames(self.rng.choice((0, 1)))
        if let_go:
            self._release(end)

    def _motion(self) -> None:
        point = self._point()
        self._note(f"move to {point}")
        self._move_to(point)

    def _wheel(self) -> None:
        point, turn = self._point(), self.rng.choice((-3, -1, 1, 3))
        self._note(f"wheel {turn} at {point}")
        self._move_to(point)
        self._post(pygame.MOUSEWHEEL, x=0, y=turn, flipped=False, precise_x=0.0,
                   precise_y=float(turn), touch=False, which=0)

    def _key(self, key: int | None = None, mod: int = 0) -> None:
        key = self.rng.choice(PLAIN_KEYS) if key is None else key
        if mod == 0 and self.rng.random() < 0.1:
            mod = pygame.KMOD_SHIFT
        self._note(f"key {pygame.key.name(key)} (mod {mod})")
        character = chr(key) if 32 <= key < 127 and not mod & pygame.KMOD_CTRL else ""
        self._post(pygame.KEYDOWN, key=key, mod=mod, unicode=character, scancode=0)
        self._post(pygame.KEYUP, key=key, mod=mod, unicode=character, scancode=0)

    def _control(self) -> None:
        self._key(self.rng.choice(CONTROL_KEYS), pygame.KMOD_CTRL)

    def _type(self) -> None:
        """A few characters, as a keyboard sends them (a key, then the text)."""
        words = "".join(self.rng.choice(TYPED) for _ in range(self.rng.randint(1, 12)))
        self._note(f"type {words!r}")
        for character in words:
            key = ord(character.lower()) if character.isascii() else 0
            self._post(pygame.KEYDOWN, key=key, mod=0, unicode=character, scancode=0)
            self._post(pygame.TEXTINPUT, text=character)
            self._post(pygame.KEYUP, key=key, mod=0, unicode=character, scancode=0)

    def _wait(self) -> None:
        """No input for a moment: computers play, animations end."""
        count = self.rng.randint(3, 25)
        self._note(f"wait {count} frames")
        self._frames(count)

    def _resize(self) -> None:
        size = (self.rng.randint(200, 2400), self.rng.randint(150, 1500))
        self._note(f"resize to {size}")
        self._post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)

    def _fullscreen(self) -> None:
        self._key(pygame.K_F11)


# Stations -------------------------------------------------------------------------------------
def sit(app: App, kinds: str, *, seed: int, short_game: bool = False,
        until: Callable[[Match], bool] | None = None, ruleset: str | None = None) -> TableScene:
    """A table of persons (h) and computers (c) (two seats: the game for two; or the
    `ruleset` named); with `until`, the game is first played on at random, straight on the
    match, to the moment `until` names."""
    seats = [Seat(NAMES[i], "human" if kind == "h" else "computer")
             for i, kind in enumerate(kinds)]
    options: dict[str, object] = {"players": len(kinds)}
    if ruleset is None:
        ruleset = "coup-detat" if len(kinds) > 2 else "coup-detat-duel"
    if ruleset == "coup-detat":
        options["short_game"] = short_game
    session = GameSession.new(ruleset, options, seats, seed=seed, on_thinking_done=app.wake)
    if until is not None:
        match, rng = session.match, random.Random(seed)
        for _ in range(20000):
            if until(match):
                break
            match.submit(rng.choice(match.legal()))
        else:
            pytest.fail("the game never came to the moment wanted")
    scene = TableScene(app, session, from_start=until is None)
    app.replace(scene)
    frames(app, 2)
    return scene


def play_until(app: App, table: TableScene, done: Callable[[], bool],
               limit: int = 20000) -> None:
    """Frames until `done()`: persons make their last legal decision, are handed the
    device, and dismiss the hand results."""
    for _ in range(limit):
        if done():
            return
        top = app.scene
        if isinstance(top, PassDeviceScene):
            press_button(app, f"I am {top.name}: show my cards")
        elif isinstance(top, ResultOverlay):
            press(app, pygame.K_RETURN)
        elif (top is table and table.controller.human_to_act() is not None and
              table.controller.caught_up):
            table.turns.decide(table.session.match.legal()[-1])
        frames(app)
    pytest.fail("the moment wanted never came")


def person_to(word: str, *, dominos: bool = False) -> Callable[[Match], bool]:
    def ready(match: Match) -> bool:
        hand = getattr(match.state, "hand", None)  # the bluffing games have none
        return (match.pending.seat == 0 and match.pending.word == word
                and (not dominos or (hand is not None and is_dominoes(hand.hand_type))))
    return ready


def hands_ended(match: Match) -> int:
    return sum(isinstance(event, ev.HandEnded) for event in match.events)


def station_title(app: App) -> None:
    app.replace(TitleScene(app))


def station_title_with_autosave(app: App) -> None:
    session = GameSession.new("coup-detat", {"players": 4},
                              [Seat("You", "human"), *(Seat(n) for n in NAMES[1:4])], seed=5,
                              autosave_path=paths.autosave_path())
    session.close()
    app.replace(TitleScene(app))


def station_new_game(app: App) -> None:
    app.replace(TitleScene(app))
    app.push(NewGameScene(app))


def _over_title(scene: Callable[[App], Any]) -> Callable[[App], None]:
    def setup(app: App) -> None:
        app.replace(TitleScene(app))
        app.push(scene(app))
    return setup


def station_deal_animated(app: App) -> None:
    app.apply_settings(replace(app.settings, animation_speed="normal"))
    sit(app, "hccc", seed=4)


def station_coup(app: App) -> None:
    sit(app, "hccc", seed=1, until=person_to("coup"))


def station_choose(app: App) -> None:
    sit(app, "hccc", seed=2, until=person_to("choose"))


def station_tricks(app: App) -> None:
    sit(app, "hccc", seed=3, until=person_to("play"))


def station_dominos(app: App) -> None:
    sit(app, "hccc", seed=4, until=person_to("play", dominos=True))


def station_hand_result(app: App) -> None:
    table = sit(app, "hccc", seed=6)
    play_until(app, table, lambda: isinstance(app.scene, HandResultScene))


def station_game_over(app: App) -> None:
    hands = 3 * 3  # three players, short game: three rounds of three hands
    table = sit(app, "hcc", seed=8, short_game=True,
                until=lambda match: hands_ended(match) == hands - 1)
    play_until(app, table, lambda: isinstance(app.scene, GameOverScene))


def station_finished_game_loaded(app: App) -> None:
    app.replace(TitleScene(app))
    problem = resume(app, paths.sample_saves_dir() / "complete-game-4-players.json")
    assert problem is None, problem
    frames(app, 2)


def station_menu(app: App) -> None:
    sit(app, "hccc", seed=9, until=person_to("play")).actions.open_menu()


def station_save_dialog(app: App) -> None:
    sit(app, "hccc", seed=10, until=person_to("play")).actions.open_save()


def station_load_over_table(app: App) -> None:
    table = sit(app, "hccc", seed=11, until=person_to("play"))
    app.push(PauseMenu(app, table.actions))
    press_button(app, "Load")


def station_pass_two(app: App) -> None:
    table = sit(app, "hchc", seed=12, until=lambda match: match.pending.seat in (0, 2))
    play_until(app, table, lambda: isinstance(app.scene, PassDeviceScene))


def station_pass_four(app: App) -> None:
    table = sit(app, "hhhh", seed=13, until=lambda match: hands_ended(match) >= 1)
    play_until(app, table, lambda: isinstance(app.scene, PassDeviceScene))


def station_duel_exchange(app: App) -> None:
    sit(app, "hc", seed=14, until=person_to("discard"))


def station_duel_tricks(app: App) -> None:
    sit(app, "hc", seed=15, until=person_to("play"))


def station_duel_dominoes(app: App) -> None:
    sit(app, "hc", seed=16, until=person_to("play", dominos=True))


def station_duel_pass(app: App) -> None:
    table = sit(app, "hh", seed=17, until=lambda match: match.pending.word == "discard")
    play_until(app, table, lambda: isinstance(app.scene, PassDeviceScene))


def station_bluff_actions(app: App) -> None:
    sit(app, "hccc", seed=18, ruleset="coup", until=person_to("action"))


def station_bluff_challenge(app: App) -> None:
    sit(app, "hcccc", seed=19, ruleset="coup-inquisitor", until=person_to("challenge"))


def station_bluff_pass(app: App) -> None:
    table = sit(app, "hhh", seed=20, ruleset="coup-inquisitor",
                until=lambda match: match.pending.word == "action")
    play_until(app, table, lambda: isinstance(app.scene, PassDeviceScene))


STATIONS: dict[str, Station] = {
    "title": (station_title, "TitleScene"),
    "title with an autosave": (station_title_with_autosave, "TitleScene"),
    "new game": (station_new_game, "NewGameScene"),
    "rules": (_over_title(RulesScene), "RulesScene"),
    "settings": (_over_title(SettingsScene), "SettingsScene"),
    "statistics": (_over_title(StatisticsScene), "StatisticsScene"),
    "load": (_over_title(LoadScene), "LoadScene"),
    "table: the draw and the deal, animated": (station_deal_animated, "table: deal"),
    "table: the coup decision": (station_coup, "table: coup"),
    "table: the Director names the hand": (station_choose, "table: choose"),
    "table: tricks": (station_tricks, "table: tricks"),
    "table: Dominos": (station_dominos, "table: dominos"),
    "hand result": (station_hand_result, "HandResultScene"),
    "game over": (station_game_over, "GameOverScene"),
    "a finished game, loaded": (station_finished_game_loaded, "GameOverScene"),
    "menu": (station_menu, "PauseMenu"),
    "save dialog": (station_save_dialog, "SaveDialog"),
    "load over a table": (station_load_over_table, "LoadScene"),
    "pass and play, two persons": (station_pass_two, "PassDeviceScene"),
    "pass and play, four persons": (station_pass_four, "PassDeviceScene"),
    "for two: the Bastille exchange": (station_duel_exchange, "table: discard"),
    "for two: tricks": (station_duel_tricks, "table: tricks"),
    "for two: Dominoes": (station_duel_dominoes, "table: dominos"),
    "for two: pass and play": (station_duel_pass, "PassDeviceScene"),
    "Coup: the action bar": (station_bluff_actions, "table: action"),
    "Coup with the Inquisitor: a challenge": (station_bluff_challenge, "table: challenge"),
    "Coup: pass and play": (station_bluff_pass, "PassDeviceScene"),
}


# After the storm: still playable? -------------------------------------------------------------
def back_to_a_table(app: App, limit: int = 40) -> TableScene:
    """Only with what the screen offers (buttons, Esc, Enter), back to a table with a game
    going on (a finished one, loaded or played, is left for a new one)."""
    for _ in range(limit):
        top = app.scene
        if isinstance(top, TableScene):
            if not top.session.over:
                return top
            press(app, pygame.K_ESCAPE)  # its menu, to leave
        elif isinstance(top, PauseMenu):
            under = table_under(app)
            press_button(app, "Leave the table" if under is None or under.session.over
                         else "Resume")
        elif isinstance(top, PassDeviceScene):
            press_button(app, f"I am {top.name}: show my cards")
        elif isinstance(top, ResultOverlay):
            press(app, pygame.K_RETURN)
        elif isinstance(top, GameOverOverlay):
            press_button(app, "New game")
        elif isinstance(top, SaveDialog):
            press_button(app, "Cancel")
        elif isinstance(top, LeaveGameDialog):
            press_button(app, top.go)  # the game left is kept in the saves
        elif isinstance(top, NewGameScene):
            start_a_new_game(app, top)
        elif isinstance(top, TitleScene):
            press_button(app, "Continue" if enabled(app, "Continue") else "New game")
        else:  # rules, settings, statistics, load: back to where they were opened
            before = list(app.scenes)
            press(app, pygame.K_ESCAPE)
            assert app.scenes != before, f"Esc leads nowhere from {scene_label(app)}"
    pytest.fail(f"no way back to a table from {scene_label(app)}")


def enabled(app: App, text: str) -> bool:
    return any(isinstance(element, UIButton) and element.text == text and element.visible
               and element.is_enabled for element in app.ui.get_sprite_group().sprites())


def start_a_new_game(app: App, form: NewGameScene) -> None:
    """Start; if the names typed are refused, type fresh ones (as a player would)."""
    press_button(app, "Start")
    if app.scene is not form:
        return
    for seat, entry in enumerate(form.name_entries):
        click(app, entry.rect.center)
        type_over(app, entry, NAMES[seat])
    press_button(app, "Start")
    assert app.scene is not form, f"the form refuses: {form.message and form.message.text}"


def carry_on(app: App, moves: int = 3, turns: int = 8, limit: int = 20000) -> dict[str, int]:
    """After a storm: back to a table, and play on through the window. Persons' moves
    (a click on a card, a decision's button) must be taken, `moves` of them if persons sit
    at the table, and the game must go `turns` decisions further or to its end (after
    which the way back leads to a new game). What was done."""
    app.apply_settings(replace(app.settings, animation_speed="off", computer_pace="fast"))
    table = back_to_a_table(app)
    match = table.session.match
    start, taken = len(match.turns), 0
    for _ in range(limit):
        persons_done = taken >= moves or not table.session.human_seats
        game_on = len(match.turns) >= start + turns or isinstance(app.scene, GameOverOverlay)
        if persons_done and game_on:
            return {"moves": taken, "turns": len(match.turns) - start}
        if app.scene is not table:
            table = back_to_a_table(app)
            if table.session.match is not match:  # the game was over: a new one
                match, start = table.session.match, len(table.session.match.turns)
            continue
        seat = table.controller.human_to_act()
        # (else a click skips)
        settled = table.controller.caught_up and not table.stage.busy(table.controller.clock())
        if seat is not None and settled:
            make_a_move(app, table, seat)
            taken += 1
        frames(app)
    pytest.fail(f"the game stands still at {scene_label(app)}")


def make_a_move(app: App, table: TableScene, seat: int) -> None:
    """A legal move through the window: a click on a legal card, or a decision's button."""
    match = table.session.match
    before = len(match.turns)
    legal = match.legal()
    cards = [d.card for d in legal if isinstance(d, PlayCard)]
    if isinstance(legal[-1], SetAside):  # the Bastille exchange: pick, then confirm
        table.felt.marked = set()
        for card in legal[-1].cards:
            click_card(app, table, card)
        press_button(app, "Set aside and draw")
    elif cards:
        click_card(app, table, random.Random(before).choice(cards))
        if (table.buttons.decisions is not None and
            table.buttons.decisions.showing):  # a led wild card's suit
            press_button(app, next(iter(table.buttons.decisions.buttons)).text)
    elif isinstance(table.buttons.decisions, CardPicker):  # the exchange: click the cards kept
        pick_cards(app, table, legal[-1].cards)
    else:
        assert table.buttons.decisions is not None
        bar = table.buttons.decisions
        offered = [bar.words.label(d) for d in bar.buttons.values()]
        wanted = table.buttons.decisions.words.label(legal[-1])  # else the first (an action bar)
        press_button(app, wanted if wanted in offered else offered[0])
    assert any(turn.seat == seat for turn in match.turns[before:]), \
        f"{table.controller.names[seat]}'s move was not taken"


def click_card(app: App, table: TableScene, card: Card) -> None:
    placement = next(p for key, p in table.stage.placements(table.controller.clock())
                     if key == card_key(card))
    pygame.mouse.set_pos((5, 5))  # no tooltip on its way over the cards
    click(app, (placement.x, placement.y))


def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard players and hints think briefly and in this process (speed, not behaviour)."""
    def make_player(level: str, *args: Any, **keywords: Any) -> Any:
        if level == "hard":
            keywords.update(budget=0.02, workers=1)
        return ai_levels.make_player(level, *args, **keywords)

    monkeypatch.setattr("game.services.session.make_player", make_player)
