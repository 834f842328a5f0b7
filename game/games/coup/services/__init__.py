"""The bluffing games (Coup, the Inquisitor): their records, their tally of simulated
games, their rules pages."""
