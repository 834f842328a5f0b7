"""Chance in Coup and what it starts: the first player chosen, a deal checked and dealt
(the two-player alternative deal's sets and picks too), and cards drawn from the deck."""

from __future__ import annotations

from collections import Counter

from game.engine.chronicle import Chronicle
from game.engine.errors import IllegalMove, quoted
from game.games.coup.rules import events as ev
from game.games.coup.rules.charts import (
    HAND_SIZE,
    STARTING_COINS,
    TWO_PLAYER_STARTER_COINS,
    Character,
    Variant,
)
from game.games.coup.rules.decisions import ChooseStarter, Deal, DealSets
from game.games.coup.rules.state import Options, State, without

Events = Chronicle[State, ev.Event]


def choose_starter(events: Events, decision: ChooseStarter) -> None:
    if not 0 <= decision.starter < events.state.players:
        raise IllegalMove(f"There is no seat {quoted(decision.starter)} to start.")
    events.add(ev.StarterChosen(decision.starter))


def check_deal(variant: Variant, options: Options, deal: Deal) -> None:
    """The deal is the whole deck: `IllegalMove` saying what is wrong otherwise."""
    players = options.players
    if len(deal.hands) != players or any(len(hand) != HAND_SIZE for hand in deal.hands):
        raise IllegalMove(f"A deal gives {HAND_SIZE} cards to each of {players} players.")
    dealt = [card for hand in deal.hands for card in hand] + list(deal.deck)
    if Counter(dealt + list(deal.out_of_game)) != Counter(variant.deck):
        raise IllegalMove(f"The deal is not exactly the deck of {variant.title}.")
    if uses_alternative_deal(variant, options):
        third_set = [hand[1] for hand in deal.hands] + list(deal.deck)
        if sorted(third_set) != sorted(variant.characters):
            raise IllegalMove("In the alternative deal the second cards and the court deck "
                              "are one set: one of each character.")
    elif deal.out_of_game:
        raise IllegalMove("Only the two-player alternative deal puts cards out of the game.")


def uses_alternative_deal(variant: Variant, options: Options) -> bool:
    return variant.alternative_deal and options.alternative_deal and options.players == 2


def round_start(state: State) -> tuple[int, int]:
    """The coming round's number and starting player: the first round's is chosen, then
    each round starts one seat further to the left."""
    round_index = sum(state.round_wins)
    starter = state.starter if round_index == 0 else (state.starter + 1) % state.players
    return round_index, starter


def starting_coins(state: State, starter: int) -> tuple[int, ...]:
    coins = [STARTING_COINS] * state.players
    if state.players == 2:
        coins[starter] = TWO_PLAYER_STARTER_COINS
    return tuple(coins)


def deal(events: Events, dealt: Deal) -> None:
    state = events.state
    check_deal(state.variant, state.options, dealt)
    round_index, starter = round_start(state)
    events.add(ev.Dealt(round_index, starter, dealt.hands, dealt.deck, dealt.out_of_game,
                        starting_coins(state, starter)))


def deal_sets(events: Events, sets: DealSets) -> None:
    state = events.state
    characters = state.variant.characters
    if not uses_alternative_deal(state.variant, state.options):
        raise IllegalMove("Sets are dealt only in the two-player alternative deal.")
    if sorted(sets.third_set) != sorted(characters):
        raise IllegalMove("The third set is one of each character.")
    round_index, starter = round_start(state)
    events.add(ev.SetsDealt(round_index, starter, (characters,) * state.players,
                            sets.third_set))


def pick(events: Events, seat: int, kept: tuple[Character, ...]) -> None:
    """The alternative deal: the seat keeps one card of his set; once both have, each is
    dealt one card of the third set and the rest of it is the court deck."""
    hand = events.state.hands[seat]
    if len(kept) != 1 or kept[0] not in hand:
        raise IllegalMove("Keep one card of your set.")
    events.add(ev.KeptOne(seat, kept[0], without(hand, kept[0])))
    state = events.state
    if any(len(cards) > 1 for cards in state.hands):
        return
    players = state.players
    hands = tuple((state.hands[s][0], state.deck[s]) for s in range(players))
    events.add(ev.Dealt(state.round_index, state.starter, hands, state.deck[players:],
                        state.out_of_game, starting_coins(state, state.starter)))


def draw(events: Events, seat: int, count: int) -> None:
    cards = events.state.deck[:count]
    if cards:
        events.add(ev.Drew(seat, cards))
