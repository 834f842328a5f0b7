"""The review's strip at the foot of the window: the whole game from left to right, a tick
a hand, a dot for each decision of the reviewed seat, coloured as Hard judged it (grey
while it thinks, green when the move was as good as its own, amber when it cost a little,
red when it cost more than the game's threshold), and a line saying how far Hard has
come."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.rules.words import counted
from game.services.review import HAND, Judgement, Words
from game.services.review_place import ReviewPlace
from game.services.reviewing import ReviewRun
from game.ui import text
from game.ui.theme import CRIMSON, GOLD, INK, MUTED, panel

PENDING, FORCED = (120, 120, 120), (70, 80, 74)
GOOD, SMALL, COSTLY = (96, 186, 110), (226, 176, 64), CRIMSON


def colour_of(judgement: Judgement | None, words: Words) -> tuple[int, int, int]:
    """A decision's colour: not judged yet, forced, as good as Hard's, a little, costly."""
    if judgement is None:
        return PENDING
    if not judgement.judged:
        return FORCED
    if judgement.mistake(words.threshold):
        return COSTLY
    return SMALL if judgement.cost > 0 else GOOD


class ReviewStrip:
    def __init__(self, rect: Rect, scale: float, names: list[str]) -> None:
        self.rect, self.scale, self.names = rect, scale, names
        self._drawn: tuple[object, pygame.Surface] | None = None

    def dot_x(self, place: ReviewPlace, turn: int) -> int:
        """Where a decision sits on the strip: the whole game from left to right."""
        inner = self.rect.inflate(-round(40 * self.scale), 0)
        share = turn / max(1, len(place.match.turns))
        return inner.left + round(share * inner.width)

    def turn_at(self, place: ReviewPlace, x: int) -> int | None:
        """The seat's decision whose dot is nearest `x`."""
        if not place.seat_turns:
            return None
        return min(place.seat_turns, key=lambda turn: abs(self.dot_x(place, turn) - x))

    def draw(self, surface: pygame.Surface, place: ReviewPlace, run: ReviewRun,
             trouble: str | None) -> None:
        """The strip (drawn again when a judgement comes in), and where the review is."""
        key = (place.seat, run.done, run.stopped, self.rect.size, trouble)
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, self._image(place, run, trouble))
        surface.blit(self._drawn[1], self.rect.topleft)
        scale, x = self.scale, self.dot_x(place, place.turn)
        line_y = self.rect.top + round(44 * scale)
        pygame.draw.line(surface, GOLD, (x, line_y - round(14 * scale)),
                         (x, line_y + round(14 * scale)), width=max(2, round(3 * scale)))

    def _image(self, place: ReviewPlace, run: ReviewRun, trouble: str | None) -> pygame.Surface:
        """How far Hard has come, a tick a hand, a dot a decision of the seat."""
        scale, width = self.scale, self.rect.width
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        inner = image.get_rect().inflate(-round(12 * scale), -round(8 * scale))
        panel(image, inner, (8, 14, 10, 230), radius=10, border=GOLD)
        size = max(11, round(14 * scale))
        image.blit(text.render(self.progress(place, run, trouble), size, INK, bold=True),
                   (round(20 * scale), round(8 * scale)))
        if not run.complete:  # the bar left of Stop judging
            bar = Rect(0, 0, round(140 * scale), max(4, round(8 * scale)))
            bar.midright = (width - round(380 * scale), round(20 * scale))
            pygame.draw.rect(image, FORCED, bar, border_radius=4)
            done = bar.copy()
            done.width = round(bar.width * run.done / max(1, run.total))
            pygame.draw.rect(image, GOLD, done, border_radius=4)
        line_y, left = round(44 * scale), self.rect.left
        for hand_start in place.starts[HAND]:
            x = self.dot_x(place, hand_start) - left
            pygame.draw.line(image, MUTED, (x, line_y - round(10 * scale)),
                             (x, line_y + round(10 * scale)))
        judgements = run.judgements
        for number, turn in enumerate(place.seat_turns):
            judgement = judgements[number] if number < len(judgements) else None
            costly = judgement is not None and judgement.mistake(place.words.threshold)
            radius = round((6 if costly else 3.5) * scale) or 2
            pygame.draw.circle(image, colour_of(judgement, place.words),
                               (self.dot_x(place, turn) - left, line_y), radius)
        return image

    def progress(self, place: ReviewPlace, run: ReviewRun, trouble: str | None) -> str:
        """The strip's line: how far Hard has judged, then how many decisions cost."""
        words, name = place.words, self.names[place.seat]
        costly = sum(j.mistake(words.threshold) for j in run.judgements)
        marked = f"{costly} cost more than {words.size(words.threshold)}"
        if run.complete:
            told = f"Hard has judged {name}'s {counted(run.total, 'decision')}: {marked}."
        else:
            told = f"Hard is judging {name}'s decisions: {run.done} of {run.total}, " \
                   f"{marked} so far."
        return " ".join(part for part in (told, run.problem, trouble) if part)
