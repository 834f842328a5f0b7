"""The rules of each game, one package a game, pure Python without I/O: they import only the
engine's kernel (game.engine.ruleset, errors, chronicle, values), the cards and the shared
helpers here (card_play, trick_taking, domino_rows, move_json, words). The games registry
(game/games) lists them by id."""
