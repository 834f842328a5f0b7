"""Coup d'État for six to eight at two tables, as players run it: the shipped settings,
the window's own loop, New game by clicks, every decision of the persons made with clicks
and keys (tests/player_kit.py); only the clock is faster.

A person at each table plays pass-and-play at one screen: the screen goes to whichever
table needs a person, behind the pass screen, and never shows one person's cards to
another. Computers alone play both tables to the standings of the whole match.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from player_kit import Person, shipped_app
from ui_kit import finished_match

from game.engine import saves
from game.engine.saves import Seat
from game.engine.tables import Split
from game.games.coup_detat.table.results import MatchOverScene
from game.services import stats
from game.services.catalogue import CATALOGUE
from game.services.tables import TablesSession
from game.system import paths
from game.ui import screens
from game.ui.app import MIN_SIZE
from game.ui.saved_games import resume
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.scene import TableScene

PERSON, MEDIUM, EASY = "Person", "Computer: Medium", "Computer: Easy"
NAMES = ("Anna", "Bruno", "Chloé", "Denis", "Elsa", "Félix", "Gilles", "Hugo")


def short_match_at_two_tables(person: Person, players: int) -> NewGameScene:
    """New game by clicks: `players` at Coup d'État, short game; the form."""
    person.frames(3)
    person.click_button("New game")
    form = person.app.scene
    assert isinstance(form, NewGameScene)
    person.choose(form.game_menu, "Coup d'État")
    person.choose(form.players_menu, f"{players} players")
    person.click_button("Short game: off")
    assert form.split is not None and len(form.split.tables) == 2
    return form


def start_with_a_person_at_each_table(person: Person, players: int) -> tuple[int, int]:
    """New game by clicks: `players` at Coup d'État, short game, the first seat of each
    table a person; the two persons' seats."""
    form = short_match_at_two_tables(person, players)
    assert form.split is not None
    persons = (form.split.tables[0][0], form.split.tables[1][0])
    for seat, menu in enumerate(form.kind_menus):
        person.choose(menu, PERSON if seat in persons else (MEDIUM if seat % 2 else EASY))
    person.click_button("Start")
    return persons


def test_a_person_at_each_table_plays_the_match_to_its_end_and_sees_only_his_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(7)
    with shipped_app(tmp_path, monkeypatch, size=MIN_SIZE) as app:
        person = Person(app, 7)
        persons = start_with_a_person_at_each_table(person, 7)
        holder: str | None = None  # the person the device was last handed to
        shown_tables: set[int] = set()
        while not isinstance(app.scene, MatchOverScene):
            top = app.scene
            if isinstance(top, PassDeviceScene):
                holder = top.name
            if isinstance(top, TableScene):
                assert top.tables is not None
                shown_tables.add(top.tables.shown)
                viewer = top.controller.viewer
                if viewer is not None:  # a hand face up: only the holder's own
                    assert top.session.is_human(viewer) and top.controller.names[viewer] == holder
            person.act()
            person.frame()
            assert person.decisions < 2000, f"no end in sight at {person.where()}"
        over = app.scene
        told = over.table.log.lines
        end = next(n for n, line in enumerate(told) if line.startswith("Final worth:"))
        assert "highest worth at this table" in told[end + 1], \
            "a table's end named a winner of the match"
        table = app.scenes[-2]
        assert isinstance(table, TableScene) and table.tables is not None
        whole = table.tables.session
        assert whole.over and app.settings.animation_speed == "normal"
        assert shown_tables == {0, 1}, "the screen went to both tables"
        assert {whole.place(seat)[0] for seat in persons} == {0, 1}
        assert "PassDeviceScene" in person.screens
        assert stats.load().get("coup-detat").played == 1, "the match counts once"
        person.click_button("Title screen")
        assert not person.enabled("Continue"), "a finished match is offered to continue"
        autosaved = saves.read(paths.autosave_path(), catalogue=CATALOGUE)
        assert isinstance(autosaved, saves.SavedTables) and autosaved.over


def computers_only(app: object, players: int, seed: int) -> TablesSession:
    seats = [Seat(name, "computer", "easy" if seat % 2 else "medium")
             for seat, name in enumerate(NAMES[:players])]
    return TablesSession.new("coup-detat", {"players": players, "short_game": True}, seats,
                             seed=seed, on_thinking_done=app.wake)  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [6, 8])
def test_computers_alone_play_both_tables_to_the_standings(
        players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, players)
        session = computers_only(app, players, seed=players)
        app.replace(screens.make("tables", app, session, from_start=True))
        person.play_until(lambda: isinstance(app.scene, MatchOverScene), limit_seconds=240)
        assert session.over and person.decisions == 0
        standings = session.standings()
        assert [standing.seat for standing in standings] != [] and len(standings) == players
        best = standings[0].score
        assert set(session.winners()) == {s.seat for s in standings if s.score == best}


def test_a_match_saved_mid_way_loads_at_both_tables_and_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, 3)
        session = computers_only(app, 7, seed=3)
        app.replace(screens.make("tables", app, session, from_start=True))
        person.play_until(lambda: all(len(table.match.turns) > 30 for table in session.tables),
                          limit_seconds=120)
        path = tmp_path / "mid-match.json"
        app.scene.session.save(path, "Seven at two tables")  # the Save dialog's call
        logs = [list(table.match.decisions) for table in session.tables]
        assert resume(app, path) is None
        loaded = app.scene
        assert isinstance(loaded, TableScene) and loaded.tables is not None
        again = loaded.tables.session
        assert again is not session and again.match.split == session.match.split
        assert [list(table.match.decisions)[:len(log)] for table, log in
                zip(again.tables, logs, strict=True)] == logs
        person.play_until(lambda: all(len(table.match.turns) > len(log) + 5 for table, log in
                                      zip(again.tables, logs, strict=True)), limit_seconds=120)


def test_a_table_of_persons_only_does_not_keep_the_screen_from_the_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three persons at table 1 always have a turn there; the person at table 2 is still
    given the device in turn, whenever it must change hands anyway."""
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, 11)
        seats = [Seat(name, "human" if seat < 4 else "computer", "easy")
                 for seat, name in enumerate(NAMES[:6])]
        session = TablesSession.new("coup-detat", {"players": 6}, seats, seed=11,
                                    split=Split(((0, 1, 2), (3, 4, 5))),
                                    on_thinking_done=app.wake)
        app.replace(screens.make("tables", app, session, from_start=True))
        lonely = session.tables[1]
        person.play_until(lambda: sum(turn.seat == 0 for turn in lonely.match.turns) >= 5,
                          limit_seconds=120)
        first = session.tables[0].match.state
        assert first.round_index == 0, "the person at table 2 waited for a whole round"


def test_a_finished_match_loaded_shows_the_standings_and_counts_nothing_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, 5)
        path = tmp_path / "finished.json"
        played = finished_match(path, NAMES)
        assert resume(app, path) is None
        person.frames(5)
        assert isinstance(app.scene, MatchOverScene)
        assert [line.seat for line in app.scene.standings] == \
            [line.seat for line in played.standings()]
        assert stats.load().get("coup-detat").played == 0, "looking is not playing"
