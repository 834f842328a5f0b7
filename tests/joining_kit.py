"""A person joining a friend's table from the Title, as a person types it."""

from __future__ import annotations

from player_kit import Person
from ui_kit import type_over

from game.ui.scenes.joining import JoinScene


def join_from_the_title(person: Person, address: str, code: str, name: str, *,
                        through_relay: bool = False) -> None:
    """Play with friends, Join a table, the address, code and name typed (and Through a
    relay ticked), Join."""
    app = person.app
    person.click_button("Play with friends")
    person.click_button("Join a table")
    form = app.scene
    assert isinstance(form, JoinScene)
    assert form.address is not None and form.code is not None and form.name is not None
    type_over(app, form.address, address)
    person.click_widget(form.code)
    type_over(app, form.code, code)
    person.click_widget(form.name)
    type_over(app, form.name, name)
    assert form.relay is not None and form.relay.get_state() is False
    if through_relay:
        person.click_widget(form.relay)
        assert form.relay.get_state() is True
    person.click_button("Join")
