"""A tooltip never hides what the player is about to click: it stands beside the widget it
explains, or at the clear place nearest it, inside the window, over no other button, box or
label (the bluff's tip covered Steal and Exchange, JOKER's three buttons, Short game's the
heading of Table 2)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame import Rect
from pygame_gui.elements import UIButton
from ui_kit import bluff_table, duel_table, frames, hovered_tip, open_app, run_until

from game.ui.app import App
from game.ui.scenes.keyboard import choose
from game.ui.scenes.new_game import NewGameScene
from game.ui.table.scene import TableScene
from game.ui.tooltips import KEPT_CLEAR, clear_place

SIZES = [(1280, 800), (960, 600)]


def rest_elsewhere(app: App) -> None:
    pygame.mouse.set_pos((1, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)


def covered_by(app: App, tip: Rect, button: UIButton) -> list[str]:
    """The widgets shown (but the one hovered) that the tooltip covers."""
    return [getattr(element, "text", type(element).__name__)
            for element in app.ui.get_sprite_group().sprites()
            if isinstance(element, KEPT_CLEAR) and element.visible and element is not button
            and element.rect.colliderect(tip)
            and getattr(element, "parent_element", None) is not button]


def check_every_tip(app: App, buttons: list[UIButton]) -> int:
    """Hover each button that has a tooltip: none covers another widget, or leaves the
    window, or covers its own button. How many were hovered."""
    window = Rect((0, 0), app.size)
    hovered = 0
    for button in buttons:
        if not button.tool_tip_text:
            continue
        tip = hovered_tip(app, button)
        hovered += 1
        assert window.contains(tip), (button.text, tip)
        assert not tip.colliderect(button.rect), button.text
        assert not covered_by(app, tip, button), (button.text, covered_by(app, tip, button))
        rest_elsewhere(app)
    return hovered


def panel_buttons(scene: TableScene) -> list[UIButton]:
    decisions = scene.buttons.decisions
    assert decisions is not None
    return list(decisions.buttons)


def to_decide(app: App, scene: TableScene, wanted: object) -> None:
    """Frames (the computers playing) until the person has a panel of decisions that
    `wanted(scene)` likes; the person's other decisions are the last legal one (letting a
    claim pass, keeping JOKER quiet: the person stays in the game)."""
    for _ in range(200):
        run_until(app, lambda: scene.controller.human_to_act() == 0
                  and scene.controller.caught_up and scene.buttons.decisions is not None)
        if wanted(scene):  # type: ignore[operator]
            return
        scene.turns.decide(scene.session.match.legal()[-1])
        frames(app)
    pytest.fail("no such decision came")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_bluff_tip_covers_no_other_action(size: tuple[int, int], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = bluff_table(app, "hccc", seed=3)
        to_decide(app, scene, lambda scene: sum(bool(b.tool_tip_text)
                                                for b in panel_buttons(scene)) >= 2)
        assert check_every_tip(app, panel_buttons(scene)) >= 2


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_joker_tip_covers_no_other_button(size: tuple[int, int], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = duel_table(app, "hc", seed=7)
        to_decide(app, scene, lambda scene: any(b.tool_tip_text for b in panel_buttons(scene)))
        assert check_every_tip(app, panel_buttons(scene)) >= 1


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_short_game_tip_covers_no_table_heading(size: tuple[int, int], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = NewGameScene(app)
        app.replace(scene)
        frames(app, 2)
        assert scene.players_menu is not None
        choose(scene.players_menu, "7 players")
        frames(app, 3)
        assert scene.split is not None, "seven players sit at two tables"
        buttons = [element for element in app.ui.get_sprite_group().sprites()
                   if isinstance(element, UIButton) and element.visible]
        assert any(button.text.startswith("Short game") for button in buttons)
        assert check_every_tip(app, buttons) >= 1


def test_where_no_place_is_clear_the_tip_covers_least() -> None:
    window = Rect(0, 0, 300, 200)
    target = Rect(100, 80, 100, 40)
    crowd = [Rect(0, 0, 300, 70), Rect(0, 130, 300, 70), Rect(0, 70, 90, 60),
             Rect(210, 70, 90, 60)]
    place = clear_place((120, 50), target, crowd, window)
    assert window.contains(place) and not place.colliderect(target)
    assert clear_place((80, 20), target, crowd[:1], window).top >= target.bottom
