"""The keyboard on a screen of widgets, as at the table: Tab and the arrows walk along the
screen's buttons, text boxes, drop-down menus and lists, the one the keyboard is on shown
selected (Shift+Tab, Up and Left go back); Enter presses it, opens a drop-down menu (the
arrows then walk its choices, Enter takes one, Escape closes it) or opens a list's choice.
A text box takes the keys it needs (the letters, Left and Right, Enter); Tab and Up and
Down leave it.

What the keyboard is on is kept as a place in the screen's order, so that it stays where
it was when the screen lays itself out again (a choice that changes the form).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UISelectionList,
    UITextEntryLine,
)

FORWARD = (pygame.K_DOWN, pygame.K_RIGHT)
BACKWARD = (pygame.K_UP, pygame.K_LEFT)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
SLIDES = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}  # on a slider, these move it (a step each)


def takes_the_keyboard(element: UIElement) -> bool:
    """A widget Tab stops at: one that can be used now."""
    if not (element.alive() and element.visible and element.is_enabled):
        return False
    return isinstance(element, UIButton | UITextEntryLine | UIDropDownMenu | UISelectionList
                      | UIHorizontalSlider)


class KeyboardFocus:
    """Where the keyboard is among a screen's widgets (`elements`, in the screen's order)."""

    def __init__(self, ui: pygame_gui.UIManager,
                 elements: Callable[[], Sequence[UIElement]]) -> None:
        self.ui = ui
        self.elements = elements
        self.place: int | None = None  # in the order of `stops()`; None: nowhere yet
        self.choice: int | None = None  # in an open drop-down menu: the choice it is on
        self.shown_on: object = None  # what was last shown selected (see `sync`)

    def stops(self) -> list[UIElement]:
        return [element for element in self.elements() if takes_the_keyboard(element)]

    @property
    def current(self) -> UIElement | None:
        stops = self.stops()
        if self.place is None or not stops:
            return None
        return stops[min(self.place, len(stops) - 1)]

    # Keys ------------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """Use a key if it is the keyboard's (True when used)."""
        menu = self._open_menu()
        if menu is not None and event.key in (*FORWARD, *BACKWARD, *ENTER, pygame.K_ESCAPE,
                                              pygame.K_TAB):
            return self._in_menu(menu, event.key)
        if event.key == pygame.K_TAB:
            return self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        current = self.current
        if isinstance(current, UISelectionList) and event.key in (pygame.K_UP, pygame.K_DOWN):
            return step_list(current, 1 if event.key == pygame.K_DOWN else -1)
        if isinstance(current, UIHorizontalSlider) and event.key in SLIDES:
            return slide(current, SLIDES[event.key])
        if event.key in FORWARD:
            return self.move(1)
        if event.key in BACKWARD:
            return self.move(-1)
        if event.key in ENTER:
            return self.press()
        return False

    def move(self, step: int) -> bool:
        """Put the keyboard on the next (or previous) widget."""
        stops = self.stops()
        if not stops:
            return False
        widget = self._focused_widget(stops)
        if widget is None:
            self.place = 0 if step > 0 else len(stops) - 1
        else:
            self.place = (stops.index(widget) + step) % len(stops)
        self.show()
        return True

    def _focused_widget(self, stops: list[UIElement]) -> UIElement | None:
        """The widget the keyboard is on: a text box clicked into, else the one kept."""
        for element in stops:
            if isinstance(element, UITextEntryLine) and element.is_focused:
                return element
        current = self.current
        return current if current in stops else None

    def press(self) -> bool:
        """Enter: press the button, open the menu or the list's choice; on nothing yet,
        put the keyboard on the first widget."""
        current = self.current
        if current is None:
            return self.move(1)
        if isinstance(current, UIButton):
            pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
                "ui_element": current, "ui_object_id": current.most_specific_combined_id,
                "mouse_button": 1}))
            return True
        if isinstance(current, UIDropDownMenu):
            _toggle(current)  # open: pygame-gui's own list
            self.choice = choice_index(current)
            return True
        if isinstance(current, UISelectionList):
            chosen = current.get_single_selection()
            if chosen is None:
                return step_list(current, 1)
            pygame.event.post(pygame.event.Event(
                pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
                {"text": chosen, "ui_element": current,
                 "ui_object_id": current.most_specific_combined_id}))
            return True
        return False

    # Showing it ------------------------------------------------------------------------------
    def sync(self) -> None:
        """Follow the mouse into a text box, and show the keyboard's place again on widgets
        made anew (the screen laid out again, a drop-down menu closed). What the mouse took
        from the widget shown is left to the mouse."""
        stops = self.stops()
        clicked = next((element for element in stops if isinstance(element, UITextEntryLine)
                        and element.is_focused), None)
        current = self.current
        if clicked is not None and clicked is not current:
            self.place = stops.index(clicked)
            self.show()
        elif current is not None and _face(current) is not self.shown_on:
            self.show()

    def lift(self) -> None:
        """Take the keyboard off every widget (until a key puts it on the first): after a
        screen's row it was on has gone, Enter must not press whatever took its place."""
        self.place = None
        self.show()

    def forget_widgets(self) -> None:
        """The screen's widgets are gone (the place is kept for the new ones)."""
        self.shown_on = None
        self.choice = None

    def show(self) -> None:
        """Show the widget the keyboard is on as selected, and no longer the one it was on
        (a button the screen selected itself, such as an open section's, stays so); a
        text box gets the text cursor, so that typing goes there."""
        current = self.current
        shown = self.shown_on
        face = None if current is None else _face(current)
        if isinstance(shown, UIButton) and shown is not face and shown.alive():
            shown.unselect()
        if isinstance(face, UIButton) and face.alive() and not face.is_selected:
            face.select()
        self.shown_on = face
        if isinstance(current, UITextEntryLine):
            if not current.is_focused:
                self.ui.set_focus_set(current)
        elif any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.stops()):
            self.ui.set_focus_set(None)  # Enter and the arrows are the keyboard's again

    # An open drop-down menu --------------------------------------------------------------------
    def _open_menu(self) -> UIDropDownMenu | None:
        current = self.current
        if isinstance(current, UIDropDownMenu) and \
                current.current_state is current.menu_states["expanded"]:
            return current
        return None

    def _in_menu(self, menu: UIDropDownMenu, key: int) -> bool:
        options = menu.options_list
        at = self.choice if self.choice is not None else choice_index(menu)
        if key in FORWARD or key in BACKWARD:
            self.choice = (at + (1 if key in FORWARD else -1)) % len(options)
            _mark_choice(menu, self.choice)
        elif key in ENTER:
            choose(menu, options[at])
            self.choice = None
        else:  # Escape or Tab: close it as it was
            _toggle(menu)
            self.choice = None
        return True


def choice_index(menu: UIDropDownMenu) -> int:
    options = [_pair(option) for option in menu.options_list]
    chosen = _pair(menu.selected_option)
    return options.index(chosen) if chosen in options else 0


def choose(menu: UIDropDownMenu, option: str | tuple[str, str]) -> None:
    """Take a choice of a drop-down menu and close it, as a click on the choice does
    (pygame-gui's UI_DROP_DOWN_MENU_CHANGED, for the screen to read)."""
    text, object_id = _pair(option)
    _toggle(menu)
    if (text, object_id) == _pair(menu.selected_option):
        return
    menu.selected_option = (text, object_id)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": text, "selected_option_id": object_id, "ui_element": menu,
        "ui_object_id": menu.most_specific_combined_id}))


def _toggle(menu: UIDropDownMenu) -> None:
    """Open a closed drop-down menu, or close an open one (at its next update)."""
    if menu.current_state is not None:
        menu.current_state.should_transition = True


def _pair(option: str | tuple[str, str]) -> tuple[str, str]:
    return (option, option) if isinstance(option, str) else option


def _mark_choice(menu: UIDropDownMenu, index: int) -> None:
    """Show the choice the keyboard is on in an open menu as the selected one."""
    listing = getattr(menu.current_state, "options_selection_list", None)
    if listing is None:
        return
    text = _pair(menu.options_list[index])[0]
    for item in listing.item_list:
        button = item["button_element"]
        if button is None:
            continue
        if item["text"] == text:
            button.select()
        else:
            button.unselect()


def _face(element: UIElement) -> object:
    """What shows a widget selected: a closed drop-down menu's button (made anew each time
    the menu closes), an open one's list; the widget itself otherwise."""
    if isinstance(element, UIDropDownMenu):
        state = element.current_state
        return getattr(state, "selected_option_button", None) \
            if state is element.menu_states["closed"] else state
    if isinstance(element, UIHorizontalSlider):
        return element.sliding_button
    return element


def step_list(listing: UISelectionList, step: int) -> bool:
    """Choose the next (or previous) item of a list, as a click on it does, scrolling it
    into view."""
    items = listing.item_list
    if not items:
        return False
    chosen = next((index for index, item in enumerate(items) if item["selected"]), None)
    target = 0 if chosen is None else min(max(chosen + step, 0), len(items) - 1)
    if target == chosen:
        return True
    if listing.scroll_bar is not None:
        listing.scroll_bar.set_scroll_from_start_percentage(target / len(items))
        listing.update(0.0)  # make the buttons of the items now in view
    button = items[target]["button_element"]
    if button is not None:
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
            "ui_element": button, "ui_object_id": button.most_specific_combined_id,
            "mouse_button": 1}))
    return True


def slide(slider: UIHorizontalSlider, steps: int) -> bool:
    """Move a slider by its click's step, as a click on its arrow does: the screen hears
    of it by the same event."""
    low, high = sorted(slider.value_range)
    value = min(max(slider.get_current_value() + steps * slider.increment, low), high)
    if value != slider.get_current_value():
        slider.set_current_value(value)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
            "value": slider.get_current_value(), "ui_element": slider,
            "ui_object_id": slider.most_specific_combined_id}))
    return True
