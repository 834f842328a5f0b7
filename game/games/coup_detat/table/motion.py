"""What moves on the 1966 table besides the cards: the daggers of the Director's Board,
gliding to the column of the hand just named (or back, after an undo), and the franc
notes flying from plate to plate, or to and from the Treasury, as money changes hands."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.ruleset import Event
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.coup_detat.table import hud
from game.games.coup_detat.table.beats import money_movement
from game.games.coup_detat.table.money import NOTE_VALUES
from game.ui import art
from game.ui.table.layout import TableLayout
from game.ui.table.state import TableState

DAGGER_SNAP = 0.5  # pixels: a dagger this near its place is put there
DAGGER_PULL = 5.0  # a gliding dagger covers this share of its way a second (at most all)


@dataclass
class FlyingNote:
    start: tuple[float, float]
    end: tuple[float, float]
    value: int
    begins: float
    duration: float


class BoardMotion:
    def __init__(self) -> None:
        self.daggers: list[float] = []  # where each hand type's dagger stands now (x)
        self.notes: list[FlyingNote] = []

    @staticmethod
    def dagger_places(view: CoupDetatView, layout: TableLayout) -> list[float]:
        """Where the daggers belong: each hand type's in the column of its play."""
        geometry = hud.board_geometry(layout.board, view.rounds, layout.scale)
        return [float(geometry.columns[min(column, view.rounds)]) for column in view.daggers]

    def arranged(self, view: CoupDetatView, layout: TableLayout) -> None:
        if not self.daggers:
            self.daggers = self.dagger_places(view, layout)

    def show(self, event: Event, layout: TableLayout, bottom: int, now: float,
             duration: float) -> None:
        movement = money_movement(event)
        if movement is None or duration <= 0:
            return
        source, target, amount = movement
        value = max((v for v in NOTE_VALUES if v <= amount), default=min(NOTE_VALUES))
        self.notes.append(FlyingNote(_money_spot(source, layout, bottom),
                                     _money_spot(target, layout, bottom), value, now,
                                     duration))

    def settle(self, view: CoupDetatView, layout: TableLayout, now: float, dt: float, *,
               instant: bool) -> None:
        places = self.dagger_places(view, layout)
        if len(self.daggers) != len(places) or instant:
            self.daggers = places
        else:
            pull = min(1.0, dt * DAGGER_PULL)
            self.daggers = [place if abs(place - x) < DAGGER_SNAP else x + (place - x) * pull
                            for x, place in zip(self.daggers, places, strict=True)]
        self.notes = [note for note in self.notes if now < note.begins + note.duration]

    def moving(self, view: CoupDetatView, layout: TableLayout) -> bool:
        places = self.dagger_places(view, layout)
        return bool(self.notes) or len(self.daggers) != len(places) or any(
            x != place for x, place in zip(self.daggers, places, strict=True))

    def finish(self) -> None:
        self.notes.clear()

    def forget(self) -> None:
        self.daggers = []

    def draw(self, surface: pygame.Surface, table: TableState) -> None:
        """The notes in flight, each along a little hop."""
        scale = table.layout.scale
        width = round(54 * scale)
        for note in self.notes:
            t = min(1.0, max(0.0, (table.now - note.begins) / note.duration))
            ease = 1 - (1 - t) ** 3
            arc = 40 * scale * 4 * t * (1 - t)
            x = note.start[0] + (note.end[0] - note.start[0]) * ease
            y = note.start[1] + (note.end[1] - note.start[1]) * ease - arc
            image = art.franc_note(note.value, width)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))


def _money_spot(seat: int | None, layout: TableLayout, bottom: int) -> tuple[float, float]:
    """A seat's plate, or (None) the Treasury."""
    if seat is None:
        return layout.treasury.center
    return layout.place_of(seat, bottom).plate.center
