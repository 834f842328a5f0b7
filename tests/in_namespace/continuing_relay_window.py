"""A table hosted from the window on a relay, with a time for each decision, whose window
closed mid-game: the Title's Continue opens it on the relay again with that time, says so
at the table, and its friends' `join --relay --bot` programs come back to it through the
relay by themselves. Run in a network namespace by tests/test_net_continue.py."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from player_kit import Person, shipped_app
from ui_kit import type_over

from game.net import kept_table
from game.ui.table.online import OnlineTable
from in_namespace.continuing_window import (
    close_the_window,
    continued_table,
    frames_until,
    new_coup_for_three,
    started_and_played_a_little,
)
from in_namespace.relay_window import BOT, ended, relay, started  # noqa: F401 (a fixture)

TIME = 30.0  # seconds for each decision: New game's first choice after off


def test_the_hosts_continue_opens_the_table_on_its_relay_with_its_time(
        relay: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    home = tmp_path / "host"
    friends = []
    try:
        with shipped_app(home, monkeypatch) as app:
            person = Person(app, seed=5)
            new_coup_for_three(app, person)
            form = app.scene
            person.click_button("Time per decision: off")
            assert form.time == TIME
            person.click_button("Start")
            lobby = app.scene
            person.click_widget(lobby.relay_box)
            type_over(app, lobby.relay_box, f"127.0.0.1:{relay}")
            person.click_button("Open on the relay")
            frames_until(app, lambda: lobby.relay is not None and lobby.relay[1].open)
            code = lobby.where.code
            friends.append(started("join", f"127.0.0.1:{relay}", "--relay", "--code", code,
                                   "--name", "Zoé", "--bot", BOT, home=tmp_path / "Zoé"))
            table = started_and_played_a_little(app, person)
            close_the_window(app)
        kept = kept_table.read(kept_table.table_path()).table
        assert kept is not None and not kept.game.over
        assert (kept.relay, kept.time) == (f"127.0.0.1:{relay}", TIME)
        assert kept.relay_key is not None
        assert friends[0].poll() is None  # its program waits for the table to come back

        with shipped_app(home, monkeypatch) as app:
            person = Person(app, seed=6)
            table = continued_table(app, person)
            online = table.network.online
            assert isinstance(online, OnlineTable)
            assert online.hosting.table.decision_clock.seconds == TIME
            chairs = online.hosting.table.chairs
            deadline = time.monotonic() + 60
            while chairs[1].connection is None:  # back through the relay alone
                assert time.monotonic() < deadline, "Zoé did not come back"
                assert friends[0].poll() is None, friends[0].communicate()
                app.frame()
            assert any(f"opened on the relay at 127.0.0.1:{relay} again" in line
                       for line in table.log.lines), table.log.lines
            over = person.play_to_the_end(limit_seconds=240)
            assert over is app.scene and table.session.over
            winners = sorted(table.session.match.ruleset.winners(table.session.match.state))
            assert ended(friends[0])["winners"] == winners
    finally:
        for friend in friends:
            if friend.poll() is None:
                friend.kill()
                friend.wait()
