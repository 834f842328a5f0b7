"""The table, driven like a player drives it: clicks, keys, undo, save; and what it shows."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_kit import click, frames, open_app, press, press_button, run_until, table

from game.cards import Card
from game.engine import saves
from game.engine.errors import IllegalMove
from game.games.coup_detat.rules.decisions import PlayCard
from game.services import save_index
from game.services.catalogue import CATALOGUE
from game.ui.scenes.files import SaveDialog
from game.ui.scenes.menu import PauseMenu
from game.ui.table.arrange import card_key
from game.ui.table.input import NO_CARD_NOW
from game.ui.table.scene import TableScene


def human_plays_a_card(scene) -> bool:  # type: ignore[no-untyped-def]
    legal = scene.session.match.legal()
    return (scene.controller.human_to_act() == 0 and scene.controller.caught_up
            and any(isinstance(decision, PlayCard) for decision in legal))


def run_to_card_play(app, scene, accept=lambda scene: True) -> None:  # type: ignore[no-untyped-def]
    """Frames until seat 0 must play a card (and `accept` agrees); other decisions of
    seat 0 are answered with its last legal one, and hand results are dismissed."""
    for _ in range(20000):
        if app.scene is not scene:
            press(app, pygame.K_RETURN)
            continue
        if scene.controller.human_to_act() == 0 and scene.controller.caught_up:
            if human_plays_a_card(scene):
                if accept(scene):
                    return
                scene.turns.decide(next(d for d in scene.session.match.legal()
                              if isinstance(d, PlayCard)))
            else:
                scene.turns.decide(scene.session.match.legal()[-1])
        frames(app)
    pytest.fail("seat 0 never had a card to play")


def card_centre(scene, card: Card) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    placement = scene.stage.sprites[card_key(card)].end
    return placement.x, placement.y


def test_clicking_a_legal_card_plays_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc")
        run_to_card_play(app, scene)
        legal = [d for d in scene.session.match.legal() if isinstance(d, PlayCard)]
        card = legal[0].card
        turns = len(scene.session.match.turns)
        click(app, card_centre(scene, card))
        decision = scene.session.match.turns[turns].decision
        assert decision.seat == 0 and decision.card is card


def test_a_card_that_may_not_be_played_is_refused_with_the_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=3)

        def can_refuse() -> bool:
            legal = {d.card for d in scene.session.match.legal() if isinstance(d, PlayCard)}
            return any(card not in legal for card in scene.controller.view().hand)

        run_to_card_play(app, scene, lambda scene: can_refuse())
        legal = {d.card for d in scene.session.match.legal() if isinstance(d, PlayCard)}
        refused = next(card for card in scene.controller.view().hand if card not in legal)
        with pytest.raises(IllegalMove) as reason:
            scene.controller.ruleset.decide(scene.session.match.state, PlayCard(0, refused))
        turns = len(scene.session.match.turns)
        click(app, card_centre(scene, refused))
        assert len(scene.session.match.turns) == turns
        assert (scene.controller.toast is not None and
                scene.controller.toast[0] == reason.value.message)


def test_a_card_played_when_no_card_may_be_played_is_refused_in_the_tables_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Right then Enter while the person decides on a coup (or names the hand) played the
    card under the cursor, and the rules' refusal named him "seat 0". (In a hand, a card
    refused keeps the rules' reason: "K♠ cannot be laid: ...".)"""
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=3)
        for _ in range(20000):
            if app.scene is not scene:
                press(app, pygame.K_RETURN)  # a hand's result
            elif scene.controller.human_to_act() == 0 and scene.controller.caught_up:
                cards = scene.kit.cards
                if cards is not None and not cards.in_play(scene.controller.view()):
                    break  # a coup to decide, or the hand to name
                scene.turns.decide(scene.session.match.legal()[-1])
            frames(app)
        else:
            pytest.fail("the person never decided with buttons")
        turns = len(scene.session.match.turns)
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN)
        assert len(scene.session.match.turns) == turns
        assert scene.controller.toast is not None
        assert scene.controller.toast[0] == NO_CARD_NOW and "seat" not in NO_CARD_NOW


def test_arrows_and_enter_play_a_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=11)
        run_to_card_play(app, scene)
        press(app, pygame.K_RIGHT)
        assert scene.felt.selected is not None
        legal = {d.card for d in scene.session.match.legal() if isinstance(d, PlayCard)}
        for _ in range(10):
            if scene.felt.selected in legal:
                break
            press(app, pygame.K_RIGHT)
        chosen = scene.felt.selected
        turns = len(scene.session.match.turns)
        press(app, pygame.K_RETURN)
        assert scene.session.match.turns[turns].decision.card is chosen


def test_ctrl_z_takes_back_and_ctrl_y_redoes(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=11)
        run_to_card_play(app, scene)
        mine = next(d for d in scene.session.match.legal() if isinstance(d, PlayCard))
        scene.turns.decide(mine)
        frames(app, 5)
        match = scene.session.match
        log = list(match.turns)
        press(app, pygame.K_z, pygame.KMOD_CTRL)
        assert len(match.turns) < len(log)
        assert scene.session.to_act == 0 and mine in match.legal()
        press(app, pygame.K_y, pygame.KMOD_CTRL)
        assert match.turns[: len(log)] == log, "redo restores every decision taken back"


def to_the_hand_type_choice(app) -> TableScene:  # type: ignore[no-untyped-def]
    """A table where every decision is a person's, played to the choice of the hand type
    (the coup declined on the way)."""
    scene = table(app, "hhhh", seed=2)

    def asked(word: str) -> bool:
        if scene.app.scene is not scene:
            press_button(app, next(b for b in _labels(app) if b.startswith("I am")))
        return scene.session.match.pending.word == word and scene.buttons.decisions is not None

    run_until(app, lambda: asked("coup"))
    press_button(app, "Decline: discard COUP, take the centre card")
    run_until(app, lambda: asked("choose"))
    return scene


def test_the_coup_decision_and_the_hand_type_are_buttons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = to_the_hand_type_choice(app)
        press_button(app, "Waterloo: Don't take any Queen")
        assert scene.session.match.state.hand.hand_type.value == "waterloo"


def test_the_keyboard_reaches_the_decision_buttons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The keyboard starts on the first button; Tab (or the arrows) walks along them,
    shown selected; Enter presses one."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = to_the_hand_type_choice(app)
        decisions = scene.buttons.decisions
        assert decisions is not None
        buttons = list(decisions.buttons)
        assert decisions.focus == 0 and buttons[0].is_selected
        press(app, pygame.K_TAB)
        press(app, pygame.K_DOWN)
        press(app, pygame.K_TAB)
        press(app, pygame.K_UP)
        assert decisions.focus == 2
        assert buttons[2].is_selected and not buttons[0].is_selected
        chosen = decisions.buttons[buttons[2]]
        press(app, pygame.K_RETURN)
        assert scene.session.match.turns[-1].decision == chosen


def _labels(app) -> list[str]:  # type: ignore[no-untyped-def]
    from ui_kit import buttons

    return buttons(app)


def test_ctrl_s_saves_a_game_that_loads_again(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=5)
        run_to_card_play(app, scene)
        press(app, pygame.K_s, pygame.KMOD_CTRL)
        assert isinstance(app.scene, SaveDialog)
        press_button(app, "Save")
        assert app.scene is scene
        saved = list((tmp_path / "saves").glob("*.json"))
        assert len(saved) == 1
        assert saves.read(saved[0], catalogue=CATALOGUE).match.state == scene.session.match.state


def test_clicking_a_save_in_the_save_dialog_replaces_that_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=5)
        run_to_card_play(app, scene)
        press(app, pygame.K_s, pygame.KMOD_CTRL)
        press_button(app, "Save")
        [first] = list((tmp_path / "saves").glob("*.json"))
        before = len(saves.read(first, catalogue=CATALOGUE).match.events)
        scene.turns.decide(scene.session.match.legal()[0])
        frames(app, 3)
        press(app, pygame.K_s, pygame.KMOD_CTRL)
        dialog = app.scene
        assert isinstance(dialog, SaveDialog) and dialog.listing is not None
        assert dialog.name is not None and dialog.name.get_text() != first.stem
        click(app, dialog.listing.item_list[0]["button_element"].rect.center)
        frames(app, 2)
        assert dialog.name.get_text() == save_index.read_entry(first).title  # its name
        assert dialog.message is not None and "replace" in dialog.message.text
        press_button(app, "Save")
        assert list((tmp_path / "saves").glob("*.json")) == [first], "replaced, not added"
        after = len(saves.read(first, catalogue=CATALOGUE).match.events)
        assert after > before, "with the game as it is now"


def test_a_damaged_save_clicked_in_the_save_dialog_is_never_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=5)
        run_to_card_play(app, scene)
        damaged = tmp_path / "saves" / "broken.json"
        damaged.parent.mkdir(parents=True, exist_ok=True)
        damaged.write_text('{"format": "coup-detat-save", "version": 2, "truncat')
        press(app, pygame.K_s, pygame.KMOD_CTRL)
        dialog = app.scene
        assert isinstance(dialog, SaveDialog) and dialog.listing is not None
        click(app, dialog.listing.item_list[0]["button_element"].rect.center)
        frames(app, 2)
        assert dialog.message is not None and "kept" in dialog.message.text
        press_button(app, "Save")
        assert damaged.read_text().endswith("truncat"), "untouched"
        assert len(list((tmp_path / "saves").glob("*.json"))) == 2


def test_escape_opens_the_menu_and_resume_closes_it(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc")
        frames(app, 3)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, PauseMenu)
        press_button(app, "Resume")
        assert app.scene is scene


def test_a_single_persons_table_shows_only_what_he_may_see(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=4)
        for _ in range(1500):
            frames(app)
            if app.scene is not scene:
                press(app, pygame.K_RETURN)  # a hand result: carry on
                continue
            if scene.controller.human_to_act() == 0 and scene.controller.caught_up:
                scene.turns.decide(scene.session.match.legal()[-1])
            check_face_up_cards_are_known(scene)


def secret_from(state, viewer: int | None) -> set[Card]:  # type: ignore[no-untyped-def]
    """Cards `viewer` may not see: others' hands, and the centre card while it is hidden;
    in the game for two, the other's set-aside cards and the Bastille too. The bluffing
    games lay no playing card on the table (test_coup_table checks the influences they
    draw)."""
    hand = getattr(state, "hand", None)
    if hand is None:
        return set()
    secret = {card for seat, cards in enumerate(hand.hands) if seat != viewer
              for card in cards}
    if hasattr(hand, "bastille"):  # the game for two
        return secret | set(hand.bastille) | {
            card for seat, cards in enumerate(hand.set_aside) if seat != viewer
            for card in cards}
    turned_up = hand.tricks is not None and hand.tricks.center_won_by is not None
    if hand.center_holder is None and not turned_up:  # still face down in the middle
        secret.add(hand.center)
    return secret


def face_up_cards(scene) -> set[Card]:  # type: ignore[no-untyped-def]
    placements = scene.stage.placements(scene.controller.clock())
    return {Card.parse(key[1]) for key, placement in placements
            if placement.face_up and key[0] == "card"}


def check_face_up_cards_are_known(scene) -> None:  # type: ignore[no-untyped-def]
    """No card drawn face up is one the viewer may not know."""
    leaked = face_up_cards(scene) & secret_from(scene.controller.shown, scene.controller.viewer)
    assert not leaked, f"{leaked} shown to seat {scene.controller.viewer}"


def test_a_decision_panel_is_as_wide_as_its_question(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """At the smallest window a long question (long names, a long character) is shown
    whole: the panel widens to it, within the felt."""
    from game.ui.table.controls import DecisionButtons, Words

    question = "Bartholomew blocks with Ambassador: challenge?"

    class NarrowWords(Words):
        width = 360  # as narrow as the bluffing games' prompts

        def title(self, choices: object) -> str:
            return "Challenge?"

        def label(self, decision: object) -> str:
            return str(decision)

    class LongWords(NarrowWords):
        def title(self, choices: object) -> str:
            return question

    with open_app(tmp_path, monkeypatch, size=(960, 600)) as app:
        scene = table(app, "hccc")
        frames(app, 2)
        panel = DecisionButtons(app.ui, scene.layout, ["Challenge", "Allow"], scene.felt,
                                LongWords())
        font = app.ui.get_theme().get_font(["#decision_title"])
        plain = DecisionButtons(app.ui, scene.layout, ["Challenge", "Allow"], scene.felt,
                                NarrowWords())
        assert plain.panel is not None and plain.panel.rect.width < font.size(question)[0]
        plain.kill()
        assert panel.panel is not None
        assert panel.panel.rect.width >= font.size(question)[0]
        assert scene.layout.felt.contains(panel.panel.rect)
        panel.kill()
