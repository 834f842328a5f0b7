"""Coup d'État (1966): its records, its tally of simulated games, its rules page."""
