"""The game for two in the window: chosen in New game and played to the end against the
computer with clicks and buttons; the Bastille exchange by picking cards (a forbidden one
refused with the rules' reason); pass-and-play keeping hands, set-aside cards and the
Bastille private; saves, Continue, hints and statistics."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest
from test_ui_pass_and_play import play_pass_and_play
from test_ui_scenes import choose_in_menu
from test_ui_table import face_up_cards
from ui_kit import (
    buttons,
    click,
    duel_table,
    frames,
    open_app,
    press,
    press_button,
    run_until,
)

from game.cards import Card, card
from game.engine.ruleset import Decision
from game.engine.saves import Seat
from game.games.coup_detat_duel.rules.charts import HandType
from game.games.coup_detat_duel.rules.decisions import ChooseHandType, KeepQuiet, SetAside
from game.games.coup_detat_duel.rules.state import Phase
from game.games.coup_detat_duel.table.controls import DuelWords
from game.games.coup_detat_duel.table.results import DuelGameOverScene, DuelHandResultScene
from game.rules.card_play import PlayCard
from game.services import stats
from game.services.session import GameSession
from game.system import paths
from game.ui.saved_games import resume_autosave
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.title import TitleScene
from game.ui.table.arrange import card_key
from game.ui.table.scene import TableScene

DUEL_TITLE = "Coup d'État for two"
QH = card("QH")


def card_point(scene: TableScene, wanted: Card) -> tuple[float, float]:
    """A point of the viewer's card that no later card covers (its left edge)."""
    for key, placement in scene.stage.placements(scene.controller.clock()):
        if key == card_key(wanted):
            rect = scene.felt.card_rect(placement)
            return rect.left + 8, rect.centery
    raise AssertionError(f"{wanted} is not on the table")


def act_through_the_window(app, scene: TableScene, pick=None) -> None:  # type: ignore[no-untyped-def]
    """The person's decision with the mouse: a button, or cards picked and confirmed, or a
    card clicked (and a suit for a led JOKER). `pick` chooses among the legal decisions."""
    legal = list(scene.session.match.legal())
    choice = pick(legal) if pick is not None else legal[0]
    if isinstance(choice, SetAside):
        for chosen in choice.cards:
            click(app, card_point(scene, chosen))
        assert scene.felt.marked == set(choice.cards)
        press_button(app, "Set aside and draw")
    elif isinstance(choice, PlayCard):
        click(app, card_point(scene, choice.card))
        if choice.suit is not None:
            press_button(app, DuelWords().label(choice))
    else:
        press_button(app, DuelWords().label(choice))


def play_in_the_window(app, scene: TableScene, limit: int = 30000) -> int:  # type: ignore[no-untyped-def]
    """Frames until the game is over, the person deciding through the window; the number
    of hand results seen."""
    results = 0
    for _ in range(limit):
        frames(app)
        top = app.scene
        if isinstance(top, DuelGameOverScene):
            return results
        if isinstance(top, DuelHandResultScene):
            results += 1
            press(app, pygame.K_RETURN)
        elif my_turn(scene):
            act_through_the_window(app, scene)
    pytest.fail("the game never ended")


def my_turn(scene: TableScene) -> bool:
    """The person's turn, shown: his buttons are up, or he plays a card."""
    if (scene.app.scene is not scene or scene.controller.human_to_act() is None or
        not scene.controller.caught_up):
        return False
    return scene.buttons.decisions is not None or all(
        isinstance(d, PlayCard) for d in scene.session.match.legal())


def test_new_game_offers_the_game_for_two_with_two_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(NewGameScene(app))
        frames(app)
        form = app.scene
        assert isinstance(form, NewGameScene) and len(form.name_entries) == 4
        choose_in_menu(app, form.game_menu, DUEL_TITLE)
        assert form.ruleset == "coup-detat-duel" and len(form.name_entries) == 2
        assert form.players_menu is None and "Short game: off" not in buttons(app)
        choose_in_menu(app, form.game_menu, "Coup d'État")
        assert len(form.name_entries) == 4 and "Short game: off" in buttons(app)


def test_a_new_player_plays_the_game_for_two_to_the_end_against_the_computer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        press_button(app, "New game")
        form = app.scene
        assert isinstance(form, NewGameScene)
        choose_in_menu(app, form.game_menu, DUEL_TITLE)
        press_button(app, "Start")
        scene = app.scene
        assert isinstance(scene, TableScene)
        assert (scene.controller.ruleset.id == "coup-detat-duel" and
                scene.controller.names == ["Alex", "Brigitte"])
        results = play_in_the_window(app, scene)
        state = scene.session.match.state
        assert sum(state.points) == len(state.results) >= 12
        assert results == len(state.results)
        assert state.winners and max(state.points) == state.points[state.winners[0]]
        record = stats.load().get("coup-detat-duel")
        assert record.played == 1 and record.won == int(0 in state.winners)


class Scripted:
    """A computer that names Marie when it can, keeps JOKER quiet, and otherwise plays
    the first legal decision."""

    def decide(self, view: object, legal: Sequence[Decision]) -> Decision:
        for decision in legal:
            if decision == ChooseHandType(decision.seat, HandType.MARIE) \
                    or isinstance(decision, KeepQuiet):
                return decision
        return legal[0]


def marie_exchange_with_the_queen(app) -> TableScene:  # type: ignore[no-untyped-def]
    """A table where Ada, holding Q♥, is to set aside cards in Marie."""
    for seed in range(40):
        seats = [Seat("Ada", "human"), Seat("Blaise", "computer")]
        session = GameSession.new("coup-detat-duel", {"players": 2}, seats, seed=seed,
                                  players={1: Scripted()}, on_thinking_done=app.wake)
        scene = TableScene(app, session, from_start=True)
        app.replace(scene)
        for _ in range(300):
            frames(app)
            view = scene.controller.view()
            if scene.controller.human_to_act() is None or not scene.controller.caught_up:
                continue
            if view.phase is Phase.EXCHANGE and scene.buttons.decisions is not None:
                if view.hand_type is HandType.MARIE and QH in view.hand:
                    return scene
                break
            if view.phase is Phase.EXCHANGE or not my_turn(scene):
                continue
            marie = ChooseHandType(0, HandType.MARIE)
            act_through_the_window(app, scene, lambda legal, marie=marie: marie
                                   if marie in legal else KeepQuiet(0))
        session.close()
    pytest.fail("no seed puts Q♥ in Ada's hand for a Marie exchange")


def test_a_forbidden_card_set_aside_is_refused_with_the_rules_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = marie_exchange_with_the_queen(app)
        match = scene.session.match
        turns = len(match.turns)
        click(app, card_point(scene, QH))
        assert scene.felt.marked == {QH}
        press_button(app, "Set aside and draw")
        assert len(match.turns) == turns, "nothing was set aside"
        assert scene.controller.toast is not None and "Queen of Hearts" in scene.controller.toast[0]
        assert "Set aside and draw" in buttons(app), "the exchange goes on"
        click(app, card_point(scene, QH))  # put it back
        other = next(c for c in scene.controller.view().hand if c != QH)
        click(app, card_point(scene, other))
        press_button(app, "Set aside and draw")
        assert len(match.turns) == turns + 1
        assert scene.controller.view().set_aside == (other,)
        frames(app, 3)
        assert other in face_up_cards(scene), "his own set-aside card is his to look at"


def test_put_them_all_back_clears_the_cards_picked(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = marie_exchange_with_the_queen(app)
        press_button(app, "Set aside and draw")
        assert (scene.controller.toast is not None and
                scene.controller.toast[0].startswith("Click 1 to"))
        click(app, card_point(scene, scene.controller.view().hand[0]))
        assert scene.felt.marked
        press_button(app, "Put them all back")
        assert not scene.felt.marked


def test_pass_and_play_keeps_hands_set_aside_cards_and_the_bastille_private(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = duel_table(app, "hh", seed=5)
        seen = play_pass_and_play(app, scene, 1500, monkeypatch)
        assert seen["human_decisions"] >= 20
        assert set(seen["passes"]) == {"Ada", "Blaise"}
        assert seen["table_drawn_under_pass"] == 0
        exchanges = [turn for turn in scene.session.match.turns
                     if isinstance(turn.decision, SetAside)]
        assert len(exchanges) >= 4, "both players set cards aside, more than once"


def test_a_player_sees_his_own_set_aside_cards_and_not_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = duel_table(app, "hh", seed=5)
        checked = 0
        for _ in range(3000):
            frames(app)
            top = app.scene
            if isinstance(top, PassDeviceScene):
                press_button(app, f"I am {top.name}: show my cards")
            elif top is not scene:
                press(app, pygame.K_RETURN)
            elif scene.controller.viewer is not None and scene.controller.caught_up:
                view = scene.controller.view()
                shown = face_up_cards(scene)
                assert set(view.set_aside) <= shown
                other = scene.session.match.state.hand.set_aside[1 - scene.controller.viewer]
                assert not set(other) & shown
                checked += bool(view.set_aside and other)
                scene.turns.decide(scene.session.match.legal()[0])
            if checked >= 5:
                return
        pytest.fail("never saw both players' set-aside cards at once")


def test_continue_carries_on_a_game_for_two(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        seats = [Seat("Ada", "human"), Seat("Blaise", "computer")]
        session = GameSession.new("coup-detat-duel", {"players": 2}, seats, seed=2,
                                  autosave_path=paths.autosave_path(), on_thinking_done=app.wake)
        scene = TableScene(app, session, from_start=True)
        app.replace(scene)
        for _ in range(200):
            frames(app)
            if scene.controller.human_to_act() is not None and scene.controller.caught_up:
                act_through_the_window(app, scene)
            if len(session.match.turns) >= 6:
                break
        session.close()
        events = list(session.match.events)
        app.replace(TitleScene(app))
        assert resume_autosave(app) is None
        table = app.scene
        assert isinstance(table, TableScene) and table.controller.ruleset.id == "coup-detat-duel"
        loaded = list(table.session.match.events)
        assert len(loaded) > 3 and loaded == events[:len(loaded)], "the game as autosaved"
        frames(app, 3)
        assert table.controller.view().seat == 0


def test_a_hint_in_the_game_for_two_names_the_hard_players_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the exchange, the cards it would set aside are picked for the person."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = duel_table(app, "hc", seed=3)
        for _ in range(1000):
            frames(app)
            if my_turn(scene):
                if scene.controller.view().phase is Phase.EXCHANGE:
                    break
                act_through_the_window(app, scene)
        press(app, pygame.K_h)
        run_until(app, lambda: scene.controller.toast is not None
                  and scene.controller.toast[0].startswith("Hint:"))
        assert "setting aside" in scene.controller.toast[0]
        picked = set(scene.felt.marked)
        assert picked and picked <= set(scene.controller.view().hand)
        press_button(app, "Set aside and draw")
        assert set(scene.controller.view().set_aside) == picked


def test_a_game_loaded_before_its_end_shows_game_over_once_after_its_last_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from game.engine import saves
    from game.ui.saved_games import resume

    session = GameSession.new("coup-detat-duel", {"players": 2},
                              [Seat("Ada", "human"), Seat("Blaise", "computer")], seed=4)
    match, choose = session.match, random.Random(4)
    while len(match.state.results) < 11:
        match.submit(choose.choice(match.legal()))
    with open_app(tmp_path, monkeypatch) as app:
        path = paths.saves_dir() / "late.json"
        saves.write(path, match, session.seats)
        session.close()
        app.replace(TitleScene(app))
        assert resume(app, path) is None
        scene = app.scene
        assert isinstance(scene, TableScene)
        play_in_the_window(app, scene)
        assert scene.controller.shown == scene.session.match.state, "the last beat was shown first"
        assert stats.load().get("coup-detat-duel").played == 1


def test_the_table_for_two_never_lays_face_up_a_card_its_viewer_may_not_know() -> None:
    """Random games, every position, each seat and a spectator: the other's hand and
    set-aside cards and the Bastille stay backs; one's own set-aside cards lie face up."""
    import random

    from test_ui_table import secret_from

    from game.engine.match import Match, seeded_chance
    from game.games import get_ruleset
    from game.games.coup_detat_duel.table.arrange import duel_targets
    from game.ui.table.layout import hand_for, table_layout

    duel = get_ruleset("coup-detat-duel")
    layout = table_layout((1280, 800), 2, hand_for("coup-detat-duel", 2))
    for seed in range(3):
        match = Match(duel, duel.parse_options({"players": 2}),
                      chance=seeded_chance(duel, seed))
        choose = random.Random(seed)
        while not match.pending.over:
            state = match.state
            for viewer in (0, 1, None):
                view = duel.view(state, viewer)
                targets = duel_targets(view, layout, viewer or 0)
                shown = {Card.parse(key[1]) for key, placement in targets.items()
                         if placement.face_up and key[0] == "card"}
                assert not shown & secret_from(state, viewer), (viewer, state.phase)
                assert set(view.set_aside) <= shown
            match.submit(choose.choice(match.legal()))


def test_a_marie_dealt_again_is_said_over_the_table(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from game.games.coup_detat_duel.rules import events as ev
    from game.services.table.telling import Beat

    with open_app(tmp_path, monkeypatch) as app:
        scene = duel_table(app, "hc", seed=3)
        frames(app, 3)
        scene._show(Beat(ev.QueenOfHeartsInBastille(), scene.controller.shown),
                    scene.controller.clock())
        assert scene.message() == ("The Queen of Hearts stayed in the Bastille: Marie is "
                                   "dealt again.")


def test_the_exchange_by_keyboard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Arrows move the cursor, Space picks the card under it, Enter sets aside the cards
    picked (a forbidden one refused with the reason)."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = marie_exchange_with_the_queen(app)
        while scene.felt.selected != QH:
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_SPACE)
        press(app, pygame.K_RETURN)
        assert scene.controller.toast is not None and "Queen of Hearts" in scene.controller.toast[0]
        press(app, pygame.K_SPACE)  # put it back
        press(app, pygame.K_RIGHT)
        chosen = scene.felt.selected
        assert chosen is not None and chosen != QH and not scene.felt.marked
        press(app, pygame.K_SPACE)
        press(app, pygame.K_RETURN)
        assert scene.controller.view().set_aside == (chosen,)


def test_the_exchange_starts_with_the_cursor_on_the_first_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No arrow needed: Space picks the first card of the hand, Enter sets it aside."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = marie_exchange_with_the_queen(app)
        first = scene.felt.in_hand()[0]
        assert scene.felt.selected == first
        if first == QH:  # never set aside in Marie: the next card instead
            press(app, pygame.K_RIGHT)
            first = scene.felt.selected
        press(app, pygame.K_SPACE)
        press(app, pygame.K_RETURN)
        assert scene.controller.view().set_aside == (first,)


def test_a_hand_result_tells_what_counts_in_that_hand() -> None:
    """Siege counts Spades, Waterloo Jacks, Marie the Q♥, Touché the first and last trick."""
    import random

    from game.engine.match import Match, seeded_chance
    from game.games import get_ruleset
    from game.games.coup_detat_duel.table.results import takings

    duel = get_ruleset("coup-detat-duel")
    match = Match(duel, duel.parse_options({"players": 2}), chance=seeded_chance(duel, 6))
    choose = random.Random(6)
    seen: dict[HandType, list[str]] = {}
    while not match.pending.over:
        view = duel.view(match.state, None)
        if view.hand_type is not None and view.tricks_done:
            seen[view.hand_type] = takings(view, ["Ada", "Blaise"])
        match.submit(choose.choice(match.legal()))
    words = {HandType.SIEGE: "Spade", HandType.WATERLOO: "Jack", HandType.TOUCHE: "first trick"}
    for hand_type, word in words.items():
        lines = seen[hand_type]
        assert lines[0].startswith("Ada: ") and lines[1].startswith("Blaise: ")
        assert any(word in line for line in lines), (hand_type, lines)
    assert sum("Q♥" in line for line in seen[HandType.MARIE]) <= 1
