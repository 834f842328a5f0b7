"""Imagined positions for Hard in the bluffing games: the cards a seat cannot see dealt
again, consistently with its view, and weighed by what the players have claimed.

Everything here starts from the seat's view alone. The unseen cards are the fifteen less
the seat's own hand, every face-up card and a card shown to it by an examined player
(which stays in that player's hand). They are dealt at random to the other players' hands,
the court deck and the alternative deal's discards, in the sizes the view gives. A deal
is kept with a chance in proportion to the likelihood of the round's public record in it
(belief.py: a player who claimed a character unchallenged likelier holds it, one caught
bluffing likelier does not...), so the deals kept follow the seat's beliefs (rejection
sampling).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from game.games.coup.ai.belief import Belief, belief
from game.games.coup.ai.cards import variant_of
from game.games.coup.rules.charts import BlockedBy, Character, Variant
from game.games.coup.rules.state import Phase, State, TurnState
from game.games.coup.rules.view import CoupView

BLUFF_LIKELIHOOD = 0.35
"""How likely a claim is when the claimant does not hold the character, beside 1 when he
does: about how often the players at this table bluff a claim they could make."""
MAX_DRAWS = 40  # deals drawn at most to keep one; then the likeliest drawn is kept

Bluffing = Mapping[int, float]
"""For a player, how likely a claim is when he does not hold the character (beside 1 when
he does); `BLUFF_LIKELIHOOD` for a player not named"""


class Inconsistent(ValueError):
    """The view's counts leave no deal (it never happens with a view the rules made)."""


def unseen_pool(seen: CoupView, variant: Variant) -> Counter[Character]:
    """The cards the seat cannot see, a shown card of another player's aside."""
    pool = Counter(variant.deck)
    pool.subtract(seen.hand)
    for cards in seen.revealed:
        pool.subtract(cards)
    shown = shown_to_me(seen)
    if shown is not None:
        pool[shown[1]] -= 1
    if any(count < 0 for count in pool.values()):
        raise Inconsistent("more cards are in sight than the deck holds")
    return pool


def shown_to_me(seen: CoupView) -> tuple[int, Character] | None:
    """The examined player and the card he showed the seat, if he showed it one."""
    turn = seen.turn
    if turn is None or turn.shown is None or turn.target is None or turn.target == seen.seat:
        return None
    return turn.target, turn.shown


def deal_unseen(seen: CoupView, variant: Variant, rng: random.Random, evidence: Belief,
                bluffing: Bluffing) -> tuple[tuple[tuple[Character, ...], ...],
                                             tuple[Character, ...], tuple[Character, ...]]:
    """Every hand, the court deck and the discards of one imagined deal."""
    cards = list(unseen_pool(seen, variant).elements())
    me = seen.seat
    shown = shown_to_me(seen)
    needed = sum(size for seat, size in enumerate(seen.hand_sizes) if seat != me) \
        - (shown is not None) + seen.deck_size + seen.out_of_game_size
    if needed != len(cards):
        raise Inconsistent(f"{len(cards)} unseen cards for {needed} places")
    likeliest: tuple[float, list[Character]] = (-1.0, cards)
    for _ in range(MAX_DRAWS):
        rng.shuffle(cards)
        chance = _likelihood(_hands(seen, cards, shown), evidence, me, bluffing)
        if rng.random() < chance:
            likeliest = (chance, cards)
            break
        if chance > likeliest[0]:
            likeliest = (chance, cards[:])
    cards = likeliest[1]
    hands = _hands(seen, cards, shown)
    rest = cards[len(cards) - seen.deck_size - seen.out_of_game_size:]
    return tuple(hands), tuple(rest[:seen.deck_size]), tuple(rest[seen.deck_size:])


def _hands(seen: CoupView, cards: list[Character],
           shown: tuple[int, Character] | None) -> list[tuple[Character, ...]]:
    hands, start = [], 0
    for seat, size in enumerate(seen.hand_sizes):
        if seat == seen.seat:
            hands.append(seen.hand)
            continue
        fixed = (shown[1],) if shown is not None and shown[0] == seat else ()
        dealt = size - len(fixed)
        hands.append((*fixed, *cards[start:start + dealt]))
        start += dealt
    return hands


def _likelihood(hands: list[tuple[Character, ...]], evidence: Belief, me: int | None,
                bluffing: Bluffing) -> float:
    """The record's likelihood in this deal, beside its likeliest (at most 1)."""
    chance = 1.0
    for seat, characters in evidence.items():
        if seat == me or not hands[seat]:
            continue
        bluffs = bluffing.get(seat, BLUFF_LIKELIHOOD)
        for character, said in characters.items():
            odds = said.odds(bluffs)
            held = character in hands[seat]
            chance *= min(1.0, odds if held else 1 / odds)
    return chance


def resample(seen: CoupView, rng: random.Random, bluffing: Bluffing | None = None,
             evidence: Belief | None = None) -> State:
    """A whole position the seat cannot tell from the real one, likelier as the round's
    record (its `evidence`, read from the view if not given) is likelier in it; a claim
    counts the more from a player who seldom bluffs."""
    variant = variant_of(seen)
    found = belief(seen) if evidence is None else evidence
    hands, deck, discards = deal_unseen(seen, variant, rng, found, bluffing or {})
    state = State(variant=variant, options=seen.options, phase=seen.phase,
                  to_act=seen.to_act if seen.to_act is not None else 0,
                  round_index=seen.round_index, starter=seen.starter, hands=hands,
                  revealed=seen.revealed, coins=seen.coins, deck=deck,
                  out_of_game=discards, round_wins=seen.round_wins, winners=seen.winners,
                  heard=seen.heard)
    return _with_turn(state, seen)


def _with_turn(state: State, seen: CoupView) -> State:
    turn = seen.turn
    if turn is None:
        return state
    full = TurnState(turn.actor, turn.action, turn.target, turn.called, turn.claimant,
                     turn.claim, _askers(state, seen), turn.challenger, turn.blocker,
                     turn.block_claim, turn.drawn, turn.shown)
    return replace(state, turn=full)


def _askers(state: State, seen: CoupView) -> tuple[int, ...]:
    """Who still answers the open window: the seat to act and those after him."""
    turn, me = seen.turn, seen.to_act
    assert turn is not None
    if seen.phase is Phase.CHALLENGE and turn.claimant is not None:
        order = state.from_left_of(turn.claimant)
    elif seen.phase is Phase.BLOCK and \
            state.variant.rule(turn.action).blocked_by is BlockedBy.ANYONE:
        order = state.from_left_of(turn.actor)
    else:
        return (me,) if me is not None and seen.phase is Phase.BLOCK else ()
    return order[order.index(me):] if me in order else ()

