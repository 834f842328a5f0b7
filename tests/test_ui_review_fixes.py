"""Behaviour a review of the table asked for, pinned down."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from test_ui_table import run_to_card_play
from ui_kit import buttons, frames, open_app, press, press_button, table

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat.rules.decisions import PlayCard
from game.services.catalogue import CATALOGUE
from game.system import paths
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.arrange import card_key

RULES = get_ruleset("coup-detat")


def test_the_cards_one_may_play_are_raised_and_the_others_greyed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=3)
        for _ in range(5):  # a few of his turns
            run_to_card_play(app, scene)
            legal = {d.card for d in scene.session.match.legal() if isinstance(d, PlayCard)}
            for card in scene.controller.view().hand:
                end = scene.stage.sprites[card_key(card)].end
                assert end.lifted == (card in legal)
                assert end.dimmed == (card not in legal)
            scene.turns.decide(next(d for d in scene.session.match.legal()
                              if isinstance(d, PlayCard)))


def test_no_decision_is_offered_before_the_deal_is_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, animation_speed="normal") as app:
        seed = next(s for s in range(50)  # a deal where the person holds COUP
                    if Match(RULES, RULES.parse_options({"players": 4}),
                             chance=seeded_chance(RULES, s)).pending.seat == 0)
        scene = table(app, "hccc", seed=seed)
        frames(app, 3)
        assert (scene.controller.telling.queue and
                scene.buttons.decisions is None), "the draw and the deal come first"
        deadline = time.monotonic() + 30
        while scene.buttons.decisions is None and time.monotonic() < deadline:
            frames(app)
        assert scene.controller.caught_up and scene.buttons.decisions is not None


def test_in_pass_and_play_nobody_takes_back_another_persons_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hhcc", seed=2)
        match = scene.session.match
        for _ in range(3000):
            frames(app)
            if isinstance(app.scene, PassDeviceScene):
                press_button(app, f"I am {app.scene.name}: show my cards")
                continue
            if app.scene is not scene:
                press(app, pygame.K_RETURN)
                continue
            seat = scene.controller.viewer
            if seat is None or not scene.controller.caught_up:
                continue
            point = match.undo_point(seat)
            others = point is not None and any(
                turn.seat in (0, 1) and turn.seat != seat for turn in match.turns[point + 1:])
            if others:
                turns = len(match.turns)
                press(app, pygame.K_z, pygame.KMOD_CTRL)
                assert len(match.turns) == turns, "another person's move stays"
                assert not scene.buttons.side.undo.is_enabled
                return
            scene.turns.decide(match.legal()[-1])
        pytest.fail("never reached a moment to try")


def test_nothing_can_be_taken_back_once_the_game_is_over() -> None:
    match = Match(RULES, RULES.parse_options({"players": 3, "short_game": True}),
                  chance=seeded_chance(RULES, 4))
    while not match.pending.over:
        match.submit(match.legal()[0])
    assert all(match.undo_point(seat) is None for seat in range(3))
    assert not match.undo(0)


def test_resizing_under_a_menu_leaves_no_stray_buttons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc")
        frames(app, 3)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, PauseMenu)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700,
                                             size=(1100, 700)))
        frames(app, 3)
        assert "Undo" not in buttons(app), "the covered table keeps its buttons to itself"
        assert scene.layout.size == (1100, 700), "but it lays itself out for the new size"
        press_button(app, "Resume")
        assert buttons(app).count("Undo") == 1


def test_undo_buttons_follow_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=11)
        run_to_card_play(app, scene)
        scene.turns.decide(next(d for d in scene.session.match.legal() if isinstance(d, PlayCard)))
        run_to_card_play(app, scene)
        assert scene.buttons.side.undo.is_enabled
        press(app, pygame.K_z, pygame.KMOD_CTRL)
        frames(app, 2)
        assert scene.buttons.side.redo.is_enabled


def test_the_log_is_told_again_after_an_undo(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=11)
        run_to_card_play(app, scene)
        before = list(scene.log.lines)
        scene.turns.decide(next(d for d in scene.session.match.legal() if isinstance(d, PlayCard)))
        run_to_card_play(app, scene)
        press(app, pygame.K_z, pygame.KMOD_CTRL)
        frames(app, 2)
        assert scene.log.lines[-len(before[-3:]):] == before[-3:]
        assert not any("Taken back" in line for line in scene.log.lines)


def test_a_new_game_can_be_continued_from_its_first_moment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine.saves import Seat
    from game.services.session import GameSession

    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    session = GameSession.new("coup-detat", {"players": 4},
                              [Seat("A", "human"), Seat("B"), Seat("C"), Seat("D")], seed=1,
                              autosave_path=paths.autosave_path())
    state = session.match.state
    session.close()
    assert saves.read(paths.autosave_path(), catalogue=CATALOGUE).match.state == state


def test_the_coup_badge_leaves_with_the_coup_card() -> None:
    match = Match(RULES, RULES.parse_options({"players": 4}), chance=seeded_chance(RULES, 1))
    holder = match.pending.seat
    assert match.view(None).coup_with == holder
    match.submit(next(d for d in match.legal() if type(d).__name__ == "DeclineCoup"))
    assert match.view(None).coup_with is None
