"""The searching Veteran: a sparring player of the bluffing games that searches as Hard
does (positions imagined from its view and the claims heard, each decision played out)
but whose favourite decision, memory, card choices and play-outs are the Veteran's
(veteran.py), every opponent imagined playing like the Veteran. Not shipped, not a level:
the second partner stronger than Medium, of another kind than the Veteran alone."""

from __future__ import annotations

from benchmarks.sparring.veteran import VeteranPlayer
from game.games.coup.ai.hard import HardPlayer


class VeteranSearch(HardPlayer):
    minds_habits = False
    heuristic = VeteranPlayer
