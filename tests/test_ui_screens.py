"""Screens open one another by name (game/ui/screens.py): no screen imports another, so no
import circle runs through the screens or the window; and the menus take the games, and
what each offers, from the games registry."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from import_graph import cycles, imports
from ui_kit import buttons, frames, open_app

from game.games import DEFAULT, GAMES, table_games
from game.games.plugin import Game, Setup, Toggle
from game.ui import screens
from game.ui.scene import Scene
from game.ui.scenes import new_game, statistics
from game.ui.scenes.keyboard import choose
from game.ui.scenes.rules import RulesScene

ROOT = Path(__file__).resolve().parent.parent
GRAPH = imports(ROOT)
SCREENS = {ref.module for ref in (*screens.SCREENS.values(), *screens.OPENERS.values())
           if ref.module.startswith("game.ui.scenes.")}
"""The screens opened by name; the other modules of game/ui/scenes/ are their parts (the
review's strip, a dialog of one screen) or what they share."""
SHARED = {"game.ui.scenes.common", "game.ui.scenes.keyboard"}  # what every screen builds on
WINDOW = {"game.ui.app", "game.ui.main", "game.ui.screens"}


def test_no_import_circle_runs_through_the_screens_or_the_window() -> None:
    assert [circle for circle in cycles(GRAPH) if set(circle) & (SCREENS | WINDOW)] == []


def test_the_screens_are_found_and_a_part_is_not_one() -> None:
    assert {"game.ui.scenes.title", "game.ui.scenes.review"} <= SCREENS
    assert "game.ui.scenes.review_strip" in GRAPH and "game.ui.scenes.review_strip" not in SCREENS


def test_no_screen_imports_another_but_the_shared_bases() -> None:
    others = {module: sorted(GRAPH[module] & (SCREENS - SHARED)) for module in SCREENS}
    assert {module: found for module, found in others.items() if found} == {}


def test_the_window_knows_the_screens_only_by_name() -> None:
    assert {module: sorted(GRAPH[module] & SCREENS) for module in WINDOW} == \
        {module: [] for module in WINDOW}


def test_the_graph_counts_imports_in_functions_but_not_those_for_annotations(
        tmp_path: Path) -> None:
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from game import b\n"
                                  "def later():\n    from game import c\n")
    (package / "b.py").write_text("")
    (package / "c.py").write_text("import game.a\n")
    graph = imports(tmp_path)
    assert graph["game.a"] == {"game.c"}
    assert cycles(graph) == [["game.a", "game.c"]]


@pytest.mark.parametrize("name", sorted(screens.SCREENS))
def test_every_screen_name_loads_a_scene(name: str) -> None:
    assert issubclass(screens.kind(name), Scene)


@pytest.mark.parametrize("name", sorted(screens.OPENERS))
def test_every_opener_name_loads_a_function(name: str) -> None:
    assert callable(screens.OPENERS[name].load()) and name not in screens.SCREENS


def test_a_screen_without_a_name_is_refused_in_words() -> None:
    with pytest.raises(KeyError, match="no screen called 'lobby'"):
        screens.make("lobby", None)


# The menus ask the registry --------------------------------------------------------------

MADE_UP = Game(
    ruleset=SimpleNamespace(id="made-up", title="A made-up game"),  # type: ignore[arg-type]
    blurb="Whatever the registry says, New game says.",
    setup=Setup(player_counts=(5, 2), usual_players=5, rounds=(2, 4), toggles=(
        Toggle("fog", "Fog", "Nobody sees a thing", default=True),
        Toggle("pair", "Pair", "Two players: both as one", two_players_only=True))),
    packages=(), players={}, formats=GAMES[DEFAULT].formats, records=GAMES[DEFAULT].records,
    rules_page=GAMES[DEFAULT].rules_page, kit=GAMES[DEFAULT].kit,
    custody=GAMES[DEFAULT].custody, privacy=GAMES[DEFAULT].privacy,
    types=GAMES[DEFAULT].types,
)


def test_new_game_offers_a_game_as_the_registry_describes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(new_game, "table_games", lambda: (*table_games(), MADE_UP))
    with open_app(tmp_path, monkeypatch) as app:
        form = new_game.NewGameScene(app)
        app.replace(form)
        frames(app, 2)
        assert list(form.games) == [game.title for game in (*table_games(), MADE_UP)]
        choose(form.game_menu, "A made-up game")
        frames(app, 2)
        assert form.game_line is not None and form.game_line.text == MADE_UP.blurb
        assert form.players_menu is not None and form.rounds_menu is not None
        assert [words for words, _ in form.players_menu.options_list] == \
            ["2 players", "5 players"]
        assert form.players == 5 and len(form.name_entries) == 5
        assert [words for words, _ in form.rounds_menu.options_list] == \
            ["Match: 2 rounds", "Match: 4 rounds"]
        assert "Fog: on" in buttons(app) and not any("Pair" in b for b in buttons(app))
        choose(form.players_menu, "2 players")
        frames(app, 2)
        assert {"Fog: on", "Pair: off"} <= set(buttons(app))
        assert form.options() == {"players": 2, "fog": True, "pair": False, "rounds": 2}


def test_statistics_show_every_game_in_its_words_down_two_columns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        screen = statistics.StatisticsScene(app)
        app.replace(screen)
        frames(app, 2)
        columns = screen.lines()
        assert len(columns) == statistics.COLUMNS
        shown = [line for column in columns for line in column if line]
        told = [game.records.lines.load()(screen.statistics.get(game.id))
                for game in GAMES.values()]
        assert shown == [line for lines in told for line in lines if line]


def test_the_rules_open_at_the_first_game_for_a_game_they_do_not_describe(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        assert RulesScene(app, "no-such-game").section == DEFAULT
        assert RulesScene(app).section == DEFAULT
