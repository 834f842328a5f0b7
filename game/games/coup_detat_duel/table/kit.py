"""The table's kit for the game for two: the scoresheet in place of the Director's Board,
the chart of the hand in play in place of the Treasury, the Bastille on the felt, JOKER as
the wild card, the exchange done by picking cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.cards import JOKER, Card
from game.engine.ruleset import Event
from game.games.coup_detat_duel.ai.hard import describe
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import SUITED, in_display_order
from game.games.coup_detat_duel.rules.decisions import SetAside
from game.games.coup_detat_duel.rules.state import Phase
from game.games.coup_detat_duel.rules.view import DuelView
from game.games.coup_detat_duel.table import hud
from game.games.coup_detat_duel.table.arrange import (
    BEFORE_PLAY,
    bastille_spot,
    duel_targets,
)
from game.games.coup_detat_duel.table.controls import duel_buttons
from game.games.coup_detat_duel.table.results import DuelGameOverScene, DuelHandResultScene
from game.rules.card_play import CardPlayed
from game.ui import text
from game.ui.table import hud as shared_hud
from game.ui.table.arrange import Key, drawn_for_director
from game.ui.table.beats import CARD_PLAY_TIMINGS, NO_TIMING, Timing, deal_order, fade_in
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

DUEL_TIMINGS: dict[type, Timing] = CARD_PLAY_TIMINGS | {
    ev.Cut: Timing(after=1.1, sound="deal"),
    ev.CutTied: Timing(after=0.6),
    ev.PrimeMinisterAppointed: Timing(after=0.6),
    ev.Dealt: Timing(move=0.35, stagger=0.03, after=0.2, sound="deal"),
    ev.CoupAnnounced: Timing(after=1.0, sound="fanfare"),
    ev.NoCoup: Timing(after=0.5),
    ev.HandTypeChosen: Timing(after=0.6),
    ev.SetAside: Timing(move=0.4, after=0.2, sound="card"),
    ev.DrewFromBastille: Timing(move=0.45, after=0.3, sound="deal"),
    ev.QueenOfHeartsInBastille: Timing(after=1.4),
    ev.ExchangeEnded: Timing(move=0.3, after=0.3),
    ev.TrickWon: Timing(move=0.4, hold=0.7, after=0.15, sound="trick"),
    ev.WentOut: Timing(after=0.5),
    ev.LayoutBlocked: Timing(after=0.8),
    ev.HandWon: Timing(after=0.8, sound="fanfare"),
    ev.PrimeMinisterChanged: Timing(after=0.6),
    ev.RoundStarted: Timing(after=0.4),
    ev.TiebreakStarted: Timing(after=1.0),
}
SETTLING = (ev.HandWon, ev.PrimeMinisterChanged, ev.RoundEnded, ev.RoundStarted,
            ev.TiebreakStarted)
"""The events a hand result tells: the point, the office, the round's end."""


class DuelCards(PlayedCards):
    """The cards of the game for two: twelve a hand, JOKER the wild card, the Bastille and
    the cards set aside in the exchange, picked by clicking them."""

    wild = JOKER

    def targets(self, table: TableState, hand: Hand) -> dict[Key, Placement]:
        return duel_targets(table.table, table.layout, table.bottom, playable=hand.playable,
                            selected=hand.selected, marked=hand.marked, choosing=hand.choosing)

    def event_targets(self, event: Event | None, layout: TableLayout,
                      bottom: int) -> dict[Key, Placement]:
        if isinstance(event, ev.Cut):  # the cut, face up before each player
            return drawn_for_director(event.cuts, layout, bottom)
        return {}

    def deal_order(self, view: DuelView, targets: dict[Key, Placement]) -> dict[Key, int]:
        return deal_order(view.seat, view.prime_minister, view.players, targets)

    def spawner(self, layout: TableLayout, bottom: int, view: DuelView,
                event: Event | None) -> Spawn:
        def spawn(key: Key, target: Placement) -> Placement:
            small = layout.small_card_width
            if isinstance(event, ev.Dealt) and view.prime_minister is not None:
                x, y = layout.place_of(view.prime_minister, bottom).hand
                return Placement(float(x), float(y), face_up=False, width=small, z=target.z)
            if isinstance(event, CardPlayed | ev.SetAside):
                x, y = layout.place_of(event.seat, bottom).hand
                return Placement(float(x), float(y), face_up=False, z=target.z,
                                 width=target.width or layout.card_width)
            if isinstance(event, ev.DrewFromBastille):
                bx, by = bastille_spot(layout, view)
                return Placement(bx, by, face_up=False, width=small, z=target.z)
            return fade_in(target)

        return spawn

    def in_hand_order(self, view: DuelView) -> list[Card]:
        return in_display_order(view.hand)

    def named_by(self, decision: Any) -> tuple[Card, ...]:
        if isinstance(decision, SetAside):
            return tuple(decision.cards)
        return super().named_by(decision)

    def collects_cards(self, view: DuelView) -> bool:
        return view.phase is Phase.EXCHANGE and view.to_act == view.seat

    def in_play(self, view: DuelView) -> bool:
        return view.hand_type is not None

    def between_hands(self, view: DuelView) -> bool:
        return view.phase in (Phase.DEAL, Phase.OVER)


class DuelKit:
    motion = None  # nothing moves but the cards
    knocked_out = None  # both play every hand to the end
    several_tables = None  # played at one table only
    told_over_table: Mapping[type, str | None] = {
        ev.QueenOfHeartsInBastille:
            "The Queen of Hearts stayed in the Bastille: Marie is dealt again.",
        ev.CutTied: "The cut is a tie: cut again.",
    }

    def __init__(self) -> None:
        self.cards = DuelCards()

    def timing(self, event: Event) -> Timing:
        return DUEL_TIMINGS.get(type(event), NO_TIMING)

    def starts_hand(self, event: Event) -> bool:
        return isinstance(event, ev.Dealt)

    def settles(self, event: Event) -> bool:
        return isinstance(event, SETTLING)

    def describe(self, decision: Any, view: Any, names: Sequence[str]) -> str:
        return describe(decision)

    def prompt(self, view: DuelView) -> str:
        if view.phase is Phase.EXCHANGE:
            return "Click the cards to set aside, then confirm"
        if view.dominoes is not None and view.dominoes.runner == view.seat:
            return "Ace on a King: lay another card, or stop"
        return "Your turn: play a highlighted card"

    def prompt_bottom(self, layout: TableLayout) -> int:
        return layout.prompt_bottom

    def plates(self, view: DuelView, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        return [layout.place_of(seat, bottom).plate for seat in range(view.players)]

    def art_ahead(self, layout: TableLayout, view: DuelView, art: CardArt) -> ArtAhead:
        """Later: every card's face at the hand's width (the viewer's own first), then in
        the last trick's panel."""
        widths = (layout.card_width,
                  shared_hud.last_trick_width(layout.last_trick, view.players, layout.scale))
        return ArtAhead(later=[partial(art.face, card, width) for width in widths
                               for card in own_first(view.hand, (*SUITED, JOKER))])

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                table: PanelHost) -> DecisionButtons:
        return duel_buttons(ui, layout, legal, table)

    def furniture(self, surface: pygame.Surface, table: TableState,
                  light: text.SuitColours) -> None:
        view, shown, layout = table.view, table.table, table.layout
        scale = layout.scale
        hud.draw_banner(surface, layout.banner, view, table.naming, scale, light)
        hud.draw_scoresheet(surface, layout.board, view, table.names, scale)
        hud.draw_chart(surface, layout.treasury, shown, scale)
        shared_hud.draw_last_trick(surface, layout.last_trick, shown.tricks_done, table.names,
                                   table.card_art, scale, light,
                                   dominoes="Dominoes" if shown.dominoes is not None else None,
                                   wild=JOKER)
        for seat in range(view.players):
            status = hud.seat_status(shown, seat, thinking=seat == table.thinking,
                                     now=table.now)
            hud.draw_plate(surface, table.place_of(seat).plate, name=table.names[seat],
                           view=view, seat=seat, scale=scale, to_act=table.lit(seat),
                           status=status)
        _bastille_label(surface, layout, shown)
        if shown.dominoes is not None:
            shared_hud.suit_guide(surface, layout.dominos, scale, light)

    def overlay_after(self, app: App, table: TableTold, beat: Beat) -> Scene | None:
        if isinstance(beat.event, ev.HandEnded):
            return DuelHandResultScene(app, table, beat)
        if isinstance(beat.event, ev.GameEnded):
            return self.game_over(app, table)
        return None

    def game_over(self, app: App, table: TableTold) -> Scene:
        return DuelGameOverScene(app, table)


def _bastille_label(surface: pygame.Surface, layout: TableLayout, view: DuelView) -> None:
    if not view.bastille_size:
        return
    x, y = bastille_spot(layout, view)
    below = y + layout.small_card_width * 0.75
    words = "Bastille" if view.phase in BEFORE_PLAY else "Out of play"
    hud.draw_pile_label(surface, (x, below), f"{words} ({view.bastille_size})", layout.scale)
