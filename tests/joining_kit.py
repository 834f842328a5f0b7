"""A person joining a friend's table from the Title, as a person types it."""

from __future__ import annotations

import pygame
from player_kit import Person
from ui_kit import type_over

from game.ui.scenes.joining import JoinScene, relay_words


def join_from_the_title(person: Person, address: str, code: str, name: str, *,
                        through_relay: bool = False, by_keys: bool = False) -> None:
    """Play with friends, Join a table, the address, code and name typed (and Through a
    relay turned on), Join: the form's boxes and buttons clicked, or (`by_keys`) walked
    by the keyboard alone."""
    person.click_button("Play with friends")
    person.click_button("Join a table")
    form = person.app.scene
    assert isinstance(form, JoinScene)
    if by_keys:
        fill_in_by_keys(person, form, (address, code, name), through_relay=through_relay)
        return
    app = person.app
    assert form.address is not None and form.code is not None and form.name is not None
    type_over(app, form.address, address)
    person.click_widget(form.code)
    type_over(app, form.code, code)
    person.click_widget(form.name)
    type_over(app, form.name, name)
    assert not form.through_relay
    if through_relay:
        person.click_button(relay_words(False))
        assert form.through_relay
    person.click_button("Join")


def fill_in_by_keys(person: Person, form: JoinScene, typed: tuple[str, str, str], *,
                    through_relay: bool) -> None:
    """From the address box (where the form opens): the address, Tab, the code, Tab, the
    name, Enter (on to the relay's choice), Enter to turn it on, Down to Join, Enter."""
    address, code, name = typed
    type_over(person.app, form.address, address)
    person.press(pygame.K_TAB)
    type_over(person.app, form.code, code)
    person.press(pygame.K_TAB)
    type_over(person.app, form.name, name)
    person.press(pygame.K_RETURN)
    assert form.keyboard.current is form.relay, person.where()
    if through_relay:
        person.press(pygame.K_RETURN)
        assert form.through_relay and form.relay is not None
        assert form.relay.text == relay_words(True) and form.relay.is_selected  # still shown
    person.press(pygame.K_DOWN)
    assert form.keyboard.current is not None and form.keyboard.current.text == "Join"
    person.press(pygame.K_RETURN)
