"""What the Title's Continue carries on: the game at this screen (its autosave), the table
this machine hosted for friends (kept_table.py: opened again, and the friends' programs
come back to it by themselves), and the seats this player holds at friends' tables
(kept_seats.py: taken up again, with their cards, where the game is). When there is more
than the autosave, Continue shows each of them, in words, to choose from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.games import GAMES
from game.net import kept_seats, kept_table
from game.net.kept_seats import KeptSeat, SeatKeeper
from game.net.kept_table import KeptTable, TableKeeper
from game.rules.words import joined
from game.ui import screens
from game.ui.saved_games import can_continue, resume_autosave
from game.ui.scenes.common import Action, MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

MOST_SEATS_SHOWN = 3  # the newest seats at friends' tables offered


@dataclass(frozen=True)
class Continuable:
    words: str  # on its button
    carry_on: Action  # returns what went wrong, in a sentence, or None


@dataclass(frozen=True)
class Found:
    """What Continue can carry on, and what the player is told of the files that could not
    be read (each is kept aside, as it is, before anything is kept in its place)."""

    games: tuple[Continuable, ...]
    notices: tuple[str, ...]
    autosave: bool  # the first of `games` is the game at this screen


def what_continues(app: App) -> Found:
    games: list[Continuable] = []
    autosave = can_continue()
    if autosave:
        games.append(Continuable("Continue your game at this screen",
                                 lambda: resume_autosave(app)))
    table_path = kept_table.table_path()
    kept, loaded = kept_table.glance(table_path)  # the game's replay waits for the click
    if kept is not None and not kept.over:
        games.append(Continuable(table_words(kept.title, kept.friends),
                                 lambda: open_kept_table(app)))
    seats_path = kept_seats.seats_path()
    seats = kept_seats.read(seats_path)
    for seat in reversed(seats.seats[-MOST_SEATS_SHOWN:]):
        games.append(Continuable(seat_words(seat), _rejoining(app, seat)))
    notices = (loaded.notice(table_path), seats.notice(seats_path))
    return Found(tuple(games), tuple(notice for notice in notices if notice), autosave)


def _rejoining(app: App, seat: KeptSeat) -> Action:
    return lambda: rejoin(app, seat)


def table_words(title: str, friends: Sequence[str]) -> str:
    """The kept table on its button: "Continue your table (Coup, with Zoé and Léa)"."""
    with_them = f", with {joined(friends)}" if friends else ""
    return f"Continue your table ({title}{with_them})"


def open_kept_table(app: App) -> str | None:
    """The kept table, read whole (its game replayed by the rules), opened again; what
    went wrong, in a sentence, else."""
    path = kept_table.table_path()
    loaded = kept_table.read(path)
    if loaded.table is None:
        return loaded.notice(path) or "Your table is not kept any more."
    if loaded.table.game.over:
        return "The game at your table is over: there is nothing to continue."
    return open_table_again(app, loaded.table)


def seat_words(seat: KeptSeat) -> str:
    """A kept seat on its button: "Rejoin Léa's table (Coup)"."""
    game = GAMES.get(seat.ruleset)
    title = game.title if game is not None else "a game of another version"
    table = f"{seat.host}'s table" if seat.host else f"the table at {seat.address}"
    return f"Rejoin {table} ({title})"


def open_table_again(app: App, kept: KeptTable) -> str | None:
    """The kept table, listening again with its code (on its port if it is free) and its
    game where it was, at its table's screen; the friends are waited for until their
    programs come back. What went wrong, in a sentence, else."""
    from game.net.headless import kept_plan  # the network's modules: only when hosting
    from game.net.keeping_thread import KeepingThread
    from game.ui.scenes.hosting import listening
    from game.ui.table.online import OnlineTable

    keeper = TableKeeper()
    if not keeper.hold():
        return "Your table is being hosted now, by another Coup d'État on this machine."
    keeping = KeepingThread(keeper, resumed=True)
    game = kept.game
    opened = listening(app, keeping, game.ruleset.id,
                       game.ruleset.options_to_json(game.match.options), kept_plan(kept),
                       [seat.name for seat in game.seats], code=kept.code, first=kept.port)
    if isinstance(opened, str):
        keeping.stop()
        return opened
    hosting, where = opened
    try:
        hosting.table.resume(game, kept.tokens)
    except ValueError as error:
        hosting.close(wait=False)
        keeping.stop()
        return f"Your table cannot be opened again: {error}."
    keeping.keep_now()
    if where.port != kept.port:
        keeping.said.put(f"Port {kept.port} is taken now: your table listens at "
                         f"{where.address}:{where.port}. Your friends join again with that "
                         f"address and the code {where.code}.")
    session = hosting.table.session
    assert session is not None
    app.replace(screens.make("table", app, session, online=OnlineTable(hosting, keeping)))
    return None


def rejoin(app: App, seat: KeptSeat) -> str | None:
    """Take the kept seat up again: the waiting room, until the host has the seat back."""
    from game.net.client import parse_address  # the network's modules: only when joining
    from game.ui.scenes.joining import take_seat

    try:
        address = parse_address(seat.address)
    except ValueError as error:
        return f"Your seat cannot be taken up again: {error}."
    keeper = SeatKeeper(seat.address, seat.code)
    taken = keeper.take_up()
    if taken is None:
        return "That seat is taken up now, by another Coup d'État window on this machine."
    take_seat(app, address, seat.code, taken.name, keeper, taken)
    return None


class ContinueScene(MenuScene):
    """Several things to continue: one button each."""

    title = "Continue"
    subtitle = "Carry on where you left off"

    def __init__(self, app: App, found: Found) -> None:
        super().__init__(app)
        self.found = found
        self.problem: str | None = None

    def enter(self) -> None:
        entries: list[tuple[str, Action | None]] = [
            (game.words, self._carrying_on(game)) for game in self.found.games]
        self.button_column([*entries, ("Back", self.back)],
                           round(self.app.size[1] * 0.3), width=560)

    def _carrying_on(self, game: Continuable) -> Action:
        def carry_on() -> None:
            problem = game.carry_on()
            if isinstance(problem, str):
                self.app.settings_notice = problem
                self.app.pop()
        return carry_on

    def back(self) -> None:
        self.app.pop()
