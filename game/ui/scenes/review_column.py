"""The review's right column: where the game stands, what was played and what Hard would
have played, then how the reviewed seat's game went (its francs, hands or coins) and the
costliest decisions."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from game.engine.ruleset import State
from game.services.review import Judgement, mistakes
from game.services.review_place import ReviewPlace
from game.services.reviewing import ReviewRun
from game.ui import art, text
from game.ui.scenes.review_strip import COSTLY, GOOD, SMALL
from game.ui.table.render import suit_colours
from game.ui.theme import GOLD, INK, MUTED, panel

Line = tuple[str, tuple[int, int, int], bool]  # words, colour, bold


class ReviewColumn:
    def __init__(self, names: list[str], scale: float) -> None:
        self.names, self.scale = names, scale
        self._drawn: tuple[object, pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, area: Rect, place: ReviewPlace, run: ReviewRun,
             ledger: list[str], card_art: art.CardArt) -> None:
        """The column, drawn again only when the moment or the judgements change."""
        key = (place.seat, place.turn, run.done, area.size, card_art)
        if self._drawn is None or self._drawn[0] != key:
            lines = self.told(place, run, ledger)
            self._drawn = (key, self._image(area, lines, card_art))
        surface.blit(self._drawn[1], area.topleft)

    def _image(self, area: Rect, lines: list[Line], card_art: art.CardArt) -> pygame.Surface:
        image = pygame.Surface(area.size, pygame.SRCALPHA)
        panel(image, image.get_rect(), (8, 14, 10, 255), radius=10, border=GOLD)
        size = max(11, round(15 * self.scale))
        room = area.width - round(20 * self.scale)
        light = text.on_dark(suit_colours(card_art))
        y = round(10 * self.scale)
        for line, colour, bold in lines:
            for part in text.wrap(line, size, room, bold=bold) if line else [""]:
                if y + size > area.height - 4:
                    return image
                image.blit(text.render(part, size, colour, bold=bold, suit_colours=light),
                           (round(10 * self.scale), y))
                y += round(size * 1.3)
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
            player = names[made.seat] if made.seat is not None else "Chance"
            played = f"{player}: {words.phrase(made.decision, made.state_before, names)}"
            if made.seat == place.seat:
                lines += self._judged(place, played, run.judgements, made.state_before)
            else:
                lines.append((played, INK, False))
        title = words.ledger_title.format(name=names[place.seat])
        lines += [("", INK, False), (title, GOLD, True)]
        lines += [(line, MUTED, False) for line in ledger]
        costliest = mistakes(match, run.judgements, words, names)
        if costliest:
            lines += [("", INK, False), ("The costliest decisions", GOLD, True)]
            lines += [(f"{m.moment}: {m.sentence}", MUTED, False) for m in costliest]
        return lines

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
