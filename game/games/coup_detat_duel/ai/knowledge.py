"""What a seat of the game for two can know from its view alone: the cards it has not seen,
the places they can be (the other hand, the other player's set-aside cards, the Bastille),
and what cannot be where: a suit the other showed void in, the cards a Dominoes pass proved
he lacked, the cards nobody may set aside in this hand, the Queen of Hearts never left in
the Bastille once Marie is played, `JOKER` never in the Bastille once the Peasant announced
it.

Everything here is computed from a `DuelView`, never from the game state.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.search.hidden import Place
from game.cards import JOKER, Card, Suit
from game.games.coup_detat_duel.rules.charts import CHART, DECK, QUEEN_OF_HEARTS, HandType
from game.games.coup_detat_duel.rules.dominoes import layable, with_card_laid
from game.games.coup_detat_duel.rules.state import DominoesPlay, Phase, other
from game.games.coup_detat_duel.rules.view import DuelView

SET_ASIDE = -2  # the place of the other player's set-aside cards
BASTILLE = -3  # the place of what is left of the Bastille


@dataclass(frozen=True)
class DuelKnowledge:
    seat: int
    unseen: frozenset[Card]
    places: tuple[Place, ...]
    played: frozenset[Card]
    voids: frozenset[Suit]  # suits the other player has shown he lacks
    lacking: frozenset[Card]  # cards a Dominoes pass proved he lacks

    @property
    def other(self) -> int:
        return other(self.seat)

    def place(self, holder: int) -> Place:
        return next(place for place in self.places if place.holder == holder)

    def his_possible(self) -> frozenset[Card]:
        """The cards the other player may hold."""
        return self.unseen - self.place(self.other).forbidden


def played_cards(view: DuelView) -> frozenset[Card]:
    cards = {card for _, card in view.trick}
    cards |= {card for trick in view.tricks_done for _, card in trick.plays}
    if view.dominoes is not None:
        cards |= {card for _, card in view.dominoes.laid}
    return frozenset(cards)


def voids(view: DuelView, seat: int) -> frozenset[Suit]:
    """The suits `seat` showed he lacked by not following them (JOKER proves nothing)."""
    tricks = [(trick.plays, trick.led_suit) for trick in view.tricks_done]
    if view.trick:
        tricks.append((view.trick, view.led_suit))  # type: ignore[arg-type]
    return frozenset(led for plays, led in tricks for who, card in plays[1:]
                     if who == seat and card is not JOKER and card.suit is not led)


def dominoes_lacking(layout: DominoesPlay | None, seat: int) -> frozenset[Card]:
    """The cards `seat`'s Dominoes passes proved he lacked (hands never grow in Dominoes)."""
    if layout is None:
        return frozenset()
    lacking: set[Card] = set()
    for passer, laid_count in layout.passes:
        if passer == seat:
            lacking.update(layable(DECK, layout_after(layout, laid_count)))
    return frozenset(lacking)


def layout_after(layout: DominoesPlay, laid_count: int) -> DominoesPlay:
    """The layout as it was when `laid_count` cards had been laid."""
    then = DominoesPlay()
    for index, (seat, card) in enumerate(layout.laid[:laid_count]):
        then = with_card_laid(then, seat, card, layout.joker_suit if index == 0 else None)
    return then


def knowledge(view: DuelView) -> DuelKnowledge:
    assert view.seat is not None, "a spectator has no seat to reason for"
    seat, rival = view.seat, other(view.seat)
    played = played_cards(view)
    unseen = frozenset(DECK) - set(view.hand) - set(view.set_aside) - played
    void_suits = voids(view, rival)
    lacking = dominoes_lacking(view.dominoes, rival) & unseen
    in_his_hand = {card for card in unseen if card.suit in void_suits} | lacking
    barred = CHART[view.hand_type].not_to_set_aside if view.hand_type else frozenset()
    not_in_bastille = set()
    if view.phase is Phase.PLAY and view.hand_type is HandType.MARIE:
        not_in_bastille.add(QUEEN_OF_HEARTS)  # else the hand would have been dealt again
    if view.coup:
        not_in_bastille.add(JOKER)  # the Peasant announced it: it was in his hand
    places = (
        Place(rival, view.hand_sizes[rival], frozenset(in_his_hand)),
        Place(SET_ASIDE, view.set_aside_counts[rival], barred & unseen),
        Place(BASTILLE, view.bastille_size, frozenset(not_in_bastille) & unseen),
    )
    return DuelKnowledge(seat, unseen, places, played, void_suits, lacking)
