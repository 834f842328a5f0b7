"""The Veteran: a sparring player of the bluffing games modelled on how experienced people
play. Not shipped, not a level: a partner stronger than Medium, from its own view only.

He keeps a story: the characters he claims on his turns are the ones he holds or has
already claimed this round, plus at most one bluff chosen at his first turn of the round
(the Duke first, while none is face up) and kept. He remembers every claim he hears and
judges it by the cards he sees (his own and the face-up ones) weighed against how often
players bluff (more often one who has claimed more characters than he was dealt cards, or
a character claimed by more players than there are copies unseen). He challenges an
impossible claim always, an unlikely one when it strikes him, seldom one that does not
(others' quarrels help him too), and almost any assassination that would exile him unless
a block would be believed. He blocks with what he holds, or bluffs a block when he is the
target and the others would believe it. He aims at the leader (cards, then coins and a
Duke claimed). He bluffs less with one card left, more as the players left grow fewer,
and not at all when an honest turn's coins reach a Coup.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from game.games.coup.ai.base import BluffPlayer
from game.games.coup.ai.cards import (
    face_up,
    hand_worth,
    holds_odds,
    opponents,
    unseen_copies,
    variant_of,
)
from game.games.coup.rules.charts import COPIES, Action, Character, hand_size
from game.games.coup.rules.decisions import Block, Decision, TakeAction
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView

COUP_AT = 7
BLUFF_RATE = 0.15  # how often he thinks a player claims a character he does not hold
REPEATED = 0.7  # ... less when the player has claimed it before this round
OVERCLAIMED = 0.6  # ... more when he has claimed more characters than he was dealt
STORY_BLUFF = {2: 1.0, 1: 0.8}  # how often he adds a bluff to his story, by his cards
CROWD = 0.05  # ... less this for each opponent beyond two (more players, more doubters)
DOUBT_WHEN_HIT = 0.5  # he challenges a claim against him less likely than this
DOUBT_WHEN_DYING = 0.9  # ... or this when allowing it would exile him
DOUBT_OTHERWISE = 0.3  # ... and another's claim only when less likely than this
FOREIGN_AID_RISK = 0.3  # he asks for foreign aid unless a Duke is likelier than this
BELIEVED = 0.5  # he bluffs a block the others would believe at least this likely
PLAUSIBLE = 1  # ... while at most this many of its copies are face up
WEAK_HAND = 7  # he exchanges a hand worth less than this
CONTESSA_RISK = 0.5  # he assassinates a rival who holds the Contessa less likely than this
EXAMINES = 0.3  # how often an Inquisitor looks into the leader's hand
BLUFFABLE = (Character.DUKE, Character.CAPTAIN, Character.ASSASSIN)
"""The characters worth a story, best first: coins, coins from others, a card a turn."""


class VeteranPlayer(BluffPlayer):
    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self._round = -1
        self._heard: defaultdict[int, set[Character]] = defaultdict(set)
        self._turn_key: tuple[int, Action, int | None] | None = None
        self._fresh: set[tuple[int, Character]] = set()  # claims first heard this turn
        self._story: set[Character] = set()
        self._bluff_chosen = False

    # Memory ---------------------------------------------------------------------------------
    def observe(self, view: CoupView) -> None:
        if view.round_index != self._round:
            self._round, self._heard = view.round_index, defaultdict(set)
            self._story, self._bluff_chosen = set(), False
        turn = view.turn
        key = None if turn is None else (turn.actor, turn.action, turn.target)
        if key != self._turn_key:
            self._turn_key, self._fresh = key, set()
        if turn is None:
            return
        for seat, claim in ((turn.claimant, turn.claim), (turn.blocker, turn.block_claim)):
            if seat is not None and claim is not None and claim not in self._heard[seat]:
                self._heard[seat].add(claim)
                self._fresh.add((seat, claim))

    def story(self, view: CoupView) -> set[Character]:
        """What he may claim: his cards, what he has claimed, and his chosen bluff."""
        if not self._bluff_chosen and view.phase is Phase.ACTION:
            self._bluff_chosen = True
            bluff = self._choose_bluff(view)
            if bluff is not None:
                self._story.add(bluff)
        seat = view.seat or 0
        return {*view.hand, *self._heard[seat], *self._story}

    def _choose_bluff(self, view: CoupView) -> Character | None:
        if Character.DUKE in view.hand:
            return None
        cards = view.hand_sizes[view.seat or 0]
        rate = STORY_BLUFF.get(cards, 0.0) - CROWD * max(0, len(opponents(view)) - 2)
        if self._rng.random() >= rate:
            return None
        options = [c for c in BLUFFABLE if c not in view.hand and face_up(view, c) == 0
                   and unseen_copies(view, c) >= COPIES - 1]
        return options[0] if options else None

    def odds(self, view: CoupView, seat: int, character: Character) -> float:
        """The chance that `seat` holds `character`: the cards he has not seen, then, if
        the player has claimed it, weighed against how often a player bluffs such a claim
        (more often when he has claimed more characters than he holds cards, or more
        players claim it than there are copies unseen; less when he claimed it before)."""
        odds = holds_odds(view, seat, character)
        if odds == 0 or character not in self._heard[seat]:
            return odds
        bluffs = self.bluff_rate(view, seat, character)
        return odds / (odds + (1 - odds) * bluffs)

    def bluff_rate(self, view: CoupView, seat: int, character: Character) -> float:
        """How often he thinks `seat` would make this claim without the card."""
        claimed = self._heard[seat]
        rate = BLUFF_RATE
        if (seat, character) not in self._fresh:
            rate *= REPEATED  # a story kept: a bluff already survived, or the truth
        if len(claimed) > hand_size(view.players):  # more stories than cards dealt
            rate = max(rate, OVERCLAIMED)
        claimants = sum(character in self._heard[other] for other in opponents(view))
        if claimants > unseen_copies(view, character):
            rate = max(rate, OVERCLAIMED)
        return rate

    def believed(self, view: CoupView, character: Character) -> float:
        """How likely the others think he holds `character` once he claims it: the cards
        they cannot see, weighed as he weighs their claims."""
        me = view.seat or 0
        pool = sum(view.hand_sizes) - view.hand_sizes[me] + view.deck_size \
            + view.out_of_game_size
        copies = max(0, COPIES - face_up(view, character))
        odds = 1.0 - _miss(pool, copies, view.hand_sizes[me])
        if odds == 0:
            return odds
        bluffs = BLUFF_RATE * (REPEATED if character in self._heard[me] else 1.0)
        return odds / (odds + (1 - odds) * bluffs)

    # Challenges -----------------------------------------------------------------------------
    def challenges(self, view: CoupView) -> bool:
        turn = view.turn
        if turn is None or turn.claim is None or turn.claimant is None:
            return False
        odds = self.odds(view, turn.claimant, turn.claim)
        return odds == 0 or odds < self._doubt(view)

    def _doubt(self, view: CoupView) -> float:
        turn, me = view.turn, view.seat or 0
        assert turn is not None
        hit = turn.target == me and turn.blocker is None
        blocked_me = turn.blocker is not None and turn.actor == me
        if hit and self._dying(view):
            if Character.CONTESSA in view.hand:
                return 0.0
            saved_by_block = self.believed(view, Character.CONTESSA) > BELIEVED
            return DOUBT_OTHERWISE if saved_by_block else DOUBT_WHEN_DYING
        if hit or blocked_me:
            return DOUBT_WHEN_HIT if view.hand_sizes[me] > 1 else DOUBT_WHEN_HIT / 2
        return DOUBT_OTHERWISE if view.hand_sizes[me] > 1 else 0.0

    @staticmethod
    def _dying(view: CoupView) -> bool:
        turn = view.turn
        return turn is not None and turn.action is Action.ASSASSINATE \
            and view.hand_sizes[view.seat or 0] == 1

    # Blocks ---------------------------------------------------------------------------------
    def block(self, view: CoupView, legal: Sequence[Decision]) -> Decision:
        blocks = [d for d in legal if isinstance(d, Block)]
        honest = [d for d in blocks if d.character in view.hand]
        if honest:
            return honest[0]
        turn = view.turn
        if turn is None or turn.target != view.seat:
            return legal[-1]
        told = self.story(view)
        believable = [d for d in blocks if unseen_copies(view, d.character)
                      and face_up(view, d.character) <= PLAUSIBLE
                      and (self.believed(view, d.character) > BELIEVED or self._dying(view))]
        if not believable:
            return legal[-1]
        return max(believable, key=lambda d: (d.character in told,
                                              self.believed(view, d.character)))

    # Actions --------------------------------------------------------------------------------
    def action(self, view: CoupView, actions: list[TakeAction]) -> Decision:
        told = {c for c in self.story(view) if unseen_copies(view, c) or c in view.hand}
        if view.coins[view.seat or 0] >= COUP_AT - 1:
            told &= set(view.hand)  # an honest turn reaches a Coup: no need to bluff
        rivals = opponents(view)
        target = self.leader(view, rivals)
        for choice in (self._coup(view, actions, target),
                       self._assassinate(view, told, rivals),
                       self._tax(told), self._steal(view, told, rivals),
                       self._exchange(view), self._examine(view, target),
                       self._foreign_aid(view, rivals)):
            if choice is None:
                continue
            action, aim = choice
            found = [d for d in actions if d.action is action and d.target == aim]
            if found:
                return self._called(view, found) if action is Action.COUP else found[0]
        return next((d for d in actions if d.action is Action.INCOME), actions[0])

    def leader(self, view: CoupView, seats: Sequence[int]) -> int:
        """The most dangerous rival: cards, then coins, then what he claims to do."""
        def threat(seat: int) -> tuple[int, int, int]:
            heard = self._heard[seat]
            return (view.hand_sizes[seat], view.coins[seat] + 2 * (Character.DUKE in heard),
                    Character.ASSASSIN in heard)
        return max(seats, key=threat)

    @staticmethod
    def _coup(view: CoupView, actions: list[TakeAction],
              target: int) -> tuple[Action, int] | None:
        must = all(d.action is Action.COUP for d in actions)
        return (Action.COUP, target) if must or view.coins[view.seat or 0] >= COUP_AT else None

    def _assassinate(self, view: CoupView, told: set[Character],
                     rivals: list[int]) -> tuple[Action, int] | None:
        if Character.ASSASSIN not in told:
            return None
        open_to_it = [seat for seat in rivals if Character.CONTESSA not in self._heard[seat]
                      and self.odds(view, seat, Character.CONTESSA) < CONTESSA_RISK]
        return (Action.ASSASSINATE, self.leader(view, open_to_it)) if open_to_it else None

    @staticmethod
    def _tax(told: set[Character]) -> tuple[Action, None] | None:
        return (Action.TAX, None) if Character.DUKE in told else None

    def _steal(self, view: CoupView, told: set[Character],
               rivals: list[int]) -> tuple[Action, int] | None:
        if Character.CAPTAIN not in told:
            return None
        blockers = variant_of(view).rule(Action.STEAL).blockers
        open_to_it = [seat for seat in rivals if view.coins[seat] >= 2
                      and not any(c in self._heard[seat] for c in blockers)]
        if not open_to_it:
            return None
        return Action.STEAL, max(open_to_it, key=lambda seat: view.coins[seat])

    def _exchange(self, view: CoupView) -> tuple[Action, None] | None:
        claim = variant_of(view).rule(Action.EXCHANGE).claim
        if claim in view.hand and hand_worth(view.hand) < WEAK_HAND:
            return Action.EXCHANGE, None
        return None

    def _examine(self, view: CoupView, target: int) -> tuple[Action, int] | None:
        if Character.INQUISITOR in view.hand and self._rng.random() < EXAMINES:
            return Action.EXAMINE, target
        return None

    def _foreign_aid(self, view: CoupView, rivals: list[int]) -> tuple[Action, None] | None:
        """Foreign aid unless somebody likely holds a Duke (or says so)."""
        duke = max((self.odds(view, seat, Character.DUKE) for seat in rivals), default=0.0)
        return (Action.FOREIGN_AID, None) if duke < FOREIGN_AID_RISK else None

    def _called(self, view: CoupView, coups: list[TakeAction]) -> TakeAction:
        """A called Coup names the character the target most likely holds."""
        return max(coups, key=lambda d: 0.0 if d.called is None or d.target is None
                   else self.odds(view, d.target, d.called))


def _miss(pool: int, copies: int, size: int) -> float:
    """The chance that `size` cards drawn blindly from `pool` hold none of `copies`."""
    if copies == 0 or size == 0 or pool == 0:
        return 1.0
    chance = 1.0
    for drawn in range(min(size, pool)):
        chance *= max(0, pool - copies - drawn) / (pool - drawn)
    return chance
