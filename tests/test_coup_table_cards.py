"""The bluffing games' cards at the table: each character drawn as the playing card that
stands for it, with its name and powers; the exchange made by clicking cards (or pressing
their numbers); and a decision panel that covers nobody's plate, from two players to six."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame
import pytest
from coup_kit import bluff_match, play
from coup_kit import state_of as bluff_state
from test_coup_table import drawn_face_up
from ui_kit import (
    bluff_table,
    buttons,
    click,
    frames,
    open_app,
    press,
    press_button,
    run_until,
)

from game.engine.saves import Seat
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.decisions import Keep, ReturnCards, TakeAction
from game.games.coup.rules.state import Phase
from game.games.coup.table import hud
from game.games.coup.table.controls import bluff_buttons
from game.games.coup.table.picker import CardPicker
from game.services.session import GameSession
from game.ui import text
from game.ui.app import App
from game.ui.art.character_cards import character_face
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.scene import TableScene

SIZES = ((960, 600), (1280, 800))
# Ada (seat 0) holds Assassin and Duke and exchanges: she draws Ambassador and Contessa.
HANDS = ("assassin duke", "contessa captain", "duke ambassador")
DECK = "ambassador contessa assassin duke captain captain contessa assassin ambassador"


def exchange_table(app: App, kinds: str = "hcc") -> TableScene:
    """Ada at her exchange, her four cards in the picker."""
    match = bluff_match("coup", HANDS, DECK)
    play(match, "0 exchange", "1 allow", "2 allow")
    assert match.state.phase is Phase.KEEP  # type: ignore[attr-defined]
    names = ("Ada", "Blaise", "Colette")
    seats = [Seat(names[i], "human" if kind == "h" else "computer")
             for i, kind in enumerate(kinds)]
    session = GameSession(match, seats, on_thinking_done=app.wake)
    scene = TableScene(app, session)
    app.replace(scene)
    frames(app, 2)
    if isinstance(app.scene, PassDeviceScene):  # pass and play: Ada takes the device
        press_button(app, "I am Ada: show my cards")
    run_until(app, lambda: isinstance(scene.buttons.decisions, CardPicker))
    return scene


def picker_of(scene: TableScene) -> CardPicker:
    assert isinstance(scene.buttons.decisions, CardPicker)
    return scene.buttons.decisions


def click_card(app: App, picker: CardPicker, index: int) -> None:
    button = next(b for b, place in picker.card_buttons.items() if place == index)
    click(app, button.rect.center)


def kept(scene: TableScene) -> Keep:
    """Ada's last Keep (a shuffle of the deck follows it)."""
    return next(turn.decision for turn in reversed(scene.session.match.turns)
                if isinstance(turn.decision, Keep))


def test_a_character_is_drawn_as_its_playing_card_with_name_and_powers() -> None:
    pygame.init()
    text.forget_fonts()  # a window closed by an earlier test took its fonts with it
    duke = hud.character_card(Character.DUKE, "coup")
    assert duke.code == "JS"  # the seed: Jack (of Spades) is the Duke
    assert hud.character_card(Character.DUKE, "coup-inquisitor").code == "KS"
    assert hud.character_card(Character.INQUISITOR, "coup-inquisitor").code == "2S"
    with_words = character_face(duke, 96, (0, 0, 0), name="Duke", ability="Tax +3",
                                band=(118, 62, 150))
    other_words = character_face(duke, 96, (0, 0, 0), name="Duke", ability="Blocks aid",
                                 band=(118, 62, 150))
    assert with_words.get_size() == (96, 134)
    assert pygame.image.tobytes(with_words, "RGBA") != pygame.image.tobytes(other_words,
                                                                            "RGBA")
    band = with_words.get_at((48, round(96 * 0.6)))
    assert (band.r, band.g, band.b) == (118, 62, 150), "the name's band in his colour"


def test_the_exchange_keeps_the_cards_clicked(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = exchange_table(app)
        picker = picker_of(scene)
        assert picker.cards == list(scene.controller.view().hand)
        assert Counter(picker.cards) == Counter([*HANDS[0].split(), "ambassador",
                                                 "contessa"])
        assert "keep 2 of these 4 cards" in picker.question()
        duke, contessa = picker.cards.index(Character.DUKE), \
            picker.cards.index(Character.CONTESSA)
        click_card(app, picker, duke)
        assert picker.picked == [duke] and not picker.done.is_enabled
        assert "Chosen 1 of 2" in picker.line.text
        click_card(app, picker, contessa)
        assert picker.done.is_enabled and "Chosen 2 of 2" in picker.line.text
        click(app, picker.done.rect.center)
        assert Counter(kept(scene).cards) == Counter([Character.DUKE, Character.CONTESSA])
        assert scene.session.match.state.hands[0] in {  # type: ignore[attr-defined]
            (Character.DUKE, Character.CONTESSA), (Character.CONTESSA, Character.DUKE)}


def test_the_keep_button_waits_for_the_right_number_of_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = exchange_table(app)
        picker = picker_of(scene)
        turns = len(scene.session.match.turns)
        assert not picker.done.is_enabled  # none picked
        press(app, pygame.K_RETURN)
        assert len(scene.session.match.turns) == turns and scene.controller.toast is not None
        for index in (0, 1, 2):  # a third click lets go of the first
            click_card(app, picker, index)
        assert picker.picked == [1, 2] and picker.done.is_enabled
        click_card(app, picker, 2)  # a second click on a card puts it back
        assert picker.picked == [1] and not picker.done.is_enabled
        click(app, picker.done.rect.center)
        assert len(scene.session.match.turns) == turns


def test_the_exchange_by_number_keys_and_enter(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = exchange_table(app)
        picker = picker_of(scene)
        press(app, pygame.K_1)
        press(app, pygame.K_4)
        press(app, pygame.K_9)  # no ninth card: nothing happens
        assert picker.picked == [0, 3]
        press(app, pygame.K_RETURN)
        assert Counter(kept(scene).cards) == Counter([picker.cards[0], picker.cards[3]])


def test_after_a_missed_called_coup_the_cards_returned_are_clicked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = bluff_match("coup-inquisitor", ("captain contessa", "duke inquisitor"),
                        call_the_coup=True)
    state = bluff_state(match)
    while state.coins[0] < 7 or state.to_act != 0:  # incomes until Ada can call a Coup
        play(match, f"{state.to_act} income")
        state = bluff_state(match)
    play(match, "0 coup 1 assassin")  # Blaise holds no Assassin: he draws two, returns two
    seats = [Seat("Ada", "computer"), Seat("Blaise", "human")]
    with open_app(tmp_path, monkeypatch) as app:
        scene = TableScene(app, GameSession(match, seats, on_thinking_done=app.wake))
        app.replace(scene)
        run_until(app, lambda: isinstance(scene.buttons.decisions, CardPicker))
        picker = picker_of(scene)
        assert picker.cards == list(scene.controller.view().hand) and len(picker.cards) == 4
        assert "Return 2 of your 4 cards" in picker.question()
        assert picker.done.text == "Return these"
        inquisitor = picker.cards.index(Character.INQUISITOR)
        duke = picker.cards.index(Character.DUKE)
        click_card(app, picker, inquisitor)
        click_card(app, picker, duke)
        click(app, picker.done.rect.center)
        returned = next(turn.decision for turn in reversed(scene.session.match.turns)
                        if isinstance(turn.decision, ReturnCards))
        assert Counter(returned.cards) == Counter([Character.INQUISITOR, Character.DUKE])


def test_the_picker_replaces_the_buttons_of_every_arrangement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        exchange_table(app)
        shown = buttons(app)
        assert "Keep these" in shown
        assert not [words for words in shown if words.startswith("Keep ") and
                    words != "Keep these"]


def test_the_picker_shows_only_the_exchanging_players_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = drawn_face_up(monkeypatch)
    with open_app(tmp_path, monkeypatch) as app:
        scene = exchange_table(app, "hhh")  # pass and play: Ada holds the device
        hand = scene.controller.view().hand
        drawn = [character for each in seen.values() for character in each]
        assert scene.controller.viewer == 0 and set(drawn) <= set(hand)
        assert Character.CAPTAIN not in drawn, "Blaise's Captain stays face down"
        press(app, pygame.K_2)  # the picker drawn again: still only Ada's cards
        seen.clear()
        frames(app)
        assert seen and all(not Counter(each) - Counter(hand) for each in seen.values())


def panels(scene: TableScene, app: App) -> list[pygame.Rect]:
    """The panel on screen, and the tallest action bar (all eight actions offered)."""
    assert scene.buttons.decisions is not None and scene.buttons.decisions.panel is not None
    every = [TakeAction(0, action) for action in Action]
    widest = bluff_buttons(app.ui, scene.layout, every, scene.felt)
    assert widest.panel is not None
    rects = [scene.buttons.decisions.panel.rect.copy(), widest.panel.rect.copy()]
    widest.kill()
    return rects


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_panel_covers_no_plate(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int,
        size: tuple[int, int]) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = bluff_table(app, "h" + "c" * (players - 1), seed=1)
        run_until(app, lambda: scene.controller.human_to_act() is not None and
                  scene.buttons.decisions is not None and scene.buttons.decisions.showing)
        plates = [spot.plate for spot in hud.seat_spots(scene.layout, players,
                                                        scene.controller.seating.bottom)]
        assert len(plates) == players
        for panel in panels(scene, app):
            assert scene.layout.felt.contains(panel), (panel, scene.layout.felt)
            covered = [plate for plate in plates if panel.colliderect(plate)]
            assert not covered, f"{panel} covers {covered}"
        for index, plate in enumerate(plates):  # and no two plates overlap
            assert plate.collidelist(plates[index + 1:]) == -1
