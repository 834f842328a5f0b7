"""A fast simulator of one hand of Coup d'État, for playouts.

The engine is built to be read and to keep every fact; a search player needs thousands of
hands a second. Here a hand is small lists of card numbers and a few counters, played out
in tight loops. It plays the same rules as game/rules/coup_detat (the tests compare the two
move by move) but settles the hand without loans: a playout needs to know who would pay
what, not how the debts would run.

`Hand.from_state` takes a complete state (a real one, or a world a player imagines); a
playout returns each seat's francs for the hand, the Directorship's change included.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache

from game.ai.card_play import NO_SUIT, PASS, RUN_STOP_CHANCE, STOP, SUITS
from game.cards import COUP, Card
from game.rules.coup_detat.charts import (
    COUP_CHART,
    DIRECTORS_CHART,
    FIRST_LEAD_FORBIDDEN,
    HANDS_PER_ROUND,
    HIDDEN_COUP_TYPES,
    KING_OF_HEARTS,
    HandType,
    deck_for,
)
from game.rules.coup_detat.state import SUIT_INDEX, State

DIRECTOR_VALUE_PER_HAND = 350  # what holding the office is worth for each hand left
CARELESS = 0.25  # in mindful play-outs, the share of a player's moves made at random


class Care(IntEnum):
    """How the players of a play-out mind the hand (Dominos is always played at random)."""

    NONE = 0  # every move at random
    VICTIMS = 1  # in a Director's hand his victims duck penalties; coups at random
    EVERYONE = 2  # in a Director's hand everyone ducks; in a coup its player takes tricks
    #               and the others stop him


@dataclass(frozen=True)
class Tables:
    """Everything about the cards, by card number (COUP is the last number)."""

    cards: tuple[Card, ...]
    number: dict[Card, int]
    suit: tuple[int, ...]
    power: tuple[int, ...]  # trick strength
    place: tuple[int, ...]  # Dominos ladder position (0 = Ace)
    ace_of: tuple[int, ...]  # the Ace of each suit
    queens: frozenset[int]
    spades: frozenset[int]
    king_of_hearts: int
    coup: int
    tricks: int
    ladder: int  # how many ranks in the Dominos ladder
    spade_count: int
    queen_count: int


@cache
def tables(players: int) -> Tables:
    deck = deck_for(players)
    cards = deck.cards
    number = {card: index for index, card in enumerate(cards)}
    return Tables(
        cards=cards,
        number=number,
        suit=tuple(SUIT_INDEX[c.suit] if c.suit else NO_SUIT for c in cards),
        power=tuple(deck.trick_strength[c] for c in cards),
        place=tuple(deck.dominos_position[c.rank] if c.rank else -1 for c in cards),
        ace_of=tuple(number[Card.parse(f"A{suit.value}")] for suit in SUITS),
        queens=frozenset(number[c] for c in deck.queens),
        spades=frozenset(number[c] for c in deck.spades),
        king_of_hearts=number[KING_OF_HEARTS],
        coup=number[COUP],
        tricks=deck.tricks_per_hand,
        ladder=len(deck.dominos_ladder),
        spade_count=len(deck.spades),
        queen_count=len(deck.queens),
    )


@cache
def card_costs(players: int, hand_type: HandType) -> tuple[int, ...]:
    """What taking each card (by number) costs in a Director's hand of `hand_type`."""
    t = tables(players)
    chart = DIRECTORS_CHART[hand_type]
    return tuple(chart.king_of_hearts * (number == t.king_of_hearts)
                 + chart.each_queen * (number in t.queens)
                 + chart.each_spade * (number in t.spades)
                 for number in range(len(t.cards)))


@dataclass
class Hand:
    """One hand in progress, in numbers."""

    players: int
    hand_type: HandType
    director: int
    coup_player: int  # -1: a Director's hand
    hands: list[list[int]]
    to_act: int
    hands_left: int  # hands of the round still to come after this one
    treasury: int
    center: int
    # Tricks
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card)
    led: int = NO_SUIT
    tricks_done: int = 0
    first_winner: int = -1
    last_winner: int = -1
    queens: list[int] = field(default_factory=list)
    spades: list[int] = field(default_factory=list)
    king_of_hearts_taker: int = -1
    center_taken: bool = False  # a coup hand's centre card went with the first trick
    # Dominos
    start: int = -1
    top: list[int] = field(default_factory=lambda: [-1] * 4)
    bottom: list[int] = field(default_factory=lambda: [-1] * 4)
    out: list[int] = field(default_factory=list)
    runner: int = -1

    @classmethod
    def from_state(cls, state: State) -> Hand:
        hand = state.hand
        assert hand is not None and hand.hand_type is not None and state.director is not None
        t = tables(state.players)
        n = t.number
        played = len(state.played_this_round)
        sim = cls(
            players=state.players,
            hand_type=hand.hand_type,
            director=state.director,
            coup_player=hand.coup_player if hand.coup_player is not None else -1,
            hands=[[n[c] for c in cards] for cards in hand.hands],
            to_act=hand.to_act,
            hands_left=HANDS_PER_ROUND[state.options.short_game] - played,
            treasury=state.treasury,
            center=n[hand.center],
            queens=[0] * state.players,
            spades=[0] * state.players,
        )
        if hand.tricks is not None:
            sim._load_tricks(hand.tricks, t)
        if hand.dominos is not None:
            sim._load_dominos(hand.dominos, t)
        return sim

    def _load_tricks(self, tricks: object, t: Tables) -> None:
        n = t.number
        for trick in tricks.done:  # type: ignore[attr-defined]
            self._take([n[card] for _, card in trick.plays], trick.winner, t)
            if self.tricks_done == 0:
                self.first_winner = trick.winner
                if tricks.center_won_by is not None:  # type: ignore[attr-defined]
                    self._take([self.center], trick.winner, t)
                    self.center_taken = True
            self.tricks_done += 1
            self.last_winner = trick.winner
        self.trick = [(seat, n[card]) for seat, card in tricks.plays]  # type: ignore[attr-defined]
        led = tricks.led_suit  # type: ignore[attr-defined]
        self.led = SUIT_INDEX[led] if led is not None else NO_SUIT

    def _load_dominos(self, layout: object, t: Tables) -> None:
        start = layout.starting_rank  # type: ignore[attr-defined]
        self.start = deck_for(self.players).dominos_position[start] if start else -1
        for index, row in enumerate(layout.rows):  # type: ignore[attr-defined]
            if row is not None:
                self.top[index], self.bottom[index] = row
        self.out = list(layout.out)  # type: ignore[attr-defined]
        self.runner = layout.runner if layout.runner is not None else -1  # type: ignore[attr-defined]

    def _take(self, cards: list[int], seat: int, t: Tables) -> None:
        for card in cards:
            if card in t.queens:
                self.queens[seat] += 1
            if card in t.spades:
                self.spades[seat] += 1
            if card == t.king_of_hearts:
                self.king_of_hearts_taker = seat

    # Playing out -----------------------------------------------------------------------------
    def play_out(self, rng: random.Random, care: Care = Care.NONE) -> list[float]:
        """Play to the end of the hand, the players minding it as `care` says; each seat's
        francs."""
        if self.hand_type is HandType.DOMINOS:
            self._dominos_out(rng.random)
        elif care is Care.NONE or (care is Care.VICTIMS and self.coup_player >= 0):
            self._tricks_out(rng.random)
        elif self.coup_player < 0:
            self._tricks_out_carefully(rng.random, everyone=care is Care.EVERYONE)
        else:
            self._coup_out(rng.random)
        return self.payoff()

    def _tricks_out_carefully(self, random_float: object, everyone: bool) -> None:
        """The rest of a Director's hand of tricks, his victims (`everyone`: he too)
        playing as a cautious player would (one move in `CARELESS` at random): lead low,
        follow under the trick's best card if they can, throw their costliest card when
        void."""
        draw = random_float
        t = tables(self.players)
        cost = card_costs(self.players, self.hand_type)
        director = -1 if everyone else self.director
        while self.tricks_done < t.tricks:
            cards = self.legal_cards()
            if len(cards) == 1:
                card = cards[0]
            elif self.to_act == director or draw() < CARELESS:  # type: ignore[operator]
                card = cards[int(draw() * len(cards))]  # type: ignore[operator]
            else:
                card = self._cautious(cards, cost, t)
            named = int(draw() * 4) if card == t.coup and not self.trick else NO_SUIT  # type: ignore[operator]
            self.play(card, named)

    def _coup_out(self, random_float: object) -> None:
        """The rest of a coup's hand of tricks, played as `_pursuing` says (one move in
        `CARELESS` at random)."""
        draw = random_float
        t = tables(self.players)
        while self.tricks_done < t.tricks:
            cards = self.legal_cards()
            if len(cards) == 1 or draw() < CARELESS:  # type: ignore[operator]
                card = cards[int(draw() * len(cards))]  # type: ignore[operator]
            else:
                card = self._pursuing(cards, t)
            named = int(draw() * 4) if card == t.coup and not self.trick else NO_SUIT  # type: ignore[operator]
            self.play(card, named)

    def _pursuing(self, cards: list[int], t: Tables) -> int:
        """A coup's card: its player takes what tricks he can, the others take the tricks
        he would win. A lead is the strongest card (never COUP); whoever can beat the
        coup's player (or, he, the trick) does so as cheaply as he can; else the weakest
        card goes."""
        power, suit, coup = t.power, t.suit, t.coup
        if not self.trick:
            return max(cards, key=lambda c: (c != coup, power[c]))
        led = self.led
        best_seat, best = self.trick[0][0], -1
        for seat, played in self.trick:
            strength = power[played] if suit[played] == led or played == coup else -1
            if strength > best:
                best_seat, best = seat, strength
        beating = [c for c in cards if suit[c] == led and power[c] > best]
        if beating and self.coup_player in (self.to_act, best_seat):
            return min(beating, key=lambda c: power[c])
        return min(cards, key=lambda c: (c == coup, power[c]))

    def _cautious(self, cards: list[int], cost: tuple[int, ...], t: Tables) -> int:
        power, suit = t.power, t.suit
        if not self.trick:
            return min(cards, key=lambda c: (cost[c], power[c]))
        led = self.led
        best = max((power[c] for _, c in self.trick if suit[c] == led or c == t.coup),
                   default=-1)
        following = [c for c in cards if suit[c] == led]
        if following:
            under = [c for c in following if power[c] < best]
            if under:
                return max(under, key=lambda c: power[c])
            return max(following, key=lambda c: (-cost[c], power[c]))
        coup = t.coup  # void: the costliest card goes, never COUP (it would take the trick)
        return max(cards, key=lambda c: (c != coup, cost[c], power[c]))

    def _lead_forbidden(self) -> int:
        """The suits (as bits) the Director may not lead to his hand's first trick."""
        if self.coup_player >= 0 or self.tricks_done or self.trick:
            return 0
        return sum(1 << SUIT_INDEX[s] for s in FIRST_LEAD_FORBIDDEN.get(self.hand_type, ()))

    def legal_cards(self) -> list[int]:
        """The cards the seat to act may play now (tricks)."""
        t = tables(self.players)
        hand = self.hands[self.to_act]
        suit = t.suit
        if not self.trick:
            forbidden = self._lead_forbidden()
            if forbidden:
                allowed = [c for c in hand if not (1 << suit[c]) & forbidden]
                return allowed or list(hand)
            return list(hand)
        led = self.led
        follow = [c for c in hand if suit[c] == led]
        if not follow:
            return list(hand)
        if t.coup in hand:
            follow.append(t.coup)
        return follow

    def play(self, card: int, named_suit: int = NO_SUIT) -> None:
        """Play `card` for the seat to act (tricks); completes the trick when it is full."""
        t = tables(self.players)
        seat = self.to_act
        self.hands[seat].remove(card)
        if not self.trick:
            self.led = named_suit if card == t.coup else t.suit[card]
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            self.to_act = (seat + 1) % self.players
            return
        winner = self._trick_winner(t)
        self._take([c for _, c in self.trick], winner, t)
        if self.tricks_done == 0:
            self.first_winner = winner
            if self.coup_player >= 0:
                self._take([self.center], winner, t)
                self.center_taken = True
        self.tricks_done += 1
        self.last_winner = winner
        self.trick = []
        self.led = NO_SUIT
        self.to_act = winner

    def _trick_winner(self, t: Tables) -> int:
        trick, led = self.trick, self.led
        coup, power, suit = t.coup, t.power, t.suit
        ace = t.ace_of[led]
        for position, (seat, card) in enumerate(trick):
            if card == coup:
                for earlier_seat, earlier in trick[:position]:
                    if earlier == ace:
                        return earlier_seat
                return seat
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            if suit[card] == led and power[card] > power[best]:
                best_seat, best = seat, card
        return best_seat

    def _tricks_out(self, random_float: object) -> None:
        draw = random_float  # rng.random, bound
        t = tables(self.players)
        while self.tricks_done < t.tricks:
            cards = self.legal_cards()
            card = cards[int(draw() * len(cards))]  # type: ignore[operator]
            named = int(draw() * 4) if card == t.coup and not self.trick else NO_SUIT  # type: ignore[operator]
            self.play(card, named)

    # Dominos ---------------------------------------------------------------------------------
    def layable_cards(self, seat: int) -> list[int]:
        t = tables(self.players)
        place, suit = t.place, t.suit
        if self.start < 0:
            return list(self.hands[seat])
        top, bottom, start = self.top, self.bottom, self.start
        cards = []
        for card in self.hands[seat]:
            s = suit[card]
            if top[s] < 0:
                if place[card] == start:
                    cards.append(card)
            elif place[card] == top[s] - 1 or place[card] == bottom[s] + 1:
                cards.append(card)
        return cards

    def lay(self, card: int) -> bool:
        """Lay `card` for the seat to act; True if it was an Ace laid on a King."""
        t = tables(self.players)
        seat = self.to_act
        s, p = t.suit[card], t.place[card]
        ace_on_king = self.start >= 0 and p == 0 and self.top[s] == 1
        if self.start < 0:
            self.start = p
        if self.top[s] < 0:
            self.top[s] = self.bottom[s] = p
        else:
            self.top[s] = min(self.top[s], p)
            self.bottom[s] = max(self.bottom[s], p)
        self.hands[seat].remove(card)
        if not self.hands[seat]:
            self.out.append(seat)
        return ace_on_king

    def next_holder(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.hands[other]:
                return other
        return seat

    def holders(self) -> int:
        return sum(1 for cards in self.hands if cards)

    def dominos_step(self, card: int) -> None:
        """The seat to act lays `card`, or (PASS) passes, or (STOP) ends his run."""
        seat = self.to_act
        if card == PASS:
            self.to_act = self.next_holder(seat)
            return
        if card == STOP:
            self.runner = -1
            self.to_act = self.next_holder(seat)
            return
        starts = self.lay(card) and self.runner != seat
        if not self.hands[seat]:
            self.runner = -1
            self.to_act = self.next_holder(seat)
            return
        if starts or self.runner == seat:
            if self.layable_cards(seat):
                self.runner = seat  # on a run: he may go on
                return
            self.runner = -1  # nothing left to lay: the run ends by itself
        self.to_act = self.next_holder(seat)

    def _dominos_out(self, random_float: object) -> None:
        draw = random_float
        t = tables(self.players)
        place, suit = t.place, t.suit
        top, bottom, hands = self.top, self.bottom, self.hands
        holding = self.holders()
        while holding > 1:
            seat = self.to_act
            if self.runner == seat and draw() < RUN_STOP_CHANCE:  # type: ignore[operator]
                self.dominos_step(STOP)
                continue
            if self.start < 0:
                cards = hands[seat]
            else:  # layable_cards, inlined: this is the playouts' inner loop
                start = self.start
                cards = [c for c in hands[seat]
                         if (top[suit[c]] < 0 and place[c] == start)
                         or (top[suit[c]] >= 0 and (place[c] == top[suit[c]] - 1
                                                    or place[c] == bottom[suit[c]] + 1))]
            if not cards:
                self.to_act = self.next_holder(seat)  # a pass
                continue
            self.dominos_step(cards[int(draw() * len(cards))])  # type: ignore[operator]
            if not hands[seat]:
                holding -= 1

    # Settling --------------------------------------------------------------------------------
    def outcome(self) -> tuple[bool | None, int | None, list[int]]:
        """(the coup succeeded, or None in a Director's hand; the hidden coup's player;
        each seat's Director's penalties when neither)."""
        players, hand_type = self.players, self.hand_type
        if self.coup_player >= 0:
            return self._goal_met(self.coup_player), None, [0] * players
        hidden = next((s for s in range(players) if s != self.director
                       and hand_type in HIDDEN_COUP_TYPES and self._goal_met(s)), None)
        if hidden is not None:
            return None, hidden, [0] * players
        return None, None, [0 if s == self.director else self._penalty(s)
                            for s in range(players)]

    def payoff(self) -> list[float]:
        """Each seat's francs from the hand, and the office's worth where it changes."""
        players, line = self.players, COUP_CHART[self.hand_type]
        gains = [0.0] * players
        new_director = self.director
        succeeded, hidden, penalties = self.outcome()
        if succeeded is not None:
            seat = self.coup_player
            if succeeded:
                self._collect(gains, seat, line.reward)
                new_director = seat
            else:
                gains[seat] -= line.failure
                gains[self.director] += line.failure  # the Treasury, likely his at round end
        elif hidden is not None:
            self._collect(gains, hidden, line.reward)
            new_director = hidden
        else:
            for seat, cost in enumerate(penalties):
                gains[seat] -= cost
                gains[self.director] += cost
        if new_director != self.director:
            office = DIRECTOR_VALUE_PER_HAND * (self.hands_left - 1)
            gains[new_director] += office
            gains[self.director] -= office
        return gains

    def _collect(self, gains: list[float], seat: int, reward: int) -> None:
        for other in range(self.players):
            if other != seat:
                gains[other] -= reward
                gains[seat] += reward
        gains[seat] += self.treasury

    def _penalty(self, seat: int) -> int:
        chart = DIRECTORS_CHART[self.hand_type]
        if self.hand_type is HandType.DOMINOS:
            last = next((s for s in range(self.players) if self.hands[s]), -1)
            return chart.last_out if seat == last else 0
        return (chart.king_of_hearts * (self.king_of_hearts_taker == seat)
                + chart.each_queen * self.queens[seat] + chart.each_spade * self.spades[seat]
                + chart.first_trick * (self.first_winner == seat)
                + chart.last_trick * (self.last_winner == seat))

    def _goal_met(self, seat: int) -> bool:
        t = tables(self.players)
        king = self.king_of_hearts_taker == seat
        queens = self.queens[seat] == t.queen_count
        spades = self.spades[seat] == t.spade_count
        touche = self.first_winner == seat and self.last_winner == seat
        match self.hand_type:
            case HandType.BARBU:
                return king
            case HandType.WATERLOO:
                return queens
            case HandType.SIEGE:
                return spades
            case HandType.TOUCHE:
                return touche
            case HandType.GUILLOTINE:
                return king and queens and spades and touche
        return bool(self.out) and self.out[0] == seat
