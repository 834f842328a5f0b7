"""A person joins a friend's table from the window at the shipped settings (only the clock
is faster): the Title's Play with friends, Join a table, the address, code and name typed
as a person types them, the waiting room, the table, played to its end. The host is
`coup-detat host` with computers in the other seats. Run in a network namespace by
tests/test_ui_hosting.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from joining_kit import join_from_the_title
from player_kit import Person, shipped_app

from game.services.seat_match import SeatMatch
from game.services.seat_review import FROM_THE_SEAT, NO_HANDS_SEEN, ONLY_YOURS
from game.ui.scenes.joining import WaitingRoom
from game.ui.scenes.review import ReviewScene
from game.ui.table.scene import TableScene

if TYPE_CHECKING:
    from game.ui.app import App

ROOT = Path(__file__).resolve().parents[2]
WAIT_FRAMES = 4000  # frames for the host's table to start once joined
JUDGING = 60.0  # seconds for Hard to judge the friend's first decision


def host(ruleset: str, seats: str, home: Path) -> tuple[subprocess.Popen[str], dict[str, object]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--ruleset", ruleset, "--seats", seats,
         "--listen", "127.0.0.1", "--port", "0", "--json", "--seed", "11"],
        cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "COUP_DETAT_HOME": str(home)})
    assert process.stdout is not None
    listening = json.loads(process.stdout.readline())
    return process, listening


def joined(app: App, person: Person, address: str, code: str, *,
           through_relay: bool = False, by_keys: bool = False) -> TableScene:
    """Joined from the window as Zoé (the form filled in by the keyboard alone if
    `by_keys`): the table, once the host starts."""
    person.frames(3)
    join_from_the_title(person, address, code, "Zoé", through_relay=through_relay,
                        by_keys=by_keys)
    for _ in range(WAIT_FRAMES):
        if isinstance(app.scene, TableScene):
            break
        assert isinstance(app.scene, WaitingRoom), person.where()
        assert not app.scene.at.over, app.scene.at.ended
        person.frame()
    table = app.scene
    assert isinstance(table, TableScene), person.where()
    return table


def reviewed_from_the_seat(person: Person, match: SeatMatch) -> None:
    """The game's end offers its review, of the friend's seat alone, from what his machine
    was told: Hard judges his decisions; no other seat, no hidden hand."""
    person.click_button("Review the game")
    scene = person.app.scene
    assert isinstance(scene, ReviewScene), person.where()
    assert scene.match is match and scene.seat == match.seat
    assert not person.enabled("All hands") and not person.enabled("Seat: Zoé")
    assert scene.limits.others == ONLY_YOURS and scene.limits.hands == NO_HANDS_SEEN
    scene.next_seat()
    scene.toggle_hands()
    assert scene.seat == match.seat and not scene.show_all
    deadline = time.monotonic() + JUDGING
    while not scene.review.done:  # (the window rests while Hard thinks: it need not draw)
        assert time.monotonic() < deadline, "Hard judged nothing in time"
        person.app.frame()
        assert person.app.crash is None, person.app.crash
    assert FROM_THE_SEAT in [line for line, _, _ in
                             scene.column.told(scene.place, scene.review, scene.ledger)]
    scene.review.cancel()
    person.click_button("Back")


@contextmanager
def hosted(ruleset: str, seats: str, home: Path
           ) -> Iterator[tuple[subprocess.Popen[str], dict[str, object]]]:
    """`coup-detat host` with `seats`, listening (stopped at the end if it still runs)."""
    table_host, listening = host(ruleset, seats, home)
    try:
        yield table_host, listening
    finally:
        if table_host.poll() is None:
            table_host.kill()
            table_host.wait()


def joined_the_host(app: App, person: Person, listening: dict[str, object]
                    ) -> tuple[TableScene, SeatMatch]:
    """Joined as Zoé the host listening: the table, and its match as the seat plays it."""
    table = joined(app, person, f"127.0.0.1:{listening['port']}",
                   str(listening["code"]).lower())
    match = table.session.match
    assert isinstance(match, SeatMatch)
    return table, match


def host_result(table_host: subprocess.Popen[str]) -> dict[str, Any]:
    """What the host said of the finished game, once it has ended."""
    out, err = table_host.communicate(timeout=60)
    assert table_host.returncode == 0, err
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])["result"]
    return result


@pytest.mark.parametrize("ruleset", ["coup", "coup-detat"])
def test_a_friend_joins_from_the_window_and_plays_to_the_end(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with hosted(ruleset, "medium,open,easy", tmp_path / "host") as (table_host, listening):
        with shipped_app(tmp_path / "friend", monkeypatch) as app:
            person = Person(app, seed=7)
            table, match = joined_the_host(app, person, listening)
            assert match.seat == 1
            assert table.controller.viewer == 1
            assert table.session.names[1] == "Zoé"
            over = person.play_to_the_end(limit_seconds=300)
            assert over is app.scene and table.session.over
            assert person.decisions > 0
            assert table.controller.undo_refusal() is not None
            reviewed_from_the_seat(person, match)
        assert host_result(table_host)["winners"] == sorted(match.ruleset.winners(match.state))


def test_a_friend_at_one_of_two_tables_plays_his_table_to_the_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match of six at two tables: the friend's window shows his table (three players),
    says in its log that the other table plays at the same time, and plays it to its end;
    its review is of his seat at his table."""
    with hosted("coup-detat", "medium,open,easy,easy,easy,easy",
                tmp_path / "host") as (table_host, listening):
        with shipped_app(tmp_path / "friend", monkeypatch) as app:
            person = Person(app, seed=9)
            table, match = joined_the_host(app, person, listening)
            assert match.players == 3
            assert table.session.names[match.seat] == "Zoé"
            person.frames(5)
            assert any("the other table plays at the same time" in line
                       for line in table.log.lines), table.log.lines[:5]
            person.play_to_the_end(limit_seconds=300)
            assert table.session.over
            reviewed_from_the_seat(person, match)
        mine = [entry for entry in host_result(table_host)["tables"] if 1 in entry["seats"]]
        assert len(mine) == 1 and mine[0]["winners"] == sorted(
            match.ruleset.winners(match.state))
