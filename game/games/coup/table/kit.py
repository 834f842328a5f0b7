"""The table's kit for the bluffing games (`coup`, `coup-inquisitor`): no playing cards
glide here; the players sit in a ring with their influences and coins, the court deck lies
in the middle, the banner tells the claim under way, and every decision is a button."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.ruleset import Event
from game.games.coup.rules import events as ev
from game.games.coup.rules.charts import ABILITIES
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView
from game.games.coup.table import hud
from game.games.coup.table.controls import BluffWords, bluff_buttons
from game.games.coup.table.results import BetweenRoundsScene, BluffGameOverScene
from game.ui import text
from game.ui.table.beats import Timing
from game.ui.table.controls import DecisionButtons
from game.ui.table.host import PanelHost
from game.ui.table.kit import ArtAhead
from game.ui.table.layout import TableLayout
from game.ui.table.state import TableState

if TYPE_CHECKING:
    import pygame_gui

    from game.services.table.telling import Beat
    from game.ui.app import App
    from game.ui.art import CardArt
    from game.ui.scene import Scene
    from game.ui.table.host import TableTold

BLUFF_TIMINGS: dict[type, Timing] = {
    ev.Dealt: Timing(after=0.6, sound="deal"),
    ev.ActionDeclared: Timing(after=0.8, sound="card"),
    ev.Challenged: Timing(after=1.0, sound="fanfare"),
    ev.Blocked: Timing(after=1.0, sound="fanfare"),
    ev.ClaimProven: Timing(after=1.0),
    ev.ClaimFailed: Timing(after=1.0),
    ev.InfluenceLost: Timing(after=0.9, sound="card"),
    ev.Exiled: Timing(after=0.8),
    ev.CoinsTaken: Timing(after=0.4),
    ev.Stole: Timing(after=0.5),
    ev.RoundWon: Timing(after=1.0, sound="fanfare"),
    ev.MatchWon: Timing(after=0.5),
}
ANNOUNCED = (ev.ActionDeclared, ev.Challenged, ev.Blocked, ev.ClaimProven, ev.ClaimFailed,
             ev.InfluenceLost, ev.ActionBlocked, ev.CalledCoupHit, ev.CalledCoupMissed,
             ev.Exiled, ev.RoundWon)
"""The events told over the table as well as in the log."""
BEFORE_THE_PLAY = (Phase.START, Phase.DEAL, Phase.PICK, Phase.OVER)
"""Phases in which nobody holds influences yet (or any more): nobody is out."""


def knocked_out(view: CoupView, seat: int) -> bool:
    """A player who has lost his last influence watches until the round ends."""
    dealt = view.phase not in BEFORE_THE_PLAY
    return dealt and seat < len(view.alive) and not view.alive[seat]


class BluffKit:
    cards = None  # the influences are drawn on the plates, the court deck in the middle
    motion = None  # nothing moves
    several_tables = None  # played at one table only
    knocked_out = staticmethod(knocked_out)
    told_over_table: Mapping[type, str | None] = dict.fromkeys(ANNOUNCED)  # as narrated

    def timing(self, event: Event) -> Timing:
        return BLUFF_TIMINGS.get(type(event), Timing(after=0.2))

    def starts_hand(self, event: Event) -> bool:
        return isinstance(event, ev.Dealt | ev.SetsDealt)

    def settles(self, event: Event) -> bool:
        return isinstance(event, ev.RoundWon | ev.MatchWon)

    def describe(self, decision: Any, view: CoupView, names: Sequence[str]) -> str:
        return BluffWords(view, names).label(decision)

    def prompt(self, view: CoupView) -> str:
        return "Your decision: choose a button"

    def prompt_bottom(self, layout: TableLayout) -> int:
        return hud.seat_spots(layout, 1, 0)[0].plate.top - round(6 * layout.scale)

    def plates(self, view: CoupView, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        return [spot.plate for spot in hud.spots_for(layout, view, bottom)]

    def art_ahead(self, layout: TableLayout, view: CoupView, art: CardArt) -> ArtAhead:
        """Now: the backs of the court deck and the plates' influences, and the viewer's
        own influences; later: every character at the plates' widths."""
        own, *others = [hud.card_width(spot, layout.scale)
                        for spot in hud.seat_spots(layout, view.players, 0)]
        widths = {own, *others}
        backs = [partial(art.back, width)
                 for width in {*widths, hud.deck_card_width(layout.scale)}]
        hand = [partial(hud.character_image, character, own, view.variant, art)
                for character in view.hand]
        every = [partial(hud.character_image, character, width, view.variant, art)
                 for width in sorted(widths, reverse=True)
                 for character in hud.VARIANTS[view.variant].characters]
        return ArtAhead(now=[*backs, *hand], later=every)

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                table: PanelHost) -> DecisionButtons:
        return bluff_buttons(ui, layout, legal, table)

    def furniture(self, surface: pygame.Surface, table: TableState,
                  light: text.SuitColours) -> None:
        view, layout, names = table.view, table.layout, table.names
        hud.draw_banner(surface, layout.banner, view, table.naming, layout.scale)
        characters = hud.VARIANTS[view.variant].characters
        hud.draw_side(surface, layout, view, names, characters, ABILITIES)
        hud.draw_deck(surface, layout, view, art=table.card_art)
        for seat, spot in enumerate(hud.spots_for(layout, view, table.bottom)):
            status = "thinking…" if seat == table.thinking else ""
            hud.draw_seat(surface, spot, view, seat, name=names[seat], status=status,
                          to_act=table.lit(seat), scale=layout.scale, art=table.card_art)

    def overlay_after(self, app: App, table: TableTold, beat: Beat) -> Scene | None:
        if isinstance(beat.event, ev.MatchWon):
            return self.game_over(app, table)
        view = table.view(beat.state)
        if isinstance(beat.event, ev.RoundWon) and sum(view.round_wins) < view.rounds:
            return BetweenRoundsScene(app, table, view, beat.event.seat)
        return None

    def game_over(self, app: App, table: TableTold) -> Scene:
        return BluffGameOverScene(app, table)
