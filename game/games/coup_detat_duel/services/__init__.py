"""Coup d'État for two: its records, its tally of simulated games, its rules page."""
