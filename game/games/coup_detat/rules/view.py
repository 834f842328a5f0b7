"""What one seat may know, and the legal decisions of the seat to act.

A view holds the seat's own cards and public facts only: who holds COUP, the cards played,
the Dominos layout, money and debts. The centre card appears only for the seat that took it
into his hand, or for everyone once it is turned up with a coup hand's first trick.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import COUP, Card, Suit
from game.engine.ruleset import GAME_OVER, Pending
from game.games.coup_detat.rules.charts import HandType, deck_for
from game.games.coup_detat.rules.decide import available_hand_types, trick_lead_limits
from game.games.coup_detat.rules.decisions import (
    AttemptCoup,
    ChooseHandType,
    Decision,
    DeclineCoup,
    PlayCard,
)
from game.games.coup_detat.rules.dominos import layable
from game.games.coup_detat.rules.state import Debt, DominosPlay, HandState, Phase, State, Trick
from game.games.coup_detat.rules.tricks import playable
from game.rules.card_play import dominos_choices

_CHANCE = {Phase.DRAW: Pending(None, "draw"), Phase.DEAL: Pending(None, "deal")}


def pending(state: State) -> Pending:
    phase = state.phase
    if phase in _CHANCE:
        return _CHANCE[phase]
    if phase is Phase.OVER:
        return GAME_OVER
    hand = state.hand
    assert hand is not None
    if phase is Phase.COUP:
        return Pending(hand.coup_holder, "coup")
    if phase is Phase.CHOOSE:
        return Pending(state.director, "choose")
    return Pending(hand.to_act, "play")


def legal(state: State) -> list[Decision]:
    """Every decision the seat to act may make now (empty at chance or game over)."""
    hand = state.hand
    if hand is None:
        return []
    if state.phase is Phase.COUP:
        seat = hand.coup_holder
        coups: list[Decision] = [AttemptCoup(seat, t) for t in available_hand_types(state)]
        return [*coups, DeclineCoup(seat)]
    if state.phase is Phase.CHOOSE:
        director = state.director
        assert director is not None
        return [ChooseHandType(director, t) for t in available_hand_types(state)]
    if state.phase is not Phase.PLAY:
        return []
    seat = hand.to_act
    if hand.dominos is not None:
        return _dominos_decisions(state, seat, hand.dominos)
    tricks = hand.tricks
    assert tricks is not None
    led_suit = tricks.led_suit if tricks.plays else None
    decisions: list[Decision] = []
    for card in playable(hand.hands[seat], led_suit, trick_lead_limits(state)):
        if card is COUP and led_suit is None:
            decisions.extend(PlayCard(seat, COUP, suit) for suit in Suit)
        else:
            decisions.append(PlayCard(seat, card))
    return decisions


def _dominos_decisions(state: State, seat: int, layout: DominosPlay) -> list[Decision]:
    assert state.hand is not None
    position = deck_for(state.players).dominos_position
    cards = layable(state.hand.hands[seat], layout, position)
    return [*dominos_choices(seat, [PlayCard(seat, card) for card in cards], layout.runner)]


@dataclass(frozen=True, slots=True)
class CoupDetatView:
    """One seat's knowledge of the game (`seat` None: a spectator's, public facts only)."""

    seat: int | None
    players: int
    short_game: bool
    phase: Phase
    to_act: int | None
    director: int | None
    round_director: int | None  # who started this round as Director
    round_index: int
    rounds: int
    daggers: tuple[int, ...]
    played_this_round: tuple[HandType, ...]
    money: tuple[int, ...]
    worth: tuple[int, ...]
    treasury: int
    debts: tuple[Debt, ...]
    hand: tuple[Card, ...]  # this seat's own cards
    hand_sizes: tuple[int, ...]  # every seat's number of cards
    coup_holder: int | None  # announced to everyone when the hand is dealt
    coup_with: int | None  # who still has COUP in his hand (None: declined, set aside, played)
    coup_player: int | None
    hand_type: HandType | None
    center: Card | None  # only when this seat may know it
    trick: tuple[tuple[int, Card], ...]
    led_suit: Suit | None
    tricks_done: tuple[Trick, ...]
    dominos: DominosPlay | None
    winners: tuple[int, ...]


def _coup_with(hand: HandState | None) -> int | None:
    """Public: where COUP is while it is still in a hand."""
    if hand is None:
        return None
    for seat, cards in enumerate(hand.hands):
        if COUP in cards:
            return seat
    return None


def view(state: State, seat: int | None) -> CoupDetatView:
    hand = state.hand
    to_act = pending(state).seat
    own = hand.hands[seat] if hand is not None and seat is not None else ()
    center = None
    trick: tuple[tuple[int, Card], ...] = ()
    led_suit = None
    tricks_done: tuple[Trick, ...] = ()
    if hand is not None:
        tricks = hand.tricks
        center_public = tricks is not None and tricks.center_won_by is not None
        if (seat is not None and hand.center_holder == seat) or center_public:
            center = hand.center
        if tricks is not None:
            trick, led_suit, tricks_done = tricks.plays, tricks.led_suit, tricks.done
    return CoupDetatView(
        seat=seat,
        players=state.players,
        short_game=state.options.short_game,
        phase=state.phase,
        to_act=to_act,
        director=state.director,
        round_director=state.round_director,
        round_index=state.round_index,
        rounds=state.players,
        daggers=state.daggers,
        played_this_round=state.played_this_round,
        money=state.money,
        worth=state.all_worth(),
        treasury=state.treasury,
        debts=state.debts,
        hand=own,
        hand_sizes=tuple(len(cards) for cards in hand.hands) if hand else (0,) * state.players,
        coup_holder=hand.coup_holder if hand is not None and hand.coup_holder >= 0 else None,
        coup_with=_coup_with(hand),
        coup_player=hand.coup_player if hand is not None else None,
        hand_type=hand.hand_type if hand is not None else None,
        center=center,
        trick=trick,
        led_suit=led_suit,
        tricks_done=tricks_done,
        dominos=hand.dominos if hand is not None else None,
        winners=state.winners,
    )
