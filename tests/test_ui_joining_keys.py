"""Join a table by the keyboard alone: from the address box, Tab and Enter walk the form to
the relay's choice, Enter turns it on (shown, and still shown where the keyboard is), and
Join takes the seat through the relay. (The seat is not taken here: what the form asks
for is; tests/in_namespace/relay_window.py joins a real relay by the same keys.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from joining_kit import join_from_the_title
from player_kit import Person, shipped_app

from game.net.client import Address
from game.ui.scenes import joining


def test_a_player_joins_through_a_relay_by_the_keyboard_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Address, str, str]] = []
    monkeypatch.setattr(joining, "take_seat", lambda _app, address, code, name, *_: asked
                        .append((address, code, name)))
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=3)
        person.frames(3)
        join_from_the_title(person, "203.0.113.5:4748", "ab23cd", "Zoé", through_relay=True,
                            by_keys=True)
    assert len(asked) == 1, person.trail
    address, code, name = asked[0]
    assert (address.host, address.port, address.relay) == ("203.0.113.5", 4748, True)
    assert (code, name) == ("AB23CD", "Zoé")


def test_the_relay_left_off_by_the_keyboard_joins_the_address_directly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Address] = []
    monkeypatch.setattr(joining, "take_seat", lambda _app, address, *_: asked.append(address))
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=3)
        person.frames(3)
        join_from_the_title(person, "192.168.1.20:4747", "ab23cd", "Zoé", by_keys=True)
    assert [address.relay for address in asked] == [False]
