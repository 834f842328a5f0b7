"""Golden screenshots: the screen as it should look, compared with a tolerance (font
rendering and scaling may differ by a shade between library versions, not by a layout).

    To accept a deliberate change of look: python tests/test_ui_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest
from ui_kit import frames, open_app

from game.engine.saves import Seat
from game.services.session import GameSession
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

GOLDEN = Path(__file__).parent / "golden"
MEAN_TOLERANCE = 4.0  # mean difference per channel, out of 255
CHANGED_TOLERANCE = 0.03  # share of pixels that may differ by more than 48


def difference(first: pygame.Surface, second: pygame.Surface) -> tuple[float, float]:
    """Mean per-channel difference, and the share of clearly different pixels (sampled)."""
    assert first.get_size() == second.get_size()
    width, height = first.get_size()
    total = changed = count = 0
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            a, b = first.get_at((x, y)), second.get_at((x, y))
            delta = abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
            total += delta
            changed += delta > 48 * 3
            count += 1
    return total / (3 * count), changed / count


def title_screen(app) -> pygame.Surface:  # type: ignore[no-untyped-def]
    """The title at 1280x800, kept at half size (enough to see any change of layout)."""
    app.replace(TitleScene(app))
    frames(app, 3)
    return pygame.transform.smoothscale(app.screen, (640, 400))


def duel_exchange_screen(app) -> pygame.Surface:  # type: ignore[no-untyped-def]
    """The table for two at Ada's Bastille exchange, two cards picked, at half size."""
    import random

    session = GameSession.new("coup-detat-duel", {"players": 2},
                              [Seat("Ada", "human"), Seat("Blaise", "computer")], seed=3)
    match, choose = session.match, random.Random(3)
    while not (match.pending.seat == 0 and match.pending.word == "discard"):
        match.submit(choose.choice(match.legal()))
    scene = TableScene(app, session)
    app.replace(scene)
    frames(app, 3)
    scene.felt.marked = set(scene.felt.in_hand()[:2])
    scene.refresh_cards()
    frames(app, 3)
    return pygame.transform.smoothscale(app.screen, (640, 400))


def bluff_table_screen(app) -> pygame.Surface:  # type: ignore[no-untyped-def]
    """Four at Coup, mid-game and scripted (no computer decides): Ada to act with five
    coins, Blaise's Captain lost to a challenge, at half size."""
    from coup_kit import bluff_match, play

    match = bluff_match("coup", ("duke contessa", "assassin captain", "ambassador duke",
                                 "captain contessa"))
    play(match, "0 tax", "1 allow", "2 allow", "3 allow", "1 foreign_aid", "2 block duke",
         "3 allow", "0 allow", "1 challenge", "2 reveal duke", "1 lose captain",
         "2 income", "3 steal 1", "0 allow", "1 allow", "2 allow", "1 allow")
    seats = [Seat(name, "human" if name == "Ada" else "computer")
             for name in ("Ada", "Blaise", "Colette", "Denis")]
    app.replace(TableScene(app, GameSession(match, seats)))
    frames(app, 3)
    return pygame.transform.smoothscale(app.screen, (640, 400))


def test_the_bluff_table_looks_as_it_should(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        shot = bluff_table_screen(app)
        golden = pygame.image.load(str(GOLDEN / "coup_4p_1280x800_half.png"))
        mean, changed = difference(shot, golden)
        assert mean < MEAN_TOLERANCE and changed < CHANGED_TOLERANCE, (mean, changed)


def test_the_table_for_two_looks_as_it_should(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        shot = duel_exchange_screen(app)
        golden = pygame.image.load(str(GOLDEN / "duel_exchange_1280x800_half.png"))
        mean, changed = difference(shot, golden)
        assert mean < MEAN_TOLERANCE and changed < CHANGED_TOLERANCE, (mean, changed)


def test_the_title_screen_looks_as_it_should(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        shot = title_screen(app)
        golden = pygame.image.load(str(GOLDEN / "title_1280x800_half.png"))
        mean, changed = difference(shot, golden)
        assert mean < MEAN_TOLERANCE and changed < CHANGED_TOLERANCE, (mean, changed)


def test_a_different_screen_is_told_apart(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: the title with four-colour suits and another card back."""
    with open_app(tmp_path, monkeypatch, card_back="navy", four_colour_suits=True) as app:
        shot = title_screen(app)
        pygame.draw.rect(shot, (200, 30, 30), pygame.Rect(200, 150, 240, 150))
        golden = pygame.image.load(str(GOLDEN / "title_1280x800_half.png"))
        mean, changed = difference(shot, golden)
        assert mean >= MEAN_TOLERANCE or changed >= CHANGED_TOLERANCE


if __name__ == "__main__":  # write the golden images again
    with pytest.MonkeyPatch.context() as patch, open_app(Path("/tmp"), patch) as app:
        pygame.image.save(title_screen(app), str(GOLDEN / "title_1280x800_half.png"))
        pygame.image.save(duel_exchange_screen(app),
                          str(GOLDEN / "duel_exchange_1280x800_half.png"))
        pygame.image.save(bluff_table_screen(app), str(GOLDEN / "coup_4p_1280x800_half.png"))
    sys.exit(0)
