"""The table's kit for the 1966 game (3 or 4 players): the Director's Board with its
daggers, the Treasury, the plates with money, COUP as the wild card."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.hard import describe
from game.cards import COUP, Card
from game.engine.match import Match
from game.engine.ruleset import Event
from game.rules.coup_detat import events as ev
from game.rules.coup_detat.charts import HandType, in_display_order
from game.rules.coup_detat.state import Phase
from game.rules.coup_detat.view import CoupDetatView
from game.services import stats
from game.ui import text
from game.ui.table import hud
from game.ui.table.arrange import arrange, drawn_for_director
from game.ui.table.beats import SETTLING, Timing, deal_order, spawner, timing
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


class CoupDetatKit:
    wild = COUP

    def targets(self, view: CoupDetatView, layout: TableLayout, bottom: int, *,
                playable: Collection[Card], selected: Card | None, marked: Collection[Card],
                choosing: bool) -> dict[Key, Placement]:
        return arrange(view, layout, bottom, playable=playable, selected=selected,
                       choosing=choosing)

    def event_targets(self, event: Event | None, layout: TableLayout,
                      bottom: int) -> dict[Key, Placement]:
        if isinstance(event, ev.DrewForDirector):  # the draw, face up before each player
            return drawn_for_director(event.draws, layout, bottom)
        return {}

    def timing(self, event: Event) -> Timing:
        return timing(event)

    def deal_order(self, view: CoupDetatView, targets: dict[Key, Placement]) -> dict[Key, int]:
        return deal_order(view.seat, view.director, view.players, targets)

    def spawner(self, layout: TableLayout, bottom: int, view: CoupDetatView,
                event: Event | None) -> Spawn:
        return spawner(layout, bottom, view, event)  # type: ignore[no-any-return]

    def in_hand_order(self, view: CoupDetatView) -> list[Card]:
        return in_display_order(view.hand, view.players, view.hand_type is HandType.DOMINOS)

    def starts_hand(self, event: Event) -> bool:
        return isinstance(event, ev.Dealt)

    def settles(self, event: Event) -> bool:
        return isinstance(event, SETTLING)

    def between_hands(self, view: CoupDetatView) -> bool:
        return view.phase in (Phase.DEAL, Phase.OVER)

    def in_play(self, view: CoupDetatView) -> bool:
        return view.hand_type is not None

    def collects_cards(self, view: CoupDetatView) -> bool:
        return False

    def announces(self, event: Event) -> bool:
        return False

    def remark(self, event: Event) -> str | None:
        return None

    def describe(self, decision: Any, view: Any, names: Sequence[str]) -> str:
        return describe(decision)

    def picked_by(self, decision: Any) -> set[Card]:
        return set()

    def prompt(self, view: CoupDetatView) -> str:
        if view.dominos is not None and view.dominos.runner == view.seat:
            return "Ace on a King: lay another card, or stop"
        return "Your turn: play a highlighted card"

    def prompt_bottom(self, layout: TableLayout) -> int:
        return layout.prompt_bottom

    def plates(self, view: CoupDetatView, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        return [layout.place_of(seat, bottom).plate for seat in range(view.players)]

    def dagger_targets(self, view: CoupDetatView, layout: TableLayout) -> list[float]:
        geometry = hud.board_geometry(layout.board, view.rounds, layout.scale)
        return [float(geometry.columns[min(column, view.rounds)]) for column in view.daggers]

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                scene: TableScene) -> DecisionButtons:
        return DecisionButtons(ui, layout, legal, scene)

    def furniture(self, surface: pygame.Surface, scene: TableScene, view: CoupDetatView,
                  table: CoupDetatView, now: float, light: text.SuitColours) -> None:
        layout = scene.layout
        scale = layout.scale
        hud.draw_banner(surface, layout.banner, view, scene.naming, scale, light)
        geometry = hud.board_geometry(layout.board, view.rounds, scale)
        hud.draw_board(surface, geometry, view, scene.daggers, scale)
        hud.draw_treasury(surface, layout.treasury, view, scene.naming, scale)
        hud.draw_last_trick(surface, layout.last_trick, table.tricks_done, scene.names,
                            scene.card_art, scale, light,
                            dominoes="Dominos" if table.dominos is not None else None)
        _plates(surface, scene, view, now)
        if table.dominos is not None:
            _dominos_guide(surface, scene, table, light)

    def overlay_after(self, app: App, table: TableScene, beat: Beat) -> Scene | None:
        from game.ui.scenes.results import HandResultScene

        if isinstance(beat.event, ev.HandEnded):
            return HandResultScene(app, table, beat)
        if isinstance(beat.event, ev.GameEnded):
            return self.game_over(app, table)
        return None

    def game_over(self, app: App, table: TableScene) -> Scene:
        from game.ui.scenes.results import GameOverScene

        return GameOverScene(app, table)

    def knocked_out(self, view: CoupDetatView, seat: int) -> bool:
        return False  # everyone plays every hand to the end

    def statistics(self, match: Match, humans: Collection[int]) -> stats.GameRecord | None:
        return stats.record_for_coup_detat(match, humans)


def _plates(surface: pygame.Surface, scene: TableScene, view: CoupDetatView,
            now: float) -> None:
    thinking = scene.session.thinking
    for seat in range(view.players):
        place = scene.layout.place_of(seat, scene.seating.bottom)
        status = hud.seat_status(view, seat, thinking=seat == thinking, now=now)
        hud.draw_plate(surface, place.plate, name=scene.names[seat], view=view, seat=seat,
                       scale=scene.layout.scale, to_act=seat == view.to_act and scene.caught_up,
                       status=status)


def _dominos_guide(surface: pygame.Surface, scene: TableScene, view: CoupDetatView,
                   light: text.SuitColours) -> None:
    area = scene.layout.dominos
    scale = scene.layout.scale
    hud.suit_guide(surface, area, scale, light)
    if view.dominos is not None and view.dominos.starting_rank is not None:
        hud.blit_text(surface, f"Starting rank: {view.dominos.starting_rank.word}",
                      round(15 * scale), hud.GOLD,
                      (area.centerx, area.top - round(6 * scale)), anchor="midbottom")
