"""The sparring partner of Hard: an information-set Monte Carlo tree search (ismcts.py)
over each game's fast simulator or rules (adapters.py), a player of every game
(partner.py), and the runs that seat it against Hard at equal processor time (measure.py;
`python -m benchmarks.sparring`, run from the checkout). Not shipped, not a level: the
outside yardstick that says whether Hard is strong, not just stronger than our own Medium.
The bluffing games' Veteran (veteran.py) is a partner of another kind: a belief-tracking
heuristic player, no search.
"""
