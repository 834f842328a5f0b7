"""The rules of Coup d'État for two for players: the deal, the Bastille, JOKER, both
charts and the scoring, every figure read from the charts the rules use."""

from __future__ import annotations

from game.games.coup_detat_duel.rules import RULESET
from game.games.coup_detat_duel.rules import charts as duel
from game.rules.words import capitalized
from game.services.rules_sections import (
    Block,
    Chart,
    Heading,
    Paragraph,
    Section,
    in_suit_order,
    join,
    ranks_words,
)


def section() -> Section:
    """The game for two: the deal, the Bastille, JOKER, both charts, scoring."""
    HandType, Role = duel.HandType, duel.Role
    pm, peasant = (duel.EXCHANGE_LIMITS[role] for role in (Role.PRIME_MINISTER, Role.PEASANT))
    kept_in = ", ".join(f"{line.not_to_set_aside_words} in {t.label}"
                        for t, line in duel.CHART.items() if line.not_to_set_aside_words)
    no_lead = join((f"a {join((s.singular for s in in_suit_order(line.no_first_lead)), 'or')} "
                     f"in {t.label}" for t, line in duel.CHART.items() if line.no_first_lead),
                    "or")
    blocks: list[Block] = [
        Paragraph("The cards.",
                  f"{len(duel.DECK)} cards: {ranks_words(duel.RANK_ORDER)} in each suit, ranked in "
                  "that order for everything, and JOKER."),
        Paragraph("Prime Minister and Peasant.",
                  "Both players cut. The higher card (JOKER above all, suits equal; a tie "
                  "cuts again) makes its player Prime Minister; the other is the Peasant. "
                  f"The Prime Minister deals {duel.HAND_SIZE} cards each and puts the next "
                  f"{duel.BASTILLE_SIZE} face down in a pile: the Bastille."),
        Paragraph("Choosing the hand.",
                  "A Peasant holding JOKER may announce it. That binds him to a coup: he "
                  "chooses a type not yet played this round, and keeps JOKER in his hand. "
                  "Otherwise the Prime Minister chooses. A JOKER not announced is still wild "
                  "in play."),
        Paragraph("The Bastille.",
                  f"The Prime Minister puts {pm.fewest} to {pm.most} cards aside face down "
                  "and draws as many from the top of the Bastille; then the Peasant does the "
                  f"same with {peasant.fewest} to {peasant.most}. Whatever is left in the "
                  "Bastille sits out the hand. You may look at your own set-aside cards, "
                  "not at your opponent's."),
        Paragraph("What may not be set aside.",
                  f"Some cards must stay in your hand: {kept_in}. The program will not "
                  "take them. In Marie, if "
                  "the Queen of Hearts is still in the Bastille once both have drawn, the "
                  "cards are dealt again and the hand is chosen afresh. JOKER drawn from the "
                  "Bastille never allows a coup."),
        Paragraph("Tricks.",
                  f"There are {duel.TRICKS_PER_HAND}. The Prime Minister leads the first, or "
                  "the Peasant in his coup; whoever leads it may not lead "
                  f"{no_lead}. Follow suit if you can; the highest card of the suit led wins "
                  "and its winner leads next."),
        Paragraph("JOKER.",
                  "It may be played at any time, even when you could follow suit. Leading "
                  "it, you name its suit (on the first trick, not a barred one). It wins "
                  "the trick unless the Ace of the suit led was played before it. It never "
                  "counts as a Spade, a Jack or a Queen."),
        Paragraph("Dominoes.",
                  "As in the game for three or four, with the ranks "
                  f"{ranks_words(duel.RANK_ORDER)} and JOKER as a 6: laid later it goes below a "
                  "7; laid first, its player names its suit and 6 is the starting rank. The "
                  "first player out wins. If neither can lay a card, fewer cards in hand "
                  "wins; with as many, the player who laid the first card."),
        Heading("The Prime Minister's chart"),
        Chart(tuple((t.label, f"{capitalized(duel.CHART[t].prime_ministers_goal)}.")
                    for t in HandType)),
        Heading("The Coup chart"),
        Chart(tuple((t.label, f"{capitalized(duel.CHART[t].coup_goal)}.") for t in HandType)),
        Paragraph("Scoring.",
                  "Each hand is worth one point. In the Prime Minister's hand, he scores it "
                  "if he meets his goal, else the Peasant does. In a coup, the Peasant "
                  "scores it if he succeeds, and is Prime Minister from the next hand; "
                  "else the Prime Minister scores it."),
        Paragraph("The game.",
                  f"{duel.ROUNDS} rounds of {duel.HANDS_PER_ROUND} hands, each type once a "
                  "round; the second round starts with the other player as Prime Minister. "
                  "More points wins. A tie is settled by one more hand: Dominoes, the first "
                  "round's first Prime Minister in office, with the Bastille and no coup."),
        Paragraph("At the table.",
                  "Click the cards to set aside (they rise), then confirm. Your own "
                  "set-aside cards lie face up above your name."),
    ]
    return Section(RULESET.id, "For two", "Coup d'État for two", tuple(blocks))
