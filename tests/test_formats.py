"""The file and wire formats beside the rules: each game's scenario and bot protocol
adapters are found through the registry, and neither the rules nor the engine know them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from coup_kit import COUP_DECK, COUP_HANDS

from game.engine.errors import MalformedEntry
from game.formats.support import formats_of
from game.games import GAMES, get_game
from game.games.plugin import Formats

GAME = Path(__file__).resolve().parent.parent / "game"
SCENARIO = ("check_move_shape", "parse_deal", "scripted_chance", "result_fields")
PROTOCOL = ("seat_history", "view_json")


def imported(package: Path) -> set[tuple[str, str]]:
    """(file, module) for every module the files under `package` import, at any depth."""
    found = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found |= {(path.name, alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add((path.name, node.module))
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_has_its_formats_through_the_registry(game_id: str) -> None:
    formats = formats_of(game_id)
    assert isinstance(formats, Formats)
    assert formats is get_game(game_id).formats.load()
    assert all(callable(getattr(formats.scenario, name)) for name in SCENARIO)
    assert all(callable(getattr(formats.protocol, name)) for name in PROTOCOL)


def test_an_unknown_game_has_no_formats() -> None:
    with pytest.raises(KeyError, match="unknown ruleset 'poker'"):
        formats_of("poker")


def test_each_bluffing_game_checks_a_scenario_deal_against_its_own_deck() -> None:
    """One bot protocol serves Coup and the Inquisitor; their decks differ."""
    deal = {"hands": [hand.split() for hand in COUP_HANDS], "deck": COUP_DECK.split()}
    coup, inquisitor = formats_of("coup"), formats_of("coup-inquisitor")
    assert coup.protocol is inquisitor.protocol
    coup.scenario.parse_deal(deal, get_game("coup").ruleset.parse_options({"players": 3}))
    options = get_game("coup-inquisitor").ruleset.parse_options({"players": 3})
    with pytest.raises(MalformedEntry, match="not exactly the deck"):
        inquisitor.scenario.parse_deal(deal, options)


def test_the_rules_import_only_the_engine_kernel() -> None:
    above_the_kernel = {(name, module) for name, module in imported(GAME / "rules")
                        if module.startswith("game.") and not module.startswith(
                            ("game.rules", "game.cards", "game.engine.ruleset",
                             "game.engine.errors", "game.engine.chronicle",
                             "game.engine.values"))}
    assert not above_the_kernel


def test_the_engine_is_handed_the_rules_and_imports_none() -> None:
    above_the_engine = {(name, module) for name, module in imported(GAME / "engine")
                        if module.startswith("game.") and not module.startswith(
                            ("game.engine", "game.cards", "game.system"))}
    assert not above_the_engine
