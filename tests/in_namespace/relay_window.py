"""Tables met on a relay in the window, at the shipped settings (only the clock is
faster): a table hosted from the window and opened on a relay from its lobby, its two
friends `join --relay --bot`; and a person joining, from the window, a `coup-detat host
--relay` through the relay (the form filled in by the keyboard alone, "Through a relay"
turned on). Both played to their end, with a `coup-detat relay` on loopback: run in a
network namespace by tests/test_ui_hosting.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from player_kit import Person, shipped_app
from ui_kit import type_over

from game.services.seat_match import SeatMatch
from game.ui.table.scene import TableScene
from in_namespace.hosting_window import hosted_lobby, seats_taken
from in_namespace.joining_window import joined

ROOT = Path(__file__).resolve().parents[2]
BOT = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
WAIT = 30.0  # seconds for the relay to open the table, or friends to take their seats


def started(*arguments: str, home: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", *arguments], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "COUP_DETAT_HOME": str(home)})


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[int]:
    """A relay on loopback: its port; stopped, and its status 0, after the test."""
    process = started("relay", "--listen", "127.0.0.1", "--port", "0", "--json",
                      home=tmp_path / "relay")
    assert process.stdout is not None
    try:
        yield int(json.loads(process.stdout.readline())["port"])
    finally:
        process.terminate()
        assert process.wait(timeout=15) == 0


def ended(process: subprocess.Popen[str]) -> dict[str, object]:
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def test_a_table_hosted_in_the_window_is_opened_on_a_relay_and_played_through_it(
        relay: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path / "host", monkeypatch) as app:
        person = Person(app, seed=5)
        lobby = hosted_lobby(app, person, "Coup")
        assert lobby.relay_words is None  # nothing said of a relay before one is typed
        person.click_widget(lobby.relay_box)
        type_over(app, lobby.relay_box, "not an address")
        person.click_button("Open on the relay")
        assert lobby.relay is None and "HOST:PORT" in str(lobby.relay_words)
        person.click_widget(lobby.relay_box)
        type_over(app, lobby.relay_box, f"127.0.0.1:{relay}")
        person.press(pygame.K_RETURN)  # on to the button beside the box, by the keyboard
        assert lobby.keyboard.current is not None
        assert lobby.keyboard.current.text == "Open on the relay"
        person.press(pygame.K_RETURN)
        assert lobby.relay is not None and lobby.where is not None
        assert lobby.keyboard.current is None  # not on Close the table, now in its place
        person.press(pygame.K_RETURN)
        assert app.scene is lobby
        deadline = time.monotonic() + WAIT
        while not lobby.relay[1].open:
            assert time.monotonic() < deadline, lobby.relay_words
            app.frame()
        code = lobby.where.code
        assert lobby.relay_words == (f"Friends anywhere: 127.0.0.1:{relay} with Through a "
                                     f"relay on, code {code}")
        assert not person.enabled("Open on the relay")  # once: the row is gone
        friends = [started("join", f"127.0.0.1:{relay}", "--relay", "--code", code.lower(),
                           "--name", name, "--bot", BOT, home=tmp_path / name)
                   for name in ("Zoé", "Yves")]
        try:
            seats_taken(person, friends, WAIT)
            assert sorted(chair.name for chair in lobby.chairs[1:3]) == ["Yves", "Zoé"]
            person.click_button("Start")
            table = app.scene
            assert isinstance(table, TableScene), person.where()
            assert table.controller.viewer == 0
            over = person.play_to_the_end(limit_seconds=240)
            assert over is app.scene and table.session.over
            winners = sorted(table.session.match.ruleset.winners(table.session.match.state))
            assert all(ended(friend)["winners"] == winners for friend in friends)
        finally:
            for friend in friends:
                if friend.poll() is None:
                    friend.kill()
                    friend.wait()


def test_a_friend_joins_through_a_relay_from_the_window_and_plays_to_the_end(
        relay: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = started("host", "--ruleset", "coup", "--seats", "medium,open,easy", "--listen",
                   "127.0.0.1", "--port", "0", "--json", "--seed", "11", "--relay",
                   f"127.0.0.1:{relay}", home=tmp_path / "host")
    try:
        assert host.stdout is not None
        listening = json.loads(host.stdout.readline())
        assert listening["relay"] == f"127.0.0.1:{relay}"
        with shipped_app(tmp_path / "friend", monkeypatch) as app:
            person = Person(app, seed=7)
            table = joined(app, person, f"127.0.0.1:{relay}", str(listening["code"]),
                           through_relay=True, by_keys=True)
            match = table.session.match
            assert isinstance(match, SeatMatch) and match.seat == 1
            over = person.play_to_the_end(limit_seconds=300)
            assert over is app.scene and table.session.over
        result = ended(host)["result"]
        assert isinstance(result, dict)
        assert result["winners"] == sorted(match.ruleset.winners(match.state))
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
