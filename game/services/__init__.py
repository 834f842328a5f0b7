"""What the screens and commands use to run games: a game at the table (session, settings,
the last setup), runs of games (simulate, tally, replay) and records (statistics, the save
index, the rules text)."""
