"""The Director's Board says what its columns are: "Round played" over the hand types, the
rounds' numbers over their holes, nothing over the first hole (where a dagger waits for its
hand to be played) — no "S" there, which read as a 5."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame import Rect
from ui_kit import frames, open_app, table

from game.games.coup_detat.table import hud

SIZES = [(1280, 800), (960, 600)]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("short_game", [False, True], ids=["four rounds", "short game"])
def test_the_boards_columns_are_named(size: tuple[int, int], short_game: bool,
                                      tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[tuple[str, Rect]] = []
    real = hud.blit_text

    def recording(target: pygame.Surface, words: str, *args: object, **kwargs: object) -> Rect:
        drawn = real(target, words, *args, **kwargs)  # type: ignore[arg-type]
        written.append((words, drawn))
        return drawn

    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = table(app, "hccc", short_game=short_game)
        frames(app)
        layout, view = scene.felt.layout, scene.session.match.view(0)
        geometry = hud.board_geometry(layout.board, view.rounds, layout.scale)
        monkeypatch.setattr(hud, "blit_text", recording)
        hud.draw_board(app.screen, geometry, view, [geometry.columns[0]] * 6, layout.scale)
        monkeypatch.setattr(hud, "blit_text", real)
    header_top = min(rect.top for words, rect in written if words.isdigit())
    header = [(words, rect) for words, rect in written if abs(rect.top - header_top) <= 2]
    assert "S" not in {words for words, _ in header}
    numbers = [(words, rect) for words, rect in header if words.isdigit()]
    assert [words for words, _ in numbers] == [str(n) for n in range(1, view.rounds + 1)]
    for (_, rect), x in zip(numbers, geometry.columns[1:], strict=True):
        assert abs(rect.centerx - x) <= 1, "each round's number over its hole"
    first_hole = geometry.columns[0]
    assert not any(rect.left <= first_hole <= rect.right for _, rect in header), \
        "nothing over the first hole"
    heading = [words for words, rect in header if not words.isdigit()]
    assert heading == ["Round played"], header
    heading_rect = next(rect for words, rect in header if words == "Round played")
    assert layout.board.contains(heading_rect) and heading_rect.right < first_hole
