"""Nothing on the screen is cut off or hidden, at the smallest window and the design size.

Every text stays inside its box: a pygame-gui label's or button's words are no wider than
the room inside its border (and pygame-gui never warns that a label is too small for its
text); the words the table draws itself stay inside the panel they belong to (a plate, the
banner, the Board, the scoresheet, the side panel) and clear of each other and of the cards
drawn there. And nothing that stands over the felt hides what a player must see: the
decision panel and the line above the hand (a prompt, a remark, a hint) cover no player's
plate, none of the person's cards and no card laid on the table; the cards laid on the table
cover no plate; and every character card of the bluffing games is as wide as its plate's
design, never shrunk.

Whole games are played through the table at both sizes, for each ruleset at its fewest and
most players (the walk of test_table_every_moment), and every frame it draws is checked;
each decision panel is drawn a second time with a hint under way.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame
import pytest
import test_table_every_moment as every_moment
from pygame_gui.elements import UIButton, UILabel
from test_table_every_moment import GAMES, SIZES, SteppedClock, Walk, plates_drawn
from ui_kit import open_app

from game.engine.match import Match, seeded_chance
from game.engine.saves import Seat, write
from game.engine.texts import MAX_NAME_LENGTH
from game.games import get_ruleset
from game.games.coup.table import hud as bluff_hud
from game.games.coup_detat.table import hud as coup_detat_hud
from game.games.coup_detat_duel.table import hud as duel_hud
from game.games.coup_detat_duel.table import results as duel_results
from game.services.session import GameSession
from game.ui import text
from game.ui.app import MIN_SIZE
from game.ui.scenes.files import LoadScene
from game.ui.scenes.new_game import DEFAULT_NAMES, NewGameScene
from game.ui.table import hud as table_hud
from game.ui.table.arrange import card_key
from game.ui.table.layout import hand_for, table_layout
from game.ui.table.scene import TableScene

SHOWN = 10  # problems listed when a check fails


# Words in pygame-gui's widgets -------------------------------------------------------------


def text_room(element: UIButton | UILabel) -> int:
    """The width inside a widget's border, shadow and rounded corners (and its padding, for
    words aligned left or right), where its words are drawn."""
    shape = element.drawable_shape
    if shape is None:
        return element.rect.width
    theming = shape.theming
    padding = 0
    if theming.get("text_horiz_alignment") in ("left", "right"):
        padding = theming.get("text_horiz_alignment_padding", 0)
    borders = shape.border_widths
    corners = getattr(shape, "rounded_corner_width_offsets", (0, 0))
    return (element.rect.width - 2 * shape.shadow_width - borders["left"] - borders["right"]
            - corners[0] - corners[1] - padding)


def clipped_widgets(ui: Any) -> list[str]:
    """The visible labels and buttons whose words are wider than their room."""
    clipped = []
    for element in ui.get_sprite_group().sprites():
        if not isinstance(element, UIButton | UILabel) or not element.visible:
            continue
        words = element.text
        if not words or element.font is None:
            continue
        width = element.font.size(words)[0]
        room = text_room(element)
        if width > room:
            clipped.append(f"{type(element).__name__} {words!r}: {width} px in {room}")
    return clipped


@contextmanager
def label_warnings_are_errors() -> Iterator[None]:
    """pygame-gui's "Label Rect is too small for text" fails the test."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="Label Rect is too small")
        yield


# Words the table draws itself --------------------------------------------------------------


@dataclass
class Box:
    """A panel the table draws, with the words and cards drawn in it."""

    name: str
    rect: pygame.Rect
    where: Any  # what the drawing function was given (a rectangle, a seat's spot)
    words: list[tuple[str, pygame.Rect]] = field(default_factory=list)  # ink, not line
    cards: list[pygame.Rect] = field(default_factory=list)


class DrawnText:
    """Spies on the table's drawing: each panel drawing function opens a box, and every
    text (and character card) drawn meanwhile is put in it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.boxes: list[Box] = []
        self.open: Box | None = None
        self._panels(monkeypatch)
        for module in (table_hud, coup_detat_hud, duel_hud):
            self._words(monkeypatch, module)
        draw_character = bluff_hud.draw_character

        def character(surface: pygame.Surface, rect: pygame.Rect, *args: Any,
                      **keywords: Any) -> None:
            if self.open is not None:
                self.open.cards.append(pygame.Rect(rect))
            draw_character(surface, rect, *args, **keywords)

        monkeypatch.setattr(bluff_hud, "draw_character", character)

    def _panels(self, monkeypatch: pytest.MonkeyPatch) -> None:
        def whole(rect: pygame.Rect) -> pygame.Rect:
            return rect

        panels: list[tuple[Any, str, Callable[..., pygame.Rect]]] = [
            (coup_detat_hud, "draw_banner", whole),
            (coup_detat_hud, "draw_board", lambda geometry: geometry.rect),
            (coup_detat_hud, "draw_plate", whole),
            (coup_detat_hud, "draw_treasury", whole),
            (table_hud, "draw_last_trick", whole),
            (duel_hud, "draw_banner", whole),
            (duel_hud, "draw_scoresheet", whole),
            (duel_results, "draw_scoresheet", whole),
            (duel_hud, "draw_chart", whole),
            (duel_hud, "draw_plate", whole),
            (bluff_hud, "draw_banner", whole),
            (bluff_hud, "draw_seat", lambda spot: spot.plate),
            (bluff_hud, "draw_side", lambda layout: layout.board.union(layout.treasury).union(
                layout.last_trick)),
        ]
        for module, name, rect_of in panels:
            self._panel(monkeypatch, module, name, rect_of)

    def _panel(self, monkeypatch: pytest.MonkeyPatch, module: Any, name: str,
               rect_of: Callable[..., pygame.Rect]) -> None:
        original = getattr(module, name)

        def drawing(surface: pygame.Surface, where: Any, *args: Any, **keywords: Any) -> Any:
            outer = self.open
            self.open = Box(f"{name}({keywords.get('name', '')})", pygame.Rect(rect_of(where)),
                            where)
            self.boxes.append(self.open)
            try:
                return original(surface, where, *args, **keywords)
            finally:
                self.open = outer

        monkeypatch.setattr(module, name, drawing)

    def _words(self, monkeypatch: pytest.MonkeyPatch, module: Any) -> None:
        original = module.blit_text

        def blit_text(surface: pygame.Surface, words: str, size: int, colour: Any,
                      at: tuple[int, int], **keywords: Any) -> pygame.Rect:
            rect: pygame.Rect = original(surface, words, size, colour, at, **keywords)
            if self.open is not None and words.strip():
                image = text.render(words, size, colour, bold=keywords.get("bold", False),
                                    suit_colours=keywords.get("suit_colours"))
                ink = image.get_bounding_rect().move(rect.topleft)
                self.open.words.append((words, ink))
            return rect

        monkeypatch.setattr(module, "blit_text", blit_text)

    def problems(self) -> list[str]:
        """Words out of their panel, words over each other or over a card in a panel."""
        found = []
        for box in self.boxes:
            for index, (words, ink) in enumerate(box.words):
                if not box.rect.contains(ink):
                    found.append(f"{box.name}: {words!r} {ink} out of {box.rect}")
                for other, other_ink in box.words[index + 1:]:
                    if ink.colliderect(other_ink):
                        found.append(f"{box.name}: {words!r} over {other!r}")
                covered = [card for card in box.cards if ink.colliderect(card)]
                if covered:
                    found.append(f"{box.name}: {words!r} {ink} over a card {covered[0]}")
        return found


# What must stay in view --------------------------------------------------------------------


def card_rects(scene: TableScene) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """Where the person's cards and the cards face up on the table come to rest."""
    hand = {card_key(card) for card in scene.felt.in_hand()}
    own, laid = [], []
    for key, sprite in scene.stage.sprites.items():
        placement = sprite.end
        if key in hand:
            own.append(scene.felt.card_rect(placement))
        elif placement.face_up and isinstance(key, tuple) and key[0] == "card":
            laid.append(scene.felt.card_rect(placement))
    return own, laid


def hidden(scene: TableScene, plates: Sequence[tuple[str, pygame.Rect]]) -> list[str]:
    """What the decision panel, the line above the hand and the cards laid hide."""
    own, laid = card_rects(scene)
    found = []
    panel = scene.buttons.decisions.panel.rect if scene.buttons.decisions is not None and \
        scene.buttons.decisions.panel is not None else None
    prompt = scene.renderer.prompt_box
    over: list[tuple[str, pygame.Rect | None]] = [("the decision panel", panel),
                                                  (f"the line {scene.message()!r}", prompt)]
    for what, rect in over:
        if rect is None:
            continue
        found += [f"{what} {rect} covers {name}'s plate {plate}"
                  for name, plate in plates if rect.colliderect(plate)]
        if rect.collidelist(own) >= 0:
            found.append(f"{what} {rect} covers the person's card {own[rect.collidelist(own)]}")
        if rect.collidelist(laid) >= 0:
            found.append(f"{what} {rect} covers a card laid {laid[rect.collidelist(laid)]}")
    if panel is not None and prompt is not None and panel.colliderect(prompt):
        found.append(f"the line {scene.message()!r} {prompt} is under the panel {panel}")
    for card in laid + own:
        found += [f"a card {card} covers {name}'s plate {plate}"
                  for name, plate in plates if card.colliderect(plate)]
    return found


def narrow_cards(boxes: Sequence[Box], scale: float) -> list[str]:
    """Character cards shrunk below their plate's design width."""
    found = []
    for box in boxes:
        if not box.name.startswith("draw_seat"):
            continue
        widest = bluff_hud.card_width(box.where, scale)
        found += [f"{box.name}: a card {card.width} px wide (at least {widest})"
                  for card in box.cards if card.width < widest]
    return found


class LayoutWalk(Walk):
    """The walk of the every-moment test, each frame checked for clipped and hidden
    things; every decision panel drawn again with a hint above the hand."""

    def __init__(self, *args: Any, drawn: DrawnText, **keywords: Any) -> None:
        self.drawn = drawn
        self.problems: dict[str, str] = {}  # the first moment of each problem
        super().__init__(*args, **keywords)

    def draw(self) -> None:
        self.drawn.boxes.clear()
        super().draw()
        self.check()
        scene = self.scene
        if self.app.scene is scene and scene.buttons.decisions is not None \
                and scene.buttons.decisions.showing and scene.controller.toast is None:
            scene.controller.say(hint_like(scene))
            self.drawn.boxes.clear()
            self.app.draw()
            self.check()
            scene.controller.toast = None

    def check(self) -> None:
        scene, app = self.scene, self.app
        found = clipped_widgets(app.ui) + self.drawn.problems()
        if app.scene is scene:
            found += hidden(scene, self.plates)
            found += narrow_cards(self.drawn.boxes, scene.layout.scale)
        for problem in found:
            self.problems.setdefault(problem, self.moment())


def hint_like(scene: TableScene) -> str:
    """A hint as long as the Hard player's: his decision, and why, with the next best."""
    legal = scene.session.match.legal()
    view = scene.controller.view()
    best = scene.kit.describe(legal[0], view, scene.controller.names)
    second = scene.kit.describe(legal[-1], view, scene.controller.names)
    return (f"Hint: {best}. Over 240 deals consistent with what you have seen, it comes to "
            f"+1,250 F on average; the next best, {second}, to -300 F.")


def report(problems: dict[str, str]) -> str:
    shown = [f"{problem} (at {moment})" for problem, moment in list(problems.items())[:SHOWN]]
    return f"{len(problems)} problems:\n" + "\n".join(shown)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", list(GAMES))
def test_nothing_is_clipped_or_hidden_at_any_moment_of_a_game(
        game: str, size: tuple[int, int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset, options = GAMES[game]
    monkeypatch.setattr(every_moment, "NAMES", DEFAULT_NAMES)  # as New game offers them
    plates = plates_drawn(monkeypatch)
    drawn = DrawnText(monkeypatch)
    problems: dict[str, str] = {}
    with label_warnings_are_errors(), open_app(tmp_path, monkeypatch, size=size,
                                               animation_speed="normal") as app:
        app.clock = SteppedClock()
        for persons in (1, 2):
            walk = LayoutWalk(app, ruleset, options, persons=persons, seed=sum(size),
                              plates=plates, drawn=drawn)
            walk.play()
            problems |= walk.problems
    assert not problems, report(problems)


# The forms ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_new_game_shows_every_game_and_option_whole(size: tuple[int, int], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with label_warnings_are_errors(), open_app(tmp_path, monkeypatch, size=size) as app:
        form = NewGameScene(app)
        app.replace(form)
        for title in list(form.games):
            form._choose_game(title)
            counts = form.players_menu.options_list if form.players_menu is not None else []
            for count in [words for words, _ in counts] or [None]:
                if count is not None:
                    form.players = int(count.split()[0])
                    form._rebuild()
                app.frame(idle_wait=False)
                clipped = clipped_widgets(app.ui)
                assert not clipped, f"{title}, {count}: {clipped}"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_load_list_shows_each_save_whole(size: tuple[int, int], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The samples, and a game of each kind at its most players, with the form's names."""
    from game.system import paths

    with label_warnings_are_errors(), open_app(tmp_path, monkeypatch, size=size) as app:
        for ruleset, players in (("coup-detat", 4), ("coup-detat-duel", 2), ("coup", 6),
                                 ("coup-inquisitor", 6)):
            seats = [Seat(name, "computer") for name in DEFAULT_NAMES[:players]]
            session = GameSession.new(ruleset, {"players": players}, seats, seed=1)
            write(paths.saves_dir() / f"{ruleset}.json", session.match, seats)
            session.close()
        app.replace(LoadScene(app))
        app.frame(idle_wait=False)
        clipped = clipped_widgets(app.ui)
        assert not clipped, clipped


def test_the_checks_see_a_clipped_button_and_a_covered_plate(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks themselves: a button too narrow for its words is seen, and so is a
    panel over a plate."""
    from ui_kit import frames, table

    with open_app(tmp_path, monkeypatch, size=(960, 600)) as app:
        scene = table(app, "hccc")
        frames(app, 2)
        button = UIButton(pygame.Rect(10, 10, 60, 30), "A button too narrow", manager=app.ui)
        assert clipped_widgets(app.ui) == [
            f"UIButton 'A button too narrow': {button.font.size(button.text)[0]} px in "
            f"{text_room(button)}"]
        button.kill()
        plate = scene.layout.seats[1].plate
        scene.controller.say("A remark")
        app.draw()
        assert not hidden(scene, [("Blaise", plate)])
        scene.renderer.prompt_box = plate.inflate(-4, -4)
        assert hidden(scene, [("Blaise", plate)])


# Long names --------------------------------------------------------------------------------


LONGEST_NAME = "Wilhelmina " * 3 + "Wolstenholme"[:7]  # 40 characters, wide letters


def test_the_longest_name_stays_on_its_plate_clear_of_what_is_beside_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A name of the longest length allowed gets smaller type, then is cut short with an
    ellipsis: it never runs off a bluffing game's plate or into "thinking…" or "out"."""
    assert len(LONGEST_NAME) == MAX_NAME_LENGTH
    pygame.init()
    drawn: list[tuple[str, int, tuple[int, int], str]] = []
    original = table_hud.blit_text

    def spy(surface: pygame.Surface, words: str, size: int, colour: Any,
            position: tuple[int, int], *, bold: bool = False, anchor: str = "topleft",
            **rest: Any) -> None:
        drawn.append((words, text.measure(words, size, bold), position, anchor))
        original(surface, words, size, colour, position, bold=bold, anchor=anchor, **rest)

    monkeypatch.setattr(table_hud, "blit_text", spy)
    rules = get_ruleset("coup")
    match = Match(rules, rules.parse_options({"players": 6}), chance=seeded_chance(rules, 2))
    view = match.view(0)
    layout = table_layout(MIN_SIZE, 6, hand_for("coup", 6))
    surface = pygame.Surface(MIN_SIZE)
    for spot in bluff_hud.spots_for(layout, view, 0)[1:]:
        for status, out in (("thinking…", False), ("", True)):
            shown = replace(view, alive=(not out,) * 6)
            drawn.clear()
            bluff_hud.draw_seat(surface, spot, shown, 1, name=LONGEST_NAME, status=status,
                                to_act=False, scale=layout.scale)
            name = next(entry for entry in drawn if entry[0].startswith("Wilhelmina"))
            beside = next(entry for entry in drawn if entry[0] in ("thinking…", "out"))
            assert name[0].endswith("…")
            right_of_name = name[2][0] + name[1]
            left_of_beside = beside[2][0] - beside[1]  # drawn from its top right
            assert right_of_name < left_of_beside <= spot.plate.right, (name, beside)
