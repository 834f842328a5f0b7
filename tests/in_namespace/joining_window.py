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
from pathlib import Path

import pytest
from joining_kit import join_from_the_title
from player_kit import Person, shipped_app

from game.services.seat_match import SeatMatch
from game.ui.scenes.joining import WaitingRoom
from game.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[2]
WAIT_FRAMES = 4000  # frames for the host's table to start once joined


def host(ruleset: str, seats: str, home: Path) -> tuple[subprocess.Popen[str], dict[str, object]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--ruleset", ruleset, "--seats", seats,
         "--listen", "127.0.0.1", "--port", "0", "--json", "--seed", "11"],
        cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "COUP_DETAT_HOME": str(home)})
    assert process.stdout is not None
    listening = json.loads(process.stdout.readline())
    return process, listening


@pytest.mark.parametrize("ruleset", ["coup", "coup-detat"])
def test_a_friend_joins_from_the_window_and_plays_to_the_end(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table_host, listening = host(ruleset, "medium,open,easy", tmp_path / "host")
    try:
        with shipped_app(tmp_path / "friend", monkeypatch) as app:
            person = Person(app, seed=7)
            person.frames(3)
            join_from_the_title(person, f"127.0.0.1:{listening['port']}",
                                str(listening["code"]).lower(), "Zoé")
            for _ in range(WAIT_FRAMES):
                if isinstance(app.scene, TableScene):
                    break
                assert isinstance(app.scene, WaitingRoom), person.where()
                assert not app.scene.at.over, app.scene.at.ended
                person.frame()
            table = app.scene
            assert isinstance(table, TableScene), person.where()
            match = table.session.match
            assert isinstance(match, SeatMatch) and match.seat == 1
            assert table.controller.viewer == 1
            assert table.session.names[1] == "Zoé"
            over = person.play_to_the_end(limit_seconds=300)
            assert over is app.scene and table.session.over
            assert person.decisions > 0
            assert table.controller.undo_refusal() is not None
        out, err = table_host.communicate(timeout=60)
        assert table_host.returncode == 0, err
        result = json.loads(out.strip().splitlines()[-1])["result"]
        assert result["winners"] == sorted(match.ruleset.winners(match.state))
    finally:
        if table_host.poll() is None:
            table_host.kill()
            table_host.wait()
