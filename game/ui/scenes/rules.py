"""The rules at the table: both charts and a summary of RULES.md section 1. The figures
come from the charts the rules use, so the page cannot disagree with the game."""

from __future__ import annotations

from pygame import Rect
from pygame_gui.elements import UITextBox

from game.rules.coup_detat.charts import (
    COUP_CHART,
    DIRECTORS_GOALS,
    LOAN_OWED_PER_UNIT,
    LOAN_UNIT,
    STARTING_CASH,
    HandType,
    describe_penalties,
)
from game.ui.scenes.common import MenuScene


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


class RulesScene(MenuScene):
    title = "The rules"
    subtitle = "Coup d'État, Parker Brothers 1966"

    def enter(self) -> None:
        scale = self.scale
        width, height = self.app.size
        area = Rect(round(width * 0.08), round(130 * scale), round(width * 0.84),
                    height - round(210 * scale))
        self.keep(UITextBox(rules_html(), area, manager=self.app.ui))
        back = Rect(0, area.bottom + round(14 * scale), round(200 * scale), round(44 * scale))
        back.centerx = width // 2
        self.button(back, "Back", self.back)
