"""A match at two tables hosted from the window, without a window or a socket: the split
New game showed is the one played, the friends' seats are not this screen's persons (not
counted in its statistics, never a reason to move the screen), and the host's side of the
friends follows the table shown (its chat) and both tables (a friend away, a remark)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.engine.tables import Split
from game.net.chat import NO_SEAT
from game.net.headless import Hosting, hosting
from game.net.hosted import OPEN, PERSON
from game.net.hosted_tables import HostedTables
from game.net.keeping_thread import KeepingThread
from game.services.session import GameSession
from game.services.table.seating import Seating
from game.ui.table.online_tables import OnlineTables
from game.ui.table.tables import TwoTables

SPLIT = Split(((4, 0, 2, 6), (1, 5, 3)))  # seven: 4 + 3
PLAN = [PERSON, OPEN, "easy", "random", "easy", OPEN, "random"]  # friends at 1 and 5
NAMES = ["Gaston", "", "Alex", "Didier", "Camille", "", "Fanny"]


def sent_nowhere(connection: int, message: object) -> None:
    pass


@pytest.fixture
def hosted() -> Iterator[Hosting]:
    """Seven at two tables as SPLIT seats them, a friend at each, begun (never listening)."""
    table = hosting("coup-detat", {"players": 7, "short_game": True}, PLAN, names=NAMES,
                    listen="127.0.0.1", seed=3, split=SPLIT, send=sent_nowhere,
                    close=lambda connection, reason: None)
    match = table.table
    assert isinstance(match, HostedTables)
    for connection, name in ((101, "Zoé"), (102, "Yves")):
        match.hello(connection, {"type": "hello", "name": name})
    match.start()
    try:
        yield table
    finally:
        match.close()


def friends_table(hosting: Hosting) -> HostedTables:
    match = hosting.table
    assert isinstance(match, HostedTables)
    return match


def test_the_split_shown_is_the_split_played_and_another_of_other_sizes_is_refused(
        hosted: Hosting) -> None:
    match = friends_table(hosted)
    assert match.split == SPLIT
    assert match.tables[0].chairs[0].name == "Camille"  # the match's seat 4 sits first
    with pytest.raises(ValueError, match="tables of 4 \\+ 3"):
        HostedTables("coup-detat", {"players": 7}, PLAN, send=sent_nowhere,
                     close=lambda connection, reason: None,
                     split=Split(((0, 1, 2, 3, 4), (5, 6))))


def test_the_friends_are_elsewhere_and_not_this_screen_s_persons(hosted: Hosting) -> None:
    session = friends_table(hosted).session
    assert session is not None
    assert session.elsewhere == frozenset({1, 5})
    assert session.human_seats == (0,)  # the host's person only
    sitting = session.sitting()
    assert sitting.online and sitting.persons == (0,)


def play_until_a_friend_decides(session: GameSession) -> None:
    """Every seat but the friends' decides (the first legal decision) until a friend must."""
    for _ in range(500):
        seat = session.to_act
        if seat is not None and seat in session.elsewhere:
            return
        session.submit(session.match.legal()[0])
    pytest.fail("no friend's turn came")


def test_a_friend_s_turn_is_no_reason_to_move_the_screen(hosted: Hosting) -> None:
    session = friends_table(hosted).session
    assert session is not None
    table = session.place(5)[0]  # Yves's
    play_until_a_friend_decides(session.tables[table])
    tables = TwoTables(None, session)  # type: ignore[arg-type]  # (no screen is made)
    assert table not in tables.needing_person()


class Controller:
    """What `OnlineTable.update` sees of the table's controller."""

    def __init__(self) -> None:
        self.viewer: int | None = 0
        self.seating = Seating((0,))  # one person at the host's screen
        self.lines: list[str] = []

    @property
    def log(self) -> Any:
        return self

    def add(self, line: str) -> None:
        self.lines.append(line)

    def say(self, line: str, seconds: float = 0.0) -> None:
        pass


def test_the_host_s_side_follows_the_table_shown_and_says_what_the_other_has_to_say(
        hosted: Hosting) -> None:
    match = friends_table(hosted)
    keeping = KeepingThread(None)
    try:
        online = OnlineTables(hosted, keeping)
        assert online.hosted is match.tables[0]  # the host's person's table
        online.show(1)
        assert online.hosted is match.tables[1]
        assert online.chat.say("Hello") == NO_SEAT  # no person of this screen sits there
        online.show(0)
        assert online.chat.say("Hello") is None
        assert [line.text for line in match.tables[0].chat.lines] == ["Hello"]
        assert not match.tables[1].chat.lines
        match.tables[1].remarks.append("Yves's time ran out: the computer chose for him.")
        controller = Controller()
        online.update(controller)  # type: ignore[arg-type]
        assert "Table 2: Yves's time ran out: the computer chose for him." in controller.lines
        assert not match.tables[1].remarks
        friend = match.tables[1].chairs[match.split.place(5)[1]]
        match.dropped(102)
        assert friend.away_since is not None
        words = online.away_words()
        assert words is not None and words.startswith("Yves lost the connection")
    finally:
        keeping.stop()
