"""The rules of the games and the computer players' levels, as structured text: a
section for each game (its id is the game's; its page is the game's own, the `rules_page`
of its entry in game/games) and one for the levels, each a list of blocks (headings,
paragraphs with a bold lead-in, chart lines). Two renderers: `html` for the Rules screen
(pygame-gui's UITextBox markup: <b>, <br>, <font size=N>) and `markdown` for docs/RULES.md.
The figures come from the charts the rules use, so neither the screen nor the document can
disagree with the game.

No pygame here: `python -m game.services.rules_text > docs/RULES.md` regenerates the
document, and a test checks that it is up to date."""

from __future__ import annotations

import io
import sys
import textwrap
from html import escape

from game.games import GAMES
from game.games.plugin import Game
from game.services.rules_sections import Heading, Paragraph, Section

REGENERATE = "python -m game.services.rules_text > docs/RULES.md"
"""The command that writes docs/RULES.md from this module."""

LEVELS = "levels"


def _levels() -> Section:
    """The computer players' levels and the hint, in every game."""
    return Section(LEVELS, "Computer players", "The computer players", (
        Paragraph("", "Each seat at the table is a person or the computer, at one of three "
                      "levels; every game has all three."),
        Paragraph("Easy", "is a beginner: he knows the obvious moves (follow low under a "
                          "winning card, claim the characters he holds) and now and then "
                          "plays anything at all. He plays at once."),
        Paragraph("Medium", "plays by the playing tips and counts: the cards played, the "
                            "voids shown, the claims heard. He plays at once."),
        Paragraph("Hard", "thinks about a second a decision: he imagines hundreds of deals "
                          "that fit everything he has seen, tries each of his choices in "
                          "every one, plays them out and keeps the choice that does best on "
                          "average."),
        Paragraph("Hints.", "Press H, or the Hint button, on your turn: Hard says what he "
                            "would do and why, and how the next best choice compares. When "
                            "two choices are within the search's noise he says they are "
                            "about as good."),
    ))


def _page(game: Game) -> Section:
    """A game's section of the rules, as its entry's `rules_page` makes it."""
    page = game.rules_page.load()()
    if not isinstance(page, Section):
        raise TypeError(f"{game.rules_page.path} makes a {type(page).__name__}, not a Section")
    return page


SECTIONS: dict[str, Section] = {section.id: section for section in (
    *(_page(game) for game in GAMES.values()), _levels())}
"""The sections, in the order of the table of contents."""

CONTENTS = {section.id: section.title for section in SECTIONS.values()}
"""The table of contents: each game's section (its ruleset id), then the levels."""


def html(section: str) -> str:
    """A section for the Rules screen: its name large (unless it opens on its first block),
    headings a size below it, blank lines between blocks."""
    part = SECTIONS[section]
    size = 4 if part.heading_on_screen else 5
    out = [f"<font size=5><b>{escape(part.heading, quote=False)}</b></font><br>"
           if part.heading_on_screen else ""]
    after_heading = part.heading_on_screen
    for block in part.blocks:
        if out[-1] and not after_heading:
            out.append("<br>")
        if isinstance(block, Heading):
            out.append(f"<font size={size}><b>{escape(block.text, quote=False)}</b></font><br>")
        elif isinstance(block, Paragraph):
            lead = f"<b>{escape(block.lead, quote=False)}</b> " if block.lead else ""
            out.append(f"{lead}{escape(block.text, quote=False)}<br>")
        else:
            out.append("".join(f"<b>{escape(label, quote=False)}</b>: "
                               f"{escape(text, quote=False)}<br>" for label, text in block.lines))
        after_heading = isinstance(block, Heading)
    return "".join(out).removesuffix("<br>")


def _wrap(text: str, first: str = "", rest: str = "") -> str:
    return "\n".join(textwrap.wrap(text, 92, initial_indent=first, subsequent_indent=rest,
                                   break_long_words=False, break_on_hyphens=False))


def markdown() -> str:
    """The whole document, docs/RULES.md: a heading a section, its headings below it."""
    out = [
        "# The rules of the games",
        "*Generated from `game/services/rules_text.py`, which also writes the game's Rules "
        f"screen: do not edit by hand. To regenerate: `{REGENERATE}`*",
        _wrap("The four games as this program plays them, written for players, then its "
              "computer players. Our readings of the finer cases, where a printed rule "
              "leaves something open, are in [RULES_NOTES.md](RULES_NOTES.md)."),
    ]
    for part in SECTIONS.values():
        out.append(f"## {part.heading}")
        for block in part.blocks:
            if isinstance(block, Heading):
                out.append(f"### {block.text}")
            elif isinstance(block, Paragraph):
                out.append(_wrap(f"**{block.lead}** {block.text}" if block.lead else block.text))
            else:
                out.append("\n".join(_wrap(f"**{label}**: {text}", "- ", "  ")
                                     for label, text in block.lines))
    return "\n\n".join(out) + "\n"


def main() -> None:
    """Write the document to standard output, in UTF-8 with \\n line ends on every system."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8", newline="\n")
    sys.stdout.write(markdown())


if __name__ == "__main__":
    main()
