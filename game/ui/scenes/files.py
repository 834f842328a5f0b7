"""Saving and loading: every save listed with its date, ruleset, players and progress."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UILabel, UISelectionList, UITextEntryLine

from game import paths, save_index
from game.engine import saves
from game.engine.errors import SaveError
from game.session import GameSession
from game.ui.scenes.common import MenuScene, Overlay
from game.ui.table.kit import table_rulesets

if TYPE_CHECKING:
    from game.ui.app import App


def describe(entry: save_index.SaveEntry) -> str:
    """One line of the list: title, progress, who plays, when."""
    if entry.problem:
        return f"{entry.title}: cannot be loaded ({entry.problem})"
    when = entry.saved_at.astimezone().strftime("%d %b %Y %H:%M") if entry.saved_at else "?"
    sample = " [sample]" if entry.sample else ""
    return (f"{entry.title}{sample} · {entry.progress} · {entry.players} players "
            f"({', '.join(entry.seat_names)}) · {when}")


def start_table(app: App, session: GameSession) -> None:
    from game.ui.table.scene import TableScene

    app.replace(TableScene(app, session))  # type: ignore[attr-defined]


def resume(app: App, path: paths.Path) -> str | None:
    """Load a save and sit at its table; the reason when the file cannot be loaded."""
    return resume_first(app, [path])


def resume_autosave(app: App) -> str | None:
    """Sit at the newest autosave that loads; the reasons when none does."""
    return resume_first(app, paths.autosave_paths())


def resume_first(app: App, candidates: list[paths.Path]) -> str | None:
    try:
        saved, _, skipped = saves.read_first(candidates)
    except SaveError as error:
        return str(error)
    if saved.ruleset.id not in table_rulesets():
        return f"The table cannot show {saved.ruleset.title} games yet."
    session = GameSession.resume(saved, autosave_path=paths.autosave_path(),
                                 on_thinking_done=app.wake)  # type: ignore[attr-defined]
    if skipped:
        session.notes.append("The newest autosave could not be loaded "
                             f"({' '.join(skipped)}); this is the one before it.")
    start_table(app, session)
    return None


class LoadScene(MenuScene):
    title = "Load a game"
    subtitle = "Your saves first, then the sample games"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[save_index.SaveEntry] = []
        self.list: UISelectionList | None = None
        self.message: UILabel | None = None

    def enter(self) -> None:
        scale = self.scale
        width, height = self.app.size
        self.entries = save_index.list_saves(save_index.default_folders())
        area = Rect(round(width * 0.1), round(130 * scale), round(width * 0.8),
                    height - round(260 * scale))
        items: list[str | tuple[str, str]] = [describe(e) for e in self.entries]
        self.list = self.keep(UISelectionList(area, items,
                                              manager=self.app.ui))  # type: ignore[assignment]
        self.message = self.keep(UILabel(Rect(area.left, area.bottom + round(8 * scale),
                                              area.width, round(30 * scale)),
                                         "" if self.entries else "No saved games yet.",
                                         manager=self.app.ui))  # type: ignore[assignment]
        buttons = Rect(0, area.bottom + round(46 * scale), round(200 * scale), round(44 * scale))
        buttons.right = width // 2 - round(8 * scale)
        self.button(buttons, "Load", self._load)
        back = buttons.copy()
        back.left = width // 2 + round(8 * scale)
        self.button(back, "Back", self.back)

    def _chosen(self) -> save_index.SaveEntry | None:
        if self.list is None:
            return None
        chosen = self.list.get_single_selection()
        lines = [describe(entry) for entry in self.entries]
        return self.entries[lines.index(chosen)] if chosen in lines else None

    def _load(self) -> None:
        entry = self._chosen()
        if entry is None:
            self._say("Choose a game in the list first.")
            return
        problem = resume(self.app, entry.path)
        if problem is not None:
            self._say(problem)

    def _say(self, words: str) -> None:
        if self.message is not None:
            self.message.set_text(words)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self._load()
            return True
        return super().handle(event)


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
        self.replacing: paths.Path | None = None  # the save clicked in the list

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
                                                   round(40 * scale)), manager=self.app.ui))  # type: ignore[assignment]
        self.name.set_text(f"Game {datetime.now().strftime('%d %b %H-%M')}")  # type: ignore[union-attr]
        self.name.focus()  # type: ignore[union-attr]
        self.entries = save_index.list_saves([(paths.saves_dir(), False)])
        listing = Rect(inner.left, y + round(84 * scale), inner.width, round(190 * scale))
        items: list[str | tuple[str, str]] = \
            [describe(e) for e in self.entries] or ["(no saves yet)"]
        self.listing = self.keep(UISelectionList(listing, items, manager=self.app.ui))  # type: ignore[assignment]
        self.message = self.keep(UILabel(Rect(inner.left, listing.bottom + round(4 * scale),
                                              inner.width, round(26 * scale)), "",
                                         manager=self.app.ui))  # type: ignore[assignment]
        button = Rect(0, 0, round(180 * scale), round(42 * scale))
        button.bottomright = (rect.centerx - round(8 * scale), rect.bottom - round(16 * scale))
        self.button(button, "Save", self._save)
        cancel = button.copy()
        cancel.left = rect.centerx + round(8 * scale)
        self.button(cancel, "Cancel", self.app.pop)

    def _pick(self, text: str) -> None:
        """A save clicked in the list: its name goes in the box, to be replaced."""
        entry = next((e for e in self.entries if describe(e) == text), None)
        if entry is None or self.name is None:
            return
        if entry.problem:
            self.replacing = None
            self._say("That save cannot be loaded: it is kept. Choose another name.")
            return
        self.replacing = entry.path
        self.name.set_text(entry.path.stem)
        self._say(f"Save will replace {entry.path.stem}.")

    def _say(self, words: str) -> None:
        if self.message is not None:
            self.message.set_text(words)

    def _target(self, name: str) -> paths.Path:
        """The save clicked, if its name is still in the box; else a new file."""
        replacing = self.replacing
        if replacing is not None and save_index.safe_stem(name) == unicodedata.normalize(
                "NFC", replacing.stem):  # (macOS may hand a file's name back decomposed)
            return replacing
        return save_index.new_save_path(name)

    def _save(self) -> None:
        name = self.name.get_text() if self.name is not None else "game"
        path = self._target(name)
        try:
            self.session.save(path)
        except OSError as error:
            self._say(f"Could not save: {error.strerror or error}")
            return
        self.app.pop()
        if self.saved is not None:
            self.saved(save_index.naming_note(name, path) if path != self.replacing
                       else f"Saved as {path.stem}.")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._save()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION \
                and event.ui_element is self.listing:
            self._pick(event.text)
            return True
        return super().handle(event)
