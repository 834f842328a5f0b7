"""What a seat can infer from its view, and the deals it imagines, checked against the
real game: every inference is true of the real cards, and every imagined world looks
exactly like the real one to the seat that imagined it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.search.hidden import sample
from game.cards import COUP
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat.ai.knowledge import CENTER, knowledge
from game.games.coup_detat.ai.worlds import world
from game.games.coup_detat.rules.charts import deck_for
from game.games.coup_detat.rules.custody import CUSTODY
from game.games.coup_detat.rules.state import State

RULES = get_ruleset("coup-detat")


def positions(players: int, short_game: bool, seed: int, every: int = 3):  # type: ignore[no-untyped-def]
    """Positions of a random game (every few decisions), with the seat to act."""
    options = RULES.parse_options({"players": players, "short_game": short_game})
    match = Match(RULES, options, chance=seeded_chance(RULES, seed))
    rng = random.Random(seed)
    step = 0
    while not match.pending.over:
        if step % every == 0:
            yield match.state
        match.submit(rng.choice(match.legal()))
        step += 1


def real_places(state: State, seat: int, coup_with: int | None) -> dict[int, Counter]:
    """Where the cards hidden from `seat` really are."""
    hand = state.hand
    assert hand is not None
    places: dict[int, Counter] = {}
    for other, cards in enumerate(hand.hands):
        if other != seat:
            places[other] = Counter(card for card in cards
                                    if not (card is COUP and coup_with == other))
    return places


GAMES = [(4, False, 1), (4, True, 2), (3, False, 3), (3, True, 4), (4, False, 5)]


@pytest.mark.parametrize(("players", "short_game", "seed"), GAMES)
def test_every_inference_is_true_of_the_real_cards(players: int, short_game: bool,
                                                   seed: int) -> None:
    for state in positions(players, short_game, seed):
        if state.hand is None:
            continue
        for seat in range(players):
            known = knowledge(RULES.view(state, seat))
            assert sum(place.size for place in known.places) == len(known.unseen)
            real = real_places(state, seat, known.coup_with)
            for place in known.places:
                if place.holder == CENTER:
                    assert state.hand.center in known.unseen
                    continue
                cards = set(real[place.holder])
                assert len(cards) == place.size
                assert cards <= known.unseen, "a hidden card the seat thought it had seen"
                assert not cards & place.forbidden, "an inference is false"


@pytest.mark.parametrize(("players", "short_game", "seed"), GAMES)
def test_an_imagined_world_looks_like_the_real_one(players: int, short_game: bool,
                                                   seed: int) -> None:
    rng = random.Random(seed)
    deck = Counter(deck_for(players).cards)
    for state in positions(players, short_game, seed, every=5):
        if state.hand is None:
            continue
        for seat in range(players):
            view = RULES.view(state, seat)
            known = knowledge(view)
            guess = sample(known, rng)
            for place in known.places:
                assert len(guess[place.holder]) == place.size
                assert not set(guess[place.holder]) & place.forbidden
            imagined = world(view, known, guess)
            assert RULES.view(imagined, seat) == view, "the seat cannot tell them apart"
            assert Counter(CUSTODY.everywhere(imagined)) == deck
            if state.hand.to_act == seat and state.phase.value == "play":
                assert RULES.legal(imagined) == RULES.legal(state)


def test_imagined_worlds_can_be_played_to_the_end_of_the_hand() -> None:
    rng = random.Random(9)
    for state in positions(4, False, 11, every=17):
        if state.hand is None or state.hand.to_act < 0:
            continue
        seat = state.hand.to_act
        view = RULES.view(state, seat)
        known = knowledge(view)
        imagined = world(view, known, sample(known, rng))
        while imagined.hand is not None and RULES.legal(imagined):
            imagined = RULES.decide(imagined, rng.choice(RULES.legal(imagined))).state
