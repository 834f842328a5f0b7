"""A fifth game is its own packages and one registration line: High card (tests/fifth_game),
registered here as game/games/__init__.py would list it, is dealt, played by the computer
levels, simulated, saved and loaded, counted in the statistics and listed by New game's
registry, by code that never heard of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fifth_game import entry
from fifth_game.players import HardPlayer, MediumPlayer
from fifth_game.rules import Call

import game.games
from game.ai.levels import levels_for, make_player
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.services import simulate
from game.services.catalogue import CATALOGUE
from game.services.stats import Statistics

HIGH_CARD = entry.GAME.id


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The one line a fifth game adds to the registry: its rules and all follow."""
    monkeypatch.setitem(game.games.GAMES, HIGH_CARD, entry.GAME)
    yield


def test_the_one_line_registers_its_rules_for_saves_too(registered: None) -> None:
    assert game.games.RULESETS[HIGH_CARD] is entry.GAME.ruleset
    assert HIGH_CARD in CATALOGUE.rulesets and HIGH_CARD in list(game.games.RULESETS)


def test_the_registry_finds_the_new_game(registered: None) -> None:
    assert game.games.get_ruleset(HIGH_CARD) is entry.GAME.ruleset
    assert entry.GAME not in game.games.table_games(), "no kit: the window cannot seat it"
    assert levels_for(HIGH_CARD) == ("random", "easy", "medium", "hard")
    assert isinstance(make_player("medium", 1, ruleset=HIGH_CARD), MediumPlayer)
    assert isinstance(make_player("hard", 1, ruleset=HIGH_CARD), HardPlayer)


def test_the_levels_play_whole_games_of_it(registered: None) -> None:
    summary = simulate.run({"players": 3}, 30, seed=5, seats=["hard", "medium", "easy"],
                           ruleset=HIGH_CARD)
    assert summary.games == 30
    assert summary.decisions == 90, "each of three players calls once a game"
    assert sum(summary.wins_by_seat.values()) <= 30
    assert summary.to_json()["ruleset"] == HIGH_CARD


def test_a_game_of_it_saves_and_loads_through_the_engine(registered: None) -> None:
    rules = entry.GAME.ruleset
    match = Match(rules, rules.parse_options({"players": 2}), chance=seeded_chance(rules, 3))
    match.submit(match.legal()[0])
    seats = (saves.Seat("Ada", "human"), saves.Seat("Bob", "computer", "hard"))
    loaded = saves.from_json(saves.to_json(match, seats), catalogue=CATALOGUE)
    assert loaded.match.state == match.state and loaded.seats == seats


def test_a_seat_takes_back_its_call_and_makes_it_again() -> None:
    """Undo needs each decision's seat (the engine's contract): a call is undone back to
    the seat that made it, and redone as it was."""
    rules = entry.GAME.ruleset
    match = Match(rules, rules.parse_options({"players": 3}), chance=seeded_chance(rules, 2))
    match.submit(Call(0, stand=True))
    match.submit(Call(1, stand=False))
    before = match.state
    assert match.undo(0)
    assert match.pending.seat == 0 and match.state.calls == ()
    assert match.redo(0)
    assert match.state == before and match.pending.seat == 2
    assert not match.undo(2), "seat 2 has not called yet"


def test_a_finished_game_is_counted_in_the_statistics(registered: None) -> None:
    rules = entry.GAME.ruleset
    match = Match(rules, rules.parse_options({"players": 2}), chance=seeded_chance(rules, 4))
    while not match.pending.over:
        match.submit(match.legal()[0])  # both stand
    record = entry.GAME.records.record.load()(match, [0])
    counts = Statistics().with_game(record).get(HIGH_CARD)
    assert counts.played == 1 and counts.won == int(0 in rules.winners(match.state))
    assert entry.GAME.records.lines.load()(counts)[0] == "**High card"


def test_without_registration_the_program_does_not_know_it() -> None:
    with pytest.raises(KeyError, match="unknown ruleset 'high-card'"):
        game.games.get_ruleset(HIGH_CARD)
    rules = entry.GAME.ruleset
    match = Match(rules, rules.parse_options({"players": 2}), chance=seeded_chance(rules, 3))
    data = saves.to_json(match, (saves.Seat("Ada", "human"), saves.Seat("Bob", "human")))
    with pytest.raises(saves.SaveError, match="unknown ruleset"):
        saves.from_json(data, catalogue=CATALOGUE)
