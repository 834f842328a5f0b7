"""Shared code speaks no game's words: it asks the game. What a seat is to do comes from
the game's narrator; and no module outside a game's folder names a game's vocabulary."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from fifth_game.rules import RULESET as HIGH_CARD
from import_graph import module_files

from game.engine.match import Match, seeded_chance
from game.games import GAMES
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.narration import Narrator as CoupNarrator
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat_duel.rules.charts import HandType as DuelHandType
from game.services import replay
from game.services.replay import _awaiting

NAMES = ("Ada", "Bob", "Cy", "Dee", "Eve", "Fay")


def waiting_match(game_id: str, seed: int) -> Match:
    """A game of `game_id` some way in, a seat to decide."""
    rules = GAMES[game_id].ruleset
    match = Match(rules, rules.parse_options({"players": GAMES[game_id].setup.usual_players}),
                  chance=seeded_chance(rules, seed))
    choose = random.Random(seed)
    for _ in range(choose.randrange(5, 40)):
        if match.pending.over:
            break
        match.submit(choose.choice(match.legal()))
    return match


@pytest.mark.parametrize("game_id", list(GAMES))
def test_what_a_seat_is_to_do_is_said_by_its_games_narrator(game_id: str) -> None:
    told = 0
    for seed in range(6):
        match = waiting_match(game_id, seed)
        pending = match.pending
        if pending.over or pending.seat is None:
            continue
        names = NAMES[:match.players]
        narrator = match.ruleset.narrator(list(names))
        assert _awaiting(match, names) == \
            f"{names[pending.seat]} to {narrator.to_do(pending.word)}"  # type: ignore[attr-defined]
        told += 1
    assert told


def test_replay_says_what_the_narrator_says(monkeypatch: pytest.MonkeyPatch) -> None:
    match = waiting_match("coup", 1)
    while match.pending.word != "action":
        match.submit(match.legal()[0])
    monkeypatch.setattr(CoupNarrator, "TO_DO", {"action": "pick a deed"})
    seat = match.pending.seat
    assert seat is not None
    assert _awaiting(match, NAMES[:match.players]) == f"{NAMES[seat]} to pick a deed"


def test_a_narrator_that_cannot_say_it_leaves_the_word_as_it_is() -> None:
    """High card's narrator (tests/fifth_game) has no `to_do`: its word is told as what is
    decided, as for any word a narrator does not put in words."""
    match = Match(HIGH_CARD, HIGH_CARD.parse_options({"players": 2}),
                  chance=seeded_chance(HIGH_CARD, 3))
    match.submit(match.legal()[0])
    seat, word = match.pending.seat, match.pending.word
    assert seat is not None
    assert _awaiting(match, ("Ada", "Bob")) == f"{('Ada', 'Bob')[seat]} to decide ({word})"
    assert not hasattr(replay, "_TO_DO") and not hasattr(replay, "_VERBS")


def first_hand(game_id: str, players: int) -> int:
    """The cards in seat 0's hand as first dealt to `players`."""
    rules = GAMES[game_id].ruleset
    match = Match(rules, rules.parse_options({"players": players}),
                  chance=seeded_chance(rules, players))
    while not match.view(0).hand:
        match.submit(match.legal()[0])
    return len(match.view(0).hand)


@pytest.mark.parametrize("game_id", [game_id for game_id, game in GAMES.items() if game.kit])
def test_the_hand_the_table_makes_room_for_is_the_rules_deal(game_id: str) -> None:
    """The layout asks the game (its entry's hand_size, from its charts) how many cards a
    hand holds; the rules deal that many."""
    from game.ui.table.layout import hand_for

    game = GAMES[game_id]
    for players in game.setup.player_counts:
        assert hand_for(game_id, players) == first_hand(game_id, players), players


# No game's vocabulary in shared code.

ROOT = Path(__file__).resolve().parent.parent

VOCABULARY = {
    # the 1966 game
    "short game", "franc", "francs", "director", "directors", "treasury", "coup", "coups",
    "worth", "penalty", "penalties", "loan", "loans", "redeal", "barbu", "waterloo", "siege",
    "touche", "guillotine",
    # the game for two
    "bastille", "marie", "peasant", "prime minister", "joker",
    # the bluffing games
    "influence", "influences", "bluff", "bluffs", "bluffing", "challenge", "challenges",
    "coin", "coins", "foreign aid",
    # and what each game's charts name: its hands, its characters, its actions
    *(hand.value.replace("_", " ") for hand in (*HandType, *DuelHandType)),
    *(character.value for character in Character),
    *(action.value.replace("_", " ") for action in Action),
} - {
    "dominos", "dominoes",  # the Dominos hand is played by both 1966 games through the
    # shared card play (game/rules/card_play.py), and the table lays out its rows for both
    "exchange",  # a plain word (the Bastille exchange, a bluffing action, an exchange rate)
}
"""Words of one game (or of the games of one folder). Shared code asks the game for them
(its entry, its charts, its narrator, its records) and never writes them itself."""

PROGRAM = re.compile(r"coup[-_ ]d['’]?[eé]tat", re.IGNORECASE)
"""The program's name is its first game's ("coup-detat", "Coup d'État",
COUP_DETAT_HOME): that is the program speaking, not a game."""

ALLOWED = {
    ("game.games", "coup"): "the registry: the one list of the games' folders and entries",
    ("game.games", "inquisitor"): "the registry (as above)",
    ("game.cards", "coup"): "the cards: every card of the games' decks, COUP and JOKER "
                            "among them, with their notation",
    ("game.cards", "joker"): "the cards (as above)",
    ("game.ui.art.*", "coup"): "the card art draws every card of the decks, and the "
                               "emblems of the 1966 table (its badges and notes)",
    ("game.ui.art.*", "joker"): "the card art (as above)",
    ("game.ui.art.*", "director"): "the 1966 table's emblems (as above)",
    ("game.ui.art.*", "franc"): "the 1966 table's emblems (as above)",
    ("game.ui.art.*", "francs"): "the 1966 table's emblems (as above)",
    ("game.ui.scenes.title", "coup"): "the title screen shows the COUP card: the program's "
                                      "emblem",
    ("game.ui.table.*", "treasury"): "the layout's panels of the left column are named "
                                     "after the first game's (the Board, the Treasury, the "
                                     "last trick); each game puts its own there",
    ("game.ui.table.arrange", "director"): "the draw for the first office, laid out for "
                                           "the trick-taking games",
}
"""(a module, or "package.*" for a package and its modules; word): why a shared module
may write the word."""


def _words(text: str) -> str:
    """The text as lowercase words, one space apart ("COUP_DETAT" -> "coup detat",
    "shortGame" -> "short game", "Touché" -> "touche")."""
    text = PROGRAM.sub(" ", text.replace("é", "e").replace("É", "E"))
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return " ".join(re.split(r"[^a-z]+", text.lower())).strip()


def _docstrings(tree: ast.AST) -> set[int]:
    """The string statements of a module (docstrings, attribute docstrings): they explain,
    as comments do."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def _names_and_strings(tree: ast.AST) -> list[str]:
    """Every identifier (defined, used, an argument, a keyword, an import) and every string
    literal of a module but its docstrings."""
    skipped = _docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        match node:
            case ast.Constant(value=str(text)) if id(node) not in skipped:
                found.append(text)
            case ast.Name(id=name) | ast.Attribute(attr=name) | ast.arg(arg=name):
                found.append(name)
            case ast.FunctionDef(name=name) | ast.ClassDef(name=name):
                found.append(name)
            case ast.keyword(arg=str(name)) | ast.alias(name=name):
                found.append(name)
    return found


def game_words_in(module: str, source: str) -> set[str]:
    """The words of VOCABULARY a module writes, but those ALLOWED there."""
    said = {f" {_words(text)} " for text in _names_and_strings(ast.parse(source))}
    return {word for word in VOCABULARY
            if any(f" {word} " in text for text in said)
            and not any(_in(module, allowed) and word == allowed_word
                        for allowed, allowed_word in ALLOWED)}


def _in(module: str, allowed: str) -> bool:
    package = allowed.removesuffix(".*")
    if package == allowed:
        return module == allowed
    return module == package or module.startswith(package + ".")


def _shared(module: str) -> bool:
    return not any(module == package or module.startswith(package + ".")
                   for game in GAMES.values() for package in game.packages)


def test_shared_code_writes_no_games_words() -> None:
    """Outside a game's folder, no identifier or string names a game's things: shared code
    asks the game (docstrings and comments may name them as examples)."""
    strays = {module: sorted(found) for module, path in module_files(ROOT).items()
              if _shared(module)
              and (found := game_words_in(module, path.read_text(encoding="utf-8")))}
    assert strays == {}


@pytest.mark.parametrize(("source", "found"), [
    ("options = {'players': 3, 'short_game': True}", {"short game"}),
    ("def lost(influences_lost): pass", {"influences"}),
    ("LABEL = 'Tax +3'", {"tax"}),
    ("class DirectorBadge: pass", {"director"}),
    ("counts.coups_attempted += 1", {"coups"}),
    ("best_worth = None", {"worth"}),
    ("NAME = 'coup-detat-statistics'", set()),
    ('"""Coups, influences and francs, in a docstring."""', set()),
    ("shortly = cut_short(text)", set()),
])
def test_the_check_finds_a_games_words_and_only_them(source: str, found: set[str]) -> None:
    assert game_words_in("game.services.somewhere", source) == found


def test_every_allowance_names_a_word_of_a_game_and_a_module() -> None:
    modules = set(module_files(ROOT))
    assert {word for _, word in ALLOWED} <= VOCABULARY
    assert all(any(_in(module, allowed) for module in modules) for allowed, _ in ALLOWED)
