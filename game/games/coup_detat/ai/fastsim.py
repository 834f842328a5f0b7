"""A fast simulator of one hand of Coup d'État, for playouts.

The engine is built to be read and to keep every fact; a search player needs thousands of
hands a second. Here a hand is small lists of card numbers and a few counters, played out
in tight loops. It plays the same rules as game/games/coup_detat/rules (the tests compare the two
move by move) but settles the hand without loans: a playout needs to know who would pay
what, not how the debts would run.

`Hand.from_state` takes a complete state (a real one, or a world a player imagines); a
playout returns each seat's francs for the hand, the Directorship's change included.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from game.ai.card_play import NO_SUIT, PASS, RUN_STOP_CHANCE, STOP
from game.games.coup_detat.ai import fastsim_settle as settle
from game.games.coup_detat.ai.fastsim_tables import (
    KING,
    QUEEN,
    SPADE,
    Care,
    Caution,
    Move,
    Tables,
    caution,
    tables,
)
from game.games.coup_detat.rules.charts import (
    FIRST_LEAD_FORBIDDEN,
    HANDS_PER_ROUND,
    HandType,
    deck_for,
)
from game.games.coup_detat.rules.state import SUIT_INDEX, State

CARELESS = 0.25  # in mindful play-outs, the share of a player's moves made at random


Chooser = Callable[[list[int]], "int | None"]  # a play-out player: his card, or None: any


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
    trick: list[int] = field(default_factory=list)  # the cards in the order played
    leader: int = -1  # who led them: the trick's n-th card is (leader + n) % players's
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
        plays = tricks.plays  # type: ignore[attr-defined]
        self.trick = [n[card] for _, card in plays]
        self.leader = plays[0][0] if plays else -1
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
        marks = t.marks
        for card in cards:
            mark = marks[card]
            if mark:
                if mark & QUEEN:
                    self.queens[seat] += 1
                if mark & SPADE:
                    self.spades[seat] += 1
                if mark & KING:
                    self.king_of_hearts_taker = seat

    def clone(self) -> Hand:
        """A copy to play on, cheap enough for every choice in every imagined deal."""
        return replace(self, hands=[list(cards) for cards in self.hands], trick=list(self.trick),
                       queens=list(self.queens), spades=list(self.spades), top=list(self.top),
                       bottom=list(self.bottom), out=list(self.out))

    def apply(self, move: Move) -> None:
        """A move of the seat to act: (card or PASS or STOP, the suit named or NO_SUIT)."""
        if self.hand_type is HandType.DOMINOS:
            self.dominos_step(move[0])
        else:
            self.play(*move)

    def over(self) -> bool:
        if self.hand_type is HandType.DOMINOS:
            return self.holders() <= 1
        return self.tricks_done >= tables(self.players).tricks

    # Playing out -----------------------------------------------------------------------------
    def play_out(self, rng: random.Random, care: Care = Care.NONE) -> list[float]:
        """Play to the end of the hand, the players minding it as `care` says; each seat's
        francs."""
        draw = rng.random
        if self.hand_type is HandType.DOMINOS:
            self._dominos_out(draw)
        elif care is Care.NONE or (care is Care.VICTIMS and self.coup_player >= 0):
            self._tricks_out(draw)
        elif self.coup_player < 0:
            self._tricks_out(draw, self._cautious_player(draw, everyone=care is Care.EVERYONE))
        else:
            self._tricks_out(draw, self._pursuing_player(draw))
        return self.payoff()

    def _cautious_player(self, draw: Callable[[], float], everyone: bool) -> Chooser:
        """In a Director's hand of tricks, his victims (`everyone`: he too) play as a
        cautious player would (one move in `CARELESS` at random): lead low, follow under the
        trick's best card if they can, throw their costliest card when void."""
        t = tables(self.players)
        keys = caution(self.players, self.hand_type)
        director = -1 if everyone else self.director

        def choose(cards: list[int]) -> int | None:
            if len(cards) == 1:
                return cards[0]
            if self.to_act == director or draw() < CARELESS:
                return None
            return self._cautious(cards, keys, t)
        return choose

    def _pursuing_player(self, draw: Callable[[], float]) -> Chooser:
        """In a coup's hand of tricks, everyone plays as `_pursuing` says (one move in
        `CARELESS` at random)."""
        t = tables(self.players)

        def choose(cards: list[int]) -> int | None:
            if len(cards) == 1 or draw() < CARELESS:
                return None
            return self._pursuing(cards, t)
        return choose

    def _pursuing(self, cards: list[int], t: Tables) -> int:
        """A coup's card: its player takes what tricks he can, the others take the tricks
        he would win. A lead is the strongest card (never COUP); whoever can beat the
        coup's player (or, he, the trick) does so as cheaply as he can; else the weakest
        card goes."""
        power, suit, coup = t.power, t.suit, t.coup
        if not self.trick:
            return max(cards, key=t.pursuit_lead.__getitem__)
        led = self.led
        best_place, best = 0, -1
        for place, played in enumerate(self.trick):
            strength = power[played] if suit[played] == led or played == coup else -1
            if strength > best:
                best_place, best = place, strength
        best_seat = (self.leader + best_place) % self.players
        if self.coup_player in (self.to_act, best_seat):
            beating = [c for c in cards if suit[c] == led and power[c] > best]
            if beating:
                return min(beating, key=power.__getitem__)
        return min(cards, key=t.pursuit_throw.__getitem__)

    def _cautious(self, cards: list[int], keys: Caution, t: Tables) -> int:
        power, suit, coup = t.power, t.suit, t.coup
        if not self.trick:
            return min(cards, key=keys.lead.__getitem__)
        led = self.led
        best = -1
        for played in self.trick:
            if (suit[played] == led or played == coup) and power[played] > best:
                best = power[played]
        following = [c for c in cards if suit[c] == led]
        if following:
            under = [c for c in following if power[c] < best]
            if under:
                return max(under, key=power.__getitem__)
            return max(following, key=keys.over.__getitem__)
        return max(cards, key=keys.void.__getitem__)  # void: COUP would take the trick

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
            self.leader = seat
        self.trick.append(card)
        if len(self.trick) < self.players:
            self.to_act = (seat + 1) % self.players
        else:
            self._end_trick(t)

    def _end_trick(self, t: Tables) -> None:
        """The full trick goes to its winner, who leads the next."""
        cards = self.trick
        winner = (self.leader + self._winning_place(cards, t)) % self.players
        self._take(cards, winner, t)
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

    def _winning_place(self, cards: list[int], t: Tables) -> int:
        """Which of the trick's `cards` (in the order played) wins it: COUP, unless the led
        suit's Ace was played before it; else the led suit's strongest."""
        led, coup = self.led, t.coup
        if coup in cards:
            place = cards.index(coup)
            ace = t.ace_of[led]
            return cards.index(ace) if ace in cards[:place] else place
        suit, power = t.suit, t.power
        best_place, best = 0, power[cards[0]]
        for place in range(1, len(cards)):
            card = cards[place]
            if suit[card] == led and power[card] > best:
                best_place, best = place, power[card]
        return best_place

    def _tricks_out(self, draw: Callable[[], float], choose: Chooser | None = None) -> None:
        """The rest of the hand's tricks, each card chosen by `choose` from the legal ones
        (None from it, or no `choose`: at random). The play-outs' inner loop: the legal
        cards are found from each seat's cards sorted by suit, as legal_cards would (the
        tests hold the two to the same moves)."""
        t = tables(self.players)
        suit, coup, players, hands = t.suit, t.coup, self.players, self.hands
        by_suit: list[list[list[int]]] = [[[], [], [], [], []] for _ in hands]  # COUP last
        for mine, hand in zip(by_suit, hands, strict=True):
            for card in hand:
                mine[suit[card]].append(card)
        while self.tricks_done < t.tricks:
            trick, seat = self.trick, self.to_act
            if not trick:  # a lead (only the first may be restricted)
                hand = hands[seat]
                cards = self.legal_cards() if self.tricks_done == 0 else hand
                chosen = choose(cards) if choose else None
                card = cards[int(draw() * len(cards))] if chosen is None else chosen
                self.led = int(draw() * 4) if card == coup else suit[card]
                self.leader = seat
                by_suit[seat][suit[card]].remove(card)
                hand.remove(card)
                trick.append(card)
                seat = (seat + 1) % players
            led = self.led
            for _ in range(players - len(trick)):
                mine, hand = by_suit[seat], hands[seat]
                follow = mine[led]  # in the hand's order, COUP after them (as legal_cards)
                cards = (follow + mine[NO_SUIT] if mine[NO_SUIT] else follow) if follow else hand
                self.to_act = seat  # for `choose`
                chosen = choose(cards) if choose else None
                card = cards[int(draw() * len(cards))] if chosen is None else chosen
                mine[suit[card]].remove(card)
                hand.remove(card)
                trick.append(card)
                seat = (seat + 1) % players
            self._end_trick(t)

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
        return settle.outcome(self)

    def payoff(self) -> list[float]:
        """Each seat's francs from the hand, and the office's worth where it changes."""
        return settle.payoff(self)
