"""A friend's window at a table of `coup-detat host`, each of the host's questions held
back 0.3 s on the way by a proxy (lossy_kit's `LateProxy`, on loopback): each comes once
the table has shown everything before it and found nobody to ask (the window's clock runs
40 times faster, as at every test of the window). Its panel comes up all the same, and
the game is played to its end by the person's clicks and keys. Before, the seat to act
had no buttons and waited for ever: a relay test once hung 300 s so ("block for seat 1,
caught up: True, asked: 7, to act: 1, buttons: False"). Run in a network namespace by
tests/test_ui_friends_question.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from lossy_kit import LateProxy
from player_kit import Person, shipped_app

from in_namespace.joining_window import host_result, hosted, joined

LATE = 0.3  # seconds each question is held back: 12 s of the window's clock


def test_questions_that_come_late_are_asked_and_the_game_is_played_to_its_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with hosted("coup", "medium,open,easy", tmp_path / "host") as (table_host, listening):
        proxy = LateProxy(int(listening["port"]), "decide", LATE)
        try:
            with shipped_app(tmp_path / "friend", monkeypatch) as app:
                person = Person(app, seed=7)
                table = joined(app, person, f"127.0.0.1:{proxy.port}",
                               str(listening["code"]))
                over = person.play_to_the_end(limit_seconds=120)
                assert over is app.scene and table.session.over
                match = table.session.match
            assert proxy.seen >= 3  # questions, each late
            assert host_result(table_host)["winners"] == sorted(
                match.ruleset.winners(match.state))
        finally:
            proxy.close()
