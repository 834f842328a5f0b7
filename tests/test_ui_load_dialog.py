"""The Load dialog as a player saw it in a real window: its buttons' tips stand by the
buttons (Delete's went to the top of the window, over the heading), each row says which
game the save is, a renamed save stays chosen, and the list shows whole rows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from pygame import Rect
from pygame_gui.elements import UIButton, UISelectionList
from ui_kit import click, frames, hovered_tip, press, press_button

from game.engine.saves import Seat
from game.games import table_games
from game.games.plugin import Game
from game.services import save_index
from game.services.session import GameSession
from game.system import paths
from game.ui import screens
from game.ui.app import App
from game.ui.scenes.files import LoadScene, SaveDialog
from game.ui.scenes.save_manage import DeleteDialog, RenameDialog

SIZES = [(1280, 800), (960, 600)]
SEAT_NAMES = ("Ada", "Blaise", "Colette", "Denis", "Emile", "Fanny", "Gaston", "Hélène")


def load_dialog(app: App) -> LoadScene:
    app.push(screens.make("load", app))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, LoadScene) and scene.list is not None
    return scene


def gap(one: Rect, other: Rect) -> int:
    """How many pixels apart two boxes are, along the axis where they are farthest."""
    return max(one.left - other.right, other.left - one.right,
               one.top - other.bottom, other.top - one.bottom, 0)


def row_buttons(app: App) -> list[UIButton]:
    """The buttons of the dialog's foot (not the rows of its list)."""
    return [element for element in app.ui.get_sprite_group().sprites()
            if isinstance(element, UIButton) and element.visible
            and not isinstance(element.ui_container.parent_element, UISelectionList)
            and not isinstance(getattr(element, "parent_element", None), UISelectionList)]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_each_buttons_tip_stands_by_it_over_no_other_button(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        load_dialog(app)
        buttons = row_buttons(app)
        tipped = [button for button in buttons if button.tool_tip_text]
        assert {button.text for button in tipped} >= {"Review", "Rename", "Delete"}
        window = Rect((0, 0), app.size)
        for button in tipped:
            tip = hovered_tip(app, button, then_away=True)
            assert window.contains(tip), (button.text, tip)
            assert not tip.colliderect(button.rect), button.text
            assert gap(tip, button.rect) <= max(tip.size), \
                f"{button.text}: its tip {tip} is far from the button {button.rect}"
            assert not [other.text for other in buttons
                        if other is not button and other.rect.colliderect(tip)], button.text


def save_of(game: Game, name: str) -> Path:
    """A save of the player's of `game` (a person and computers), called `name`."""
    players = game.setup.usual_players
    seats = [Seat(SEAT_NAMES[index], "human" if index == 0 else "computer")
             for index in range(players)]
    session = GameSession.new(game.id, game.setup.options(players, {}, 0), seats, seed=5)
    path = save_index.new_save_path(name)
    try:
        session.save(path, name)
    finally:
        session.close()
    return path


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_each_row_says_which_game_the_save_is(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        paths.saves_dir().mkdir(parents=True, exist_ok=True)
        saved = {save_of(game, f"Sunday {number}"): game.ruleset.title
                 for number, game in enumerate(table_games())}
        assert len(set(saved.values())) == len(saved) >= 4
        scene = load_dialog(app)
        rows = dict(zip((entry.path for entry in scene.entries), scene.lines, strict=True))
        for path, title in saved.items():
            assert rows[path].startswith(f"{save_index.read_entry(path).title} · {title}"), \
                (rows[path], title)


SAMPLE = Path(__file__).resolve().parent.parent / "saves" / "coup-in-progress-4-players.json"


def many_saves(count: int) -> None:
    """`count` saves of the player's, more than a list shows at once."""
    paths.saves_dir().mkdir(parents=True, exist_ok=True)
    for number in range(count):
        data = json.loads(SAMPLE.read_text()) | {"name": f"Evening {number}"}
        save_index.new_save_path(f"Evening {number}").write_text(json.dumps(data))


@contextmanager
def crowded_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 size: tuple[int, int]) -> Iterator[tuple[App, LoadScene]]:
    """The game at the shipped settings, its Load dialog open over 24 of the player's saves."""
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        many_saves(24)
        yield app, load_dialog(app)


def shown_heights(listing: UISelectionList) -> list[int]:
    """How much of each row the list shows, in pixels (its rows are clipped to its inside)."""
    inside = listing.item_list_container
    assert inside is not None
    return [button.rect.clip(inside.rect).height for item in listing.item_list
            if isinstance(button := item["button_element"], UIButton)]


def scrolled_to_the_foot(app: App, listing: UISelectionList) -> None:
    assert listing.scroll_bar is not None, "the list has more rows than it shows"
    listing.scroll_bar.set_scroll_from_start_percentage(1.0)
    frames(app, 2)


def check_whole_rows(app: App, listing: UISelectionList) -> None:
    row = listing.list_item_height
    assert set(shown_heights(listing)) <= {0, row}, shown_heights(listing)
    scrolled_to_the_foot(app, listing)
    assert set(shown_heights(listing)) <= {0, row}, shown_heights(listing)
    assert [height for height in shown_heights(listing) if height][-1] == row


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_lists_show_whole_rows_at_the_top_and_scrolled_to_the_foot(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with crowded_load(tmp_path, monkeypatch, size) as (app, scene):
        assert scene.list is not None
        check_whole_rows(app, scene.list)
        app.pop()
        game = table_games()[0]
        seats = [Seat(name, "human") for name in SEAT_NAMES[:game.setup.usual_players]]
        session = GameSession.new(game.id, game.setup.options(len(seats), {}, 0), seats, seed=5)
        try:
            dialog = SaveDialog(app, session)
            app.push(dialog)
            frames(app, 2)
            assert dialog.listing is not None
            check_whole_rows(app, dialog.listing)
        finally:
            session.close()


def click_row(app: App, scene: LoadScene, path: Path) -> None:
    """Scroll the Load dialog's list to the save in `path` and click it, as a player does."""
    listing = scene.list
    assert listing is not None
    index = [entry.path for entry in scene.entries].index(path)
    if listing.scroll_bar is not None:
        listing.scroll_bar.set_scroll_from_start_percentage(index / len(scene.entries))
        frames(app, 2)
    button = listing.item_list[index]["button_element"]
    assert isinstance(button, UIButton)
    click(app, button.rect.center)
    assert listing.get_single_selection() == scene.lines[index]


def type_name(app: App, dialog: RenameDialog, name: str) -> None:
    """Empty the box and type `name` as the keyboard sends it."""
    assert dialog.name is not None and dialog.name.is_focused
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    press(app, pygame.K_BACKSPACE)
    for character in name:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
    frames(app, 2)
    assert dialog.name.get_text() == name


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_renamed_save_stays_chosen_in_view_under_its_new_name(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with crowded_load(tmp_path, monkeypatch, size) as (app, scene):
        last = [entry for entry in scene.entries if not entry.sample][-1]
        click_row(app, scene, last.path)
        press(app, pygame.K_F2)
        dialog = app.scene
        assert isinstance(dialog, RenameDialog)
        type_name(app, dialog, "Sunday with Zoé")
        press(app, pygame.K_RETURN)
        assert app.scene is scene and scene.list is not None
        assert scene.message is not None and scene.message.text.startswith("Renamed")
        chosen = scene.list.get_single_selection()
        assert chosen is not None and chosen.startswith("Sunday with Zoé · "), chosen
        index = scene.lines.index(chosen)
        assert scene.entries[index].path == paths.saves_dir() / "Sunday-with-Zoé.json"
        button = scene.list.item_list[index]["button_element"]
        inside = scene.list.item_list_container
        assert isinstance(button, UIButton) and inside is not None
        assert button.is_selected and inside.rect.contains(button.rect), "shown chosen"
        press(app, pygame.K_DELETE)  # what the keys do is done to it
        asked = app.scene
        assert isinstance(asked, DeleteDialog) and asked.entry.title == "Sunday with Zoé"
        press_button(app, "Keep it")
        assert scene.list.get_single_selection() == chosen, "still chosen"
