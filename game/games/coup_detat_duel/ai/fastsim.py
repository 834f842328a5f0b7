"""A fast simulator of the play of one hand of Coup d'État for two, for playouts.

The engine keeps every fact; a search player needs thousands of hands a second. Here a
hand is two lists of card numbers and a few counters, played in tight loops. It plays the
same rules as the game's rules (tests/test_coup_detat_duel_fastsim.py compares the two move
by move) and judges the hand with the engine's own charts (scoring.py).

`DuelHand.from_state` takes a complete state in play (a real one, or a world a player
imagines); `play_out` plays to the end and returns the seat that wins the hand's point.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai.card_play import NO_SUIT, PASS, RUN_STOP_CHANCE, STOP, SUITS
from game.cards import JOKER, Card, Rank
from game.games.coup_detat_duel.rules.charts import (
    CHART,
    DECK,
    DOMINOES_PLACE,
    JACKS,
    JOKER_DOMINOES_PLACE,
    PLAYERS,
    QUEEN_OF_HEARTS,
    SEVEN_PLACE,
    SPADES,
    TRICK_STRENGTH,
    TRICKS_PER_HAND,
    HandType,
)
from game.games.coup_detat_duel.rules.scoring import Takings, coup_succeeds, prime_minister_succeeds
from game.games.coup_detat_duel.rules.state import DominoesPlay, State, TrickPlay
from game.rules.card_play import Pass, PlayCard, StopRun
from game.rules.domino_rows import SUIT_INDEX

NUMBER: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
JOKER_NUMBER = NUMBER[JOKER]
SUIT_OF = tuple(SUIT_INDEX[c.suit] if c.suit else NO_SUIT for c in DECK)
POWER = tuple(TRICK_STRENGTH.get(c, 0) for c in DECK)
PLACE = tuple(JOKER_DOMINOES_PLACE if c is JOKER else DOMINOES_PLACE[c.rank]  # type: ignore[index]
              for c in DECK)
ACE_OF = tuple(NUMBER[Card.parse(f"{Rank.ACE.value}{suit.value}")] for suit in SUITS)
QH = NUMBER[QUEEN_OF_HEARTS]
SPADE_NUMBERS = frozenset(NUMBER[c] for c in SPADES)
JACK_NUMBERS = frozenset(NUMBER[c] for c in JACKS)

Draw = Callable[[], float]  # a random float in [0, 1)
Move = tuple[int, int]  # a card number (or PASS, STOP) and the suit named (or NO_SUIT)


def move_of(decision: PlayCard | Pass | StopRun) -> Move:
    """An engine's decision of play as a simulator move."""
    if isinstance(decision, Pass):
        return PASS, NO_SUIT
    if isinstance(decision, StopRun):
        return STOP, NO_SUIT
    suit = NO_SUIT if decision.suit is None else SUIT_INDEX[decision.suit]
    return NUMBER[decision.card], suit


def numbers(cards: tuple[Card, ...] | list[Card]) -> list[int]:
    return [NUMBER[card] for card in cards]


@dataclass
class DuelHand:
    """One hand in play, in numbers."""

    hand_type: HandType
    prime_minister: int
    coup: bool
    hands: list[list[int]]
    to_act: int
    # Tricks
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card)
    led: int = NO_SUIT
    tricks_done: int = 0
    taken: list[list[int]] = field(default_factory=lambda: [[], []])
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    first_winner: int = -1
    last_winner: int = -1
    # Dominoes
    start: int = -1
    top: list[int] = field(default_factory=lambda: [-1] * 4)
    bottom: list[int] = field(default_factory=lambda: [-1] * 4)
    first_player: int = -1
    runner: int = -1
    out: int = -1
    blocked: bool = False

    @classmethod
    def from_state(cls, state: State) -> DuelHand:
        hand = state.hand
        assert hand is not None and hand.hand_type is not None
        assert state.prime_minister is not None
        sim = cls(hand_type=hand.hand_type, prime_minister=state.prime_minister,
                  coup=hand.coup, hands=[numbers(cards) for cards in hand.hands],
                  to_act=hand.to_act)
        if hand.dominoes is not None:
            sim._load_dominoes(hand.dominoes)
        else:
            assert hand.tricks is not None
            sim._load_tricks(hand.tricks)
        return sim

    def _load_tricks(self, tricks: TrickPlay) -> None:
        for trick in tricks.done:
            self._take_trick([NUMBER[card] for _, card in trick.plays], trick.winner)
        self.trick = [(seat, NUMBER[card]) for seat, card in tricks.plays]
        if tricks.plays and tricks.led_suit is not None:
            self.led = SUIT_INDEX[tricks.led_suit]

    def _load_dominoes(self, layout: DominoesPlay) -> None:
        self.start = -1 if layout.start is None else layout.start
        for index, row in enumerate(layout.rows):
            if row is not None:
                self.top[index], self.bottom[index] = row
        self.first_player = -1 if layout.first_player is None else layout.first_player
        self.runner = -1 if layout.runner is None else layout.runner
        self.out = -1 if layout.out is None else layout.out
        self.blocked = layout.blocked

    def clone(self) -> DuelHand:
        """A copy to play on, cheap enough for every choice in every imagined deal."""
        copy = DuelHand(self.hand_type, self.prime_minister, self.coup,
                        [list(cards) for cards in self.hands], self.to_act, list(self.trick),
                        self.led, self.tricks_done, [list(t) for t in self.taken],
                        list(self.tricks_won), self.first_winner, self.last_winner, self.start,
                        list(self.top), list(self.bottom), self.first_player, self.runner,
                        self.out, self.blocked)
        return copy

    def apply(self, move: Move) -> None:
        """A move of the seat to act: (card or PASS or STOP, the suit named or NO_SUIT)."""
        if self.hand_type is HandType.DOMINOES:
            self.dominoes_step(*move)
        else:
            self.play(*move)

    # Tricks --------------------------------------------------------------------------------
    def first_lead_forbidden(self) -> int:
        """The suits (as bits) nobody may lead to the hand's first trick."""
        if self.tricks_done or self.trick:
            return 0
        return sum(1 << SUIT_INDEX[s] for s in CHART[self.hand_type].no_first_lead)

    def legal_cards(self) -> list[int]:
        """The cards the seat to act may play to the trick now."""
        hand = self.hands[self.to_act]
        if not self.trick:
            forbidden = self.first_lead_forbidden()
            if forbidden:
                allowed = [c for c in hand if not (1 << SUIT_OF[c]) & forbidden]
                return allowed or list(hand)
            return list(hand)
        led = self.led
        follow = [c for c in hand if SUIT_OF[c] == led]
        if not follow:
            return list(hand)
        if JOKER_NUMBER in hand:
            follow.append(JOKER_NUMBER)
        return follow

    def joker_suits(self) -> list[int]:
        """The suits JOKER may stand for when led now."""
        forbidden = self.first_lead_forbidden()
        return [s for s in range(4) if not (1 << s) & forbidden]

    def play(self, card: int, named_suit: int = NO_SUIT) -> None:
        """Play `card` to the trick for the seat to act; completes the trick when full."""
        seat = self.to_act
        self.hands[seat].remove(card)
        if not self.trick:
            self.led = named_suit if card == JOKER_NUMBER else SUIT_OF[card]
        self.trick.append((seat, card))
        if len(self.trick) < PLAYERS:
            self.to_act = 1 - seat
            return
        winner = self._winner()
        self._take_trick([c for _, c in self.trick], winner)
        self.trick = []
        self.led = NO_SUIT
        self.to_act = winner

    def _winner(self) -> int:
        (first_seat, first), (second_seat, second) = self.trick
        if first == JOKER_NUMBER:
            return first_seat
        if second == JOKER_NUMBER:
            return first_seat if first == ACE_OF[self.led] else second_seat
        if SUIT_OF[second] == self.led and POWER[second] > POWER[first]:
            return second_seat
        return first_seat

    def _take_trick(self, cards: list[int], winner: int) -> None:
        self.taken[winner].extend(cards)
        self.tricks_won[winner] += 1
        if self.tricks_done == 0:
            self.first_winner = winner
        self.tricks_done += 1
        self.last_winner = winner

    def tricks_over(self) -> bool:
        return self.tricks_done == TRICKS_PER_HAND

    # Dominoes ------------------------------------------------------------------------------
    def layable_cards(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if self.start < 0:
            return list(hand)
        top, bottom, start = self.top, self.bottom, self.start
        cards = []
        for card in hand:
            if card == JOKER_NUMBER:
                if SEVEN_PLACE in bottom:
                    cards.append(card)
                continue
            s, p = SUIT_OF[card], PLACE[card]
            if top[s] < 0:
                if p == start:
                    cards.append(card)
            elif p == top[s] - 1 or p == bottom[s] + 1:
                cards.append(card)
        return cards

    def dominoes_choices(self) -> list[int]:
        """The seat to act's choices: cards to lay, STOP during his run, else PASS."""
        cards = self.layable_cards(self.to_act)
        if self.runner == self.to_act:
            return [*cards, STOP]
        return cards or [PASS]

    def dominoes_step(self, move: int, named_suit: int = NO_SUIT) -> None:
        """The seat to act lays `move`, or passes (PASS), or ends his run (STOP)."""
        seat = self.to_act
        if move == PASS:
            self.to_act = 1 - seat
            return
        if move == STOP:
            self.runner, self.to_act = -1, 1 - seat
            return
        running = self.runner == seat
        ace_on_king = self._lay(move, named_suit)
        starts_run = ace_on_king and not running
        if self.first_player < 0:
            self.first_player = seat
        if not self.hands[seat]:
            self.out, self.runner = seat, -1
            return
        can_go_on = bool(self.layable_cards(seat))
        if (running or starts_run) and can_go_on:
            self.runner, self.to_act = seat, seat
        else:
            self.runner, self.to_act = -1, 1 - seat
        if not self.layable_cards(0) and not self.layable_cards(1):
            self.blocked = True

    def _lay(self, card: int, named_suit: int) -> bool:
        """Lay `card`; True if it is an Ace laid on a King."""
        self.hands[self.to_act].remove(card)
        first = self.start < 0
        p = PLACE[card]
        if card == JOKER_NUMBER:
            if not first:
                return False
            s = named_suit
        else:
            s = SUIT_OF[card]
        ace_on_king = not first and p == 0 and self.top[s] == 1
        if first:
            self.start = p
        if self.top[s] < 0:
            self.top[s] = self.bottom[s] = p
        else:
            self.top[s] = min(self.top[s], p)
            self.bottom[s] = max(self.bottom[s], p)
        return ace_on_king

    def dominoes_over(self) -> bool:
        return self.out >= 0 or self.blocked

    def dominoes_winner(self) -> int:
        if self.out >= 0:
            return self.out
        counts = [len(cards) for cards in self.hands]
        if counts[0] != counts[1]:
            return counts.index(min(counts))
        return self.first_player

    # The end -------------------------------------------------------------------------------
    def over(self) -> bool:
        return self.dominoes_over() if self.hand_type is HandType.DOMINOES else self.tricks_over()

    def takings(self) -> tuple[Takings, ...]:
        if self.hand_type is HandType.DOMINOES:
            winner = self.dominoes_winner()
            return tuple(Takings(won_dominoes=seat == winner) for seat in range(PLAYERS))
        return tuple(
            Takings(queen_of_hearts=QH in taken,
                    spades=sum(1 for c in taken if c in SPADE_NUMBERS),
                    jacks=sum(1 for c in taken if c in JACK_NUMBERS),
                    tricks=self.tricks_won[seat], first_trick=self.first_winner == seat,
                    last_trick=self.last_winner == seat)
            for seat, taken in enumerate(self.taken))

    def winner(self) -> int:
        """The seat that scores the hand's point (the hand must be over)."""
        records = self.takings()
        pm = self.prime_minister
        peasant = 1 - pm
        if self.coup:
            met = coup_succeeds(self.hand_type, records[peasant], records[pm])
            return peasant if met else pm
        met = prime_minister_succeeds(self.hand_type, records[pm], records[peasant])
        return pm if met else peasant

    # Playing out ---------------------------------------------------------------------------
    def play_out(self, rng: random.Random) -> int:
        """Play to the end with random legal moves; the seat that wins the point."""
        draw = rng.random
        if self.hand_type is HandType.DOMINOES:
            self._dominoes_out(draw)
        else:
            self._tricks_out(draw)
        return self.winner()

    def _tricks_out(self, draw: Draw) -> None:
        while self.tricks_done < TRICKS_PER_HAND:
            cards = self.legal_cards()
            card = cards[int(draw() * len(cards))]
            named = NO_SUIT
            if card == JOKER_NUMBER and not self.trick:
                suits = self.joker_suits()
                named = suits[int(draw() * len(suits))]
            self.play(card, named)

    def _dominoes_out(self, draw: Draw) -> None:
        while not self.dominoes_over():
            choices = self.dominoes_choices()
            if choices[-1] == STOP and draw() < RUN_STOP_CHANCE:
                move = STOP
            else:
                cards = [c for c in choices if c >= 0] or choices
                move = cards[int(draw() * len(cards))]
            named = int(draw() * 4) if move == JOKER_NUMBER and self.start < 0 else NO_SUIT
            self.dominoes_step(move, named)
