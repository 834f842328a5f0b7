"""Laying cards as the fast simulators of the 1966 game and the game for two number it (as
game/rules/card_play.py is the decisions they share): a move is a card's number, or one of
the Dominos moves that lay none; a suit is its index, or none named."""

from __future__ import annotations

from game.cards import Suit

NO_SUIT = 4
PASS, STOP = -1, -2  # Dominos moves that lay no card
RUN_STOP_CHANCE = 0.25  # how often a random playout stops an Ace-on-King run
SUITS = list(Suit)
