"""The review's right column shows all it says: what does not fit (the costliest decisions,
under where the seat's money went) is reached with the mouse wheel over the column, or by its
scrollbar; the wheel elsewhere leaves it be. Checked on the window's pixels, at the design
size and at 960x600."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_ui_review import judged_all, open_review, told
from ui_kit import frames, open_app

from game.ui import text
from game.ui.app import App
from game.ui.scenes.review import ReviewScene
from game.ui.table.render import suit_colours
from game.ui.theme import MUTED

SIZES = [(1280, 800), (960, 600)]
PANEL = (8, 14, 10)  # the column's ground


def shows(app: App, scene: ReviewScene, words: str) -> bool:
    """Are `words` drawn whole at the start of a row of the column (as the column draws a
    line: muted, at its type size and margin)?"""
    area, scale = scene.layout.log, scene.scale
    size = max(11, round(15 * scale))
    image = text.render(words, size, MUTED,
                        suit_colours=text.on_dark(suit_colours(scene.card_art)))
    expected = pygame.Surface(image.get_size())
    expected.fill(PANEL)
    expected.blit(image, (0, 0))
    wanted = pygame.image.tobytes(expected, "RGB")
    left = area.left + round(10 * scale)
    for top in range(area.top, area.bottom - image.get_height()):
        drawn = app.screen.subsurface(pygame.Rect((left, top), image.get_size()))
        if pygame.image.tobytes(drawn, "RGB") == wanted:
            return True
    return False


def last_line_start(scene: ReviewScene) -> str:
    """The first words of the column's last line (a costly decision), as few as tell it
    from every other line and short enough to start its row whole."""
    lines = [words for words, _, _ in told(scene)]
    last, others = lines[-1], lines[:-1]
    words = last.split(" ")
    for count in range(1, len(words) + 1):
        start = " ".join(words[:count])
        if not any(line.startswith(start) for line in others):
            size = max(11, round(15 * scene.scale))
            room = scene.layout.log.width - round(30 * scene.scale)
            assert text.measure(start, size) < room, start
            return start
    pytest.fail("the last line repeats another")


def wheel(app: App, at: tuple[int, int], notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0,) * 3))
    for _ in range(abs(notches)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if notches > 0 else -1,
                                             flipped=False, precise_x=0.0,
                                             precise_y=1.0 if notches > 0 else -1.0))
    frames(app, 2)


def reviewed(app: App, monkeypatch: pytest.MonkeyPatch) -> ReviewScene:
    """The complete sample's review, judged, at its seat's sixth decision."""
    scene = open_review(app, "complete-game-4-players.json", monkeypatch)
    judged_all(app, scene)
    scene.place.go_to(scene.place.seat_turns[5])
    frames(app, 2)
    assert [words for words, _, _ in told(scene)][-4] == "The costliest decisions"
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_wheel_over_the_column_reaches_the_costliest_decisions(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = reviewed(app, monkeypatch)
        last = last_line_start(scene)
        assert not shows(app, scene, last), "the column is longer than its area"
        wheel(app, scene.layout.felt.center, -20)
        assert not shows(app, scene, last), "the wheel over the table leaves the column"
        wheel(app, scene.layout.log.center, -20)
        assert shows(app, scene, last), "scrolled down, the last costly decision shows"
        scene.place.go(0, 1)
        frames(app, 2)
        assert shows(app, scene, last_line_start(scene)), "stepping keeps the place read"
        wheel(app, scene.layout.log.center, 20)
        assert not shows(app, scene, last), "and back up"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_columns_bar_is_pressed_and_dragged(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = reviewed(app, monkeypatch)
        last = last_line_start(scene)
        bar, thumb = scene.column.scrollbar()
        assert bar.height > thumb.height > 0 and scene.layout.log.contains(bar)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                             pos=thumb.center))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.centerx, bar.bottom),
                                             rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                             pos=(bar.centerx, bar.bottom)))
        frames(app, 2)
        assert shows(app, scene, last), "dragged to the bottom, the last line shows"
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                             pos=(bar.centerx, bar.top)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                             pos=(bar.centerx, bar.top)))
        frames(app, 2)
        assert not shows(app, scene, last) and scene.column.offset == 0
