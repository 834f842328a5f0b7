"""The work a decision panel costs the frame it first shows in, kept out of it: a panel that
comes back unchanged is not made again, its shapes read what is in view once, its ground
is smoothed at its corners only (the same picture), and the viewer's own card faces are
drawn ahead first. Counts, not timings: each would fail if the work came back."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_kit import buttons, duel_table, frames, open_app, press, press_button, run_until

from game.games.coup_detat_duel.table.controls import DuelWords
from game.games.coup_detat_duel.table.kit import DuelKit
from game.ui import theme
from game.ui.table.controls import DECISION_BACKDROP, DECISION_CORNER, DECISION_EDGE
from game.ui.table.scene import TableScene


def panel_shown(scene: TableScene) -> bool:
    decisions = scene.buttons.decisions
    return decisions is not None and decisions.showing and bool(decisions.buttons)


def at_a_duel_panel(app) -> TableScene:  # type: ignore[no-untyped-def]
    """A table for two whose person has buttons to press (a coup to announce, a hand to
    name, an exchange: whatever comes first)."""
    scene = duel_table(app)
    run_until(app, lambda: scene.controller.human_to_act() is not None
              and scene.controller.caught_up and panel_shown(scene))
    return scene


def test_a_panel_shown_again_after_the_menu_is_the_one_made_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = at_a_duel_panel(app)
        decisions = scene.buttons.decisions
        assert decisions is not None
        before, made = list(decisions.buttons), scene.felt.kept_panels.made
        press(app, pygame.K_TAB)  # the keyboard on a button: the panel put away with it
        scene.actions.open_menu()
        frames(app, 2)
        assert not panel_shown(scene)
        assert not any(button.visible for button in before), "put away hidden"
        app.pop()
        frames(app, 2)
        again = scene.buttons.decisions
        assert again is not None and list(again.buttons) == before, "not made again"
        assert scene.felt.kept_panels.made == made
        assert all(button.visible for button in before)
        selected = [index for index, button in enumerate(before) if button.is_selected]
        assert selected == ([] if again.focus is None else [again.focus])
        legal = list(scene.session.match.legal())
        chosen = next(decision for decision in legal if DuelWords().is_button(decision))
        turns = len(scene.session.match.turns)
        press_button(app, DuelWords().label(chosen))
        assert len(scene.session.match.turns) == turns + 1, "its buttons still decide"
        assert DuelWords().label(chosen) not in buttons(app)


def test_a_panel_reads_what_is_in_view_once(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Four shapes are tried (two types, with and without the hint's room): what is in
    view was taken for each, the legal decisions listed and the cards placed each time."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = at_a_duel_panel(app)
        taken = []
        in_view = scene.felt.in_view
        monkeypatch.setattr(scene.felt, "in_view", lambda: taken.append(1) or in_view())
        scene.felt.kept_panels.clear()
        scene.buttons.refresh(scene.on_top)
        assert panel_shown(scene)
        assert len(taken) == 1


@pytest.mark.parametrize("size", [(560, 300), (561, 187), (340, 110), (900, 640), (29, 29)])
def test_the_panels_ground_is_smoothed_at_its_corners_only(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    shrunk: list[tuple[int, int]] = []
    smoothscale = pygame.transform.smoothscale

    def watched(surface: pygame.Surface, wanted: tuple[int, int]) -> pygame.Surface:
        shrunk.append(surface.get_size())
        return smoothscale(surface, wanted)
    theme._smooth_panel.cache_clear()
    monkeypatch.setattr(pygame.transform, "smoothscale", watched)
    made = theme.smooth_panel(size, DECISION_BACKDROP, DECISION_CORNER, DECISION_EDGE)
    monkeypatch.undo()
    theme._smooth_panel.cache_clear()
    corners = theme.SMOOTHING * (2 * DECISION_CORNER + 1)
    assert max(width * height for width, height in shrunk) <= corners * corners
    whole = theme._smoothed_whole(size, DECISION_BACKDROP, DECISION_CORNER, DECISION_EDGE)
    assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(whole, "RGBA"), \
        "the same picture as the whole panel smoothed"


def test_the_viewers_own_faces_are_drawn_ahead_first(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = duel_table(app)
        view = scene.session.match.view(0)
        assert view.hand, "dealt as the table opens"
        ahead = DuelKit().art_ahead(scene.layout, view, scene.felt.card_art)
        first = [drawing.args[0] for drawing in ahead.later[:len(view.hand)]]  # type: ignore[attr-defined]
        assert first == list(view.hand)
        assert len({drawing.args for drawing in ahead.later}) == len(ahead.later)  # type: ignore[attr-defined]
