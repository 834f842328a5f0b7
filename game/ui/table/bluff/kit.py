"""The table's kit for the bluffing games (`coup`, `coup-inquisitor`): no playing cards
glide here; the players sit in a ring with their influences and coins, the court deck lies
in the middle, the banner tells the claim under way, and every decision is a button."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.cards import COUP, Card
from game.engine.match import Match
from game.engine.ruleset import Event
from game.rules.coup_bluff import events as ev
from game.rules.coup_bluff.charts import ABILITIES
from game.rules.coup_bluff.state import Phase
from game.rules.coup_bluff.view import CoupView
from game.services import stats
from game.ui import text
from game.ui.table.beats import Timing
from game.ui.table.bluff import hud
from game.ui.table.bluff.controls import BluffWords, bluff_buttons
from game.ui.table.bluff.picker import PICKED_BY_CLICKS
from game.ui.table.controls import DecisionButtons
from game.ui.table.kit import Key, Spawn
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.app import App
    from game.ui.scene import Scene
    from game.ui.table.beats import Beat
    from game.ui.table.scene import TableScene

BLUFF_TIMINGS: dict[type, Timing] = {
    ev.Dealt: Timing(after=0.6, sound="deal"),
    ev.ActionDeclared: Timing(after=0.8, sound="card"),
    ev.Challenged: Timing(after=1.0, sound="coup"),
    ev.Blocked: Timing(after=1.0, sound="coup"),
    ev.ClaimProven: Timing(after=1.0),
    ev.ClaimFailed: Timing(after=1.0),
    ev.InfluenceLost: Timing(after=0.9, sound="card"),
    ev.Exiled: Timing(after=0.8),
    ev.CoinsTaken: Timing(after=0.4),
    ev.Stole: Timing(after=0.5),
    ev.RoundWon: Timing(after=1.0, sound="coup"),
    ev.MatchWon: Timing(after=0.5),
}
ANNOUNCED = (ev.ActionDeclared, ev.Challenged, ev.Blocked, ev.ClaimProven, ev.ClaimFailed,
             ev.InfluenceLost, ev.ActionBlocked, ev.CalledCoupHit, ev.CalledCoupMissed,
             ev.Exiled, ev.RoundWon)
"""The events told over the table as well as in the log."""
BEFORE_THE_PLAY = (Phase.START, Phase.DEAL, Phase.PICK, Phase.OVER)
"""Phases in which nobody holds influences yet (or any more): nobody is out."""


class BluffKit:
    wild = COUP  # no card is led here: nothing is wild

    def targets(self, view: CoupView, layout: TableLayout, bottom: int, *,
                playable: Collection[Card], selected: Card | None, marked: Collection[Card],
                choosing: bool) -> dict[Key, Placement]:
        return {}  # the influences are drawn with the plates

    def event_targets(self, event: Event | None, layout: TableLayout,
                      bottom: int) -> dict[Key, Placement]:
        return {}

    def timing(self, event: Event) -> Timing:
        return BLUFF_TIMINGS.get(type(event), Timing(after=0.2))

    def deal_order(self, view: CoupView, targets: dict[Key, Placement]) -> dict[Key, int]:
        return {}

    def spawner(self, layout: TableLayout, bottom: int, view: CoupView,
                event: Event | None) -> Spawn:
        return lambda key, target: target

    def in_hand_order(self, view: CoupView) -> list[Card]:
        return []

    def starts_hand(self, event: Event) -> bool:
        return isinstance(event, ev.Dealt | ev.SetsDealt)

    def settles(self, event: Event) -> bool:
        return isinstance(event, ev.RoundWon | ev.MatchWon)

    def between_hands(self, view: CoupView) -> bool:
        return False

    def in_play(self, view: CoupView) -> bool:
        return view.phase is not Phase.OVER

    def collects_cards(self, view: CoupView) -> bool:
        return view.phase in PICKED_BY_CLICKS  # Enter decides with the cards picked

    def remark(self, event: Event) -> str | None:
        return None

    def announces(self, event: Event) -> bool:
        return isinstance(event, ANNOUNCED)

    def describe(self, decision: Any, view: CoupView, names: Sequence[str]) -> str:
        return BluffWords(view, names).label(decision)

    def picked_by(self, decision: Any) -> set[Card]:
        return set()

    def prompt(self, view: CoupView) -> str:
        return "Your decision: choose a button"

    def prompt_bottom(self, layout: TableLayout) -> int:
        return hud.seat_spots(layout, 1, 0)[0].plate.top - round(6 * layout.scale)

    def plates(self, view: CoupView, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        return [spot.plate for spot in hud.spots_for(layout, view, bottom)]

    def dagger_targets(self, view: CoupView, layout: TableLayout) -> list[float]:
        return []

    def knocked_out(self, view: CoupView, seat: int) -> bool:
        dealt = view.phase not in BEFORE_THE_PLAY
        return dealt and seat < len(view.alive) and not view.alive[seat]

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                scene: TableScene) -> DecisionButtons:
        return bluff_buttons(ui, layout, legal, scene)

    def furniture(self, surface: pygame.Surface, scene: TableScene, view: CoupView,
                  table: CoupView, now: float, light: text.SuitColours) -> None:
        layout, names = scene.layout, scene.names
        hud.draw_banner(surface, layout.banner, view, scene.naming, layout.scale)
        variant = scene.ruleset.variant  # type: ignore[attr-defined]
        hud.draw_side(surface, layout, view, names, variant.characters, ABILITIES)
        hud.draw_deck(surface, layout, view, art=scene.card_art)
        thinking = scene.session.thinking
        spots = hud.spots_for(layout, view, scene.seating.bottom)
        for seat, spot in enumerate(spots):
            status = "thinking…" if seat == thinking else ""
            hud.draw_seat(surface, spot, view, seat, name=names[seat], status=status,
                          to_act=seat == view.to_act and scene.caught_up, scale=layout.scale,
                          art=scene.card_art)

    def overlay_after(self, app: App, table: TableScene, beat: Beat) -> Scene | None:
        from game.ui.table.bluff.results import BetweenRoundsScene

        if isinstance(beat.event, ev.MatchWon):
            return self.game_over(app, table)
        view = table.view(beat.state)
        if isinstance(beat.event, ev.RoundWon) and sum(view.round_wins) < view.rounds:
            return BetweenRoundsScene(app, table, view, beat.event.seat)
        return None

    def game_over(self, app: App, table: TableScene) -> Scene:
        from game.ui.table.bluff.results import BluffGameOverScene

        return BluffGameOverScene(app, table)

    def statistics(self, match: Match, humans: Collection[int]) -> stats.GameRecord | None:
        return stats.record_for_bluff(match, humans)
