"""The game in progress: the one Continue carries on, which a loaded game or a new one
would take the place of; and how it is kept among the player's saves first, so that no
game is ever lost by starting another.

Not a screen but what several screens ask (Load, New game), so it lives beside them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from game.engine import saves
from game.engine.errors import SaveError
from game.engine.match import Match
from game.engine.tables import TablesMatch
from game.services import save_index
from game.services.catalogue import CATALOGUE
from game.services.session import GameSession
from game.services.tables import TablesSession
from game.system import paths

if TYPE_CHECKING:
    from game.ui.app import App


@dataclass(frozen=True)
class InProgress:
    """The unfinished game Continue carries on: the open table's, else the autosave's."""

    match: Match | TablesMatch
    seats: tuple[saves.Seat, ...]

    def same_game(self, saved: saves.Saved) -> bool:
        """Is `saved` this very game, at this very moment?"""
        return _moment(_match_of(saved)) == _moment(self.match)


def _match_of(saved: saves.Saved) -> Match | TablesMatch:
    return saved.tables if isinstance(saved, saves.SavedTables) else saved.match


def _moment(match: Match | TablesMatch) -> tuple[object, ...]:
    """A game and how far it has come: its rules, options and every table's decisions."""
    tables = match.matches if isinstance(match, TablesMatch) else (match,)
    return (match.ruleset.id, match.options, *(table.decisions for table in tables))


def game_in_progress(app: App) -> InProgress | None:
    """The game a loaded game would take the place of under Continue, if unfinished: the
    open table's, if it is the one the autosave keeps (a lesson's, or a finished game's
    loaded to be looked at, is not), else the autosave's."""
    wholes = [tables.session for scene in app.scenes  # a match at two tables
              if (tables := getattr(scene, "tables", None)) is not None]
    for session in [*wholes, *(getattr(scene, "session", None) for scene in reversed(app.scenes))]:
        if isinstance(session, GameSession | TablesSession) and session.autosave is not None \
                and not session.over:
            return InProgress(session.match, session.seats)
    try:
        saved, _, _ = saves.read_first(paths.autosave_paths(), catalogue=CATALOGUE)
    except SaveError:
        return None
    return None if saved.over else InProgress(_match_of(saved), saved.seats)


def kept_name(moment: datetime | None = None) -> str:
    """The name a game in progress is kept under when another game takes its place ("Game
    left on 3 May at 14:05"), numbered when a save has that name already (two games left
    in one minute: "… (2)")."""
    when = moment or datetime.now()
    name = f"Game left on {when.day} {when:%b} at {when:%H:%M}"
    taken = {entry.title for entry in save_index.list_saves([(paths.saves_dir(), False)])}
    return next(numbered for count in itertools.count(1)
                if (numbered := name if count == 1 else f"{name} ({count})") not in taken)


def keep_in_saves(game: InProgress, name: str) -> paths.Path:
    """Write the game in progress among the player's saves, under `name`."""
    path = save_index.new_save_path(name)
    saves.write(path, game.match, game.seats, name=name)
    return path
