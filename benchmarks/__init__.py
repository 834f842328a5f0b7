"""Benchmarks and soaks: not run by the tests, not shipped. Each is run from the checkout
as a module, `python -m benchmarks.NAME [options]` (`--help` says which), so that it imports
the game and its fellow benchmarks as they are, without the game being installed."""
