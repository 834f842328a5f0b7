"""The rules of the bluffing games for players, one page a configuration: the deal, the
characters, the actions, challenges and blocks, read from the charts the rules use."""

from __future__ import annotations

from game.games.coup.rules import charts as bluff
from game.services.rules_sections import (
    Block,
    Chart,
    Heading,
    Paragraph,
    Section,
    join,
)


def _bluff(variant: bluff.Variant) -> Section:
    """A bluffing game: the deal, its characters, the actions, challenges and blocks."""
    Action, Character = bluff.Action, bluff.Character
    rule = variant.rule
    steal_blockers = join((f"the {c.label}" for c in rule(Action.STEAL).blockers), "or")
    coup = rule(Action.COUP).cost
    blocks: list[Block] = []
    if variant is bluff.INQUISITOR:
        old, new = bluff.COUP.cards, variant.cards
        moved = join(f"the {c.label} is a {new[c].word}" for c in new if c in old
                      and old[c] is not new[c])
        blocks.append(Paragraph(
            "How it differs from Coup.",
            f"The Inquisitor ({new[Character.INQUISITOR]}) takes the Ambassador's place; "
            f"{moved}. The Inquisitor's action is new, a challenged player answers by "
            "turning over a card of his choice, and the options for two players are not "
            "the same."))
    blocks += [
        Paragraph("What you need.",
                  f"{variant.fewest_players} to {bluff.MOST_PLAYERS} players and "
                  f"{len(variant.deck)} cards: {bluff.COPIES} of each of five characters, "
                  "each shown by one rank of an ordinary pack (suits do not matter). Each "
                  f"player gets {bluff.HAND_SIZE} cards face down, his influence, and "
                  f"{bluff.STARTING_COINS} coins from a bank that never runs out. Chance "
                  "picks who starts; with two players the starter gets only "
                  f"{bluff.TWO_PLAYER_STARTER_COINS} coin."),
        Paragraph("Winning.",
                  "To lose an influence is to turn one of your face-down cards up, which "
                  "one being your choice; it stays in view. A player with no face-down card "
                  "is out, and the last player with influence wins."),
        Heading("The characters"),
        Chart(tuple((f"{c.label} ({variant.cards[c]})", bluff.ABILITIES[c])
                    for c in variant.characters)),
        Paragraph("Your turn.",
                  "Take exactly one action; passing is not allowed. Three need no "
                  f"character: income, take {rule(Action.INCOME).gain} coin; foreign aid, "
                  f"take {rule(Action.FOREIGN_AID).gain}; coup, pay {coup} coins and choose "
                  "a player who loses an influence. Nobody can block or challenge a coup. "
                  f"Holding {bluff.MUST_COUP_AT} coins or more, you must choose the coup."),
    ]
    if Character.AMBASSADOR in variant.cards:
        exchange = (f"The Ambassador draws {variant.exchange_draw} cards, keeps as many "
                    "cards as he had, chosen from his own and the new ones, returns the "
                    "others to the deck and shuffles it.")
    else:
        exchange = (f"The Inquisitor either draws {variant.exchange_draw} card and keeps it "
                    "in place of one of his face-down cards or sends it back; or picks a "
                    "player, who shows him one face-down card of his choice, and may then "
                    "make him shuffle it back into the deck and draw another.")
    blocks.append(Paragraph(
        "Stealing and exchanging.",
        f"A steal takes {bluff.STEAL_MOST} coins from a player, or all he has if he has "
        f"fewer. {exchange}"))
    blocks.append(Paragraph(
        "Claims.",
        "Every other action, and every block, claims a character. You may claim one you "
        "do not hold: that is the bluff."))
    if variant.reveal_any_card:
        challenge = ("The challenged player turns over a face-down card of his choice. If "
                     "it is the character he claimed, the challenger loses an influence and "
                     "the card shown is shuffled back and replaced; if not, the challenged "
                     "player loses that very card and his claim fails.")
    else:
        challenge = ("The claimant may show the card: then the challenger loses an "
                     "influence, and the card shown is shuffled back into the deck and "
                     "replaced by a new one. If he does not show it, he loses an influence "
                     "himself and his claim fails.")
    blocks += [
        Paragraph("Challenges.", f"Any other player may challenge a claim. {challenge} A "
                                 "failed action does nothing and its cost is given back; a "
                                 "failed block lets the action happen."),
        Paragraph("Blocks.",
                  "Any other player may block foreign aid, claiming the Duke. Only the "
                  "target may block an assassination, claiming the Contessa, or a steal, "
                  f"claiming {steal_blockers}. A block can be challenged like any claim."),
        Paragraph("The order of a turn.",
                  "The action; a challenge to its claim; a block; a challenge to the block; "
                  "then whatever still stands happens. At each step the players are asked "
                  "one by one from the left of the player concerned, and the first who acts "
                  "closes the step."),
    ]
    if variant.two_player_options:
        two = ("Two options, both on unless you turn them off. Call the Coup: a coup names "
               "a character; if the target holds it face down, that card is lost; if not, "
               "he shows his cards and loses nothing, the coins stay spent, and he draws "
               f"{bluff.CALLED_COUP_MISS_DRAW} and returns {bluff.CALLED_COUP_MISS_DRAW}. "
               f"Five lives: the first {bluff.FIVE_LIVES_REPLACED} cards a player loses are "
               "each replaced by a card from the deck.")
    else:
        two = ("The alternative deal, an option (off unless chosen): sort the cards into "
               "three sets of one of each character. Each player takes a set, keeps one card "
               "in secret and puts the rest out of the game; the third set is shuffled, each "
               "player is dealt one card from it, and its last three cards are the deck.")
    blocks += [
        Paragraph("Two players.", two),
        Paragraph("A match.",
                  "A game ends the moment one player alone has influence. A match may be "
                  "several rounds (chosen in the New game screen): each round starts one "
                  "seat further left, with fresh cards and coins, and the most rounds won "
                  "take the match."),
        Paragraph("At the table.",
                  "Every decision is a button; a claim you would make without the card is "
                  "marked (bluff). With several persons at one screen, each decides behind "
                  "the pass screen."),
    ]
    return Section(variant.id, "Coup" if variant is bluff.COUP else "The Inquisitor",
                   variant.title, tuple(blocks))


def coup() -> Section:
    return _bluff(bluff.COUP)


def inquisitor() -> Section:
    return _bluff(bluff.INQUISITOR)
