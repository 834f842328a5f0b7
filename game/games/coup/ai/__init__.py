"""Computer players for the bluffing games: Coup with the Ambassador, and with the Inquisitor."""
