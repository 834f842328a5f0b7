"""The table for the game for two."""
