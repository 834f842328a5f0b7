"""The rules-agnostic engine: decisions become events, the state is their fold.

Its kernel (ruleset.py, errors.py, chronicle.py, values.py) is what every game's rules
implement and import; match.py, saves.py and follower.py run a game on it, and are handed
the rules they run (the engine never imports a game)."""
