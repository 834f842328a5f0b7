"""Each game starts and plays its first turns at every value of every setting that changes
drawing or timing: the animation speeds, the computers' pace, the card backs, four-colour
suits, fullscreen, and the window at its smallest and at a large size.

Each case opens the window as the program does with one setting saved as the player's
(the others as shipped; the case of the shipped settings holds every default value), starts
the game from New game by clicks (one person, computers at the default level) and plays
until the person has decided twice and a computer has moved (tests/player_kit.py). Then it
checks that the setting was in force at the table, by what it changes on the screen or in
the table's timing:

- animations: the first beat (the draw, the deal) lasts its length at normal speed times the
  speed's scale; with animations off, every beat is over the moment it begins (the table
  catches up with the game in its first frame) and nothing ever glides;
- the computers' pace: after each computer's move the next waits the pace's pause;
- the card back: the cards face down on the screen are in that back's colour, and in no
  other back's;
- four-colour suits: Diamonds drawn blue and Clubs green on the screen (in the games with
  suited cards; all the bluffing games' characters are Spades, so there only the suit
  colours the table's words use change), none of either with two colours;
- fullscreen and the window size: the window has the size, and the table is laid out for it.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest
from player_kit import Person, Seating, shipped_app

from game.cards import Card, Suit
from game.games import get_ruleset
from game.services.settings import (
    ANIMATION_SCALE,
    ANIMATION_SPEEDS,
    CARD_BACKS,
    COMPUTER_DELAY,
    COMPUTER_PACES,
    Settings,
)
from game.ui.app import App
from game.ui.art import BACK_COLOURS
from game.ui.art.suits import BLUE, GREEN, RED
from game.ui.scenes.new_game import DEFAULT_COMPUTER, PERSON
from game.ui.table.overlays import GameOverOverlay
from game.ui.table.render import suit_colours
from game.ui.table.scene import TableScene

DECISIONS = 2  # the person's, before a case is done
LARGE = (1920, 1200)
SHIPPED = Settings()
TOLERANCE = (3, 3, 3, 255)  # a colour on the screen: within this of the one looked for
EPSILON = 1e-6  # seconds of the table's time
MANY = 500  # pixels: some cards' worth (a stray pixel of a back's colour is not a card)


@dataclass(frozen=True)
class Game:
    ruleset: str
    players: tuple[int, ...]  # the table's size, in turn over the cases

    @property
    def title(self) -> str:
        return get_ruleset(self.ruleset).title

    @property
    def suited(self) -> bool:
        """Are its cards drawn as suited playing cards (four-colour suits show)?"""
        return self.ruleset in ("coup-detat", "coup-detat-duel")


GAMES = (
    Game("coup-detat", (4, 3)),
    Game("coup-detat-duel", (2,)),
    Game("coup", (3, 2, 4, 6, 5)),
    Game("coup-inquisitor", (2, 5, 3, 6, 4)),
)

SETTINGS: dict[str, Settings] = {
    "shipped (animations normal, pace normal, bordeaux back, two colours, windowed 1280x800)":
        SHIPPED,
    **{f"animations {speed}": Settings(animation_speed=speed)
       for speed in ANIMATION_SPEEDS if speed != SHIPPED.animation_speed},
    **{f"computer pace {pace}": Settings(computer_pace=pace)
       for pace in COMPUTER_PACES if pace != SHIPPED.computer_pace},
    **{f"{back} back": Settings(card_back=back)
       for back in CARD_BACKS if back != SHIPPED.card_back},
    "four-colour suits": Settings(four_colour_suits=True),
    "fullscreen": Settings(fullscreen=True),
    "window 960x600": Settings(window_size=(960, 600)),
    "window 1920x1200": Settings(window_size=LARGE),
}

CASES = [pytest.param(game, saved, game.players[index % len(game.players)],
                      id=f"{game.ruleset}, {name}, "
                         f"{game.players[index % len(game.players)]} players")
         for game in GAMES for index, (name, saved) in enumerate(SETTINGS.items())]


def test_the_cases_hold_every_value_of_every_setting_that_changes_drawing_or_timing() -> None:
    cases = list(SETTINGS.values())
    assert {s.animation_speed for s in cases} == set(ANIMATION_SPEEDS)
    assert {s.computer_pace for s in cases} == set(COMPUTER_PACES)
    assert {s.card_back for s in cases} == set(CARD_BACKS)
    assert {s.four_colour_suits for s in cases} == {False, True}
    assert {s.fullscreen for s in cases} == {False, True}
    sizes = {s.window_size for s in cases if not s.fullscreen}
    assert (960, 600) in sizes and LARGE in sizes
    for saved in cases:  # one setting away from the shipped ones (or none)
        differs = [name for name in vars(SHIPPED) if getattr(saved, name) != getattr(SHIPPED, name)]
        assert len(differs) <= 1, differs
    assert {game.ruleset for game in GAMES} == {"coup-detat", "coup-detat-duel", "coup",
                                                "coup-inquisitor"}
    for game in GAMES:
        ruleset = get_ruleset(game.ruleset)
        assert {ruleset.min_players, ruleset.max_players} <= set(game.players)


@dataclass
class Seen:
    """What the table did, frame by frame."""

    beats: list[float] = field(default_factory=list)  # each beat's length, as it began
    caught_up_at_first_beat: bool | None = None
    cards_at_first_beat: int = 0  # on the stage, dealt one after another at most
    glided: bool = False  # a card was sent gliding, or a note flying
    computer_moves: list[float] = field(default_factory=list)  # when, in the table's time
    persons_moves: list[float] = field(default_factory=list)
    pauses: list[float] = field(default_factory=list)  # set after each computer's move
    screen: pygame.Surface | None = None  # as it was when the person first had to decide
    hand: list[Card] = field(default_factory=list)  # his cards then


class Watcher(Person):
    """A person who also notes, after every frame, what the table did."""

    def __init__(self, app: App, seed: int) -> None:
        super().__init__(app, seed)
        self.seen = Seen()
        self._beat_ends = 0.0
        self._turns = 0

    def frame(self) -> None:
        super().frame()
        table = next((s for s in self.app.scenes if isinstance(s, TableScene)), None)
        if table is not None:
            self._watch(table)

    def _watch(self, table: TableScene) -> None:
        seen = self.seen
        now = table._turn_at  # the moment of the table's last update, its beats' start
        if table.beat_ends != self._beat_ends:  # a beat began in this frame
            self._beat_ends = table.beat_ends
            if not seen.beats:
                seen.caught_up_at_first_beat = table.controller.caught_up
                seen.cards_at_first_beat = len(table.stage.sprites)
            seen.beats.append(table.beat_ends - now)
        seen.glided |= bool(getattr(table.kit.motion, "notes", ())) or any(
            sprite.duration > 0 and sprite.start != sprite.end
            for sprite in table.stage.sprites.values())
        turns = table.session.match.turns
        for turn in turns[self._turns:]:  # the deal's turns (no seat's) aside
            if turn.seat is not None:
                human = table.session.is_human(turn.seat)
                (seen.persons_moves if human else seen.computer_moves).append(now)
        last = turns[-1].seat if len(turns) > self._turns else None
        if last is not None and not table.session.is_human(last):
            # (the pause before the next)
            seen.pauses.append(table.controller.pace.computer_ready_at - now)
        self._turns = len(turns)
        if seen.screen is None and self.app.scene is table \
                and self.table_waits_for_the_person(table):
            seen.screen = self.app.screen.copy()
            seen.hand = list(table.felt.in_hand())


@pytest.mark.parametrize(("game", "saved", "players"), CASES)
def test_each_game_starts_and_plays_its_first_turns_at_each_setting(
        game: Game, saved: Settings, players: int, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    seed = sum(map(ord, request.node.callspec.id))
    random.seed(seed)  # the deal New game draws
    with shipped_app(tmp_path, monkeypatch, saved=saved) as app:
        person = Watcher(app, seed)
        table = person.start(Seating(game.title, players, [PERSON] + [DEFAULT_COMPUTER] *
                                     (players - 1)))
        seen = person.seen

        def enough() -> bool:
            over = isinstance(app.scene, GameOverOverlay)  # the person may be out early
            return bool(seen.computer_moves) and (person.decisions >= DECISIONS or over)

        person.play_until(enough)
        assert (table.controller.ruleset.id == game.ruleset and
                table.session.match.players == players)
        assert seen.computer_moves, "no computer moved"
        assert person.decisions >= DECISIONS or (
            isinstance(app.scene, GameOverOverlay) and person.decisions >= 1), \
            f"the person decided {person.decisions} times"
        assert app.settings == Settings(**{**vars(saved), "window_size": app.settings.window_size})

        check_the_window(app, table, saved)
        check_the_animations(game, table, seen, saved)
        check_the_computers_pace(seen, saved)
        check_the_cards_drawn(game, table, seen, saved)


def check_the_window(app: App, table: TableScene, saved: Settings) -> None:
    fullscreen = bool(app.screen.get_flags() & pygame.FULLSCREEN)
    assert fullscreen == saved.fullscreen
    if saved.fullscreen:  # the whole screen (the dummy driver's is 1024x768)
        assert app.size == pygame.display.get_desktop_sizes()[0]
    else:
        assert app.size == saved.window_size
        assert app.settings.window_size == saved.window_size
    window = pygame.display.get_surface()
    assert window is not None and window.get_size() == app.size
    assert table.layout.size == app.size, "the table is not laid out for the window"
    assert table.layout.felt.width <= app.size[0] and table.layout.felt.height <= app.size[1]


def check_the_animations(game: Game, table: TableScene, seen: Seen, saved: Settings) -> None:
    assert seen.beats, "the table showed nothing"
    if saved.animation_speed == "off":
        assert seen.caught_up_at_first_beat, "the first beats waited for one another"
        assert max(seen.beats) <= EPSILON, "a beat lasted, with animations off"
        assert not seen.glided, "something glided, with animations off"
        return
    # the first beat: the draw for an office or the deal, with nothing before it
    first = table.session.match.events[0]
    timing = table.kit.timing(first)
    scale = ANIMATION_SCALE[saved.animation_speed]
    least = timing.hold + timing.move + timing.after  # at normal speed
    most = max(least, timing.hold + timing.move + timing.stagger * seen.cards_at_first_beat)
    assert least > 0, f"{type(first).__name__} is shown without a pause: nothing to measure"
    assert scale * least - EPSILON <= seen.beats[0] <= scale * most + EPSILON, (
        f"{type(first).__name__} lasted {seen.beats[0]:.3f} s, not {scale} times its "
        f"{least:.3f} s at normal speed")
    if game.suited:  # the bluffing games' cards stay in their places, drawn by the seats
        assert seen.glided, "no card glided"


def check_the_computers_pace(seen: Seen, saved: Settings) -> None:
    pause = COMPUTER_DELAY[saved.computer_pace]
    assert seen.pauses
    assert all(abs(p - pause) <= EPSILON for p in seen.pauses), \
        f"pauses of {seen.pauses} after the computers' moves, at the {saved.computer_pace} pace"
    moves = sorted([(at, True) for at in seen.computer_moves]
                   + [(at, False) for at in seen.persons_moves])
    for (before, computer_before), (after, computer_after) in itertools.pairwise(moves):
        if computer_before and computer_after:
            assert after - before >= pause - EPSILON, \
                f"a computer moved {after - before:.3f} s after another"


def count(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """The pixels of `surface` in `colour`."""
    return pygame.mask.from_threshold(surface, colour, TOLERANCE).count()


def check_the_cards_drawn(game: Game, table: TableScene, seen: Seen, saved: Settings) -> None:
    assert table.felt.card_art.back_name == saved.card_back
    assert table.felt.card_art.four_colour == saved.four_colour_suits
    screen = seen.screen
    assert screen is not None, "the person never had a decision to make"
    backs = {back: count(screen, colour) for back, colour in BACK_COLOURS.items()}
    shown = backs.pop(saved.card_back)
    assert shown >= MANY and all(others * 100 < shown for others in backs.values()), \
        f"{shown} pixels of the {saved.card_back} back, and of the others {backs}"
    four = saved.four_colour_suits
    colours = suit_colours(table.felt.card_art)
    assert (colours[Suit.DIAMONDS], colours[Suit.CLUBS]) == ((BLUE, GREEN) if four else
                                                            (RED, colours[Suit.SPADES]))
    blue, green = count(screen, BLUE), count(screen, GREEN)
    if not four:
        assert blue == green == 0, f"{blue} blue and {green} green pixels, with two colours"
    elif game.suited:  # his Diamonds and Clubs at least (others may lie on the table)
        suits = {card.suit for card in seen.hand}
        held = f"{blue} blue and {green} green pixels, with {sorted(map(str, seen.hand))} held"
        assert blue > 0 or Suit.DIAMONDS not in suits, held
        assert green > 0 or Suit.CLUBS not in suits, held
        if not suits & {Suit.DIAMONDS, Suit.CLUBS}:  # as his cards would be drawn
            face = table.felt.card_art.face(Card.parse("QD"), table.layout.card_width)
            assert count(face, BLUE) > 0, "a Diamond is not drawn blue"
