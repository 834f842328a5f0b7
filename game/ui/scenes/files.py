"""Saving and loading: every save listed with its date, ruleset, players and progress."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UILabel, UISelectionList, UITextEntryLine

from game.engine import saves
from game.engine.errors import SaveError
from game.services import reviewing, save_elsewhere, save_files, save_index
from game.services.catalogue import CATALOGUE
from game.services.save_elsewhere import default_name
from game.services.session import GameSession
from game.system import paths
from game.system.files import why_unwritten
from game.ui import glyphs, screens
from game.ui.in_progress import game_in_progress
from game.ui.saved_games import put_devices_down, sit_at
from game.ui.scenes.common import MenuScene, Overlay, WordsDialog
from game.ui.scenes.save_list import describe, fitted, select_row, whole_rows

if TYPE_CHECKING:
    from game.ui.app import App


class LoadScene(MenuScene):
    title = "Load a game"
    subtitle = "Your saves first, then the sample games"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[save_index.SaveEntry] = []
        self.lines: list[str] = []  # each entry's row, as shown
        self.list: UISelectionList | None = None
        self.message: UILabel | None = None
        self.chosen_path: Path | None = None  # the save chosen, kept while a dialog is over

    def enter(self) -> None:
        scale = self.scale
        width, height = self.app.size
        self.entries = save_index.list_saves(save_index.default_folders())
        area = Rect(round(width * 0.1), round(130 * scale), round(width * 0.8),
                    height - round(260 * scale))
        items: list[str | tuple[str, str]] = [describe(e) for e in self.entries]
        self.list = self.keep(UISelectionList(area, items,
                                              manager=self.app.ui))
        whole_rows(self.list)
        self.lines = fitted(self.list, self.entries, self.app.ui)
        self._choose_again()
        self.message = self.keep(UILabel(Rect(area.left, self.list.rect.bottom + round(8 * scale),
                                              area.width, round(30 * scale)),
                                         "" if self.entries else "No saved games yet.",
                                         manager=self.app.ui))
        size, gap = (round(190 * scale), round(44 * scale)), round(14 * scale)
        row = (
            ("Load", self._load, None),
            ("Review", self._review, "Step through the game with the computer's judgement "
                                     "of the first person's decisions"),
            ("Rename", self._rename, "Give the save another name (F2)"),
            ("Delete", self._delete, "Delete the save, once you have said yes (Delete)"),
            ("Back", self.back, None))
        left = width // 2 - (len(row) * size[0] + (len(row) - 1) * gap) // 2
        for index, (label, action, tip) in enumerate(row):
            self.button(Rect((left + index * (size[0] + gap), area.bottom + round(46 * scale)),
                             size), label, action, tip)

    def leave(self) -> None:
        chosen = self._chosen()
        self.chosen_path = chosen.path if chosen is not None else None
        super().leave()

    def _choose_again(self) -> None:
        """Show the save chosen before a dialog covered the list (renamed: under its new
        name) as chosen still."""
        paths_listed = [entry.path for entry in self.entries]
        if self.list is not None and self.chosen_path in paths_listed:
            select_row(self.list, paths_listed.index(self.chosen_path))

    def _follow(self, path: Path) -> None:
        """The chosen save is now in the file `path` (it was renamed)."""
        self.chosen_path = path

    def _chosen(self) -> save_index.SaveEntry | None:
        if self.list is None:
            return None
        chosen = self.list.get_single_selection()
        lines = self.lines
        return self.entries[lines.index(chosen)] if chosen in lines else None

    def _read_chosen(self) -> tuple[save_index.SaveEntry, saves.Saved] | None:
        """The game chosen in the list, read; None (and the reason said) if there is none
        or it cannot be read."""
        entry = self._chosen()
        if entry is None:
            self._say("Choose a game in the list first.")
            return None
        try:
            return entry, saves.read(entry.path, catalogue=CATALOGUE)
        except SaveError as error:
            self._say(str(error))
            return None

    def _load(self) -> None:
        """Load the game chosen; first ask, if it would take the place of another game in
        progress under Continue."""
        read = self._read_chosen()
        if read is None:
            return
        entry, saved = read
        left = None if saved.over else game_in_progress(self.app)
        if left is not None and not left.same_game(saved):
            self.app.push(screens.make(
                "leave_game", self.app, left, coming=f"“{entry.title}”", go="Load",
                not_done="nothing was loaded", go_on=lambda: sit_at(self.app, saved),
                say=self._say))
            return
        problem = sit_at(self.app, saved)
        if problem is not None:
            self._say(problem)

    def _review(self) -> None:
        """Review the game chosen, as the first person at its table played it. A game not
        over, which several persons play, is shown only once its player has the device."""
        read = self._read_chosen()
        if read is None:
            return
        saved = read[1]
        try:
            chosen = reviewing.seat_in(saved, None)
        except ValueError as error:
            self._say(str(error))
            return
        review = screens.make("review", self.app, chosen.match, chosen.seat, chosen.names)
        humans = sum(seat.kind == "human" for seat in saved.seats)
        if saved.over or humans < 2:
            self.app.push(review)
            return
        put_devices_down(self.app)
        self.app.push(screens.make("pass_device", self.app, chosen.names[chosen.seat],
                                   lambda: self.app.push(review)))

    def _rename(self) -> None:
        """Ask for the chosen save's new name."""
        entry = self._own_chosen("renamed")
        if entry is not None:
            self.app.push(screens.make("rename_save", self.app, entry, self.entries,
                                       self._say, self._follow))

    def _delete(self) -> None:
        """Ask whether to delete the chosen save, naming it."""
        entry = self._own_chosen("deleted")
        if entry is not None:
            self.app.push(screens.make("delete_save", self.app, entry, self._say))

    def _own_chosen(self, done: str) -> save_index.SaveEntry | None:
        """The save chosen, if it is one of the player's (not a sample); else why not."""
        entry = self._chosen()
        if entry is None:
            self._say("Choose a game in the list first.")
        elif entry.sample:
            self._say(f"The sample games cannot be {done}.")
        else:
            return entry
        return None

    def _say(self, words: str) -> None:
        if self.message is not None:
            self.message.set_text(words)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self._load()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DELETE, pygame.K_F2):
            (self._delete if event.key == pygame.K_DELETE else self._rename)()
            return True
        return super().handle(event)


class LeaveUnsavedDialog(WordsDialog):
    """Asked before the window closes (or the table is left) while the game could not be
    autosaved: leaving would lose it."""

    title = "Leave without saving?"

    def __init__(self, app: App, trouble: str, leave: Callable[[], None]) -> None:
        super().__init__(app)
        self.leave_anyway = leave
        self.lines = [f"{trouble}.", "If you leave now, the game is lost. Stay, and save it "
                      "elsewhere with Save as… (a whole path, on another disk)."]

    def enter(self) -> None:
        self.button_pair(("Stay", self.app.pop), ("Leave anyway", self.leave_anyway))


MAX_PATH_TYPED = 1024  # a whole path may be typed in the name's place


class SaveDialog(Overlay):
    title = "Save the game"

    def __init__(self, app: App, session: GameSession,
                 saved: Callable[[str], object] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.saved = saved  # told the name once the game is saved
        self.name: UITextEntryLine | None = None
        self.message: UILabel | None = None
        self.listing: UISelectionList | None = None
        self.entries: list[save_index.SaveEntry] = []
        self.lines: list[str] = []  # each entry's row, as shown
        self.replacing: save_index.SaveEntry | None = None  # the save clicked in the list
        self.typed: str | None = None  # kept, with what was said, while a question is over
        self.said = ""

    def panel_rect(self) -> Rect:
        rect = Rect(0, 0, round(640 * self.scale), round(460 * self.scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def enter(self) -> None:
        scale = self.scale
        rect = self.panel_rect()
        inner = rect.inflate(-round(48 * scale), 0)
        y = rect.top + round(64 * scale)
        self.keep(UILabel(Rect(inner.left, y, inner.width, max(28, round(28 * scale))), "Name:",
                          manager=self.app.ui, object_id="#left_label"))
        self.name = self.keep(UITextEntryLine(Rect(inner.left, y + round(30 * scale), inner.width,
                                                   round(40 * scale)), manager=self.app.ui))
        self.name.set_text_length_limit(MAX_PATH_TYPED)
        self.name.set_forbidden_characters(glyphs.zero_width())
        self.name.set_text(default_name() if self.typed is None else self.typed)
        self.name.focus()
        self.entries = save_index.list_saves([(paths.saves_dir(), False)])
        listing = Rect(inner.left, y + round(84 * scale), inner.width, round(190 * scale))
        items: list[str | tuple[str, str]] = \
            [describe(e) for e in self.entries] or ["(no saves yet)"]
        self.listing = self.keep(UISelectionList(listing, items, manager=self.app.ui))
        whole_rows(self.listing)
        self.lines = fitted(self.listing, self.entries, self.app.ui)
        self.message = self.keep(UILabel(Rect(inner.left, listing.bottom + round(4 * scale),
                                              inner.width, round(26 * scale)), "",
                                         manager=self.app.ui))
        self.button_pair(("Save", self._save), ("Cancel", self.app.pop), width=180, height=42)
        if self.said:
            self._say(self.said)
        elif self.session.autosave_trouble() is not None:
            self._say("Type a whole path to save it on another disk: /media/stick/game")

    def leave(self) -> None:
        if self.name is not None and self.message is not None:
            self.typed, self.said = self.name.get_text(), self.message.text
        super().leave()

    def _pick(self, text: str) -> None:
        """A save clicked in the list: its name goes in the box, to be replaced."""
        entry = self.entries[self.lines.index(text)] if text in self.lines else None
        if entry is None or self.name is None:
            return
        if entry.problem:
            self.replacing = None
            self._say("That save cannot be loaded: it is kept. Choose another name.")
            return
        self.replacing = entry
        self.name.set_text(entry.title)
        self._say(f"Save will replace “{entry.title}”.")

    def _say(self, words: str) -> None:
        if self.message is not None:
            self.message.set_text(words)

    def _target(self, name: str | None) -> paths.Path:
        """The save clicked, if its name is still in the box; else a new file (named
        after the save, as near as a file's name may be)."""
        replacing = self.replacing
        if replacing is not None and name == replacing.title:
            return replacing.path
        return save_index.new_save_path(name or "")

    def _save(self) -> None:
        """Save under the name typed, or at the whole path typed: asking first if a file
        is there already, outside the saves folder."""
        typed = self.name.get_text() if self.name is not None else ""
        try:
            place = save_elsewhere.elsewhere(typed)
            name = place.name if place is not None else \
                save_files.checked_name(typed, required=False)
        except save_files.Refused as refusal:
            self._say(str(refusal))
            return
        if place is None:
            self._write(self._target(name), name)
        elif place.taken:
            self.app.push(screens.make("replace_file", self.app, place.path,
                                       lambda: self._replace(place), self._kept))
        else:
            self._write(place.path, name)

    def _replace(self, place: save_elsewhere.Elsewhere) -> None:
        """The player said yes: the file is replaced."""
        self.app.pop()
        self._write(place.path, place.name)

    def _kept(self) -> None:
        self.app.pop()
        self._say("Nothing was replaced: type another name or path.")

    def _write(self, path: paths.Path, name: str | None) -> None:
        try:
            self.session.save(path, name)
        except OSError as error:
            self._say(f"Could not save: {why_unwritten(error)}.")
            return
        self.app.pop()
        if self.saved is not None:
            self.saved(f"Saved as “{name or save_index.title_for(path)}”.")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._save()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION \
                and event.ui_element is self.listing:
            self._pick(event.text)
            return True
        return super().handle(event)
