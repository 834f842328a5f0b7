"""A table found on the network, chosen at Join a table: its address is filled in for the
player, the relay's box left unticked, and the form says what to type next. (The network
is played by a browser that has found one table: the real one is tested, across two
namespaces, by tests/test_net_discovery.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from player_kit import Person, shipped_app

from game.net.discovery import FoundTable
from game.ui.scenes import joining
from game.ui.scenes.joining import JoinScene

FOUND = FoundTable("Ada's table", "10.47.0.1", 4747, "coup", 1, 4, 1, 2, False)


class OneTableFound:
    """A browser that has found FOUND on the network."""

    def __init__(self, **_: object) -> None:
        self.closed = False

    def start(self) -> None:
        pass

    def tables(self) -> tuple[FoundTable, ...]:
        return (FOUND,)

    def close(self) -> None:
        self.closed = True


def test_a_table_found_on_the_network_fills_in_its_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(joining, "Browser", OneTableFound)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=3)
        person.frames(3)
        person.click_button("Play with friends")
        person.click_button("Join a table")
        form = app.scene
        assert isinstance(form, JoinScene)
        assert form.relay is not None
        person.click_widget(form.relay)  # ticked, then a table found here is chosen
        assert form.relay.get_state() is True
        person.click_button(joining.found_words(FOUND))
        assert form.address is not None and form.address.get_text() == "10.47.0.1:4747"
        assert form.relay.get_state() is False and not form.through_relay
        assert form.message is not None and "code" in form.message.text
        person.frames(3)  # the next frames keep what was filled in
        assert form.address.get_text() == "10.47.0.1:4747"
