"""Small type keeps its words apart: hinted to whole pixels, the font's space at 9 pixels and
under is no wider than the gaps between letters ("take 3coins", "keepany", "draw2" in the
bluffing table's left column at 960x600), so a space is drawn wider there, and a text is
measured as it is drawn."""

from __future__ import annotations

import os
from itertools import pairwise

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui import text

PHRASES = ("Tax: take 3 coins", "draw 2, keep any of them", "lose an influence")
SIZES = range(7, 17)


@pytest.fixture(autouse=True)
def fonts() -> object:
    pygame.font.init()
    yield
    text.forget_fonts()


def blank_runs(image: pygame.Surface) -> list[tuple[int, int]]:
    """The columns without ink between the first and the last inked one: (start, length)."""
    inked = [any(image.get_at((x, y)).a > 40 for y in range(image.get_height()))
             for x in range(image.get_width())]
    first, last = inked.index(True), len(inked) - 1 - inked[::-1].index(True)
    runs: list[tuple[int, int]] = []
    for x in range(first, last + 1):
        if inked[x]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == x:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((x, 1))
    return runs


def widest_gap_inside(word: str, size: int) -> int:
    return max((length for _, length in blank_runs(text.render(word, size, (255, 255, 255)))),
               default=0)


def gap_at_space(before: str, after: str, size: int) -> int:
    """The blank columns where the space between two words is drawn."""
    image = text.render(f"{before} {after}", size, (255, 255, 255))
    space_at = text.measure(before, size)
    return max((length for start, length in blank_runs(image)
                if start <= space_at + 1 and space_at <= start + length), default=0)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phrase", PHRASES)
def test_a_space_is_wider_than_any_gap_between_letters(phrase: str, size: int) -> None:
    words = phrase.split(" ")
    for before, after in pairwise(words):
        inside = max(widest_gap_inside(before, size), widest_gap_inside(after, size))
        assert gap_at_space(before, after, size) > inside, (before, after, size)


@pytest.mark.parametrize("size", SIZES)
def test_a_text_is_measured_as_wide_as_it_is_drawn(size: int) -> None:
    for phrase in (*PHRASES, "10\u00a0F and 3 coins"):
        assert text.measure(phrase, size) == text.render(phrase, size, (0, 0, 0)).get_width()


def test_a_no_break_space_keeps_a_figure_with_its_unit() -> None:
    room = text.measure("It cost about 1,900", 11)
    lines = text.wrap("It cost about 1,900\u00a0F more.", 11, room)
    assert "1,900\u00a0F" in " ".join(lines) and not any(line.endswith("1,900") for line in lines)
