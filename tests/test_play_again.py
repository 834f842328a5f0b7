"""Playing a finished game again, from its end screen: "Replay this deal" (the whole game
again from its first deal: the same chance, seats, levels and options) and "New game with
the same players" (a new deal, the same seats, names, levels and options), for every game,
for a match at two tables and in pass-and-play."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from pygame_gui.elements import UIButton
from ui_kit import buttons, frames, press, press_button, run_until, table_under

from game.engine import saves
from game.engine.match import Match
from game.engine.saves import Seat
from game.services.catalogue import CATALOGUE
from game.services.play_again import Again, Session, replay_deal, same_players
from game.services.session import GameSession
from game.services.tables import TablesSession
from game.system import paths
from game.ui.app import App
from game.ui.saved_games import sit_at
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.overlays import GameOverOverlay
from game.ui.table.scene import TableScene

NAMES = ("Ada", "Blaise", "Colette", "Denis", "Emile", "Fanny", "Gaston", "Hortense")
GAMES = [  # each game as New game offers it, with seats of every kind and level
    ("coup-detat", {"players": 4, "short_game": True}),
    ("coup-detat-duel", {"players": 2}),
    ("coup", {"players": 3}),
    ("coup-inquisitor", {"players": 4, "rounds": 3}),
]
LEVELS = ("easy", "medium")  # Hard is as any level here, and slow to start


def seats_for(players: int, humans: int = 1) -> list[Seat]:
    return [Seat(NAMES[seat], "human") if seat < humans else
            Seat(NAMES[seat], "computer", LEVELS[seat % len(LEVELS)]) for seat in range(players)]


def play_out(match: Match, rng: random.Random) -> None:
    """Every seat decides at random until the game is over."""
    while not match.pending.over:
        match.submit(rng.choice(list(match.legal())))


def chance_of(match: Match) -> list[object]:
    return [decision for decision in match.decisions if decision.seat is None]


@contextmanager
def finished(ruleset: str, options: dict[str, object], *, seed: int = 3,
             humans: int = 1) -> Iterator[GameSession]:
    session = GameSession.new(ruleset, options, seats_for(int(options["players"]), humans),  # type: ignore[call-overload]
                              seed=seed)
    try:
        play_out(session.match, random.Random(seed))
        yield session
    finally:
        session.close()


@contextmanager
def closing(session: GameSession | TablesSession) -> Iterator[GameSession | TablesSession]:
    try:
        yield session
    finally:
        session.close()


@contextmanager
def played_again(ruleset: str, options: dict[str, object], again: Callable[..., Session], *,
                 seed: int) -> Iterator[tuple[GameSession, GameSession]]:
    """A finished game and the game `again` makes of it: at one table again, with the same
    seats and options."""
    with finished(ruleset, options) as played, \
            closing(again(Again.of(played), seed=seed)) as replayed:
        assert isinstance(replayed, GameSession)
        assert replayed.seats == played.seats
        assert replayed.match.options == played.match.options
        yield played, replayed


# The services ---------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset", "options"), GAMES, ids=[game for game, _ in GAMES])
def test_replaying_the_deal_played_the_same_way_is_the_same_game(
        ruleset: str, options: dict[str, object]) -> None:
    with played_again(ruleset, options, replay_deal, seed=99) as (played, replayed):
        for decision in played.match.decisions:  # the persons and computers decide alike
            if decision.seat is not None:
                replayed.submit(decision)
        assert replayed.match.decisions == played.match.decisions, \
            "every deal, draw and shuffle came again as it came"
        assert replayed.over


@pytest.mark.parametrize(("ruleset", "options"), GAMES, ids=[game for game, _ in GAMES])
def test_a_replayed_deal_played_otherwise_starts_alike_and_plays_to_an_end(
        ruleset: str, options: dict[str, object]) -> None:
    with finished(ruleset, options) as played, \
            closing(replay_deal(Again.of(played), seed=5)) as replayed:
        first = chance_of(replayed.match)
        assert first and first == chance_of(played.match)[:len(first)]
        play_out(replayed.match, random.Random(11))  # chance never runs out, nor fails
        assert replayed.over


@pytest.mark.parametrize(("ruleset", "options"), GAMES, ids=[game for game, _ in GAMES])
def test_a_new_game_with_the_same_players_deals_anew(
        ruleset: str, options: dict[str, object]) -> None:
    with played_again(ruleset, options, same_players, seed=123) as (played, again):
        assert chance_of(again.match) != chance_of(played.match)[:len(chance_of(again.match))]
        assert again.match.turns and not again.over


def finished_tables(players: int = 7, humans: int = 2) -> TablesSession:
    session = TablesSession.new("coup-detat", {"players": players, "short_game": True},
                                seats_for(players, humans), seed=4)
    rng = random.Random(4)
    for game in session.match.matches:
        play_out(game, rng)
    assert session.over
    return session


def test_a_match_at_two_tables_is_replayed_at_the_same_tables_with_the_same_deals() -> None:
    played = finished_tables()
    try:
        with closing(replay_deal(Again.of(played), seed=8)) as replayed:
            assert isinstance(replayed, TablesSession)
            assert replayed.seats == played.seats
            assert replayed.match.split == played.match.split
            assert replayed.match.options == played.match.options
            for table, game in enumerate(replayed.match.matches):
                for decision in played.match.matches[table].decisions:
                    if decision.seat is not None:
                        replayed.tables[table].submit(decision)
                assert game.decisions == played.match.matches[table].decisions
        with closing(same_players(Again.of(played), seed=8)) as fresh:
            assert isinstance(fresh, TablesSession) and fresh.seats == played.seats
            assert fresh.match.split == played.match.split, "the same players at the same tables"
            assert [chance_of(game)[:1] for game in fresh.match.matches] != \
                [chance_of(game)[:1] for game in played.match.matches]
    finally:
        played.close()


def test_a_replayed_game_is_autosaved_at_once_as_a_new_game_is(
        home: Path) -> None:
    with finished("coup", {"players": 2}) as played, \
            closing(replay_deal(Again.of(played), autosave_path=paths.autosave_path())) as game:
        assert game.autosave is not None and game.autosave.settled(5) is None
        saved = saves.read(paths.autosave_path(), catalogue=CATALOGUE)
        assert isinstance(saved, saves.SavedGame)
        assert saved.match.decisions == game.match.decisions and not saved.over


# The end screens ------------------------------------------------------------------------

def over_at_the_table(app: App, session: GameSession | TablesSession) -> GameOverOverlay:
    """The finished game's table, as its end screen shows it (as Load shows a finished
    game saved)."""
    saved: saves.Saved = (saves.SavedTables(session.match, session.seats)
                          if isinstance(session, TablesSession)
                          else saves.SavedGame(session.match, session.seats))
    assert sit_at(app, saved) is None
    run_until(app, lambda: isinstance(app.scene, GameOverOverlay))
    assert isinstance(app.scene, GameOverOverlay)
    return app.scene


def buttons_fit(app: App, over: GameOverOverlay) -> None:
    """Every button of the end screen in its panel, below the result, none over another,
    its words within it."""
    shown = [element for element in app.ui.get_sprite_group().sprites()
             if isinstance(element, UIButton) and element.visible]
    panel = over.panel_rect()
    for index, button in enumerate(shown):
        assert panel.contains(button.rect), button.text
        assert button.rect.top >= over.content_bottom(), button.text
        assert button.font.size(button.text)[0] < button.rect.width - 8, button.text
        assert not any(button.rect.colliderect(other.rect) for other in shown[index + 1:])


def table_now(app: App) -> TableScene:
    run_until(app, lambda: table_under(app) is not None)
    scene = table_under(app)
    assert scene is not None
    return scene


SIZES = [(1280, 800), (960, 600)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("ruleset", "options"), GAMES, ids=[game for game, _ in GAMES])
def test_the_end_screen_replays_the_deal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str,
        options: dict[str, object], size: tuple[int, int]) -> None:
    with finished(ruleset, options) as played, \
            shipped_app(tmp_path, monkeypatch, size=size) as app:
        over = over_at_the_table(app, played)
        assert {"Replay this deal", "Same players, new deal", "New game", "Title screen"} <= \
            set(buttons(app))
        buttons_fit(app, over)
        press_button(app, "Replay this deal")
        scene = table_now(app)
        game = scene.session
        assert game is not played.match and game.seats == played.seats
        first = chance_of(game.match)
        assert first == chance_of(played.match)[:len(first)]
        assert not game.over and game.autosave is not None
        assert game.autosave.settled(5) is None and paths.autosave_path().exists(), \
            "the new game takes the autosave at once"


@pytest.mark.parametrize(("ruleset", "options"), GAMES[:1] + GAMES[2:3],
                         ids=["coup-detat", "coup"])
def test_the_end_screen_starts_a_new_deal_for_the_same_players(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str,
        options: dict[str, object]) -> None:
    with finished(ruleset, options) as played, shipped_app(tmp_path, monkeypatch) as app:
        over_at_the_table(app, played)
        press_button(app, "Same players, new deal")
        game = table_now(app).session
        assert game.seats == played.seats and game.match.options == played.match.options
        assert not game.over


def test_in_pass_and_play_the_replay_starts_by_passing_the_device(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with finished("coup-detat", {"players": 4, "short_game": True}, humans=2) as played, \
            shipped_app(tmp_path, monkeypatch) as app:
        over_at_the_table(app, played)
        press_button(app, "Replay this deal")
        run_until(app, lambda: isinstance(app.scene, PassDeviceScene))
        game = table_now(app).session
        assert game.human_seats == (0, 1) and chance_of(game.match) == \
            chance_of(played.match)[:len(chance_of(game.match))]


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_match_at_two_tables_replays_the_whole_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    played = finished_tables()
    try:
        with shipped_app(tmp_path, monkeypatch, size=size) as app:
            over = over_at_the_table(app, played)
            buttons_fit(app, over)
            press_button(app, "Replay this deal")
            scene = table_now(app)
            assert scene.tables is not None
            match = scene.tables.session
            assert match.seats == played.seats and match.match.split == played.match.split
            for table, game in enumerate(match.match.matches):
                first = chance_of(game)
                assert first == chance_of(played.match.matches[table])[:len(first)]
            frames(app, 2)
            assert not isinstance(app.scene, GameOverOverlay)
    finally:
        played.close()


def test_one_enter_on_the_end_screen_deals_anew_for_the_same_players(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The keyboard starts on the first way on: the first Enter only found it before."""
    with finished("coup", {"players": 4}) as played, shipped_app(tmp_path, monkeypatch) as app:
        over_at_the_table(app, played)
        press(app, pygame.K_RETURN)
        game = table_now(app).session
        assert game is not played and game.seats == played.seats and not game.over
