"""Choosing cards by clicking them: the alternative deal's card kept of a set, the
Ambassador's exchange (keep as many as you had) and, after a missed called Coup, the two
cards sent back to the deck.

The panel shows the cards in hand (the drawn ones with them); a click, or the card's number
key, picks a card or puts it back; the button (or Enter) decides once exactly the right
number is picked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from game.games.coup.rules.charts import Character
from game.games.coup.rules.decisions import Keep, ReturnCards
from game.games.coup.rules.state import Phase
from game.games.coup.table import hud
from game.games.coup.table.seats import SeatSpot, own_plate, panel_band
from game.rules.words import counted
from game.ui.art.canvas import CARD_RATIO
from game.ui.table import hud as table_hud
from game.ui.table.controls import DecisionButtons, Words
from game.ui.table.host import PanelHost
from game.ui.table.layout import TableLayout

PICKED_BY_CLICKS = (Phase.PICK, Phase.KEEP, Phase.RETURN)
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)}
CARD_WIDTH = 96  # at the design size
LEAST_CARD_WIDTH = 88  # the ability stays readable in the smallest window
TITLE, LINE = 32, 24  # the question's row and the tally's, in the theme's type
PICKED = (255, 214, 102)
UNPICKED = (40, 40, 40)
NUMBER = (220, 220, 220)


def picks_by_clicks(legal: Sequence[Any]) -> bool:
    """The alternative deal's or the exchange's Keep, or the Return after a missed called
    Coup."""
    return bool(legal) and all(isinstance(d, Keep | ReturnCards) for d in legal)


class CardPicker(DecisionButtons):
    """The viewer's cards in a panel, to be picked by clicks or number keys."""

    picks_cards = True

    def __init__(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                 scene: PanelHost, words: Words) -> None:
        super().__init__(ui, layout, [], scene, words)
        view = scene.view()
        self.legal = list(legal)
        self.cards: list[Character] = list(view.hand)
        self.variant = view.variant
        self.keeping = isinstance(legal[0], Keep)
        self.dealing = view.phase is Phase.PICK  # the alternative deal: one card of a set
        self.count = len(legal[0].cards)
        self.picked: list[int] = []  # the cards' places in the hand, in the order clicked
        self.card_buttons: dict[UIButton, int] = {}
        self.images: list[UIImage] = []
        self.card_art = scene.card_art
        self._build()

    # The panel ------------------------------------------------------------------------------
    @property
    def verb(self) -> str:
        return "keep" if self.keeping else "return"

    def question(self) -> str:
        if self.dealing:
            return f"The deal: keep {self.count} of the {len(self.cards)} cards of your set"
        if self.keeping:
            return f"The exchange: keep {self.count} of these {len(self.cards)} cards"
        return f"Return {self.count} of your {len(self.cards)} cards to the deck"

    def tally(self) -> str:
        keys = f"1–{len(self.cards)}"
        return (f"Chosen {len(self.picked)} of {self.count}: click a card or press "
                f"{keys} to {self.verb} it, then Enter")

    def _room(self) -> Rect:
        """Where the panel may stand: the band between the plates, above the line a hint
        fills over the viewer's plate."""
        band = panel_band(self.layout, self.scene.view().players)
        gap = max(4, round(6 * self.layout.scale))  # as the line keeps clear of the panel
        band.height = min(band.bottom, self.scene.hint_room().top - gap) - band.top
        return band

    def _card_width(self, tallest: int) -> int:
        """As wide as the design and the felt allow; narrower if the cards would be taller
        than `tallest`, but never narrower than the viewer's own cards on his plate."""
        scale = self.layout.scale
        room = (self.layout.felt.width - round(40 * scale)) // len(self.cards) - 12
        widest = min(room, max(round(CARD_WIDTH * scale), LEAST_CARD_WIDTH))
        own = hud.card_width(SeatSpot(own_plate(self.layout), True), scale)
        return max(min(widest, own), min(widest, round(tallest / CARD_RATIO)))

    def _build(self) -> None:
        self.kill()
        scale = self.layout.scale
        gap = round(14 * scale)
        frame = max(4, round(6 * scale))
        button = max(round(38 * scale), 34)
        top = TITLE + LINE + round(12 * scale)
        chrome = top + 2 * frame + gap + button + round(10 * scale)
        room = self._room()
        self.card_width = self._card_width(room.height - chrome)
        cw, ch = hud.card_size(self.card_width)
        width = max(len(self.cards) * (cw + gap) + gap + 2 * frame, round(490 * scale), 480)
        height = chrome + ch
        rect = Rect(0, 0, width, height)
        self.words.place(self.layout, rect)
        rect.bottom = min(rect.bottom, room.bottom)  # the hint's room kept, if there is room
        rect.top = max(rect.top, room.top)
        self.panel = UIPanel(rect, manager=self.ui, object_id="#decision_panel")
        UILabel(Rect(0, round(6 * scale), width, TITLE), self.question(), manager=self.ui,
                container=self.panel, object_id="#decision_title")
        self.line = UILabel(Rect(0, round(6 * scale) + TITLE, width, LINE), self.tally(),
                            manager=self.ui, container=self.panel)
        self.frame = frame
        self._card_row(width, top, gap)
        label = ("Keep " if self.keeping else "Return ") + ("this" if self.count == 1
                                                             else "these")
        self.done = UIButton(Rect((width - round(220 * scale)) // 2, height - button
                                  - round(10 * scale), round(220 * scale), button),
                             label, manager=self.ui, container=self.panel,
                             tool_tip_text="Enter")
        self._refresh()

    def _card_row(self, width: int, top: int, gap: int) -> None:
        """The cards side by side, each a button under its picture."""
        cw, ch = hud.card_size(self.card_width)
        frame = self.frame
        left = (width - len(self.cards) * (cw + gap) + gap) // 2 - frame
        for index in range(len(self.cards)):
            spot = Rect(left + index * (cw + gap), top, cw + 2 * frame, ch + 2 * frame)
            self.card_buttons[UIButton(spot, "", manager=self.ui, container=self.panel,
                                       tool_tip_text=f"Key {index + 1}")] = index
            self.images.append(UIImage(spot, self._image(index, frame), manager=self.ui,
                                       container=self.panel))

    def _image(self, index: int, frame: int) -> pygame.Surface:
        """The card, framed in gold when picked, dimmed when not (once one is picked)."""
        cw, ch = hud.card_size(self.card_width)
        image = pygame.Surface((cw + 2 * frame, ch + 2 * frame), pygame.SRCALPHA)
        picked = index in self.picked
        if picked:
            pygame.draw.rect(image, PICKED, image.get_rect(), border_radius=frame * 2)
        card = Rect(frame, frame, cw, ch)
        hud.draw_character(image, card, self.cards[index], variant=self.variant,
                           art=self.card_art)
        if self.picked and not picked:  # going back to the deck (or, returning: staying)
            shade = pygame.Surface(card.size, pygame.SRCALPHA)
            shade.fill((10, 20, 14, 120))
            image.blit(shade, card)
        self._badge(image, index, card, picked)
        return image

    @staticmethod
    def _badge(image: pygame.Surface, index: int, card: Rect, picked: bool) -> None:
        """The card's number key, in its top-right corner (over the picture, not the
        words): gold when picked."""
        badge = Rect(0, 0, max(14, card.width // 5), max(14, card.width // 5))
        badge.topright = (card.right - 3, card.top + 3)
        pygame.draw.ellipse(image, PICKED if picked else UNPICKED, badge)
        table_hud.blit_text(image, str(index + 1), round(badge.height * 0.8),
                            UNPICKED if picked else NUMBER, badge.center, bold=True,
                            anchor="center")

    def _refresh(self) -> None:
        for index, image in enumerate(self.images):
            image.set_image(self._image(index, self.frame))
        self.line.set_text(self.tally())
        if self.decision() is None:
            self.done.disable()
        else:
            self.done.enable()

    # Choosing -------------------------------------------------------------------------------
    def toggle(self, index: int) -> None:
        if index in self.picked:
            self.picked.remove(index)
        elif len(self.picked) < self.count:
            self.picked.append(index)
        else:  # one too many: the first picked makes room
            self.picked = [*self.picked[1:], index]
        self._refresh()

    def chosen(self) -> tuple[Character, ...]:
        return tuple(self.cards[index] for index in sorted(self.picked))

    def decision(self) -> Keep | ReturnCards | None:
        """The legal decision for the cards picked, if exactly enough are picked."""
        if len(self.picked) != self.count:
            return None
        chosen = self.chosen()
        same = [d for d in self.legal if Counter(d.cards) == Counter(chosen)]
        exact = [d for d in same if d.cards == chosen]
        return (exact or same or [None])[0]

    def pressed(self, element: object) -> bool:
        if element in self.card_buttons:
            self.toggle(self.card_buttons[element])
            return True
        if element is self.done:
            return self.confirm()
        return False

    def confirm(self) -> bool:
        decision = self.decision()
        if decision is None:
            self.scene.say(f"Choose exactly {counted(self.count, 'card')} to "
                           f"{self.verb}.")
            return True
        self.scene.decide(decision)
        return True

    def key(self, key: int) -> bool:
        index = NUMBER_KEYS.get(key)
        if index is None or index >= len(self.cards):
            return False
        self.toggle(index)
        return True

    def kill(self) -> None:
        super().kill()
        self.card_buttons.clear()
        self.images.clear()
