"""A person knocked out of a bluffing game watches the computers play on, or presses
"Finish quickly": from then on they play without pauses and without animations, at the
shipped settings, until the game (or the round) is over."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from test_table_every_moment import SteppedClock
from ui_kit import bluff_table, buttons, frames, press, press_button, table

from game.games.coup.rules.decisions import Challenge, Lose
from game.games.coup.table.results import BetweenRoundsScene
from game.ui.app import App
from game.ui.table.scene import TableScene

FINISH = "Finish quickly"
STEP = 0.05  # seconds of the table's time a frame, while the person plays and watches


def settle_thinking(app: App, scene: TableScene) -> None:
    """Let a decision the computer was thinking of when the clock stopped arrive (its
    thread runs in real time) and be shown: it was due before the stop."""
    deadline = time.monotonic() + 30
    while scene.session.thinking is not None and time.monotonic() < deadline:
        frames(app)
        time.sleep(0.005)
    frames(app, 5)


def play_until_out(app: App, scene: TableScene, clock: SteppedClock) -> None:
    """The person challenges every claim he may (and so loses influences quickly); the
    offer must not come while he still plays."""
    for _ in range(20000):
        if scene.controller.finishing.persons_out:
            return
        assert FINISH not in buttons(app), "offered to a person still in the game"
        if app.scene is not scene:  # a result over the table: the game ended with him in
            pytest.fail("the person was never knocked out")
        if scene.controller.human_to_act() is not None and scene.controller.caught_up:
            legal = scene.session.match.legal()
            wanted = [d for d in legal if isinstance(d, Challenge | Lose)]
            scene.turns.decide((wanted or legal)[0])
        clock.time += STEP
        frames(app)
    pytest.fail("the person was never knocked out")


def until_the_scene_changes(app: App, scene: TableScene, seconds: float = 120) -> None:
    """Frames, the table's clock standing still, until another scene shows. The
    computers think in real time on their own thread, so the bound is real time: a
    count of frames runs out on a loaded machine before they have finished."""
    deadline = time.monotonic() + seconds
    while app.scene is scene and time.monotonic() < deadline:
        frames(app)
        time.sleep(0.001)


@pytest.mark.parametrize("ruleset", ["coup", "coup-inquisitor"])
def test_finish_quickly_plays_the_rest_with_no_time_passing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str) -> None:
    clock = SteppedClock()
    with shipped_app(tmp_path, monkeypatch, speed=1.0) as app:
        app.clock = clock
        scene = bluff_table(app, "hccc", ruleset=ruleset, seed=3)
        play_until_out(app, scene, clock)
        for _ in range(200):  # the knock-out is told, then the offer comes
            clock.time += STEP
            frames(app)
        assert FINISH in buttons(app), "the person who is out is offered to finish quickly"
        assert scene.app.scene is scene and not scene.session.match.pending.over, \
            "watching: the computers play on at their pace"
        press_button(app, FINISH)
        assert FINISH not in buttons(app)
        until_the_scene_changes(app, scene)  # the table's clock stands still from here
        assert scene.session.match.pending.over, "the computers finished with no time passing"
        assert app.scene is not scene, "the result is shown"


def test_watching_keeps_the_computers_pace(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Not pressing it is watching: with the table's clock standing still, nothing moves."""
    clock = SteppedClock()
    with shipped_app(tmp_path, monkeypatch, speed=1.0) as app:
        app.clock = clock
        scene = bluff_table(app, "hccc", seed=3)
        play_until_out(app, scene, clock)
        for _ in range(200):
            clock.time += STEP
            frames(app)
        settle_thinking(app, scene)  # a move already due when the clock stopped
        turns = len(scene.session.match.turns)
        frames(app, 200)
        assert len(scene.session.match.turns) == turns, "a computer moved with no pause"
        assert FINISH in buttons(app)


def test_the_1966_game_never_offers_it(tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch, speed=1.0) as app:
        clock = SteppedClock()
        app.clock = clock
        scene = table(app, "hccc", seed=2)
        for _ in range(300):
            clock.time += STEP
            frames(app)
            assert not scene.controller.finishing.persons_out and FINISH not in buttons(app)


def test_in_a_match_the_next_round_is_played_at_the_persons_pace(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = SteppedClock()
    with shipped_app(tmp_path, monkeypatch, speed=1.0) as app:
        app.clock = clock
        scene = bluff_table(app, "hccc", seed=3, rounds=3)
        play_until_out(app, scene, clock)
        for _ in range(200):
            clock.time += STEP
            frames(app)
        press_button(app, FINISH)
        until_the_scene_changes(app, scene)
        assert type(app.scene) is BetweenRoundsScene, "the round's result, at once"
        press(app, pygame.K_RETURN)
        for _ in range(3000):
            if scene.controller.human_to_act() is not None:
                break
            clock.time += STEP
            frames(app)
        assert not scene.controller.pace.hurried, (
            "the person plays again: the table goes at his pace")
        assert FINISH not in buttons(app)
