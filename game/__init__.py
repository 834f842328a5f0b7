"""Coup d'État: an offline card table for Coup d'État (1966) and its cousins."""

__version__ = "0.1.0"
