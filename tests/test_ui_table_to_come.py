"""The table to come, drawn ahead while New game or the host's lobby waits: the table's
first frame finds its pictures made (it drew them all: 50 to 110 ms, its Start frame the
longest a player met after the window's first)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest
from player_kit import shipped_app

from game.games import get_game
from game.ui.app import App
from game.ui.art import card_art, character_cards, emblems
from game.ui.art import table as table_art
from game.ui.scenes.new_game import NewGameScene
from game.ui.table.scene import TableScene

IDLE_SECONDS = 60.0  # of the wall clock, at most, for the work ahead to be done
# every picture the tables cache, made the first time it is asked for
PICTURES: tuple[Callable[..., object], ...] = (
    table_art.felt, table_art.board_plank, emblems.franc_note, emblems.dagger,
    emblems.director_badge, emblems.coup_badge, card_art._suited, card_art._special,
    card_art._back, character_cards._character_face)


def made() -> int:
    return sum(picture.cache_info().misses for picture in PICTURES)  # type: ignore[attr-defined]


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with shipped_app(tmp_path, monkeypatch) as app:
        yield app


def _choose(app: App, menu: object, words: str) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=words,
                                         ui_element=menu))
    app.frame(idle_wait=False)


def _idle(app: App) -> None:
    """The form read: the window idles until its work ahead is done."""
    until = time.monotonic() + IDLE_SECONDS
    while app.ahead.drawing:
        assert time.monotonic() < until, "the work ahead was never done"
        app.frame(idle_wait=True)


def _click(app: App, button: pygame_gui.elements.UIButton) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
        app.frame(idle_wait=False)
    app.frame(idle_wait=False)  # the press, which pygame-gui posts, handled: the table drawn


@pytest.mark.parametrize(("ruleset", "players"), [
    ("coup-detat", "4 players"), ("coup-detat", "8 players"), ("coup-detat-duel", None),
    ("coup", "6 players"), ("coup-inquisitor", "4 players")])
def test_the_table_opened_by_start_finds_its_pictures_made(
        shipped: App, ruleset: str, players: str | None) -> None:
    for picture in PICTURES:
        picture.cache_clear()  # type: ignore[attr-defined]
    form = NewGameScene(shipped)
    shipped.replace(form)
    shipped.frame(idle_wait=False)
    _choose(shipped, form.game_menu, get_game(ruleset).title)
    if players is not None:
        assert form.players_menu is not None
        _choose(shipped, form.players_menu, players)
    _idle(shipped)
    assert made() > 10  # the rehearsal drew them
    before = made()
    _click(shipped, form.start_button)
    assert isinstance(shipped.scene, TableScene)
    shipped.frame(idle_wait=False)
    assert made() == before
