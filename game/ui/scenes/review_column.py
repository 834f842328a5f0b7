"""The review's right column: where the game stands, what was played and what Hard would
have played, then how the reviewed seat's game went (its francs, hands or coins) and the
costliest decisions. A friend's review of his seat at a table hosted elsewhere tells the
others' moves as his seat was told them, and says what it cannot show."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from game.engine.ruleset import State
from game.services.review import Judgement, mistakes
from game.services.review_place import ReviewPlace
from game.services.reviewing import ReviewRun
from game.services.seat_match import SeatMatch
from game.services.seat_review import FROM_THE_SEAT, NOT_SENT, told_later
from game.ui import art, text
from game.ui.scenes.review_strip import COSTLY, GOOD, SMALL
from game.ui.table.render import suit_colours
from game.ui.theme import GOLD, INK, MUTED, panel

Line = tuple[str, tuple[int, int, int], bool]  # words, colour, bold


class ReviewColumn:
    """Drawn in its area; what is longer than the area scrolls, by the wheel or by its bar."""

    def __init__(self, names: list[str], scale: float) -> None:
        self.names, self.scale = names, scale
        self._drawn: tuple[object, pygame.Surface] | None = None
        self.offset = 0  # pixels of the column scrolled out of sight above
        self.area = Rect(0, 0, 0, 0)
        self.dragging = False
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen

    def draw(self, surface: pygame.Surface, area: Rect, place: ReviewPlace, run: ReviewRun,
             ledger: list[str], card_art: art.CardArt) -> None:
        """The column, its words laid out again only when the moment or the judgements
        change; where it is scrolled to is kept."""
        self.area = area
        key = (place.seat, place.turn, run.done, area.size, card_art)
        if self._drawn is None or self._drawn[0] != key:
            lines = self.told(place, run, ledger)
            self._drawn = (key, self._words(area.width, lines, card_art))
        self.offset = min(self.offset, self.hidden)
        panel(surface, area, (8, 14, 10, 255), radius=10, border=GOLD)
        view = self.view
        words = self._drawn[1]
        surface.blit(words, view.topleft, Rect(0, self.offset, view.width, self._shown()))
        if self.hidden:
            bar, thumb = self.scrollbar()
            pygame.draw.rect(surface, (40, 52, 44), bar, border_radius=bar.width // 2)
            pygame.draw.rect(surface, GOLD, thumb, border_radius=bar.width // 2)

    @property
    def view(self) -> Rect:
        """Where the words show, inside the panel's border."""
        margin = round(10 * self.scale)
        return self.area.inflate(0, -2 * margin)

    @property
    def hidden(self) -> int:
        """How many pixels of words the area cannot show at once (whole lines)."""
        if self._drawn is None:
            return 0
        return max(0, self._drawn[1].get_height() - self._shown())

    def _shown(self) -> int:
        """The height of the lines the area shows whole."""
        step = self._line_height()
        return max(step, self.view.height // step * step)

    def scrollbar(self) -> tuple[Rect, Rect]:
        """The bar at the column's right edge, and the thumb showing which part is seen."""
        view, width = self.view, max(4, round(6 * self.scale))
        bar = Rect(self.area.right - width - round(4 * self.scale), view.top, width,
                   view.height)
        whole = self._shown() + self.hidden
        thumb = Rect(bar.left, 0, width, max(width * 3, bar.height * view.height // whole))
        thumb.top = bar.top + (bar.height - thumb.height) * self.offset // max(1, self.hidden)
        return bar, thumb

    def scroll(self, pixels: int) -> None:
        self._scroll_to(self.offset + pixels)

    def _scroll_to(self, offset: float) -> None:
        """To the line nearest `offset`, within the words."""
        step = self._line_height()
        self.offset = max(0, min(self.hidden, round(offset / step) * step))

    def scroll_by_wheel(self, notches: int) -> None:
        """The wheel: three lines a notch, up for a positive count."""
        self.scroll(-notches * 3 * self._line_height())

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel over the column, a click or a drag on its bar."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            if not self.area.collidepoint(self.pointer or pygame.mouse.get_pos()):
                return False
            self.scroll_by_wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hidden \
                and self.scrollbar()[0].inflate(round(8 * self.scale), 0).collidepoint(event.pos):
            self.dragging = True
            self._follow(event.pos[1])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._follow(event.pos[1])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def _follow(self, y: int) -> None:
        """The thumb's middle to `y` on the bar."""
        bar, thumb = self.scrollbar()
        room = max(1, bar.height - thumb.height)
        self._scroll_to((y - bar.top - thumb.height / 2) / room * self.hidden)

    def _line_height(self) -> int:
        return round(self._size() * 1.3)

    def _size(self) -> int:
        return max(11, round(15 * self.scale))

    def _words(self, width: int, lines: list[Line], card_art: art.CardArt) -> pygame.Surface:
        """Every line, wrapped to the column's width (less its margins and its bar)."""
        size, step = self._size(), self._line_height()
        margin = round(10 * self.scale)
        room = width - 2 * margin - round(8 * self.scale)
        light = text.on_dark(suit_colours(card_art))
        parts = [(part, colour, bold) for line, colour, bold in lines
                 for part in (text.wrap(line, size, room, bold=bold) if line else [""])]
        image = pygame.Surface((width, max(1, len(parts) * step)), pygame.SRCALPHA)
        for row, (part, colour, bold) in enumerate(parts):
            image.blit(text.render(part, size, colour, bold=bold, suit_colours=light),
                       (margin, row * step))
        return image

    def told(self, place: ReviewPlace, run: ReviewRun, ledger: list[str]) -> list[Line]:
        """The column's lines."""
        match, words, names = place.match, place.words, self.names
        lines: list[Line] = []
        if place.turn >= len(match.turns):
            lines.append(("The end of the game", GOLD, True))
        else:
            made = match.turns[place.turn]
            lines.append((words.moment(made.state_before), GOLD, True))
            lines += self._played(place, run)
        title = words.ledger_title.format(name=names[place.seat])
        lines += [("", INK, False), (title, GOLD, True)]
        lines += [(line, MUTED, False) for line in ledger]
        costliest = mistakes(match, run.judgements, words, names)
        if costliest:
            lines += [("", INK, False), ("The costliest decisions", GOLD, True)]
            lines += [(f"{m.moment}: {m.sentence}", MUTED, False) for m in costliest]
        if isinstance(match, SeatMatch):
            lines += [("", INK, False), (FROM_THE_SEAT, MUTED, False)]
        return lines

    def _played(self, place: ReviewPlace, run: ReviewRun) -> list[Line]:
        """The decision shown, in words: the move's (judged, if it is the reviewed seat's),
        or, where this machine knows it only by what it was told, the host's words for it."""
        match, names = place.match, self.names
        made = match.turns[place.turn]
        player = names[made.seat] if made.seat is not None else "Chance"
        if made.decision is None and isinstance(match, SeatMatch):
            told = [(line, INK, False) for line in match.told_of(place.turn)] \
                or [(told_later(player), INK, False)]
            return [*told, (NOT_SENT, MUTED, False)] if made.seat == place.seat else told
        played = f"{player}: {place.words.phrase(made.decision, made.state_before, names)}"
        if made.seat == place.seat:
            return self._judged(place, played, run.judgements, made.state_before)
        return [(played, INK, False)]

    def _judged(self, place: ReviewPlace, played: str, judgements: Sequence[Judgement],
                before: State) -> list[Line]:
        """The seat's decision, with Hard's judgement of it as far as it has come."""
        number = place.seat_turns.index(place.turn)
        if number >= len(judgements):
            return [(played, INK, False), ("Hard is still judging this decision…", MUTED, False)]
        judgement, words = judgements[number], place.words
        if not judgement.judged:
            return [(played, INK, False), ("Nothing to choose here.", MUTED, False)]
        said = [(f"{played} ({words.figure(judgement.played_value)})", INK, False)]
        if judgement.cost <= 0:
            return [*said, ("As good as Hard's own choice.", GOOD, True)]
        best = place.match.ruleset.legal(before)[judgement.best or 0]
        costly = judgement.mistake(words.threshold)
        return [*said, (f"Hard: {words.phrase(best, before, self.names)} "
                        f"({words.figure(judgement.best_value)})", INK, False),
                (f"It cost about {words.size(judgement.cost)}.", COSTLY if costly else SMALL,
                 True)]
