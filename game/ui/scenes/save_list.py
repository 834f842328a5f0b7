"""The lists of saves (Load's, Save's): a row a save, its words fitted to the row, the list
as tall as the whole rows it has room for."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame_gui
from pygame_gui.elements import UISelectionList

from game.games import get_ruleset
from game.services import save_index

ROW_IDS = ["selection_list.@selection_list_item", "@selection_list_item", "button"]
"""A list's rows, as the theme knows them."""


def describe(entry: save_index.SaveEntry, fits: Callable[[str], bool] = lambda line: True) \
        -> str:
    """One line of the list: title, game, progress, who plays, when. Where the row has no
    room for it all, fewer of the players named, then none, then no date, then no progress,
    then no game: the title always first, cut short only when it is all there is."""
    lines = descriptions(entry)
    return next((line for line in lines if fits(line)), None) or cut_short(lines[-1], fits)


def descriptions(entry: save_index.SaveEntry) -> list[str]:
    """The entry's line, from the fullest to the shortest."""
    if entry.problem:
        return [f"{entry.title}: cannot be loaded ({entry.problem})",
                f"{entry.title}: cannot be loaded"]
    title = f"{entry.title}{' [sample]' if entry.sample else ''}"
    when = entry.saved_at.astimezone().strftime("%d %b %Y %H:%M") if entry.saved_at else "?"
    names, game = entry.seat_names, game_title(entry)
    players = [f"{entry.players} players ({', '.join(names[:shown])}"
               f"{', …' if shown < len(names) else ''})" for shown in range(len(names), 0, -1)]
    parts = [*([title, game, entry.progress, who, when] for who in players),
             [title, game, entry.progress, f"{entry.players} players", when],
             [title, game, entry.progress, when], [title, game, entry.progress],
             [title, game], [title]]
    return [" · ".join(part for part in line if part) for line in parts]


def game_title(entry: save_index.SaveEntry) -> str:
    """Which game the save is, in its rules' own title ('' for a game not known here)."""
    try:
        return get_ruleset(entry.ruleset).title
    except KeyError:
        return ""


def cut_short(line: str, fits: Callable[[str], bool]) -> str:
    """`line` cut, with an ellipsis, to the longest start that fits (found by halves, so
    that a long line costs a few measures, not one a character)."""
    shortest, longest = 0, len(line) - 1  # the longest start known to fit, and to try
    while shortest < longest:
        middle = (shortest + longest + 1) // 2
        if fits(f"{line[:middle].rstrip()}…"):
            shortest = middle
        else:
            longest = middle - 1
    return f"{line[:shortest].rstrip()}…" if shortest else line[:1]


def fitted(listing: UISelectionList, entries: Sequence[save_index.SaveEntry],
           ui: pygame_gui.UIManager) -> list[str]:
    """Each entry's line as a row of `listing` shows it whole (its text set to them)."""
    rows = listing.item_list_container
    if rows is None or not entries:
        return [describe(entry) for entry in entries]
    theme = ui.get_theme()
    font = theme.get_font(ROW_IDS)
    try:
        padding = theme.get_misc_data("text_horiz_alignment_padding", ROW_IDS)
    except LookupError:
        padding = "0"
    room = rows.rect.width - (int(padding) if isinstance(padding, str) else 0)
    lines = [describe(entry, lambda line: font.size(line)[0] <= room) for entry in entries]
    listing.set_item_list(list(lines))
    return lines


def whole_rows(listing: UISelectionList) -> None:
    """Make `listing` as tall as the whole rows it has room for (its rows are as tall as the
    theme says, whatever the window's size), so that none is cut at its foot, scrolled or
    not."""
    inside = listing.list_and_scroll_bar_container
    row = listing.list_item_height
    if inside is None or row <= 0 or inside.relative_rect.height <= row:
        return
    cut = inside.relative_rect.height % row
    if cut:
        listing.set_dimensions((listing.relative_rect.width,
                                listing.relative_rect.height - cut))


def select_row(listing: UISelectionList, index: int) -> None:
    """Show row `index` of `listing` chosen, scrolled into view if it is below the rows
    shown (as the list shows a row clicked, without telling the screen of a new choice)."""
    items = listing.item_list
    inside = listing.item_list_container
    row = listing.list_item_height
    shown = inside.relative_rect.height // row if inside is not None and row > 0 else 0
    if listing.scroll_bar is not None and index >= shown:
        listing.scroll_bar.set_scroll_from_start_percentage(index / len(items))
        listing.update(0.0)  # make the buttons of the rows now in view
    items[index]["selected"] = True
    button = items[index]["button_element"]
    if button is not None:
        button.select()
