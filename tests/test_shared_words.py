"""Shared code speaks no game's words: it asks the game. What a seat is to do comes from
the game's narrator; and no module outside a game's folder names a game's vocabulary."""

from __future__ import annotations

import random

import pytest
from fifth_game.rules import RULESET as HIGH_CARD

from game.engine.match import Match, seeded_chance
from game.games import GAMES
from game.games.coup.rules.narration import Narrator as CoupNarrator
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
