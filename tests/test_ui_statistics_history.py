"""The Statistics screen's pages: the totals, streaks and bests, the history (newest first,
scrolled) and the charts, at 1280x800 and 960x600; and "Reset statistics…", which asks
first and keeps the old files."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pygame
import pytest
from test_save_index import EAST, WEST, local_time_zone
from ui_kit import buttons, frames, open_app, press, press_button

from game.cli import main
from game.engine.saves import Seat
from game.services import history, stats
from game.services.stats import GameRecord
from game.system import paths
from game.ui.app import App
from game.ui.scenes import statistics_charts as charts
from game.ui.scenes.statistics import PAGES, StatisticsScene, bests_lines
from game.ui.scenes.statistics_reset import ResetStatisticsDialog

SIZES = [(1280, 800), (960, 600)]
WHEN = datetime(2026, 11, 27, 18, 30, tzinfo=UTC)


def record_games(count: int) -> None:
    """`count` games of the 1966 game against Hard, every third lost, one an hour."""
    seats = (Seat("You", "human"), Seat("Anna", "computer", "hard"),
             Seat("Bob", "computer", "hard"))
    for number in range(count):
        won = number % 3 != 2
        worth = 1_000 * (number + 1)
        record = GameRecord("coup-detat", won, worth, {"coups_attempted": 0, "coups_won": 0},
                            place=1 if won else 3, score=worth,
                            result=f"Final worth: {worth:,} F")
        stats.record_game(record, table=stats.Table({"players": 3}, seats),
                          now=WHEN + timedelta(hours=number))


def statistics_screen(app: App) -> StatisticsScene:
    screen = StatisticsScene(app)
    app.replace(screen)
    frames(app)
    return screen


def wheel(app: App, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False,
                                         precise_x=0.0, precise_y=float(notches)))
    frames(app, 2)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "960x600"])
def test_each_page_is_a_tab_and_fits_above_the_buttons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        record_games(5)
        screen = statistics_screen(app)
        assert set(PAGES) | {"Reset statistics…", "Back"} <= set(buttons(app))
        back = next(element for element in app.ui.get_sprite_group().sprites()
                    if getattr(element, "text", None) == "Back")
        for page in PAGES:
            press_button(app, page)
            assert screen.page == page
            area = screen.content()
            assert area.bottom <= back.rect.top and area.top >= screen.tabs[page].bottom
            assert app.screen.get_rect().contains(area)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "960x600"])
def test_the_history_is_newest_first_and_scrolls(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        record_games(40)
        screen = statistics_screen(app)
        press_button(app, "History")
        rows = screen.history.rows()
        assert rows[0][:4] == ["2026-11-29 09:30", "Coup d'État", "Won, 1st of 3",
                               "Final worth: 40,000 F"]
        assert rows[0][4] == "Hard"
        assert 5 < len(rows) < 40, "a page of them"
        wheel(app, -1)
        assert screen.history.top == 3
        press(app, pygame.K_PAGEDOWN)
        assert screen.history.top == 3 + len(rows) - 1
        press(app, pygame.K_END)
        assert screen.history.rows()[-1][0] == "2026-11-27 18:30", "the oldest, last"
        wheel(app, 1)
        press(app, pygame.K_HOME)
        assert screen.history.top == 0


def test_streaks_and_bests_say_the_streaks_and_each_games_best(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        record_games(5)  # won, won, lost, won, won
        screen = statistics_screen(app)
        lines = bests_lines(screen.summary)
        assert "Now: 2 games won in a row" in lines and "Best: 2" in lines
        assert "Coup d'État: Won, 1st of 3, Final worth: 5,000 F, 27 Nov 2026" in lines


def test_the_charts_show_the_win_rates_by_game_and_by_level(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=(960, 600)) as app:
        record_games(6)
        screen = statistics_screen(app)
        press_button(app, "Charts")
        assert [rate.words() for rate in screen.summary.by_game()] == ["Coup d'État 67% (4 of 6)"]
        assert [rate.words() for rate in screen.summary.by_level()] == ["Hard 67% (4 of 6)"]
        assert lost_bars(app) > 0, "the games lost, drawn down"
        press_button(app, "Totals")
        assert lost_bars(app) == 0


@pytest.mark.parametrize("zone", [WEST, EAST])
def test_games_dated_at_the_clocks_ends_show_on_every_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, zone: str) -> None:
    """A history whose games say they ended before the year 1 or after 9999 in local time
    (hand-edited, or a clock gone wrong): each page shows them, in their own time zone's
    words, and the command says them too."""
    with open_app(tmp_path, monkeypatch) as app, local_time_zone(zone):
        seats = (Seat("You", "human"), Seat("Anna", "computer", "hard"),
                 Seat("Bob", "computer", "hard"))
        for when in (datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=14))),
                     datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(-timedelta(hours=14)))):
            record = GameRecord("coup-detat", True, 100, {"coups_attempted": 0, "coups_won": 0},
                                place=1, score=100, result="Final worth: 100 F")
            assert stats.record_game(record, table=stats.Table({"players": 3}, seats),
                                     now=when) is None
        screen = statistics_screen(app)
        for page in PAGES:
            press_button(app, page)
            assert screen.page == page
        newest, oldest = (row[0] for row in screen.history.rows())
        assert newest == "9999-12-31 23:59"
        assert oldest in {"1-01-01 00:00", "0001-01-01 00:00"}  # (as the C library writes it)
        assert main(["stats"]) == 0


def lost_bars(app: App) -> int:
    """The pixels of the lost games' bars on the screen."""
    mask = pygame.mask.from_threshold(app.screen, (*charts.LOST, 255), (1, 1, 1, 255))
    return mask.count()


def test_reset_asks_first_and_cancel_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        record_games(3)
        before = paths.stats_path().read_text(encoding="utf-8")
        statistics_screen(app)
        press_button(app, "Reset statistics…")
        assert isinstance(app.scene, ResetStatisticsDialog)
        assert paths.stats_path().read_text(encoding="utf-8") == before, "not yet"
        press_button(app, "Cancel")
        assert isinstance(app.scene, StatisticsScene)
        press_button(app, "Reset statistics…")
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, StatisticsScene)
        assert paths.stats_path().read_text(encoding="utf-8") == before
        assert not list(paths.stats_path().parent.glob("*.reset-*"))


def test_reset_starts_again_and_keeps_the_old_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        record_games(3)
        folder = paths.stats_path().parent
        before = {name: (folder / name).read_text(encoding="utf-8")
                  for name in ("statistics.json", "history.json")}
        screen = statistics_screen(app)
        press_button(app, "History")
        press_button(app, "Reset statistics…")
        press_button(app, "Reset")
        screen = app.scene
        assert isinstance(screen, StatisticsScene) and screen.page == "History"
        assert screen.history.rows() == [] and screen.statistics == stats.Statistics()
        kept = {path.name.split(".")[0] + ".json": path.read_text(encoding="utf-8")
                for path in folder.glob("*.reset-*.json")}
        assert kept == before
        assert screen.told is not None and all(
            path.name in screen.told for path in folder.glob("*.reset-*.json"))


def test_a_damaged_history_is_told_on_the_screen_and_not_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=(960, 600)) as app:
        record_games(2)
        file = history.path_beside(paths.stats_path())
        games = json.loads(file.read_text(encoding="utf-8"))
        games["games"].append({"when": "never", "players": "x" * 10_000})
        text = json.dumps(games)
        file.write_text(text, encoding="utf-8")
        screen = statistics_screen(app)
        assert screen.notice is not None and "1 game of your history" in screen.notice
        press_button(app, "History")
        assert len(screen.history.rows()) == 2
        assert screen.content().bottom <= app.size[1] - round(112 * screen.scale)
        assert file.read_text(encoding="utf-8") == text, "looking writes nothing"
