"""The table a screen is about to open (New game, the host's lobby, a friend's), drawn
ahead while that screen waits: its pictures are made then, a piece at a time in the
window's spare time, so that the table's first frame finds them made. That frame drew
them all: the baize, the Director's Board, the franc notes, the plates' words, the faces
of the cards (50 to 110 ms, against 10 to 20 ms with them made).

The rehearsal (ahead.py) deals a match of its own from the settings as they stand (pure
rules, no session, nothing kept) and draws the kit's furniture for it on a scratch
surface: the same code the table runs, so it makes the same pictures at the same sizes,
whatever the real deal turns out to be. The deal's own cards differ; every face the game
can show is among the kit's pictures ahead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.services.settings import Settings
    from game.ui.app import App

AHEAD = "the table to come"  # the work ahead's name: a newer rehearsal takes its place


@dataclass(frozen=True)
class TableToCome:
    """The table a screen is about to open, as far as its pictures go."""

    size: tuple[int, int]  # the window's
    ruleset_id: str
    options: Mapping[str, object]  # the match's (`players` counts everyone)
    names: Sequence[str]
    settings: Settings  # the cards' look
    table_players: int | None = None  # at each of two tables; None: one table
    online: bool = False  # with friends on other machines: the chat takes its place


def rehearse(app: App, table: TableToCome) -> None:
    """Draw `table` ahead in the window's spare time, in place of any table to come
    before it."""
    app.draw_ahead([lambda: _hand_on(app, table)], named=AHEAD)


def _hand_on(app: App, table: TableToCome) -> None:
    # Imported here, as work ahead: the table's modules, imported by the screen that
    # asks, held its first frame (New game's).
    from game.ui.table.ahead import pieces

    app.draw_ahead(pieces(table), named=AHEAD)
