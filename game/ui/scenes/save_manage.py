"""Renaming and deleting a save, over the Load dialog: a new name typed under Save's rule
for names, and a deletion asked first, naming the save and its file. What happened (or why
not) is said on the Load dialog's line once the question closes; the work is the
services' (game/services/save_files.py), which never touch the autosave."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UILabel, UITextEntryLine

from game.engine import texts
from game.services import save_files, save_index
from game.ui import glyphs
from game.ui.scenes.common import Overlay, WordsDialog

if TYPE_CHECKING:
    from game.ui.app import App

Told = Callable[[str], object]  # says a sentence on the Load dialog's line
Moved = Callable[[Path], object]  # told the file a renamed save is now in


class RenameDialog(Overlay):
    """The chosen save's new name: refused, with the reason under the box, when it is too
    long, shows nothing or is another save's."""

    title = "Rename the save"

    def __init__(self, app: App, entry: save_index.SaveEntry,
                 listed: Sequence[save_index.SaveEntry], told: Told,
                 moved: Moved | None = None) -> None:
        super().__init__(app)
        self.entry = entry
        self.listed = tuple(listed)
        self.told = told
        self.moved = moved
        self.name: UITextEntryLine | None = None
        self.message: UILabel | None = None

    def panel_rect(self) -> Rect:
        rect = Rect(0, 0, round(640 * self.scale), round(260 * self.scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def enter(self) -> None:
        scale, ui = self.scale, self.app.ui
        inner = self.panel_rect().inflate(-round(48 * scale), 0)
        y = self.panel_rect().top + round(60 * scale)
        self.keep(UILabel(Rect(inner.left, y, inner.width, max(28, round(28 * scale))),
                          f"New name for “{self.entry.title}”:", manager=ui,
                          object_id="#left_label"))
        self.name = self.keep(UITextEntryLine(
            Rect(inner.left, y + round(32 * scale), inner.width, round(40 * scale)),
            manager=ui))
        longest = max(2 * texts.MAX_SAVE_NAME_LENGTH, len(self.entry.title))  # a name too
        self.name.set_text_length_limit(longest)  # long is told
        self.name.set_forbidden_characters(glyphs.zero_width())
        self.name.set_text(self.entry.title)
        self.name.focus()
        self.message = self.keep(UILabel(
            Rect(inner.left, y + round(78 * scale), inner.width, round(26 * scale)), "",
            manager=ui))
        self.button_pair(("Rename", self._rename), ("Cancel", self.app.pop),
                         width=180, height=42)

    def _rename(self) -> None:
        typed = self.name.get_text() if self.name is not None else ""
        try:
            path = save_files.rename(self.entry, typed, self.listed)
        except save_files.Refused as refusal:
            if self.message is not None:
                self.message.set_text(str(refusal))
            return
        if self.moved is not None:
            self.moved(path)  # before the Load dialog below lists the saves anew
        self.app.pop()
        self.told(f"Renamed “{self.entry.title}” to “{texts.save_name(typed)}”.")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name:
            self._rename()
            return True
        return super().handle(event)


class DeleteDialog(WordsDialog):
    """Delete the chosen save? It names the save and its file; No is the way out."""

    title = "Delete the save?"

    def __init__(self, app: App, entry: save_index.SaveEntry, told: Told) -> None:
        super().__init__(app)
        self.entry = entry
        self.told = told
        self.lines = [f"“{entry.title}” (the file {entry.path.name}) will be deleted for good.",
                      "The game in progress, which Continue carries on, is not touched."]
        if entry.path.is_symlink():  # only the link goes
            self.lines[:1] = [f"“{entry.title}” (the file {entry.path.name}, a link) will be "
                              "taken from your saves.",
                              f"The file it links to, {os.path.realpath(entry.path)}, is kept."]

    def enter(self) -> None:
        self.button_pair(("Delete", self._delete), ("Keep it", self.app.pop))

    def _delete(self) -> None:
        try:
            save_files.delete(self.entry)
        except save_files.Refused as refusal:
            self.app.pop()
            self.told(str(refusal))
            return
        self.app.pop()
        self.told(f"Deleted “{self.entry.title}”.")
