"""The charts of the bluffing games: characters and the playing cards that stand for them,
what each action costs, claims and who may block it, and the two configurations (`coup`,
`coup-inquisitor`) that differ only by these tables."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.cards import Rank


class Character(StrEnum):
    DUKE = "duke"
    ASSASSIN = "assassin"
    CAPTAIN = "captain"
    AMBASSADOR = "ambassador"
    CONTESSA = "contessa"
    INQUISITOR = "inquisitor"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Action(StrEnum):
    INCOME = "income"
    FOREIGN_AID = "foreign_aid"
    COUP = "coup"
    TAX = "tax"
    ASSASSINATE = "assassinate"
    STEAL = "steal"
    EXCHANGE = "exchange"  # the Ambassador's exchange, or the Inquisitor's draw
    EXAMINE = "examine"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


class BlockedBy(StrEnum):
    NOBODY = "nobody"
    ANYONE = "anyone"  # every other living player, from the actor's left
    TARGET = "target"  # only the target, if still in the game


@dataclass(frozen=True)
class ActionRule:
    claim: Character | None = None
    cost: int = 0
    gain: int = 0  # coins from the treasury
    targeted: bool = False
    blocked_by: BlockedBy = BlockedBy.NOBODY
    blockers: tuple[Character, ...] = ()


COPIES = 3  # of each character in the deck
HAND_SIZE = 2
STARTING_COINS = 2
TWO_PLAYER_STARTER_COINS = 1
MUST_COUP_AT = 10
STEAL_MOST = 2
AMBASSADOR_DRAW = 2
INQUISITOR_DRAW = 1
CALLED_COUP_MISS_DRAW = 2  # the target draws this many, then returns as many
FIVE_LIVES_REPLACED = 3  # with Five lives the first three lost cards are replaced
MOST_PLAYERS = 6


def hand_size(players: int) -> int:
    """The cards (influences) dealt to each player, however many play."""
    return HAND_SIZE

_COMMON = {
    Action.INCOME: ActionRule(gain=1),
    Action.FOREIGN_AID: ActionRule(gain=2, blocked_by=BlockedBy.ANYONE,
                                   blockers=(Character.DUKE,)),
    Action.COUP: ActionRule(cost=7, targeted=True),
    Action.TAX: ActionRule(claim=Character.DUKE, gain=3),
    Action.ASSASSINATE: ActionRule(claim=Character.ASSASSIN, cost=3, targeted=True,
                                   blocked_by=BlockedBy.TARGET,
                                   blockers=(Character.CONTESSA,)),
}


def _steal_blocked_by(*blockers: Character) -> ActionRule:
    return ActionRule(claim=Character.CAPTAIN, targeted=True, blocked_by=BlockedBy.TARGET,
                      blockers=blockers)


@dataclass(frozen=True)
class Variant:
    """One of the two bluffing rulesets: its deck, its actions and its challenge rule."""

    id: str
    title: str
    cards: dict[Character, Rank]  # the playing card that stands for each character
    actions: dict[Action, ActionRule]
    # coup: the challenged player shows the claimed card or concedes; coup-inquisitor: he
    # shows a card of his choice, and loses it if it is not the claimed character.
    reveal_any_card: bool
    two_player_options: bool  # Call the Coup and Five lives exist (coup-inquisitor)
    alternative_deal: bool  # the two-player alternative deal exists (coup)
    exchange_draw: int  # cards drawn by the exchange action (Ambassador 2, Inquisitor 1)
    fewest_players: int = 2

    @property
    def characters(self) -> tuple[Character, ...]:
        return tuple(self.cards)

    @property
    def deck(self) -> tuple[Character, ...]:
        return tuple(character for character in self.cards for _ in range(COPIES))

    def rule(self, action: Action) -> ActionRule:
        return self.actions[action]


COUP = Variant(
    id="coup",
    title="Coup",
    cards={Character.DUKE: Rank.JACK, Character.ASSASSIN: Rank.ACE,
           Character.CAPTAIN: Rank.TEN, Character.AMBASSADOR: Rank.FOUR,
           Character.CONTESSA: Rank.QUEEN},
    actions={**_COMMON,
             Action.STEAL: _steal_blocked_by(Character.CAPTAIN, Character.AMBASSADOR),
             Action.EXCHANGE: ActionRule(claim=Character.AMBASSADOR)},
    reveal_any_card=False,
    two_player_options=False,
    alternative_deal=True,
    exchange_draw=AMBASSADOR_DRAW,
)

INQUISITOR = Variant(
    id="coup-inquisitor",
    title="Coup with the Inquisitor",
    cards={Character.DUKE: Rank.KING, Character.ASSASSIN: Rank.ACE,
           Character.CONTESSA: Rank.QUEEN, Character.CAPTAIN: Rank.JACK,
           Character.INQUISITOR: Rank.TWO},
    actions={**_COMMON,
             Action.STEAL: _steal_blocked_by(Character.CAPTAIN, Character.INQUISITOR),
             Action.EXCHANGE: ActionRule(claim=Character.INQUISITOR),
             Action.EXAMINE: ActionRule(claim=Character.INQUISITOR, targeted=True)},
    reveal_any_card=True,
    two_player_options=True,
    alternative_deal=False,
    exchange_draw=INQUISITOR_DRAW,
)

ABILITIES = {
    Character.DUKE: "Tax: take 3 coins. Blocks foreign aid.",
    Character.ASSASSIN: "Assassinate: pay 3 coins, a player loses an influence.",
    Character.CAPTAIN: "Steal: take 2 coins from a player. Blocks stealing.",
    Character.AMBASSADOR: "Exchange: draw 2, keep any of them. Blocks stealing.",
    Character.CONTESSA: "Blocks an assassination.",
    Character.INQUISITOR: "Draw 1 and keep it or not, or examine a player's card. "
                          "Blocks stealing.",
}
"""What each character does, for the rules card."""
