"""The keyboard on every screen of buttons, as at the table: Tab and the arrows walk along
the buttons (and New game's text boxes and menus), the one the keyboard is on shown
selected; Shift+Tab goes back; Enter presses it, opens a menu and takes its choice;
Escape leaves the screen (or closes an open menu)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine
from ui_kit import frames, open_app, press, table

from game.system import paths
from game.ui.scenes.common import MenuScene
from game.ui.scenes.files import LoadScene
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene


def on(app) -> object:  # type: ignore[no-untyped-def]
    """The widget the keyboard is on."""
    scene = app.scene
    assert isinstance(scene, MenuScene)
    return scene.keyboard.current


def shown_selected(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The words of the buttons shown selected."""
    return [element.text for element in app.ui.get_sprite_group().sprites()
            if isinstance(element, UIButton) and element.visible and element.is_selected]


def type_text(app, words: str) -> None:  # type: ignore[no-untyped-def]
    for letter in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    frames(app, 2)


def test_the_title_answers_the_arrows_tab_enter_and_escape(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        frames(app)
        assert shown_selected(app) == [], "nothing is selected before a key"
        press(app, pygame.K_DOWN)
        assert on(app).text == "New game" and shown_selected(app) == ["New game"]
        press(app, pygame.K_DOWN)
        assert on(app).text == "Play with friends"
        press(app, pygame.K_DOWN)
        assert on(app).text == "Learn to play", "Continue, greyed, is passed over"
        press(app, pygame.K_DOWN)
        assert on(app).text == "Load"
        press(app, pygame.K_TAB)
        press(app, pygame.K_RIGHT)
        assert shown_selected(app) == ["Statistics"]
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        press(app, pygame.K_UP)
        assert shown_selected(app) == ["Load"]
        press(app, pygame.K_UP)
        assert on(app).text == "Learn to play"
        press(app, pygame.K_UP)
        press(app, pygame.K_UP)
        press(app, pygame.K_UP)
        assert on(app).text == "Quit", "round the end"
        press(app, pygame.K_UP)
        press(app, pygame.K_UP)
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, StatisticsScene)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, TitleScene)
        assert shown_selected(app) == ["Statistics"], "back where the keyboard was"
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, SettingsScene)


def test_enter_on_a_screen_with_nothing_selected_selects_the_first_button(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        frames(app)
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, TitleScene) and shown_selected(app) == ["New game"]
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, NewGameScene)


def test_new_game_is_filled_in_and_started_with_the_keyboard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        frames(app)
        app.push(NewGameScene(app))
        frames(app)
        form = app.scene
        assert isinstance(form, NewGameScene)
        press(app, pygame.K_TAB)
        assert on(app) is form.game_menu
        press(app, pygame.K_TAB)
        assert on(app) is form.players_menu
        press(app, pygame.K_RETURN)  # open the menu: 3 players, 4 players (chosen), 6...
        assert form.players_menu.current_state is form.players_menu.menu_states["expanded"]
        press(app, pygame.K_UP)
        press(app, pygame.K_RETURN)
        frames(app, 2)
        assert form.players == 3 and len(form.name_entries) == 3
        assert on(app) is form.players_menu, "the keyboard stays on the menu it used"
        press(app, pygame.K_TAB)
        assert on(app).text == "Short game: off"
        press(app, pygame.K_RETURN)
        assert form.flags["short_game"] and on(app).text == "Short game: on"
        assert shown_selected(app) == ["Short game: on"]
        press(app, pygame.K_TAB)
        entry = on(app)
        assert entry is form.name_entries[0] and isinstance(entry, UITextEntryLine)
        assert entry.is_focused, "typing goes to the name the keyboard is on"
        press(app, pygame.K_BACKSPACE)
        for _ in range(10):
            press(app, pygame.K_BACKSPACE)
        type_text(app, "Zoé")
        press(app, pygame.K_RETURN)  # Enter in a name: on to the next field
        assert on(app) is form.kind_menus[0] and not entry.is_focused
        press(app, pygame.K_RETURN)
        press(app, pygame.K_DOWN)  # Person -> Computer: Easy
        press(app, pygame.K_ESCAPE)  # closes the menu as it was, stays on New game
        assert isinstance(app.scene, NewGameScene) and form.kinds[0] == "Person"
        while not (isinstance(on(app), UIButton) and on(app).text == "Start"):
            press(app, pygame.K_TAB)
        press(app, pygame.K_RETURN)
        scene = app.scene
        assert isinstance(scene, TableScene)
        assert scene.session.names[0] == "Zoé" and scene.session.match.players == 3
        assert scene.session.match.options.short_game


def test_shift_tab_walks_new_game_backwards_from_a_name_clicked_into(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = NewGameScene(app)
        app.replace(form)
        frames(app)
        app.ui.set_focus_set(form.name_entries[1])  # as a click into the second name
        frames(app)
        assert on(app) is form.name_entries[1]
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert on(app) is form.kind_menus[0] and not form.name_entries[1].is_focused
        press(app, pygame.K_UP)
        assert on(app) is form.name_entries[0] and form.name_entries[0].is_focused


def test_settings_change_with_the_keyboard_which_stays_on_the_switch(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        app.push(SettingsScene(app))
        frames(app)
        press(app, pygame.K_TAB)
        assert isinstance(on(app), UIDropDownMenu)  # Animations: Off
        press(app, pygame.K_RETURN)
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        frames(app, 2)
        assert app.settings.animation_speed == "fast"
        for _ in range(3):
            press(app, pygame.K_DOWN)
        assert on(app).text == "Four-colour suits: off"
        press(app, pygame.K_RETURN)
        assert app.settings.four_colour_suits
        assert shown_selected(app) == ["Four-colour suits: on"]
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, TitleScene)


def test_the_tables_menu_and_its_dialogs_answer_the_keyboard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc")
        frames(app, 3)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, PauseMenu)
        press(app, pygame.K_DOWN)
        assert shown_selected(app) == ["Resume"]
        for _ in range(3):
            press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, RulesScene)
        press(app, pygame.K_ESCAPE)
        assert app.scene is scene
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_TAB)
        press(app, pygame.K_RETURN)  # Resume
        assert app.scene is scene


def test_the_load_list_is_walked_and_opened_with_the_keyboard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        paths.saves_dir()
        app.replace(TitleScene(app))
        app.push(LoadScene(app))
        frames(app)
        listing = app.scene.list
        press(app, pygame.K_TAB)
        assert on(app) is listing
        press(app, pygame.K_DOWN)
        press(app, pygame.K_DOWN)
        chosen = listing.get_single_selection()
        assert chosen == listing.item_list[1]["text"]
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, TableScene)


def test_the_pass_screen_is_confirmed_with_the_keyboard_and_not_escaped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hhcc", seed=1)
        for _ in range(2000):
            frames(app)
            if isinstance(app.scene, PassDeviceScene):
                break
        name = app.scene.name
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, PassDeviceScene)
        assert shown_selected(app) == [f"I am {name}: show my cards"]  # the keyboard starts there
        press(app, pygame.K_RETURN)
        assert app.scene is scene and scene.controller.viewer == scene.controller.names.index(name)
