"""The review in the window: opened from Load and from the game over, the table drawn as it
was from the reviewed seat's view, the keys and the strip moving about the game, Hard's
judgements arriving while the person looks, nothing hidden shown before the game is over."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from test_review import played
from test_ui_layout_fits import SIZES, clipped_widgets, label_warnings_are_errors
from ui_kit import buttons, click, frames, open_app, press, press_button

from game.engine import saves
from game.services import review
from game.services.catalogue import CATALOGUE
from game.services.review import HAND, ROUND, TRICK, Depth
from game.ui.app import App
from game.ui.scenes.files import LoadScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.review import ReviewScene
from game.ui.table.arrange import card_key

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
QUICK = Depth(seconds=30.0, worlds=6, workers=1)


def chosen_in_load(app: App, name: str) -> None:
    app.replace(LoadScene(app))
    frames(app)
    scene = app.scene
    assert isinstance(scene, LoadScene)
    entry = next(e for e in scene.entries if e.path.name == name)
    item = next(i for i in scene.list.item_list  # type: ignore[union-attr]
                if i["text"].startswith(entry.title))
    item["selected"] = True


def wait_for(app: App, done: object, seconds: float = 60.0) -> None:
    """Frames (with the real time the thinking takes) until `done()`."""
    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, "it never came"
        frames(app)
        time.sleep(0.01)


def progress(scene: ReviewScene) -> str:
    """The strip's line."""
    return scene.strip.progress(scene.place, scene.review, scene.trouble)


def told(scene: ReviewScene) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The right column's lines."""
    return scene.column.told(scene.place, scene.review, scene.ledger)


def test_load_reviews_a_sample_at_the_shipped_depth_and_back_leaves_it_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        chosen_in_load(app, "short-game-3-players.json")  # three persons, not over
        press_button(app, "Review")
        assert isinstance(app.scene, PassDeviceScene) and app.scene.name == "Antoine"
        press_button(app, "I am Antoine: show my cards")
        scene = app.scene
        assert isinstance(scene, ReviewScene)
        assert scene.review.depth == review.DEFAULT_DEPTH
        assert scene.names[scene.seat] == "Antoine" and not scene.over
        wait_for(app, lambda: scene.review.done >= 3, 30.0)
        assert "Hard is judging Antoine's decisions" in progress(scene) or \
            scene.review.complete
        wait_for(app, lambda: scene.review.complete, 120.0)
        assert "Hard has judged Antoine's 40 decisions" in progress(scene)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, LoadScene)
        kept = scene.review
        chosen_in_load(app, "short-game-3-players.json")
        press_button(app, "Review")
        press_button(app, "I am Antoine: show my cards")
        reopened = app.scene
        assert isinstance(reopened, ReviewScene)
        assert reopened.review.complete and reopened.review.judgements == kept.judgements


def judged_all(app: App, scene: ReviewScene) -> None:
    """Until Hard has judged every decision and its thread has ended (the buttons made
    again without Stop judging)."""
    wait_for(app, lambda: scene.review.complete and scene._thread is not None
             and not scene._thread.is_alive(), 120.0)
    frames(app, 2)


def open_review(app: App, sample: str, monkeypatch: pytest.MonkeyPatch) -> ReviewScene:
    """The sample's review for its seat 0, at the review's default depth (QUICK, unless a
    test chose another)."""
    if Depth() == review.DEFAULT_DEPTH:
        monkeypatch.setattr(review, "DEFAULT_DEPTH", QUICK)
    saved = saves.read(SAMPLES / sample, catalogue=CATALOGUE)
    scene = ReviewScene(app, saved.match, 0, [seat.name for seat in saved.seats])
    app.push(scene)
    frames(app)
    return scene


def test_the_keys_step_by_decision_trick_hand_and_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = open_review(app, "complete-game-4-players.json", monkeypatch)
        turns = scene.match.turns
        first = scene.place.turn
        assert turns[first].seat == 0, "it opens at the seat's first decision"
        press(app, pygame.K_RIGHT)
        assert scene.place.turn > first and turns[scene.place.turn].seat is not None
        assert all(turn.seat is None for turn in turns[first + 1:scene.place.turn])
        press(app, pygame.K_LEFT)
        assert scene.place.turn == first
        for key, level in ((pygame.K_DOWN, TRICK), (pygame.K_PAGEDOWN, HAND),
                           (pygame.K_END, ROUND)):
            before = scene.place.turn
            press(app, key)
            assert scene.place.turn > before and scene.place.turn in scene.place.starts[level]
            ended = [scene.words.boundary(event) for event in
                     scene.match.events_of(scene.place.turn - 1)]
            assert max(ended, default=0) >= level or turns[scene.place.turn - 1].seat is None
        for key in (pygame.K_UP, pygame.K_PAGEUP, pygame.K_HOME):
            before = scene.place.turn
            press(app, key)
            assert scene.place.turn < before


def test_a_click_on_the_strip_goes_to_the_seats_decision_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = open_review(app, "complete-game-4-players.json", monkeypatch)
        target = scene.place.seat_turns[len(scene.place.seat_turns) // 2]
        click(app, (scene.strip.dot_x(scene.place, target), scene.strip.rect.centery))
        assert scene.place.turn == target


def test_the_judgements_arrive_while_the_table_is_shown_and_mistakes_are_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = open_review(app, "complete-game-4-players.json", monkeypatch)
        judged_all(app, scene)
        threshold = scene.words.threshold
        costly = [j.turn for j in scene.review.judgements if j.mistake(threshold)]
        assert costly, "a game of Medium-like play leaves Hard something to say"
        scene.place.go_to(0)
        press(app, pygame.K_m)
        assert scene.place.turn == costly[0]
        said = " ".join(words for words, _, _ in told(scene))
        assert "Hard: " in said and "It cost about" in said
        press(app, pygame.K_m, pygame.KMOD_SHIFT)
        assert scene.place.turn == costly[0], "no mistake before the first"
        press_button(app, "Mistake >")
        assert scene.place.turn == (costly[1] if len(costly) > 1 else costly[0])


def test_an_unfinished_game_shows_no_hand_but_the_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = open_review(app, "coup-in-progress-4-players.json", monkeypatch)
        assert not scene.over
        assert "All hands" in buttons(app)
        press(app, pygame.K_h)
        assert not scene.show_all, "every hand only once the game is over"
        for turn in scene.place.seat_turns[:30]:
            scene.place.go_to(turn)
            frames(app)
            state = scene.match.turns[turn].state_before
            if state.hand is None:
                continue
            shown = {key for key, _ in scene.sprites(scene.table_state())}
            assert card_key(state.hand.hands[0][0]) in shown, "his own cards face up"
            for other in range(1, 4):
                for card in state.hand.hands[other]:
                    assert card_key(card) not in shown


def test_once_over_every_hand_is_shown_face_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = open_review(app, "complete-game-4-players.json", monkeypatch)
        state = scene.match.turns[scene.place.turn].state_before
        others = [card_key(card) for seat in (1, 2, 3) for card in state.hand.hands[seat]]
        hidden = {key for key, _ in scene.sprites(scene.table_state())}
        assert not set(others) & hidden and any(key[0] == "back" for key in hidden)
        press_button(app, "All hands")
        assert scene.show_all and "Hide hands" in buttons(app)
        shown = dict(scene.sprites(scene.table_state()))
        assert all(shown[key].face_up for key in others)
        assert not any(key[0] == "back" for key in shown)
        press(app, pygame.K_h)
        assert not scene.show_all


def test_in_a_bluffing_game_every_hand_is_written_over_its_plate(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = played("coup", seed=9)
    with open_app(tmp_path, monkeypatch) as app:
        scene = ReviewScene(app, match, 0, ["Ada", "Bob", "Cy", "Di"], depth=QUICK)
        app.push(scene)
        state = scene.place.state
        assert [len(held) for held in scene.words.hands(state)] == [2, 2, 2, 2]
        assert all(hasattr(card, "label") for held in scene.words.hands(state)
                   for card in held)
        press(app, pygame.K_h)
        assert scene.show_all and scene.sprites(scene.table_state()) == []


def test_an_unfinished_game_of_two_persons_asks_for_the_player_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        saved = saves.read(SAMPLES / "coup-in-progress-4-players.json", catalogue=CATALOGUE)
        seats = (saves.Seat("Ada", "human"), saves.Seat("Bob", "human"),
                 *saved.seats[2:])
        folder = tmp_path / "saves"
        folder.mkdir(parents=True, exist_ok=True)
        saves.write(folder / "two-persons.json", saved.match, seats)
        monkeypatch.setattr(review, "DEFAULT_DEPTH", QUICK)
        chosen_in_load(app, "two-persons.json")
        press_button(app, "Review")
        assert isinstance(app.scene, PassDeviceScene) and app.scene.name == "Ada"
        press_button(app, "I am Ada: show my cards")
        assert isinstance(app.scene, ReviewScene) and app.scene.seat == 0


def test_the_game_over_offers_the_review_of_the_persons_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        monkeypatch.setattr(review, "DEFAULT_DEPTH", QUICK)
        chosen_in_load(app, "complete-game-4-players.json")
        press_button(app, "Load")
        for _ in range(200):
            if "Review the game" in buttons(app):
                break
            frames(app)
        press_button(app, "Review the game")
        scene = app.scene
        assert isinstance(scene, ReviewScene) and scene.seat == 0
        press_button(app, "Back")
        assert "Review the game" in buttons(app)


@pytest.mark.parametrize("ruleset_id", ["coup-detat", "coup-detat-duel", "coup",
                                        "coup-inquisitor"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_game_is_reviewed_with_its_words_and_buttons_whole(
        ruleset_id: str, size: tuple[int, int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = played(ruleset_id, seed=2)
    with label_warnings_are_errors(), open_app(tmp_path, monkeypatch, size=size) as app:
        scene = ReviewScene(app, match, 1, [f"Player {seat}" for seat in range(match.players)],
                            depth=QUICK)
        app.push(scene)
        judged_all(app, scene)
        for turn in (*scene.place.seat_turns[:: max(1, len(scene.place.seat_turns) // 6)],
                     len(match.turns)):
            scene.place.go_to(turn)
            press(app, pygame.K_h)  # every hand, the game being over
            assert scene.show_all
            press(app, pygame.K_h)
        clipped = clipped_widgets(app.ui)
        assert not clipped, clipped
        assert "Hard has judged Player 1's" in progress(scene)


def test_stop_judging_keeps_what_was_judged_and_go_on_finishes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        monkeypatch.setattr(review, "DEFAULT_DEPTH", Depth(seconds=30.0, worlds=80, workers=1))
        scene = open_review(app, "complete-game-4-players.json", monkeypatch)
        monkeypatch.setattr(review, "DEFAULT_DEPTH", QUICK)
        press_button(app, "Stop judging")
        wait_for(app, lambda: scene._thread is not None and not scene._thread.is_alive())
        stopped_at = scene.review.done
        assert not scene.review.complete and "Go on judging" in buttons(app)
        frames(app, 5)
        assert scene.review.done == stopped_at, "nothing judged once stopped"
        press_button(app, "Go on judging")
        assert "Stop judging" in buttons(app)
        judged_all(app, scene)
        assert "Stop judging" not in buttons(app) and "Go on judging" not in buttons(app)
        assert [j.turn for j in scene.review.judgements] == scene.place.seat_turns


def test_once_over_any_players_decisions_may_be_reviewed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = open_review(app, "complete-game-4-players.json", monkeypatch)
        judged_all(app, scene)
        first = list(scene.review.judgements)
        press_button(app, "Seat: Antoine")
        assert scene.seat == 1 and "Seat: Brigitte" in buttons(app)
        assert scene.match.turns[scene.place.turn].seat == 1
        assert scene.table_state().bottom == 1, "the table turns to his seat"
        judged_all(app, scene)
        assert [j.turn for j in scene.review.judgements] == scene.place.seat_turns
        for _ in range(3):
            press(app, pygame.K_s)
        assert scene.seat == 0 and scene.review.complete
        assert scene.review.judgements == first, "his review, kept"


def test_before_the_end_the_review_keeps_to_its_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = open_review(app, "coup-in-progress-4-players.json", monkeypatch)
        press(app, pygame.K_s)
        assert scene.seat == 0
        assert "Seat: Antoine" in buttons(app)
        with pytest.raises(pytest.fail.Exception):
            press_button(app, "Seat: Antoine")  # there, but not to be pressed
