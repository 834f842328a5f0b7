"""The computer players of Coup d'État for two: what a seat can know (knowledge.py), the
deals it cannot rule out (worlds.py), a fast simulator of a hand's play (fastsim.py), and
the three levels (easy.py, medium.py, hard.py)."""
