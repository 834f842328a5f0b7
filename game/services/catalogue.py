"""What the program knows when it reads a save: every registered game's rules and every
computer level a seat may name. The engine reads saves without knowing any game; it is
handed this."""

from game.ai.levels import SAVED_LEVELS
from game.engine.saves import Catalogue
from game.games import GAMES, RULESETS

CATALOGUE = Catalogue(RULESETS, SAVED_LEVELS, {
    game_id: game.tables.sizes for game_id, game in GAMES.items() if game.tables is not None})
