"""The table drawn at every moment of a game, as far as the deal has been shown.

The table draws the game as *shown so far* (`TableScene.shown`), which lags the match:
its first frames show the state before any event (`ruleset.new_game(options)`), then each
event's state in turn, between hands, rounds and after the end. Nothing that lays out or
draws the table may depend on how far the game has been shown: the seats, their names and
the kind of game are known from the session before the first event.

For each ruleset, at its fewest and most players, a game is played with seeded random
legal decisions straight on the match, and the table shows its beats one by one, as its
update does, with the animations at their normal speed (the stage has cards in motion and
notes in flight when it is drawn). It is drawn through the app (`app.draw`: the table, the
result overlays over it, the decision panels), from the viewer's seat at the bottom and
with nobody's cards shown (pass-and-play, the device changing hands), at the smallest
window and the design size. Each frame must draw every seat's plate with its name, once,
clear of the others, and no card face up that its viewer may not know.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_ui_table import check_face_up_cards_are_known
from ui_kit import bluff_table, open_app, press, run_until

from game.engine.saves import Seat
from game.games.coup.rules.state import Phase
from game.games.coup.table import hud as bluff_hud
from game.games.coup.table.picker import CardPicker
from game.games.coup_detat.table import hud as coup_detat_hud
from game.games.coup_detat_duel.table import hud as duel_hud
from game.services.session import GameSession
from game.ui.app import App
from game.ui.clock import Clock
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.kit import TableKit
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.table.scene import TableScene

NAMES = ("Ada", "Blaise", "Colette", "Denis", "Emile", "Fanny")
SIZES = ((960, 600), (1280, 800))
GAMES: dict[str, tuple[str, dict[str, Any]]] = {  # the fewest and the most players
    "coup-detat 3": ("coup-detat", {"players": 3}),
    "coup-detat 4 short": ("coup-detat", {"players": 4, "short_game": True}),
    "coup-detat-duel 2": ("coup-detat-duel", {"players": 2}),
    "coup 2 alternative deal, 3 rounds": ("coup", {"players": 2, "alternative_deal": True,
                                                   "rounds": 3}),
    "coup 6, 3 rounds": ("coup", {"players": 6, "rounds": 3}),
    "coup-inquisitor 2": ("coup-inquisitor", {"players": 2}),
    "coup-inquisitor 6": ("coup-inquisitor", {"players": 6}),
}
FIRST = 16  # the game's first beats, all drawn (the draw or cut, the first deal, and on)
AROUND = 3  # the beats drawn, all of them, before and after each passage (see is_passage)
EVERY = 10  # otherwise one beat in EVERY is drawn, and one card played by a person in EVERY
PASS_EVERY = 4  # pass-and-play: one person's decision in PASS_EVERY is made at the table
UNDO_CHANCE = 0.2  # after a person's decision, how often it is taken back (and redone)


class SteppedClock(Clock):
    """The table's time, moved only by the test."""

    def __init__(self) -> None:
        super().__init__()
        self.time = 1000.0

    def now(self) -> float:
        return self.time

    def tick(self, frame_rate: int) -> float:
        return 0.0


Plate = tuple[str, pygame.Rect]


def plates_drawn(monkeypatch: pytest.MonkeyPatch) -> list[Plate]:
    """The seats' plates each kit draws (name and rectangle), listed as they are drawn."""
    drawn: list[Plate] = []

    def spy(module: Any, function: str, rect_of: Callable[..., pygame.Rect]) -> None:
        original = getattr(module, function)

        def drawing(surface: pygame.Surface, where: Any, *args: Any, **keywords: Any) -> None:
            drawn.append((keywords["name"], pygame.Rect(rect_of(where))))
            original(surface, where, *args, **keywords)

        monkeypatch.setattr(module, function, drawing)

    spy(coup_detat_hud, "draw_plate", lambda rect: rect)
    spy(duel_hud, "draw_plate", lambda rect: rect)
    spy(bluff_hud, "draw_seat", lambda spot: spot.plate)
    return drawn


class Walk:
    """One game shown at one table: one person at seat 0 (his cards shown), or two persons
    at seats 0 and 1 passing the device (nobody's cards shown but while a person decides).
    Computers' decisions, and most persons' in pass-and-play, are made straight on the
    match, at random."""

    def __init__(self, app: App, ruleset: str, options: dict[str, Any], *, persons: int,
                 seed: int, plates: list[Plate]) -> None:
        players = options["players"]
        seats = [Seat(NAMES[seat], "human" if seat < persons else "computer")
                 for seat in range(players)]
        self.app = app
        self.session = GameSession.new(ruleset, options, seats, seed=seed,
                                       on_thinking_done=app.wake)
        self.match = self.session.match
        self.scene = TableScene(app, self.session, from_start=True)
        self.clock: SteppedClock = app.clock  # type: ignore[assignment]
        self.rng = random.Random(seed)
        self.plates = plates
        self.pass_and_play = persons > 1
        self.beats = 0  # beats shown
        self.last_passage = 0  # the beat of the last deal or end of a hand, round, game
        self.frames = self.moving = self.panels = self.passes = self.overlays = 0
        self.undos = self.persons_turns = 0
        app.replace(self.scene)
        first = self.session.ruleset.new_game(self.match.options)
        assert self.scene.controller.shown == first, "the table starts before the first event"
        assert self.scene.controller.view().players == players, "the view does not know the players"
        self.draw()

    # Drawing -----------------------------------------------------------------------------------
    def draw(self) -> None:
        """A frame through the app. Unless a pass screen hides the table: every seat's
        plate drawn once, on the felt, clear of the others; no secret card face up; with
        the device changing hands, no hand shown but that of the person to decide."""
        scene, app = self.scene, self.app
        self.plates.clear()
        app.ui.update(0.0)
        app.draw()
        self.frames += 1
        now = self.clock.now()
        self.moving += scene.stage.busy(now) or notes_in_flight(scene)
        above = app.scenes[app.scenes.index(scene) + 1:]
        if any(cover.opaque for cover in above):  # the pass screen
            assert not self.plates, f"the table shows through {above} at {self.moment()}"
            return
        names = sorted(name for name, _ in self.plates)
        assert names == sorted(scene.controller.names), \
            f"plates drawn {names} at {self.moment()}, not one for each of {scene.controller.names}"
        screen = pygame.Rect((0, 0), app.size)
        felt = scene.layout.felt
        for index, (name, rect) in enumerate(self.plates):
            assert felt.contains(rect) and screen.contains(rect), \
                f"{name}'s plate {rect} off the felt {felt} at {self.moment()}"
            for other, other_rect in self.plates[index + 1:]:
                assert not rect.colliderect(other_rect), \
                    f"{name}'s and {other}'s plates overlap at {self.moment()}"
        check_face_up_cards_are_known(scene)
        if self.pass_and_play:
            assert scene.controller.viewer in (None, self.session.to_act), \
                f"{scene.controller.viewer}'s hand face up at {self.moment()}"

    def moment(self) -> str:
        return (f"beat {self.beats} (phase {getattr(self.scene.controller.shown, 'phase', '?')}), "
                f"{len(self.match.events)} events in the match")

    # The game ----------------------------------------------------------------------------------
    def play(self) -> None:
        scene, match, session = self.scene, self.match, self.session
        for _ in range(20000):
            self.show_waiting()
            if match.pending.over:
                self.draw()  # the final table, once the game-over overlay is closed
                if hasattr(scene.controller.view(), "hand_type"):  # the games played in hands
                    assert scene.controller.table_view().hand_type is not None, \
                        "the last hand left the table at the game's end"
                return
            assert scene.controller.caught_up
            seat = session.to_act
            if seat is not None and session.is_human(seat):
                self.persons_turns += 1
                if (scene.controller.seating.must_pass_to(seat) and
                    self.persons_turns % PASS_EVERY == 0):
                    self.pass_to(seat)
            if scene.controller.human_to_act() is not None:
                self.decide_as_person()
            else:  # a computer; or a person deciding away from the table, nobody looking
                match.submit(self.rng.choice(match.legal()))
            scene._pull_events(self.clock.time)
        pytest.fail("the game never ended")

    def show_waiting(self) -> None:
        """Show every waiting beat, one after another as the table's update does, and draw
        some halfway through (cards gliding), then any result shown over the table: the
        game's first beats, those near a deal or a hand's, a round's or the game's end
        (before and after), and one in EVERY otherwise."""
        scene, app, clock = self.scene, self.app, self.clock
        while scene.controller.telling.queue:
            clock.time = max(clock.time, scene.beat_ends)
            coming = [beat.event for beat in list(scene.controller.telling.queue)[1:AROUND + 1]]
            beat = scene.controller.telling.queue.popleft()
            self.beats += 1
            if is_passage(scene.kit, beat.event):
                self.last_passage = self.beats
            scene._show(beat, clock.time)
            scene.result_due.show(table_on_top=True)  # (the table's next update does it)
            near = (self.beats <= FIRST or self.beats - self.last_passage <= AROUND
                    or any(is_passage(scene.kit, event) for event in coming))
            if near or self.beats % EVERY == 0:
                clock.time += (scene.beat_ends - clock.time) / 2
                self.draw()
            while app.scene is not scene:  # a hand's result, a round's, the game's end
                assert isinstance(app.scene, ResultOverlay | GameOverOverlay), app.scene
                self.overlays += 1
                self.draw()
                app.pop()

    def pass_to(self, seat: int) -> None:
        """Pass-and-play: the pass screen, then the person says it is him."""
        scene, app = self.scene, self.app
        scene.turns.ask_to_pass(seat)
        top = app.scene
        assert isinstance(top, PassDeviceScene) and scene.controller.viewer is None
        self.passes += 1
        self.draw()
        top._confirm()
        assert scene.controller.viewer == seat and app.scene is scene

    def decide_as_person(self) -> None:
        """The person's turn drawn (every panel, one card to play in EVERY), and his
        decision, sometimes taken back (and perhaps given again)."""
        scene, match = self.scene, self.match
        scene.buttons.refresh(scene.on_top)
        legal = match.legal()
        panel = scene.buttons.decisions
        assert panel is not None, f"no buttons for the person at {self.moment()}"
        if panel.showing:
            self.panels += 1
        else:
            assert not any(panel.words.is_button(decision) for decision in legal), \
                f"no panel for {legal[:3]} at {self.moment()}"
        if panel.showing or self.persons_turns % EVERY == 0:
            self.draw()
        scene.turns.decide(self.rng.choice(legal))
        if self.rng.random() < UNDO_CHANCE and scene.controller.seating.may_undo(match):
            scene._pull_events(self.clock.time)
            self.show_waiting()
            scene.actions.undo()
            scene._pull_events(self.clock.time)  # an undo: the match as it stands, at once
            self.undos += 1
            self.draw()
            if self.rng.random() < 0.5:
                scene.actions.redo()
                scene._pull_events(self.clock.time)
                self.draw()


ENDS_AND_BEGINNINGS = frozenset({
    "DrewForDirector", "DrawTied", "DirectorAppointed", "Cut", "CutTied",
    "PrimeMinisterAppointed", "StarterChosen", "KeptOne", "DealThrownIn",
    "QueenOfHeartsInBastille", "HandEnded", "GameEnded"})
"""The events (of any ruleset) that begin the game or end a hand or the game, besides the
deals and the settling a kit knows."""


def notes_in_flight(scene: TableScene) -> bool:
    """Francs flying between plates (the 1966 game's furniture that moves)."""
    return bool(getattr(scene.kit.motion, "notes", ()))


def is_passage(kit: TableKit, event: Any) -> bool:
    """A deal, the settling of a hand or round (its result, payments, offices, round
    wins), a hand's or the game's beginning or end: the passages between hands."""
    return (kit.starts_hand(event) or kit.settles(event)
            or type(event).__name__ in ENDS_AND_BEGINNINGS)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_draws_every_moment_of_a_game(game: str, size: tuple[int, int],
                                                tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset, options = GAMES[game]
    plates = plates_drawn(monkeypatch)
    with open_app(tmp_path, monkeypatch, size=size, animation_speed="normal") as app:
        app.clock = SteppedClock()
        for persons in (1, 2):
            walk = Walk(app, ruleset, options, persons=persons, seed=sum(size), plates=plates)
            walk.play()
            assert walk.overlays >= 1  # the game's end at least
            assert walk.panels >= 1 if persons == 1 else walk.passes >= 1
            if ruleset in ("coup-detat", "coup-detat-duel"):
                assert walk.moving, "nothing was ever drawn in motion"


def test_the_alternative_deals_pick_is_asked_for_what_it_is_and_enter_keeps_the_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first decision of Coup's alternative deal (keep one card of a set of five) is
    not an exchange; its panel says "then Enter", and Enter keeps the card picked."""
    with open_app(tmp_path, monkeypatch, size=SIZES[0]) as app:
        scene = bluff_table(app, "hc", ruleset="coup", alternative_deal=True)
        run_until(app, lambda: scene.controller.human_to_act() is not None
                  and scene.buttons.decisions is not None)
        picker = scene.buttons.decisions
        assert isinstance(picker, CardPicker) and scene.controller.view().phase is Phase.PICK
        assert "exchange" not in picker.question().lower()
        assert "Enter" in picker.tally()
        turns = len(scene.session.match.turns)
        press(app, pygame.K_1)
        press(app, pygame.K_RETURN)
        assert scene.session.match.turns[turns].decision.seat == 0
