"""Tables across machines carried on from the Title's Continue, at the shipped settings (only
the clock is faster): a table hosted from the window whose window closed mid-game, opened
again while its friend's `join --bot` program comes back to it by itself; and a friend's
window closed mid-game at a table of `coup-detat host`, taken up again into its seat with
its cards. Both are played to their end and recorded, marked as played online, in the
history of the window that played them. Run in a network namespace by
tests/test_net_continue.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from joining_kit import join_from_the_title
from player_kit import Person, shipped_app

from game.games.coup.rules.state import State
from game.net import kept_seats, kept_table
from game.services import history, stats_summary
from game.services.seat_match import SeatMatch
from game.system import paths
from game.ui.app import App
from game.ui.scenes.continuing import ContinueScene
from game.ui.scenes.hosting import HostingScene
from game.ui.scenes.joining import WaitingRoom
from game.ui.scenes.new_game import FRIEND_CHOICE
from game.ui.table.friends import FriendsTable
from game.ui.table.online import OnlineTable
from game.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[2]
BOT = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
WAIT = 30.0  # seconds for a friend to take a seat, or to take it up again


def program(arguments: list[str], home: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", *arguments], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "COUP_DETAT_HOME": str(home)})


def close_the_window(app: App) -> None:
    """The window closes mid-game, as when the program ends: every screen is let go (its
    table's server stopped and waited for here, so that its port is free again)."""
    table = app.scene
    assert isinstance(table, TableScene)
    online = table.network.online
    app.close_all()
    if isinstance(online, OnlineTable):
        online.hosting.server.stop(wait=True)
        online.keeping.join(timeout=10)
    elif isinstance(online, FriendsTable):
        online.at.link.join(timeout=10)  # its seat's lock let go, as the program's end does


def last_game(home: Path) -> history.Finished:
    loaded = history.read(history.path_beside(paths.stats_path()))
    assert loaded.trouble is None and loaded.games, home
    return loaded.games[-1]


def frames_until(app: App, done: Callable[[], bool]) -> None:
    """The window's frames until `done()` (the network is waited for: a frame need not be
    drawn meanwhile), WAIT seconds at most."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"not there after {WAIT:g} s, at {app.scene}"
        app.frame()
        assert app.crash is None, app.crash


def new_coup_for_three(app: App, person: Person) -> None:
    """New game as it is filled in for Coup hosted for a friend: the person, a friend and
    an Easy computer (Start is the caller's)."""
    person.frames(3)
    person.click_button("New game")
    form = app.scene
    person.choose(form.game_menu, "Coup")
    if form.players_menu is not None:
        person.choose(form.players_menu, "3 players")
    for menu, kind in zip(form.kind_menus, ["Person", FRIEND_CHOICE, "Computer: Easy"],
                          strict=True):
        person.choose(menu, kind)


def started_and_played_a_little(app: App, person: Person) -> TableScene:
    """Start in the lobby once the friend has taken his seat, and two of the person's
    decisions at the table (its game not over): its table's screen."""
    frames_until(app, lambda: person.enabled("Start"))
    person.click_button("Start")
    table = app.scene
    assert isinstance(table, TableScene), person.where()
    person.play_until(lambda: person.decisions >= 2 and not table.session.over,
                      limit_seconds=120)
    return table


def continued_table(app: App, person: Person) -> TableScene:
    """The Title's Continue, then the table kept (Coup, with Zoé): its table's screen."""
    person.frames(3)
    person.click_button("Continue")
    assert isinstance(app.scene, ContinueScene), person.where()
    person.click_button("Continue your table (Coup, with Zoé)")
    table = app.scene
    assert isinstance(table, TableScene), person.where()
    return table


def test_the_hosts_continue_opens_the_table_again_and_the_friend_rejoins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "host"
    friend: subprocess.Popen[str] | None = None
    try:
        with shipped_app(home, monkeypatch) as app:
            person = Person(app, seed=5)
            new_coup_for_three(app, person)
            person.click_button("Start")
            lobby = app.scene
            assert isinstance(lobby, HostingScene) and lobby.where is not None
            port, code = lobby.where.port, lobby.where.code
            friend = program(["join", f"127.0.0.1:{port}", "--code", code, "--name", "Zoé",
                              "--bot", BOT], tmp_path / "friend")
            table = started_and_played_a_little(app, person)
            decisions = len(table.session.match.turns)
            close_the_window(app)
        kept = kept_table.read(kept_table.table_path()).table
        assert kept is not None and not kept.game.over
        assert (kept.code, kept.port, kept.persons_here, kept.friends) == (code, port, (0,),
                                                                          ("Zoé",))
        assert len(kept.game.match.turns) >= decisions - 1  # as it was when last told
        assert friend.poll() is None  # its program waits for the table to come back

        with shipped_app(home, monkeypatch) as app:
            person = Person(app, seed=6)
            table = continued_table(app, person)
            assert isinstance(table.network.online, OnlineTable)
            assert table.network.online.hosting.server.port == port  # its port was free again
            before = kept.game.match.decisions  # the game goes on from where it was kept
            assert table.session.match.decisions[:len(before)] == before
            chairs = table.network.online.hosting.table.chairs
            frames_until(app, lambda: chairs[1].connection is not None
                         or friend.poll() is not None)
            assert friend.poll() is None, friend.communicate()
            over = person.play_to_the_end(limit_seconds=240)
            assert over is app.scene and table.session.over
            out, err = friend.communicate(timeout=60)
            assert friend.returncode == 0, err
            result = json.loads(out.strip().splitlines()[-1])
            match = table.session.match
            assert result["winners"] == sorted(match.ruleset.winners(match.state))
            assert "The connection to the table was lost: taking it up again." in err
            assert "The host said" not in err  # no goodbye: the table was kept
            frames_until(app, lambda: not kept_table.table_path().exists())
        game = last_game(home)
        assert game.online and game.persons == (0,)
        assert [player.name for player in game.players][1] == "Zoé"
        line = stats_summary.game_line(game)
        assert "against Zoé and computers (Easy), played online" in line, line
    finally:
        if friend is not None and friend.poll() is None:
            friend.kill()
            friend.communicate()


@pytest.mark.parametrize("again", ["continue", "join"])
def test_a_friends_continue_takes_her_seat_up_again_with_her_cards(
        again: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`again`: by the Title's Continue, or by joining the same table again."""
    host = program(["host", "--ruleset", "coup", "--seats", "medium,open,easy", "--listen",
                    "127.0.0.1", "--port", "0", "--json", "--seed", "11"], tmp_path / "host")
    try:
        assert host.stdout is not None
        listening = json.loads(host.stdout.readline())
        home = tmp_path / "friend"
        with shipped_app(home, monkeypatch) as app:
            person = Person(app, seed=7)
            person.frames(3)
            join_from_the_title(person, f"127.0.0.1:{listening['port']}",
                                str(listening["code"]), "Léa")
            frames_until(app, lambda: isinstance(app.scene, TableScene))
            table = app.scene
            assert isinstance(table, TableScene)
            match = table.session.match
            assert isinstance(match, SeatMatch)

            def her_turn_again() -> bool:
                return person.decisions >= 1 and match.asked is not None \
                    and table.session.to_act == 1 and not match.pending.over
            person.play_until(her_turn_again, limit_seconds=120)
            state = match.state
            assert isinstance(state, State)
            cards, legal = state.hands[1], match.asked[1] if match.asked else None
            close_the_window(app)
        seats = kept_seats.read(kept_seats.seats_path()).seats
        assert [(seat.seat, seat.name, seat.code) for seat in seats] == [
            (1, "Léa", listening["code"])]

        with shipped_app(home, monkeypatch) as app:
            person = Person(app, seed=8)
            person.frames(3)
            if again == "continue":
                person.click_button("Continue")
                assert isinstance(app.scene, ContinueScene), person.where()
                person.click_button(f"Rejoin the table at 127.0.0.1:{listening['port']} "
                                    "(Coup)")
            else:  # a new name typed: the seat taken up is still Léa's
                join_from_the_title(person, f"127.0.0.1:{listening['port']}",
                                    str(listening["code"]), "Somebody")
            # the waiting room, or already the table: a host quick to answer leaves the
            # waiting room within the click's frames
            assert isinstance(app.scene, (WaitingRoom, TableScene)), (person.where(),
                                                                      app.settings_notice)
            frames_until(app, lambda: isinstance(app.scene, TableScene))
            table = app.scene
            assert isinstance(table, TableScene)
            match = table.session.match
            assert isinstance(match, SeatMatch) and match.seat == 1
            # shown where the game is, its past not played out again at the table
            assert match.events and table.controller.telling.follower.caught_up
            frames_until(app, lambda: match.asked is not None)
            state = match.state
            assert isinstance(state, State) and state.hands[1] == cards  # her cards
            assert match.asked is not None and match.asked[1] == legal  # where the game is
            over = person.play_to_the_end(limit_seconds=240)
            assert over is app.scene and table.session.over
            frames_until(app, lambda: not kept_seats.read(
                kept_seats.seats_path()).seats)
        out, err = host.communicate(timeout=60)
        assert host.returncode == 0, err
        result = json.loads(out.strip().splitlines()[-1])["result"]
        assert result["winners"] == sorted(match.ruleset.winners(match.state))
        game = last_game(home)
        assert game.online and game.persons == (1,) and game.players[1].name == "Léa"
        assert [player.kind for player in game.players] == ["computer", "human", "computer"]
        line = stats_summary.game_line(game)
        assert "against computers (Easy, Medium), played online" in line, line
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()
