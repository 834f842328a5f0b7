"""The Statistics screen after real games, at the shipped settings: the History says each
game's place as its rules rank it (RULES_NOTES.md, "Places in the statistics"), shared
places as shared, and the Charts draw each game lost down as far as its place. One game is
played through the window by a person (tests/player_kit.py), the others headless through
the rules and recorded as the table records them."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from player_kit import Person, Seating, shipped_app
from test_places import bluff_match, match_standing, ranked, recorded, went_out

from game.engine.match import Match
from game.services import stats
from game.ui.app import App
from game.ui.scenes import statistics_charts as charts
from game.ui.scenes.statistics import StatisticsScene

PERSON, EASY = "Person", "Computer: Easy"


def record_for_each_seat_out(match: Match) -> list[str]:
    """The match recorded once for each seat that went out, the first out first: the
    words the history must say of each, oldest first."""
    [order] = went_out(match)
    said = ranked(match_standing(match))
    for minutes, seat in enumerate(order[:-1]):
        recorded(stats.game_record(match, [seat]), match.players, [seat], minutes=minutes)
    return [said[seat] for seat in order[:-1]]


def a_tied_match() -> Match:
    """A Coup match of 3 rounds in which two players who did not win share a place."""
    for seed in range(80):
        match = bluff_match("coup", seed, rounds=3)
        standing = match_standing(match)
        if any(standing.count(key) > 1 for key in standing if len(key) > 1):
            return match
    raise AssertionError("no seed gives such a match")


def lost_bars(app: App) -> list[pygame.Rect]:
    """The bars of the games lost on the Charts, left to right: the lost colour's areas,
    those one above another (the running line may cross a bar) made one."""
    mask = pygame.mask.from_threshold(app.screen, (*charts.LOST, 255), (1, 1, 1, 255))
    bars: list[pygame.Rect] = []
    for area in sorted(mask.get_bounding_rects(), key=lambda rect: rect.left):
        if bars and area.left <= bars[-1].right and bars[-1].left <= area.right:
            bars[-1] = bars[-1].union(area)
        else:
            bars.append(area)
    return bars


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)], ids=["1280x800", "960x600"])
def test_the_history_and_the_charts_show_the_places_of_real_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    random.seed(11)  # the deal New game draws
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        expected = record_for_each_seat_out(bluff_match("coup", seed=1))  # 4th, 3rd, 2nd
        tied = a_tied_match()
        said = ranked(match_standing(tied))
        shared = next(seat for seat, words in enumerate(said) if ", shared " in words)
        recorded(stats.game_record(tied, [shared]), 4, [shared], minutes=10)
        expected.append(said[shared])
        person = Person(app, 11)
        table = person.start(Seating("Coup", 4, [PERSON, EASY, EASY, EASY]))
        person.play_to_the_end()
        expected.append(ranked(match_standing(table.session.match))[0])
        person.click_button("Title screen")
        person.click_button("Statistics")
        screen = app.scene
        assert isinstance(screen, StatisticsScene)
        person.click_button("History")
        person.frames(2)
        assert [row[2] for row in screen.history.rows()] == list(reversed(expected))
        assert expected[:4] == ["Lost, 4th of 4", "Lost, 3rd of 4", "Lost, 2nd of 4",
                                said[shared]] and ", shared " in said[shared]
        person.click_button("Charts")
        person.frames(2)
        bars = lost_bars(app)
        lost = [words for words in expected if words.startswith("Lost")]
        assert len(bars) == len(lost), "a bar down for each game lost"
        fourth, third, second = (bar.height for bar in bars[:3])
        assert fourth > third > second > 0, "the lower the place, the longer the bar"
        assert abs(third - 2 * second) <= 2 and abs(fourth - 3 * second) <= 3
        assert app.crash is None
