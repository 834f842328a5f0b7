"""What the Title's Continue carries on (the Continue screen, scenes/continuing.py, shows
them when there is more than one): the game at this screen (its autosave), the table
this machine hosted for friends (kept_table.py: opened again, and the friends' programs
come back to it by themselves), and the seats this player holds at friends' tables
(kept_seats.py: taken up again, with their cards, where the game is). When there is more
than the autosave, Continue shows each of them, in words, to choose from."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.games import GAMES
from game.net import kept_seats, kept_table
from game.net.kept_seats import KeptSeat, SeatKeeper
from game.net.kept_table import KeptTable, TableKeeper
from game.rules.words import joined
from game.services import records_file
from game.ui import screens
from game.ui.saved_games import can_continue, resume_autosave
from game.ui.scenes.common import Action

if TYPE_CHECKING:
    from game.engine.tables import Split
    from game.net.client import Address
    from game.net.headless import Hosting, Listening
    from game.net.hosted import Chair
    from game.net.keeping_thread import KeepingThread
    from game.ui.app import App

RELAYED = "relay:"  # how a kept seat's address says it came through a relay (Address.kept_as)
MOST_SEATS_SHOWN = 3  # the newest seats at friends' tables offered
PORT = 4747  # where a table listens first (the next ports if it is taken)
PORTS_TRIED = 10


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
    notices = (title_notice("Your table kept to continue", table_path, loaded),
               title_notice("Your seats at friends' tables", seats_path, seats))
    return Found(tuple(games), tuple(notice for notice in notices if notice), autosave)


def title_notice(what: str, path: Path, loaded: records_file.Troubled) -> str | None:
    """What the Title says of a file that could not be used, in a line that fits it (by
    the file's name: it is in the folder online/ of the player's data folder)."""
    if loaded.trouble is records_file.Trouble.NEWER:
        return f"{what} ({path.name}) is from a newer version of the game: it is left alone."
    if loaded.trouble is not None:
        return f"{what} ({path.name}) could not be read whole: the file is kept as it is."
    return None


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
    """The kept table, listening again with its code (on its port if it is free, and on
    its relay if it was opened on one), its time for each decision and its game where it
    was, at its table's screen; the friends are waited for until their programs come back.
    What went wrong, in a sentence, else."""
    from game.net.headless import kept_plan  # the network's modules: only when hosting
    from game.net.keeping_thread import KeepingThread
    from game.ui.table.online import OnlineTable

    keeper = TableKeeper()
    if not keeper.hold():
        return "Your table is being hosted now, by another Coup d'État on this machine."
    keeping = KeepingThread(keeper, resumed=True)
    game = kept.game
    opened = listening(app, keeping, game.ruleset.id,
                       game.ruleset.options_to_json(game.match.options), kept_plan(kept),
                       [seat.name for seat in game.seats], code=kept.code, first=kept.port,
                       time=kept.time)
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
    if kept.relay is not None:
        keeping.said.put(on_the_relay_again(hosting, keeping, kept, where.code))
    session = hosting.table.session
    assert session is not None
    app.replace(screens.make("table", app, session, online=OnlineTable(
        hosting, keeping, ask=asking_the_host(app, hosting))))
    return None


def on_the_relay_again(hosting: Hosting, keeping: KeepingThread, kept: KeptTable, code: str
                       ) -> str:
    """Open the table again on the relay it was kept with; what the host is told of it
    (what the lobby said: what friends type to come through it)."""
    from game.net.client import parse_address

    relay = kept.relay
    assert relay is not None
    link = hosting.server.open_on_relay(parse_address(relay), kept.relay_key)  # read as one
    keeping.relay, keeping.relay_key = relay, link.key
    return (f"Your table is opened on the relay at {relay} again: friends anywhere type "
            f"{relay} with Through a relay on, and the code {code}.")


def asking_the_host(app: App, hosting: Hosting) -> Callable[[Chair], None]:
    """How the host is asked about a friend away the whole grace: a dialog (wait longer,
    or let the computer play the seat)."""
    table = hosting.table  # (at two tables: their grace and clock are the same)
    return lambda chair: app.push(screens.make("away_friend", app, chair, table.grace,
                                               table.clock))


def rejoin(app: App, seat: KeptSeat) -> str | None:
    """Take the kept seat up again: the waiting room, until the host has the seat back."""
    from game.net.client import parse_address  # the network's modules: only when joining

    relayed = seat.address.startswith(RELAYED)
    try:
        address = parse_address(seat.address.removeprefix(RELAYED))
    except ValueError as error:
        return f"Your seat cannot be taken up again: {error}."
    address.relay = relayed
    keeper = SeatKeeper(seat.address, seat.code)
    taken = keeper.take_up()
    if taken is None:
        return "That seat is taken up now, by another Coup d'État window on this machine."
    take_seat(app, address, seat.code, taken.name, keeper, taken)
    return None


def take_seat(app: App, address: Address, code: str, name: str, keeper: SeatKeeper,
              kept: KeptSeat | None) -> None:
    """Join the table at `address` (the seat `kept` before taken up again, if there is
    one: with its token, into that seat where the game is), kept by `keeper` until the
    game is over; its waiting room until the game is under way."""
    from game.net.at_friends import AtFriends
    from game.net.link import SeatLink

    link = SeatLink(address, code, kept.name if kept is not None else name, wake=app.wake,
                    keeper=keeper, kept=kept)
    at = AtFriends(link, on_thinking_done=app.wake)
    keeper.say = at.remarks.append  # the file's trouble, told at the table
    link.start()
    app.push(screens.make("waiting_room", app, at, rejoining=kept is not None))


NOT_KEPT = ("Another table is hosted on this machine now: this one is not kept, and cannot be "
            "continued if its window closes before its game ends.")


def held_keeper() -> TableKeeper | None:
    """The kept table's keeper, held by this window; None if another host on this machine
    keeps its table now (this one is then not kept: it cannot be continued)."""
    keeper = TableKeeper()
    return keeper if keeper.hold() else None


def listening(app: App, keeping: KeepingThread, ruleset: str, options: Mapping[str, object],
              plan: Sequence[str], names: Sequence[str], *, code: str | None = None,
              first: int | None = None, time: float | None = None,
              split: Split | None = None) -> tuple[Hosting, Listening] | str:
    """A table for friends, listening on the port `first` if it is free, else on the first
    free one from PORT (friends type it: 0 would change), announced on the network, each
    decision timed if `time` (seconds), the host asked what to do once a friend has been
    away the whole grace; what went wrong, in a sentence, if it cannot listen. `split`:
    who sits at which table, when the players sit at two (hosted_tables.py)."""
    from game.net.headless import hosting
    from game.net.hosted import PERSON, HostedTable
    from game.system.files import why_unwritten

    error: OSError | None = None
    ports = [first] if first is not None else []
    at_two: dict[str, Any] = {} if split is None else {"split": split}  # (one table: none)
    for port in [*ports, *(port for port in range(PORT, PORT + PORTS_TRIED) if port != first)]:
        table = hosting(ruleset, options, plan, port=port, code=code, wake=app.wake,
                        names=names, send=keeping.send, close=keeping.close_connection,
                        time=time, ask_after_grace=True,
                        **at_two)
        try:
            where = table.open()
        except OSError as failure:
            error = failure
            table.close(wait=False)
            continue
        if isinstance(table.table, HostedTable):  # (a match at two tables is not kept)
            keeping.table, keeping.where = table.table, (table.listen, where.port, where.code)
            table.table.later = keeping.later  # the friends' messages built off the loop
        else:
            table.table.set_later(keeping.later)
        keeping.pass_to(table.server.send, table.server.close_connection)
        host = next((name for kind, name in zip(plan, names, strict=True)
                     if kind == PERSON), None)
        table.announce(f"{host}'s table" if host else None, where.port)
        return table, where
    assert error is not None
    return f"The table could not listen for friends: {why_unwritten(error)}."
