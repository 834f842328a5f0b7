"""The monkey at the defaults: the storm of tests/test_ui_monkey.py, on each of the four
games, in the window as a player opens it (tests/player_kit.py: the shipped settings, so
animations normal, computers at the normal pace, sound on through the dummy audio driver,
errors caught by the crash screen; the window's own loop, only the clock sped up).

Each game is started from the Title screen through New game by clicks; at its table the
monkey clicks, drags, types and resizes, with the monkey's checks and "no crash screen"
after every frame, and is brought back to that game's table when it wanders off for long.
It is kept out of the Settings screen (closed the moment it opens), so the settings stay
the shipped ones. Afterwards, without touching any setting, the person finds his way back
to the game with what the screen offers and plays on: his moves are taken and the match
goes several turns further.
"""

from __future__ import annotations

import random
import time
import traceback
import zlib
from pathlib import Path

import pygame
import pytest
from monkey_kit import NAMES, Monkey, check_invariants
from player_kit import Person, Seating, shipped_app
from ui_kit import table_under

from game.engine import saves
from game.games.coup.table.picker import CardPicker
from game.services.catalogue import CATALOGUE
from game.services.settings import Settings
from game.system import paths
from game.ui.app import MIN_SIZE, App
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.table.scene import TableScene

PERSON, MEDIUM, EASY = "Person", "Computer: Medium", "Computer: Easy"
EVENTS_PER_GAME = 400
LEASH = 10  # gestures in a row away from the game's table, before the monkey is brought back
MOVES, TURNS = 3, 8  # after the storm: the persons' moves taken, the match's turns gone by

# ruleset: how New game is told to seat it, and the window's size
GAMES = {
    "coup-detat": (Seating("Coup d'État", 4, [PERSON, MEDIUM, PERSON, EASY]), (1280, 800)),
    "coup-detat-duel": (Seating("Coup d'État for two", 2, [PERSON, MEDIUM]), MIN_SIZE),
    "coup": (Seating("Coup", 3, [PERSON, EASY, MEDIUM]), MIN_SIZE),
    "coup-inquisitor": (
        Seating("Coup with the Inquisitor", 4, [PERSON, MEDIUM, PERSON, EASY]), (1280, 800)),
}


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_the_monkey_at_the_shipped_settings_breaks_nothing_and_the_game_goes_on(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seating, size = GAMES[ruleset]
    seed = zlib.crc32(ruleset.encode())
    random.seed(seed)  # the deals New game draws (the computers draw their own)
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        Person(app, seed).start(seating)
        assert game_table(app, ruleset) is not None

        def go_home(app: App) -> None:
            back_to_the_game(app, seating, ruleset, seed)

        def at_home(app: App) -> bool:
            return game_table(app, ruleset) is not None

        monkey = Monkey(app, seed, check=checks, idle_wait=True)
        monkey.storm(EVENTS_PER_GAME, home=(go_home, at_home), leash=LEASH)
        assert monkey.sent >= EVENTS_PER_GAME
        assert monkey.sent_at_home >= EVENTS_PER_GAME // 5, "it kept to the game's table"
        assert shipped(app.settings), app.settings

        after = monkey.play_on(lambda app: play_on(app, seating, ruleset, seed))
        assert after["moves"] >= MOVES and after["turns"] >= TURNS
        assert shipped(app.settings), "the settings were not touched"


# After every frame ------------------------------------------------------------------------
def checks(app: App) -> None:
    """No crash screen, the Settings screen closed as soon as it opens, and the monkey's
    own checks."""
    no_crash_screen(app)
    if isinstance(app.scene, SettingsScene):
        app.pop()  # as its Back button does: the monkey changes no setting
    check_invariants(app)


def no_crash_screen(app: App) -> None:
    if app.crash is not None:
        error, report = app.crash
        pytest.fail("the crash screen came up (report: {}):\n{}".format(
            report, "".join(traceback.format_exception(error))))


def shipped(settings: Settings) -> bool:
    """The settings the game ships with, but for the window (its size, full screen: the
    monkey resizes, and presses F11)."""
    return Settings(window_size=settings.window_size, fullscreen=settings.fullscreen) == settings


# The game's table ---------------------------------------------------------------------------
def game_table(app: App, ruleset: str) -> TableScene | None:
    """The table of a game of `ruleset` going on, if it is what the screen shows: the table
    itself, or the pass screen or a hand's result over it."""
    top = app.scene
    table = top if isinstance(top, TableScene) else None
    if isinstance(top, PassDeviceScene | ResultOverlay) and len(app.scenes) > 1 \
            and isinstance(app.scenes[-2], TableScene):
        table = app.scenes[-2]  # the table the pass screen or the result stands over
    if table is None or table not in app.scenes or table.controller.ruleset.id != ruleset \
            or table.session.over:
        return None
    return table


def back_to_the_game(app: App, seating: Seating, ruleset: str, seed: int,
                     limit: int = 40) -> tuple[Person, TableScene]:
    """With what the screen offers only (its buttons, Esc), back to a game of `ruleset`
    going on: the one on the screen, or the autosaved one (Continue), or a new one started
    through New game. The person who did it, and the table."""
    person = Person(app, seed)  # a new one: he watches the window from now on
    while pygame.event.peek():  # what the monkey sent last is handled first
        person.frame()
    for _ in range(limit):
        table = game_table(app, ruleset)
        if table is not None:
            return person, table
        top = app.scene
        if isinstance(top, TableScene):
            person.press(pygame.K_ESCAPE)  # its menu, to leave
        elif isinstance(top, PauseMenu):
            under = table_under(app)
            ours = under is not None and under.controller.ruleset.id == ruleset \
                and not under.session.over
            person.click_button("Resume" if ours else "Leave the table")
        elif isinstance(top, PassDeviceScene):  # another game's: leave it by its menu
            person.click_button("Menu" if top.menu is not None else
                                f"I am {top.name}: show my cards")
        elif isinstance(top, ResultOverlay):
            person.click_button("Continue")
        elif isinstance(top, GameOverOverlay):
            person.click_button("Title screen")
        elif isinstance(top, NewGameScene):
            if len(app.scenes) > 1:
                person.click_button("Back")
            else:  # after a game's end (its Back leads nowhere): start what it shows
                start_the_form(person, top)
        elif isinstance(top, TitleScene):
            if person.enabled("Continue") and autosaved_ruleset() == ruleset:
                person.click_button("Continue")
            else:
                person.start(seating)
        else:  # rules, settings, statistics, load, save: back to where they were opened
            before = list(app.scenes)
            person.press(pygame.K_ESCAPE)
            assert app.scenes != before, f"Esc leads nowhere from {person.where()}"
    pytest.fail(f"no way back to the game from {person.where()}")


def autosaved_ruleset() -> str | None:
    try:
        saved, _, _ = saves.read_first(paths.autosave_paths(), catalogue=CATALOGUE)
    except saves.SaveError:
        return None
    return saved.ruleset.id


def start_the_form(person: Person, form: NewGameScene) -> None:
    """Start; if the names typed are refused, type fresh ones (as a player would)."""
    person.click_button("Start")
    if person.app.scene is not form:
        return
    for seat, entry in enumerate(form.name_entries):
        person.click(entry.rect.center)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):  # Ctrl+A: all of it, to be typed over
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_a, mod=pygame.KMOD_CTRL,
                                                 unicode="", scancode=0))
        person.press(pygame.K_BACKSPACE)
        for character in NAMES[seat]:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
        while pygame.event.peek():
            person.frame()
        assert entry.get_text() == NAMES[seat]
    person.click_button("Start")
    assert person.app.scene is not form, f"the form refuses: {form.message}"


# Playing on ---------------------------------------------------------------------------------
def play_on(app: App, seating: Seating, ruleset: str, seed: int,
            limit_seconds: float = 60.0) -> dict[str, int]:
    """Back to the game, and play on at the settings as they are: the persons' moves must
    be taken (`MOVES` of them) and the match go `TURNS` turns further (a game that ends
    first counts, and a new one follows). What was done."""
    deadline = time.perf_counter() + limit_seconds
    done = {"moves": 0, "turns": 0}
    tidied = False
    while done["moves"] < MOVES or done["turns"] < TURNS:
        person, table = back_to_the_game(app, seating, ruleset, seed)
        match, start = table.session.match, len(table.session.match.turns)
        while game_table(app, ruleset) is table:
            if done["moves"] + person.decisions >= MOVES \
                    and done["turns"] + len(match.turns) - start >= TURNS:
                break
            if time.perf_counter() > deadline:
                pytest.fail(f"the game stands still at {person.where()}")
            if not tidied and app.scene is table and Person.table_waits_for_the_person(table):
                tidy(person, table)  # the person's first turn: what the monkey left half done
                tidied = True
            person.act()
            person.frame()
        while person.deciding:  # a move sent last is taken, or this fails
            person.frame()
        done["moves"] += person.decisions
        done["turns"] += len(match.turns) - start
    return done


def tidy(person: Person, table: TableScene, limit: int = 2000) -> None:
    """Undo by clicks what the monkey left half done at the person's turn: a hint on its
    way (it would mark cards) is awaited, cards marked for an exchange and cards picked in
    the exchange's panel are clicked again."""
    for _ in range(limit):
        if not table.controller.hint_wanted:
            break
        person.frame()
    if table.felt.collecting():
        for card in list(table.felt.marked):
            person.click(person.card_spot(table, card))
        assert not table.felt.marked
    picker = table.buttons.decisions
    if isinstance(picker, CardPicker):
        for button, index in list(picker.card_buttons.items()):
            if index in picker.picked:
                person.click(button.rect.center)
        assert not picker.picked
