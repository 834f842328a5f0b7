"""The table a screen is about to open (New game, the host's lobby, a friend's), drawn
ahead while that screen waits: its pictures are made then, a piece at a time in the
window's spare time, so that the table's first frame finds them made. That frame drew
them all: the baize, the Director's Board, the franc notes, the plates' words, the faces
of the cards (50 to 110 ms, against 10 to 20 ms with them made).

The rehearsal deals a match of its own from the settings as they stand (pure
rules, no session, nothing kept) and draws the kit's furniture for it on a scratch
surface: the same code the table runs, so it makes the same pictures at the same sizes,
whatever the real deal turns out to be. The deal's own cards differ; every face the game
can show is among the kit's pictures ahead.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.rules.words import Naming
from game.ui import art, text

if TYPE_CHECKING:
    from game.services.settings import Settings
    from game.ui.app import App
    from game.ui.table.kit import Drawing
    from game.ui.table.layout import TableLayout

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
    before it. A rehearsal that fails stops there and says nothing: it only saves time,
    and the table, once opened, makes what it needs itself (or says what is wrong). The
    tests see that it succeeds for every game (tests/test_ui_table_to_come.py)."""
    app.ahead.draw([lambda: _hand_on(app, table)], named=AHEAD)


def _hand_on(app: App, table: TableToCome) -> None:
    try:
        made = pieces(table)
    except Exception:  # see rehearse
        return
    app.ahead.draw([partial(_quietly, piece) for piece in made], named=AHEAD)


def _quietly(piece: Drawing) -> None:
    with contextlib.suppress(Exception):  # see rehearse
        piece()


def pieces(table: TableToCome) -> list[Drawing]:
    """The pieces that draw `table` ahead, each a few milliseconds: what the table makes
    as it opens, its furniture, then what it makes later (the faces of the cards)."""
    # Imported here, as work ahead: the table's modules, imported by the screen that
    # asks for a rehearsal, held its first frame (New game's).
    from game.ui.table.kit import kit_for
    from game.ui.table.render import suit_colours
    from game.ui.table.scene import card_art
    from game.ui.table.state import TableState

    players = table.table_players or _players(table.options)
    layout = _layout(table, players)
    view = _dealt(table, players).view(0)
    kit = kit_for(table.ruleset_id)
    if kit.motion is not None:
        kit.motion.arranged(view, layout)
    names = [*table.names[:players], *(f"Player {seat + 1}"
                                       for seat in range(len(table.names), players))]
    cards = card_art(table.settings)
    state = TableState(view=view, table=view, layout=layout, bottom=0, names=names,
                       naming=Naming(names, 0), now=0.0, thinking=None, caught_up=True,
                       card_art=cards)
    light = text.on_dark(suit_colours(cards))
    scratch = pygame.Surface(table.size)
    artwork = kit.art_ahead(layout, view, cards)
    return [lambda: art.felt(layout.felt.size),
            *(lambda width=width: cards.back(width)
              for width in {layout.card_width, layout.small_card_width}),
            *artwork.now, lambda: kit.furniture(scratch, state, light), *artwork.later]


def _players(options: Mapping[str, object]) -> int:
    players = options.get("players")
    if not isinstance(players, int):
        raise ValueError("a table to come names its players")
    return players


def _layout(table: TableToCome, players: int) -> TableLayout:
    """The table's layout as the table will work it out (scene.py's `_laid_out`)."""
    from game.ui.table.layout import hand_for, table_layout, with_chat, with_other_table

    layout = table_layout(table.size, players, hand_for(table.ruleset_id, players))
    if table.table_players is not None:
        layout, _ = with_other_table(layout)
    if table.online:
        layout, _ = with_chat(layout)
    return layout


def _dealt(table: TableToCome, players: int) -> Match:
    """A match dealt for the rehearsal alone, its players those of one table."""
    ruleset = get_ruleset(table.ruleset_id)
    options = {**table.options, "players": players}
    match = Match(ruleset, ruleset.parse_options(options), chance=seeded_chance(ruleset, 0))
    match.advance()
    return match
