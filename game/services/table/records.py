"""What a table keeps beyond the game: the autosave's trouble as last told (the notice of a
game not saved), and the finished game, recorded once in the persons' statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.services import stats
from game.services.session import GameSession


class Log(Protocol):
    """The game told in words at the table (the log panel)."""

    def add(self, line: str) -> None: ...

    def clear(self) -> None: ...


def played_online(session: GameSession) -> bool:
    """Is the game played with friends on other machines (hosted here, or a friend's)?"""
    return bool(session.elsewhere) or not session.keeps_game


class TableRecords:
    def __init__(self, session: GameSession, log: Log, say: Callable[[str, float], None], *,
                 recordable: bool) -> None:
        """`say`: a remark over the table for so many seconds. `recordable`: the game
        goes into the statistics when it ends (not a lesson's; a match at two tables is
        recorded whole, by `record_game`)."""
        self.session = session
        self.log = log
        self.say = say
        self.recordable = recordable
        self.unsaved: str | None = None  # the autosave's trouble, as last told
        self.recorded = False  # the finished game went into the statistics
        self.record_notice: str | None = None  # what recording it had to tell, if anything

    def watch_autosave(self) -> str | None:
        """The autosave's trouble now (None: the game is saved). Told at once in the log
        and over the table when the game could not be autosaved, and when it is again."""
        trouble = self.session.autosave_trouble()
        if trouble == self.unsaved:
            return trouble
        if trouble is not None:
            self.log.add(f"{trouble}. It is tried again at each decision; Save as… saves it "
                         "elsewhere.")
            self.say(f"{trouble}.", 8)
        else:
            self.log.add("Your game is saved again.")
        self.unsaved = trouble
        return trouble

    def leaving_loses(self) -> str | None:
        """What leaving now would lose: the game, when it could not be autosaved."""
        return self.session.autosave_trouble()

    def record_finished(self) -> None:
        """The finished game goes into the persons' statistics, once."""
        session = self.session
        if self.recorded or not self.recordable or not session.human_seats:
            return
        self.recorded = True
        table = stats.Table(session.ruleset.options_to_json(session.match.options),
                            session.seats, online=played_online(session),
                            persons=session.human_seats)
        self.record_game(stats.game_record(session.match, session.human_seats), table)

    def record_game(self, record: stats.GameRecord, table: stats.Table) -> None:
        """Add a finished game (this table's, or a whole match's) to the statistics and
        the history, and tell the table what their files made of it, if anything: a file
        kept aside, the game not recorded."""
        notice = stats.record_game(record, table=table)
        self.record_notice = notice  # the game over shows it too: it hides the line
        if notice is not None:
            self.log.add(notice)
            self.say(notice, 12)
