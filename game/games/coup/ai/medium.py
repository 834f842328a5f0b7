"""Medium in the bluffing games: he counts. He remembers which characters each player
has claimed this round and sees what has been revealed; he judges a claim by the odds
that its player holds the card (a claim is unlikely when the copies in sight leave few
for him), challenges the unlikely ones, and bluffs a character only while few of its
copies are face up. He aims at the strongest opponent, coups at 7 coins, names in a
called Coup the character the target most likely holds, and keeps his best cards in an
exchange. Instant."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from game.games.coup.ai.base import BluffPlayer, held_block
from game.games.coup.ai.cards import (
    face_up,
    hand_worth,
    holds_odds,
    opponents,
    strongest,
    unseen_copies,
    variant_of,
)
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.decisions import Block, Decision, TakeAction
from game.games.coup.rules.view import CoupView

COUP_AT = 7
TRUST = 0.5  # how much a claim raises the odds that its player holds the card
DOUBT = 0.25  # he challenges a claim less likely than this
DOUBT_WHEN_HIT = 0.4  # ... or than this when the action (or the block) strikes him
DOUBT_WHEN_DYING = 0.8  # ... or this when allowing it would exile him
BLUFFS = 0.35  # how often he bluffs a turn's claim (or a block) that would be plausible
PLAUSIBLE = 1  # a bluff only while at most this many copies are face up
WEAK_HAND = 7  # he exchanges a hand worth less than this
EXCHANGES = 0.5  # ... on one turn in two: two weak hands must not trade cards for ever
EXAMINES = 0.3  # how often an Inquisitor looks into the strongest opponent's hand
CONTESSA_RISK = 0.7  # he assassinates a player who holds the Contessa at most this likely
FOREIGN_AID_RISK = 0.5  # he asks for foreign aid unless a Duke is likelier than this


@dataclass(frozen=True)
class Temper:
    """How readily a player bluffs and doubts: Medium's own, or another table's habits."""

    bluffs: float = BLUFFS  # how often he bluffs a plausible claim
    doubt: float = 1.0  # his challenge thresholds, scaled (0: only impossible claims)


TEMPERS = {
    "medium": Temper(),
    "honest": Temper(bluffs=0.0),
    "bold": Temper(bluffs=0.8),
    "wary": Temper(doubt=2.5),
    "trusting": Temper(doubt=0.0),
    "reckless": Temper(bluffs=0.8, doubt=2.5),
}
"""The habits of the players Hard meets: Medium's, and Medium's with bluffs and challenges
more or less frequent."""


class MediumPlayer(BluffPlayer):
    contessa_risk = CONTESSA_RISK
    exchanges = EXCHANGES
    foreign_aid_risk = FOREIGN_AID_RISK

    def __init__(self, seed: int | str | None = None, temper: Temper = Temper()) -> None:
        super().__init__(seed)
        self.temper = temper
        self._round = -1
        self._claims: defaultdict[int, set[Character]] = defaultdict(set)

    # Memory ---------------------------------------------------------------------------------
    @property
    def claims(self) -> dict[int, frozenset[Character]]:
        """The characters each player has claimed this round, as far as he has heard."""
        return {seat: frozenset(claimed) for seat, claimed in self._claims.items() if claimed}

    def remember(self, claims: Mapping[int, Set[Character]], round_index: int) -> None:
        """Start with these claims heard in round `round_index`."""
        self._round = round_index
        self._claims = defaultdict(set, {seat: set(claimed) for seat, claimed in claims.items()})

    def observe(self, view: CoupView) -> None:
        if view.round_index != self._round:
            self.new_round(view.round_index)
        turn = view.turn
        if turn is None:
            return
        for seat, claim in ((turn.claimant, turn.claim), (turn.blocker, turn.block_claim)):
            if seat is not None and claim is not None and claim not in self._claims[seat]:
                self.hear(seat, claim)

    def new_round(self, round_index: int) -> None:
        """Forget the claims of the round before."""
        self._round, self._claims = round_index, defaultdict(set)

    def hear(self, seat: int, claim: Character) -> None:
        """Remember a claim heard for the first time this round."""
        self._claims[seat].add(claim)

    def odds(self, view: CoupView, seat: int, character: Character) -> float:
        """The chance that `seat` holds `character`, raised when he has claimed it."""
        odds = holds_odds(view, seat, character)
        if character in self._claims[seat] and odds > 0:
            odds += (1 - odds) * TRUST
        return odds

    # Challenges -----------------------------------------------------------------------------
    def challenges(self, view: CoupView) -> bool:
        turn = view.turn
        if turn is None or turn.claim is None or turn.claimant is None:
            return False
        odds = self.odds(view, turn.claimant, turn.claim)
        return odds == 0 or odds < self._doubt(view) * self.temper.doubt

    def _doubt(self, view: CoupView) -> float:
        turn, me = view.turn, view.seat
        assert turn is not None
        blocked_me = turn.blocker is not None and turn.actor == me
        hit = turn.target == me and turn.blocker is None
        if hit and turn.action is Action.ASSASSINATE and view.hand_sizes[me or 0] == 1 \
                and Character.CONTESSA not in view.hand:
            return DOUBT_WHEN_DYING
        if view.hand_sizes[me or 0] == 1 and not hit:
            return DOUBT / 2  # a lost challenge would exile him
        return DOUBT_WHEN_HIT if hit or blocked_me else DOUBT

    # Blocks ---------------------------------------------------------------------------------
    def block(self, view: CoupView, legal: Sequence[Decision]) -> Decision:
        """Block with a character held, else bluff a block (or let the action pass)."""
        honest = held_block(view, legal)
        if honest is not None:
            return honest
        turn = view.turn
        if turn is None or turn.target != view.seat:
            return legal[-1]
        return self.bluffed_block(view, [d for d in legal if isinstance(d, Block)]) or legal[-1]

    def bluffed_block(self, view: CoupView, blocks: Sequence[Block]) -> Block | None:
        """A block he bluffs when he is the target, if any."""
        bluffable = [d for d in blocks if face_up(view, d.character) <= PLAUSIBLE
                     and unseen_copies(view, d.character)]
        if bluffable and (self._dying(view) or self._rng.random() < self.temper.bluffs):
            return bluffable[0]
        return None

    @staticmethod
    def _dying(view: CoupView) -> bool:
        turn = view.turn
        return turn is not None and turn.action is Action.ASSASSINATE \
            and view.hand_sizes[view.seat or 0] == 1

    # Actions --------------------------------------------------------------------------------
    def action(self, view: CoupView, actions: list[TakeAction]) -> Decision:
        return self.act(view, actions, {*view.hand, *self._bluff(view)})

    def act(self, view: CoupView, actions: list[TakeAction], claims: set[Character]) -> Decision:
        """The first of his plans that is legal, claiming only the characters `claims`:
        a Coup, an assassination, tax, a steal, an exchange, a look, foreign aid, income."""
        rivals = opponents(view)
        target = self.aim(view, rivals)
        for choice in (self._coup(view, actions, target), self._assassinate(view, claims, rivals),
                       self._tax(claims), self._steal(view, claims, rivals),
                       self._exchange(view), self._examine(view, target),
                       self._foreign_aid(view, rivals)):
            if choice is None:
                continue
            action, aim = choice
            found = [d for d in actions if d.action is action and d.target == aim]
            if found:
                return self._called(view, found) if action is Action.COUP else found[0]
        return next((d for d in actions if d.action is Action.INCOME), actions[0])

    def aim(self, view: CoupView, seats: Sequence[int]) -> int:
        """The rival he plays against among `seats`: the strongest."""
        return strongest(view, seats)

    def _bluff(self, view: CoupView) -> set[Character]:
        """The character he will pretend to hold this turn, if any."""
        if self._rng.random() >= self.temper.bluffs:
            return set()
        options = [c for c in (Character.DUKE, Character.ASSASSIN, Character.CAPTAIN)
                   if face_up(view, c) <= PLAUSIBLE and unseen_copies(view, c)]
        return {self._rng.choice(options)} if options else set()

    @staticmethod
    def _coup(view: CoupView, actions: list[TakeAction],
              target: int) -> tuple[Action, int] | None:
        must = all(d.action is Action.COUP for d in actions)
        return (Action.COUP, target) if must or view.coins[view.seat or 0] >= COUP_AT else None

    def _assassinate(self, view: CoupView, claims: set[Character],
                     rivals: list[int]) -> tuple[Action, int] | None:
        """The strongest rival who has not shown a Contessa this round: against one who has
        blocked with her, three coins would be spent for nothing, turn after turn (two such
        players would never reach a Coup)."""
        if Character.ASSASSIN not in claims:
            return None
        open_to_it = [seat for seat in rivals if Character.CONTESSA not in self._claims[seat]
                      and self.odds(view, seat, Character.CONTESSA) <= self.contessa_risk]
        return (Action.ASSASSINATE, self.aim(view, open_to_it)) if open_to_it else None

    @staticmethod
    def _tax(claims: set[Character]) -> tuple[Action, None] | None:
        return (Action.TAX, None) if Character.DUKE in claims else None

    def _steal(self, view: CoupView, claims: set[Character],
               rivals: list[int]) -> tuple[Action, int] | None:
        if Character.CAPTAIN not in claims:
            return None
        blockers = variant_of(view).rule(Action.STEAL).blockers
        open_to_it = [seat for seat in rivals if view.coins[seat] >= 2
                      and not any(c in self._claims[seat] for c in blockers)]
        if not open_to_it:
            return None
        return Action.STEAL, max(open_to_it, key=lambda seat: view.coins[seat])

    def _exchange(self, view: CoupView) -> tuple[Action, None] | None:
        claim = variant_of(view).rule(Action.EXCHANGE).claim
        if claim in view.hand and hand_worth(view.hand) < WEAK_HAND \
                and self._rng.random() < self.exchanges:
            return Action.EXCHANGE, None
        return None

    def _examine(self, view: CoupView, target: int) -> tuple[Action, int] | None:
        """Look at the strongest opponent's card (and send a good one back)."""
        if Character.INQUISITOR in view.hand and self._rng.random() < EXAMINES:
            return Action.EXAMINE, target
        return None

    def _foreign_aid(self, view: CoupView, rivals: list[int]) -> tuple[Action, None] | None:
        duke = max((self.odds(view, seat, Character.DUKE) for seat in rivals), default=0.0)
        return (Action.FOREIGN_AID, None) if duke < self.foreign_aid_risk else None

    def _called(self, view: CoupView, coups: list[TakeAction]) -> TakeAction:
        """A called Coup names the character the target most likely holds."""
        return max(coups, key=lambda d: 0.0 if d.called is None or d.target is None
                   else self.odds(view, d.target, d.called))
