"""The computer players of Coup d'État (1966): what a seat can know (knowledge.py), the deals
it cannot rule out (worlds.py), reading a trick (tactics.py), a fast simulator of a hand
(fastsim.py), and the three levels (easy.py, medium.py, hard.py)."""
