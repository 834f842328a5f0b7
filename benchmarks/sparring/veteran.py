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

from collections.abc import Sequence

from game.games.coup.ai.cards import face_up, holds_odds, opponents, unseen_copies
from game.games.coup.ai.medium import COUP_AT, TEMPERS, MediumPlayer, Temper
from game.games.coup.rules.charts import COPIES, Action, Character, hand_size
from game.games.coup.rules.decisions import Block, Decision, TakeAction
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView

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
CONTESSA_RISK = 0.5  # he assassinates a rival who holds the Contessa less likely than this
BLUFFABLE = (Character.DUKE, Character.CAPTAIN, Character.ASSASSIN)
"""The characters worth a story, best first: coins, coins from others, a card a turn."""


class VeteranPlayer(MediumPlayer):
    """Medium's plans of action (game/games/coup/ai/medium.py), with the Veteran's story,
    judgement of claims, challenges, blocks and choice of target."""

    contessa_risk = CONTESSA_RISK
    exchanges = 1.0  # every weak hand he can exchange honestly
    foreign_aid_risk = FOREIGN_AID_RISK

    def __init__(self, seed: int | str | None = None, temper: Temper = TEMPERS["medium"]
                 ) -> None:
        super().__init__(seed, temper)
        self._turn_key: tuple[int, Action, int | None] | None = None
        self._fresh: set[tuple[int, Character]] = set()  # claims first heard this turn
        self._story: set[Character] = set()
        self._bluff_chosen = False

    # Memory ---------------------------------------------------------------------------------
    def observe(self, view: CoupView) -> None:
        turn = view.turn
        key = None if turn is None else (turn.actor, turn.action, turn.target)
        if key != self._turn_key:
            self._turn_key, self._fresh = key, set()
        super().observe(view)

    def new_round(self, round_index: int) -> None:
        super().new_round(round_index)
        self._story, self._bluff_chosen = set(), False

    def hear(self, seat: int, claim: Character) -> None:
        super().hear(seat, claim)
        self._fresh.add((seat, claim))

    def story(self, view: CoupView) -> set[Character]:
        """What he may claim: his cards, what he has claimed, and his chosen bluff."""
        if not self._bluff_chosen and view.phase is Phase.ACTION:
            self._bluff_chosen = True
            bluff = self._choose_bluff(view)
            if bluff is not None:
                self._story.add(bluff)
        seat = view.seat or 0
        return {*view.hand, *self._claims[seat], *self._story}

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
        if odds == 0 or character not in self._claims[seat]:
            return odds
        bluffs = self.bluff_rate(view, seat, character)
        return odds / (odds + (1 - odds) * bluffs)

    def bluff_rate(self, view: CoupView, seat: int, character: Character) -> float:
        """How often he thinks `seat` would make this claim without the card."""
        claimed = self._claims[seat]
        rate = BLUFF_RATE
        if (seat, character) not in self._fresh:
            rate *= REPEATED  # a story kept: a bluff already survived, or the truth
        if len(claimed) > hand_size(view.players):  # more stories than cards dealt
            rate = max(rate, OVERCLAIMED)
        claimants = sum(character in self._claims[other] for other in opponents(view))
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
        bluffs = BLUFF_RATE * (REPEATED if character in self._claims[me] else 1.0)
        return odds / (odds + (1 - odds) * bluffs)

    # Challenges -----------------------------------------------------------------------------
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

    # Blocks ---------------------------------------------------------------------------------
    def bluffed_block(self, view: CoupView, blocks: Sequence[Block]) -> Block | None:
        """The block the others would most believe, one he has claimed first."""
        told = self.story(view)
        believable = [d for d in blocks if unseen_copies(view, d.character)
                      and face_up(view, d.character) <= PLAUSIBLE
                      and (self.believed(view, d.character) > BELIEVED or self._dying(view))]
        if not believable:
            return None
        return max(believable, key=lambda d: (d.character in told,
                                              self.believed(view, d.character)))

    # Actions --------------------------------------------------------------------------------
    def action(self, view: CoupView, actions: list[TakeAction]) -> Decision:
        told = {c for c in self.story(view) if unseen_copies(view, c) or c in view.hand}
        if view.coins[view.seat or 0] >= COUP_AT - 1:
            told &= set(view.hand)  # an honest turn reaches a Coup: no need to bluff
        return self.act(view, actions, told)

    def aim(self, view: CoupView, seats: Sequence[int]) -> int:
        """The most dangerous rival: cards, then coins, then what he claims to do."""
        def threat(seat: int) -> tuple[int, int, int]:
            heard = self._claims[seat]
            return (view.hand_sizes[seat], view.coins[seat] + 2 * (Character.DUKE in heard),
                    Character.ASSASSIN in heard)
        return max(seats, key=threat)


def _miss(pool: int, copies: int, size: int) -> float:
    """The chance that `size` cards drawn blindly from `pool` hold none of `copies`."""
    if copies == 0 or size == 0 or pool == 0:
        return 1.0
    chance = 1.0
    for drawn in range(min(size, pool)):
        chance *= max(0, pool - copies - drawn) / (pool - drawn)
    return chance
