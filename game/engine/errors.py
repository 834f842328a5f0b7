"""Errors the engine and the rules raise; their messages are meant for players."""


class IllegalMove(Exception):
    """A decision the rules refuse, with a reason a player understands."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedEntry(ValueError):
    """A JSON entry (a move, options, a deal) that is not of the expected shape."""


class SaveError(Exception):
    """A save file that cannot be loaded; the message says what is wrong."""
