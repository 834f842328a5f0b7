"""Pass-and-play at one screen: before every decision of a person a neutral screen asks to
pass the device and shows no cards; a person's cards are face up only during his own
decision, and never to anyone else."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_ui_table import check_face_up_cards_are_known, face_up_cards, secret_from
from ui_kit import bluff_table, duel_table, frames, open_app, press, press_button, table

from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.table.scene import TableScene


def play_pass_and_play(app, scene, steps: int, monkeypatch) -> dict:  # type: ignore[no-untyped-def]
    """Frames of a pass-and-play game, checking privacy at every one; what happened."""
    seen = {"passes": [], "human_decisions": 0, "table_drawn_under_pass": 0}
    original_draw = TableScene.draw
    handed: tuple[int, int] | None = None  # (seat handed the device, turns at that moment)

    def draw(self, surface):  # type: ignore[no-untyped-def]
        if isinstance(app.scene, PassDeviceScene):
            seen["table_drawn_under_pass"] += 1
        original_draw(self, surface)

    monkeypatch.setattr(TableScene, "draw", draw)
    match = scene.session.match
    for _ in range(steps):
        frames(app)
        top = app.scene
        if isinstance(top, PassDeviceScene):
            seen["passes"].append(top.name)
            press_button(app, f"I am {top.name}: show my cards")
            seat = scene.controller.names.index(top.name)
            assert scene.controller.viewer == seat and scene.controller.seating.bottom == seat
            handed = (seat, len(match.turns))
            continue
        if isinstance(top, GameOverOverlay):
            break  # (Enter would start the game again, at another table)
        if top is not scene:
            press(app, pygame.K_RETURN)  # a hand result
            continue
        check_face_up_cards_are_known(scene)
        if scene.controller.viewer is not None:
            seat = scene.controller.viewer
            assert scene.session.to_act == seat, "a hand is shown only to its player"
            assert handed is not None and handed[0] == seat, "he was handed the device"
            since = {turn.seat for turn in match.turns[handed[1]:]}
            persons = set(scene.session.human_seats)
            assert since & persons <= {seat}, "no other person decided since he took it"
            if scene.controller.caught_up:
                scene.turns.decide(match.legal()[-1])
                seen["human_decisions"] += 1
                if scene.session.to_act != seat:
                    assert scene.controller.viewer is None, \
                        "once he has decided, his cards go face down"
                    assert not face_up_cards(scene) & secret_from(scene.controller.shown, None)
    return seen


def test_every_persons_decision_is_preceded_by_passing_the_device(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hchc", seed=6)
        seen = play_pass_and_play(app, scene, 1500, monkeypatch)
        assert seen["human_decisions"] >= 10
        assert 0 < len(seen["passes"]) <= seen["human_decisions"] + 1
        assert set(seen["passes"]) == {"Ada", "Colette"}
        assert seen["table_drawn_under_pass"] == 0


def test_the_pass_screen_shows_no_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        table(app, "hhcc", seed=1)
        for _ in range(2000):
            frames(app)
            if isinstance(app.scene, PassDeviceScene):
                break
        assert isinstance(app.scene, PassDeviceScene)
        first_opaque = max(i for i, s in enumerate(app.scenes) if s.opaque)
        assert app.scenes[first_opaque] is app.scene, "nothing under it is drawn"
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, PassDeviceScene), "Esc does not get round it"


def test_the_pass_screens_first_frame_shows_its_own_buttons_not_the_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame in which the table gives way to the pass screen already looks as the pass
    screen does afterwards: no widget of the table lingers for a frame."""
    with open_app(tmp_path, monkeypatch) as app:
        table(app, "hhcc", seed=1)
        for _ in range(2000):
            frames(app)
            if isinstance(app.scene, PassDeviceScene):
                break
        first = app.screen.copy()
        frames(app, 5)
        assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(app.screen, "RGB")


def test_between_decisions_the_table_shows_no_hand(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hhhh", seed=9)
        assert scene.controller.viewer is None
        for _ in range(100):
            frames(app)
            if app.scene is scene and scene.controller.viewer is None:
                shown = face_up_cards(scene)
                assert not shown & secret_from(scene.controller.shown, None)


def test_a_single_person_is_never_asked_to_pass(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=6)
        for _ in range(800):
            frames(app)
            assert not isinstance(app.scene, PassDeviceScene)
            if app.scene is not scene:
                press(app, pygame.K_RETURN)
            elif scene.controller.human_to_act() == 0 and not scene.controller.telling.queue:
                scene.turns.decide(scene.session.match.legal()[-1])


@pytest.mark.parametrize(("sit", "kinds", "seed"), [(table, "hhcc", 6), (bluff_table, "hhc", 4),
                                                    (duel_table, "hh", 7)])
def test_the_person_who_still_holds_the_device_is_not_asked_for_it_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sit, kinds: str,  # type: ignore[no-untyped-def]
        seed: int) -> None:
    """Once a person has the device, it stays his until another person decides or a result
    is shown to the whole table: a decision of his after computers' moves (a challenge of
    his claim, a trick round the computers) shows his cards without the pass screen."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = sit(app, kinds, seed=seed)
        match = scene.session.match
        persons = set(scene.session.human_seats)
        holder: int | None = None  # who has the device, as the players at the table see it
        kept = 0  # decisions of the holder after only computers (or chance) moved
        last_decided, asked_since = len(match.turns), False
        for _ in range(3000):
            frames(app)
            top = app.scene
            if isinstance(top, PassDeviceScene):
                asked = scene.controller.names.index(top.name)
                assert asked != holder, f"{top.name} is asked for the device he holds"
                press_button(app, f"I am {top.name}: show my cards")
                holder, asked_since = asked, True
                continue
            if isinstance(top, ResultOverlay):
                holder = None  # the whole table reads it
                press(app, pygame.K_RETURN)
                continue
            if (top is scene and scene.controller.human_to_act() is not None and
                scene.controller.caught_up):
                seat = scene.controller.viewer
                assert seat == holder, "his cards show only while he holds the device"
                computers = {turn.seat for turn in match.turns[last_decided:]} - persons
                kept += bool(computers - {None}) and not asked_since
                scene.turns.decide(match.legal()[-1])
                last_decided, asked_since = len(match.turns), False
                persons_since = {turn.seat for turn in match.turns[last_decided:]} & persons
                assert persons_since <= {seat}
            if match.pending.over:
                break
        if "c" in kinds:
            assert kept >= 3, "the holder decided again after computers' moves, unasked"
