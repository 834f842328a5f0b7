"""Properties of random complete games (3 and 4 players, full and short), checked at every
decision: cards and francs accounted for, a legal decision always exists, views keep
secrets, undo then redo is the identity; and at the end replay and save/load give the same
state."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from property_kit import cards_seen, check_undo_then_redo_is_identity

from game.cards import COUP, Card
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat.rules.charts import STARTING_CASH, deck_for
from game.games.coup_detat.rules.decisions import AttemptCoup, PlayCard
from game.games.coup_detat.rules.state import HandState, State
from game.services.catalogue import CATALOGUE

RULES = get_ruleset("coup-detat")


@dataclass(frozen=True)
class GameSpec:
    players: int
    short_game: bool
    seed: int
    policy: str  # "random", or "coups": every holder attempts and everyone helps him


game_specs = st.builds(
    GameSpec,
    players=st.sampled_from([3, 4]),
    short_game=st.booleans(),
    seed=st.integers(0, 2**32),
    policy=st.sampled_from(["random", "coups"]),
)


def choose(state: State, legal: list, rng: random.Random, policy: str) -> object:
    """A legal decision by the given policy. "coups" makes coups (and loans) frequent."""
    if policy == "coups":
        coups = [d for d in legal if isinstance(d, AttemptCoup)]
        if coups:
            return rng.choice(coups)
        hand = state.hand
        plays = [d for d in legal if isinstance(d, PlayCard)]
        if plays and hand is not None and hand.tricks is not None and hand.is_coup:
            strength = deck_for(state.players).trick_strength
            by_strength = sorted(plays, key=lambda d: strength[d.card])
            return by_strength[-1] if hand.coup_player == plays[0].seat else by_strength[0]
    return rng.choice(legal)


# The checks --------------------------------------------------------------------------------


def cards_in_play(hand: HandState) -> Counter[Card]:
    """Every card of the hand wherever it is: hands, tricks, layout, centre, set aside."""
    cards: Counter[Card] = Counter()
    for held in hand.hands:
        cards.update(held)
    if hand.tricks is not None:
        for trick in hand.tricks.done:
            cards.update(card for _, card in trick.plays)
        cards.update(card for _, card in hand.tricks.plays)
    if hand.dominos is not None:
        cards.update(card for _, card in hand.dominos.laid)
    # The centre card is in someone's hand once taken; then COUP is out of play instead.
    cards[COUP if hand.center_holder is not None else hand.center] += 1
    return cards


def check_cards_accounted_for(state: State) -> None:
    if state.hand is not None:
        assert cards_in_play(state.hand) == Counter(deck_for(state.players).cards)


def check_francs_conserved(state: State) -> None:
    assert sum(state.money) + state.treasury == STARTING_CASH * state.players
    assert all(cash >= 0 for cash in state.money) and state.treasury >= 0
    pairs = [(debt.debtor, debt.lender) for debt in state.debts]
    assert len(pairs) == len(set(pairs))
    assert all(debt.owed > 0 and debt.debtor != debt.lender for debt in state.debts)
    assert sum(state.all_worth()) == sum(state.money)  # every debt owed is owed to someone


def check_views_keep_secrets(state: State) -> None:
    hand = state.hand
    if hand is None:
        return
    for seat in [*range(state.players), None]:
        seen = set(cards_seen(RULES.view(state, seat)))
        others = {card for other, held in enumerate(hand.hands) if other != seat for card in held}
        assert not seen & others, f"seat {seat} sees {seen & others}"
        center_public = hand.tricks is not None and hand.tricks.center_won_by is not None
        center_known = (seat is not None and hand.center_holder == seat) or center_public
        if not center_known and hand.center not in _played_cards(hand):
            assert hand.center not in seen, f"seat {seat} sees the centre card"


def _played_cards(hand: HandState) -> set[Card]:
    played = set()
    if hand.tricks is not None:
        played |= {card for trick in hand.tricks.done for _, card in trick.plays}
        played |= {card for _, card in hand.tricks.plays}
    if hand.dominos is not None:
        played |= {card for _, card in hand.dominos.laid}
    return played


def check_replay_and_save(match: Match) -> None:
    replayed = Match.replay(RULES, match.options, match.decisions)
    assert replayed.state == match.state
    assert replayed.events == match.events
    folded = RULES.new_game(match.options)
    for event in match.events:
        folded = RULES.apply(folded, event)
    assert folded == match.state
    seats = tuple(saves.Seat(f"Player {seat}") for seat in range(match.players))
    text = json.dumps(saves.to_json(match, seats))
    loaded = saves.from_json(json.loads(text), catalogue=CATALOGUE)
    assert loaded.match.state == match.state
    assert loaded.seats == seats


# The games ---------------------------------------------------------------------------------


def play_checked(spec: GameSpec) -> Match:
    options = RULES.parse_options({"players": spec.players, "short_game": spec.short_game})
    match = Match(RULES, options, chance=seeded_chance(RULES, spec.seed))
    rng = random.Random(spec.seed)
    step = 0
    while not (pending := match.pending).over:
        state = match.state
        check_cards_accounted_for(state)
        check_francs_conserved(state)
        check_views_keep_secrets(state)
        assert pending.seat is not None, "chance must have acted"
        legal = list(match.legal())
        assert legal, "a state that is not final has a legal decision"
        assert all(decision.seat == pending.seat for decision in legal)
        if step % 23 == 5 and match.can_undo(pending.seat):
            check_undo_then_redo_is_identity(match, pending.seat)
        if step == 300:
            check_replay_and_save(match)  # in the middle of a game, usually mid-hand
        match.submit(choose(state, legal, rng, spec.policy))
        step += 1
    check_francs_conserved(match.state)
    assert match.state.winners and not match.legal()
    check_replay_and_save(match)
    return match


@settings(max_examples=40, deadline=None)
@given(game_specs)
def test_random_complete_games_keep_every_invariant(spec: GameSpec) -> None:
    match = play_checked(spec)
    hands_per_round = 3 if spec.short_game else 6
    assert len(match.state.played_this_round) == hands_per_round
    assert match.state.round_index == spec.players - 1
