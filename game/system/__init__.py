"""Talking to the machine: files written safely and read warily, the player's folders, the
shipped resources, crash reports and the desktop entry. Nothing here knows a game."""
