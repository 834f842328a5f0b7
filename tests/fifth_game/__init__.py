"""A fifth game, written as any game is added: its own packages (here one package for
brevity: rules, players, formats, records) and one `Game` entry (entry.py). The tests
register it and run it through the program's shared parts, none of which knows it."""
