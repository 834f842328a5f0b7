"""How the review of a game of Coup (with the Ambassador or the Inquisitor) speaks: a value
is the chance of winning the round, as Hard weighs it; where the game went is the coins,
the cards lost and the challenges."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.match import Match
from game.games.coup.rules import decisions as act
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.events import (
    ActionDeclared,
    ActionFailed,
    Challenged,
    ClaimFailed,
    ClaimProven,
    CoinsTaken,
    InfluenceLost,
    RoundWon,
    Stole,
    TurnEnded,
)
from game.games.coup.rules.state import Phase, State
from game.rules.words import joined
from game.services.review import ROUND, TRICK, Words, chance, points

MISTAKE = 0.05  # a decision that lowered the chance of winning the round by more is marked

_DOING = {Action.INCOME: "taking income", Action.FOREIGN_AID: "taking foreign aid",
          Action.TAX: "taking tax as the Duke", Action.EXCHANGE: "exchanging cards"}
_AIMED = {Action.COUP: "launching a coup against", Action.ASSASSINATE: "assassinating",
          Action.STEAL: "stealing from", Action.EXAMINE: "examining a card of"}


def phrase(decision: act.Decision, state: State, names: Sequence[str]) -> str:
    """A decision as a gerund: "stealing from Brigitte", "challenging"."""
    match decision:
        case act.TakeAction(_, action, target, called) if target is not None:
            words = f"{_AIMED.get(action, action.label)} {names[target]}"
            return words if called is None else f"{words}, calling the {called.label}"
        case act.TakeAction(_, action):
            return _DOING.get(action, action.label)
        case act.Challenge():
            return "challenging"
        case act.Allow():
            return "letting it pass"
        case act.Block(_, character):
            return f"blocking as the {character.label}"
        case act.Reveal(_, character):
            return f"showing the {character.label}"
        case act.Lose(_, character):
            return f"giving up the {character.label}"
        case act.Keep(_, cards):
            return f"keeping {_cards(cards)}"
        case act.Swap(_, character):
            return "sending the drawn card back" if character is None else \
                f"giving back the {character.label} for the drawn card"
        case act.Show(_, character):
            return f"showing the Inquisitor the {character.label}"
        case act.ForceDraw(_, force):
            return "making the player draw another card" if force else \
                "letting the player keep the card"
        case act.ReturnCards(_, cards):
            return f"returning {_cards(cards)} to the deck"
    return type(decision).__name__.lower()


def _cards(cards: Sequence[Character]) -> str:
    return joined(f"the {card.label}" for card in cards) or "no card"


def moment(state: State) -> str:
    """Where the game stands: "4 players still in"; in a match of several rounds, which
    round too ("Round 2 of 3: 3 players still in")."""
    if state.phase is Phase.OVER:
        return "The game is over"
    now = "The deal" if state.phase in (Phase.START, Phase.DEAL, Phase.PICK) \
        else f"{len(state.living)} players still in"
    rounds = state.options.rounds
    return now if rounds == 1 else f"Round {sum(state.round_wins) + 1} of {rounds}: {now}"


def ledger(match: Match, seat: int, names: Sequence[str]) -> list[str]:
    """`seat`'s rounds won, coins gained and spent, cards lost, and challenges."""
    tally = dict.fromkeys(("taken", "stolen", "robbed", "spent", "lost", "rounds",
                           "challenges", "caught", "challenged", "bluffs"), 0)
    rounds = 0
    challenge: Challenged | None = None
    for event in match.events:
        match event:
            case CoinsTaken(who, amount) if who == seat:
                tally["taken"] += amount
            case Stole(thief, target, amount):
                tally["stolen"] += amount * (thief == seat)
                tally["robbed"] += amount * (target == seat)
            case ActionDeclared(who, _, _, _, cost) if who == seat:
                tally["spent"] += cost
            case ActionFailed(who, refund) if who == seat:
                tally["spent"] -= refund
            case InfluenceLost(who, _) if who == seat:
                tally["lost"] += 1
            case RoundWon(who, _):
                rounds += 1
                tally["rounds"] += who == seat
            case Challenged():
                challenge = event
            case ClaimFailed() | ClaimProven() if challenge is not None:
                _count_challenge(tally, challenge, isinstance(event, ClaimFailed), seat)
                challenge = None
    return [f"Rounds won: {tally['rounds']} of {rounds}",
            f"Coins taken: {tally['taken']}; stolen: {tally['stolen']}; lost to thieves: "
            f"{tally['robbed']}; spent: {tally['spent']}",
            f"Cards lost: {tally['lost']}",
            f"Challenges made: {tally['challenges']}, of which {tally['caught']} caught a "
            f"bluff",
            f"Claims challenged: {tally['challenged']}, of which {tally['bluffs']} "
            f"{'was a bluff' if tally['bluffs'] == 1 else 'were bluffs'}"]


def _count_challenge(tally: dict[str, int], challenge: Challenged, bluff: bool,
                     seat: int) -> None:
    if challenge.seat == seat:
        tally["challenges"] += 1
        tally["caught"] += bluff
    elif challenge.claimant == seat:
        tally["challenged"] += 1
        tally["bluffs"] += bluff


def gain(cost: float) -> str:
    return f"raised the chance of winning the round by about {points(cost)}"


def boundary(event: object) -> int:
    """What an event ends: a player's turn, or a round (the game's hand and round)."""
    return {TurnEnded: TRICK, RoundWon: ROUND}.get(type(event), 0)


def hands(state: State) -> tuple[tuple[Character, ...], ...]:
    """Each seat's face-down cards."""
    return state.hands


WORDS = Words(measure="chance of winning the round", threshold=MISTAKE, figure=chance,
              size=points, gain=gain, phrase=phrase, moment=moment, ledger=ledger,
              ledger_title="How {name}'s game went",
              boundary=boundary, hands=hands,
              steps=("turn", "round", "round"))
