"""Sitting at a saved game's table: what Continue, Load and the crash screen's way back share.

These are not screens but what several screens do, so they live beside the screens and
open the table by name: no screen imports another to carry on a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from game.engine import saves
from game.engine.errors import SaveError
from game.games import table_games
from game.services import save_index
from game.services.catalogue import CATALOGUE
from game.services.session import GameSession
from game.services.table.controller import TableController
from game.services.tables import TablesSession
from game.system import paths
from game.ui import screens

if TYPE_CHECKING:
    from pathlib import Path

    from game.ui.app import App


def can_continue() -> bool:
    """An autosave that looks loadable and is not of a finished game: the newest such one
    decides (an older one of a finished game must not revive it)."""
    for path in paths.autosave_paths():
        if path.exists():
            entry = save_index.read_entry(path, replay=False)
            if entry.problem is None:
                return not entry.over
    return False


def resume(app: App, path: Path) -> str | None:
    """Load a save and sit at its table; the reason when the file cannot be loaded."""
    return resume_first(app, [path])


def resume_autosave(app: App) -> str | None:
    """Sit at the newest autosave that loads; the reasons when none does."""
    return resume_first(app, paths.autosave_paths())


def resume_first(app: App, candidates: list[Path]) -> str | None:
    try:
        saved, path, skipped = saves.read_first(candidates, catalogue=CATALOGUE)
    except SaveError as error:
        return str(error)
    return sit_at(app, saved, skipped, autosaved=path == paths.autosave_path())


def sit_at(app: App, saved: saves.Saved, skipped: Sequence[str] = (), *,
           autosaved: bool = False) -> str | None:
    """Sit at a loaded game's table (a match at two tables: at the one to play); why not,
    when the table cannot show its game. A finished game is only looked at: it takes no
    autosave, so Continue still carries on the game in progress. `autosaved`: the game is
    the newest autosave's, which need not be written again at once."""
    if all(game.id != saved.ruleset.id for game in table_games()):
        return f"The table cannot show {saved.ruleset.title} games yet."
    autosave = None if saved.over else paths.autosave_path()
    note = (f"The newest autosave could not be loaded ({' '.join(skipped)}); this is the "
            "one before it.") if skipped else None
    app.close_all()  # the table open lets go of the autosave before the new game takes it
    if isinstance(saved, saves.SavedTables):
        tables = TablesSession.resume(saved, autosave_path=autosave, autosaved=autosaved,
                                      on_thinking_done=app.wake)
        for table in tables.tables:
            table.notes += [note] if note else []
        app.replace(screens.make("tables", app, tables))
        return None
    session = GameSession.resume(saved, autosave_path=autosave, autosaved=autosaved,
                                 on_thinking_done=app.wake)
    session.notes += [note] if note else []
    app.replace(screens.make("table", app, session))
    return None


@runtime_checkable
class OpenTable(Protocol):
    """A table open below the screen on top, as putting the device down sees it (the
    table's screen, game/ui/table/scene.py)."""

    controller: TableController

    def arrange(self, now: float, duration: float) -> None:
        """Send every card to its place for the table shown now."""
        ...


def put_devices_down(app: App) -> None:
    """The device goes to a player of another game (a saved game's, to review it): every
    table open puts it down, as before its own pass screen. No hand shows there to whoever
    holds the device now, and the next person to decide there is asked for it anew."""
    for scene in app.scenes:
        if isinstance(scene, OpenTable) and isinstance(scene.controller, TableController):
            scene.controller.seating.put_down()
            scene.arrange(scene.controller.clock(), 0.0)  # its cards face down at once
