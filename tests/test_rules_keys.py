"""The Rules screen by the keyboard: Up and Down, Page Up and Page Down, Home and End scroll
the text (as the wheel does); and the tab the keyboard is on never looks like the open
section's, so a player walking the tabs with Tab sees which rules are shown."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_kit import frames, open_app, press

from game.ui.app import App
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.title import TitleScene


def rules(app: App, section: str) -> RulesScene:
    app.replace(TitleScene(app))
    scene = RulesScene(app, section)
    app.push(scene)
    frames(app, 2)
    return scene


def text_pixels(app: App, scene: RulesScene) -> bytes:
    assert scene.text is not None
    return pygame.image.tobytes(app.screen.subsurface(scene.text.rect), "RGB")


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_keys_scroll_the_rules_text(size: tuple[int, int], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = rules(app, "coup-detat")
        top = text_pixels(app, scene)
        press(app, pygame.K_PAGEDOWN)
        assert text_pixels(app, scene) != top, "Page Down scrolls"
        assert scene.scrolled > 0
        paged = scene.scrolled
        press(app, pygame.K_DOWN)
        assert scene.scrolled > paged, "Down scrolls on"
        assert 0 < scene.scrolled - paged < paged, "a line is less than a page"
        press(app, pygame.K_UP)
        assert scene.scrolled == pytest.approx(paged)
        press(app, pygame.K_END)
        assert scene.scrolled == pytest.approx(1.0, abs=0.01)
        press(app, pygame.K_PAGEUP)
        assert 0 < scene.scrolled < 1
        press(app, pygame.K_HOME)
        assert scene.scrolled == 0 and text_pixels(app, scene) == top
        assert scene.section == "coup-detat", "scrolling opens no other section"


def test_the_tab_the_keyboard_is_on_looks_unlike_the_open_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = rules(app, "coup-detat")
        open_tab, coup = scene.contents["coup-detat"], scene.contents["coup"]
        for _ in range(3):
            press(app, pygame.K_TAB)
        assert scene.keyboard.current is coup
        frames(app, 2)
        face = {name: pygame.image.tobytes(app.screen.subsurface(button.rect), "RGB")
                for name, button in (("open", open_tab), ("keyboard", coup))}
        middle = {name: app.screen.get_at(button.rect.move(4, 0).midleft)[:3]
                  for name, button in (("open", open_tab), ("keyboard", coup))}
        assert face["open"] != face["keyboard"]
        assert middle["open"] != middle["keyboard"], "their grounds differ"
        others = [button for section, button in scene.contents.items()
                  if section not in ("coup-detat", "coup")]
        plain = app.screen.get_at(others[0].rect.move(4, 0).midleft)[:3]
        assert len({middle["open"], middle["keyboard"], plain}) == 3, \
            "open, where the keyboard is, and neither: three looks"
        press(app, pygame.K_RIGHT)
        assert scene.section == "coup-detat-duel"
        assert scene.keyboard.current is scene.contents["coup-detat-duel"], \
            "the keyboard goes with the section it opened"
