"""The Rules screen: a table of contents for the four games and the computer players, each
section one click away; from a table it opens at the game being played."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_kit import bluff_table, duel_table, frames, open_app, press, press_button, table

from game.ui.app import App
from game.ui.scenes.rules import CONTENTS, OPEN_TAB, RulesScene
from game.ui.scenes.title import TitleScene

TITLES = {"coup-detat": "<b>The Director's chart</b>", "coup-detat-duel": "<b>Coup d'État for two",
          "coup": "<b>Coup</b>", "coup-inquisitor": "<b>Coup with the Inquisitor",
          "levels": "<b>The computer players"}
"""What each section begins with."""


def shown(app: App) -> str:
    """The section the Rules screen shows, by its contents button (the open tab) and its
    text, which must agree."""
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.text is not None
    selected = [section for section, button in scene.contents.items()
                if OPEN_TAB in button.object_ids]
    assert selected == [scene.section]
    assert TITLES[scene.section] in scene.text.html_text[:60], "the section from its top"
    return scene.section


@pytest.mark.parametrize(("sit", "ruleset"), [
    (lambda app: table(app, "hccc"), "coup-detat"),
    (lambda app: duel_table(app), "coup-detat-duel"),
    (lambda app: bluff_table(app, "hcc"), "coup"),
    (lambda app: bluff_table(app, "hcc", ruleset="coup-inquisitor"), "coup-inquisitor")])
def test_the_rules_open_at_the_game_being_played(
        sit, ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    with open_app(tmp_path, monkeypatch) as app:
        scene = sit(app)
        frames(app, 3)
        press_button(app, "Rules")
        assert shown(app) == ruleset
        press(app, pygame.K_ESCAPE)
        assert app.scene is scene


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_each_section_is_one_click_away_in_the_table_of_contents(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        app.replace(TitleScene(app))
        frames(app, 2)
        press_button(app, "Rules")
        assert shown(app) == "coup-detat", "from the Title screen: the 1966 game"
        for section, label in reversed(CONTENTS.items()):
            press_button(app, label)
            assert shown(app) == section
        buttons = app.scene.contents.values()  # type: ignore[attr-defined]
        assert all(button.rect.right <= size[0] and button.rect.bottom <= size[1]
                   for button in buttons)
        press_button(app, "Back")
        assert isinstance(app.scene, TitleScene)


def test_the_arrow_keys_go_through_the_sections(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        app.push(RulesScene(app, "coup"))
        frames(app, 2)
        seen = [shown(app)]
        for _ in CONTENTS:
            press(app, pygame.K_RIGHT)
            seen.append(shown(app))
        assert seen == ["coup", "coup-inquisitor", "levels", "coup-detat", "coup-detat-duel",
                        "coup"]
        press(app, pygame.K_LEFT)
        assert shown(app) == "coup-detat-duel"
