"""The contract every game keeps, checked the same way for each game of the registry and for
a fifth game registered here by its one line (tests/fifth_game, High card).

At every decision of random games with random options: every card of the game's deck is
somewhere, once (the game says its deck and where its cards lie: its `Custody`); a game not
over has a legal decision, and each is the seat's to act; no view depends on a card its
seat cannot see (deal those anew among the places it cannot see, and the view is the same);
undo then redo gives the same game back, whoever undoes. In the middle and at the end, the
decisions replay to the same state and events, the events fold to the same state, and a
save loads back to the same game. And each computer level plays a whole game to its end,
under the same checks. Properties of one game alone (the 1966 game's francs, the bluffing
games' lives) are in that game's own test file.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fifth_game import entry as fifth_game
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.levels import LEVELS, make_player
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import GAMES
from game.games.plugin import Game
from game.services.catalogue import CATALOGUE

HIGH_CARD = fifth_game.GAME.id
GAME_IDS = (*GAMES, HIGH_CARD)
TINY_BUDGET = 0.002  # Hard's seconds a decision in the whole games by each level
Chooser = Callable[[Match], Any]


@pytest.fixture(autouse=True, scope="module")
def fifth_game_registered() -> Iterator[None]:
    """The one line a fifth game adds to the registry (game/games/__init__.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, HIGH_CARD, fifth_game.GAME)
        yield


@dataclass
class Checked:
    """How often each check was made on a game, so that none of them is empty."""

    decisions: int = 0
    undone: int = 0  # undo then redo
    dealt_anew: int = 0  # views compared with a state whose unseen cards had moved
    saved: int = 0  # replays and saves


# The checks --------------------------------------------------------------------------------


def check_cards_accounted_for(game: Game, state: object) -> None:
    custody = game.custody
    assert Counter(custody.everywhere(state)) == Counter(custody.deck(state))


def check_views_keep_secrets(game: Game, match: Match, rng: random.Random,
                             checked: Checked) -> None:
    """Each seat's view, and a spectator's, is the same whatever the cards it cannot see."""
    rules, custody, state = game.ruleset, game.custody, match.state
    for seat in (*range(match.players), None):
        seen = rules.view(state, seat)
        other = custody.unseen_dealt_anew(state, seat, rng)
        assert rules.view(other, seat) == seen, f"seat {seat} sees a card it cannot see"
        checked.dealt_anew += other != state
    # The spectator's deal anew moves the most cards: it loses none and makes none.
    assert Counter(custody.everywhere(other)) == Counter(custody.everywhere(state))


def check_a_decision_is_due(match: Match) -> None:
    pending = match.pending
    assert pending.seat is not None, "chance must have acted"
    legal = list(match.legal())
    assert legal, "a game that is not over has a legal decision"
    assert all(decision.seat == pending.seat for decision in legal)


def check_undo_then_redo(match: Match, checked: Checked) -> None:
    """Each seat that may undo takes its last decision back, and gets the game back."""
    for seat in range(match.players):
        if not match.can_undo(seat):
            continue
        before = (match.state, len(match.events), len(match.turns))
        assert match.undo(seat)
        assert len(match.turns) < before[2]
        assert match.pending.seat == seat, "undo gives the seat its decision back"
        assert match.redo(seat)
        assert (match.state, len(match.events), len(match.turns)) == before
        checked.undone += 1


def check_replay_and_save(match: Match, checked: Checked) -> None:
    rules = match.ruleset
    replayed = Match.replay(rules, match.options, match.decisions)
    assert replayed.state == match.state and replayed.events == match.events
    folded = rules.new_game(match.options)
    for event in match.events:
        folded = rules.apply(folded, event)
    assert folded == match.state
    seats = (saves.Seat("Ada", "human"),
             *(saves.Seat(f"Computer {seat}", "computer", LEVELS[seat % len(LEVELS)])
               for seat in range(1, match.players)))
    loaded = saves.from_json(json.loads(json.dumps(saves.to_json(match, seats))),
                             catalogue=CATALOGUE)
    assert isinstance(loaded, saves.SavedGame)
    assert loaded.match.state == match.state and loaded.seats == seats
    assert loaded.match.decisions == match.decisions
    checked.saved += 1


# The games ---------------------------------------------------------------------------------


def play_checked(game: Game, options: dict[str, object], seed: int, choose: Chooser,
                 save_at: int) -> tuple[Match, Checked]:
    """A whole game, its decisions made by `choose`, checked at every decision."""
    rules = game.ruleset
    match = Match(rules, rules.parse_options(options), chance=seeded_chance(rules, seed))
    rng, checked = random.Random(seed), Checked()
    while not match.pending.over:
        check_cards_accounted_for(game, match.state)
        check_views_keep_secrets(game, match, rng, checked)
        check_a_decision_is_due(match)
        check_undo_then_redo(match, checked)
        if checked.decisions == save_at:
            check_replay_and_save(match, checked)
        match.submit(choose(match))
        checked.decisions += 1
    check_cards_accounted_for(game, match.state)
    check_views_keep_secrets(game, match, rng, checked)
    assert not match.legal() and not match.can_undo(0), "a game over is over"
    check_replay_and_save(match, checked)
    return match, checked


def at_random(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda match: rng.choice(list(match.legal()))


def by_level(level: str, game_id: str, players: int, seed: int) -> tuple[Chooser, list[Any]]:
    made = [make_player(level, f"{seed}:{seat}", budget=TINY_BUDGET, workers=1,
                        ruleset=game_id) for seat in range(players)]

    def choose(match: Match) -> Any:
        seat = match.pending.seat
        return made[seat].decide(match.view(seat), match.legal())

    return choose, made


@st.composite
def options_of(draw: st.DrawFn, game: Game) -> dict[str, object]:
    """Options as New game offers them: any count of players, toggle and rounds."""
    setup = game.setup
    players = draw(st.sampled_from(setup.player_counts))
    flags = {toggle.key: draw(st.booleans()) for toggle in setup.offered(players)}
    rounds = draw(st.sampled_from(setup.rounds)) if setup.rounds else 0
    return setup.options(players, flags, rounds)


def check_none_was_empty(checked: Checked) -> None:
    assert checked.decisions and checked.saved >= 1
    assert checked.undone, "some seat could undo in every game"
    assert checked.dealt_anew, "some seat could not see some card"


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_games_keep_the_contract(game_id: str, data: st.DataObject) -> None:
    game = GAMES[game_id]
    options = data.draw(options_of(game), label="options")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    save_at = data.draw(st.integers(0, 200), label="save at decision")
    _, checked = play_checked(game, options, seed, at_random(seed), save_at)
    check_none_was_empty(checked)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_level_plays_a_whole_game_keeping_the_contract(game_id: str, level: str) -> None:
    game = GAMES[game_id]
    options = game.setup.options(game.setup.usual_players, {}, 0)
    choose, players = by_level(level, game_id, game.setup.usual_players, seed=11)
    try:
        match, checked = play_checked(game, options, 11, choose, save_at=20)
    finally:
        for player in players:
            getattr(player, "close", lambda: None)()
    check_none_was_empty(checked)
    assert match.pending.over

