"""The table's kit for the 1966 game (3 or 4 players): the Director's Board with its
daggers, the Treasury, the plates with money, francs flying as they are paid, COUP as the
wild card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.cards import COUP, Card
from game.engine.ruleset import Event
from game.games.coup_detat.ai.hard import describe
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import deck_for
from game.games.coup_detat.rules.state import Phase
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.coup_detat.table import hud
from game.games.coup_detat.table.arrange import arrange, in_hand_order
from game.games.coup_detat.table.beats import SETTLING, spawner, timing
from game.games.coup_detat.table.controls import CoupDetatWords
from game.games.coup_detat.table.money import NOTE_VALUES
from game.games.coup_detat.table.motion import BoardMotion
from game.games.coup_detat.table.results import GameOverScene, HandResultScene, TwoTableResults
from game.ui import text
from game.ui.art import franc_note
from game.ui.table import hud as table_hud
from game.ui.table.arrange import Key, drawn_for_director
from game.ui.table.beats import Timing, deal_order
from game.ui.table.card_play import PlayedCards
from game.ui.table.controls import DecisionButtons
from game.ui.table.host import PanelHost
from game.ui.table.kit import ArtAhead, own_first
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement, Spawn
from game.ui.table.state import Hand, TableState

if TYPE_CHECKING:
    import pygame_gui

    from game.services.table.telling import Beat
    from game.ui.app import App
    from game.ui.art import CardArt
    from game.ui.scene import Scene
    from game.ui.table.host import TableTold


class CoupDetatCards(PlayedCards):
    """The 1966 game's cards: eight or ten a hand, COUP the wild card a leader names a
    suit for, the centre card, the tricks and the Dominos rows."""

    wild = COUP

    def targets(self, table: TableState, hand: Hand) -> dict[Key, Placement]:
        return arrange(table.table, table.layout, table.bottom, playable=hand.playable,
                       selected=hand.selected, choosing=hand.choosing)

    def event_targets(self, event: Event | None, layout: TableLayout,
                      bottom: int) -> dict[Key, Placement]:
        if isinstance(event, ev.DrewForDirector):  # the draw, face up before each player
            return drawn_for_director(event.draws, layout, bottom)
        return {}

    def deal_order(self, view: CoupDetatView, targets: dict[Key, Placement]) -> dict[Key, int]:
        return deal_order(view.seat, view.director, view.players, targets)

    def spawner(self, layout: TableLayout, bottom: int, view: CoupDetatView,
                event: Event | None) -> Spawn:
        return spawner(layout, bottom, view, event)

    def in_hand_order(self, view: CoupDetatView) -> list[Card]:
        return in_hand_order(view)

    def collects_cards(self, view: CoupDetatView) -> bool:
        return False  # each decision plays one card

    def in_play(self, view: CoupDetatView) -> bool:
        return view.hand_type is not None

    def between_hands(self, view: CoupDetatView) -> bool:
        return view.phase in (Phase.DEAL, Phase.OVER)


class CoupDetatKit:
    knocked_out = None  # everyone plays every hand to the end
    several_tables = TwoTableResults()  # six to eight play at two tables
    told_over_table: Mapping[type, str | None] = {}  # the banner and the log tell it all

    def __init__(self) -> None:
        self.cards = CoupDetatCards()
        self.motion = BoardMotion()

    def timing(self, event: Event) -> Timing:
        return timing(event)

    def starts_hand(self, event: Event) -> bool:
        return isinstance(event, ev.Dealt)

    def settles(self, event: Event) -> bool:
        return isinstance(event, SETTLING)

    def describe(self, decision: Any, view: Any, names: Sequence[str]) -> str:
        return describe(decision)

    def prompt(self, view: CoupDetatView) -> str:
        if view.dominos is not None and view.dominos.runner == view.seat:
            return "Ace on a King: lay another card, or stop"
        return "Your turn: play a highlighted card"

    def prompt_bottom(self, layout: TableLayout) -> int:
        return layout.prompt_bottom

    def plates(self, view: CoupDetatView, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        return [layout.place_of(seat, bottom).plate for seat in range(view.players)]

    def art_ahead(self, layout: TableLayout, view: CoupDetatView, art: CardArt) -> ArtAhead:
        """Now: the franc notes, on the plates and in the Treasury. Later: every card's
        face at the hand's width (the viewer's own first), then in the last trick's panel."""
        widths = (layout.card_width,
                  table_hud.last_trick_width(layout.last_trick, view.players, layout.scale))
        notes = [partial(franc_note, value, width)
                 for width in hud.note_widths(layout, view.players) for value in NOTE_VALUES]
        return ArtAhead(now=notes,
                        later=[partial(art.face, card, width) for width in widths
                               for card in own_first(view.hand, deck_for(view.players).cards)])

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                table: PanelHost) -> DecisionButtons:
        return DecisionButtons(ui, layout, legal, table, CoupDetatWords())

    def furniture(self, surface: pygame.Surface, table: TableState,
                  light: text.SuitColours) -> None:
        view, shown, layout = table.view, table.table, table.layout
        scale = layout.scale
        hud.draw_banner(surface, layout.banner, view, table.naming, scale, light)
        geometry = hud.board_geometry(layout.board, view.rounds, scale)
        hud.draw_board(surface, geometry, view, self.motion.daggers, scale)
        hud.draw_treasury(surface, layout.treasury, view, table.naming, scale)
        table_hud.draw_last_trick(surface, layout.last_trick, shown.tricks_done, table.names,
                                  table.card_art, scale, light, wild=COUP,
                                  dominoes="Dominos" if shown.dominos is not None else None)
        _plates(surface, table)
        if shown.dominos is not None:
            _dominos_guide(surface, table, light)

    def overlay_after(self, app: App, table: TableTold, beat: Beat) -> Scene | None:
        if isinstance(beat.event, ev.HandEnded):
            return HandResultScene(app, table, beat)
        if isinstance(beat.event, ev.GameEnded):
            return self.game_over(app, table)
        return None

    def game_over(self, app: App, table: TableTold) -> Scene:
        return GameOverScene(app, table)


def _plates(surface: pygame.Surface, table: TableState) -> None:
    view = table.view
    for seat in range(view.players):
        status = hud.seat_status(view, seat, thinking=seat == table.thinking, now=table.now)
        hud.draw_plate(surface, table.place_of(seat).plate, name=table.names[seat], view=view,
                       seat=seat, scale=table.layout.scale, to_act=table.lit(seat),
                       status=status)


def _dominos_guide(surface: pygame.Surface, table: TableState,
                   light: text.SuitColours) -> None:
    area = table.layout.dominos
    scale = table.layout.scale
    table_hud.suit_guide(surface, area, scale, light)
    dominos = table.table.dominos
    if dominos is not None and dominos.starting_rank is not None:
        table_hud.blit_text(surface, f"Starting rank: {dominos.starting_rank.word}",
                            round(15 * scale), table_hud.GOLD,
                            (area.centerx, area.top - round(6 * scale)), anchor="midbottom")
