"""The rules of the four games and the computer players' levels, as structured text: a
section for each game (its id is the ruleset's) and one for the levels, each a list of
blocks (headings, paragraphs with a bold lead-in, chart lines). Two renderers: `html` for
the Rules screen (pygame-gui's UITextBox markup: <b>, <br>, <font size=N>) and `markdown`
for docs/RULES.md. The figures come from the charts the rules use, so neither the screen
nor the document can disagree with the game.

No pygame here: `python -m game.services.rules_text > docs/RULES.md` regenerates the document, and a
test checks that it is up to date."""

from __future__ import annotations

import io
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from game.cards import Suit
from game.rules.coup_bluff import charts as bluff
from game.rules.coup_detat import charts as classic
from game.rules.coup_detat_duel import charts as duel

REGENERATE = "python -m game.services.rules_text > docs/RULES.md"
"""The command that writes docs/RULES.md from this module."""


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Paragraph:
    lead: str  # in bold before the text ("The deal."); may be empty
    text: str


@dataclass(frozen=True)
class Chart:
    """Chart lines or a list: each a label in bold and its text."""

    lines: tuple[tuple[str, str], ...]


Block = Heading | Paragraph | Chart


@dataclass(frozen=True)
class Section:
    id: str  # the ruleset's id, or LEVELS
    title: str  # its name in the table of contents
    heading: str  # its name as a heading
    blocks: tuple[Block, ...]
    heading_on_screen: bool = True  # False: the screen opens on the first block


DUEL = "coup-detat-duel"
LEVELS = "levels"


def _join(words: Iterable[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _suits(suits: Iterable[Suit]) -> list[Suit]:
    """Suits in their usual order (S H D C), whatever the set's."""
    return sorted(suits, key=list(Suit).index)


def _ranks(ranks: Iterable[object]) -> str:
    return " ".join(str(rank) for rank in ranks)


def _francs(amount: int) -> str:
    return f"{amount:,} F"


AT_THE_1966_TABLE = (
    "Click a highlighted card, or use the arrows and Enter. Ctrl+Z undoes your last decision "
    "(never past a deal), Ctrl+Y redoes, Ctrl+S saves, Esc opens the menu, F11 switches full "
    "screen. A click skips an animation.")


def _coup_detat() -> Section:
    """The 1966 game: its two charts first (what a player at that table looks up most),
    then the game from the deal to the winner."""
    HandType = classic.HandType
    four, three = classic.deck_for(4), classic.deck_for(3)
    hands, short_hands = classic.HANDS_PER_ROUND[False], classic.HANDS_PER_ROUND[True]
    left_out = [t.label for t in HandType if t not in classic.SHORT_GAME_TYPES]
    barred = "; ".join(
        f"in {t.label}, no {' and no '.join(suit.singular for suit in _suits(suits))}"
        for t, suits in classic.FIRST_LEAD_FORBIDDEN.items())
    hidden = [t for t in HandType if t in classic.HIDDEN_COUP_TYPES]
    failures = {line.failure for line in classic.COUP_CHART.values()}
    failure = _francs(failures.pop()) if len(failures) == 1 else "the Coup chart's failure"
    removed = _join(f"{rank}s" for rank in reversed(classic.TRICK_ORDER)
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
        Chart(tuple((t.label, f"{line.goal}. Success: {_francs(line.reward)} from each "
                              f"other player. Failure: {_francs(line.failure)} to the Treasury.")
                    for t, line in classic.COUP_CHART.items())),
        Heading("The game"),
        Paragraph("Players and cards.",
                  f"Three or four players. With four, the pack has {len(four.cards)} cards: "
                  f"{_ranks(classic.TRICK_ORDER)} in each suit, and the COUP card. With "
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
                  f"An option: {_join(left_out)} are left out, and a round is any "
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
                  f"{_ranks(classic.TRICK_ORDER)} (the 10 comes right after the Ace), and "
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
                  f"{_ranks(classic.DOMINOS_ORDER)}. In a coup Dominos the coup player first "
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
                  f"In a Director's {_join((t.label for t in hidden), 'or')}, a player other "
                  "than the Director who reaches that hand's coup goal without announcing "
                  "anything is paid as for a coup: he pays nothing, receives "
                  "the Coup chart's reward from each other player ("
                  + ", ".join(f"{_francs(classic.COUP_CHART[t].reward)} in {t.label}"
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
                  "at either table wins. This program seats one table of three or four."),
        Paragraph("At the table.", AT_THE_1966_TABLE),
    ]
    return Section("coup-detat", "Coup d'État", "Coup d'État (Parker Brothers, 1966)",
                   tuple(blocks), heading_on_screen=False)


def _duel() -> Section:
    """The game for two: the deal, the Bastille, JOKER, both charts, scoring."""
    HandType, Role = duel.HandType, duel.Role
    pm, peasant = (duel.EXCHANGE_LIMITS[role] for role in (Role.PRIME_MINISTER, Role.PEASANT))
    kept_in = ", ".join(f"{line.not_to_set_aside_words} in {t.label}"
                        for t, line in duel.CHART.items() if line.not_to_set_aside_words)
    no_lead = _join((f"a {_join((s.singular for s in _suits(line.no_first_lead)), 'or')} "
                     f"in {t.label}" for t, line in duel.CHART.items() if line.no_first_lead),
                    "or")
    blocks: list[Block] = [
        Paragraph("The cards.",
                  f"{len(duel.DECK)} cards: {_ranks(duel.RANK_ORDER)} in each suit, ranked in "
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
                  f"{_ranks(duel.RANK_ORDER)} and JOKER as a 6: laid later it goes below a "
                  "7; laid first, its player names its suit and 6 is the starting rank. The "
                  "first player out wins. If neither can lay a card, fewer cards in hand "
                  "wins; with as many, the player who laid the first card."),
        Heading("The Prime Minister's chart"),
        Chart(tuple((t.label, f"{duel.CHART[t].prime_ministers_goal}.") for t in HandType)),
        Heading("The Coup chart"),
        Chart(tuple((t.label, f"{duel.CHART[t].coup_goal}.") for t in HandType)),
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
    return Section(DUEL, "For two", "Coup d'État for two", tuple(blocks))


def _bluff(variant: bluff.Variant) -> Section:
    """A bluffing game: the deal, its characters, the actions, challenges and blocks."""
    Action, Character = bluff.Action, bluff.Character
    rule = variant.rule
    steal_blockers = _join((f"the {c.label}" for c in rule(Action.STEAL).blockers), "or")
    coup = rule(Action.COUP).cost
    blocks: list[Block] = []
    if variant is bluff.INQUISITOR:
        old, new = bluff.COUP.cards, variant.cards
        moved = _join(f"the {c.label} is a {new[c].word}" for c in new if c in old
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


def _levels() -> Section:
    """The computer players' levels and the hint, in every game."""
    return Section(LEVELS, "Computer players", "The computer players", (
        Paragraph("", "Each seat at the table is a person or the computer, at one of three "
                      "levels; every game has all three."),
        Paragraph("Easy", "is a beginner: he knows the obvious moves (follow low under a "
                          "winning card, claim the characters he holds) and now and then "
                          "plays anything at all. He plays at once."),
        Paragraph("Medium", "plays by the playing tips and counts: the cards played, the "
                            "voids shown, the claims heard. He plays at once."),
        Paragraph("Hard", "thinks about a second a decision: he imagines hundreds of deals "
                          "that fit everything he has seen, tries each of his choices in "
                          "every one, plays them out and keeps the choice that does best on "
                          "average."),
        Paragraph("Hints.", "Press H, or the Hint button, on your turn: Hard says what he "
                            "would do and why, and how the next best choice compares. When "
                            "two choices are within the search's noise he says they are "
                            "about as good."),
    ))


SECTIONS: dict[str, Section] = {section.id: section for section in (
    _coup_detat(), _duel(), _bluff(bluff.COUP), _bluff(bluff.INQUISITOR), _levels())}
"""The sections, in the order of the table of contents."""

CONTENTS = {section.id: section.title for section in SECTIONS.values()}
"""The table of contents: each game's section (its ruleset id), then the levels."""


def html(section: str) -> str:
    """A section for the Rules screen: its name large (unless it opens on its first block),
    headings a size below it, blank lines between blocks."""
    part = SECTIONS[section]
    size = 4 if part.heading_on_screen else 5
    out = [f"<font size=5><b>{escape(part.heading, quote=False)}</b></font><br>"
           if part.heading_on_screen else ""]
    after_heading = part.heading_on_screen
    for block in part.blocks:
        if out[-1] and not after_heading:
            out.append("<br>")
        if isinstance(block, Heading):
            out.append(f"<font size={size}><b>{escape(block.text, quote=False)}</b></font><br>")
        elif isinstance(block, Paragraph):
            lead = f"<b>{escape(block.lead, quote=False)}</b> " if block.lead else ""
            out.append(f"{lead}{escape(block.text, quote=False)}<br>")
        else:
            out.append("".join(f"<b>{escape(label, quote=False)}</b>: "
                               f"{escape(text, quote=False)}<br>" for label, text in block.lines))
        after_heading = isinstance(block, Heading)
    return "".join(out).removesuffix("<br>")


def _wrap(text: str, first: str = "", rest: str = "") -> str:
    return "\n".join(textwrap.wrap(text, 92, initial_indent=first, subsequent_indent=rest,
                                   break_long_words=False, break_on_hyphens=False))


def markdown() -> str:
    """The whole document, docs/RULES.md: a heading a section, its headings below it."""
    out = [
        "# The rules of the games",
        "*Generated from `game/services/rules_text.py`, which also writes the game's Rules "
        f"screen: do not edit by hand. To regenerate: `{REGENERATE}`*",
        _wrap("The four games as this program plays them, written for players, then its "
              "computer players. Our readings of the finer cases, where a printed rule "
              "leaves something open, are in [RULES_NOTES.md](RULES_NOTES.md)."),
    ]
    for part in SECTIONS.values():
        out.append(f"## {part.heading}")
        for block in part.blocks:
            if isinstance(block, Heading):
                out.append(f"### {block.text}")
            elif isinstance(block, Paragraph):
                out.append(_wrap(f"**{block.lead}** {block.text}" if block.lead else block.text))
            else:
                out.append("\n".join(_wrap(f"**{label}**: {text}", "- ", "  ")
                                     for label, text in block.lines))
    return "\n\n".join(out) + "\n"


def main() -> None:
    """Write the document to standard output, in UTF-8 with \\n line ends on every system."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8", newline="\n")
    sys.stdout.write(markdown())


if __name__ == "__main__":
    main()
