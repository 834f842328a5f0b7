"""Computer players for the bluffing games, `coup` and `coup-inquisitor`."""
