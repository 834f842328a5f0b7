"""The table's kit for Coup d'État (1966), for 3 or 4 players."""
