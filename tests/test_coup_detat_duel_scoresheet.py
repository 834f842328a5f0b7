"""The scoresheet of the game for two names each hand's winner whole: at 960x600 the table's
sheet (in the left column) cut "Brigitte*" to "Brigit…*"; its type now gets smaller first,
and a name is cut only when even the smallest type cannot hold it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pygame
import pytest
from pygame import Rect
from test_review import played
from ui_kit import duel_table, frames, open_app

from game.games.coup_detat_duel.rules.charts import HandType
from game.games.coup_detat_duel.table import hud
from game.ui import text

SIZES = [(1280, 800), (960, 600)]


def drawn_sheet(monkeypatch: pytest.MonkeyPatch, surface: pygame.Surface, rect: Rect,
                names: list[str], scale: float) -> list[tuple[str, Rect]]:
    """Draw a finished game's scoresheet; what was written, and where."""
    match = played("coup-detat-duel", seed=3)
    view = match.ruleset.view(match.state, 0)
    assert len(view.scoresheet) >= 2 * len(HandType), "a whole game's sheet"
    written: list[tuple[str, Rect]] = []
    real = hud.blit_text

    def recording(target: pygame.Surface, words: str, *args: object,
                  **kwargs: object) -> Rect:
        drawn = real(target, words, *args, **kwargs)  # type: ignore[arg-type]
        written.append((words, drawn))
        return drawn

    monkeypatch.setattr(hud, "blit_text", recording)
    hud.draw_scoresheet(surface, rect, view, names, scale)
    monkeypatch.setattr(hud, "blit_text", real)
    return written


def cells(written: list[tuple[str, Rect]], names: list[str]) -> list[tuple[str, Rect]]:
    """The cells: what was written that is (a part of) a name, with or without its mark."""
    return [(words, rect) for words, rect in written
            if words.rstrip("*").rstrip("…") and any(
                name.startswith(words.rstrip("*").rstrip("…")) for name in names)
            and not words.startswith(tuple(f"{name}  " for name in names))]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_tables_sheet_names_every_winner_whole(size: tuple[int, int], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["Antoine", "Brigitte"]
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = duel_table(app)
        frames(app)
        layout = scene.felt.layout
        written = drawn_sheet(monkeypatch, app.screen, layout.board, names, layout.scale)
        shown = cells(written, names)
        assert len(shown) >= 2 * len(HandType)
        assert all(words.rstrip("*") in names for words, _ in shown), shown
        assert all(layout.board.contains(rect) for _, rect in written)
        by_row: dict[int, list[Rect]] = {}
        for _, rect in written:
            by_row.setdefault(rect.centery, []).append(rect)
        for row in by_row.values():  # a label and its cells do not run into each other
            row.sort(key=lambda rect: rect.left)
            assert all(left.right <= right.left for left, right in pairwise(row)), row


def test_a_name_too_long_for_the_smallest_type_is_cut_at_last(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    names = ["Maximilienne-Adélaïde", "Brigitte"]
    with open_app(tmp_path, monkeypatch, size=(960, 600)) as app:
        scene = duel_table(app)
        frames(app)
        layout = scene.felt.layout
        assert hud.sheet_size(layout.board, names, layout.scale) == 9
        shown = cells(drawn_sheet(monkeypatch, app.screen, layout.board, names, layout.scale),
                      names)
        assert any("…" in words for words, _ in shown), "the long name is cut"
        assert any(words.rstrip("*") == "Brigitte" for words, _ in shown)
        text.forget_fonts()
