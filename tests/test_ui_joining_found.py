"""A table found on the network, chosen at Join a table: its address is filled in for the
player, the relay's choice turned off, and the form says what to type next. (The network
is played by a browser that has found one table: the real one is tested, across two
namespaces, by tests/test_net_discovery.py.)"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from player_kit import Person, shipped_app
from pygame_gui.elements import UIButton

from game.net.at_friends import AtFriends
from game.net.client import Address
from game.net.discovery import FoundTable
from game.net.link import SeatLink
from game.ui import screens
from game.ui.app import App
from game.ui.scenes import joining
from game.ui.scenes.joining import JoinScene

FOUND = FoundTable("Ada's table", "10.47.0.1", 4747, "coup", 1, 4, 1, 2, False)


class OneTableFound:
    """A browser that has found FOUND on the network (and, once `taken`, FOUND with its
    seat taken)."""

    taken = False

    def __init__(self, **_: object) -> None:
        self.closed = False

    def start(self) -> None:
        pass

    def tables(self) -> tuple[FoundTable, ...]:
        return (replace(FOUND, open=0, taken=3) if self.taken else FOUND,)

    def close(self) -> None:
        self.closed = True


def join_form(person: Person) -> JoinScene:
    """From the Title: Play with friends, Join a table."""
    person.frames(3)
    person.click_button("Play with friends")
    person.click_button("Join a table")
    form = person.app.scene
    assert isinstance(form, JoinScene)
    return form


def test_a_table_found_on_the_network_fills_in_its_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(joining, "Browser", OneTableFound)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=3)
        form = join_form(person)
        person.click_button(joining.relay_words(False))  # on, then a table here is chosen
        assert form.through_relay
        person.click_button(joining.found_words(FOUND))
        assert form.address is not None and form.address.get_text() == "10.47.0.1:4747"
        assert form.relay is not None and form.relay.text == joining.relay_words(False)
        assert not form.through_relay
        assert form.message is not None and "code" in form.message.text
        person.frames(3)  # the next frames keep what was filled in
        assert form.address.get_text() == "10.47.0.1:4747"
        assert form.code is not None and form.code.is_focused  # typed on without a click


def test_the_form_covered_by_its_waiting_room_stays_hidden_as_the_table_found_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The waiting room is over the form: the form's boxes and buttons must not come back
    over it when the table found changes (its seat taken), and come back once it is left."""
    monkeypatch.setattr(joining, "Browser", OneTableFound)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=3)
        form = join_form(person)
        cover = screens.make("pass_device", app, "Zoé", lambda: None)
        app.push(cover)
        person.frames(2)
        form.browser.taken = True  # type: ignore[attr-defined]
        for _ in range(3):  # (the browser wakes the window when it finds a change)
            app.frame(idle_wait=False)
        shown = {widget.text for widget in buttons_shown(app)}
        assert joining.found_words(FOUND) not in shown and "Join" not in shown, shown
        app.pop()
        for _ in range(3):
            app.frame(idle_wait=False)
        shown = {widget.text for widget in buttons_shown(app)}
        assert "Join" in shown and joining.found_words(replace(FOUND, open=0, taken=3)) in shown


def buttons_shown(app: App) -> list[UIButton]:
    return [widget for widget in app.ui.get_root_container().elements
            if isinstance(widget, UIButton) and widget.visible]


def test_a_seat_taken_up_where_nobody_answers_says_to_join_the_table_where_it_is_now(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        link = SeatLink(Address("127.0.0.1", 4747), "K7MQ2D", "Zoé")  # (never started)
        room = joining.WaitingRoom(app, AtFriends(link), rejoining=True)
        app.push(room)
        assert "Taking up your seat again" in room.subtitle
        room.update(joining.NO_ANSWER)
        assert "join it there with its code" in room.subtitle
