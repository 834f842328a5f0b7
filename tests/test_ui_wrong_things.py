"""What a newcomer tripped over that was plainly wrong (issue 14): the worth chart that
forgot the Treasury, Load that took Continue's game away, Undo's button that disagreed
with Ctrl+Z, save names that came back changed, full screen that came back at the wrong
size, and Enter that did nothing until an arrow was pressed."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from pygame_gui.elements import UISelectionList
from test_table_every_moment import SteppedClock
from ui_kit import (
    bluff_table,
    click,
    duel_table,
    frames,
    open_app,
    press,
    press_button,
    run_until,
    table,
    type_over,
)

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat.table.results import GameOverScene, worth_by_hand
from game.rules.card_play import PlayCard
from game.services import save_index
from game.services.catalogue import CATALOGUE
from game.services.table import seating
from game.system import paths
from game.system.files import write_atomically
from game.ui.scenes.files import LoadScene, SaveDialog
from game.ui.scenes.leave_game import LeaveGameDialog
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.save_list import describe
from game.ui.scenes.title import TitleScene
from game.ui.table.arrange import card_key
from game.ui.table.scene import TableScene

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
COMPLETE = SAMPLES / "complete-game-4-players.json"
IN_PROGRESS = SAMPLES / "coup-in-progress-4-players.json"
SHORT = SAMPLES / "short-game-3-players.json"  # three persons, unfinished


# 1. The worth chart ends where the game ends. -------------------------------------------------

def simulated_game(seed: int) -> Match:
    """A complete game of random legal decisions: 3 or 4 players, full or short."""
    ruleset = get_ruleset("coup-detat")
    options = ruleset.parse_options({"players": 3 + seed % 2, "short_game": seed % 3 == 0})
    match = Match(ruleset, options, chance=seeded_chance(ruleset, seed))
    choose = random.Random(seed)
    while not match.pending.over:
        match.submit(choose.choice(match.legal()))
    return match


@pytest.mark.parametrize("game", ["sample", *range(8)])
def test_the_worth_charts_last_point_is_each_players_final_worth(game: object) -> None:
    match = (saves.read(COMPLETE, catalogue=CATALOGUE).match if game == "sample"
             else simulated_game(game))  # type: ignore[arg-type]
    history = worth_by_hand(match)
    ruleset = match.ruleset
    hands = sum(type(event).__name__ == "HandEnded" for event in match.events)
    assert len(history) == hands + 1, "a point at the start, and one after each hand"
    assert history[0] == ruleset.new_game(match.options).all_worth()
    assert history[-1] == match.state.all_worth()


def _worth_replaying_every_event(match: Match) -> list[tuple[int, ...]]:
    """The chart's definition, event by event: a point before each deal after a hand's
    end, and the final worth."""
    state = match.ruleset.new_game(match.options)
    history, hand_over = [state.all_worth()], False
    for event in match.events:
        if hand_over and type(event).__name__ == "Dealt":
            history.append(state.all_worth())
            hand_over = False
        state = match.ruleset.apply(state, event)
        hand_over = hand_over or type(event).__name__ == "HandEnded"
    return [*history, state.all_worth()] if hand_over else history


@pytest.mark.parametrize("game", ["sample", 0, 3, 5])
def test_the_worth_chart_replays_only_the_hands_ends_and_deals_to_the_same_points(
        game: object) -> None:
    match = (saves.read(COMPLETE, catalogue=CATALOGUE).match if game == "sample"
             else simulated_game(game))  # type: ignore[arg-type]
    assert worth_by_hand(match) == _worth_replaying_every_event(match)


def test_the_game_over_chart_shows_camilles_treasury(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Camille finished second with 11,700 F, the last round's Treasury included."""
    from game.ui.saved_games import resume

    with open_app(tmp_path, monkeypatch) as app:
        assert resume(app, COMPLETE) is None
        frames(app, 2)
        over = app.scene
        assert isinstance(over, GameOverScene)
        camille = over.table.names.index("Camille")
        assert over.history[-1] == over.worth and over.worth[camille] == 11_700
        assert over.history[-1][camille] > over.history[-1][over.table.names.index("Brigitte")]


# 2. Load never takes the game in progress away. ------------------------------------------------

def autosave(source: Path) -> None:
    """The sample as the game in progress, autosaved as the game does."""
    write_atomically(paths.autosave_path(), source.read_text(), keep=paths.PREVIOUS_AUTOSAVES)


def choose_in_load_list(app, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Open Load (from the title or the table's menu) and click the save at `path`."""
    scene = app.scene
    assert isinstance(scene, LoadScene), type(scene).__name__
    entry = next(entry for entry in scene.entries if entry.path == path)
    listing = scene.list
    assert isinstance(listing, UISelectionList)
    item = next(item for item in listing.item_list if item["text"] == describe(entry))
    if not item["selected"]:  # (a click on the save chosen would put it down)
        click(app, item["button_element"].rect.center)


def continue_from_the_title(app) -> TableScene:  # type: ignore[no-untyped-def]
    app.replace(TitleScene(app))
    frames(app, 2)
    press_button(app, "Continue")
    assert isinstance(app.scene, TableScene)
    return app.scene


def test_loading_a_finished_game_leaves_the_game_in_progress_under_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        autosave(IN_PROGRESS)
        playing = continue_from_the_title(app)
        in_progress = playing.session.match.state
        press(app, pygame.K_ESCAPE)
        press_button(app, "Load")
        choose_in_load_list(app, paths.sample_saves_dir() / COMPLETE.name)
        press_button(app, "Load")
        frames(app, 2)
        assert isinstance(app.scene, GameOverScene), "the finished game, with no question"
        press_button(app, "Title screen")
        assert continue_from_the_title(app).session.match.state == in_progress


def test_loading_another_game_in_progress_asks_and_keeps_the_one_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        autosave(IN_PROGRESS)
        in_progress = saves.read(IN_PROGRESS, catalogue=CATALOGUE).match.state
        app.replace(TitleScene(app))
        press_button(app, "Load")
        short = paths.sample_saves_dir() / SHORT.name
        choose_in_load_list(app, short)
        press_button(app, "Load")
        asked = app.scene
        assert isinstance(asked, LeaveGameDialog)
        assert asked.title == "Leave the game in progress?"
        press_button(app, "Cancel")
        assert isinstance(app.scene, LoadScene)
        assert saves.read(paths.autosave_path(), catalogue=CATALOGUE).match.state == in_progress
        assert not list(paths.saves_dir().glob("*.json")), "nothing kept: nothing left"
        choose_in_load_list(app, short)
        press_button(app, "Load")
        assert isinstance(app.scene, LeaveGameDialog)
        kept_as = app.scene.kept_as
        press_button(app, "Load")
        run_until(app, lambda: isinstance(app.scene, TableScene | PassDeviceScene))
        [kept] = save_index.list_saves([(paths.saves_dir(), False)])
        assert kept.title == kept_as and kept.title.startswith("Game left on ")
        assert saves.read(kept.path, catalogue=CATALOGUE).match.state == in_progress


def test_loading_the_game_in_progress_itself_asks_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        autosave(IN_PROGRESS)
        shutil.copy(IN_PROGRESS, paths.saves_dir() / "mine.json")
        app.replace(TitleScene(app))
        press_button(app, "Load")
        choose_in_load_list(app, paths.saves_dir() / "mine.json")
        press_button(app, "Load")
        assert isinstance(app.scene, TableScene)


# 3. The Undo button asks what Ctrl+Z asks. --------------------------------------------------------

REASONS = {seating.GAME_OVER, seating.NOTHING_YET, seating.DEALT_SINCE, seating.REVEALED_SINCE,
           seating.ANOTHER_PERSON, seating.NOBODY_HOLDS}


def ctrl_z_undoes(app, scene: TableScene) -> bool:  # type: ignore[no-untyped-def]
    """Press Ctrl+Z: did it take anything back? (Ctrl+Y puts it back.)"""
    match = scene.session.match
    rewinds, refusal = match.rewinds, scene.controller.undo_refusal()
    said: list[str] = []
    say = scene.controller.say
    scene.controller.say = lambda words, seconds=3.0: (said.append(words), say(words, seconds))  # type: ignore[method-assign, assignment, func-returns-value]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                         mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    frames(app)  # the key is handled before anything moves
    del scene.controller.say
    undone = match.rewinds != rewinds
    if undone:
        press(app, pygame.K_y, pygame.KMOD_CTRL)
    else:
        assert said[:1] == [f"{refusal}."], "Ctrl+Z says why, in the button's words"
    return undone


@pytest.mark.parametrize(("game", "kinds", "seed"), [
    ("coup-detat", "hccc", 11), ("coup-detat", "hhcc", 5), ("coup-detat-duel", "hc", 3),
    ("coup", "hccc", 2)])
def test_the_undo_button_is_enabled_exactly_when_ctrl_z_undoes(
        game: str, kinds: str, seed: int, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At moments of a game (before, right after and long after the person's decisions,
    while the computers play on), Undo is greyed, its tooltip saying why, exactly when
    Ctrl+Z takes nothing back."""
    choose = random.Random(seed)
    with open_app(tmp_path, monkeypatch) as app:
        scene = (table(app, kinds, seed=seed) if game == "coup-detat"
                 else duel_table(app, kinds, seed=seed) if game == "coup-detat-duel"
                 else bluff_table(app, kinds, seed=seed))
        seen = {True: 0, False: 0}
        for _ in range(3000):
            if seen[True] >= 12 and seen[False] >= 12:
                break
            top = app.scene
            if isinstance(top, PassDeviceScene):
                press_button(app, f"I am {top.name}: show my cards")
                continue
            if top is not scene:
                press(app, pygame.K_RETURN)
                continue
            if scene.session.over:
                break
            undo = scene.buttons.side.undo  # type: ignore[union-attr]
            enabled, tip = undo.is_enabled, undo.tool_tip_text
            if not enabled:
                assert tip == scene.controller.undo_refusal() and tip in REASONS
            assert ctrl_z_undoes(app, scene) == enabled
            seen[enabled] += 1
            if scene.controller.human_to_act() is not None and scene.controller.caught_up:
                scene.turns.decide(choose.choice(scene.session.match.legal()))  # as a click does:
            frames(app)  # the frame that handles it draws what follows
        assert seen[True] >= 5 and seen[False] >= 5, seen


def test_a_greyed_undo_says_why_when_hovered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=11)
        run_until(app, lambda: scene.controller.human_to_act() == 0 and scene.controller.caught_up)
        undo = scene.buttons.side.undo  # type: ignore[union-attr]
        assert not undo.is_enabled
        pygame.mouse.set_pos(undo.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        frames(app)
        for _ in range(3):
            app.ui.update(0.6)
        assert undo.tool_tip is not None, "the tooltip comes up over a greyed button"
        assert scene.controller.undo_refusal() in (seating.NOTHING_YET, seating.DEALT_SINCE,
                                        seating.REVEALED_SINCE)
        assert undo.tool_tip_text == scene.controller.undo_refusal()


# 4. The name typed is the name listed. ------------------------------------------------------------

@pytest.mark.parametrize("names", [
    ["Game 24 Nov 13-59", "Partie de Zoé – à deux", "Ève & Noël - 2ᵉ soir"],
    ["Sunday", "sunday", "Sunday!"],
])
def test_the_name_typed_in_the_save_dialog_is_the_name_the_load_list_shows(
        names: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=5)
        run_until(app, lambda: scene.controller.human_to_act() == 0 and scene.controller.caught_up)
        for name in names:
            press(app, pygame.K_s, pygame.KMOD_CTRL)
            dialog = app.scene
            assert isinstance(dialog, SaveDialog)
            type_over(app, dialog.name, name)
            press(app, pygame.K_RETURN)
            assert app.scene is scene
            assert (scene.controller.toast is not None and
                    scene.controller.toast[0] == f"Saved as “{name}”.")
        app.push(LoadScene(app))
        frames(app)
        listed = [entry for entry in app.scene.entries if not entry.sample]  # type: ignore[attr-defined]
        assert sorted(entry.title for entry in listed) == sorted(names)
        assert all(describe(entry).startswith(f"{entry.title} · ") for entry in listed)
        assert all(saves.read(entry.path, catalogue=CATALOGUE).match.state
                   == scene.session.match.state for entry in listed)


def test_a_save_picked_in_the_save_dialog_is_replaced_under_its_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=5)
        run_until(app, lambda: scene.controller.human_to_act() == 0 and scene.controller.caught_up)
        press(app, pygame.K_s, pygame.KMOD_CTRL)
        dialog = app.scene
        assert isinstance(dialog, SaveDialog)
        type_over(app, dialog.name, "Soirée d'été")
        press(app, pygame.K_RETURN)
        scene.turns.decide(scene.session.match.legal()[0])
        run_until(app, lambda: scene.controller.human_to_act() == 0 and scene.controller.caught_up)
        press(app, pygame.K_s, pygame.KMOD_CTRL)
        dialog = app.scene
        assert isinstance(dialog, SaveDialog) and dialog.listing is not None
        click(app, dialog.listing.item_list[0]["button_element"].rect.center)
        frames(app, 2)  # the list's news reaches the dialog
        assert dialog.name is not None and dialog.name.get_text() == "Soirée d'été"
        press_button(app, "Save")
        [entry] = save_index.list_saves([(paths.saves_dir(), False)])
        assert entry.title == "Soirée d'été"
        assert saves.read(entry.path, catalogue=CATALOGUE).match.state == scene.session.match.state


def test_a_save_without_a_name_is_listed_by_its_file_name(tmp_path: Path) -> None:
    game = saves.read(IN_PROGRESS, catalogue=CATALOGUE)
    for raw in (None, "", "   ", 42, ["a"], "\x00\x07"):
        data = saves.to_json(game.match, game.seats)
        if raw is not None:
            data["name"] = raw
        path = tmp_path / "my_old--save.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        entry = save_index.read_entry(path)
        assert entry.problem is None and entry.title == "My old save"


# 5. Leaving full screen returns to the window before it. ------------------------------------------

@pytest.mark.parametrize("size", [(960, 600), (1100, 700)])
def test_leaving_full_screen_returns_to_the_window_size_before_it(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        scene = table(app, "hccc", seed=5)
        frames(app, 2)
        assert app.size == size
        press(app, pygame.K_F11)
        assert app.settings.fullscreen
        press(app, pygame.K_F11)
        assert not app.settings.fullscreen
        assert app.size == size and scene.layout.size == size
        screen = pygame.Rect((0, 0), size)
        hand = scene.felt.in_hand()
        placed = dict(scene.stage.placements(scene.controller.clock()))
        assert hand and all(screen.collidepoint(placed[card_key(card)].x,
                                                placed[card_key(card)].y) for card in hand)


def test_leaving_full_screen_returns_to_the_size_the_window_was_given(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640,
                                             size=(1000, 640)))
        frames(app)
        assert app.size == (1000, 640)
        press(app, pygame.K_F11)
        press(app, pygame.K_F11)
        assert app.size == (1000, 640)


# 6. The keyboard starts where Enter plays. --------------------------------------------------------

def test_enter_alone_plays_the_persons_game(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision of the person by Enter alone: a legal card (the first that may be
    played), or the panel's first button (the coup, the hand to play)."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=11)
        match = scene.session.match
        cards = buttons = 0
        while cards < 25:
            run_until(app, lambda: app.scene is not scene
                      or (scene.controller.human_to_act() == 0 and scene.controller.caught_up))
            if app.scene is not scene:
                press(app, pygame.K_RETURN)  # a hand's result
                continue
            playable = scene.felt.playable_in_hand()
            turns = len(match.turns)
            press(app, pygame.K_RETURN)
            assert len(match.turns) > turns and match.turns[turns].seat == 0, \
                "Enter alone made the person's decision"
            decision = match.turns[turns].decision
            if playable:
                assert isinstance(decision, PlayCard) and decision.card is playable[0]
                cards += 1
            else:
                buttons += 1
        assert buttons >= 1


def test_right_from_no_selection_goes_to_the_first_playable_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=3)

        def leftmost_refused() -> bool:
            if not (scene.controller.human_to_act() == 0 and scene.controller.caught_up):
                return False
            playable, hand = scene.felt.playable_in_hand(), scene.felt.in_hand()
            return bool(playable) and hand[0] not in playable and hand[-1] not in playable

        while not leftmost_refused():
            if app.scene is not scene:
                press(app, pygame.K_RETURN)
            elif scene.controller.human_to_act() == 0 and scene.controller.caught_up:
                scene.turns.decide(scene.session.match.legal()[-1])
            else:
                frames(app)
        playable = scene.felt.playable_in_hand()
        assert scene.felt.selected is playable[0], "the cursor starts on the first playable card"
        scene.felt.selected = None
        press(app, pygame.K_RIGHT)
        assert scene.felt.selected is playable[0]
        scene.felt.selected = None
        press(app, pygame.K_LEFT)
        assert scene.felt.selected is playable[-1]
        turns = len(scene.session.match.turns)
        press(app, pygame.K_RETURN)
        assert scene.session.match.turns[turns].decision.card is playable[-1]


def test_enter_plays_from_the_first_frame_the_turn_is_shown_at_the_shipped_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With animations on, the person's turn shows (the prompt, the playable cards) while
    the last beat still holds the table: the cursor is on a card from that frame, so
    Enter pressed as soon as the turn shows makes his decision."""
    clock = SteppedClock()
    with shipped_app(tmp_path, monkeypatch, speed=1.0) as app:
        app.clock = clock
        scene = table(app, "hccc", seed=11)
        match = scene.session.match
        decided = 0
        for _ in range(40000):
            if decided == 12:
                break
            clock.time += 0.02
            frames(app)
            if app.scene is not scene:
                press(app, pygame.K_RETURN)  # a hand's result
            elif scene.controller.human_to_act() == 0 and scene.controller.caught_up:
                assert scene.message() is not None or scene.buttons.decisions is not None
                turns = len(match.turns)
                press(app, pygame.K_RETURN)
                assert len(match.turns) > turns and match.turns[turns].seat == 0, \
                    "Enter pressed when the turn showed did nothing"
                decided += 1
        assert decided == 12
