"""Each game as a player runs it: the settings the game ships with, the window's own loop,
from the Title screen through New game by clicks to the final screen, every decision of
the persons made with clicks and keys (tests/player_kit.py). Only the clock is faster.

Between them the games below cover the four rulesets, the smallest and the largest table
of each, pass-and-play with two persons, and the two window sizes players use most (the
smallest the window allows, and the size it opens at).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from player_kit import Person, Seating, shipped_app

from game.engine import saves
from game.games import get_ruleset
from game.services import stats
from game.services.catalogue import CATALOGUE
from game.system import paths
from game.ui.app import MIN_SIZE
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.scene import TableScene

PERSON, MEDIUM, EASY = "Person", "Computer: Medium", "Computer: Easy"
SMALL, LARGE = MIN_SIZE, (1280, 800)

GAMES = {
    "1966, three players, short game, 960x600": (
        Seating("Coup d'État", 3, [PERSON, MEDIUM, EASY], toggles=["Short game"]), SMALL),
    "1966, four players, two persons, 1280x800": (
        Seating("Coup d'État", 4, [PERSON, MEDIUM, PERSON, MEDIUM]), LARGE),
    "for two, 960x600": (Seating("Coup d'État for two", 2, [PERSON, MEDIUM]), SMALL),
    "for two, two persons, 1280x800": (
        Seating("Coup d'État for two", 2, [PERSON, PERSON]), LARGE),
    "Coup, two players, alternative deal, 1280x800": (
        Seating("Coup", 2, [PERSON, MEDIUM], toggles=["Alternative deal"]), LARGE),
    "Coup, six players, two persons, a match of 3 rounds, 960x600": (
        Seating("Coup", 6, [PERSON, MEDIUM, EASY, PERSON, MEDIUM, EASY],
                rounds="Match: 3 rounds"), SMALL),
    "the Inquisitor, two players, a match of 3 rounds, 960x600": (
        Seating("Coup with the Inquisitor", 2, [PERSON, MEDIUM], rounds="Match: 3 rounds"),
        SMALL),
    "the Inquisitor, six players, 1280x800": (
        Seating("Coup with the Inquisitor", 6, [PERSON, MEDIUM, EASY, MEDIUM, EASY, MEDIUM]),
        LARGE),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_started_from_new_game_plays_to_its_end_at_the_shipped_settings(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seating, size = GAMES[name]
    seed = sum(map(ord, name))
    random.seed(seed)  # the deal New game draws (the computers draw their own)
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        person = Person(app, seed)
        table = person.start(seating)
        try:
            over = person.play_to_the_end()
        except BaseException as failure:
            keep_for_the_record(table, tmp_path, failure)
            raise
        match = table.session.match
        assert match.pending.over and over.table is table.controller
        assert app.settings.animation_speed == "normal" and app.settings.computer_pace == "normal"
        persons = seating.kinds.count(PERSON)
        assert person.decisions >= persons, "each person decided at least once"
        assert person.by_key > 0, "some decisions were made with keys"
        assert ("PassDeviceScene" in person.screens) == (persons > 1)
        record = stats.load().get(match.ruleset.id)
        assert record.played == 1, "the finished game is in the statistics"
        person.click_button("Title screen")
        assert not person.enabled("Continue"), "a finished game is offered to continue"
        autosaved = saves.read(paths.autosave_path(), catalogue=CATALOGUE)
        assert autosaved.match.pending.over and len(autosaved.match.turns) == len(match.turns)


def keep_for_the_record(table: TableScene, folder: Path, failure: BaseException) -> None:
    """A failed game is saved beside the test's files, to be loaded and looked at."""
    path = folder / "failed-game.json"
    path.write_text(json.dumps(saves.to_json(table.session.match, table.session.seats)),
                    encoding="utf-8")
    failure.add_note(f"the game so far is saved in {path}")


def test_the_person_is_shown_his_own_cards_only_after_the_pass_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pass-and-play from New game at the shipped settings: every time the device goes
    to the other person, the neutral screen comes first and the table behind it shows no
    one's cards; once he confirms, the table shows his."""
    random.seed(3)
    with shipped_app(tmp_path, monkeypatch, size=LARGE) as app:
        person = Person(app, 3)
        table = person.start(Seating("Coup d'État for two", 2, [PERSON, PERSON]))
        handed = []
        for _ in range(6):
            person.play_until(lambda: isinstance(app.scene, PassDeviceScene))
            assert table.controller.viewer is None, "a hand is face up behind the pass screen"
            seat = table.session.to_act
            person.act()  # "I am ...: show my cards"
            assert app.scene is table and table.controller.viewer == seat
            handed.append(seat)
        assert set(handed) == {0, 1}


def test_every_game_the_window_offers_is_played_here() -> None:
    offered = {get_ruleset(ruleset).title for ruleset in ("coup-detat", "coup-detat-duel",
                                                          "coup", "coup-inquisitor")}
    played = {seating.game for seating, _ in GAMES.values()}
    assert played == offered
    for title in offered:
        counts = [seating.players for seating, _ in GAMES.values() if seating.game == title]
        ruleset = next(get_ruleset(r) for r in ("coup-detat", "coup-detat-duel", "coup",
                                                 "coup-inquisitor")
                       if get_ruleset(r).title == title)
        assert min(counts) == ruleset.min_players and max(counts) == ruleset.max_players
