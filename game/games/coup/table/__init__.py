"""The table of the bluffing games (Coup, Coup with the Inquisitor)."""
