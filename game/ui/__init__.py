"""Everything pygame: the window, its scenes, the table, the art. The UI only reads views
and submits decisions; it never changes the game in any other way."""
