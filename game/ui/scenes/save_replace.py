"""Asked over the Save dialog before a whole path typed replaces a file that is there
already: the file is named, and keeping it is the way out (the keyboard is on "Keep it"
from the start, and Escape keeps it too). Tab goes to "Replace it"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine import texts
from game.ui.scenes.common import WordsDialog

if TYPE_CHECKING:
    from game.ui.app import App

LONGEST_FOLDER_SHOWN = 90  # characters of the folder's path; its start and end are shown
LONGEST_NAME_SHOWN = 60


class ReplaceFileDialog(WordsDialog):
    """Replace the file at `path` with the game? `replace` writes it; `keep` goes back
    to the Save dialog, the file untouched."""

    title = "Replace the file?"

    def __init__(self, app: App, path: Path, replace: Callable[[], None],
                 keep: Callable[[], None]) -> None:
        super().__init__(app)
        self.path = path
        self.replace = replace
        self.keep_it = keep
        self.lines = [f"There is already a file called “{shortened(path.name, LONGEST_NAME_SHOWN)}”"
                      f" in {shortened(str(path.parent), LONGEST_FOLDER_SHOWN)}.",
                      "If you replace it with this game, what it holds now is lost for good."]

    def enter(self) -> None:
        self.button_pair(("Replace it", self.replace), ("Keep it", self.keep_it))
        self.keyboard.place = len(self.keyboard.stops()) - 1  # Enter keeps the file
        self.keyboard.show()

    def back(self) -> None:
        """Escape keeps the file."""
        self.keep_it()


def shortened(words: str, longest: int) -> str:
    """`words` as the question shows them: printable, their middle cut out with an
    ellipsis when they are longer than `longest` (a path's start and its end tell most)."""
    words = texts.cleaned(words, len(words)) or "?"
    if len(words) <= longest:
        return words
    head = (longest - 1) // 2
    return f"{words[:head]}…{words[len(words) - (longest - 1 - head):]}"
