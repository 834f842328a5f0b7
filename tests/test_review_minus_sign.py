"""The review's figures a player reads write a value below nought with the minus sign
"−" (U+2212), as printed figures do, not the hyphen "-" (the game for two's "-0.35
points"); the window's font draws it."""

from __future__ import annotations

import pytest

from game.games import GAMES
from game.services import review
from game.ui import glyphs

MINUS = "\u2212"
REVIEWED = [game_id for game_id, game in GAMES.items() if game.review is not None]


@pytest.mark.parametrize("game_id", REVIEWED)
@pytest.mark.parametrize("value", [-0.35, -3.0, -650.0])
def test_a_figure_below_nought_has_the_minus_sign(game_id: str, value: float) -> None:
    figure = review.words_for(game_id).figure(value)
    assert "-" not in figure, figure
    shows_nought = not any(digit in figure for digit in "123456789")  # "0 F": rounded
    assert figure.startswith(MINUS) or shows_nought, figure


@pytest.mark.parametrize("game_id", REVIEWED)
def test_a_figure_of_nought_or_more_has_no_minus(game_id: str) -> None:
    words = review.words_for(game_id)
    assert MINUS not in words.figure(0.0) + words.figure(0.5) + words.figure(650.0)


def test_the_windows_font_draws_the_minus_sign() -> None:
    assert glyphs.has(glyphs.game_font_path(), MINUS)
    assert glyphs.missing(f"{MINUS}0.35") == []
