"""The rules of Coup d'État (1966) for players: the two charts, then the game from the
deal to the winner, every figure read from the charts the rules use."""

from __future__ import annotations

from game.games.coup_detat.rules import RULESET
from game.games.coup_detat.rules import charts as classic
from game.games.coup_detat.rules.narration import francs
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

AT_THE_1966_TABLE = (
    "Click a highlighted card, or use the arrows and Enter. Ctrl+Z undoes your last decision "
    "(never past a deal), Ctrl+Y redoes, Ctrl+S saves, Esc opens the menu, F11 switches full "
    "screen. A click skips an animation.")


def section() -> Section:
    """The 1966 game: its two charts first (what a player at that table looks up most),
    then the game from the deal to the winner."""
    HandType = classic.HandType
    four, three = classic.deck_for(4), classic.deck_for(3)
    hands, short_hands = classic.HANDS_PER_ROUND[False], classic.HANDS_PER_ROUND[True]
    left_out = [t.label for t in HandType if t not in classic.SHORT_GAME_TYPES]
    barred = "; ".join(
        f"in {t.label}, no {' and no '.join(suit.singular for suit in in_suit_order(suits))}"
        for t, suits in classic.FIRST_LEAD_FORBIDDEN.items())
    hidden = [t for t in HandType if t in classic.HIDDEN_COUP_TYPES]
    failures = {line.failure for line in classic.COUP_CHART.values()}
    failure = francs(failures.pop()) if len(failures) == 1 else "the Coup chart's failure"
    removed = join(f"{rank}s" for rank in reversed(classic.TRICK_ORDER)
                    if rank in classic.THREE_PLAYER_REMOVED)
    blocks: list[Block] = [
        Heading("The Director's chart"),
        Paragraph("", "In a hand the Director names, each other player pays him for what "
                      "this chart charges: the cards and tricks he takes, or in Dominos "
                      "being last out. The Director himself pays nothing."),
        Chart(tuple((t.label, f"{classic.DIRECTORS_GOALS[t]}. You pay the Director for "
                              f"{classic.describe_penalties(t)}.") for t in HandType)),
        Heading("The Coup chart"),
        Paragraph("", "In a coup, the player attempting it must reach the goal of the hand "
                      "he named. If he does, each other player pays him the reward; if not, "
                      "he pays into the Treasury."),
        Chart(tuple((t.label, f"{capitalized(line.goal)}. Success: "
                              f"{francs(line.reward)} from each other player. "
                              f"Failure: {francs(line.failure)} to the Treasury.")
                    for t, line in classic.COUP_CHART.items())),
        Heading("The game"),
        Paragraph("Players and cards.",
                  f"Three or four players. With four, the pack has {len(four.cards)} cards: "
                  f"{ranks_words(classic.TRICK_ORDER)} in each suit, and the COUP card. With "
                  f"three, the {removed} are taken out, which leaves {len(three.cards)}. No "
                  "suit is worth more than another."),
        Paragraph("Money.", f"Everyone starts with {classic.STARTING_CASH:,} francs."),
        Paragraph("The first Director.",
                  "Each player draws a card. The highest becomes Director (in trick order, "
                  "with COUP above everything); players tied for highest draw again."),
        Paragraph("Rounds.",
                  f"A game has as many rounds as there are players. A round is {hands} "
                  "hands, one of each type on the charts, chosen one at a time as the round "
                  "goes: a type played in a round, in a coup or not, cannot be chosen again "
                  "in it. The next "
                  "round's Director is the player to the left of whoever was Director when "
                  "the previous round began."),
        Paragraph("Short game.",
                  f"An option: {join(left_out)} are left out, and a round is any "
                  f"{short_hands} of the other {len(classic.SHORT_GAME_TYPES)} types."),
        Paragraph("The deal.",
                  f"The Director deals {four.hand_size} cards to each player and one more "
                  "face down in the middle: the centre card. If the centre card is COUP, "
                  "the cards are shuffled and dealt again."),
        Paragraph("The COUP card.",
                  "Everyone is told who was dealt COUP, and he decides first. He may attempt "
                  "a coup: he chooses a type not yet played this round and leads the first "
                  "trick (the Director may do this too). Or he declines: COUP sits out this "
                  "hand, he takes the centre card into his hand, and the Director chooses "
                  "the type and leads."),
        Paragraph("Tricks.",
                  f"Every hand but Dominos is {four.tricks_per_hand} tricks, and all of them "
                  "are played. Play goes "
                  "to the left. Follow the suit led if you can; if you cannot, play any card. "
                  "The highest card of the suit led wins the trick, in the order "
                  f"{ranks_words(classic.TRICK_ORDER)} (the 10 comes right after the Ace), and "
                  "the winner leads the next trick."),
        Paragraph("The Director's first lead.",
                  "In his own hand, the Director may not lead certain suits to the first "
                  f"trick: {barred}. If his hand holds nothing else, he leads what he likes. "
                  "A player leading his coup has no such limit."),
        Paragraph("COUP in play.",
                  "In a coup hand, COUP is wild. Its holder may play it to any trick, even "
                  "when he could follow suit; if he leads it, he names the suit the others "
                  "must follow. It takes the trick, unless the Ace of the suit led was "
                  "played to that trick before it: then the Ace does. The centre card goes "
                  "with the first trick, face up, to whoever wins it."),
        Paragraph("Dominos.",
                  "No tricks: the cards are laid out in a row per suit, ranked "
                  f"{ranks_words(classic.DOMINOS_ORDER)}. In a coup Dominos the coup player first "
                  "swaps COUP for the centre card. The leader lays any card, and its rank is "
                  "the starting rank. Then each player in turn to the left lays one card: "
                  "the rank just above or just below an end of a row already begun, or the "
                  "starting rank of a suit not begun yet. If you can lay a card you must; "
                  "if you cannot, you pass."),
        Paragraph("Ace on a King.",
                  "Whoever lays an Ace next to a King may go on laying cards, one at a time, "
                  "as long as he has one that fits, and stop when he likes."),
        Paragraph("Out of cards.",
                  "A player who lays his last card is out, and the others play on. The first "
                  "to empty his hand is first out. The hand ends when only one player holds "
                  "cards: he is last out."),
        Paragraph("Paying in a Director's hand.",
                  "When the hand ends, each other player pays the Director what the "
                  "Director's chart charges for the cards and tricks he took (in Dominos, "
                  "for being last out). In Guillotine every line counts, so the Queen of "
                  "Spades is paid for twice: as a Queen and as a Spade."),
        Paragraph("Paying in a coup.",
                  "Nobody pays the Director's chart in a coup hand. If the coup succeeds, "
                  "each other player pays the coup player the Coup chart's reward, he takes "
                  "the Treasury, and he becomes (or stays) Director. If it fails, he pays "
                  f"{failure} into the Treasury and the Director stays."),
        Paragraph("Hidden coup.",
                  f"In a Director's {join((t.label for t in hidden), 'or')}, a player other "
                  "than the Director who reaches that hand's coup goal without announcing "
                  "anything is paid as for a coup: he pays nothing, receives "
                  "the Coup chart's reward from each other player ("
                  + ", ".join(f"{francs(classic.COUP_CHART[t].reward)} in {t.label}"
                              for t in hidden) + "), takes the Treasury and becomes Director. The "
                  "program notices it when the hand ends."),
        Paragraph("The Treasury.",
                  "Failed coups pay into it. The first successful coup, announced or hidden, "
                  "empties it. Whatever it holds when the last hand of a round is settled "
                  "goes to the Director then in office."),
        Paragraph("Borrowing.",
                  "A player who must pay more than his cash borrows the difference, rounded "
                  f"up to whole {classic.LOAN_UNIT:,}s, from the other player with the most "
                  "cash (on a tie, the one nearer his left). He owes "
                  f"{classic.LOAN_OWED_PER_UNIT:,} for each {classic.LOAN_UNIT:,} "
                  "borrowed. Until he has repaid, half of everything he receives (rounded "
                  "down) goes straight to his lender, the oldest debt first."),
        Paragraph("The winner.",
                  "At the end, a player's worth is his cash, less what he still owes, plus "
                  "what others still owe him. The highest worth wins; equal worths share "
                  "the win."),
        Paragraph("Six to eight players.",
                  "Play at two tables, with a pack each: six as three and three, seven as "
                  "four and three, eight as four and four, seats drawn by lot. Each table "
                  "plays a whole game of its own, with its own Treasury and loans, and no "
                  "money crosses between them. When both have finished, the highest worth "
                  "at either table wins. Choose six, seven or eight players in New game to "
                  "play so: the screen goes from table to table."),
        Paragraph("At the table.", AT_THE_1966_TABLE),
    ]
    return Section(RULESET.id, "Coup d'État", "Coup d'État (Parker Brothers, 1966)",
                   tuple(blocks), heading_on_screen=False)
