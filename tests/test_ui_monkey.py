"""A monkey test: thousands of seeded random clicks, drags, wheels, keys, typing and
resizes over every scene (title, new game, the table at each moment of a game, the hand
result, game over, menu, rules, settings, statistics, load and save, the pass-and-play
screens). Nothing may raise; privacy and the table's buttons hold after every frame; and
afterwards, with the screen's own buttons, one gets back to a table where a person's move
is taken and the game goes on. The long soak is tests/monkey_soak.py.

Below it, what the monkey found, pinned down."""

from __future__ import annotations

import zlib
from pathlib import Path

import pygame
import pytest
from monkey_kit import (
    STATIONS,
    Monkey,
    check_invariants,
    play_until,
    quick_computers,
    scene_label,
    sit,
)
from test_ui_table import card_centre, run_to_card_play, secret_from
from ui_kit import frames, open_app, press, press_button, run_until

from game.cards import Card
from game.games.coup_detat.rules.decisions import PlayCard
from game.ui import text
from game.ui.app import App
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.scene import TableScene

EVENTS_PER_STATION = 400  # 27 stations: about 11,000 events in all


@pytest.mark.parametrize("station", list(STATIONS))
def test_the_monkey_breaks_nothing_and_the_game_goes_on(
        station: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    setup, shows = STATIONS[station]
    with open_app(tmp_path, monkeypatch) as app:
        quick_computers(monkeypatch)
        setup(app)
        frames(app)
        check_invariants(app)
        assert scene_label(app) == shows
        monkey = Monkey(app, seed=zlib.crc32(station.encode()))
        monkey.storm(EVENTS_PER_STATION, home=STATIONS[station])
        assert monkey.sent >= EVENTS_PER_STATION
        assert monkey.events[shows] >= EVENTS_PER_STATION // 10, "it kept to its station"
        after = monkey.play_on()
        assert after["turns"] > 0


def hold_a_card(app: App, table: TableScene, card: Card) -> None:
    """Press the mouse on `card` and move it up towards the table, without letting go."""
    x, y = (round(v) for v in card_centre(table, card))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 60), rel=(0, -60),
                                         buttons=(1, 0, 0)))
    frames(app, 2)
    assert table.felt.drag is not None and table.felt.drag.moved


def test_a_card_held_under_the_mouse_goes_face_down_with_the_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pass-and-play: Ada holds one card with the mouse and plays another with the keys.
    Her cards turn face down for everyone, the held one too."""
    with open_app(tmp_path, monkeypatch) as app:
        table = sit(app, "hchc", seed=12, until=lambda match: match.pending.seat in (0, 2)
                    and match.pending.word == "play")
        play_until(app, table, lambda: isinstance(app.scene, PassDeviceScene))
        press_button(app, f"I am {app.scene.name}: show my cards")  # type: ignore[attr-defined]
        legal = {d.card for d in table.session.match.legal() if isinstance(d, PlayCard)}
        while table.felt.selected not in legal:
            press(app, pygame.K_RIGHT)
        held = next(card for card in table.controller.view().hand
                    if card is not table.felt.selected)
        hold_a_card(app, table, held)
        press(app, pygame.K_RETURN)
        assert table.controller.viewer is None, "she has decided: nobody's cards show"
        shown_under_mouse = table.felt.drag is not None and table.felt.drag.moved
        assert not (shown_under_mouse and held in secret_from(table.controller.shown, None))


def test_a_card_held_when_the_menu_opens_is_let_go(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The button comes up over the menu; back at the table, a click on the felt plays
    nothing."""
    with open_app(tmp_path, monkeypatch) as app:
        table = sit(app, "hccc", seed=3)
        run_to_card_play(app, table)
        hold_a_card(app, table, table.controller.view().hand[0])
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, PauseMenu)
        centre = app.scene.panel_rect().center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre))
        frames(app, 2)
        press_button(app, "Resume")
        turns = len(table.session.match.turns)
        empty = table.layout.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=empty))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=empty))
        frames(app, 3)
        assert table.felt.drag is None
        assert len(table.session.match.turns) == turns, "no card was played"


def test_a_hint_leaves_the_table_with_the_person_who_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pass-and-play: Ada asks for a hint, which names her cards, and plays. The hint is
    gone before anyone else looks at the table."""
    with open_app(tmp_path, monkeypatch) as app:
        quick_computers(monkeypatch)
        table = sit(app, "hchc", seed=12, until=lambda match: match.pending.seat in (0, 2)
                    and match.pending.word == "play" and len(match.legal()) > 2)
        play_until(app, table, lambda: isinstance(app.scene, PassDeviceScene))
        press_button(app, f"I am {app.scene.name}: show my cards")  # type: ignore[attr-defined]
        press(app, pygame.K_h)
        run_until(app, lambda: table.controller.toast is not None
                  and table.controller.toast[0].startswith("Hint"))
        toast = table.controller.toast[0]
        named = {card for card in table.controller.view().hand if card.label in toast}
        # (the best card, and the next best unless every choice does exactly as well)
        assert named, "the hint names her cards"
        press(app, pygame.K_RETURN)  # plays the card the hint chose
        assert table.controller.viewer is None
        assert (table.controller.toast is None or
                not named & secret_from(table.controller.shown, None))


def test_a_long_session_does_not_keep_every_text_it_drew(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each log line, at each window size, was kept for ever (the soak's memory grew by
    megabytes a minute); only the texts drawn lately are kept now."""
    with open_app(tmp_path, monkeypatch):
        for number in range(text.RENDERED_KEPT + 200):
            text.render(f"Blaise pays Ada {number:,} F for the K♥", 14, (0, 0, 0))
        assert text._render.cache_info().currsize <= text.RENDERED_KEPT
