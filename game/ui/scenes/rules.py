"""The rules at the table: both charts and a summary of RULES.md section 1, then the game for
two (section 2) with its charts; at the table for two, that game first. The figures come
from the charts the rules use, so the page cannot disagree with the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygame import Rect
from pygame_gui.elements import UITextBox

from game.rules.coup_bluff import charts as bluff
from game.rules.coup_detat.charts import (
    COUP_CHART,
    DIRECTORS_GOALS,
    LOAN_OWED_PER_UNIT,
    LOAN_UNIT,
    STARTING_CASH,
    HandType,
    describe_penalties,
)
from game.rules.coup_detat_duel import charts as duel
from game.ui.scenes.common import MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

DUEL = "coup-detat-duel"


def rules_html() -> str:
    director = "".join(
        f"<b>{t.label}</b>: {DIRECTORS_GOALS[t]}. You pay the Director for "
        f"{describe_penalties(t)}.<br>"
        for t in HandType)
    coup = "".join(
        f"<b>{t.label}</b>: {COUP_CHART[t].goal}. Success: {COUP_CHART[t].reward} from each "
        f"player. Failure: {COUP_CHART[t].failure} to the Treasury.<br>" for t in HandType)
    return (
        "<font size=5><b>The Director's chart</b></font><br>" + director +
        "<br><font size=5><b>The Coup chart</b></font><br>" + coup +
        "<br><font size=5><b>The game</b></font><br>"
        f"Each player starts with {STARTING_CASH:,} francs. There are as many rounds as "
        "players; a round is six hands, one of each type (three in the short game, which "
        "leaves out Barbu and Touché). The Director deals eight cards each and one face down "
        "to the centre (for three players the 7s and 8s are out). If COUP is the centre "
        "card, the cards are dealt again.<br><br>"
        "<b>The COUP card.</b> Its holder is announced. He may attempt a coup: he names a "
        "hand type not yet played this round and leads the first trick; COUP is wild, "
        "beating everything except the Ace of the suit led played before it. The centre "
        "card goes with the first trick. If he achieves the goal, every other player pays "
        "him, he takes the Treasury and becomes Director; if not, he pays the Treasury. "
        "Or he declines: COUP leaves play, he takes the centre card, and the Director names "
        "the hand and leads.<br><br>"
        "<b>Tricks.</b> Follow suit if you can. The order is Ace, 10, King, Queen, Jack, 9, "
        "8, 7. In his own Barbu the Director may not lead a Heart first; in Siege no Spade; "
        "in Guillotine neither (unless he holds nothing else).<br><br>"
        "<b>Dominos.</b> The first card sets the starting rank. Then each player in turn lays "
        "one card next higher or next lower on a started suit (order A K Q J 10 9 8 7), or "
        "the starting rank of a new suit; if you can, you must, else you pass. An Ace laid "
        "on a King lets you go on laying cards as long as you like. Play goes on until one "
        "player holds cards: he is last out.<br><br>"
        "<b>Hidden coup.</b> In the Director's Waterloo, Siege or Guillotine, a player who "
        "takes all that the coup would require is paid as for a coup and becomes "
        "Director.<br><br>"
        "<b>Money.</b> The Treasury holds failed coups' payments; the first successful coup "
        "takes it, else the Director at the end of the round. A player short of cash "
        f"borrows in whole thousands from the richest other player and owes "
        f"{LOAN_OWED_PER_UNIT} for each {LOAN_UNIT}; half of everything he receives repays "
        "his lender. Final worth is cash less debts plus loans: the highest wins.<br><br>"
        "<b>At the table.</b> Click a highlighted card, or use the arrows and Enter. Ctrl+Z "
        "undoes your last decision (never past a deal), Ctrl+Y redoes, Ctrl+S saves, Esc "
        "opens the menu, F11 switches full screen. A click skips an animation."
    )


def duel_rules_html() -> str:
    """The game for two: both charts, the deal, the Bastille, the wild JOKER, scoring."""
    prime_minister = "".join(f"<b>{t.label}</b>: {duel.CHART[t].prime_ministers_goal}.<br>"
                             for t in duel.HandType)
    coup = "".join(f"<b>{t.label}</b>: {duel.CHART[t].coup_goal}.<br>" for t in duel.HandType)
    limits = duel.EXCHANGE_LIMITS
    pm, peasant = limits[duel.Role.PRIME_MINISTER], limits[duel.Role.PEASANT]
    return (
        "<font size=5><b>Coup d'État for two</b></font><br>"
        f"{len(duel.DECK)} cards: A K Q J 10 9 8 7 in each suit and JOKER. The players cut "
        "for Prime Minister (JOKER highest); the other is the Peasant. The Prime Minister "
        f"deals {duel.HAND_SIZE} cards each and {duel.BASTILLE_SIZE} face down: the "
        "Bastille.<br><br>"
        "<b>The hand.</b> A Peasant holding JOKER may announce it: he must then try a coup "
        "in a hand type not yet played this round. Otherwise the Prime Minister names the "
        "hand.<br><br>"
        f"<b>The Bastille.</b> The Prime Minister sets aside {pm.fewest} to {pm.most} cards "
        f"and draws as many from the top; then the Peasant {peasant.fewest} to "
        f"{peasant.most}. Never the Queen of Hearts in Marie, a Spade in Siege, a Jack in "
        "Waterloo. You may look at your own set-aside cards. In Marie, if the Queen of "
        "Hearts stays in the Bastille, the hand is dealt again.<br><br>"
        "<b>Tricks.</b> Twelve of them; follow suit if you can. JOKER may be played at any "
        "time as the highest card of the suit led (above the Ace only when led: then you "
        "name its suit). In Dominoes JOKER is a 6.<br><br>"
        "<font size=4><b>The Prime Minister's chart</b></font><br>" + prime_minister +
        "<br><font size=4><b>The Coup chart</b></font><br>" + coup +
        "<br>Each hand gives one point: to the Prime Minister if he meets his goal, else to "
        "the Peasant; in a coup to the Peasant if he succeeds (he becomes Prime Minister), "
        f"else to the Prime Minister. {duel.ROUNDS} rounds of {duel.HANDS_PER_ROUND} hands; "
        "most points wins, a tie is settled by one more hand of Dominoes.<br><br>"
        "<b>At the table.</b> Click the cards to set aside (they rise), then confirm. Your "
        "own set-aside cards lie face up above your name."
    )


def bluff_rules_html(variant: bluff.Variant) -> str:
    """A bluffing game: the card of its five characters, the actions anyone may take,
    challenges and blocks (RULES.md sections 3 and 4)."""
    characters = "".join(
        f"<b>{c.label}</b> ({variant.cards[c].value}): {bluff.ABILITIES[c]}<br>"
        for c in variant.characters)
    reveal = ("the challenged player shows a face-down card of his choice: if it is the "
              "claimed character the challenger loses an influence, else he loses the card "
              "shown" if variant.reveal_any_card else
              "the claimant shows the claimed card (the challenger then loses an influence, "
              "and the card is shuffled back and replaced) or loses an influence, and the "
              "claim fails")
    two = ("<b>Two players.</b> Call the Coup: a Coup names a character and misses if the "
           "target does not hold it. Five lives: the first three lost cards are replaced."
           if variant.two_player_options else
           "<b>Two players.</b> The alternative deal: each keeps one card of a set of the five "
           "characters.")
    return (
        f"<font size=5><b>{variant.title}</b></font><br>"
        f"{bluff.COPIES} of each character; each player gets {bluff.HAND_SIZE} face down "
        f"(influences) and {bluff.STARTING_COINS} coins. The last player with influence "
        "wins.<br><br><font size=4><b>The characters</b></font><br>" + characters +
        "<br><b>Anyone, any turn.</b> Income: take 1 coin. Foreign aid: take 2 (a Duke may "
        f"block it). Coup: pay 7, a player loses an influence; at {bluff.MUST_COUP_AT} coins "
        "you must.<br><br>"
        "<b>Claims.</b> Any character's action or block may be claimed, held or not. Anyone "
        f"may challenge a claim: {reveal}. A failed action's cost is refunded.<br><br>"
        f"{two}<br><br>"
        "<b>At the table.</b> Every decision is a button; a claim you would make without "
        "the card is marked (bluff). With several persons at one screen, each decides "
        "behind the pass screen."
    )


class RulesScene(MenuScene):
    title = "The rules"
    subtitle = "Coup d'État, Parker Brothers 1966, the game for two, and Coup"

    def __init__(self, app: App, ruleset_id: str = "coup-detat") -> None:
        super().__init__(app)
        self.ruleset_id = ruleset_id

    def enter(self) -> None:
        scale = self.scale
        width, height = self.app.size
        area = Rect(round(width * 0.08), round(130 * scale), round(width * 0.84),
                    height - round(210 * scale))
        pages = [rules_html(), duel_rules_html(), *(bluff_rules_html(variant) for variant in
                                                   (bluff.COUP, bluff.INQUISITOR))]
        first = {DUEL: 1, bluff.COUP.id: 2, bluff.INQUISITOR.id: 3}.get(self.ruleset_id, 0)
        pages.insert(0, pages.pop(first))
        self.keep(UITextBox("<br><br>".join(pages), area, manager=self.app.ui))
        back = Rect(0, area.bottom + round(14 * scale), round(200 * scale), round(44 * scale))
        back.centerx = width // 2
        self.button(back, "Back", self.back)
